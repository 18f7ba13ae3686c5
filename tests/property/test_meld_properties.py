"""Invariants of meld validation and meld search (rules §3; docs/maintainers.md "Melds").

The oracle below reads rules §3 directly (sets, runs, the corner, joker
limits, jokers side by side, values) without using the library's code, and
the properties compare the library with it.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import cache
from itertools import combinations, pairwise
from random import Random
from typing import Final

from hypothesis import given
from hypothesis import strategies as st

from romme import (
    JOKER,
    AdjacentJokers,
    Card,
    InvalidMeldError,
    JokerLimit,
    Meld,
    MeldKind,
    Rank,
    Reason,
    Rules,
    Suit,
    best_melds,
    find_melds,
    is_valid_meld,
    validate_meld,
)
from romme import testing as romme_testing
from romme.testing import card_sequences, dense_hands

CYCLE: Final[tuple[Rank, ...]] = (
    Rank.TWO,
    Rank.THREE,
    Rank.FOUR,
    Rank.FIVE,
    Rank.SIX,
    Rank.SEVEN,
    Rank.EIGHT,
    Rank.NINE,
    Rank.TEN,
    Rank.JACK,
    Rank.QUEEN,
    Rank.KING,
    Rank.ACE,
)
"""The ranks in run order, 2 … A (rules §3)."""
LINE: Final[tuple[Rank, ...]] = (Rank.ACE, *CYCLE)
"""Run order without passing the corner: the ace low before the 2, or high after the king."""

kinds = st.sampled_from((None, MeldKind.SET, MeldKind.RUN))


# -- an independent reading of rules §3 ----------------------------------------------------


def naturals_of(cards: Sequence[Card]) -> list[Card]:
    return [card for card in cards if not card.is_joker]


def jokers_allowed(jokers: int, naturals: int, rules: Rules) -> bool:
    """joker_limit: none | one_per_meld | not_majority (≤) | minority (<)."""
    if rules.joker_limit is JokerLimit.ONE_PER_MELD:
        return jokers <= 1
    if rules.joker_limit is JokerLimit.NOT_MAJORITY:
        return jokers <= naturals
    if rules.joker_limit is JokerLimit.MINORITY:
        return jokers < naturals
    return True


def is_set(cards: Sequence[Card], rules: Rules) -> bool:
    """3 or 4 cards of one rank, suits distinct under set_distinct_suits, jokers within the limit."""
    naturals = naturals_of(cards)
    suits = [card.suit for card in naturals]
    return (
        3 <= len(cards) <= 4
        and len(naturals) >= 1
        and len({card.rank for card in naturals}) == 1
        and (not rules.set_distinct_suits or len(set(suits)) == len(suits))
        and jokers_allowed(len(cards) - len(naturals), len(naturals), rules)
    )


def run_windows(length: int, wraps: bool) -> list[tuple[Rank, ...]]:
    """Every sequence of `length` ranks a run may stand for (passing the corner only if `wraps`)."""
    if length > 13:
        return []
    windows = [LINE[start : start + length] for start in range(15 - length)]
    if wraps:
        windows += [tuple(CYCLE[(start + i) % 13] for i in range(length)) for start in range(13)]
    return windows


def adjacency_forbidden(length: int, rules: Rules) -> bool:
    return rules.adjacent_jokers is AdjacentJokers.FORBIDDEN or (
        rules.adjacent_jokers is AdjacentJokers.LONG_RUNS and length < 4
    )


def fits_window(window: Sequence[Rank], ranks: set[Rank | None], rules: Rules) -> bool:
    """Whether the natural ranks lie in the window with the jokers (the rest) placed legally."""
    if not ranks <= set(window):
        return False
    joker_places = [i for i, rank in enumerate(window) if rank not in ranks]
    return not (
        adjacency_forbidden(len(window), rules) and any(i + 1 in joker_places for i in joker_places)
    )


def is_run(cards: Sequence[Card], rules: Rules) -> bool:
    """≥ 3 cards of one suit in sequence, no rank twice, jokers within the limits."""
    naturals = naturals_of(cards)
    ranks = [card.rank for card in naturals]
    if (
        len(cards) < 3
        or not naturals
        or len({card.suit for card in naturals}) != 1
        or len(set(ranks)) != len(ranks)
        or not jokers_allowed(len(cards) - len(naturals), len(naturals), rules)
    ):
        return False
    return any(
        fits_window(window, set(ranks), rules)
        for window in run_windows(len(cards), rules.ace_wraps)
    )


def oracle(cards: Sequence[Card], rules: Rules, kind: MeldKind | None) -> bool:
    """Whether rules §3 lets `cards` form a meld (of `kind`, if given)."""
    if kind is MeldKind.SET:
        return is_set(cards, rules)
    if kind is MeldKind.RUN:
        return is_run(cards, rules)
    return is_set(cards, rules) or is_run(cards, rules)


def card_value(rank: Rank) -> int:
    """2–10 face value, J/Q/K 10, ace 11."""
    if rank is Rank.ACE:
        return 11
    return 10 if rank in (Rank.JACK, Rank.QUEEN, Rank.KING) else int(rank)


def expected_value(meld: Meld) -> int:
    """The sum of the values of the cards the meld stands for; a run's low ace (first, before a 2) counts 1."""
    total = 0
    for position, rank in enumerate(meld.ranks):
        low_ace = (
            meld.kind is MeldKind.RUN
            and position == 0
            and rank is Rank.ACE
            and meld.ranks[1] is Rank.TWO
        )
        total += 1 if low_ace else card_value(rank)
    return total


