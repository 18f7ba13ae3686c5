"""The C core's play phase of a seat that has opened, on positions written by hand (docs/maintainers.md, "The accelerator").

Each position sends the slice down one branch: the moves expected are
written out from the rules, in the generator's order (the discards in card
order, then the lay-downs in the order of the melds found, sets by rank and
runs by suit, then the lay-offs by table meld, the high end of a run before
its low end), and the C core must list them itself, for the state and for
the acting seat's view, as the pure core lists them. Where the slice does
not decide a position it must hand it to Python.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import attrs
import pytest

from romme import (
    JOKER,
    Action,
    Discard,
    GameState,
    IndirectLayoffOut,
    JokerLimit,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Side,
    SwapJoker,
    TakeDiscard,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.melds import pack_cards
from tests.accel._slices import listed_in_c, opened_play
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_FREE = find_rules("german-rummy")  # one joker a meld, no K-A-2; a joker may be discarded
_DROV = find_rules("drov")  # K-A-2, fewer jokers than natural cards; a joker goes last


def _discards(text: str) -> tuple[Discard, ...]:
    return tuple(Discard(card) for card in parse_cards(text))


def _layoff(target: int, cards: str, side: Side | None) -> LayOff:
    return LayOff(target=target, cards=parse_cards(cards), side=side)


def _listed(cturn: ModuleType, state: GameState) -> tuple[Action, ...]:
    """C's moves of the state, and the same of the acting seat's view (the bots list from views)."""
    moves = listed_in_c(cturn, state)
    assert listed_in_c(cturn, view(state, state.current_player)) == moves
    return moves


def test_an_opened_seat_lists_its_discards_lay_downs_and_lay_offs(cturn: ModuleType) -> None:
    """Rules §4–§6: the discards in card order (♣ ♠ ♥ ♦), the set 7♣ 7♠ 7♦ laid down, the 10♥ laid off at the high end of 7♥ 8♥ 9♥."""
    state = opened_play(_FREE, "7♣ 7♦ 7♠ 10♥ K♠", "7♥ 8♥ 9♥")
    assert _listed(cturn, state) == (
        *_discards("7♣ 7♠ K♠ 10♥ 7♦"),
        LayDown(parse_cards("7♣ 7♠ 7♦"), kind=MeldKind.SET),
        _layoff(0, "10♥", Side.HIGH),
    )


def test_the_lay_downs_come_in_the_order_of_the_melds_found(cturn: ModuleType) -> None:
    """Rules §3, §5: the sets by rank first, then the runs by suit, each run by its start and then its length."""
    state = opened_play(_FREE, "5♠ 6♠ 7♠ 8♠ 8♣ 8♦ 2♥")
    assert _listed(cturn, state)[7:] == (
        LayDown(parse_cards("8♣ 8♠ 8♦"), kind=MeldKind.SET),
        LayDown(parse_cards("5♠ 6♠ 7♠"), kind=MeldKind.RUN),
        LayDown(parse_cards("5♠ 6♠ 7♠ 8♠"), kind=MeldKind.RUN),
        LayDown(parse_cards("6♠ 7♠ 8♠"), kind=MeldKind.RUN),
    )


def test_a_run_is_extended_at_both_ends_with_the_joker(cturn: ModuleType) -> None:
    """Rules §6, DRoV Nr. 8 (one joker a meld, never two side by side): the joker beyond the 9♥; the 6♥, the joker and the 6♥, and the joker below the 7♥."""
    state = opened_play(_FREE, "6♥ JK 2♣", "7♥ 8♥ 9♥")
    assert _listed(cturn, state) == (
        *_discards("2♣ 6♥ JK"),
        _layoff(0, "JK", Side.HIGH),
        _layoff(0, "6♥", Side.LOW),
        _layoff(0, "JK 6♥", Side.LOW),
        _layoff(0, "JK", Side.LOW),
    )


def test_a_set_takes_a_joker_or_a_card_of_a_suit_it_lacks(cturn: ModuleType) -> None:
    """Rules §6, DRoV Nr. 8 (set_distinct_suits): 8♣ 8♠ 8♥ takes the joker or the 8♦ (fewest cards first), never a second 8♣; the hand's own set 8♣ 8♦ JK comes first."""
    state = opened_play(_FREE, "8♦ 8♣ JK 3♣", "8♣ 8♠ 8♥")
    assert _listed(cturn, state) == (
        *_discards("3♣ 8♣ 8♦ JK"),
        LayDown(parse_cards("8♣ 8♦ JK"), kind=MeldKind.SET),
        _layoff(0, "JK", None),
        _layoff(0, "8♦", None),
    )


