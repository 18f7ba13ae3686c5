"""Rules §13, laying off indirectly only to go out (DRoV Nr. 10, a variant reading): one test per
clause, in both readings of "zum Beenden".

The rule is a `Rules` field or enum member, off in every preset; a variant
built with `attrs.evolve` plays it. The expected positions are written from
the rule text.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    Draw,
    GameState,
    IndirectLayoffOut,
    InvalidDataError,
    InvalidRulesError,
    LayDown,
    LayOff,
    Reason,
    Rules,
    SwapJoker,
    SwappedJoker,
    TakeDiscard,
    apply,
    dumps,
    is_legal,
    legal_actions,
    loads,
)
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import DROV, play, position, refusal

DROV_MAUSCHELN_OUT = attrs.evolve(DROV, indirect_layoff_only_to_go_out=True)


HEARTS_RUN = ("8♥ 9♥ 10♥", 1)


SPADES_RUN = ("2♠ 3♠ 4♠", 0)


def test_indirect_layoff_refused_when_it_does_not_go_out_DRoV_Nr_10() -> None:
    """DRoV Nr. 10 (variant reading): the Q♥ fits 8♥ 9♥ 10♥ only after the hand's J♥
    ("indirekter Anleger"); with two cards left after it the player does not go out, so the take
    is refused (Reason.INDIRECT_LAYOFF_NOT_OUT) and the stock is the only draw."""
    state = position(
        DROV_MAUSCHELN_OUT,
        hands=("J♥ 3♣ 5♦", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♣ Q♥",
        table=(HEARTS_RUN, SPADES_RUN),
    )
    assert Reason.INDIRECT_LAYOFF_NOT_OUT == refusal(state, TakeDiscard(LayOff(0, "J♥ Q♥")))
    assert (Draw(),) == legal_actions(state)


def test_indirect_layoff_to_go_out_DRoV_Nr_10() -> None:
    """DRoV Nr. 10: "Mit zwei oder mehr Karten darfst du zum Beenden auch eine offene Karte nehmen,
    die erst zusammen mit einer deiner Handkarten irgendwo passt": J♥ and the taken Q♥ go onto
    8♥ 9♥ 10♥, and the 3♣ left is discarded to go out."""
    state = position(
        DROV_MAUSCHELN_OUT,
        hands=("J♥ 3♣", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♣ Q♥",
        table=(HEARTS_RUN, SPADES_RUN),
    )
    take = TakeDiscard(LayOff(0, "J♥ Q♥", "high"))
    assert take in legal_actions(state)
    state = play(state, take, Discard("3♣"))
    assert state.is_over
    assert state.result is not None
    assert 0 == state.result.winner


def test_a_card_that_fits_alone_is_no_indirect_layoff_DRoV_Nr_10() -> None:
    """DRoV Nr. 10, Streitfall 2: the taken J♥ fits 8♥ 9♥ 10♥ by itself, so laying it off with
    the hand's Q♥ is a plain lay-off and stays legal with cards left in hand."""
    state = position(
        DROV_MAUSCHELN_OUT,
        hands=("Q♥ 3♣ 5♦", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♣ J♥",
        table=(HEARTS_RUN, SPADES_RUN),
    )
    assert TakeDiscard(LayOff(0, "J♥ Q♥", "high")) in legal_actions(state)


def test_without_the_variant_mauscheln_is_allowed_any_time_DRoV_Nr_10() -> None:
    """DRoV Nr. 10 as the preset plays it: the indirect lay-off of Q♥ with J♥ is legal with two
    cards left (the variant is off in every preset)."""
    state = position(
        DROV,
        hands=("J♥ 3♣ 5♦", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♣ Q♥",
        table=(HEARTS_RUN, SPADES_RUN),
    )
    assert TakeDiscard(LayOff(0, "J♥ Q♥", "high")) in legal_actions(state)


DROV_GOES_OUT = attrs.evolve(
    DROV_MAUSCHELN_OUT, indirect_layoff_out=IndirectLayoffOut.GOES_OUT_THIS_TURN
)


LOW_HEARTS = ("6♥ 7♥ 8♥", 1)


CLUBS_RUN = ("5♣ 6♣ 7♣", 1)


GOES_OUT_HAND = "5♥ 2♣ 3♣ 4♣ K♣"


TAKE_4H = TakeDiscard(LayOff(0, "4♥ 5♥", "low"))


def _goes_out_position(rules: Rules, hand: str = GOES_OUT_HAND) -> GameState:
    """Seat 0 (opened) holds `hand`; the 4♥ is on the pile; 6♥ 7♥ 8♥ and 5♣ 6♣ 7♣ lie on the table."""
    return position(
        rules,
        hands=(hand, VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♦ 4♥",
        table=(LOW_HEARTS, SPADES_RUN, CLUBS_RUN),
    )


def test_indirect_layoff_to_go_out_this_turn_DRoV_Nr_10() -> None:
    """DRoV Nr. 10 (hardening round 3, point 10): "Mit zwei oder mehr Karten darfst du zum Beenden auch eine offene Karte nehmen,
    die erst zusammen mit einer deiner Handkarten irgendwo passt", read as going out this turn
    (indirect_layoff_out=goes_out_this_turn): holding 5♥ 2♣ 3♣ 4♣ K♣ the player takes the 4♥ to lay
    4♥ 5♥ onto 6♥ 7♥ 8♥, lays 2♣ 3♣ 4♣ and discards the K♣ to go out. Under the reading that the
    lay-off itself must leave one card (layoff_leaves_one) the same take is refused."""
    assert Reason.INDIRECT_LAYOFF_NOT_OUT == refusal(
        _goes_out_position(DROV_MAUSCHELN_OUT), TAKE_4H
    )
    state = _goes_out_position(DROV_GOES_OUT)
    assert TAKE_4H in legal_actions(state)
    state = play(state, TAKE_4H, LayDown("2♣ 3♣ 4♣", "run"), Discard("K♣"))
    assert state.result is not None
    assert 0 == state.result.winner


def test_a_take_to_go_out_binds_the_turn_DRoV_Nr_10() -> None:
    """DRoV Nr. 10, "zum Beenden" (goes_out_this_turn; hardening round 3, point 10): after the take the turn ends only by going
    out. The K♣ may not be discarded while 2♣ 3♣ 4♣ are held, and the 4♣ may not go onto 5♣ 6♣ 7♣,
    which would leave 2♣ 3♣ K♣ unmeldable (Reason.INDIRECT_LAYOFF_NOT_OUT both); laying off
    2♣ 3♣ 4♣ there goes out as well. The bound turn writes and reads back; other turns write no
    "to_go_out"."""
    before = _goes_out_position(DROV_GOES_OUT)
    state = apply(before, TAKE_4H)
    assert state.turn.to_go_out
    assert Reason.INDIRECT_LAYOFF_NOT_OUT == refusal(state, Discard("K♣"))
    assert Reason.INDIRECT_LAYOFF_NOT_OUT == refusal(state, LayOff(2, "4♣", "low"))
    assert not any(isinstance(action, Discard) for action in legal_actions(state))
    assert is_legal(state, LayOff(2, "2♣ 3♣ 4♣", "low"))
    assert state == loads(dumps(state))
    assert '"to_go_out"' in dumps(state)
    assert '"to_go_out"' not in dumps(before)
    reading = ', "indirect_layoff_out": "goes_out_this_turn"'
    assert reading in dumps(state)
    with pytest.raises(InvalidDataError, match="to_go_out"):
        loads(dumps(state).replace(reading, ""))  # the bound turn under the other reading


def test_a_bound_turn_does_not_end_by_discarding_a_freed_joker_DRoV_Nr_10() -> None:
    """DRoV Nr. 10, "zum Beenden" (goes_out_this_turn), with the German Rummy page's swapped joker
    placed or discarded: after taking the 4♥ to go out, the 6♣ may not swap the joker of 5♣ JK 7♣ to
    discard it, which would end the turn holding 9♦ 10♦ J♦ (Reason.INDIRECT_LAYOFF_NOT_OUT)."""
    rules = attrs.evolve(DROV_GOES_OUT, swapped_joker=SwappedJoker.MELD_OR_DISCARD)
    state = position(
        rules,
        hands=("5♥ 6♣ 9♦ 10♦ J♦", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♦ 4♥",
        table=(LOW_HEARTS, SPADES_RUN, ("5♣ JK 7♣", 1)),
    )
    state = apply(state, TAKE_4H)
    swap = SwapJoker(2, "6♣", Discard("JK"))
    assert Reason.INDIRECT_LAYOFF_NOT_OUT == refusal(state, swap)
    assert swap not in legal_actions(state)


def test_a_take_that_cannot_go_out_this_turn_is_refused_DRoV_Nr_10() -> None:
    """DRoV Nr. 10, "zum Beenden" (goes_out_this_turn): with 2♣ 3♣ 9♦ K♣ left after laying 4♥ 5♥ off,
    no melds of the hand leave a single card to discard, so the take is refused
    (Reason.INDIRECT_LAYOFF_NOT_OUT) and the stock is the only draw."""
    state = _goes_out_position(DROV_GOES_OUT, "5♥ 2♣ 3♣ 9♦ K♣")
    assert Reason.INDIRECT_LAYOFF_NOT_OUT == refusal(state, TAKE_4H)
    assert (Draw(),) == legal_actions(state)
    with pytest.raises(InvalidRulesError, match="indirect_layoff_out needs"):
        attrs.evolve(DROV, indirect_layoff_out=IndirectLayoffOut.GOES_OUT_THIS_TURN)


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_limits_mauscheln_to_going_out(name: str) -> None:
    """Rules §13: DRoV Nr. 10 allows the indirect lay-off with two or more cards; the limit is a variant."""
    assert not PRESETS[name].indirect_layoff_only_to_go_out
