"""Meld search (private): enumerate the melds of a hand and pack them, on integer card codes.

Cards are codes 0–52 (52 the joker, see `Card.code`); a multiset of cards
is an integer with one 5-bit field per code (`pack`), so that subtracting
a meld is one subtraction and checking that it fits is one mask test.

The search lists the melds of a hand as options: their packed cards,
value and jokers, which is all that packing them needs (`_Option`). A
`Meld` value is built only when it is asked for, and without the validator
(`meld_failure`): the cards the search chooses form a valid meld by
construction, so only the meld's fields are left to fill in (rules §3).
Each meld built here equals the one ``meld_failure(meld.cards, rules,
meld.kind)`` returns, card for card and joker role for joker role; the
tests check that they agree.

The packing queries of the opening checks (rules §5, §8) run in a
`Packer` per hand: the melds of each part of the hand (one rank's sets,
one suit's runs) as the search reads them, cached by part, and one memo
per kind of search shared by every check on the hand's sub-multisets.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from functools import lru_cache
from itertools import combinations, compress
from typing import Any, Final

from romme.cards import JOKER, JOKER_CODE, Card, Rank, Suit, card_code
from romme.melds import JokerRole, Meld, MeldKind
from romme.rules import AdjacentJokers, JokerLimit, Rules

__all__ = ["best_melds", "find_melds", "pack"]

_BITS: Final = 5
_FIELD: Final = (1 << _BITS) - 1
_GUARD: Final = sum(1 << (_BITS * code + _BITS - 1) for code in range(JOKER_CODE + 1))
"""The top bit of every field: counts stay below 16, so a borrow clears a guard bit."""
_LOW_BITS: Final = sum(1 << (_BITS * code) for code in range(JOKER_CODE + 1))
"""The lowest bit of every field."""
_JOKER_SHIFT: Final = _BITS * JOKER_CODE
"""Where the joker's field begins: the last field, so ``key >> _JOKER_SHIFT`` counts the jokers."""
_JOKER_FIELD: Final = _FIELD << _JOKER_SHIFT
_NATURAL_FIELDS: Final = (1 << _JOKER_SHIFT) - 1
"""The fields of the natural cards (all but the joker's)."""

JOKER_UNIT: Final = 1 << _JOKER_SHIFT
"""One joker in a packed multiset."""


def pack(codes: Iterable[int]) -> int:
    """Return the packed multiset of card `codes`."""
    key = 0
    for code in codes:
        key += 1 << (_BITS * code)
    return key


def fits(part: int, whole: int) -> bool:
    """Return whether the packed multiset `part` is contained in `whole`."""
    return ((whole | _GUARD) - part) & _GUARD == _GUARD


def count(key: int, code: int) -> int:
    """Return how many cards of `code` the packed multiset `key` holds."""
    return (key >> (_BITS * code)) & _FIELD


def _occupied(key: int) -> int:
    """The fields of `key` that hold at least one card, each filled with ones."""
    # A count is below 16, so only a field's four lower bits can be set:
    # fold them onto the field's lowest bit, then fill the field.
    folded = key | (key >> 1)
    folded |= folded >> 2
    return (folded & _LOW_BITS) * _FIELD


def _codes(key: int) -> Iterable[int]:
    """The codes of the cards `key` holds, lowest first, each once."""
    while key:
        lowest = ((key & -key).bit_length() - 1) // _BITS
        yield lowest
        key &= ~(_FIELD << (_BITS * lowest))


# -- the fields of a meld ------------------------------------------------------------------

_CARDS: Final = tuple(Card.from_code(code) for code in range(JOKER_CODE + 1))
_UNITS: Final = tuple(1 << (_BITS * code) for code in range(JOKER_CODE + 1))
_RANKS: Final = tuple(Rank)
"""The ranks by rank index (a card's code modulo 13): 0 the two … 12 the ace."""
_SUITS: Final = tuple(Suit)
"""The suits by suit index (a card's code divided by 13): ♣ ♠ ♥ ♦."""
_RANK_VALUES: Final = tuple(11 if rank is Rank.ACE else min(int(rank), 10) for rank in _RANKS)
"""The value of a card of each rank index (rules §3): face value, J/Q/K 10, ace 11."""
_OTHER_SUITS: Final = tuple(
    frozenset(suit for index, suit in enumerate(_SUITS) if not taken >> index & 1)
    for taken in range(16)
)
"""``_OTHER_SUITS[taken]``: the suits whose bits (by suit index) `taken` does not set."""

