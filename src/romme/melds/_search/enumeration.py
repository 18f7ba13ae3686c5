"""Meld enumeration (private): every meld of a packed hand, by the parts of the hand that hold them.

The melds of one rank (its sets) and of one suit (its runs) depend only on
that part of the hand and the jokers, so they are cached by part and by the
meld shape of the rules (`romme.rules._shape`).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations, compress
from typing import Final

from romme.cards import JOKER_CODE, Card
from romme.melds._meld import Meld
from romme.melds._search.build import Option, build, run_options, set_option
from romme.melds._search.packed import (
    FIELD,
    JOKER_SHIFT,
    SHIFTS,
    SUIT_FIELDS,
    SUIT_SHIFTS,
    pack_cards,
)
from romme.rules import (
    AdjacentJokers,
    JokerLimit,
    MeldShape,
    Rules,
    jokers_may_touch,
    most_jokers,
    most_jokers_among,
    shape_of,
)

# -- enumeration -----------------------------------------------------------------------------


_SET_SHAPES: Final = {
    limit: tuple(
        tuple(
            (size, max(0, 3 - size), most)
            for size in range(1, 5)
            if (most := min(jokers, 4 - size, most_jokers(limit, size))) >= 3 - size
        )
        for jokers in range(4)
    )
    for limit in JokerLimit
}
"""``_SET_SHAPES[limit][jokers]``: (natural cards, fewest jokers, most jokers) of every set
size that `jokers` jokers at hand allow."""


@lru_cache(maxsize=4096)
def rank_options(
    rank_index: int, suit_counts: tuple[int, ...], jokers: int, shape: MeldShape
) -> tuple[Option, ...]:
    """The sets of one rank: they depend only on that rank's cards and the jokers (at most 3).

    `suit_counts` counts the cards of the rank by suit index. The sets come
    by their number of natural cards, then by suits, then by jokers.
    """
    if shape.distinct_suits:
        pool = [suit * 13 + rank_index for suit, n in enumerate(suit_counts) if n]
    else:
        pool = [
            suit * 13 + rank_index for suit, n in enumerate(suit_counts) for _ in range(min(n, 4))
        ]
    options = []
    seen = set()
    for size, fewest, most in _SET_SHAPES[shape.joker_limit][jokers]:
        if size > len(pool):
            break
        for naturals in combinations(pool, size):
            if naturals in seen:
                continue  # the same cards from the other pack
            seen.add(naturals)
            for extra in range(fewest, most + 1):
                options.append(set_option(naturals, extra, shape))
    return tuple(options)


@lru_cache(maxsize=4096)
def _rank_melds(
    rank_index: int, suit_counts: tuple[int, ...], jokers: int, shape: MeldShape
) -> tuple[Meld, ...]:
    """The melds of `rank_options`."""
    return tuple(map(build, rank_options(rank_index, suit_counts, jokers, shape)))


_RUN_JOKERS: Final = {
    limit: tuple(most_jokers_among(limit, length) for length in range(14)) for limit in JokerLimit
}
"""``_RUN_JOKERS[limit][length]``: the most jokers a run of that length may hold."""
_SHORTEST_RUN: Final = {
    limit: tuple(
        min((length for length in range(3, 14) if most[length] >= jokers), default=14)
        for jokers in range(15)
    )
    for limit, most in _RUN_JOKERS.items()
}
"""``_SHORTEST_RUN[limit][k]``: the fewest cards of a run with k jokers (14: none)."""
_SHORTEST_WINDOWS: Final = {
    limit: tuple(
        tuple(((1 << shortest[k]) - 1, k) for k in range(jokers + 1) if shortest[k] <= 13)
        for jokers in range(14)
    )
    for limit, shortest in _SHORTEST_RUN.items()
}
"""``_SHORTEST_WINDOWS[limit][jokers]``: (the places of the shortest run with k jokers, k),
for every k up to `jokers`, as bits."""
_APART: Final = {
    adjacency: tuple(not jokers_may_touch(adjacency, length) for length in range(14))
    for adjacency in AdjacentJokers
}
"""``_APART[adjacency][length]``: whether a run of that length may not hold two jokers side by side."""


@lru_cache(maxsize=4096)
def suit_options(suit: int, have: int, jokers: int, shape: MeldShape) -> tuple[Option, ...]:
    """The runs of one suit: they depend only on which of its ranks are there, and the jokers.

    `have` has bit i set when the hand holds the card of rank index i. The
    runs come by start (the low ace first), then by length, then by where
    the jokers stand (see `_joker_places`).
    """
    budget = _RUN_JOKERS[shape.joker_limit]
    shortest = _SHORTEST_RUN[shape.joker_limit]
    apart = _APART[shape.adjacent_jokers]
    always_apart = shape.adjacent_jokers is AdjacentJokers.FORBIDDEN
    lacking = ~have & 0x1FFF
    gaps = lacking << 1 | lacking >> 12 | lacking << 14  # bit o + 1: no card at ordinal o
    # A run begins with a natural card or with `lead` jokers at most before the first one …
    lead = min(jokers, 1 if always_apart else budget[13])
    starts = ~gaps
    for _ in range(lead):
        starts |= starts >> 1
    starts &= 0x1FFF  # bit s + 1: a run may start at the ordinal s, -1 ≤ s ≤ 11
    # … and a run with k jokers holds the shortest run for k jokers, which
    # must then lack k cards at most.
    shortest_windows = _SHORTEST_WINDOWS[shape.joker_limit][jokers]
    wraps = shape.ace_wraps
    options: list[Option] = []
    while starts:
        start = (starts & -starts).bit_length() - 2
        starts &= starts - 1
        holes = gaps >> (start + 1)  # bit p: no card at the window's place p
        for window, passed in shortest_windows:
            if (holes & window).bit_count() <= passed:
                break
        else:
            continue  # no run starts here
        longest = 13 if wraps else min(13, 13 - start)
        later = holes & ((1 << longest) - 1)  # the holes not yet passed
        first = 3  # the shortest window that holds the holes passed
        previous = -2  # the place of the last hole passed
        for passed in range(jokers + 1):
            if later:
                place = (later & -later).bit_length() - 1
                later &= later - 1
            else:
                place = longest
            # The windows up to `place` cards long hold exactly `passed` holes.
            for length in range(max(first, shortest[passed]), place + 1):
                window = holes & ((1 << length) - 1)
                if apart[length] and window & (window >> 1):
                    continue
                most = min(jokers, budget[length])
                if passed == most:
                    options.extend(run_options(suit, start, length, (window,)))
                    continue
                places = _joker_places(window, length, most, apart[length])
                options.extend(run_options(suit, start, length, places))
            if (
                place == longest
                or shortest[passed + 1] > longest
                or (always_apart and place == previous + 1)
            ):
                break  # no longer window, or no valid one
            first, previous = place + 1, place
    return tuple(options)


@lru_cache(maxsize=4096)
def _suit_melds(suit: int, have: int, jokers: int, shape: MeldShape) -> tuple[Meld, ...]:
    """The melds of `suit_options`."""
    return tuple(map(build, suit_options(suit, have, jokers, shape)))


def _joker_places(holes: int, length: int, most: int, apart: bool) -> list[int]:
    """Where the jokers of a run window may stand, as bit masks (bit p for place p).

    Every mask covers the `holes` (the places whose card the hand lacks),
    holds at most `most` jokers, and, with `apart`, no two side by side.
    The masks come in the order of a choice place by place from the
    lowest, the natural card before the joker: the order of the melds.
    """
    chosen = [(0, most - holes.bit_count())]  # (jokers so far, spare jokers), in order
    for place in range(length):
        bit = 1 << place
        extended = []
        for mask, spare in chosen:
            beside = apart and mask & (bit >> 1)
            if holes & bit:
                if not beside:
                    extended.append((mask | bit, spare))
            else:
                extended.append((mask, spare))
                if spare and not beside:
                    extended.append((mask | bit, spare - 1))
        chosen = extended
    return [mask for mask, _ in chosen]


RankPart = tuple[int, tuple[int, ...], int]
SuitPart = tuple[int, int, int]
_BITS_13: Final = tuple(1 << index for index in range(13))


@lru_cache(maxsize=4096)
def _suit_row(fields: int) -> tuple[tuple[int, ...], int]:
    """The counts of one suit's cards from its packed `fields` (two to ace), and the ranks held as bits."""
    counts = tuple((fields >> shift) & FIELD for shift in SHIFTS[:13])
    return counts, sum(compress(_BITS_13, counts))


