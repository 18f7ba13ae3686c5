"""The melds of a hand's parts as the packing search reads them (private): scores, merged by cards.

A packing's score is its value, then the fewer jokers, as one integer.
The sets of a rank and the runs of a suit are read once per part (cached
by part and meld shape) and merged by cards: of melds with the same
cards only the most valuable counts for a packing.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from typing import Final

from romme.melds._search.build import Option
from romme.melds._search.enumeration import (
    RankPart,
    SuitPart,
    rank_options,
    suit_options,
    three_in_a_row,
)
from romme.melds._search.packed import (
    BITS,
    NATURAL_FIELDS,
    occupied,
)
from romme.rules import MeldShape

# -- scores ------------------------------------------------------------------------------------

SCALE_BITS: Final = 6
"""For `best_melds`, a packing's score is its value times 64, minus the jokers it uses (at
most 15 < 64): greater scores are greater values, then fewer jokers. The opening checks
search plain values (small numbers, quicker to add)."""
ROUND_UP: Final = (1 << SCALE_BITS) - 1

NONE: Final = -1
"""The score (and value) of a multiset whose cards cannot all be melded as asked."""


# -- the melds of a hand's parts, as the search reads them -----------------------------------

_PartPacking = tuple[tuple[tuple[int, tuple[tuple[int, int], ...]], ...], tuple[int, ...], int]
"""The melds of one part of a hand as the packing search reads them (see `_part_packing`)."""


def _part_packing(options: tuple[Option, ...], jokers_ok: bool, jokers: int) -> _PartPacking:
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
        naturals = packed & NATURAL_FIELDS
        groups.setdefault(((naturals & -naturals).bit_length() - 1) // BITS, []).append(
            (packed, value)
        )
    fields = []
    covered = taken = 0
    for packed in reach:
        if packed | covered != covered:
            covered |= packed
            taken = occupied(covered) & NATURAL_FIELDS
        fields.append(taken)
    return (
        tuple((lowest, tuple(found)) for lowest, found in groups.items()),
        tuple(fields),
        max(values.values(), default=0),
    )


def _rank_packing(part: RankPart, shape: MeldShape, jokers_ok: bool) -> _PartPacking:
    """The sets of `rank_options` of one rank (`part`, from `_parts`) as the packing search reads them."""
    return _part_packing(rank_options(*part, shape), jokers_ok, part[2])


def _suit_packing(part: SuitPart, shape: MeldShape, jokers_ok: bool) -> _PartPacking:
    """The runs of `suit_options` of one suit (`part`, from `_parts`) as the packing search reads them.

    Without jokers and three ranks in a row there is no run to enumerate.
    """
    _, have, jokers = part
    if not jokers and not three_in_a_row(have):
        return (), (0,), 0
    return _part_packing(suit_options(*part, shape), jokers_ok, jokers)


_PARTS_KEPT: Final = 4096
"""How many parts each of `part_tables`' lookups keeps (least recently used first out)."""


@lru_cache(maxsize=16)
def part_tables(
    shape: MeldShape, jokers_ok: bool
) -> tuple[Callable[[RankPart], _PartPacking], Callable[[SuitPart], _PartPacking]]:
    """`_rank_packing` and `_suit_packing` under `shape` and `jokers_ok`, cached by the part alone.

    Bounded caches keyed by the part only: a hand's parts are looked up
    without hashing `shape` again for each.
    """

    @lru_cache(maxsize=_PARTS_KEPT)
    def rank_table(part: RankPart) -> _PartPacking:
        return _rank_packing(part, shape, jokers_ok)

    @lru_cache(maxsize=_PARTS_KEPT)
    def suit_table(part: SuitPart) -> _PartPacking:
        return _suit_packing(part, shape, jokers_ok)

    return rank_table, suit_table