# Run places are counted in ordinals: -1 is the ace below the two (worth 1),
# 0 the two … 12 the ace (worth 11), and on past the corner, 13 the two again.
_ORDINALS: Final = range(-1, 25)
_RUN_CARDS: Final = tuple(
    tuple(_CARDS[suit * 13 + ordinal % 13] for ordinal in _ORDINALS) for suit in range(4)
)
"""``_RUN_CARDS[suit][ordinal + 1]``: the card at each ordinal of a suit's runs."""
_RUN_PACKED: Final = tuple(
    tuple(sum(_UNITS[card.code] for card in cards[:end]) for end in range(len(cards) + 1))
    for cards in _RUN_CARDS
)
"""``_RUN_PACKED[suit][ordinal + 1]``: the cards of the suit's ordinals below `ordinal`, packed."""
_RUN_UNITS: Final = tuple(tuple(_UNITS[card.code] for card in cards) for cards in _RUN_CARDS)
"""``_RUN_UNITS[suit][ordinal + 1]``: the card at the ordinal, packed."""


def _window(start: int, length: int) -> tuple[tuple[Rank, ...], int]:
    """The ranks and the value of the run of `length` cards from the ordinal `start`."""
    ordinals = range(start, start + length)
    ranks = tuple(_RANKS[ordinal % 13] for ordinal in ordinals)
    value = sum(1 if ordinal == -1 else _RANK_VALUES[ordinal % 13] for ordinal in ordinals)
    return ranks, value


_WINDOWS: Final = tuple(
    tuple(_window(start, length) for length in range(14)) for start in range(-1, 12)
)
"""``_WINDOWS[start + 1][length]``: the ranks and value of every run window."""
_RUN_ROLES: Final = tuple(
    tuple(
        tuple(JokerRole(place, _RANKS[(start + place) % 13], (suit,)) for place in range(13))
        for start in range(-1, 12)
    )
    for suit in _SUITS
)
"""``_RUN_ROLES[suit][start + 1][place]``: the role of a joker at that place of a run."""

