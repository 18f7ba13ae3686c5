"""The optional take and swap rules of DRoV's disputes and Schmidt's leaflet, one test per clause (rules §13).

Each rule is a `Rules` field or enum member, off in every preset; a variant
built with `attrs.evolve` plays it. The expected positions are written from
the rule text.
"""

from __future__ import annotations

import attrs
import pytest
from hypothesis import given, settings

from romme import (
    PRESETS,
    AdjacentJokers,
    Card,
    Discard,
    Draw,
    FailedTake,
    GameState,
    IllegalActionError,
    IndirectLayoffOut,
    InvalidDataError,
    InvalidRulesError,
    JokerLimit,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Rank,
    Reason,
    Rules,
    Suit,
    SwapJoker,
    SwappedJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    apply,
    dumps,
    is_legal,
    legal_actions,
    loads,
    parse_action,
    view,
)
from romme.game._board import board_text
from romme.testing import NearMiss, near_miss_actions
from tests.scenarios._helpers import DROV, SCHMIDT, Summary, play, position, refusal, summary

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


def test_the_state_after_a_failed_take_writes_and_reads_back_DRoV_Streitfall_1_3() -> None:
    """DRoV Streitfall 1, 3: the position that waits for the discard (the returned card still named in the
    turn, in no staged meld) is a position like any other: its document loads back equal."""
    state = position(DROV_DISCARD, hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2), discard="4♥ 9♠")
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack())
    assert state == loads(dumps(state))


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


def test_near_misses_after_a_failed_take_name_its_refusal_DRoV_Streitfall_1_3() -> None:
    """DRoV Streitfall 1, 3: after the failed take a lay-down is refused for the turn's end before its
    cards are looked at, so `romme.testing.near_miss_actions` must allow
    Reason.TURN_ENDS_WITH_DISCARD for a lay-down of a card not held (a case the stateful test under
    random rules found refused so, with only CARD_NOT_IN_HAND allowed)."""
    state = position(DROV_DISCARD, hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2), discard="4♥ 9♠")
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack())
    assert Reason.TURN_ENDS_WITH_DISCARD == refusal(state, LayDown("K♣ K♠ K♦"))
    assert Reason.NOT_OPENED == refusal(state, LayOff(3, "K♣"))  # a failed take leaves it unopened
    assert Reason.CARD_NOT_IN_HAND == refusal(state, Discard("K♦"))

    @settings(max_examples=200, database=None, deadline=None)
    @given(miss=near_miss_actions(state))
    def refused_as_named(miss: NearMiss) -> None:
        with pytest.raises(IllegalActionError) as refused:
            apply(state, miss.action, player=miss.player)
        assert refused.value.reason in miss.reasons

    refused_as_named()


def test_no_table_card_is_taken_after_a_failed_take_DRoV_Streitfall_1_3_ASS_S_2() -> None:
    """DRoV Streitfall 1, 3 with Räuber-Rommé (ASS S. 2–3) open to players who have not opened: the
    turn ends "mit einer Abwurfkarte", so taking a table card is refused too
    (Reason.TURN_ENDS_WITH_DISCARD) and the discards stay the only legal actions."""
    rules = attrs.evolve(
        DROV_DISCARD, rearrange=True, rearrange_needs_opened=False, opening_counts_table_cards=True
    )
    state = position(
        rules,
        hands=(FAILED_TAKE_HAND, SEAT_1, SEAT_2),
        discard="4♥ 9♠",
        table=(("9♦ 10♦ J♦ Q♦", 1),),
    )
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack())
    assert Reason.TURN_ENDS_WITH_DISCARD == refusal(state, TakeFromTable(0, 3))
    assert all(isinstance(action, Discard) for action in legal_actions(state))


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


# -- DRoV Nr. 10: laying off indirectly ("mauscheln") only to go out ------------------

DROV_MAUSCHELN_OUT = attrs.evolve(DROV, indirect_layoff_only_to_go_out=True)
HEARTS_RUN = ("8♥ 9♥ 10♥", 1)
SPADES_RUN = ("2♠ 3♠ 4♠", 0)


def test_indirect_layoff_refused_when_it_does_not_go_out_DRoV_Nr_10() -> None:
    """DRoV Nr. 10 (variant reading): the Q♥ fits 8♥ 9♥ 10♥ only after the hand's J♥
    ("indirekter Anleger"); with two cards left after it the player does not go out, so the take
    is refused (Reason.INDIRECT_LAYOFF_NOT_OUT) and the stock is the only draw."""
    state = position(
        DROV_MAUSCHELN_OUT,
        hands=("J♥ 3♣ 5♦", SEAT_1, SEAT_2),
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
        hands=("J♥ 3♣", SEAT_1, SEAT_2),
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
        hands=("Q♥ 3♣ 5♦", SEAT_1, SEAT_2),
        discard="6♣ J♥",
        table=(HEARTS_RUN, SPADES_RUN),
    )
    assert TakeDiscard(LayOff(0, "J♥ Q♥", "high")) in legal_actions(state)


