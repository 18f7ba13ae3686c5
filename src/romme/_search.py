"""Meld search (private): enumerate the melds of a hand and pack them, on integer card codes.

Cards are codes 0–52 (52 the joker, see `Card.code`); a multiset of cards
is an integer with one 5-bit field per code (`pack`), so that subtracting
a meld is one subtraction and checking that it fits is one mask test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from functools import lru_cache
from itertools import combinations
from typing import Final

from romme.cards import JOKER_CODE, Card
from romme.melds import Meld, MeldKind, meld_failure
from romme.rules import AdjacentJokers, JokerLimit, Rules

__all__ = ["best_melds", "find_melds", "pack"]

_BITS: Final = 5
_FIELD: Final = (1 << _BITS) - 1
_GUARD: Final = sum(1 << (_BITS * code + _BITS - 1) for code in range(JOKER_CODE + 1))
"""The top bit of every field: counts stay below 16, so a borrow clears a guard bit."""


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


def _joker_budget(naturals: int, rules: Rules) -> int:
    """The most jokers a meld with `naturals` natural cards may hold."""
    limit = rules.joker_limit
    if limit is JokerLimit.NONE:
        return 99
    if limit is JokerLimit.ONE_PER_MELD:
        return 1
    if limit is JokerLimit.NOT_MAJORITY:
        return naturals
    return naturals - 1


@lru_cache(maxsize=4096)
def _rank_melds(
    rank_index: int, suit_counts: tuple[int, ...], jokers: int, rules: Rules
) -> tuple[Meld, ...]:
    """The sets of one rank: they depend only on that rank's cards and the jokers."""
    codes = [suit * 13 + rank_index for suit in range(4)]
    if rules.set_distinct_suits:
        pool = [code for code, n in zip(codes, suit_counts, strict=True) if n]
    else:
        pool = [code for code, n in zip(codes, suit_counts, strict=True) for _ in range(min(n, 4))]
    melds = []
    seen = set()
    for size in range(1, min(4, len(pool)) + 1):
        for naturals in combinations(pool, size):
            if naturals in seen:
                continue
            seen.add(naturals)
            for extra in range(max(0, 3 - size), min(jokers, 4 - size) + 1):
                if extra <= _joker_budget(size, rules):
                    melds.append(
                        _meld_from_spec(MeldKind.SET, naturals + (JOKER_CODE,) * extra, rules)
                    )
    return tuple(melds)


@lru_cache(maxsize=4096)
def _suit_melds(suit: int, have: tuple[bool, ...], jokers: int, rules: Rules) -> tuple[Meld, ...]:
    """The runs of one suit: they depend only on which of its ranks are there, and the jokers."""
    adjacency = rules.adjacent_jokers
    specs: list[tuple[MeldKind, tuple[int, ...]]] = []
    base = suit * 13
    for start in range(-1, 12):
        codes: list[int] = []
        available: list[bool] = []
        missing = 0
        for length in range(1, 14):
            ordinal = start + length - 1
            if not rules.ace_wraps and ordinal > 12:
                break
            index = ordinal % 13
            codes.append(base + index)
            available.append(have[index])
            if not have[index]:
                missing += 1
                if missing > jokers:
                    break
            if length < 3 or missing == length:
                continue
            no_adjacent = adjacency is AdjacentJokers.FORBIDDEN or (
                adjacency is AdjacentJokers.LONG_RUNS and length < 4
            )
            _fill(codes, available, 0, [], 0, jokers, length, no_adjacent, rules, specs)
    return tuple(_meld_from_spec(kind, codes, rules) for kind, codes in specs)