_SUIT_BITS: Final = tuple(1 << (code // 13) for code in range(JOKER_CODE))
"""The bit of each natural card's suit index."""
_SET_ROLES: Final = tuple(
    tuple(tuple(JokerRole(place, rank, free) for place in range(4)) for free in _OTHER_SUITS)
    for rank in _RANKS
)
"""``_SET_ROLES[rank index][taken][place]``: the role of a joker at that place of a set
whose natural cards take the suits of the bits of `taken`."""


def _set_meld(naturals: tuple[int, ...], jokers: int, distinct_suits: bool) -> Meld:
    """The set of the natural cards `naturals` (codes of one rank, ascending) and `jokers` jokers.

    As `meld_failure` builds it: the natural cards by code, then the jokers,
    each standing for the rank in any suit the natural cards leave free
    (any suit at all without `distinct_suits`).
    """
    rank_index = naturals[0] % 13
    count = len(naturals)
    size = count + jokers
    taken = sum(map(_SUIT_BITS.__getitem__, naturals)) if distinct_suits else 0
    return Meld(
        kind=MeldKind.SET,
        cards=tuple(map(_CARDS.__getitem__, naturals)) + (JOKER,) * jokers,
        ranks=(_RANKS[rank_index],) * size,
        suit=None,
        value=_RANK_VALUES[rank_index] * size,
        jokers=_SET_ROLES[rank_index][taken][count:size],
    )


def _run_meld(suit: int, start: int, length: int, joker_places: int) -> Meld:
    """The run of `suit` from the ordinal `start`, with jokers at the bits of `joker_places`.

    As `meld_failure` builds it from these cards in this order: low to high,
    each joker standing for the one card at its place.
    """
    ranks, value = _WINDOWS[start + 1][length]
    cards = _RUN_CARDS[suit][start + 1 : start + 1 + length]
    roles: tuple[JokerRole, ...] = ()
    if joker_places:
        placed = list(cards)
        roles_here = _RUN_ROLES[suit][start + 1]
        role_list = []
        while joker_places:
            place = (joker_places & -joker_places).bit_length() - 1
            joker_places &= joker_places - 1
            placed[place] = JOKER
            role_list.append(roles_here[place])
        cards = tuple(placed)
        roles = tuple(role_list)
    return Meld(
        kind=MeldKind.RUN, cards=cards, ranks=ranks, suit=_SUITS[suit], value=value, jokers=roles
    )


_Option = tuple[int, int, int, int, Callable[..., Meld], tuple[Any, ...]]
"""A meld found, as packing it needs: ``(packed, value, jokers, lowest, build, recipe)``.

`packed` is the meld's cards as a packed multiset, `jokers` how many
jokers it holds, `lowest` the code of its lowest natural card, and
``build(*recipe)`` builds the `Meld` itself, only when it is wanted.
"""


def _set_option(naturals: tuple[int, ...], jokers: int, rules: Rules) -> _Option:
    """The set of the natural cards `naturals` and `jokers` jokers (see `_set_meld`)."""
    value = _RANK_VALUES[naturals[0] % 13] * (len(naturals) + jokers)
    packed = sum(map(_UNITS.__getitem__, naturals)) + jokers * JOKER_UNIT
    recipe = (naturals, jokers, rules.set_distinct_suits)
    return packed, value, jokers, naturals[0], _set_meld, recipe


def _run_option(suit: int, start: int, length: int, joker_places: int) -> _Option:
    """The run of `suit` from `start` with jokers at `joker_places` (see `_run_meld`)."""
    below = _RUN_PACKED[suit]
    naturals = below[start + 1 + length] - below[start + 1]
    places = joker_places
    while places:
        place = (places & -places).bit_length() - 1
        places &= places - 1
        naturals -= _RUN_UNITS[suit][start + 1 + place]
    jokers = joker_places.bit_count()
    lowest = ((naturals & -naturals).bit_length() - 1) // _BITS
    value = _WINDOWS[start + 1][length][1]
    recipe = (suit, start, length, joker_places)
    return naturals + jokers * JOKER_UNIT, value, jokers, lowest, _run_meld, recipe


def _build(option: _Option) -> Meld:
    """The meld of `option`."""
    return option[4](*option[5])


# -- enumeration -----------------------------------------------------------------------------


def _joker_budget(naturals: int, limit: JokerLimit) -> int:
    """The most jokers a meld with `naturals` natural cards may hold under `limit`."""
    if limit is JokerLimit.NONE:
        return 99
    if limit is JokerLimit.ONE_PER_MELD:
        return 1
    if limit is JokerLimit.NOT_MAJORITY:
        return naturals
    return naturals - 1


_SET_SHAPES: Final = {
    limit: tuple(
        tuple(
            (size, max(0, 3 - size), most)
            for size in range(1, 5)
            if (most := min(jokers, 4 - size, _joker_budget(size, limit))) >= 3 - size
        )
        for jokers in range(4)
    )
    for limit in JokerLimit
}
"""``_SET_SHAPES[limit][jokers]``: (natural cards, fewest jokers, most jokers) of every set
size that `jokers` jokers at hand allow."""


@lru_cache(maxsize=4096)
def _rank_options(
    rank_index: int, suit_counts: tuple[int, ...], jokers: int, rules: Rules
) -> tuple[_Option, ...]:
    """The sets of one rank: they depend only on that rank's cards and the jokers (at most 3).

    `suit_counts` counts the cards of the rank by suit index. The sets come
    by their number of natural cards, then by suits, then by jokers.
    """
    if rules.set_distinct_suits:
        pool = [suit * 13 + rank_index for suit, n in enumerate(suit_counts) if n]
    else:
        pool = [
            suit * 13 + rank_index for suit, n in enumerate(suit_counts) for _ in range(min(n, 4))
        ]
    options = []
    seen = set()
    for size, fewest, most in _SET_SHAPES[rules.joker_limit][jokers]:
        if size > len(pool):
            break
        for naturals in combinations(pool, size):
            if naturals in seen:
                continue  # the same cards from the other pack
            seen.add(naturals)
            for extra in range(fewest, most + 1):
                options.append(_set_option(naturals, extra, rules))
    return tuple(options)


@lru_cache(maxsize=4096)
def _rank_melds(
    rank_index: int, suit_counts: tuple[int, ...], jokers: int, rules: Rules
) -> tuple[Meld, ...]:
    """The melds of `_rank_options`."""
    return tuple(map(_build, _rank_options(rank_index, suit_counts, jokers, rules)))


def _most_run_jokers(length: int, limit: JokerLimit) -> int:
    """The most jokers a run of `length` cards may hold: one card at least stays natural."""
    allowed = [k for k in range(length) if k <= _joker_budget(length - k, limit)]
    return max(allowed, default=0)


_RUN_JOKERS: Final = {
    limit: tuple(_most_run_jokers(length, limit) for length in range(14)) for limit in JokerLimit
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
    adjacency: tuple(
        adjacency is AdjacentJokers.FORBIDDEN
        or (adjacency is AdjacentJokers.LONG_RUNS and length < 4)
        for length in range(14)
    )
    for adjacency in AdjacentJokers
}
"""``_APART[adjacency][length]``: whether a run of that length may not hold two jokers side by side."""


@lru_cache(maxsize=4096)
def _suit_options(suit: int, have: int, jokers: int, rules: Rules) -> tuple[_Option, ...]:
    """The runs of one suit: they depend only on which of its ranks are there, and the jokers.

    `have` has bit i set when the hand holds the card of rank index i. The
    runs come by start (the low ace first), then by length, then by where
    the jokers stand (see `_joker_places`).
    """
    budget = _RUN_JOKERS[rules.joker_limit]
    shortest = _SHORTEST_RUN[rules.joker_limit]
    apart = _APART[rules.adjacent_jokers]
    always_apart = rules.adjacent_jokers is AdjacentJokers.FORBIDDEN
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
    shortest_windows = _SHORTEST_WINDOWS[rules.joker_limit][jokers]
    wraps = rules.ace_wraps
    options: list[_Option] = []
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
                    options.append(_run_option(suit, start, length, window))
                    continue
                for joker_places in _joker_places(window, length, most, apart[length]):
                    options.append(_run_option(suit, start, length, joker_places))
            if (
                place == longest
                or shortest[passed + 1] > longest
                or (always_apart and place == previous + 1)
            ):
                break  # no longer window, or no valid one
            first, previous = place + 1, place
    return tuple(options)


@lru_cache(maxsize=4096)
def _suit_melds(suit: int, have: int, jokers: int, rules: Rules) -> tuple[Meld, ...]:
    """The melds of `_suit_options`."""
    return tuple(map(_build, _suit_options(suit, have, jokers, rules)))


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


_RankPart = tuple[int, tuple[int, ...], int]
_SuitPart = tuple[int, int, int]
_BITS_13: Final = tuple(1 << index for index in range(13))
_SHIFTS: Final = tuple(_BITS * code for code in range(JOKER_CODE + 1))


_SUIT_FIELDS: Final = (1 << (13 * _BITS)) - 1
"""The fields of one suit's thirteen cards, shifted to the lowest bits."""
_SUIT_SHIFTS: Final = (0, 13 * _BITS, 26 * _BITS, 39 * _BITS)


@lru_cache(maxsize=4096)
def _suit_row(fields: int) -> tuple[tuple[int, ...], int]:
    """The counts of one suit's cards from its packed `fields` (two to ace), and the ranks held as bits."""
    counts = tuple((fields >> shift) & _FIELD for shift in _SHIFTS[:13])
    return counts, sum(compress(_BITS_13, counts))


def _may_hold_set(suit_counts: tuple[int, ...], jokers: int, rules: Rules) -> bool:
    """Whether cards of one rank counted by suit (`suit_counts`) and `jokers` jokers make a set.

    Enough natural cards for the smallest set that many jokers allow (rules
    §3): distinct suits under ``set_distinct_suits``, else up to four copies
    of each. `_rank_options` finds no set otherwise.
    """
    fewest = _SET_SHAPES[rules.joker_limit][jokers][0][0]
    if rules.set_distinct_suits:
        return 4 - suit_counts.count(0) >= fewest
    return sum(min(n, 4) for n in suit_counts) >= fewest


def _three_in_a_row(have: int) -> bool:
    """Whether the ranks `have` (bit i: rank index i) hold three in a row, around the corner too.

    Without jokers a run needs it (rules §3): `_suit_options` finds none otherwise.
    """
    ranks = have | have << 13
    return bool(ranks & ranks >> 1 & ranks >> 2)


@lru_cache(maxsize=64)
def _parts(key: int, rules: Rules) -> tuple[tuple[_RankPart, ...], tuple[_SuitPart, ...]]:
    """Where the melds of the packed multiset `key` may lie, in the order of the melds.

    The arguments for `_rank_options` of each rank that may hold a set, and
    for `_suit_options` of each suit the hand holds (`rules` left out).
    Cached: the packing search of a hand and the list of its melds both
    ask (see `Packer`, `melds_in`).
    """
    rows = [_suit_row((key >> shift) & _SUIT_FIELDS) for shift in _SUIT_SHIFTS]
    jokers = key >> _JOKER_SHIFT
    set_jokers = min(jokers, 3)
    fewest = _SET_SHAPES[rules.joker_limit][set_jokers][0][0]  # natural cards (`_may_hold_set`)
    ranks: list[_RankPart]
    if rules.set_distinct_suits:
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
def _options(key: int, rules: Rules) -> tuple[_Option, ...]:
    """The melds of the packed multiset `key` as options (sets by rank, then runs by suit)."""
    ranks, suits = _parts(key, rules)
    found: list[_Option] = []
    for rank_index, suit_counts, jokers in ranks:
        found.extend(_rank_options(rank_index, suit_counts, jokers, rules))
    for suit, have, jokers in suits:
        found.extend(_suit_options(suit, have, jokers, rules))
    return tuple(found)


@lru_cache(maxsize=1024)
def _find(key: int, rules: Rules) -> tuple[Meld, ...]:
    """The melds of the packed multiset `key` (sets by rank, then runs by suit)."""
    ranks, suits = _parts(key, rules)
    found: list[Meld] = []
    for rank_index, suit_counts, jokers in ranks:
        found.extend(_rank_melds(rank_index, suit_counts, jokers, rules))
    for suit, have, jokers in suits:
        found.extend(_suit_melds(suit, have, jokers, rules))
    return tuple(found)


def find_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """Return every distinct valid meld formable from the multiset `cards`."""
    # More copies of a card than any deck holds change nothing.
    return _find(pack_cards(cards), rules)


def _meld_key(meld: Meld) -> int:
    return sum(map(_UNITS.__getitem__, map(card_code, meld.cards)))


_Packing = tuple[int, int, tuple[_Option, ...]]
"""A packing: its total value, minus the jokers it uses, and its melds."""
_NO_PACKING: Final[_Packing] = (0, 0, ())


@lru_cache(maxsize=1024)
def _best(key: int, rules: Rules) -> tuple[Meld, ...]:
    """The best packing of the packed multiset `key` (see `best_melds`)."""
    # starting[c]: the melds whose lowest natural card has the code c, in order.
    # live[k]: the fields of the cards that the melds with k jokers or fewer
    # take, and the joker's field; reach[k] gathers the melds with k jokers.
    starting: list[list[_Option] | None] = [None] * JOKER_CODE
    reach = [0] * ((key >> _JOKER_SHIFT) + 1)
    for option in _options(key, rules):
        reach[option[2]] |= option[0]
        options = starting[option[3]]
        if options is None:
            options = starting[option[3]] = []
        options.append(option)
    live = []
    covered = fields = 0
    for packed in reach:
        if packed | covered != covered:
            covered |= packed
            fields = _occupied(covered) | _JOKER_FIELD
        live.append(fields)
    memo: dict[int, _Packing] = {}
    units = _UNITS
    guard = _GUARD

    def solve(remaining: int) -> _Packing:
        # The best packing of the packed multiset `remaining`: the greatest
        # value, then the fewest jokers, then the first found (keeping the
        # lowest natural card out before putting it in a meld).
        #
        # Cards that no meld with the jokers left can take change nothing:
        # leaving them out first makes more multisets alike.
        remaining &= live[remaining >> _JOKER_SHIFT]
        found = memo.get(remaining)
        if found is not None:
            return found
        given = remaining
        while True:
            naturals = remaining & _NATURAL_FIELDS
            if not naturals:
                memo[given] = _NO_PACKING
                return _NO_PACKING
            lowest = ((naturals & -naturals).bit_length() - 1) // _BITS
            options = starting[lowest]
            if options is not None:
                # The first best packing with the lowest natural card in a meld …
                high = remaining | guard
                chosen: tuple[_Option, tuple[_Option, ...]] | None = None
                chosen_value = chosen_jokers = 0
                for option in options:
                    packed, value, jokers, _, _, _ = option
                    if (high - packed) & guard == guard:  # fits(packed, remaining)
                        rest_value, rest_jokers, rest = solve(remaining - packed)
                        total, spared = value + rest_value, rest_jokers - jokers
                        if (
                            chosen is None
                            or total > chosen_value
                            or (total == chosen_value and spared > chosen_jokers)
                        ):
                            chosen, chosen_value, chosen_jokers = (option, rest), total, spared
                if chosen is not None:
                    break
            # No meld left takes the lowest card, nor will one with fewer
            # cards left: drop every copy of it.
            remaining &= ~(_FIELD * units[lowest])
        # … unless leaving one copy of it unused is as good.
        result = solve(remaining - units[lowest])
        if chosen_value > result[0] or (chosen_value == result[0] and chosen_jokers > result[1]):
            option, rest = chosen
            result = (chosen_value, chosen_jokers, (option, *rest))
        memo[given] = result
        return result

    return tuple(map(_build, solve(key)[2]))


def best_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """Return disjoint melds of greatest total value (fewest jokers on ties)."""
    return _best(pack_cards(cards), rules)


# -- packing queries for the engine ------------------------------------------------


def unit(code: int) -> int:
    """Return the packed multiset holding one card of `code`."""
    return 1 << (_BITS * code)


def pack_cards(cards: Iterable[Card]) -> int:
    """Return the packed multiset of `cards` (at most 15 copies of a card count)."""
    if isinstance(cards, tuple) and len(cards) < 16:  # no card can come 16 times
        return sum(map(_UNITS.__getitem__, map(card_code, cards)))
    tally = Counter(card.code for card in cards)
    return pack(code for code, n in tally.items() for _ in range(min(n, 15)))


_PartPacking = tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], tuple[int, ...], int]
"""The melds of one part of a hand as the packing search reads them (see `_part_packing`)."""


