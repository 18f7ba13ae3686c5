"""Rules §10, scoring a round: the ace's penalty per preset and the flat penalty of a player who
never opened. The penalties a round adds to a match are tested in test_s11_match.py.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n, DRoV Streitfall n,
cardgames.zone §n, German Rummy page, house rules). Positions are set up from the cards the rule
needs (`tests.scenarios._helpers.position`); the expected hands, table, discard pile, phase, seat
to act and penalties are written out by hand. Unless a test says otherwise seat 0 acts, seat 1
holds ``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30 with the German
Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    EndReason,
    GameState,
    Phase,
    Rules,
    apply,
    score_round,
)
from tests.rules._helpers import ALL_PRESETS
from tests.scenarios._helpers import (
    CLASSIC,
    position,
)


def _going_out(rules: Rules) -> GameState:
    """Seat 0 (opened) discards its last card 7♣; seat 1 holds A♠ 5♥, seat 2 (opened) A♦ A♣ 2♠."""
    state = position(
        rules,
        hands=("7♣", "A♠ 5♥", "A♦ A♣ 2♠"),
        table=(("2♥ 3♥ 4♥", 0), ("9♦ 10♦ J♦", 2)),
        phase=Phase.PLAY,
    )
    return apply(state, Discard("7♣"))


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_ace_penalty_german_rummy(name: str) -> None:
    """DRoV Nr. 11 (ace 11), German Rummy page (ace 15 under german-rummy): aces left in hand; the winner scores 0."""
    result = score_round(_going_out(PRESETS[name]))
    assert 0 == result.winner
    assert EndReason.WENT_OUT == result.end
    expected = (0, 20, 32) if name == "german-rummy" else (0, 16, 24)
    assert expected == result.penalties


def test_not_opened_penalty_cardgames_zone_8() -> None:
    """cardgames.zone §8 variant (not_opened_penalty = 100): a player who never opened pays 100 instead of the hand."""
    rules = attrs.evolve(CLASSIC, not_opened_penalty=100)
    assert (0, 100, 24) == score_round(_going_out(rules)).penalties
    assert (0, 16, 24) == score_round(_going_out(CLASSIC)).penalties