def _fill(
    codes: list[int],
    available: list[bool],
    position: int,
    chosen: list[int],
    used: int,
    jokers: int,
    length: int,
    no_adjacent: bool,
    rules: Rules,
    specs: list[tuple[MeldKind, tuple[int, ...]]],
) -> None:
    """Choose, position by position, a natural card or a joker; collect the valid runs."""
    if position == length:
        naturals = length - used
        if naturals and used <= _joker_budget(naturals, rules):
            specs.append((MeldKind.RUN, tuple(chosen)))
        return
    previous_joker = bool(chosen) and chosen[-1] == JOKER_CODE
    if available[position]:
        chosen.append(codes[position])
        _fill(
            codes, available, position + 1, chosen, used, jokers, length, no_adjacent, rules, specs
        )
        chosen.pop()
    if used < jokers and not (no_adjacent and previous_joker):
        chosen.append(JOKER_CODE)
        _fill(
            codes,
            available,
            position + 1,
            chosen,
            used + 1,
            jokers,
            length,
            no_adjacent,
            rules,
            specs,
        )
        chosen.pop()


@lru_cache(maxsize=4096)
def _meld_from_spec(kind: MeldKind, codes: tuple[int, ...], rules: Rules) -> Meld:
    result = meld_failure(tuple(Card.from_code(code) for code in codes), rules, kind)
    assert isinstance(result, Meld), (codes, result)
    return result


@lru_cache(maxsize=1024)
def _find(key: int, rules: Rules) -> tuple[Meld, ...]:
    counts = [count(key, code) for code in range(JOKER_CODE + 1)]
    jokers = counts[JOKER_CODE]
    melds: list[Meld] = []
    for rank_index in range(13):
        suit_counts = tuple(counts[suit * 13 + rank_index] for suit in range(4))
        if any(suit_counts):
            melds.extend(_rank_melds(rank_index, suit_counts, min(jokers, 3), rules))
    for suit in range(4):
        have = tuple(counts[suit * 13 + index] > 0 for index in range(13))
        if any(have):
            melds.extend(_suit_melds(suit, have, min(jokers, 13), rules))
    return tuple(melds)


def find_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """Return every distinct valid meld formable from the multiset `cards`."""
    tally = Counter(card.code for card in cards)
    if any(n > 15 for n in tally.values()):
        # More copies than any deck holds: the extra copies change nothing.
        tally = Counter({code: min(n, 15) for code, n in tally.items()})
    return _find(pack(tally.elements()), rules)


def _meld_key(meld: Meld) -> int:
    return pack(card.code for card in meld.cards)


@lru_cache(maxsize=1024)
def _best(key: int, rules: Rules) -> tuple[Meld, ...]:
    melds = _find(key, rules)
    by_lowest: dict[int, list[tuple[int, int, int, Meld]]] = {}
    for meld in melds:
        lowest = min(card.code for card in meld.cards)
        by_lowest.setdefault(lowest, []).append(
            (_meld_key(meld), meld.value, meld.joker_count, meld)
        )
    memo: dict[int, tuple[int, int, tuple[Meld, ...]]] = {}

    def solve(remaining: int) -> tuple[int, int, tuple[Meld, ...]]:
        # Best (value, -jokers used, melds) from the packed multiset `remaining`.
        found = memo.get(remaining)
        if found is not None:
            return found
        lowest = _lowest_natural(remaining)
        if lowest is None:
            result: tuple[int, int, tuple[Meld, ...]] = (0, 0, ())
        else:
            # Either one copy of the lowest natural card stays unused …
            result = solve(remaining - (1 << (_BITS * lowest)))
            # … or it is the lowest card of a meld.
            for meld_key, value, jokers, meld in by_lowest.get(lowest, ()):
                if fits(meld_key, remaining):
                    rest_value, rest_jokers, rest = solve(remaining - meld_key)
                    candidate = (value + rest_value, rest_jokers - jokers, (meld, *rest))
                    if candidate[:2] > result[:2]:
                        result = candidate
        memo[remaining] = result
        return result

    return solve(key)[2]


def _lowest_natural(key: int) -> int | None:
    naturals = key & ~(_FIELD << (_BITS * JOKER_CODE))
    if not naturals:
        return None
    return ((naturals & -naturals).bit_length() - 1) // _BITS


def best_melds(cards: tuple[Card, ...], rules: Rules) -> tuple[Meld, ...]:
    """Return disjoint melds of greatest total value (fewest jokers on ties)."""
    tally = Counter(card.code for card in cards)
    tally = Counter({code: min(n, 15) for code, n in tally.items()})
    return _best(pack(tally.elements()), rules)