def _may_hold_set(suit_counts: tuple[int, ...], jokers: int, shape: MeldShape) -> bool:
    """Whether cards of one rank counted by suit (`suit_counts`) and `jokers` jokers make a set.

    Enough natural cards for the smallest set that many jokers allow (the rules page (docs/rules.md)
    §3): distinct suits under ``set_distinct_suits``, else up to four copies
    of each. `rank_options` finds no set otherwise.
    """
    fewest = _SET_SHAPES[shape.joker_limit][jokers][0][0]
    if shape.distinct_suits:
        return 4 - suit_counts.count(0) >= fewest
    return sum(min(n, 4) for n in suit_counts) >= fewest


def three_in_a_row(have: int) -> bool:
    """Whether the ranks `have` (bit i: rank index i) hold three in a row, around the corner too.

    Without jokers a run needs it (rules §3): `suit_options` finds none otherwise.
    """
    ranks = have | have << 13
    return bool(ranks & ranks >> 1 & ranks >> 2)


@lru_cache(maxsize=64)
def meld_places(key: int, shape: MeldShape) -> tuple[tuple[RankPart, ...], tuple[SuitPart, ...]]:
    """Where the melds of the packed multiset `key` may lie, in the order of the melds.

    The arguments for `rank_options` of each rank that may hold a set, and
    for `suit_options` of each suit the hand holds (`shape` left out).
    Cached: the packing search of a hand and the list of its melds both
    ask (see `Packer`, `melds_in`).
    """
    rows = [_suit_row((key >> shift) & SUIT_FIELDS) for shift in SUIT_SHIFTS]
    jokers = key >> JOKER_SHIFT
    set_jokers = min(jokers, 3)
    fewest = _SET_SHAPES[shape.joker_limit][set_jokers][0][0]  # natural cards (`_may_hold_set`)
    ranks: list[RankPart]
    if shape.distinct_suits:
        # The ranks held in `fewest` suits at least, by adding the suits'
        # rank bits bit by bit: bit r of `ones`, `twos`, `fours` holds the
        # number of suits with rank r.
        clubs, spades, hearts, diamonds = (have for _, have in rows)
        carry_low, carry_high = clubs & spades, hearts & diamonds
        low, high = clubs ^ spades, hearts ^ diamonds
        ones, carry = low ^ high, low & high
        twos = carry_low ^ carry_high ^ carry
        fours = (carry_low & carry_high) | (carry & (carry_low | carry_high))
        enough = (
            (
                clubs | spades | hearts | diamonds,
                twos | fours,
                (twos & ones) | fours,
                fours,
            )[fewest - 1]
            if fewest <= 4
            else 0
        )
        ranks = []
        while enough:
            rank = (enough & -enough).bit_length() - 1
            enough &= enough - 1
            counts = (rows[0][0][rank], rows[1][0][rank], rows[2][0][rank], rows[3][0][rank])
            ranks.append((rank, counts, set_jokers))
    else:
        columns = enumerate(zip(rows[0][0], rows[1][0], rows[2][0], rows[3][0], strict=True))
        ranks = [
            (rank, counts, set_jokers)
            for rank, counts in columns
            if sum(min(n, 4) for n in counts) >= fewest
        ]
    run_jokers = min(jokers, 13)
    suits = tuple((suit, have, run_jokers) for suit, (_, have) in enumerate(rows) if have)
    return tuple(ranks), suits


