"""romme: the rules of Rommé (German rummy) as a library.

Validate melds, play rounds under every rule book, write bots and
frontends. Everything public is importable from here; see `__all__`.

>>> import romme
>>> romme.validate_meld("Q♣ K♣ A♣", romme.find_rules("classic")).value
31
"""

from importlib.metadata import PackageNotFoundError, version

from romme.cards import (
    JOKER,
    MAX_NOTATION_LENGTH,
    Card,
    Rank,
    Suit,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from romme.errors import (
    IllegalActionError,
    InvalidDataError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
    Reason,
    RommeError,
)
from romme.melds import (
    JokerRole,
    Meld,
    MeldKind,
    best_melds,
    find_melds,
    is_valid_meld,
    validate_meld,
)
from romme.rules import (
    PRESETS,
    AdjacentJokers,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    Rules,
    StockExhausted,
    SwappedJoker,
    TakeDiscard,
    find_rules,
    preset_name,
)

try:
    __version__ = version("romme-rules")
except PackageNotFoundError:  # pragma: no cover - running from a source tree
    __version__ = "0+unknown"

__all__ = [
    "JOKER",
    "MAX_NOTATION_LENGTH",
    "PRESETS",
    "AdjacentJokers",
    "Card",
    "ExtraCard",
    "FailedTake",
    "FirstPlayer",
    "IllegalActionError",
    "InvalidDataError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "JokerDiscard",
    "JokerLimit",
    "JokerRole",
    "MatchScoring",
    "Meld",
    "MeldKind",
    "Rank",
    "Reason",
    "RommeError",
    "Rules",
    "StockExhausted",
    "Suit",
    "SwappedJoker",
    "TakeDiscard",
    "__version__",
    "best_melds",
    "find_melds",
    "find_rules",
    "format_cards",
    "is_valid_meld",
    "make_deck",
    "parse_card",
    "parse_cards",
    "preset_name",
    "validate_meld",
]