# -- packing queries for the engine ------------------------------------------------

JOKER_UNIT: Final = 1 << (_BITS * JOKER_CODE)
"""One joker in a packed multiset."""


def unit(code: int) -> int:
    """Return the packed multiset holding one card of `code`."""
    return 1 << (_BITS * code)


def pack_cards(cards: Iterable[Card]) -> int:
    """Return the packed multiset of `cards` (at most 15 copies of a card count)."""
    tally = Counter(card.code for card in cards)
    return pack(code for code, n in tally.items() for _ in range(min(n, 15)))


@lru_cache(maxsize=2048)
def _indexed(key: int, rules: Rules, jokers_ok: bool) -> dict[int, list[tuple[int, int, int]]]:
    """The melds of `key` as (packed, value, jokers), grouped by their lowest natural code."""
    by_lowest: dict[int, list[tuple[int, int, int]]] = {}
    for meld in _find(key, rules):
        if meld.jokers and not jokers_ok:
            continue
        lowest = min(card.code for card in meld.cards)
        by_lowest.setdefault(lowest, []).append((_meld_key(meld), meld.value, meld.joker_count))
    return by_lowest


_NONE: Final = -1


@lru_cache(maxsize=8192)
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
    multiset that contains `key` and whose melds are cached already: the
    search then draws on those instead of enumerating the melds of `key`.
    """
    index = _indexed(key if pool is None else pool, rules, jokers_ok)
    memo: dict[int, int] = {}

    def solve(remaining: int) -> int:
        found = memo.get(remaining)
        if found is not None:
            return found
        lowest = _lowest_natural(remaining)
        if lowest is None:
            result = _NONE if use_jokers and count(remaining, JOKER_CODE) else 0
        else:
            result = _NONE if cover else solve(remaining - unit(lowest))
            for meld_key, value, _jokers in index.get(lowest, ()):
                if fits(meld_key, remaining):
                    rest = solve(remaining - meld_key)
                    if rest != _NONE and value + rest > result:
                        result = value + rest
        memo[remaining] = result
        return result

    return solve(key)


def melds_in(key: int, rules: Rules) -> tuple[Meld, ...]:
    """Return the melds formable from the packed multiset `key` (cached)."""
    return _find(key, rules)


def meld_key(meld: Meld) -> int:
    """Return the packed multiset of `meld`'s cards."""
    return _meld_key(meld)


def melds_with(key: int, code: int, rules: Rules) -> tuple[Meld, ...]:
    """Return the melds of the packed multiset `key` that hold a card of `code`.

    The same melds, in the same order, as filtering `melds_in`, but a
    natural card only needs the sets of its rank and the runs of its suit.
    """
    if code == JOKER_CODE:
        return tuple(meld for meld in _find(key, rules) if meld.joker_count)
    jokers = count(key, JOKER_CODE)
    rank_index, suit = code % 13, code // 13
    suit_counts = tuple(count(key, s * 13 + rank_index) for s in range(4))
    have = tuple(count(key, suit * 13 + index) > 0 for index in range(13))
    card = Card.from_code(code)
    return tuple(
        meld
        for meld in (
            *_rank_melds(rank_index, suit_counts, min(jokers, 3), rules),
            *_suit_melds(suit, have, min(jokers, 13), rules),
        )
        if card in meld.cards
    )


@lru_cache(maxsize=2048)
def loose_naturals(key: int, rules: Rules, jokers_ok: bool) -> int:
    """Return how many natural cards of the packed multiset `key` are in none of its melds.

    A bound for the engine: melds can take every card but one only if at
    most one natural card is loose.
    """
    covered = 0
    for meld in _find(key, rules):
        if jokers_ok or not meld.jokers:
            covered |= _meld_key(meld)
    loose = 0
    for code in range(JOKER_CODE):
        field = (key >> (_BITS * code)) & _FIELD
        if field and not (covered >> (_BITS * code)) & _FIELD:
            loose += field
    return loose
