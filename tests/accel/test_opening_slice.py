"""The C core's opening search of a seat that has not opened (docs/maintainers.md, "The accelerator").

Whether any lay-down is possible before the opening (`lay_down_possible`,
rules §5) asks whether disjoint melds of the hand are worth what the
opening misses, as the opening counts them (`Packer.reaches`). The C
search answers that exactly; the private hook
``_cturn._reaches(key, rules, jokers_ok, need)`` returns its verdict (or
``None`` where it leaves the search to Python) for the property below.
Where the search proves the opening out of reach, the C core lists the
position itself: the discards alone in the play phase, the draw alone in
the draw phase under ``immediate_use``. The expected moves are written
out from the rules.
"""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    Action,
    Card,
    Discard,
    Draw,
    GameState,
    LayDown,
    MeldKind,
    Phase,
    Rules,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from romme.melds import pack_cards
from romme.melds._search.packing import Packer
from romme.rules import shape_of
from romme.testing import hands
from romme.testing import rules as any_rules
from tests.accel._slices import listed_in_c
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_GERMAN = find_rules("german-rummy")  # an opening of 30, melds summed; the top discard free
_DROV = find_rules("drov")  # an opening of 40 (DRoV Nr. 4a, 6); the Hand-Rommé waiver
_CLASSIC = find_rules("classic")  # 30; the top discard taken only to be laid down


@settings(max_examples=400, deadline=None)
@given(
    hand=hands(max_size=20, max_jokers=6),
    rules=any_rules(),
    jokers_ok=st.booleans(),
    need=st.integers(-5, 130),
)
def test_the_c_search_reaches_what_the_packer_reaches(
    cturn: ModuleType, hand: tuple[Card, ...], rules: Rules, jokers_ok: bool, need: int
) -> None:
    """Rules §5 (`Packer.reaches`): for any hand of up to 20 cards and six jokers, any meld rules and any need, with or without jokers (opening_allows_jokers), C decides whether disjoint melds of the hand are worth the need, as the Python search does."""
    key = pack_cards(hand)
    found = cturn._reaches(key, rules, jokers_ok, need)
    assert found is not None, "C left a hand of 20 cards or fewer to Python"
    assert found == Packer(key, shape_of(rules), jokers_ok).reaches(key, need)


@pytest.mark.parametrize(
    ("cards", "need", "reached"),
    [
        ("9♣ 10♣ J♣ 9♥ 9♦", 29, True),  # 9♣ 10♣ J♣ (29), or 9♣ 9♥ 9♦ (27): the 9♣ once
        ("9♣ 10♣ J♣ 9♥ 9♦", 30, False),
        ("9♣ 10♣ J♣ 9♥ 9♦ 9♠", 56, True),  # 9♠ 9♥ 9♦ (27) beside the run (29)
        ("9♣ 10♣ J♣ 9♥ 9♦ 9♠", 57, False),
        ("A♣ 2♣ 3♣", 6, True),  # the low ace counts 1 (rules §3): 1 + 2 + 3
        ("A♣ 2♣ 3♣", 7, False),
        ("", 0, True),  # nothing to lay: the empty packing is worth 0
    ],
)
def test_the_c_search_counts_each_card_once(
    cturn: ModuleType, cards: str, need: int, reached: bool
) -> None:
    """Rules §3, §5: melds towards the opening are disjoint, each worth its cards' values (an ace 11, in A-2-3 1); the greatest sum is compared with the need."""
    key = pack_cards(parse_cards(cards))
    assert cturn._reaches(key, _GERMAN, True, need) is reached


def test_jokers_count_only_where_the_opening_admits_them(cturn: ModuleType) -> None:
    """Schmidt S. 3 (opening_allows_jokers off): 10♣ J♣ JK is 30 with the joker as the Q♣; without jokers no meld is left."""
    key = pack_cards(parse_cards("10♣ J♣ JK 5♦"))
    assert cturn._reaches(key, _GERMAN, True, 30) is True
    assert cturn._reaches(key, _GERMAN, False, 1) is False


