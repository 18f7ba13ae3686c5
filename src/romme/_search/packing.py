"""Meld packing (private): disjoint melds of greatest value, and the packing searches of the opening checks.

`best_melds` packs a hand (fewest jokers on ties). The opening checks
(rules §5, §8) run in a `Packer` per hand: the melds of each part of the
hand as the search reads them, cached by part, and one memo per kind of
search shared by every check on the hand's sub-multisets.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from romme._search.build import _build, _Option, _run_meld
from romme._search.enumeration import (
    _options,
    _parts,
    _rank_options,
    _RankPart,
    _suit_options,
    _SuitPart,
    _three_in_a_row,
)
from romme._search.packed import (
    _BITS,
    _FIELD,
    _GUARD,
    _JOKER_FIELD,
    _JOKER_SHIFT,
    _NATURAL_FIELDS,
    _UNITS,
    _occupied,
    fits,
    pack_cards,
)
from romme._shape import MeldShape, shape_of
from romme.cards import JOKER_CODE, Card
from romme.melds import Meld
from romme.rules import Rules

_Packing = tuple[int, int, tuple[_Option, ...]]
"""A packing: its total value, minus the jokers it uses, and its melds."""
_NO_PACKING: Final[_Packing] = (0, 0, ())


@lru_cache(maxsize=1024)
def _best(key: int, shape: MeldShape) -> tuple[Meld, ...]:
    """The best packing of the packed multiset `key` (see `best_melds`)."""
    # starting[c]: the melds whose lowest natural card has the code c, in order.
    # live[k]: the fields of the cards that the melds with k jokers or fewer
    # take, and the joker's field; reach[k] gathers the melds with k jokers.
    starting: list[list[_Option] | None] = [None] * JOKER_CODE
    reach = [0] * ((key >> _JOKER_SHIFT) + 1)
    for option in _options(key, shape):
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
    return _best(pack_cards(cards), shape_of(rules))


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


def _rank_packing(part: _RankPart, shape: MeldShape, jokers_ok: bool) -> _PartPacking:
    """The sets of `_rank_options` of one rank (`part`, from `_parts`) as the packing search reads them."""
    return _part_packing(_rank_options(*part, shape), jokers_ok, part[2])


def _suit_packing(part: _SuitPart, shape: MeldShape, jokers_ok: bool) -> _PartPacking:
    """The runs of `_suit_options` of one suit (`part`, from `_parts`) as the packing search reads them.

    Without jokers and three ranks in a row there is no run to enumerate.
    """
    _, have, jokers = part
    if not jokers and not _three_in_a_row(have):
        return (), (0,), 0
    return _part_packing(_suit_options(*part, shape), jokers_ok, jokers)


_PARTS_KEPT: Final = 4096
"""How many parts `_part_tables` keeps of each kind (it forgets them all when full)."""


@lru_cache(maxsize=16)
def _part_tables(
    shape: MeldShape, jokers_ok: bool
) -> tuple[dict[_RankPart, _PartPacking], dict[_SuitPart, _PartPacking]]:
    """The parts of hands seen under `shape`, as `_rank_packing` and `_suit_packing` give them.

    Plain dictionaries keyed by the part alone: a hand's parts are looked
    up without hashing `shape` again for each. Bounded by `_PARTS_KEPT`.
    """
    return {}, {}


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
        "_searches",
        "_shape",
        "_starting",
        "free",
        "top",
    )

    def __init__(self, pool: int, shape: MeldShape, jokers_ok: bool) -> None:
        self._pool = pool
        self._shape = shape
        self._jokers_ok = jokers_ok
        # starting[c]: (packed, value) of the melds whose lowest natural card
        # has the code c. live[k]: the fields of the natural cards that the
        # melds with k jokers or fewer take, and the joker's field.
        starting: list[tuple[tuple[int, int], ...] | None] = [None] * JOKER_CODE
        live = [_JOKER_FIELD] * ((pool >> _JOKER_SHIFT) + 1)
        ranks, suits = _parts(pool, shape)
        rank_table, suit_table = _part_tables(shape, jokers_ok)
        parts = []
        for rank_part in ranks:
            part = rank_table.get(rank_part)
            if part is None:
                if len(rank_table) >= _PARTS_KEPT:
                    rank_table.clear()
                part = rank_table[rank_part] = _rank_packing(rank_part, shape, jokers_ok)
            parts.append(part)
        for suit_part in suits:
            part = suit_table.get(suit_part)
            if part is None:
                if len(suit_table) >= _PARTS_KEPT:
                    suit_table.clear()
                part = suit_table[suit_part] = _suit_packing(suit_part, shape, jokers_ok)
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
                for packed, value, jokers, _, builder, _ in _options(self._pool, self._shape)
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


def packer(pool: int, rules: Rules, jokers_ok: bool) -> Packer:
    """Return the packing searches within the packed multiset `pool` (see `Packer`).

    Without `jokers_ok` only melds without jokers count. Cached by the
    meld shape of `rules`: rules that differ in no meld rule share them.
    """
    return _packer(pool, shape_of(rules), jokers_ok)


@lru_cache(maxsize=32)
def _packer(pool: int, shape: MeldShape, jokers_ok: bool) -> Packer:
    return Packer(pool, shape, jokers_ok)


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