def _part_packing(options: tuple[_Option, ...], jokers_ok: bool, jokers: int) -> _PartPacking:
    """The melds `options` (at most `jokers` jokers each) as the packing search reads them.

    Their (packed, value) grouped by the code of their lowest natural card;
    for each number of jokers k, the fields of the natural cards that the
    melds with k jokers or fewer take; and the greatest value of one meld.
    Of melds with the same cards (a joker in other places) only the most
    valuable counts for a packing; without `jokers_ok` only melds without
    jokers count.
    """
    if not options:
        return (), (0,) * (jokers + 1), 0
    values: dict[int, int] = {}
    reach = [0] * (jokers + 1)  # reach[k]: the cards of the melds with k jokers
    for packed, value, used, _, _, _ in options:
        if used and not jokers_ok:
            continue
        reach[used] |= packed
        if value > values.get(packed, 0):
            values[packed] = value
    groups: dict[int, list[tuple[int, int]]] = {}
    for packed, value in values.items():
        naturals = packed & _NATURAL_FIELDS
        groups.setdefault(((naturals & -naturals).bit_length() - 1) // _BITS, []).append(
            (packed, value)
        )
    fields = []
    covered = taken = 0
    for packed in reach:
        if packed | covered != covered:
            covered |= packed
            taken = _occupied(covered) & _NATURAL_FIELDS
        fields.append(taken)
    return (
        tuple((lowest, tuple(found)) for lowest, found in groups.items()),
        tuple(fields),
        max(values.values(), default=0),
    )


