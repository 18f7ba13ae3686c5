"""romme: the rules of Rommé (German rummy) as a library.

Validate melds, play rounds under every rule book, write bots and
frontends. Everything public is importable from here; see `__all__`.

>>> import romme
>>> romme.validate_meld("Q♣ K♣ A♣", romme.find_rules("classic")).value
31
"""

from romme._turn import (
    accelerated,
    apply,
    check,
    is_legal,
    legal_actions,
    new_game,
    new_position,
    score_round,
)
from romme.cards import (
    JOKER,
    MAX_NOTATION_LENGTH,
    Card,
    Rank,
    Suit,
    format_cards,
    parse_card,
    parse_cards,
)
from romme.documents import (
    FORMAT_VERSION,
    MAX_DOCUMENT_LENGTH,
    MAX_RECORD_ACTIONS,
    SCHEMA_KINDS,
    GameRecord,
    ReplayError,
    dumps,
    from_dict,
    json_schema,
    loads,
    to_dict,
)
from romme.errors import (
    IllegalActionError,
    InputTooLargeError,
    InvalidDataError,
    InvalidInputError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
    Reason,
    RommeError,
    RoundNotOverError,
)
from romme.game import (
    Action,
    Buy,
    ClaimWindow,
    Consent,
    Discard,
    Draw,
    EndReason,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    Refuse,
    RoundResult,
    Side,
    SwapJoker,
    TableBefore,
    TableMeld,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    TurnState,
    card_penalty,
    hand_penalty,
    parse_action,
    view,
)
from romme.melds import (
    MAX_MELD_CARDS,
    MAX_SEARCH_CARDS,
    JokerRole,
    Meld,
    MeldKind,
    best_melds,
    find_melds,
    is_valid_meld,
    validate_meld,
)
from romme.play import (
    Bot,
    GreedyBot,
    Match,
    PointsTable,
    RandomBot,
    SearchBot,
    determinize,
    new_match,
    unseen_cards,
)
from romme.rules import (
    MAX_RESHUFFLES,
    PRESETS,
    AdjacentJokers,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    IndirectLayoffOut,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    Rules,
    StockExhausted,
    SwappedJoker,
    TakeDiscardMode,
    find_rules,
    make_deck,
    preset_name,
)

__version__: str
"""The installed version (from the package metadata, read on first use)."""


def __getattr__(name: str) -> str:
    """Return ``__version__``, read from the installed package's metadata on first use.

    The version lives in one place, ``pyproject.toml``; reading it lazily
    keeps ``import romme`` from loading `importlib.metadata`.

    Raises:
        AttributeError: For any other name, as for a missing module attribute.
    """
    if name == "__version__":
        from importlib.metadata import PackageNotFoundError, version

        try:
            found = version("romme-rules")
        except PackageNotFoundError:  # pragma: no cover - running from a source tree
            found = "0+unknown"
        globals()["__version__"] = found
        return found
    raise AttributeError(f"module 'romme' has no attribute {name!r}")


__all__ = [
    "FORMAT_VERSION",
    "JOKER",
    "MAX_DOCUMENT_LENGTH",
    "MAX_MELD_CARDS",
    "MAX_NOTATION_LENGTH",
    "MAX_RECORD_ACTIONS",
    "MAX_RESHUFFLES",
    "MAX_SEARCH_CARDS",
    "PRESETS",
    "SCHEMA_KINDS",
    "Action",
    "AdjacentJokers",
    "Bot",
    "Buy",
    "Card",
    "ClaimWindow",
    "Consent",
    "Discard",
    "Draw",
    "EndReason",
    "ExtraCard",
    "FailedTake",
    "FirstPlayer",
    "GameRecord",
    "GameState",
    "GreedyBot",
    "IllegalActionError",
    "IndirectLayoffOut",
    "InputTooLargeError",
    "InvalidDataError",
    "InvalidInputError",
    "InvalidMeldError",
    "InvalidNotationError",
    "InvalidPositionError",
    "InvalidRulesError",
    "JokerDiscard",
    "JokerLimit",
    "JokerRole",
    "Knock",
    "LayDown",
    "LayOff",
    "Match",
    "MatchScoring",
    "Meld",
    "MeldKind",
    "Pass",
    "Phase",
    "PlayerView",
    "PointsTable",
    "RandomBot",
    "Rank",
    "Reason",
    "Refuse",
    "ReplayError",
    "RommeError",
    "RoundNotOverError",
    "RoundResult",
    "Rules",
    "SearchBot",
    "Side",
    "StockExhausted",
    "Suit",
    "SwapJoker",
    "SwappedJoker",
    "TableBefore",
    "TableMeld",
    "TakeBack",
    "TakeDiscard",
    "TakeDiscardMode",
    "TakeFromTable",
    "TurnState",
    "__version__",
    "accelerated",
    "apply",
    "best_melds",
    "card_penalty",
    "check",
    "determinize",
    "dumps",
    "find_melds",
    "find_rules",
    "format_cards",
    "from_dict",
    "hand_penalty",
    "is_legal",
    "is_valid_meld",
    "json_schema",
    "legal_actions",
    "loads",
    "make_deck",
    "new_game",
    "new_match",
    "new_position",
    "parse_action",
    "parse_card",
    "parse_cards",
    "preset_name",
    "score_round",
    "to_dict",
    "unseen_cards",
    "validate_meld",
    "view",
]