def test_without_the_variant_mauscheln_is_allowed_any_time_DRoV_Nr_10() -> None:
    """DRoV Nr. 10 as the preset plays it: the indirect lay-off of Q♥ with J♥ is legal with two
    cards left (the variant is off in every preset)."""
    state = position(
        DROV, hands=("J♥ 3♣ 5♦", SEAT_1, SEAT_2), discard="6♣ Q♥", table=(HEARTS_RUN, SPADES_RUN)
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
        hands=(hand, SEAT_1, SEAT_2),
        discard="6♦ 4♥",
        table=(LOW_HEARTS, SPADES_RUN, CLUBS_RUN),
    )


def test_indirect_layoff_to_go_out_this_turn_DRoV_Nr_10() -> None:
    """DRoV Nr. 10: "Mit zwei oder mehr Karten darfst du zum Beenden auch eine offene Karte nehmen,
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
    """DRoV Nr. 10, "zum Beenden" (goes_out_this_turn): after the take the turn ends only by going
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
        hands=("5♥ 6♣ 9♦ 10♦ J♦", SEAT_1, SEAT_2),
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


# -- Schmidt S. 3: a swap only when the meld is complete afterwards ------------------

SCHMIDT_COMPLETE = attrs.evolve(SCHMIDT, swap_needs_complete_meld=True)
OWN_RUN = ("2♦ 3♦ 4♦", 0)


def _opened_with_own_run(rules: Rules, hand: str) -> GameState:
    """Seat 0 (opened, holding `hand`, its run 2♦ 3♦ 4♦ on the table) plays; nobody else has opened."""
    return position(
        rules,
        hands=(hand, SEAT_1, SEAT_2),
        table=(OWN_RUN,),
        opened=(True, False, False),
        phase=Phase.PLAY,
    )


def _swap_table(rules: Rules, hand: str, meld: str) -> GameState:
    """Seat 0 (opened, holding `hand` and the run 2♦ 3♦ 4♦ on the table) plays; seat 1's `meld` lies."""
    return position(
        rules,
        hands=(hand, SEAT_1, SEAT_2),
        table=((meld, 1), OWN_RUN),
        opened=(True, True, False),
        phase=Phase.PLAY,
    )


def test_swap_refused_when_a_joker_stays_in_the_run_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "Tausch erst, wenn die Kombination danach vollständig ist": in
    5♣ JK 7♣ 8♣ JK the 6♣ would leave a joker behind, so the swap is refused
    (Reason.SWAP_NOT_COMPLETE) and no swap is legal."""
    state = _swap_table(SCHMIDT_COMPLETE, "6♣ 8♥ 9♥ 5♠", "5♣ JK 7♣ 8♣ JK")
    swap = SwapJoker(0, "6♣", LayDown("JK 8♥ 9♥"))
    assert Reason.SWAP_NOT_COMPLETE == refusal(state, swap)
    assert not any(isinstance(action, SwapJoker) for action in legal_actions(state))


def test_swap_that_leaves_a_run_of_natural_cards_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): the 7♣ makes 5♣ 6♣ 7♣ a run of natural cards, complete, so the swap
    is legal and the freed joker goes into a new meld (DRoV Nr. 6)."""
    state = _swap_table(SCHMIDT_COMPLETE, "7♣ 8♥ 9♥ 5♠", "5♣ 6♣ JK")
    swap = SwapJoker(0, "7♣", LayDown("JK 8♥ 9♥"))
    assert is_legal(state, swap)
    assert any(isinstance(action, SwapJoker) for action in legal_actions(state))
    state = apply(state, swap)
    assert ["5♣ 6♣ 7♣", "2♦ 3♦ 4♦", "JK 8♥ 9♥"] == [str(entry.meld) for entry in state.table]


def test_swap_in_a_set_of_three_is_not_complete_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): a set is complete with its four suits; K♣ K♠ JK with the K♥ would
    hold three, so the swap is refused even where sets of three may be swapped."""
    rules = attrs.evolve(SCHMIDT_COMPLETE, swap_set_needs_four=False)
    state = _swap_table(rules, "K♥ 8♥ 9♥ 5♠", "K♣ K♠ JK")
    assert Reason.SWAP_NOT_COMPLETE == refusal(state, SwapJoker(0, "K♥", LayDown("JK 8♥ 9♥")))
    without = _swap_table(
        attrs.evolve(rules, swap_needs_complete_meld=False), "K♥ 8♥ 9♥ 5♠", "K♣ K♠ JK"
    )
    assert is_legal(without, SwapJoker(0, "K♥", LayDown("JK 8♥ 9♥")))


def test_swap_in_a_set_of_four_is_complete_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): K♣ K♠ K♥ JK with the K♦ is the complete set of four suits."""
    state = _swap_table(SCHMIDT_COMPLETE, "K♦ 8♥ 9♥ 5♠", "K♣ K♠ K♥ JK")
    assert is_legal(state, SwapJoker(0, "K♦", LayDown("JK 8♥ 9♥")))


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_needs_a_complete_meld_to_swap(name: str) -> None:
    """Rules §13: Schmidt's stricter swap is a variant of its leaflet, off in every preset."""
    assert not PRESETS[name].swap_needs_complete_meld