def check_meld_shape(meld: Meld, rules: Rules) -> None:
    """The meld's ranks, suit and jokers say the same as its cards, under rules §3."""
    assert len(meld.cards) == len(meld.ranks)
    joker_places = [p for p, card in enumerate(meld.cards) if card.is_joker]
    assert joker_places == [role.position for role in meld.jokers]
    for position, card in enumerate(meld.cards):
        if not card.is_joker:
            assert card.rank is meld.ranks[position]
    natural_suits = {card.suit for card in naturals_of(meld.cards)}
    if meld.kind is MeldKind.RUN:
        assert {meld.suit} == natural_suits
        assert meld.ranks in run_windows(len(meld.cards), rules.ace_wraps)
        for role in meld.jokers:
            assert (meld.ranks[role.position], {meld.suit}) == (role.rank, set(role.suits))
        if adjacency_forbidden(len(meld.cards), rules):
            assert all(b - a > 1 for a, b in pairwise(joker_places))
    else:
        assert meld.suit is None
        assert 1 == len(set(meld.ranks))
        free = set(Suit) - natural_suits if rules.set_distinct_suits else set(Suit)
        for role in meld.jokers:
            assert meld.ranks[0] is role.rank
            assert set(role.suits) <= free
            assert role.suits
        if len(meld.cards) == 4 and len(meld.jokers) == 1 and rules.set_distinct_suits:
            assert 1 == len(meld.jokers[0].suits)  # the one missing suit
    assert oracle(meld.cards, rules, meld.kind)


def fits_in(part: Sequence[Card], whole: Sequence[Card]) -> bool:
    return not Counter(part) - Counter(whole)


@st.composite
def laid_runs(draw: st.DrawFn) -> tuple[tuple[Card, ...], tuple[Rank, ...], Rules]:
    """A run written in table order: a window of ranks, some positions jokers."""
    rules = draw(romme_testing.rules())
    length = draw(st.integers(3, 8))
    window = draw(st.sampled_from(run_windows(length, rules.ace_wraps)))
    suit = draw(st.sampled_from(tuple(Suit)))
    is_joker = draw(st.lists(st.booleans(), min_size=length, max_size=length))
    cards = tuple(
        JOKER if joker else Card(rank, suit) for rank, joker in zip(window, is_joker, strict=True)
    )
    return cards, window, rules


# -- validate_meld ---------------------------------------------------------------------------


@given(card_sequences(), romme_testing.rules(), kinds)
def test_validate_meld_raises_only_invalid_meld_error(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None
) -> None:
    """validate_meld on any card sequence returns a Meld or raises InvalidMeldError, nothing else."""
    result: object
    try:
        result = validate_meld(cards, rules, kind=kind)
    except InvalidMeldError as error:
        result = error.reason
    assert isinstance(result, (Meld, Reason))