def _rank_packing(part: _RankPart, rules: Rules, jokers_ok: bool) -> _PartPacking:
    """The sets of `_rank_options` of one rank (`part`, from `_parts`) as the packing search reads them."""
    return _part_packing(_rank_options(*part, rules), jokers_ok, part[2])


def _suit_packing(part: _SuitPart, rules: Rules, jokers_ok: bool) -> _PartPacking:
    """The runs of `_suit_options` of one suit (`part`, from `_parts`) as the packing search reads them.

    Without jokers and three ranks in a row there is no run to enumerate.
    """
    _, have, jokers = part
    if not jokers and not _three_in_a_row(have):
        return (), (0,), 0
    return _part_packing(_suit_options(*part, rules), jokers_ok, jokers)


_PARTS_KEPT: Final = 4096
"""How many parts `_part_tables` keeps of each kind (it forgets them all when full)."""


@lru_cache(maxsize=16)
def _part_tables(
    rules: Rules, jokers_ok: bool
) -> tuple[dict[_RankPart, _PartPacking], dict[_SuitPart, _PartPacking]]:
    """The parts of hands seen under `rules`, as `_rank_packing` and `_suit_packing` give them.

    Plain dictionaries keyed by the part alone: a hand's parts are looked
    up without hashing `rules` again for each. Bounded by `_PARTS_KEPT`.
    """
    return {}, {}


