"""Rules §7, going out: a joker discarded as the last card, no melding that empties the hand, and
melding the last cards without a discard where discard_to_go_out is off.

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
    LayDown,
    LayOff,
    Phase,
    Reason,
    apply,
    legal_actions,
    score_round,
)
from tests.rules._helpers import ALL_PRESETS, SEAT_1, SEAT_2
from tests.scenarios._helpers import (
    hand,
    position,
    refusal,
    summary,
)


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_joker_as_last_card_goes_out_DRoV_Nr_4(name: str) -> None:
    """DRoV Nr. 4, rules §7: a joker discarded as the last card goes out; the winner scores 0."""
    state = position(
        PRESETS[name], hands=("JK", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    state = apply(state, Discard("JK"))
    assert Phase.ROUND_OVER == state.phase
    assert ((), hand(SEAT_1), hand(SEAT_2)) == state.hands
    assert "JK" == summary(state).discard_pile
    result = score_round(state)
    assert EndReason.WENT_OUT == result.end
    assert 0 == result.winner
    assert not result.hand_romme
    ace = 15 if name == "german-rummy" else 11
    assert (0, 13, ace + 15) == result.penalties


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_last_card_must_be_discarded_DRoV_Streitfall_7(name: str) -> None:
    """DRoV Streitfall 7, cardgames.zone §8: a lay-down or lay-off that empties the hand is refused (Reason.MUST_KEEP_A_CARD)."""
    state = position(
        PRESETS[name],
        hands=("4♦ 5♦ 6♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0),),
        phase=Phase.PLAY,
    )
    assert Reason.MUST_KEEP_A_CARD == refusal(state, LayDown("4♦ 5♦ 6♦"))
    state = position(
        PRESETS[name], hands=("5♠", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    assert Reason.MUST_KEEP_A_CARD == refusal(state, LayOff(0, "5♠"))
    assert (Discard("5♠"),) == legal_actions(state)


@pytest.mark.parametrize("name", ["drov", "classic"])
def test_meld_last_card_goes_out_without_discard_to_go_out_RULES_7(name: str) -> None:
    """Rules §7: with discard_to_go_out off, melding the last cards goes out without a discard."""
    rules = attrs.evolve(PRESETS[name], discard_to_go_out=False)
    state = position(
        rules, hands=("4♦ 5♦ 6♦", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    state = apply(state, LayDown("4♦ 5♦ 6♦"))
    assert Phase.ROUND_OVER == state.phase
    assert (("2♠ 3♠ 4♠", 0, False), ("4♦ 5♦ 6♦", 0, False)) == summary(state).table
    assert "" == summary(state).discard_pile
    result = score_round(state)
    assert EndReason.WENT_OUT == result.end
    assert 0 == result.winner
    assert not result.hand_romme
    assert (0, 13, 26) == result.penalties