def test_a_run_goes_around_the_corner_only_under_ace_wraps(cturn: ModuleType) -> None:
    """DRoV Nr. 8 (ace_wraps): the 2♠ goes onto Q♠ K♠ A♠ under DRoV, not under the German Rummy rules."""
    listed = {}
    for name, rules in (("drov", _DROV), ("german-rummy", _FREE)):
        listed[name] = _listed(cturn, opened_play(rules, "2♠ 3♣", "Q♠ K♠ A♠"))
    assert listed["drov"] == (*_discards("3♣ 2♠"), _layoff(0, "2♠", Side.HIGH))
    assert listed["german-rummy"] == _discards("3♣ 2♠")


@pytest.mark.parametrize(
    ("limit", "expected"),
    [
        (JokerLimit.MINORITY, ()),  # two jokers beside two natural cards: not fewer
        (JokerLimit.NOT_MAJORITY, (("JK", Side.HIGH), ("JK", Side.LOW))),
    ],
)
def test_the_joker_limit_holds_for_the_run_laid_off_onto(
    cturn: ModuleType, limit: JokerLimit, expected: tuple[tuple[str, Side], ...]
) -> None:
    """DRoV Nr. 8 (joker_limit): a second joker onto 7♥ JK 9♥ is refused where jokers must be fewer than the natural cards."""
    rules = attrs.evolve(_DROV, joker_limit=limit)
    state = opened_play(rules, "JK 2♣ 5♣", "7♥ JK 9♥")
    assert _listed(cturn, state) == (
        *_discards("2♣ 5♣"),  # the joker goes only as the last card
        *(_layoff(0, cards, side) for cards, side in expected),
    )


@pytest.mark.parametrize("discard_to_go_out", [True, False])
def test_melding_the_last_card_needs_no_discard_only_where_the_rules_say(
    cturn: ModuleType, discard_to_go_out: bool
) -> None:
    """DRoV Streitfall 7 (discard_to_go_out): the last card, the 10♥, is laid off only where a player may go out without a discard."""
    rules = attrs.evolve(_FREE, discard_to_go_out=discard_to_go_out)
    moves = _listed(cturn, opened_play(rules, "10♥", "7♥ 8♥ 9♥"))
    laid_off = () if discard_to_go_out else (_layoff(0, "10♥", Side.HIGH),)
    assert moves == (*_discards("10♥"), *laid_off)


def test_the_taken_card_kept_back_needs_another_discard(cturn: ModuleType) -> None:
    """Rules §4 (rediscard_taken off): the 7♣ taken may not go back, so 4♠ 5♠ 6♠ 7♠ may not be laid down: the 7♣ alone would be left."""
    state = position(
        _FREE,
        hands=["4♠ 5♠ 6♠ 7♠", "4♣ 6♦ 10♥"],
        table=[("10♦ J♦ Q♦", 1)],
        opened=[True, True],
        discard="7♣",
    )
    taken = pure.apply(state, TakeDiscard())
    assert _listed(cturn, taken) == (
        *_discards("4♠ 5♠ 6♠ 7♠"),
        LayDown(parse_cards("4♠ 5♠ 6♠"), kind=MeldKind.RUN),
        LayDown(parse_cards("5♠ 6♠ 7♠"), kind=MeldKind.RUN),
    )


def test_no_lay_off_in_the_opening_turn_where_the_rules_wait(cturn: ModuleType) -> None:
    """House rules (opening_turn_layoffs off): a seat that opened this turn lays off from its next turn on; it lays down and discards."""
    state = opened_play(find_rules("house"), "10♥ 2♣", "7♥ 8♥ 9♥")
    opening_turn = attrs.evolve(state, turn=attrs.evolve(state.turn, opened_before=False))
    assert _listed(cturn, opening_turn) == _discards("2♣ 10♥")
    assert _listed(cturn, state) == (*_discards("2♣ 10♥"), _layoff(0, "10♥", Side.HIGH))