_last_hand: tuple[tuple[Card, ...], int] = ((), 0)
"""The hand `pack_hand` packed last, and its packed multiset."""


def pack_hand(hand: tuple[Card, ...]) -> int:
    """Return `pack_cards` of `hand`, remembering the last hand packed (by identity).

    The checks of one position pack the same hand tuple for every
    candidate action; a tuple is immutable, so the same object packs the same.
    """
    global _last_hand
    last = _last_hand
    if last[0] is hand:
        return last[1]
    key = pack_cards(hand)
    _last_hand = (hand, key)
    return key


_NONE: Final = -1
"""The packing value of a multiset whose cards cannot all be melded as asked."""


class Packer:
    """The packing searches within one packed multiset, the pool (a hand): its melds and memos.

    Every multiset searched is a sub-multiset of the pool, so the searches
    draw on the pool's melds (those that fit in a sub-multiset are its
    melds) and keep one memo per kind of search: a sub-multiset's best
    packing does not depend on which key the search started from, so the
    checks of one position (each lay-down, each card kept back) reuse one
    another's work. `packer` keeps one for each recent pool.
    """

    __slots__ = (
        "_best",
        "_jokers_ok",
        "_live",
        "_melds",
        "_memos",
        "_pool",
        "_rules",
        "_searches",
        "_starting",
        "free",
        "top",
    )

    def __init__(self, pool: int, rules: Rules, jokers_ok: bool) -> None:
        self._pool = pool
        self._rules = rules
        self._jokers_ok = jokers_ok
        # starting[c]: (packed, value) of the melds whose lowest natural card
        # has the code c. live[k]: the fields of the natural cards that the
        # melds with k jokers or fewer take, and the joker's field.
        starting: list[tuple[tuple[int, int], ...] | None] = [None] * JOKER_CODE
        live = [_JOKER_FIELD] * ((pool >> _JOKER_SHIFT) + 1)
        ranks, suits = _parts(pool, rules)
        rank_table, suit_table = _part_tables(rules, jokers_ok)
        parts = []
        for rank_part in ranks:
            part = rank_table.get(rank_part)
            if part is None:
                if len(rank_table) >= _PARTS_KEPT:
                    rank_table.clear()
                part = rank_table[rank_part] = _rank_packing(rank_part, rules, jokers_ok)
            parts.append(part)
        for suit_part in suits:
            part = suit_table.get(suit_part)
            if part is None:
                if len(suit_table) >= _PARTS_KEPT:
                    suit_table.clear()
                part = suit_table[suit_part] = _suit_packing(suit_part, rules, jokers_ok)
            parts.append(part)
        top = 0
        for groups, fields, most in parts:
            for lowest, options in groups:
                found = starting[lowest]
                starting[lowest] = options if found is None else found + options
            for jokers, taken in enumerate(fields):
                live[jokers] |= taken
            top = max(top, most)
        for jokers in range(1, len(live)):
            live[jokers] |= live[jokers - 1]  # a part allowing fewer jokers takes its cards still
        self._starting = starting
        self._live = live
        self.top: Final = top
        """The greatest value of one meld from the pool (0 without melds)."""
        self._memos: dict[tuple[bool, bool], dict[int, int]] = {}
        self.free: Final = self._new_search(False, False)
        """`packing_value` of a key within the pool (neither `cover` nor `use_jokers`)."""
        self._searches = {(False, False): self.free}
        self._best: tuple[tuple[int, int], ...] | None = None
        self._melds: tuple[tuple[int, int, bool], ...] | None = None

    @property
    def melds(self) -> tuple[tuple[int, int, bool], ...]:
        """The pool's melds as (packed cards, value, whether a run), in the order of `melds_in`."""
        if self._melds is None:
            jokers_ok = self._jokers_ok
            self._melds = tuple(
                (packed, value, builder is _run_meld)
                for packed, value, jokers, _, builder, _ in _options(self._pool, self._rules)
                if jokers_ok or not jokers
            )
        return self._melds

    def dead(self, key: int) -> int:
        """Return the natural cards of `key` (packed, within the pool) that no meld fitting its jokers takes.

        Only melds with more jokers than `key` holds might take them (or
        none at all), so no meld fitting in `key` holds one: leaving one out
        changes no packing of `key`.
        """
        return key & ~self._live[key >> _JOKER_SHIFT]

    def search(self, cover: bool, use_jokers: bool) -> Callable[[int], int]:
        """Return `packing_value` with `cover` and `use_jokers`, as a function of `key` only."""
        found = self._searches.get((cover, use_jokers))
        if found is None:
            found = self._searches[cover, use_jokers] = self._new_search(cover, use_jokers)
        return found

    def _new_search(self, cover: bool, use_jokers: bool) -> Callable[[int], int]:
        starting = self._starting
        live = self._live
        memo = self._memos[cover, use_jokers] = {}
        units = _UNITS
        guard = _GUARD

        # Cards that no meld with the jokers left can take: without `cover`
        # they change nothing (leaving them out first makes more multisets
        # alike), with it the packing is impossible. Every key is trimmed so
        # before its memo is read.

        def solve(remaining: int) -> int:
            # The best packing of `remaining`, trimmed and not in the memo yet.
            given = remaining
            result = _NONE
            while True:
                naturals = remaining & _NATURAL_FIELDS
                if not naturals:
                    # Every natural card melded or left out; the jokers left over.
                    if not (use_jokers and remaining >> _JOKER_SHIFT):
                        result = 0
                    memo[given] = result
                    return result
                lowest = ((naturals & -naturals).bit_length() - 1) // _BITS
                options = starting[lowest]
                fitted = False
                if options is not None:
                    # The lowest natural card in each meld that takes it …
                    high = remaining | guard
                    for packed, value in options:
                        if (high - packed) & guard == guard:  # fits(packed, remaining)
                            fitted = True
                            rest = remaining - packed
                            fields = live[rest >> _JOKER_SHIFT]
                            if rest & ~fields:
                                if cover:
                                    continue
                                rest &= fields
                            after = memo.get(rest)
                            if after is None:
                                after = solve(rest)
                            if after != _NONE and value + after > result:
                                result = value + after
                if fitted or cover:
                    break
                # No meld takes the lowest card, nor will one with fewer cards
                # left: leave every copy of it out.
                remaining &= ~(_FIELD * units[lowest])
            if not cover:
                # … or one copy of it left out (the jokers stay: nothing to trim).
                rest = remaining - units[lowest]
                after = memo.get(rest)
                if after is None:
                    after = solve(rest)
                if after > result:
                    result = after
            memo[given] = result
            return result

        def search(key: int) -> int:
            fields = live[key >> _JOKER_SHIFT]
            if key & ~fields:
                if cover:
                    return _NONE
                key &= fields
            found = memo.get(key)
            return solve(key) if found is None else found

        return search

    def at_least(self, key: int) -> int:
        """Return a value of disjoint melds from `key` (packed, within the pool), at most its best.

        The melds of a best packing of the whole pool that still fit in
        `key`, taken greedily: a packing of `key`, found without a search.
        """
        best = self._best
        if best is None:
            best = self._best = self._best_packing()
        total = 0
        high = key | _GUARD
        for packed, value in best:
            if (high - packed) & _GUARD == _GUARD:  # fits(packed, key)
                high -= packed
                total += value
        return total

    def _best_packing(self) -> tuple[tuple[int, int], ...]:
        """The (packed, value) of the melds of a best packing of the pool, read off the search."""
        solve = self.free
        live = self._live
        starting = self._starting
        chosen = []
        remaining = self._pool
        goal = solve(remaining)
        while goal:
            remaining &= live[remaining >> _JOKER_SHIFT]
            naturals = remaining & _NATURAL_FIELDS
            lowest = ((naturals & -naturals).bit_length() - 1) // _BITS
            for packed, value in starting[lowest] or ():
                if fits(packed, remaining) and value + solve(remaining - packed) == goal:
                    chosen.append((packed, value))
                    remaining -= packed
                    goal -= value
                    break
            else:
                remaining -= _UNITS[lowest]  # the best packing leaves the lowest card out
        return tuple(chosen)


