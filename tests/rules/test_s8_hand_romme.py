"""Rules §8, Hand-Rommé: the threshold waived, with a lay-off, the others' penalties multiplied, and
only as the first at the table where the preset says so.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n, DRoV Streitfall n,
cardgames.zone §n, German Rummy page, house rules). Positions are set up from the cards the rule
needs (`tests.scenarios._helpers.position`); the expected hands, table, discard pile, phase, seat
to act and penalties are written out by hand. Unless a test says otherwise seat 0 acts, seat 1
holds ``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30 with the German
Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

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
    score_round,
)
from tests.rules._helpers import ALL_PRESETS, SEAT_1, SEAT_2
from tests.scenarios._helpers import (
    CLASSIC,
    DROV,
    Summary,
    play,
    position,
    refusal,
    summary,
)

# -- §8 Hand-Rommé -----------------------------------------------------------------

HAND_ROMME_WAIVER: Final = {
    # preset: penalties after a Hand-Rommé of 4♦ 5♦ 6♦ + 2♣ 2♠ 2♥ (21), or None if refused.
    "drov": (0, 13, 26),
    "ass": (0, 13, 26),
    "schmidt": (0, 26, 52),
    "classic": None,
    "cardgames-zone": None,
    "german-rummy": None,
    "house": None,
    "ghidi": None,
}


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_hand_romme_below_threshold_DRoV_Nr_10(name: str) -> None:
    """DRoV Nr. 10 (hand_romme_waives_threshold): own melds worth 21 go out as Hand-Rommé; cardgames.zone needs the threshold."""
    state = position(
        PRESETS[name], hands=("4♦ 5♦ 6♦ 2♣ 2♠ 2♥ 9♠", SEAT_1, SEAT_2), phase=Phase.PLAY
    )
    penalties = HAND_ROMME_WAIVER[name]
    if penalties is None:
        assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, LayDown("4♦ 5♦ 6♦"))
        return
    state = apply(state, LayDown("4♦ 5♦ 6♦"))
    assert (("4♦ 5♦ 6♦", 0, True),) == summary(state).table
    state = apply(state, LayDown("2♣ 2♠ 2♥"))
    assert (("4♦ 5♦ 6♦", 0, True), ("2♣ 2♠ 2♥", 0, True)) == summary(state).table
    state = apply(state, Discard("9♠"))
    assert Summary.of(
        hands=("", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 0, False), ("2♣ 2♠ 2♥", 0, False)),
        discard_pile="9♠",
        opened=(True, False, False),
        current_player=0,
        phase=Phase.ROUND_OVER,
    ) == summary(state)
    result = score_round(state)
    assert EndReason.WENT_OUT == result.end
    assert 0 == result.winner
    assert result.hand_romme
    assert penalties == result.penalties


@pytest.mark.parametrize(("name", "penalties"), [("drov", (0, 13, 26)), ("classic", (0, 26, 52))])
def test_hand_romme_with_layoff_DRoV_Nr_10(name: str, penalties: tuple[int, ...]) -> None:
    """DRoV Nr. 10 ("Hand-Rommé mit Anlegen"): open with 40, lay off onto another's meld, go out: a Hand-Rommé."""
    state = position(
        PRESETS[name],
        hands=("10♣ J♣ Q♣ K♣ 7♦ 9♠", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1),),
        phase=Phase.PLAY,
    )
    state = play(state, LayDown("10♣ J♣ Q♣ K♣"), LayOff(0, "7♦"), Discard("9♠"))
    assert (("4♦ 5♦ 6♦ 7♦", 1, False), ("10♣ J♣ Q♣ K♣", 0, False)) == summary(state).table
    result = score_round(state)
    assert 0 == result.winner
    assert result.hand_romme
    assert penalties == result.penalties


HAND_ROMME_MULTIPLIER: Final = {
    # preset: penalties of seats 1 and 2 (13 and 26, or 13 and 30 with the ace at 15) times the multiplier.
    "drov": (0, 13, 26),  # DRoV: 1
    "classic": (0, 26, 52),  # cardgames.zone §8: others pay double
    "cardgames-zone": (0, 26, 52),
    "german-rummy": (0, 26, 60),  # German Rummy page: double, ace 15
    "house": (0, 13, 26),  # House rules: 1
    "ass": (0, 13, 26),
    "schmidt": (0, 26, 52),  # Schmidt: double
    "ghidi": (0, 26, 52),  # cardgames.zone §10 changes only the deal
}


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_hand_romme_multiplier_cardgames_zone_8(name: str) -> None:
    """cardgames.zone §8 (hand_romme_multiplier): after a Hand-Rommé others pay double under classic (2), not under drov (1)."""
    state = position(
        PRESETS[name], hands=("10♣ J♣ Q♣ 5♥ 5♠ 5♦ 9♠", SEAT_1, SEAT_2), phase=Phase.PLAY
    )
    state = play(state, LayDown("10♣ J♣ Q♣"), LayDown("5♠ 5♥ 5♦"), Discard("9♠"))
    assert Phase.ROUND_OVER == state.phase
    assert (("10♣ J♣ Q♣", 0, False), ("5♠ 5♥ 5♦", 0, False)) == summary(state).table
    result = score_round(state)
    assert result.hand_romme
    assert 0 == result.winner
    assert HAND_ROMME_MULTIPLIER[name] == result.penalties


def test_hand_romme_first_at_table_RULES_8() -> None:
    """Rules §8 (hand_romme_first_at_table): after another player opened, going out in one turn is no Hand-Rommé."""
    hands = ("10♣ J♣ Q♣ 5♥ 5♠ 5♦ 9♠", SEAT_1, SEAT_2)
    actions = (LayDown("10♣ J♣ Q♣"), LayDown("5♠ 5♥ 5♦"), Discard("9♠"))
    table = (("2♠ 3♠ 4♠", 1),)
    rules = attrs.evolve(CLASSIC, hand_romme_first_at_table=True)
    first = score_round(play(position(rules, hands=hands, table=table, phase=Phase.PLAY), *actions))
    assert not first.hand_romme
    assert (0, 13, 26) == first.penalties
    # Nobody else opened: a Hand-Rommé, others pay double.
    alone = score_round(play(position(rules, hands=hands, phase=Phase.PLAY), *actions))
    assert alone.hand_romme
    assert (0, 26, 52) == alone.penalties
    # Plain classic: a Hand-Rommé even though seat 1 has opened.
    plain = score_round(
        play(position(CLASSIC, hands=hands, table=table, phase=Phase.PLAY), *actions)
    )
    assert plain.hand_romme
    assert (0, 26, 52) == plain.penalties


def test_hand_romme_first_at_table_needs_threshold_DRoV_Nr_10() -> None:
    """Rules §8, DRoV Nr. 10: the threshold waiver needs a possible Hand-Rommé; first_at_table removes it once someone opened."""
    hands = ("4♦ 5♦ 6♦ 2♣ 2♠ 2♥ 9♠", SEAT_1, SEAT_2)
    table = (("9♣ 10♣ J♣ Q♣", 1),)
    state = position(DROV, hands=hands, table=table, phase=Phase.PLAY)
    assert ("4♦ 5♦ 6♦", 0, True) == summary(apply(state, LayDown("4♦ 5♦ 6♦"))).table[1]
    rules = attrs.evolve(DROV, hand_romme_first_at_table=True)
    state = position(rules, hands=hands, table=table, phase=Phase.PLAY)
    assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, LayDown("4♦ 5♦ 6♦"))