@given(
    st.one_of(card_sequences(), laid_runs().map(lambda laid: laid[0])), romme_testing.rules(), kinds
)
def test_equal_cards_meld_alike(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None
) -> None:
    """Cards are values, all jokers equal (rules §2): fresh Card objects equal to the given ones meld alike."""
    copies = tuple(Card(card.rank, card.suit) for card in cards)
    valid = is_valid_meld(cards, rules, kind=kind)
    assert valid == is_valid_meld(copies, rules, kind=kind)
    if valid:
        assert validate_meld(cards, rules, kind=kind) == validate_meld(copies, rules, kind=kind)


@given(card_sequences(), romme_testing.rules(), kinds)
def test_is_valid_meld_agrees_with_validate_meld(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None
) -> None:
    """is_valid_meld(cards) is True exactly when validate_meld(cards) returns a meld."""
    try:
        validate_meld(cards, rules, kind=kind)
    except InvalidMeldError:
        valid = False
    else:
        valid = True
    assert valid == is_valid_meld(cards, rules, kind=kind)


@given(card_sequences(), romme_testing.rules(), kinds)
def test_validity_follows_rules_md_s3(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None
) -> None:
    """is_valid_meld agrees with an independent reading of rules §3 (sets, runs, corner, joker limits, adjacency)."""
    assert oracle(cards, rules, kind) == is_valid_meld(cards, rules, kind=kind)


@given(card_sequences(), romme_testing.rules(), kinds)
def test_valid_meld_keeps_the_cards_and_counts_what_they_stand_for(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None
) -> None:
    """A valid meld holds exactly the cards given; its value is the sum of the cards they stand for (rules §3)."""
    if not is_valid_meld(cards, rules, kind=kind):
        return
    meld = validate_meld(cards, rules, kind=kind)
    assert Counter(cards) == Counter(meld.cards)
    if kind is not None:
        assert kind is meld.kind
    check_meld_shape(meld, rules)
    assert expected_value(meld) == meld.value
    assert 3 * 1 <= meld.value <= 13 * 11


@given(card_sequences(), romme_testing.rules(), kinds)
def test_validating_a_meld_again_gives_the_same_meld(
    cards: tuple[Card, ...], rules: Rules, kind: MeldKind | None
) -> None:
    """A meld's cards in table order, validated again as its kind, give the same meld."""
    if is_valid_meld(cards, rules, kind=kind):
        meld = validate_meld(cards, rules, kind=kind)
        assert meld == validate_meld(meld.cards, rules, kind=meld.kind)


@given(card_sequences(), romme_testing.rules(), st.randoms(use_true_random=False))
def test_jokerless_run_order_does_not_matter_DRoV_Streitfall13(
    cards: tuple[Card, ...], rules: Rules, rng: Random
) -> None:
    """A jokerless run in any order is the same meld, laid low to high (DRoV Streitfall 13)."""
    naturals = naturals_of(cards)
    if not is_valid_meld(naturals, rules, kind=MeldKind.RUN):
        return
    meld = validate_meld(naturals, rules, kind=MeldKind.RUN)
    assert meld.ranks in run_windows(len(meld), rules.ace_wraps)
    shuffled = list(naturals)
    rng.shuffle(shuffled)
    assert meld == validate_meld(shuffled, rules, kind=MeldKind.RUN)


@given(card_sequences(), romme_testing.rules(), st.randoms(use_true_random=False))
def test_set_order_does_not_matter(cards: tuple[Card, ...], rules: Rules, rng: Random) -> None:
    """A set in any order is the same meld."""
    if not is_valid_meld(cards, rules, kind=MeldKind.SET):
        return
    shuffled = list(cards)
    rng.shuffle(shuffled)
    assert validate_meld(cards, rules, kind=MeldKind.SET) == validate_meld(
        shuffled, rules, kind=MeldKind.SET
    )


@given(laid_runs())
def test_the_given_order_decides_where_jokers_stand(
    laid: tuple[tuple[Card, ...], tuple[Rank, ...], Rules],
) -> None:
    """Cards given in a valid table order keep it: each joker stands for the card at its position (rules §3)."""
    cards, window, rules = laid
    naturals = naturals_of(cards)
    if not naturals:
        return
    joker_places = [i for i, card in enumerate(cards) if card.is_joker]
    legal = jokers_allowed(len(joker_places), len(naturals), rules) and not (
        adjacency_forbidden(len(cards), rules) and any(i + 1 in joker_places for i in joker_places)
    )
    if not legal:
        return
    meld = validate_meld(cards, rules, kind=MeldKind.RUN)
    assert (cards, window) == (meld.cards, meld.ranks)