def _unopened(rules: Rules, hand: str) -> GameState:
    """The play phase of seat 0 of three, which has not opened, before an empty table."""
    return position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )


def _listed(cturn: ModuleType, state: GameState) -> tuple[Action, ...]:
    """C's moves of the state, and the same of the acting seat's view."""
    moves = listed_in_c(cturn, state)
    assert listed_in_c(cturn, view(state, state.current_player)) == moves
    return moves


def _discards(text: str) -> tuple[Discard, ...]:
    return tuple(Discard(card) for card in parse_cards(text))


def test_overlapping_melds_short_of_30_only_discard(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30): 9♣ 10♣ J♣ (29) and 9♣ 9♥ 9♦ (27) share the 9♣, so no lay-down reaches 30 although the cards are worth 47; C lists the discards."""
    state = _unopened(_GERMAN, "9♣ 10♣ J♣ 9♥ 9♦")
    assert _listed(cturn, state) == _discards("9♣ 10♣ J♣ 9♥ 9♦")


def test_a_second_set_brings_the_opening_within_reach(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30): with the 9♠, 9♠ 9♥ 9♦ (27) lies beside 9♣ 10♣ J♣ (29): 56, and the 2♦ is left to discard, so the lay-downs are the opening search's, Python's."""
    state = _unopened(_GERMAN, "9♣ 10♣ J♣ 9♥ 9♦ 9♠ 2♦")
    assert cturn.legal_actions(state) is NotImplemented
    assert LayDown(parse_cards("9♣ 10♣ J♣"), kind=MeldKind.RUN) in pure.legal_actions(state)


def test_drov_needs_40_where_30_would_do(cturn: ModuleType) -> None:
    """DRoV Nr. 4a, 6 (40): Q♣ K♣ A♣ (31) and Q♣ Q♥ Q♦ (30) share the Q♣, short of 40; with 4♠ and 7♦ in no meld no Hand-Rommé waives it (DRoV Nr. 10), and C lists the discards. Under an opening of 30 (rules §5) the run reaches it: Python's."""
    hand = "Q♣ K♣ A♣ Q♥ Q♦ 4♠ 7♦"
    assert _listed(cturn, _unopened(_DROV, hand)) == _discards("Q♣ K♣ A♣ 4♠ Q♥ 7♦ Q♦")
    assert cturn.legal_actions(_unopened(attrs.evolve(_DROV, opening_threshold=30), hand)) is (
        NotImplemented
    )


def test_no_joker_in_the_opening_leaves_it_out_of_reach(cturn: ModuleType) -> None:
    """Schmidt S. 3 (opening_allows_jokers off): 10♣ J♣ JK would be worth 30, but the joker may not be part of the opening and no meld is left; C lists the discards, the joker last."""
    rules = attrs.evolve(_GERMAN, opening_allows_jokers=False)
    assert _listed(cturn, _unopened(rules, "10♣ J♣ JK 5♦ 9♥")) == _discards("10♣ J♣ 9♥ 5♦ JK")
    assert cturn.legal_actions(_unopened(_GERMAN, "10♣ J♣ JK 5♦ 9♥")) is NotImplemented


def test_a_take_for_an_opening_out_of_reach_is_not_listed(cturn: ModuleType) -> None:
    """Rules §4, §5 (take_discard=immediate_use, 30): the J♣ makes 9♣ 10♣ J♣ (29), which shares the 9♣ with 9♣ 9♥ 9♦ (27): no lay-down holding it reaches 30, so C lists the draw alone."""
    state = position(
        _CLASSIC, hands=["9♣ 10♣ 9♥ 9♦ 4♠", "4♦ 6♦ 10♥"], discard="J♣", opened=[False, True]
    )
    assert listed_in_c(cturn, state) == (Draw(),)
    assert listed_in_c(cturn, view(state, 0)) == (Draw(),)