def _swap(card: str, then: Action | None) -> SwapJoker:
    return SwapJoker(target=0, card=parse_cards(card)[0], then=then)


def test_a_swapped_joker_is_discarded_where_the_rules_allow(cturn: ModuleType) -> None:
    """Rules §6 (German Rummy: swapped_joker=meld_or_discard, swap_back_same_meld off): the 8♥ takes the joker's place in 7♥ JK 9♥; the joker may not go back there, and no meld of 2♣ takes it, so it is discarded."""
    state = opened_play(_FREE, "8♥ 2♣", "7♥ JK 9♥")
    assert _listed(cturn, state) == (*_discards("2♣ 8♥"), _swap("8♥", Discard(JOKER)))


def test_a_swapped_joker_is_laid_off_in_the_same_action(cturn: ModuleType) -> None:
    """Rules §6, DRoV Nr. 6 (swapped_joker=meld_same_turn, swap_back_same_meld on): the joker freed from 7♥ JK 9♥ by the 8♥ goes back onto 7♥ 8♥ 9♥ at either end; 5♣ 6♣ JK would empty the hand, which must keep a card to discard (DRoV Streitfall 7)."""
    state = opened_play(_DROV, "8♥ 5♣ 6♣", "7♥ JK 9♥")
    assert _listed(cturn, state) == (
        *_discards("5♣ 6♣ 8♥"),
        _swap("8♥", _layoff(0, "JK", Side.HIGH)),
        _swap("8♥", _layoff(0, "JK", Side.LOW)),
    )


def test_a_swapped_joker_goes_to_the_hand_under_the_house_rules(cturn: ModuleType) -> None:
    """House rules ¶5 (swapped_joker=to_hand): the swap alone, the joker to the hand."""
    state = opened_play(find_rules("house"), "8♥ 2♣", "7♥ JK 9♥")
    assert _listed(cturn, state) == (*_discards("2♣ 8♥"), _swap("8♥", None))


def test_a_joker_in_a_set_of_three_is_not_swapped(cturn: ModuleType) -> None:
    """DRoV rule 9 (swap_set_needs_four): the 7♥ does not swap the joker of 7♣ 7♠ JK; it is laid off onto the set."""
    state = opened_play(_DROV, "7♥ 2♣ 9♠", "7♣ 7♠ JK")
    assert _listed(cturn, state) == (*_discards("2♣ 9♠ 7♥"), _layoff(0, "7♥", None))


def test_without_joker_swaps_the_card_is_only_discarded(cturn: ModuleType) -> None:
    """Rules §6 (joker_swap off): the 8♥ stays in hand."""
    state = opened_play(attrs.evolve(_FREE, joker_swap=False), "8♥ 2♣", "7♥ JK 9♥")
    assert _listed(cturn, state) == _discards("2♣ 8♥")


@pytest.mark.parametrize(
    "change",
    [
        {"announced_jokers": True},  # the jokers of a set announced (Schmidt S. 3)
        {"no_melds_first_go_round": True},  # turn 0: the first go-round (ASS S. 1)
    ],
)
def test_the_rules_the_slice_leaves_to_python(cturn: ModuleType, change: dict[str, Any]) -> None:
    """ASS S. 1, Schmidt S. 3: announced jokers and the first go-round are listed by Python (Räuber-Rommé: tests/accel/test_raeuber_slice.py)."""
    state = opened_play(attrs.evolve(_FREE, **change), "7♣ 7♦ 7♠ 10♥", "7♥ 8♥ 9♥")
    assert cturn.legal_actions(state) is NotImplemented
    assert cturn.legal_actions(view(state, 0)) is NotImplemented