# -- find_melds ------------------------------------------------------------------------------


@given(dense_hands(max_jokers=4), romme_testing.rules())
def test_found_melds_validate_to_themselves(hand: tuple[Card, ...], rules: Rules) -> None:
    """Every meld find_melds returns is valid, uses the hand's cards, and validates again to itself."""
    for meld in find_melds(hand, rules):
        assert fits_in(meld.cards, hand)
        assert meld == validate_meld(meld.cards, rules, kind=meld.kind)
        assert expected_value(meld) == meld.value


def melds_as_given(
    candidates: Sequence[tuple[Card, ...]], kind: MeldKind, rules: Rules
) -> list[Meld]:
    """The candidates that form a meld of `kind` in the order given (rules §3), as melds."""
    found = []
    for cards in candidates:
        if is_valid_meld(cards, rules, kind=kind):
            meld = validate_meld(cards, rules, kind=kind)
            if meld.cards == cards:
                found.append(meld)
    return found


def sets_in_order(hand: Sequence[Card], rules: Rules) -> list[Meld]:
    """Every set of `hand`: by rank, then by its number of natural cards, suits, and jokers."""
    tally = Counter(hand)
    copies = 1 if rules.set_distinct_suits else 4  # of one card in a set
    found = []
    for rank in CYCLE:
        pool = [
            card
            for suit in Suit
            for card in [Card(rank, suit)] * min(tally[Card(rank, suit)], copies)
        ]
        for size in range(1, min(4, len(pool)) + 1):
            candidates = [
                naturals + (JOKER,) * jokers
                for naturals in dict.fromkeys(combinations(pool, size))
                for jokers in range(max(0, 3 - size), min(tally[JOKER], 4 - size) + 1)
            ]
            found += melds_as_given(candidates, MeldKind.SET, rules)
    return found


def runs_in_order(hand: Sequence[Card], rules: Rules) -> list[Meld]:
    """Every run of `hand`: by suit, then by start (the low ace first), length, and joker places.

    The joker places come in the order of a choice place by place from the
    lowest, a natural card before a joker. A joker may stand for a card the
    hand holds (rules §3).
    """
    jokers = Counter(hand)[JOKER]
    found = []
    for suit in Suit:
        for start in range(-1, 12):  # -1: the ace below the two
            for length in range(3, 14):
                if not rules.ace_wraps and start + length - 1 > 12:
                    break
                window = [Card(CYCLE[(start + place) % 13], suit) for place in range(length)]
                lacking = {place for place, card in enumerate(window) if card not in hand}
                held = [place for place in range(length) if place not in lacking]
                places = [
                    lacking | set(extra)
                    for count in range(jokers - len(lacking) + 1)
                    for extra in combinations(held, count)
                ]
                places.sort(key=lambda chosen: [place in chosen for place in range(length)])
                candidates = [
                    tuple(JOKER if place in chosen else card for place, card in enumerate(window))
                    for chosen in places
                ]
                found += melds_as_given(candidates, MeldKind.RUN, rules)
    return found


@given(dense_hands(max_size=9, max_jokers=4), romme_testing.rules())
def test_find_melds_lists_every_meld_in_order_rules_s3(
    hand: tuple[Card, ...], rules: Rules
) -> None:
    """find_melds gives exactly the melds of the hand as validate_meld builds them, in a fixed order.

    Sets by rank come first, then runs by suit, start, length and joker
    places (rules §3); move generation and seeded games rely on the order.
    """
    assert find_melds(hand, rules) == (*sets_in_order(hand, rules), *runs_in_order(hand, rules))


def lowest_natural(meld: Meld) -> int:
    return min(card.code for card in naturals_of(meld.cards))


