"""Rules §13, two jokers side by side in runs of four or more (Schmidt S. 3, a variant): one test
per clause.

The rule is a `Rules` field or enum member, off in every preset; a variant
built with `attrs.evolve` plays it. The expected positions are written from
the rule text.
"""

from __future__ import annotations

import attrs

from romme import (
    AdjacentJokers,
    JokerLimit,
    LayDown,
    LayOff,
    Phase,
    Reason,
    apply,
    is_legal,
    legal_actions,
)
from tests.rules._helpers import OWN_RUN, VARIANT_SEAT_1, VARIANT_SEAT_2, opened_with_own_run
from tests.scenarios._helpers import SCHMIDT, position, refusal

SCHMIDT_LONG_RUNS = attrs.evolve(SCHMIDT, adjacent_jokers=AdjacentJokers.LONG_RUNS)


def test_two_jokers_side_by_side_in_a_run_of_five_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "zwei Joker nebeneinander in Folgen ab vier Karten erlaubt": a
    joker laid off next to the joker of 5♥ 6♥ 7♥ JK makes a run of five, legal; the preset, like
    DRoV Nr. 8, refuses it at the high end (where the jokers would touch, the cards no longer
    continue the run: Reason.LAYOFF_DOES_NOT_FIT)."""
    table = (("5♥ 6♥ 7♥ JK", 1), OWN_RUN)
    hands = ("JK 3♣ 9♠", VARIANT_SEAT_1, VARIANT_SEAT_2)
    state = position(
        SCHMIDT_LONG_RUNS, hands=hands, table=table, opened=(True, True, False), phase=Phase.PLAY
    )
    assert LayOff(0, "JK", "high") in legal_actions(state)
    state = apply(state, LayOff(0, "JK", "high"))
    assert "5♥ 6♥ 7♥ JK JK" == str(state.table[0].meld)
    preset = position(
        SCHMIDT, hands=hands, table=table, opened=(True, True, False), phase=Phase.PLAY
    )
    assert Reason.LAYOFF_DOES_NOT_FIT == refusal(preset, LayOff(0, "JK", "high"))


def test_no_jokers_side_by_side_in_a_run_of_three_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): only runs "ab vier Karten": under a joker limit that lets A♥ JK JK
    be laid, the run of three (A-2-3, no K-A-2 under Schmidt) with its jokers side by side is
    refused (Reason.ADJACENT_JOKERS), the run of four A♥ JK JK 4♥ laid."""
    rules = attrs.evolve(SCHMIDT_LONG_RUNS, joker_limit=JokerLimit.NONE, opening_threshold=0)
    state = position(
        rules, hands=("A♥ 4♥ JK JK 3♣", VARIANT_SEAT_1, VARIANT_SEAT_2), phase=Phase.PLAY
    )
    assert Reason.ADJACENT_JOKERS == refusal(state, LayDown("A♥ JK JK", "run"))
    assert is_legal(state, LayDown("A♥ JK JK 4♥", "run"))


def test_three_jokers_in_a_row_in_a_long_run_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant) against DRoV Nr. 8: the ban on jokers side by side is lifted in runs
    of four or more, so 4♥ 5♥ 6♥ 7♥ JK JK JK under DRoV's minority limit is a run of seven."""
    state = opened_with_own_run(SCHMIDT_LONG_RUNS, "4♥ 5♥ 6♥ 7♥ JK JK JK 3♣")
    assert LayDown("4♥ 5♥ 6♥ 7♥ JK JK JK", "run") in legal_actions(state)