@lru_cache(maxsize=1024)
def meld_options(key: int, shape: MeldShape) -> tuple[Option, ...]:
    """The melds of the packed multiset `key` as options (sets by rank, then runs by suit)."""
    ranks, suits = meld_places(key, shape)
    found: list[Option] = []
    for rank_index, suit_counts, jokers in ranks:
        found.extend(rank_options(rank_index, suit_counts, jokers, shape))
    for suit, have, jokers in suits:
        found.extend(suit_options(suit, have, jokers, shape))
    return tuple(found)


@lru_cache(maxsize=1024)
def _find(key: int, shape: MeldShape) -> tuple[Meld, ...]:
    """The melds of the packed multiset `key` (sets by rank, then runs by suit)."""
    ranks, suits = meld_places(key, shape)
    found: list[Meld] = []
    for rank_index, suit_counts, jokers in ranks:
        found.extend(_rank_melds(rank_index, suit_counts, jokers, shape))
    for suit, have, jokers in suits:
        found.extend(_suit_melds(suit, have, jokers, shape))
    return tuple(found)


def find_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """Return every distinct valid meld formable from the multiset `cards`."""
    # More copies of a card than any deck holds change nothing.
    return _find(pack_cards(cards), shape_of(rules))


def options_in(key: int, rules: Rules) -> tuple[Option, ...]:
    """Return the melds of `melds_in`, in its order, as options: packed, without a `Meld` built (cached)."""
    return meld_options(key, shape_of(rules))


