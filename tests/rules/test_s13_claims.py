"""Claims on the discard out of turn: knocking (ASS S. 1–2, Schmidt S. 4) and buying (ASS S. 3), rules §13.

The expected answers are read from the rule text, not from the generator:
after a discard the next player has priority and takes the card as the
normal take; declining it (drawing from the stock) opens a claim window
that asks the other seats, but the one who discarded, in turn order.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Literal

import attrs
import pytest

from romme import (
    PRESETS,
    Buy,
    ClaimWindow,
    Consent,
    Discard,
    Draw,
    GameState,
    GreedyBot,
    InvalidPositionError,
    InvalidRulesError,
    Knock,
    LayDown,
    Pass,
    Phase,
    Reason,
    Refuse,
    Rules,
    SearchBot,
    TakeDiscard,
    apply,
    check,
    dumps,
    find_rules,
    legal_actions,
    loads,
    new_game,
    to_dict,
    view,
)
from romme.melds import _search
from tests.scenarios._helpers import ASS, SCHMIDT, hand, play, position, refusal

ASS_KLOPFEN = attrs.evolve(ASS, knocking=True)
ASS_KAUFEN = attrs.evolve(ASS, buying=True)
HANDS = ("2♣ 3♦ 4♥", "7♠ 8♠ 5♦", "9♥ 9♣ 4♦", "J♦ Q♦ 6♣")
"""Seat 0 discarded the K♥ on top of the pile; seat 1 is next to draw."""


def start(
    rules: Rules,
    *,
    hands: Sequence[str] = HANDS,
    table: Sequence[tuple[str, int]] = (),
    opened: Sequence[bool] | None = None,
    stock_top: str = "10♣ 2♠",
    rest: Literal["stock", "discard"] = "stock",
) -> GameState:
    """Seat 0 discarded the K♥; seat 1 is to draw, the 2♠ on top of the stock and the 10♣ below it.

    With `rest` ``"discard"`` the stock holds only `stock_top`, the other cards lying under the K♥.
    """
    return position(
        rules,
        hands=hands,
        discard="K♥",
        stock_top=stock_top,
        rest=rest,
        table=table,
        opened=opened,
        current_player=1,
        dealer=3,
    )


def test_the_next_player_takes_the_card_first_without_penalty_ASS_S_1() -> None:
    """ASS S. 1: "Vorrecht hat, wer als Nächster dran ist; er braucht keine Strafkarte": his take is the normal take."""
    state = start(ASS_KLOPFEN, hands=("2♣ 3♦ 4♥", "Q♥ J♥ 5♦", "9♥ 9♣ 4♦", "J♦ Q♦ 6♣"))
    take = TakeDiscard(LayDown("J♥ Q♥ K♥", "run"))
    assert take in legal_actions(state)
    after = apply(state, take)
    assert (Phase.PLAY, 1, None) == (after.phase, after.current_player, after.turn.claim)
    assert state.stock == after.stock


def test_declining_opens_a_window_for_the_seat_after_the_next_ASS_S_1() -> None:
    """ASS S. 1: the next player draws, declining the K♥; seat 2 is asked whether it knocks for it."""
    state = apply(start(ASS_KLOPFEN), Draw())
    assert Phase.CLAIM == state.phase
    assert 2 == state.current_player
    assert ClaimWindow(turn_of=1) == state.turn.claim
    assert (Knock(), Pass()) == legal_actions(state)


def test_a_knocker_takes_the_card_and_a_penalty_card_ASS_S_1() -> None:
    """ASS S. 1: "klopft … und zieht dafür eine Strafkarte vom Stapel"; then seat 1 plays on as if nothing happened."""
    state = apply(start(ASS_KLOPFEN), Draw())  # seat 1 draws the 2♠
    after = apply(state, Knock())
    assert hand("9♥ 9♣ 4♦ K♥ 10♣") == after.hands[2]
    assert hand("7♠ 8♠ 5♦ 2♠") == after.hands[1]
    assert (Phase.PLAY, 1, None) == (after.phase, after.current_player, after.turn.claim)
    assert state.discard_pile[:-1] == after.discard_pile
    assert state.stock[:-1] == after.stock
    assert Discard("2♠") in legal_actions(after)


def test_when_all_pass_the_card_stays_and_the_discarder_is_not_asked_ASS_S_1() -> None:
    """ASS S. 1: seats 2 and 3 pass; seat 0, who discarded the K♥, is not asked; seat 1 plays on."""
    state = apply(start(ASS_KLOPFEN), Draw())
    state = apply(state, Pass())
    assert (Phase.CLAIM, 3) == (state.phase, state.current_player)
    assert ClaimWindow(turn_of=1, passed=(2,)) == state.turn.claim
    state = apply(state, Pass())
    assert (Phase.PLAY, 1, None) == (state.phase, state.current_player, state.turn.claim)
    assert "K♥" == str(state.top_discard)
    assert (3, 4, 3, 3) == state.hand_sizes()


def test_only_a_seat_that_has_opened_may_knock_Schmidt_S_4() -> None:
    """Schmidt S. 4: "nur klopfen, wer schon herausgekommen ist": seat 2 has not opened and is not asked."""
    rules = attrs.evolve(SCHMIDT, knocking=True, knock_needs_opened=True)
    hands = ("2♣ 3♦ 4♥", "7♠ 8♠ 5♦", "9♥ 9♣ 4♦", "6♣")
    table = [("J♦ Q♦ K♦", 3)]
    state = apply(
        start(rules, hands=hands, table=table, opened=(False, False, False, True)), Draw()
    )
    assert (Phase.CLAIM, 3) == (state.phase, state.current_player)
    assert (Knock(), Pass()) == legal_actions(state)
    unopened = apply(start(rules), Draw())
    assert (Phase.PLAY, 1) == (unopened.phase, unopened.current_player)


def test_a_seat_holding_one_card_may_knock_ASS_S_1_DRoV_Nr_10() -> None:
    """ASS S. 1–2 (hardening round 3, point 13): "Wer eine abgeworfene Karte brauchen kann, klopft"; DRoV Nr. 10's "Hast du nur noch
    eine Karte auf der Hand, darfst du nur noch verdeckt ziehen" binds the seat's own draw, not a claim
    out of turn (rules §13): under ass-klopfen seat 2, holding the 9♥ alone, is asked, knocks and holds
    the 9♥, the K♥ and the penalty card 10♣."""
    hands = ("2♣ 3♦ 4♥", "7♠ 8♠ 5♦", "9♥", "J♦ Q♦ 6♣")
    state = apply(
        start(PRESETS["ass-klopfen"], hands=hands, opened=(False, False, True, False)), Draw()
    )
    assert (Phase.CLAIM, 2) == (state.phase, state.current_player)
    assert (Knock(), Pass()) == legal_actions(state)
    after = apply(state, Knock())
    assert hand("9♥ K♥ 10♣") == after.hands[2]
    assert (Phase.PLAY, 1) == (after.phase, after.current_player)


def test_no_claim_without_a_stock_card_left_for_it() -> None:
    """rules §13 (the library's choice): a knock or purchase takes a stock card, so with none left after the draw no window opens."""
    for rules in (ASS_KLOPFEN, ASS_KAUFEN):
        after = apply(start(rules, stock_top="2♠", rest="discard"), Draw())
        assert (Phase.PLAY, 1) == (after.phase, after.current_player)
        two = start(rules, stock_top="10♣ 2♠", rest="discard")
        assert Phase.CLAIM == apply(two, Draw()).phase


def test_two_players_have_nobody_to_ask_ASS_S_1() -> None:
    """ASS S. 1: with two players the only other seat discarded the card, so no window opens."""
    state = position(
        ASS_KLOPFEN, hands=("2♣ 3♦ 4♥", "7♠ 8♠ 5♦"), discard="K♥", current_player=1, dealer=0
    )
    assert Phase.PLAY == apply(state, Draw()).phase


def test_a_buyer_needs_the_consent_of_the_seats_in_between_ASS_S_3() -> None:
    """ASS S. 3: "kaufen – mit Einverständnis der Spieler dazwischen – und nimmt dazu die oberste Karte vom verdeckten Stapel"."""
    state = apply(start(ASS_KAUFEN), Draw())
    assert (2, (Buy(), Pass())) == (state.current_player, legal_actions(state))
    state = apply(state, Buy())
    # Seat 1's turn comes before seat 2's: it is asked.
    assert (Phase.CLAIM, 1) == (state.phase, state.current_player)
    assert ClaimWindow(turn_of=1, buyer=2) == state.turn.claim
    assert (Consent(), Refuse()) == legal_actions(state)
    after = apply(state, Consent())
    assert hand("9♥ 9♣ 4♦ K♥ 10♣") == after.hands[2]
    assert (Phase.PLAY, 1, None) == (after.phase, after.current_player, after.turn.claim)


ASS_KAUFEN_NEXT = attrs.evolve(ASS_KAUFEN, next_player_buys=True)


def test_the_next_player_may_buy_too_ASS_S_3() -> None:
    """ASS S. 3 (hardening round 3, point 11): "Jeder darf die oberste abgeworfene Karte „kaufen“ – mit Einverständnis der Spieler
    dazwischen – und nimmt dazu die oberste Karte vom verdeckten Stapel": under next_player_buys the
    next player (seat 1, nobody in between) buys the K♥ in its draw, needs no consent, and holds it and
    the 2♠ from the stock; no window opens, and seat 1 plays on."""
    state = start(ASS_KAUFEN_NEXT)
    assert Buy() in legal_actions(state)
    after = apply(state, Buy())
    assert hand("7♠ 8♠ 5♦ K♥ 2♠") == after.hands[1]
    assert (Phase.PLAY, 1, None) == (after.phase, after.current_player, after.turn.claim)
    assert state.discard_pile[:-1] == after.discard_pile
    assert state.stock[:-1] == after.stock
    assert Discard("K♥") in legal_actions(after)
    assert after == loads(dumps(after))
    assert to_dict(ASS_KAUFEN_NEXT)["next_player_buys"] is True


def test_the_next_player_buys_only_under_the_reading_ASS_S_3() -> None:
    """ASS S. 3, rules §13 (hardening round 3, point 11): without next_player_buys (ass-kaufen) the next player's claim is the normal
    take, and a purchase in its draw is refused as before (Reason.WRONG_PHASE); holding one card it may
    not buy either, DRoV Nr. 10's "darfst du nur noch verdeckt ziehen" (Reason.LAST_CARD_STOCK_ONLY);
    the reading needs buying."""
    assert not PRESETS["ass-kaufen"].next_player_buys
    assert Buy() not in legal_actions(start(PRESETS["ass-kaufen"]))
    assert Reason.WRONG_PHASE == refusal(start(PRESETS["ass-kaufen"]), Buy())
    one = start(ASS_KAUFEN_NEXT, hands=("2♣ 3♦ 4♥", "5♦", "9♥ 9♣ 4♦", "J♦ Q♦ 6♣"))
    assert Reason.LAST_CARD_STOCK_ONLY == refusal(one, Buy())
    with pytest.raises(InvalidRulesError, match="next_player_buys needs buying"):
        attrs.evolve(ASS, next_player_buys=True)


def test_a_refusal_ends_the_purchase_ASS_S_3() -> None:
    """ASS S. 3: seat 3 buys after seat 2 passed; seat 1 consents, seat 2 refuses: the card stays, seat 1 plays on."""
    state = play(apply(start(ASS_KAUFEN), Draw()), Pass(), Buy())
    assert (1, ClaimWindow(turn_of=1, passed=(2,), buyer=3)) == (
        state.current_player,
        state.turn.claim,
    )
    state = apply(state, Consent())
    assert (2, ClaimWindow(turn_of=1, passed=(2,), buyer=3, consented=(1,))) == (
        state.current_player,
        state.turn.claim,
    )
    after = apply(state, Refuse())
    assert (Phase.PLAY, 1, None) == (after.phase, after.current_player, after.turn.claim)
    assert "K♥" == str(after.top_discard)
    assert (3, 4, 3, 3) == after.hand_sizes()


def test_each_wrong_answer_has_its_reason_ASS_S_1_to_3() -> None:
    """rules §13: a knock under buying, a purchase under knocking, consent with nobody buying, a pass while a purchase waits."""
    knock_window = apply(start(ASS_KLOPFEN), Draw())
    buy_window = apply(start(ASS_KAUFEN), Draw())
    assert Reason.CLAIM_NOT_PLAYED == refusal(knock_window, Buy())
    assert Reason.CLAIM_NOT_PLAYED == refusal(buy_window, Knock())
    assert Reason.NO_PURCHASE == refusal(buy_window, Consent())
    assert Reason.NO_PURCHASE == refusal(knock_window, Refuse())
    assert Reason.CONSENT_PENDING == refusal(apply(buy_window, Buy()), Pass())
    assert Reason.CONSENT_PENDING == refusal(apply(buy_window, Buy()), Buy())
    assert Reason.WRONG_PHASE == refusal(knock_window, Draw())
    assert Reason.WRONG_PHASE == refusal(start(ASS_KLOPFEN), Knock())
    assert Reason.WRONG_PHASE == refusal(start(ASS_KAUFEN), Pass())


RULE_BOOKS = ("drov", "classic", "cardgames-zone", "german-rummy", "house", "ass", "schmidt")
"""The presets of the rule books themselves (rules §12)."""


@pytest.mark.parametrize("name", RULE_BOOKS)
def test_no_window_opens_under_the_rule_books_presets_rules_13(name: str) -> None:
    """rules §13: knocking and buying are off in the rule books' presets; declining the discard is a plain draw."""
    rules = PRESETS[name]
    assert (False, False, False) == (rules.knocking, rules.buying, rules.knock_needs_opened)
    hands = HANDS if not rules.dealer_sits_out else ("2♣ 3♦ 4♥", "7♠ 8♠ 5♦", "9♥ 9♣ 4♦", "")
    state = position(rules, hands=hands, discard="K♥", current_player=1, dealer=3)
    assert (Phase.PLAY, 1) == (apply(state, Draw()).phase, apply(state, Draw()).current_player)


def test_impossible_claim_rules_are_refused() -> None:
    """rules §13: Schmidt's restriction needs knocking, and one window asks one kind of claim."""
    with pytest.raises(InvalidRulesError, match="knock_needs_opened needs knocking"):
        attrs.evolve(ASS, knock_needs_opened=True)
    with pytest.raises(InvalidRulesError, match="choose one"):
        attrs.evolve(ASS, knocking=True, buying=True)


def test_the_window_is_seen_and_answered_through_the_view_ASS_S_1() -> None:
    """rules §13: the seat asked sees the window and who passed; another seat's view may not answer."""
    state = play(apply(start(ASS_KAUFEN), Draw()), Pass())
    seen = view(state, 3)
    assert ClaimWindow(turn_of=1, passed=(2,)) == seen.turn.claim
    assert (Buy(), Pass()) == legal_actions(seen)
    assert () == legal_actions(view(state, 1))


def test_a_window_survives_json_and_old_documents_are_unchanged() -> None:
    """Guarantee 6: an open window round-trips; a position without one writes no ``claim`` field."""
    state = play(apply(start(ASS_KAUFEN), Draw()), Pass(), Buy())
    assert state == loads(dumps(state))
    assert view(state, 1) == loads(dumps(view(state, 1)))
    assert "claim" in to_dict(state)["turn"]
    assert "claim" not in to_dict(start(ASS_KAUFEN))["turn"]
    assert "knocking" not in to_dict(ASS)
    assert "buying" in to_dict(attrs.evolve(SCHMIDT, buying=True))


@pytest.mark.parametrize(
    ("name", "answers"), [("ass-kaufen", (Buy(), Pass())), ("ass-klopfen", (Knock(), Pass()))]
)
def test_the_claim_presets_open_a_window_ASS_S_1_to_3(
    name: str, answers: tuple[object, ...]
) -> None:
    """rules §12, §13: ass-kaufen is ASS with buying (ASS S. 3), ass-klopfen ASS with knocking (ASS S. 1–2)."""
    state = apply(start(PRESETS[name]), Draw())
    assert (Phase.CLAIM, 2) == (state.phase, state.current_player)
    assert answers == legal_actions(state)


def _changed(state: GameState, **fields: Any) -> GameState:
    """`state` with fields of its claim window, its turn or itself changed (``claim_``, ``turn_`` prefixes)."""
    claim = state.turn.claim
    assert claim is not None
    claim = attrs.evolve(claim, **{k[6:]: v for k, v in fields.items() if k.startswith("claim_")})
    turn = attrs.evolve(
        state.turn, claim=claim, **{k[5:]: v for k, v in fields.items() if k.startswith("turn_")}
    )
    rest = {k: v for k, v in fields.items() if not k.startswith(("claim_", "turn_"))}
    return attrs.evolve(state, turn=turn, **rest)


@pytest.mark.parametrize(
    ("fields", "refused"),
    [
        ({"rules": ASS}, "turn.claim: no claim window opens without knocking or buying"),
        ({"claim_turn_of": 5}, "turn.claim.turn_of: seat 5 is not dealt in"),
        ({"rules": ASS_KLOPFEN}, "turn.claim.buyer: nobody buys without buying"),
        ({"claim_passed": (0,)}, "turn.claim.passed: not the seats asked, in the order asked"),
        ({"claim_buyer": 0}, "turn.claim.buyer: not the next seat asked after those that passed"),
        ({"claim_consented": (2,)}, "turn.claim.consented: not the seats asked, in the order"),
        ({"current_player": 2}, "current_player: not the seat the claim window asks now"),
        ({"turn_opened_before": True}, "turn.opened_before: at the draw the player has opened"),
        ({"turn_laid_off": True}, "turn: a claim window opens at the draw, before anything"),
    ],
)
def test_a_claim_window_no_claim_can_open_is_refused_ASS_S_1_3(
    fields: dict[str, Any], refused: str
) -> None:
    """ASS S. 1 and 3: a window opens at the draw of a seat that declined the discard, under knocking or buying, and asks the other seats in turn order (a purchase the seats in between); a position whose window says otherwise is refused, naming the field."""
    state = play(apply(start(ASS_KAUFEN), Draw()), Pass(), Buy())
    assert (1, ClaimWindow(turn_of=1, passed=(2,), buyer=3)) == (
        state.current_player,
        state.turn.claim,
    )
    with pytest.raises(InvalidPositionError) as error:
        _changed(state, **fields)
    assert str(error.value).startswith(refused)
    assert (1, ClaimWindow(turn_of=1, passed=(2,), buyer=3)) == (
        state.current_player,
        state.turn.claim,
    )


def _grown_by_knocking(cards: int, rules: Rules) -> GameState:
    """Four seats under `rules` with knocking: seat 0 knocks for every discard and never lays down,
    the others draw and discard their first card, until seat 0 holds `cards` cards in its play phase."""
    state = new_game(rules, 4, seed=1)
    while not (
        state.current_player == 0 and state.phase is Phase.PLAY and len(state.hand) >= cards
    ):
        assert not state.is_over, "the round ended before the hand grew"
        actions = legal_actions(state)
        if state.current_player == 0 and Knock() in actions:
            action: Any = Knock()
        elif Pass() in actions or Draw() in actions:
            action = Pass() if Pass() in actions else Draw()
        else:
            action = next(a for a in actions if isinstance(a, Discard))
        state = apply(state, action)
    return state


@pytest.mark.parametrize(
    "changes",
    [{}, {"opening_requires_run": True}, {"opening_sums_melds": False}],
    ids=["ass-klopfen", "a run to open", "one meld to open"],
)
def test_a_hand_grown_by_knocking_keeps_its_moves_and_bots_within_reach_ASS_S_1(
    changes: dict[str, Any],
) -> None:
    """ASS S. 1–2: each knock brings two cards, so a seat that knocks for every discard holds 46.

    The opening checks of every lay-down (rules §5, also where the opening
    needs a run or one meld alone) and the bots' judgement of the hand stay
    within reach of such a hand: the search for the best packing of 46
    cards alone took over a minute and more than a gigabyte before, for the
    first `legal_actions`, for loading the state, and for each discard
    GreedyBot weighed.
    """
    state = _grown_by_knocking(46, attrs.evolve(find_rules("ass-klopfen"), **changes))
    assert (len(state.hand), state.opened[0]) == (46, False)
    actions = legal_actions(state)
    lay_downs = [a.cards for a in actions if isinstance(a, LayDown)]
    melds = {meld.cards for meld in _search.find_melds(state.hand, state.rules)}
    assert len(lay_downs) == len(set(lay_downs)) > 0
    assert set(lay_downs) <= melds
    if not changes:
        # With 46 cards the 30 to open (ASS S. 1) are in reach after any meld: every meld
        # of the hand may be laid down, each once.
        assert len(melds) > 900
        assert set(lay_downs) == melds
    for action in actions:
        check(state, action)
    assert loads(dumps(state)) == state
    seen = view(state, 0)
    for bot in (GreedyBot(), SearchBot(seed=1)):
        assert bot.choose(seen) in actions