def plain_best(hand: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """best_melds by the recursion it is defined by, without shortcuts.

    The lowest natural card left (by code) either stays out, or is the
    lowest natural card of a meld; the greatest value wins, then the fewest
    jokers, then the first found.
    """
    melds = find_melds(hand, rules)

    @cache
    def solve(remaining: tuple[Card, ...]) -> tuple[int, int, tuple[Meld, ...]]:
        naturals = naturals_of(remaining)
        if not naturals:
            return 0, 0, ()
        low = min(naturals, key=lambda card: card.code)
        left = list(remaining)
        left.remove(low)
        result = solve(tuple(left))
        for meld in melds:
            if lowest_natural(meld) == low.code and fits_in(meld.cards, remaining):
                rest = tuple((Counter(remaining) - Counter(meld.cards)).elements())
                value, spared, others = solve(tuple(sorted(rest, key=lambda card: card.code)))
                candidate = (meld.value + value, spared - meld.joker_count, (meld, *others))
                if candidate[:2] > result[:2]:
                    result = candidate
        return result

    return solve(tuple(sorted(hand, key=lambda card: card.code)))[2]


@given(dense_hands(max_size=9, max_jokers=3), romme_testing.rules())
def test_best_melds_choose_as_the_plain_recursion_rules_s3(
    hand: tuple[Card, ...], rules: Rules
) -> None:
    """best_melds: the greatest value (rules §3), then the fewest jokers, then the first found."""
    assert best_melds(hand, rules) == plain_best(hand, rules)


@given(st.one_of(dense_hands(), romme_testing.hands()), romme_testing.rules())
def test_found_melds_have_no_duplicates(hand: tuple[Card, ...], rules: Rules) -> None:
    """find_melds lists each distinct meld once (docs/maintainers.md "Melds")."""
    melds = find_melds(hand, rules)
    assert len(melds) == len(set(melds))


@given(dense_hands(max_size=10), romme_testing.rules(), st.data())
def test_find_melds_finds_every_meld_of_the_hand(
    hand: tuple[Card, ...], rules: Rules, data: st.DataObject
) -> None:
    """Any valid meld made of some of the hand's cards is among find_melds (docs/maintainers.md "Melds")."""
    indices = data.draw(
        st.lists(st.integers(0, max(0, len(hand) - 1)), min_size=3, max_size=8, unique=True)
        if len(hand) >= 3
        else st.just([])
    )
    part = [hand[i] for i in indices]
    kind = data.draw(kinds)
    if part and is_valid_meld(part, rules, kind=kind):
        assert validate_meld(part, rules, kind=kind) in find_melds(hand, rules)


@given(dense_hands(max_size=8), romme_testing.rules())
def test_doubling_the_natural_cards_finds_the_same_melds(
    hand: tuple[Card, ...], rules: Rules
) -> None:
    """With distinct suits in sets, a second copy of each natural card adds no meld (two packs, DRoV Nr. 8).

    Eight cards at most, so that the doubled hand stays within MAX_SEARCH_CARDS.
    """
    if not rules.set_distinct_suits:
        return
    single = tuple(set(naturals_of(hand))) + tuple(card for card in hand if card.is_joker)
    doubled = single + tuple(naturals_of(single))
    assert set(find_melds(single, rules)) == set(find_melds(doubled, rules))


# -- best_melds ----------------------------------------------------------------------------------


@given(st.one_of(dense_hands(), romme_testing.hands()), romme_testing.rules())
def test_best_melds_are_disjoint_and_at_least_any_single_meld(
    hand: tuple[Card, ...], rules: Rules
) -> None:
    """best_melds are valid, pairwise disjoint within the hand, and worth ≥ 0 and ≥ any single meld."""
    melds = best_melds(hand, rules)
    used = [card for meld in melds for card in meld.cards]
    assert fits_in(used, hand)
    for meld in melds:
        assert meld == validate_meld(meld.cards, rules, kind=meld.kind)
    total = sum(meld.value for meld in melds)
    assert total >= 0
    assert total >= max((meld.value for meld in find_melds(hand, rules)), default=0)


def best_total(hand: Counter[Card], melds: Sequence[Meld]) -> int:
    """The greatest total value of disjoint melds from `melds` within `hand`, by exhaustive search."""
    best = 0
    for index, meld in enumerate(melds):
        need = Counter(meld.cards)
        if not need - hand:
            best = max(best, meld.value + best_total(hand - need, melds[index:]))
    return best


@given(dense_hands(max_size=9, max_jokers=3), romme_testing.rules())
def test_best_melds_reach_the_exhaustive_maximum(hand: tuple[Card, ...], rules: Rules) -> None:
    """On small hands best_melds' total equals the best of all disjoint packings of find_melds."""
    melds = find_melds(hand, rules)
    total = sum(meld.value for meld in best_melds(hand, rules))
    assert best_total(Counter(hand), melds) == total
