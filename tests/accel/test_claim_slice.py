"""The C core's claim window on positions written by hand (docs/maintainers.md, "The accelerator").

Seat 0 declines the 7♣ by drawing the A♥ from the stock, which opens a
claim window (rules §13): seats 1 and 2 are asked in turn, seat 3 (who
discarded the card) is not. The answers listed, their verdicts and the
next states are written out from the rules; the C core must answer them
itself and agree with the pure core, and leave every refusal to Python.
"""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest

from romme import (
    Action,
    Buy,
    ClaimWindow,
    Consent,
    Draw,
    GameState,
    Knock,
    Pass,
    Phase,
    Reason,
    Refuse,
    Rules,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from tests.accel._slices import applied_in_c, listed_in_c, refused_by_python
from tests.scenarios._helpers import position, refusal

_KNOCKING = find_rules("ass-klopfen")
_BUYING = find_rules("ass-kaufen")
_HANDS = ("3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦", "7♥ 7♦ J♣")


def _window(rules: Rules) -> GameState:
    """Seat 0 has drawn the A♥, declining the 7♣ on the pile; the K♠ is the stock's top card now."""
    state = position(rules, hands=_HANDS, stock_top="K♠ A♥", discard="2♥ 7♣")
    opened = pure.apply(state, Draw())
    assert (opened.phase, opened.current_player) == (Phase.CLAIM, 1)
    assert opened.turn.claim == ClaimWindow(turn_of=0)
    return opened


def test_a_knocking_window_offers_the_knock_then_the_pass(cturn: ModuleType) -> None:
    """ASS S. 1–2 (knocking): the seat asked may knock for the card or pass."""
    assert (Knock(), Pass()) == listed_in_c(cturn, _window(_KNOCKING))


def test_a_knock_takes_the_discard_and_a_penalty_card_and_closes_the_window(
    cturn: ModuleType,
) -> None:
    """ASS S. 1–2: the knocker takes the 7♣ and the top stock card (K♠) into the hand in card order; seat 0 plays on."""
    state = _window(_KNOCKING)
    after = applied_in_c(cturn, state, Knock())
    assert after.hands[1] == parse_cards("4♣ 7♣ K♠ 10♥ 6♦")
    assert (after.hands[0], after.hands[2:]) == (state.hands[0], state.hands[2:])
    assert after.discard_pile == parse_cards("2♥")
    assert after.stock == state.stock[:-1]
    assert (after.phase, after.current_player, after.turn.claim) == (Phase.PLAY, 0, None)


def test_a_pass_asks_the_next_seat(cturn: ModuleType) -> None:
    """Rules §13: after seat 1 passes, seat 2 is asked; seat 3, who discarded the card, never is."""
    after = applied_in_c(cturn, _window(_KNOCKING), Pass())
    assert (after.phase, after.current_player) == (Phase.CLAIM, 2)
    assert after.turn.claim == ClaimWindow(turn_of=0, passed=(1,))
    assert (after.hands, after.discard_pile, after.stock) == (
        _window(_KNOCKING).hands,
        parse_cards("2♥ 7♣"),
        _window(_KNOCKING).stock,
    )


def test_the_last_pass_leaves_the_card_and_seat_0_plays_on(cturn: ModuleType) -> None:
    """Rules §13: once every seat asked has passed, the 7♣ stays on the pile and the window closes."""
    state = applied_in_c(cturn, _window(_KNOCKING), Pass())
    after = applied_in_c(cturn, state, Pass())
    assert (after.phase, after.current_player, after.turn.claim) == (Phase.PLAY, 0, None)
    assert (after.hands, after.discard_pile) == (state.hands, state.discard_pile)


def test_a_purchase_asks_the_seats_before_the_buyer_to_consent(cturn: ModuleType) -> None:
    """ASS S. 3 (buying): seat 2 buys after seat 1 passed; seat 0, then seat 1, whose turns come first, must consent."""
    state = applied_in_c(cturn, _window(_BUYING), Pass())
    assert (Buy(), Pass()) == listed_in_c(cturn, state)
    buying = applied_in_c(cturn, state, Buy())
    assert (buying.phase, buying.current_player) == (Phase.CLAIM, 0)
    assert buying.turn.claim == ClaimWindow(turn_of=0, passed=(1,), buyer=2)
    assert (Consent(), Refuse()) == listed_in_c(cturn, buying)
    consented = applied_in_c(cturn, buying, Consent())
    assert (consented.phase, consented.current_player) == (Phase.CLAIM, 1)
    assert consented.turn.claim == ClaimWindow(turn_of=0, passed=(1,), buyer=2, consented=(0,))
    bought = applied_in_c(cturn, consented, Consent())
    assert bought.hands[2] == parse_cards("7♣ 2♠ 8♠ K♠ Q♦")
    assert bought.discard_pile == parse_cards("2♥")
    assert bought.stock == state.stock[:-1]
    assert (bought.phase, bought.current_player, bought.turn.claim) == (Phase.PLAY, 0, None)


def test_a_refusal_ends_the_purchase(cturn: ModuleType) -> None:
    """ASS S. 3: one refusal ends the purchase; the card stays and seat 0 plays on."""
    buying = applied_in_c(cturn, _window(_BUYING), Buy())
    refused = applied_in_c(cturn, buying, Refuse())
    assert (refused.phase, refused.current_player, refused.turn.claim) == (Phase.PLAY, 0, None)
    assert (refused.hands, refused.discard_pile) == (buying.hands, buying.discard_pile)


def test_only_opened_seats_are_asked_under_knock_needs_opened(cturn: ModuleType) -> None:
    """Schmidt S. 4 (knock_needs_opened): with seat 2 alone opened among those asked, seat 1's window is skipped and seat 2's pass closes it."""
    rules = attrs.evolve(_KNOCKING, knock_needs_opened=True)
    state = position(
        rules,
        hands=_HANDS,
        stock_top="K♠ A♥",
        discard="2♥ 7♣",
        opened=[False, False, True, False],
    )
    window = pure.apply(state, Draw())
    assert (window.phase, window.current_player) == (Phase.CLAIM, 2)
    after = applied_in_c(cturn, window, Pass())
    assert (after.phase, after.current_player) == (Phase.PLAY, 0)


@pytest.mark.parametrize(
    ("rules", "buying", "answer", "reason"),
    [
        (_BUYING, False, Knock(), Reason.CLAIM_NOT_PLAYED),
        (_KNOCKING, False, Buy(), Reason.CLAIM_NOT_PLAYED),
        (_BUYING, False, Consent(), Reason.NO_PURCHASE),
        (_BUYING, False, Refuse(), Reason.NO_PURCHASE),
        (_BUYING, True, Pass(), Reason.CONSENT_PENDING),
        (_BUYING, True, Buy(), Reason.CONSENT_PENDING),
    ],
)
def test_a_refused_answer_is_left_to_python(
    cturn: ModuleType, rules: Rules, buying: bool, answer: Action, reason: Reason
) -> None:
    """Rules §13, ASS S. 3: an answer the rules do not play, or that does not fit the purchase pending or not, is refused by Python."""
    state = _window(rules)
    if buying:
        state = pure.apply(state, Buy())
    refused_by_python(cturn, state, answer)
    assert refusal(state, answer) is reason


def test_another_seats_answer_and_an_answer_out_of_a_window_are_left_to_python(
    cturn: ModuleType,
) -> None:
    """Rules §13: only the seat asked answers (Reason.NOT_YOUR_TURN), and only in a claim window (Reason.WRONG_PHASE)."""
    state = _window(_KNOCKING)
    refused_by_python(cturn, state, Pass(), 2)
    assert not pure.is_legal(state, Pass(), player=2)
    closed = pure.apply(state, Knock())
    refused_by_python(cturn, closed, Pass())
    assert refusal(closed, Pass()) is Reason.WRONG_PHASE


def test_the_view_of_the_seat_asked_lists_its_answers_in_c(cturn: ModuleType) -> None:
    """Rules §13: the view of the seat asked lists its answers in C, as the state does; the view of a seat not asked lists nothing (Python's answer)."""
    state = _window(_KNOCKING)
    assert (Knock(), Pass()) == cturn.legal_actions(view(state, 1)) == pure.legal_actions(state)
    assert cturn.legal_actions(view(state, 0)) is NotImplemented
    assert pure.legal_actions(view(state, 0)) == ()
