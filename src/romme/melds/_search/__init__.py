"""Meld search (private): enumerate the melds of a hand and pack them, on integer card codes.

One concept a module: `packed` (a multiset of cards as one integer),
`build` (the `Meld` value of cards the search found), `enumeration` (the
melds of a hand, by rank and by suit), `parts` (the melds of a hand's parts
as the packing search reads them: scores, merged by cards) and `packing`
(the one search for disjoint melds of greatest value: the opening checks
ask it for values, `best_melds` reads its best packing). The names below
are the interface the rest of the library uses.
"""

from __future__ import annotations

from romme.melds._search.build import Option, option_cards, option_kind, option_meld
from romme.melds._search.enumeration import (
    find_melds,
    melds_in,
    melds_with,
    options_in,
    options_with,
)
from romme.melds._search.packed import (
    BASE_FIELD,
    BASE_SHIFT,
    HIGH_JOKER,
    HIGH_SHIFT,
    JOKER_UNIT,
    LENGTH_SHIFT,
    LOW_JOKER,
    LOW_SHIFT,
    NATURAL_FIELDS,
    NIBBLE,
    RUN,
    codes_in,
    count,
    field,
    fits,
    is_unit,
    meld_key,
    meld_shape,
    pack,
    pack_cards,
    unit,
)
from romme.melds._search.packing import (
    GREEDY_POOL,
    Packer,
    best_melds,
    packer,
    packing_value,
    quick_best_melds,
    quick_packing_value,
    quick_values_without_one,
)

__all__ = [
    "BASE_FIELD",
    "BASE_SHIFT",
    "GREEDY_POOL",
    "HIGH_JOKER",
    "HIGH_SHIFT",
    "JOKER_UNIT",
    "LENGTH_SHIFT",
    "LOW_JOKER",
    "LOW_SHIFT",
    "NATURAL_FIELDS",
    "NIBBLE",
    "RUN",
    "Option",
    "Packer",
    "best_melds",
    "codes_in",
    "count",
    "field",
    "find_melds",
    "fits",
    "is_unit",
    "meld_key",
    "meld_shape",
    "melds_in",
    "melds_with",
    "option_cards",
    "option_kind",
    "option_meld",
    "options_in",
    "options_with",
    "pack",
    "pack_cards",
    "packer",
    "packing_value",
    "quick_best_melds",
    "quick_packing_value",
    "quick_values_without_one",
    "unit",
]
