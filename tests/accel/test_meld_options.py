"""The C core's meld enumeration against `options_in` (docs/maintainers.md, "The accelerator").

The play phase's listing in C walks the melds of a hand in exactly the
order of `options_in` (sets by rank, runs by suit, rules §3), built from
the hand's card counts under the meld shape of the rules. The private
hook ``_cturn._options(key, rules)`` returns them as the tuples
`options_in` returns, so that each is compared whole: packed cards, value,
jokers, lowest card, kind and recipe.
"""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest
from hypothesis import given, settings

from romme import JOKER, Card, Rules, find_rules, parse_cards
from romme.melds import pack_cards
from romme.melds._search.enumeration import options_in
from romme.rules import AdjacentJokers, JokerLimit
from romme.testing import hands
from romme.testing import rules as any_rules


def _c_options(cturn: ModuleType, cards: tuple[Card, ...], rules: Rules) -> tuple[object, ...]:
    key = pack_cards(cards)
    found = cturn._options(key, rules)
    assert found == options_in(key, rules)
    return found  # type: ignore[no-any-return]


@settings(max_examples=300, deadline=None)
@given(hand=hands(max_size=20, max_jokers=6), rules=any_rules())
def test_the_c_enumeration_lists_the_options_of_options_in(
    cturn: ModuleType, hand: tuple[Card, ...], rules: Rules
) -> None:
    """Rules §3: for any hand of 0–20 cards from two packs (each card twice at most) and six jokers, under any rules, C finds the melds `options_in` finds, in its order."""
    _c_options(cturn, hand, rules)


def test_a_run_goes_around_the_corner_only_under_ace_wraps(cturn: ModuleType) -> None:
    """DRoV Nr. 8 (ace_wraps): K-A-2 and K-A-2-3 are runs under DRoV, not under the cardgames.zone rules; A-2-3 (the low ace, once) is one under both."""
    hand = parse_cards("K♠ A♠ 2♠ 3♠")
    runs = {"drov": [], "cardgames-zone": []}  # type: dict[str, list[tuple[int, int]]]
    for name in runs:
        for option in _c_options(cturn, hand, find_rules(name)):
            _, start, length, _ = option[5]  # type: ignore[index]
            runs[name].append((start, length))
    assert runs["drov"] == [(-1, 3), (11, 3), (11, 4)]
    assert runs["cardgames-zone"] == [(-1, 3)]


@pytest.mark.parametrize(
    ("limit", "jokers_per_meld"),
    [
        (JokerLimit.ONE_PER_MELD, {1}),  # two naturals need a third card
        (JokerLimit.MINORITY, {1}),  # fewer jokers than natural cards: 1 beside 2 naturals
        (JokerLimit.NOT_MAJORITY, {1, 2}),  # as many as the natural cards
        (JokerLimit.NONE, {1, 2, 3}),  # four cards at most, one at least natural
    ],
)
def test_the_joker_limit_bounds_the_jokers_of_each_set(
    cturn: ModuleType, limit: JokerLimit, jokers_per_meld: set[int]
) -> None:
    """DRoV Nr. 8 (joker_limit): the sets of 7♣ 7♦ and three jokers hold as many jokers as the limit allows."""
    rules = attrs.evolve(find_rules("classic"), joker_limit=limit)
    found = _c_options(cturn, parse_cards("7♣ 7♦ JK JK JK"), rules)
    sets = [option for option in found if not option[4]]  # type: ignore[index]
    assert {option[2] for option in sets} == jokers_per_meld  # type: ignore[index]


def test_jokers_side_by_side_only_where_adjacent_jokers_allows(cturn: ModuleType) -> None:
    """DRoV Nr. 8 (adjacent_jokers=forbidden): 5♥ JK JK 8♥ is a run only where jokers may touch; long_runs allows it in a run of four (Schmidt)."""
    hand = parse_cards("5♥ 8♥ JK JK")
    base = attrs.evolve(find_rules("classic"), joker_limit=JokerLimit.NOT_MAJORITY)
    touching = []
    for adjacency in AdjacentJokers:
        rules = attrs.evolve(base, adjacent_jokers=adjacency)
        found = _c_options(cturn, hand, rules)
        touching.append(any(option[5] == (2, 3, 4, 0b0110) for option in found))  # type: ignore[index]
    assert dict(zip(AdjacentJokers, touching, strict=True)) == {
        AdjacentJokers.FORBIDDEN: False,
        AdjacentJokers.LONG_RUNS: True,
        AdjacentJokers.ALLOWED: True,
    }


def test_a_set_holds_each_suit_once_under_distinct_suits(cturn: ModuleType) -> None:
    """DRoV Nr. 8 (set_distinct_suits): two 9♣ and a 9♦ are no set where the suits differ, one where a set may hold a suit twice."""
    hand = parse_cards("9♣ 9♣ 9♦")
    distinct = attrs.evolve(find_rules("drov"), set_distinct_suits=True)
    doubled = attrs.evolve(find_rules("drov"), set_distinct_suits=False)
    assert _c_options(cturn, hand, distinct) == ()
    assert [option[5] for option in _c_options(cturn, hand, doubled)] == [  # type: ignore[index]
        ((7, 7, 46), 0, False)
    ]


def test_an_empty_hand_and_a_hand_of_jokers_hold_no_meld(cturn: ModuleType) -> None:
    """Rules §3: a meld holds one natural card at least."""
    rules = find_rules("house")
    assert _c_options(cturn, (), rules) == ()
    assert _c_options(cturn, (JOKER,) * 6, rules) == ()