def test_a_turn_bound_to_go_out_is_left_to_python(cturn: ModuleType) -> None:
    """DRoV Nr. 10 (indirect_layoff_out=goes_out_this_turn): the 4♥ taken to lay 4♥ 5♥ onto 6♥ 7♥ 8♥ binds the turn to go out, which asks the meld search of the rest of the hand: Python's."""
    rules = attrs.evolve(
        _DROV,
        indirect_layoff_only_to_go_out=True,
        indirect_layoff_out=IndirectLayoffOut.GOES_OUT_THIS_TURN,
    )
    state = position(
        rules,
        hands=("5♥ 2♣ 3♣ 4♣ K♣", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♦ 4♥",
        table=(("6♥ 7♥ 8♥", 1), ("2♠ 3♠ 4♠", 0), ("5♣ 6♣ 7♣", 1)),
    )
    bound = pure.apply(state, TakeDiscard(LayOff(0, "4♥ 5♥", "low")))
    assert bound.turn.to_go_out
    assert cturn.legal_actions(bound) is NotImplemented
    assert cturn.legal_actions(view(bound, 0)) is NotImplemented


def test_another_seats_view_is_left_to_python(cturn: ModuleType) -> None:
    """Rules §4: another seat's view lists nothing; that answer is Python's."""
    state = opened_play(_FREE, "7♣ 7♦ 7♠ 10♥", "7♥ 8♥ 9♥")
    assert cturn.legal_actions(view(state, 1)) is NotImplemented
    assert pure.legal_actions(view(state, 1)) == ()


def test_a_seat_whose_opening_is_out_of_reach_only_discards(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30): 2♣ 3♣ 4♣, the only meld, is worth 9, so nothing may be laid down; C lists the discards."""
    state = position(
        _FREE, hands=["2♣ 3♣ 4♣ 9♦ K♥", "4♦ 6♦ 10♥"], opened=[False, True], phase=Phase.PLAY
    )
    assert _listed(cturn, state) == _discards("2♣ 3♣ 4♣ K♥ 9♦")


def test_an_opening_within_reach_is_listed_by_the_opening_search(cturn: ModuleType) -> None:
    """Rules §5: 10♣ J♣ Q♣ K♣ is worth 40 of the 30 the opening needs; the opening search in C lists it laid down (tests/accel/test_opening_slice.py has the branches)."""
    state = position(
        _FREE, hands=["10♣ J♣ Q♣ K♣ 2♦", "4♦ 6♦ 10♥"], opened=[False, True], phase=Phase.PLAY
    )
    assert LayDown(parse_cards("10♣ J♣ Q♣ K♣"), kind=MeldKind.RUN) in _listed(cturn, state)


@pytest.mark.parametrize(
    ("hand", "lay_downs"),
    [
        ("2♣ 3♣ 4♣ K♥ 9♦", ()),  # two cards in no meld: no Hand-Rommé this turn
        # 2♣ 3♣ 4♣ and the 9♦ to discard: a Hand-Rommé
        ("2♣ 3♣ 4♣ 9♦", (LayDown(parse_cards("2♣ 3♣ 4♣"), kind=MeldKind.RUN),)),
    ],
)
def test_the_hand_romme_waiver_keeps_a_short_opening_within_reach(
    cturn: ModuleType, hand: str, lay_downs: tuple[LayDown, ...]
) -> None:
    """DRoV Nr. 10 (hand_romme_waives_threshold): a hand that melds all but a last discard needs no 40, and C lists the run that starts it; with two cards in no meld it cannot, and C lists the discards (in card order: ♣ ♠ ♥ ♦)."""
    state = position(
        _DROV,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    assert _listed(cturn, state) == (*_discards(hand), *lay_downs)


def test_listing_a_state_keeps_its_packed_hand_as_python_does(cturn: ModuleType) -> None:
    """Issue 34, the coded slot (`hand_key`): listing the moves of a state keeps the packed hand of the seat to act on it, on both cores; the state's value is unchanged."""
    for build in (cturn.legal_actions, pure.legal_actions):
        state = attrs.evolve(opened_play(_FREE, "7♣ 7♦ 7♠ 10♥ K♠", "7♥ 8♥ 9♥"))  # no slot kept
        assert kept_hand_key(state) is None
        build(state)
        assert kept_hand_key(state) == pack_cards(state.hands[0])
        assert state == opened_play(_FREE, "7♣ 7♦ 7♠ 10♥ K♠", "7♥ 8♥ 9♥")
