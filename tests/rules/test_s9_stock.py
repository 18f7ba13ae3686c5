"""Rules §9, the stock runs out: the round ends, or the discard pile is reshuffled into a new stock
up to max_reshuffles times.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n, DRoV Streitfall n,
cardgames.zone §n, German Rummy page, house rules). Positions are set up from the cards the rule
needs (`tests.scenarios._helpers.position`); the expected hands, table, discard pile, phase, seat
to act and penalties are written out by hand. Unless a test says otherwise seat 0 acts, seat 1
holds ``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30 with the German
Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    Draw,
    EndReason,
    GameState,
    Phase,
    Rules,
    apply,
    score_round,
)
from tests.rules._helpers import SEAT_1
from tests.scenarios._helpers import (
    CLASSIC,
    hand,
    play,
    position,
    summary,
)


def _last_stock_card(rules: Rules, seed: int = 0) -> GameState:
    """Seat 0 holds 5♣ 9♦; the stock is one 2♥; every other card lies in the discard pile under 8♠."""
    return position(
        rules,
        hands=("5♣ 9♦", SEAT_1, "A♦ 7♣ JK"),
        stock_top="2♥",
        discard="8♠",
        rest="discard",
        seed=seed,
    )


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_stock_exhausted_ends_round_DRoV_Nr_5(name: str) -> None:
    """DRoV Nr. 5 (end_round): the round ends without a winner after the turn that drew the last card; every hand pays."""
    state = apply(_last_stock_card(PRESETS[name]), Draw())
    assert () == state.stock
    assert Phase.PLAY == state.phase
    state = apply(state, Discard("9♦"))
    assert Phase.ROUND_OVER == state.phase
    assert (hand("2♥ 5♣"), hand(SEAT_1), hand("A♦ 7♣ JK")) == state.hands
    result = score_round(state)
    assert EndReason.STOCK_EXHAUSTED == result.end
    assert result.winner is None
    assert not result.hand_romme
    assert (7, 13, 38) == result.penalties


@pytest.mark.parametrize("name", ["classic", "cardgames-zone", "german-rummy", "house"])
def test_stock_exhausted_reshuffles_cardgames_zone_9(name: str) -> None:
    """cardgames.zone §9, house rules (reshuffle): the discard pile minus its top card becomes the new stock, reproducibly."""
    start = _last_stock_card(PRESETS[name])
    pile = start.discard_pile
    state = play(start, Draw(), Discard("9♦"))
    assert Phase.DRAW == state.phase
    assert 1 == state.current_player
    assert (hand("2♥ 5♣"), hand(SEAT_1), hand("A♦ 7♣ JK")) == state.hands
    assert "9♦" == summary(state).discard_pile
    assert 1 == state.reshuffles
    assert sorted(pile) == sorted(state.stock)
    assert pile != state.stock  # shuffled, not turned over in order
    again = play(_last_stock_card(PRESETS[name]), Draw(), Discard("9♦"))
    assert state == again
    other_seed = play(_last_stock_card(PRESETS[name], seed=1), Draw(), Discard("9♦"))
    assert Counter(state.stock) == Counter(other_seed.stock)
    assert state.stock != other_seed.stock
    # The refilled stock is drawn from as usual.
    drawn = apply(state, Draw())
    assert state.stock[:-1] == drawn.stock


def test_stock_exhausted_max_reshuffles_zero_RULES_9() -> None:
    """Rules §9: with max_reshuffles = 0 an empty stock ends the round instead of a reshuffle."""
    rules = attrs.evolve(CLASSIC, max_reshuffles=0)
    state = play(_last_stock_card(rules), Draw(), Discard("9♦"))
    assert Phase.ROUND_OVER == state.phase
    result = score_round(state)
    assert EndReason.STOCK_EXHAUSTED == result.end
    assert result.winner is None
    assert (7, 13, 38) == result.penalties
