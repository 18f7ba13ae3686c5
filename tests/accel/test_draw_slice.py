"""The C core's first slice, the draw phase under a free take, on positions written by hand (docs/maintainers.md, "The accelerator").

Each position sends the slice down one branch; the moves expected are
written out from the rules, and the C core must answer them itself (not
hand the position to Python) and agree with the pure core.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import attrs
import pytest

from romme import Action, Buy, Draw, GameState, JokerDiscard, Rules, TakeDiscard, find_rules
from romme._turn import pure
from tests.scenarios._helpers import position

_FREE = find_rules("german-rummy")
_BUYING = attrs.evolve(find_rules("ass-kaufen"), take_discard="free", next_player_buys=True)


def _answered(cturn: ModuleType, state: GameState) -> tuple[Action, ...]:
    moves = cturn.legal_actions(state)
    assert moves is not NotImplemented, "the slice handed its own position to Python"
    assert pure.legal_actions(state) == moves
    return moves  # type: ignore[no-any-return]


def test_the_draw_phase_lists_the_draw_then_the_free_take(cturn: ModuleType) -> None:
    """Rules §4 (take_discard=free): the draw, then the take of the top discard into the hand."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="7♣")
    assert (Draw(), TakeDiscard()) == _answered(cturn, state)


def test_a_take_that_leaves_no_discard_is_not_listed(cturn: ModuleType) -> None:
    """Rules §4, the discard rules: holding a joker alone, the taken 7♣ may not go straight back and the joker goes only as the last card, so the take would leave no discard."""
    rules = attrs.evolve(_FREE, joker_discard=JokerDiscard.LAST_CARD_ONLY)
    state = position(rules, hands=["JK", "4♣ 6♦ 10♥"], discard="7♣")
    assert (Draw(),) == _answered(cturn, state)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"rediscard_taken": True}, (Draw(), TakeDiscard())),  # the 7♣ may go back
        ({"joker_discard": JokerDiscard.ALLOWED}, (Draw(), TakeDiscard())),  # the joker may go
    ],
)
def test_a_take_is_listed_where_either_card_may_be_the_discard(
    cturn: ModuleType, change: dict[str, Any], expected: tuple[Action, ...]
) -> None:
    """Rules §4: with rediscard_taken, or a joker that may go any time, the same take leaves a discard."""
    rules = attrs.evolve(_FREE, **{"joker_discard": JokerDiscard.LAST_CARD_ONLY, **change})
    state = position(rules, hands=["JK", "4♣ 6♦ 10♥"], discard="7♣")
    assert expected == _answered(cturn, state)


def test_one_card_left_draws_from_the_stock(cturn: ModuleType) -> None:
    """DRoV rule 10 (last_card_stock_only): holding one card, only the draw."""
    rules = attrs.evolve(_FREE, last_card_stock_only=True)
    state = position(rules, hands=["9♥", "4♣ 6♦ 10♥"], discard="7♣")
    assert (Draw(),) == _answered(cturn, state)


def test_an_empty_pile_leaves_the_draw(cturn: ModuleType) -> None:
    """Rules §4: with no discard only the draw; the slice answers under immediate_use too, where no take is asked."""
    rules: Rules = find_rules("drov")
    state = position(rules, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"])
    assert (Draw(),) == _answered(cturn, state)


def test_the_next_player_may_buy_before_taking(cturn: ModuleType) -> None:
    """ASS S. 3 (next_player_buys, rules §13): the draw, the purchase, then the free take."""
    state = position(_BUYING, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"], discard="7♣")
    assert (Draw(), Buy(), TakeDiscard()) == _answered(cturn, state)