@lru_cache(maxsize=32)
def packer(pool: int, rules: Rules, jokers_ok: bool) -> Packer:
    """Return the packing searches within the packed multiset `pool` (see `Packer`).

    Without `jokers_ok` only melds without jokers count.
    """
    return Packer(pool, rules, jokers_ok)


def packing_value(
    key: int,
    rules: Rules,
    *,
    jokers_ok: bool = True,
    cover: bool = False,
    use_jokers: bool = False,
    pool: int | None = None,
) -> int:
    """Return the greatest total value of disjoint melds from the packed multiset `key`.

    With `cover`, every natural card must be melded, and with `use_jokers`
    every joker too; the result is -1 when that is impossible. Without
    `jokers_ok` only melds without jokers count. `pool` is a packed
    multiset that contains `key`: the search then draws on its melds and
    shares its memo with every other search within `pool` (see `Packer`).
    """
    return packer(key if pool is None else pool, rules, jokers_ok).search(cover, use_jokers)(key)


NATURAL_FIELDS: Final = _NATURAL_FIELDS
"""The fields of the natural cards in a packed multiset (all but the joker's)."""


def field(code: int) -> int:
    """Return the field of `code` in a packed multiset, every bit set: a mask for its copies."""
    return _FIELD << (_BITS * code)


