"""Claim windows (rules §13) answered by the bots and by a human at ``romme play``, and the views they answer from.

GreedyBot's heuristic (docs: `romme.GreedyBot`): it claims the top discard
when the card raises the value of its best melds by at least
`GreedyBot.CLAIM_GAIN` points, passes otherwise, and consents to a purchase
unless the card would be worth that much to itself.
"""

from __future__ import annotations

import io
import random
import re

import attrs

from romme import (
    Buy,
    Consent,
    Draw,
    GameState,
    GreedyBot,
    Knock,
    Pass,
    Phase,
    RandomBot,
    Refuse,
    Rules,
    SearchBot,
    apply,
    determinize,
    legal_actions,
    view,
)
from romme.cli import main
from tests.rules.test_s13_claims import start
from tests.scenarios._helpers import ASS, position

ASS_KLOPFEN = attrs.evolve(ASS, knocking=True)
ASS_KAUFEN = attrs.evolve(ASS, buying=True)


def window(rules: Rules, seat2: str) -> GameState:
    """Seat 0 discarded the K♥ and seat 1 drew: seat 2, holding `seat2`, is asked."""
    return apply(start(rules, hands=("2♣ 3♦ 4♥", "7♠ 8♠ 5♦", seat2, "J♦ Q♦ 6♣")), Draw())


def test_greedy_knocks_for_a_card_that_completes_a_set_worth_30_ASS_S_1() -> None:
    """ASS S. 1 ("Wer eine abgeworfene Karte brauchen kann, klopft"): K♠ K♦ + K♥ is a set worth 30 ≥ 10: knock."""
    state = window(ASS_KLOPFEN, "K♠ K♦ 4♣")
    assert (Knock(), Pass()) == legal_actions(state)
    assert Knock() == GreedyBot().choose(view(state, 2))


def test_greedy_passes_on_a_card_it_cannot_use_ASS_S_1() -> None:
    """ASS S. 1: the K♥ makes no meld with 9♥ 9♣ 4♦: pass."""
    state = window(ASS_KLOPFEN, "9♥ 9♣ 4♦")
    assert Pass() == GreedyBot().choose(view(state, 2))


def test_greedy_buys_what_it_wants_and_refuses_to_let_it_go_ASS_S_3() -> None:
    """ASS S. 3: seat 2 wants the K♥ (K♠ K♦) and buys it; seat 1, holding J♥ Q♥, refuses, and without them consents."""
    state = window(ASS_KAUFEN, "K♠ K♦ 4♣")
    assert Buy() == GreedyBot().choose(view(state, 2))
    wanting = start(ASS_KAUFEN, hands=("2♣ 3♦ 4♥", "Q♥ J♥ 5♦", "K♠ K♦ 4♣", "J♦ Q♦ 6♣"))
    after_buy = apply(apply(wanting, Draw()), Buy())
    assert 1 == after_buy.current_player
    assert Refuse() == GreedyBot().choose(view(after_buy, 1))
    indifferent = apply(window(ASS_KAUFEN, "K♠ K♦ 4♣"), Buy())
    assert Consent() == GreedyBot().choose(view(indifferent, 1))


def test_random_bot_answers_every_claim_decision_rules_13() -> None:
    """rules §13: RandomBot picks among the answers legal_actions lists, in both kinds of window."""
    for state in (window(ASS_KLOPFEN, "9♥ 9♣ 4♦"), window(ASS_KAUFEN, "9♥ 9♣ 4♦")):
        assert RandomBot(seed=1).choose(view(state, 2)) in legal_actions(state)
    consent = apply(window(ASS_KAUFEN, "9♥ 9♣ 4♦"), Buy())
    assert RandomBot(seed=1).choose(view(consent, 1)) in (Consent(), Refuse())


def test_play_asks_the_human_at_a_claim_window_and_shows_the_claims() -> None:
    """`romme play --rules ass-kaufen`: the human is asked to buy or pass, and a purchase is announced."""
    lines = ["0"] * 3000 + ["n"]
    out = io.StringIO()
    piped = io.StringIO("\n".join(lines) + "\n")
    status = main(["play", "--rules", "ass-kaufen", "--seed", "3"], stdin=piped, stdout=out)
    text = out.getvalue()
    assert 0 == status
    assert re.search(
        r"Claim on the discard: .* declined the .*\. You: 'buy' \(with the top stock card\) or 'pass'\.",
        text,
    )
    assert re.search(r"(You take|Computer \d takes) the \S+ and the top stock card\.", text)


def test_determinize_reproduces_every_view_of_a_claim_window_rules_13() -> None:
    """`view(determinize(v, rng), v.player) == v` for each seat's view of an open window, whoever is asked."""
    for state in (
        window(ASS_KLOPFEN, "9♥ 9♣ 4♦"),
        apply(window(ASS_KAUFEN, "9♥ 9♣ 4♦"), Buy()),
    ):
        for seat in range(state.players):
            seen = view(state, seat)
            drawn = determinize(seen, random.Random(seat))
            assert seen == view(drawn, seat)
            assert state.turn.claim == drawn.turn.claim


def test_bots_play_a_hand_grown_past_best_melds_limit_by_claims_rules_13() -> None:
    """rules §13: knocks add two cards a time, so a hand may pass 17 cards; GreedyBot and SearchBot still choose."""
    grown = "2♣ 3♣ 4♣ 6♠ 7♠ 8♠ 9♥ 10♥ J♥ Q♦ K♦ A♦ 5♣ 5♠ 5♥ 2♦ 4♠ 9♣ J♣"
    hands = ("2♥ 3♥ 4♦", grown, "9♦ 9♠ 4♥")
    state = position(ASS_KLOPFEN, hands=hands, current_player=1, dealer=0, phase=Phase.PLAY)
    assert 19 == len(state.hand)
    for bot in (GreedyBot(), SearchBot(seed=1, iterations=2)):
        assert bot.choose(view(state, 1)) in legal_actions(state)