def melds_in(key: int, rules: Rules) -> tuple[Meld, ...]:
    """Return the melds formable from the packed multiset `key` (cached)."""
    return _find(key, shape_of(rules))


def melds_with(key: int, code: int, rules: Rules) -> tuple[Meld, ...]:
    """Return the melds of the packed multiset `key` that hold a card of `code`.

    The same melds, in the same order, as filtering `melds_in`, but a
    natural card only needs the sets of its rank and the runs of its suit
    (and none of them where `meld_places` finds no room for one:
    `_places_with`).
    """
    shape = shape_of(rules)
    if code == JOKER_CODE:
        return tuple(meld for meld in _find(key, shape) if meld.joker_count)
    shift = SHIFTS[code]
    sets, runs = _places_with(key, code, shape)
    found: list[Meld] = []
    if sets is not None:
        found.extend(
            meld
            for meld, option in zip(_rank_melds(*sets), rank_options(*sets), strict=True)
            if (option[0] >> shift) & FIELD
        )
    if runs is not None:
        found.extend(
            meld
            for meld, option in zip(_suit_melds(*runs), suit_options(*runs), strict=True)
            if (option[0] >> shift) & FIELD
        )
    return tuple(found)


def options_with(key: int, code: int, rules: Rules) -> tuple[Option, ...]:
    """Return the melds of `melds_with`, in its order, as options: packed, without a `Meld` built."""
    shape = shape_of(rules)
    if code == JOKER_CODE:
        return tuple(option for option in meld_options(key, shape) if option[2])
    shift = SHIFTS[code]
    sets, runs = _places_with(key, code, shape)
    found: list[Option] = []
    if sets is not None:
        found.extend(option for option in rank_options(*sets) if (option[0] >> shift) & FIELD)
    if runs is not None:
        found.extend(option for option in suit_options(*runs) if (option[0] >> shift) & FIELD)
    return tuple(found)


def _places_with(
    key: int, code: int, shape: MeldShape
) -> tuple[
    tuple[int, tuple[int, ...], int, MeldShape] | None, tuple[int, int, int, MeldShape] | None
]:
    """Where the melds of the packed `key` that hold the natural card `code` may lie.

    The arguments of `rank_options` for the sets of its rank and of
    `suit_options` for the runs of its suit, each ``None`` where
    `meld_places`' tests find no room for such a meld.
    """
    jokers = key >> JOKER_SHIFT
    rank_index, suit = code % 13, code // 13
    suit_counts = tuple([(key >> at) & FIELD for at in SHIFTS[rank_index:JOKER_CODE:13]])
    sets = None
    if _may_hold_set(suit_counts, min(jokers, 3), shape):
        sets = (rank_index, suit_counts, min(jokers, 3), shape)
    have = _suit_row((key >> SUIT_SHIFTS[suit]) & SUIT_FIELDS)[1]
    runs = (suit, have, min(jokers, 13), shape) if jokers or three_in_a_row(have) else None
    return sets, runs