def is_unit(key: int) -> bool:
    """Return whether the packed multiset `key` holds exactly one card."""
    bit = key.bit_length() - 1
    return bit >= 0 and key == 1 << bit and bit % _BITS == 0


def codes_in(key: int) -> Iterable[int]:
    """Return the codes of the cards the packed multiset `key` holds, lowest first, each once."""
    return _codes(key)


def melds_in(key: int, rules: Rules) -> tuple[Meld, ...]:
    """Return the melds formable from the packed multiset `key` (cached)."""
    return _find(key, rules)


def meld_key(meld: Meld) -> int:
    """Return the packed multiset of `meld`'s cards."""
    return _meld_key(meld)


def melds_with(key: int, code: int, rules: Rules) -> tuple[Meld, ...]:
    """Return the melds of the packed multiset `key` that hold a card of `code`.

    The same melds, in the same order, as filtering `melds_in`, but a
    natural card only needs the sets of its rank and the runs of its suit
    (and none of them where `_parts` finds no room for one).
    """
    if code == JOKER_CODE:
        return tuple(meld for meld in _find(key, rules) if meld.joker_count)
    jokers = key >> _JOKER_SHIFT
    rank_index, suit = code % 13, code // 13
    shift = _SHIFTS[code]
    found: list[Meld] = []
    suit_counts = tuple([(key >> at) & _FIELD for at in _SHIFTS[rank_index:JOKER_CODE:13]])
    if _may_hold_set(suit_counts, min(jokers, 3), rules):
        sets = (rank_index, suit_counts, min(jokers, 3), rules)
        found.extend(
            meld
            for meld, option in zip(_rank_melds(*sets), _rank_options(*sets), strict=True)
            if (option[0] >> shift) & _FIELD
        )
    have = _suit_row((key >> _SUIT_SHIFTS[suit]) & _SUIT_FIELDS)[1]
    if jokers or _three_in_a_row(have):
        runs = (suit, have, min(jokers, 13), rules)
        found.extend(
            meld
            for meld, option in zip(_suit_melds(*runs), _suit_options(*runs), strict=True)
            if (option[0] >> shift) & _FIELD
        )
    return tuple(found)