# -- Schmidt S. 3: two jokers side by side in runs of four or more -------------------

SCHMIDT_LONG_RUNS = attrs.evolve(SCHMIDT, adjacent_jokers=AdjacentJokers.LONG_RUNS)


def test_two_jokers_side_by_side_in_a_run_of_five_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "zwei Joker nebeneinander in Folgen ab vier Karten erlaubt": a
    joker laid off next to the joker of 5♥ 6♥ 7♥ JK makes a run of five, legal; the preset, like
    DRoV Nr. 8, refuses it at the high end (where the jokers would touch, the cards no longer
    continue the run: Reason.LAYOFF_DOES_NOT_FIT)."""
    table = (("5♥ 6♥ 7♥ JK", 1), OWN_RUN)
    hands = ("JK 3♣ 9♠", SEAT_1, SEAT_2)
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
    state = position(rules, hands=("A♥ 4♥ JK JK 3♣", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert Reason.ADJACENT_JOKERS == refusal(state, LayDown("A♥ JK JK", "run"))
    assert is_legal(state, LayDown("A♥ JK JK 4♥", "run"))


def test_three_jokers_in_a_row_in_a_long_run_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant) against DRoV Nr. 8: the ban on jokers side by side is lifted in runs
    of four or more, so 4♥ 5♥ 6♥ 7♥ JK JK JK under DRoV's minority limit is a run of seven."""
    state = _opened_with_own_run(SCHMIDT_LONG_RUNS, "4♥ 5♥ 6♥ 7♥ JK JK JK 3♣")
    assert LayDown("4♥ 5♥ 6♥ 7♥ JK JK JK", "run") in legal_actions(state)


# -- Schmidt S. 3: announced jokers --------------------------------------------------

SCHMIDT_ANNOUNCED = attrs.evolve(SCHMIDT, announced_jokers=True, swap_set_needs_four=False)
KINGS = "K♣ K♠ JK"


def _kings_on_table(announced: str) -> GameState:
    """Seat 0, opened, lays K♣ K♠ JK with its joker announced as `announced`."""
    state = position(
        SCHMIDT_ANNOUNCED,
        hands=("K♣ K♠ JK 3♣ 9♠", "8♥ 9♥ 10♥ 4♣ 5♦ 7♣", SEAT_2),
        table=(OWN_RUN,),
        opened=(True, False, False),
        phase=Phase.PLAY,
    )
    return apply(state, LayDown(KINGS, announce=announced))


def test_a_set_joker_is_laid_with_its_announced_card_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "Den Joker beim Auslegen ansagen": K♣ K♠ JK is refused without an
    announcement (Reason.JOKER_NOT_ANNOUNCED) and listed once for each suit the set can still take,
    K♥ and K♦."""
    state = _opened_with_own_run(SCHMIDT_ANNOUNCED, "K♣ K♠ JK 3♣ 9♠")
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown(KINGS))
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown(KINGS, announce="K♣"))
    kings = [a for a in legal_actions(state) if isinstance(a, LayDown) and a.kind is MeldKind.SET]
    assert {("K♥",), ("K♦",)} == {tuple(str(c) for c in a.announce) for a in kings}


def test_the_announced_card_lies_on_the_table_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): the announcement is recorded with the table meld, seen by every
    seat, and survives the JSON round trip."""
    state = _kings_on_table("K♥")
    entry = state.table[1]
    assert (Card(Rank.KING, Suit.HEARTS),) == entry.announced
    assert view(state, 2).table[1].announced == entry.announced
    assert "jokers announced as K♥" in board_text(view(state, 2))
    assert state == loads(dumps(state))
    assert "meld K♣ K♠ JK as K♥" == str(LayDown(KINGS, announce="K♥"))
    assert LayDown(KINGS, announce="K♥") == parse_action("meld K♣ K♠ JK as K♥")


