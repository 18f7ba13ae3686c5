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
from romme.melds._parts import JokerRole, MeldKind

__all__ = [
    "MAX_MELD_CARDS",
    "MAX_SEARCH_CARDS",
    "PERMISSIVE_RULES",
    "JokerRole",
    "Meld",
    "MeldKind",
    "best_melds",
    "find_melds",
    "is_valid_meld",
    "meld_failure",
    "meld_value",
    "validate_meld",
]
