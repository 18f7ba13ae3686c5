"""The optional take and swap rules of DRoV's disputes and Schmidt's leaflet, one test per clause (rules §13).

Each rule is a `Rules` field or enum member, off in every preset; a variant
built with `attrs.evolve` plays it. The expected positions are written from
the rule text.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    FailedTake,
    LayDown,
    Phase,
    Reason,
    TakeBack,
    TakeDiscard,
    legal_actions,
)
from tests.scenarios._helpers import DROV, Summary, play, position, refusal, summary

SEAT_1 = "2♣ 3♦ 4♥ 6♠"
SEAT_2 = "6♣ 7♦ 8♥ 10♠"

# -- DRoV Streitfall 1, 3: a failed take ends the turn with a discard ----------------

DROV_DISCARD = attrs.evolve(DROV, failed_take=FailedTake.DISCARD)
FAILED_TAKE_HAND = "7♠ 8♠ K♣ K♠ K♥ 2♦ 5♣"


def test_failed_take_returns_the_card_and_leaves_the_discard_DRoV_Streitfall_1_3() -> None:
    """DRoV Streitfall 1, 3: "nimmst du alles zurück auf die Hand und beendest deinen Zug mit einer
    Abwurfkarte. Hattest du die offene Karte genommen, kommt sie zurück": the 9♠ is back on the pile,
    the hand holds its cards again, and the same player is still to end the turn."""
    state = position(DROV_DISCARD, hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2), discard="4♥ 9♠")
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack())
    assert Summary.of(
        hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2),
        discard_pile="4♥ 9♠",
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_after_a_failed_take_only_a_discard_is_legal_DRoV_Streitfall_1_3() -> None:
    """DRoV Streitfall 1, 3: the turn ends "mit einer Abwurfkarte": the seven discards are the only
    legal actions, and a new lay-down is refused (Reason.TURN_ENDS_WITH_DISCARD)."""
    state = position(DROV_DISCARD, hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2), discard="4♥ 9♠")
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack())
    assert {Discard(card) for card in ["7♠", "8♠", "K♣", "K♠", "K♥", "2♦", "5♣"]} == set(
        legal_actions(state)
    )
    assert Reason.TURN_ENDS_WITH_DISCARD == refusal(state, LayDown("K♣ K♠ K♥"))
    assert Reason.NOTHING_TO_TAKE_BACK == refusal(state, TakeBack())


def test_the_discard_after_a_failed_take_leaves_the_hand_one_card_short_DRoV_Streitfall_1_3() -> (
    None
):
    """DRoV Streitfall 1, 3 against Nr. 4c: the player discards without having drawn, so the hand
    of seven cards keeps six, and the next seat draws."""
    state = position(DROV_DISCARD, hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2), discard="4♥ 9♠")
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack(), Discard("2♦"))
    assert Summary.of(
        hands=("7♠ 8♠ K♣ K♠ K♥ 5♣", SEAT_1, SEAT_2),
        discard_pile="4♥ 9♠ 2♦",
        opened=(False, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(state)


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_discards_after_a_failed_take(name: str) -> None:
    """Rules §13: Streitfall 1/3's reading is a variant; DRoV Nr. 4c's end without a discard (or
    cardgames.zone §9's redo) stays every preset's."""
    assert PRESETS[name].failed_take is not FailedTake.DISCARD