def _announced_kings(hand: str) -> GameState:
    """Seat 0's set K♣ K♠ JK lies with its joker announced as K♥; seat 1 (opened, holding `hand`) plays."""
    base = position(
        SCHMIDT_ANNOUNCED,
        hands=("3♣", hand, SEAT_2),
        table=((KINGS, 0), OWN_RUN),
        opened=(True, True, False),
        current_player=1,
        phase=Phase.PLAY,
    )
    entry = attrs.evolve(base.table[0], announced=(Card(Rank.KING, Suit.HEARTS),))
    return attrs.evolve(base, table=(entry, base.table[1]))


def test_only_the_announced_card_swaps_the_joker_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "damit er nur gegen genau diese Karte getauscht werden kann": the
    joker announced as K♥ is not swapped by the K♦ (Reason.SWAP_NOT_ANNOUNCED), by the K♥ it is."""
    follow = LayDown("JK 8♥ 9♥ 10♥")
    state = _announced_kings("K♦ K♥ 8♥ 9♥ 10♥ 4♣")
    assert Reason.SWAP_NOT_ANNOUNCED == refusal(state, SwapJoker(0, "K♦", follow))
    assert is_legal(state, SwapJoker(0, "K♥", follow))
    swaps = {a.card for a in legal_actions(state) if isinstance(a, SwapJoker)}
    assert {Card(Rank.KING, Suit.HEARTS)} == swaps
    after = apply(state, SwapJoker(0, "K♥", follow))
    assert () == after.table[0].announced
    assert "K♣ K♠ K♥" == str(after.table[0].meld)


def test_a_run_joker_needs_no_announcement_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): in a run the joker's card is fixed by its place (5♣ 6♣ JK: the 7♣),
    so nothing is announced, and an announcement is refused."""
    state = _opened_with_own_run(SCHMIDT_ANNOUNCED, "5♣ 6♣ JK 3♥ 9♠")
    assert is_legal(state, LayDown("5♣ 6♣ JK", "run"))
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown("5♣ 6♣ JK", "run", "7♣"))


def test_no_natural_card_in_an_announced_suit_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant) with DRoV Nr. 8's distinct suits: the K♥ may not be laid off onto a
    set whose joker is announced as K♥ (Reason.JOKER_NOT_ANNOUNCED: only a swap puts it there); the K♦
    may."""
    state = _announced_kings("K♦ K♥ 4♣ 7♦")
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayOff(0, "K♥"))
    assert is_legal(state, LayOff(0, "K♦"))


SCHMIDT_ANNOUNCED_FOUR = attrs.evolve(SCHMIDT, announced_jokers=True)


def test_announced_card_of_a_set_of_three_waits_Schmidt_S_3_DRoV_Nr_9() -> None:
    """Schmidt S. 3 (variant): "Den Joker beim Auslegen ansagen, damit er nur gegen genau diese Karte
    getauscht werden kann", with DRoV Nr. 9 kept ("In einem Satz darfst du den Joker nur tauschen, wenn
    der Satz vier Karten hat"): on K♣ K♠ JK announced as K♥ the K♥ is neither laid off
    (Reason.JOKER_NOT_ANNOUNCED, in words a player who laid no joker reads: the joker was announced as the
    K♥, and the swap needs four cards) nor swapped (Reason.SWAP_NEEDS_FOUR); once the K♦ makes the set
    four cards the K♥ swaps the joker. Without DRoV Nr. 9's four cards it swaps at once."""
    base = _announced_kings("K♦ K♥ 8♥ 9♥ 10♥ 4♣")
    state = attrs.evolve(base, rules=SCHMIDT_ANNOUNCED_FOUR)
    follow = LayDown("JK 8♥ 9♥ 10♥")
    with pytest.raises(IllegalActionError) as refused:
        apply(state, LayOff(0, "K♥"))
    assert Reason.JOKER_NOT_ANNOUNCED == refused.value.reason
    assert "announced as K♥" in str(refused.value)
    assert "four cards" in str(refused.value)
    assert Reason.SWAP_NEEDS_FOUR == refusal(state, SwapJoker(0, "K♥", follow))
    four = apply(state, LayOff(0, "K♦"))
    assert is_legal(four, SwapJoker(0, "K♥", follow))
    assert is_legal(base, SwapJoker(0, "K♥", follow))  # swap_set_needs_four off


def test_without_the_variant_nothing_is_announced_Schmidt_S_3() -> None:
    """Schmidt S. 3: the leaflet's own game announces nothing: an announcement is refused, and the
    documents of unannounced melds keep their form (no "announced" key)."""
    state = _opened_with_own_run(SCHMIDT, "K♣ K♠ JK 3♣ 9♠")
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown(KINGS, announce="K♥"))
    assert "announced" not in dumps(apply(state, LayDown(KINGS)))


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_announces_jokers(name: str) -> None:
    """Rules §13: announced jokers are a variant of Schmidt's leaflet, off in every preset."""
    assert not PRESETS[name].announced_jokers
