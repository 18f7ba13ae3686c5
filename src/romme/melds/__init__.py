"""Melds (Kombinationen): sets (Sätze) and runs (Folgen), checked against `Rules`.

Rules §3 is the contract: a set is 3 or 4 cards of one rank, a run 3 or
more cards of one suit in sequence, jokers stand for the card at their
place, and the meld's value is what its cards stand for.

>>> from romme import find_rules, parse_cards
>>> meld = validate_meld(parse_cards("Q♣ K♣ A♣"), find_rules("classic"))
>>> meld.kind.value, meld.value
('run', 31)

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from romme.melds._api import (
    MAX_MELD_CARDS,
    MAX_SEARCH_CARDS,
    best_melds,
    find_melds,
    is_valid_meld,
    validate_meld,
)
from romme.melds._meld import PERMISSIVE_RULES, Meld, meld_failure, meld_value
from romme.melds._parts import JokerRole, MeldKind, stood_for
from romme.melds._search import (
    BASE_FIELD,
    BASE_SHIFT,
    GREEDY_POOL,
    HIGH_JOKER,
    HIGH_SHIFT,
    JOKER_UNIT,
    LENGTH_SHIFT,
    LOW_JOKER,
    LOW_SHIFT,
    NATURAL_FIELDS,
    NIBBLE,
    RUN,
    Option,
    Packer,
    codes_in,
    count,
    field,
    fits,
    is_unit,
    meld_key,
    meld_shape,
    melds_in,
    melds_with,
    option_cards,
    option_kind,
    option_meld,
    options_in,
    options_with,
    pack_cards,
    packer,
    quick_best_melds,
    quick_packing_value,
    quick_values_without_one,
    unit,
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
    "MAX_MELD_CARDS",
    "MAX_SEARCH_CARDS",
    "NATURAL_FIELDS",
    "NIBBLE",
    "PERMISSIVE_RULES",
    "RUN",
    "JokerRole",
    "Meld",
    "MeldKind",
    "Option",
    "Packer",
    "best_melds",
    "codes_in",
    "count",
    "field",
    "find_melds",
    "fits",
    "is_unit",
    "is_valid_meld",
    "meld_failure",
    "meld_key",
    "meld_shape",
    "meld_value",
    "melds_in",
    "melds_with",
    "option_cards",
    "option_kind",
    "option_meld",
    "options_in",
    "options_with",
    "pack_cards",
    "packer",
    "quick_best_melds",
    "quick_packing_value",
    "quick_values_without_one",
    "stood_for",
    "unit",
    "validate_meld",
]
