"""Where a refusal's rule is written (private): the citation the terminal (``romme play``) and the web table show.

The checker's messages cite the rule book each check was written from,
whatever the rules in play. The two tables cite the chosen preset's own
rule book instead: `refusal_citation` looks the refusal's `Reason` up in
`CITATIONS`, under the rule books `BOOKS` names for the preset, and
`uncited` takes the checker's citation out of its message. A rule the
preset's rule book says nothing about (the preset's value is the library's
reading), and every rule of a `Rules` value that is no preset, is cited by
the section of the rules page that states it. The citations are written as
the sources page of the documentation (docs/sources.md) gives them for
messages: "DRoV rule *n*", "DRoV Streitfall *n*", "ASS S. *n*",
"Schmidt S. *n*", "cardgames.zone rules §*n*", "German Rummy rules",
"house rules ¶*n*" and "house rules bullet *n*".

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from types import MappingProxyType
from typing import Final, NamedTuple

import attrs

from romme.cards import JOKER, Card, format_cards
from romme.errors import IllegalActionError, InvalidNotationError, Reason
from romme.game import Action, Discard, LayDown, LayOff, SwapJoker, TakeDiscard
from romme.rules import PRESETS, Rules, preset_name

DROV: Final = "DRoV"
"""The DRoV tournament rules (Nr. 1–14, the Streitfälle), as the encyclopedia entry reports them."""
ASS: Final = "ASS"
"""ASS Altenburger's leaflet, as the encyclopedia entry reports it."""
ASS_RAEUBER: Final = "ASS Räuber-Rommé"
"""ASS Altenburger's leaflet on Räuber-Rommé (S. 2–3)."""
ASS_KAUFEN: Final = "ASS Kaufen"
"""ASS Altenburger's leaflet on buying the discard (S. 3)."""
ASS_KLOPFEN: Final = "ASS Klopfen"
"""ASS Altenburger's leaflet on knocking for the discard (S. 1–2)."""
SCHMIDT: Final = "Schmidt"
"""Schmidt Spiele's leaflet, as the encyclopedia entry reports it."""
SCHMIDT_RAEUBER: Final = "Schmidt Räuber-Rommé"
"""Schmidt Spiele's leaflet on Räuber-Rommé (S. 4)."""
ZONE: Final = "cardgames.zone"
"""cardgames.zone's rules page."""
GERMAN_RUMMY: Final = "German Rummy"
"""The "German Rummy" page."""
HOUSE: Final = "house rules"
"""The house-rules text."""

BOOKS: Final[Mapping[str, tuple[str, ...]]] = MappingProxyType(
    {
        "drov": (DROV,),
        "classic": (ZONE,),
        "cardgames-zone": (ZONE,),
        "german-rummy": (GERMAN_RUMMY,),
        "house": (HOUSE,),
        # The leaflets as the entry reports them: the DRoV rules with their differences.
        "ass": (ASS, DROV),
        "schmidt": (SCHMIDT, DROV),
        "ass-raeuber": (ASS_RAEUBER, ASS, DROV),
        "schmidt-raeuber": (SCHMIDT_RAEUBER, SCHMIDT, DROV),
        "ghidi": (ZONE,),
        "ass-kaufen": (ASS_KAUFEN, ASS, DROV),
        "ass-klopfen": (ASS_KLOPFEN, ASS, DROV),
    }
)
"""Each preset's own rule books, the one that decides first (rules §12): a rule is cited from the
first of them that states it. The sources page of the documentation says which document each
preset follows; the leaflets' presets are the DRoV rules with the leaflet's differences."""


class Cited(NamedTuple):
    """How the rule behind one `Reason` is cited: by the rule books that state it, else by the rules page."""

    section: str
    """The section of the rules page that states the rule, e.g. ``"rules §5"``."""
    books: Mapping[str, str]
    """Each rule book that states the rule (a key of `BOOKS`' values), and its words for where."""


def _cited(section: str, books: Mapping[str, str] | None = None) -> Cited:
    return Cited(section, MappingProxyType(dict(books or {})))


_ZONE_5: Final = "cardgames.zone rules §5"
_ZONE_6: Final = "cardgames.zone rules §6"

CITATIONS: Final[Mapping[Reason, Cited | None]] = MappingProxyType(
    {
        # -- melds (rules §3) --------------------------------------------------------------
        Reason.TOO_FEW_CARDS: _cited(
            "rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5, GERMAN_RUMMY: "German Rummy rules"}
        ),
        Reason.ONLY_JOKERS: _cited("rules §3", {DROV: "DRoV rule 8"}),
        Reason.MIXED_RANKS: _cited(
            "rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5, GERMAN_RUMMY: "German Rummy rules"}
        ),
        Reason.REPEATED_SUIT: _cited(
            "rules §3", {DROV: "DRoV rule 8", ASS: "ASS S. 1", ZONE: _ZONE_5}
        ),
        Reason.SET_TOO_LARGE: _cited(
            "rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5, GERMAN_RUMMY: "German Rummy rules"}
        ),
        Reason.MIXED_SUITS: _cited(
            "rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5, GERMAN_RUMMY: "German Rummy rules"}
        ),
        Reason.REPEATED_RANK: _cited("rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5}),
        Reason.GAP: _cited("rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5}),
        Reason.RUN_TOO_LONG: _cited("rules §3"),
        Reason.AROUND_THE_CORNER: _cited(
            "rules §3", {SCHMIDT: "Schmidt S. 3", ZONE: _ZONE_5, HOUSE: "house rules bullet 2"}
        ),
        Reason.JOKER_LIMIT: _cited(
            "rules §3", {DROV: "DRoV rule 8", GERMAN_RUMMY: "German Rummy rules"}
        ),
        Reason.ADJACENT_JOKERS: _cited("rules §3", {DROV: "DRoV rule 8", ZONE: _ZONE_5}),
        # -- turn structure (rules §4): what is no rule of a rule book cites nothing -----------
        Reason.ROUND_OVER: None,
        Reason.NOT_YOUR_TURN: None,
        Reason.WRONG_PHASE: None,
        Reason.CARD_NOT_IN_HAND: None,
        Reason.NO_SUCH_MELD: None,
        Reason.STOCK_EMPTY: None,
        Reason.DISCARD_PILE_EMPTY: None,
        Reason.LAST_CARD_STOCK_ONLY: _cited("rules §4", {DROV: "DRoV rule 10"}),
        Reason.TAKEN_CARD_NOT_USED: _cited("rules §4", {DROV: "DRoV rule 4a/4b", ZONE: _ZONE_6}),
        Reason.REDISCARD_TAKEN: _cited("rules §4", {ZONE: _ZONE_6}),
        Reason.JOKER_DISCARD: _cited("rules §4", {DROV: "DRoV rule 4, Streitfall 8"}),
        Reason.MUST_KEEP_A_CARD: _cited(
            "rules §7",
            {
                DROV: "DRoV Streitfall 7",
                SCHMIDT: "Schmidt S. 3",
                ZONE: "cardgames.zone rules §8",
                GERMAN_RUMMY: "German Rummy rules",
                HOUSE: "house rules ¶7",
            },
        ),
        Reason.NO_DISCARD_LEFT: _cited("rules §4"),
        Reason.TAKE_IS_FREE: _cited("rules §4"),
        Reason.NOTHING_TO_TAKE_BACK: None,
        Reason.TURN_ENDS_WITH_DISCARD: _cited("rules §13", {DROV: "DRoV Streitfall 1, 3"}),
        Reason.INDIRECT_LAYOFF_NOT_OUT: _cited("rules §13", {DROV: "DRoV rule 10"}),
        # -- opening (rules §5) -------------------------------------------------------------
        Reason.NOT_OPENED: _cited(
            "rules §5",
            {
                DROV: "DRoV rule 9",
                SCHMIDT: "Schmidt S. 2",
                ZONE: _ZONE_6,
                GERMAN_RUMMY: "German Rummy rules",
                HOUSE: "house rules ¶4",
            },
        ),
        Reason.OPENING_BELOW_THRESHOLD: _cited(
            "rules §5",
            {
                DROV: "DRoV rule 6",
                ASS: "ASS S. 1",
                ASS_RAEUBER: "ASS S. 2–3",
                SCHMIDT: "Schmidt S. 2",
                SCHMIDT_RAEUBER: "Schmidt S. 4",
                ZONE: _ZONE_6,
                GERMAN_RUMMY: "German Rummy rules",
                HOUSE: "house rules ¶3",
            },
        ),
        Reason.OPENING_NEEDS_RUN: _cited("rules §5", {ZONE: "cardgames.zone rules §10"}),
        Reason.OPENING_JOKER: _cited("rules §5", {SCHMIDT: "Schmidt S. 3"}),
        Reason.OPENING_SINGLE_MELD: _cited("rules §5"),
        Reason.NOT_IN_OPENING_TURN: _cited("rules §5", {HOUSE: "house rules ¶4"}),
        # -- optional rules and game forms (rules §13) --------------------------------------
        Reason.FIRST_GO_ROUND: _cited("rules §13", {ASS: "ASS S. 1"}),
        Reason.REARRANGE_OFF: _cited("rules §13", {DROV: "DRoV rule 6"}),
        Reason.NO_SUCH_TABLE_CARD: None,
        Reason.STAGED_TABLE_CARD: _cited("rules §13"),
        Reason.TABLE_CARDS_IN_HAND: _cited(
            "rules §13",
            {
                ASS_RAEUBER: "ASS S. 2–3",
                SCHMIDT_RAEUBER: "Schmidt S. 4",
                ZONE: "cardgames.zone rules §10",
            },
        ),
        Reason.TABLE_TAKES_SPENT: _cited("rules §13"),
        Reason.CLAIM_NOT_PLAYED: _cited(
            "rules §13", {ASS_KAUFEN: "ASS S. 3", ASS_KLOPFEN: "ASS S. 1–2"}
        ),
        Reason.CONSENT_PENDING: _cited("rules §13", {ASS_KAUFEN: "ASS S. 3"}),
        Reason.NO_PURCHASE: _cited("rules §13", {ASS_KAUFEN: "ASS S. 3"}),
        # -- lay-off and joker swap (rules §4, §6) -------------------------------------------
        Reason.LAYOFF_DOES_NOT_FIT: _cited(
            "rules §4",
            {
                DROV: "DRoV rule 9",
                ZONE: _ZONE_6,
                GERMAN_RUMMY: "German Rummy rules",
                HOUSE: "house rules ¶4",
            },
        ),
        Reason.SWAP_NOT_ALLOWED: _cited("rules §6"),
        Reason.NO_JOKER_THERE: None,
        Reason.WRONG_SWAP_CARD: _cited(
            "rules §6",
            {
                DROV: "DRoV rule 9",
                ZONE: _ZONE_6,
                GERMAN_RUMMY: "German Rummy rules",
                HOUSE: "house rules ¶5",
            },
        ),
        Reason.SWAP_NEEDS_FOUR: _cited("rules §6", {DROV: "DRoV rule 9, Streitfall 14"}),
        Reason.SWAPPED_JOKER_NOT_PLACED: _cited(
            "rules §6",
            {
                DROV: "DRoV rule 6, 9",
                ZONE: "cardgames.zone rules §9",
                GERMAN_RUMMY: "German Rummy rules",
            },
        ),
        Reason.SWAPPED_JOKER_TO_HAND: _cited("rules §6", {HOUSE: "house rules ¶5"}),
        Reason.SWAP_BACK_SAME_MELD: _cited("rules §6", {GERMAN_RUMMY: "German Rummy rules"}),
        Reason.SWAP_OWN_NEW_JOKER: _cited("rules §6", {DROV: "DRoV Streitfall 20"}),
        Reason.JOKER_NOT_ANNOUNCED: _cited("rules §13", {SCHMIDT: "Schmidt S. 3"}),
        Reason.SWAP_NOT_ANNOUNCED: _cited("rules §13", {SCHMIDT: "Schmidt S. 3"}),
        Reason.SWAP_NOT_COMPLETE: _cited("rules §13", {SCHMIDT: "Schmidt S. 3"}),
    }
)
"""Every `Reason`, and how the rule behind it is cited; ``None`` where a refusal is no rule of a
rule book (a card not held, a move out of turn or out of phase, a meld or card not on the
table). A rule book is named only where it states the rule the preset plays."""


_MATCH_FIELDS: Final = ("match_scoring", "match_rounds", "match_limit")
"""The fields that say how a match is scored and ends (rules §11), not what a move may be."""


def _book_preset(rules: Rules) -> str | None:
    """The preset whose rules of play `rules` has: equal in every field but how the match is scored.

    Both tables score a preset played in tournament points by penalties
    (`romme.cli.play_rules`); its moves are still its rule book's.
    """
    name = preset_name(rules)
    if name is not None:
        return name
    for name, preset in PRESETS.items():
        if all(
            getattr(rules, field.name) == getattr(preset, field.name)
            for field in attrs.fields(Rules)
            if field.name not in _MATCH_FIELDS
        ):
            return name
    return None


def refusal_citation(reason: Reason, rules: Rules) -> str | None:
    """Return where the rule that refuses with `reason` under `rules` is written, or ``None``.

    Under a preset the first of its rule books (`BOOKS`) that states the
    rule; where none does, and under rules that are no preset, the section
    of the rules page.
    """
    cited = CITATIONS[reason]
    if cited is None:
        return None
    name = _book_preset(rules)
    for book in BOOKS[name] if name is not None else ():
        words = cited.books.get(book)
        if words is not None:
            return words
    return cited.section


_BOOK_NAMES: Final = r"(?:DRoV|ASS|Schmidt|cardgames\.zone|German Rummy|house rules)\b"
_CITATION: Final = _BOOK_NAMES + r"[^;()]*"
_ALONE: Final = re.compile(rf" ?\({_CITATION}(?:; {_CITATION})*\)")
"""A parenthesis that holds only citations: "(DRoV rule 10)", "(DRoV rule 6, cardgames.zone rules §9)"."""
_TRAILING: Final = re.compile(rf"(?:; {_CITATION})+(?=\))")
"""Citations that close a parenthesis after other words: the "; Schmidt S. 3" of "(announced K♥; Schmidt S. 3)"."""


def uncited(message: str) -> str:
    """Return the checker's `message` without the rule-book citations it carries.

    A citation is a parenthesis, or the last part of one after "; ", that
    starts with the name of a rule book; the words around it stay.
    """
    return _TRAILING.sub("", _ALONE.sub("", message))


def cards_from_hand(action: Action, top: Card | None) -> list[Card]:
    """Return the cards `action` takes from the hand (the taken discard `top` and a freed joker excepted).

    Shared by the terminal and the web table (which offers a move for the
    cards selected in the hand).
    """
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, LayDown | LayOff):
        return list(action.cards)
    if isinstance(action, TakeDiscard):
        cards = cards_from_hand(action.use, None) if action.use is not None else []
        if top is not None and top in cards:
            cards.remove(top)
        return cards
    if isinstance(action, SwapJoker):
        then = cards_from_hand(action.then, None) if action.then is not None else []
        if JOKER in then:
            then.remove(JOKER)  # the joker freed by the swap
        return [action.card, *then]
    return []


def refusal_text(
    error: IllegalActionError,
    action: Action,
    hand: Sequence[Card],
    top: Card | None,
    *,
    rules: Rules,
) -> str:
    """Return the refusal of `action` under `rules` in plain words, for a player holding `hand`.

    No reason code; a card the hand does not hold is named alone, not the
    whole meld. The rule is cited as the preset's own rule book states it,
    or by the section of the rules page (`refusal_citation`), never by the
    rule book the checker's message cites. Shared by the terminal and the
    web table.
    """
    if error.reason is Reason.CARD_NOT_IN_HAND:
        missing = Counter(cards_from_hand(action, top)) - Counter(hand)
        if missing:
            return f"you do not hold {format_cards(sorted(missing.elements()))}"
    message = uncited(str(error))
    _, _, detail = message.partition(": ")
    words = detail or message
    citation = refusal_citation(error.reason, rules)
    return words if citation is None else f"{words} ({citation})"


def notation_text(error: InvalidNotationError) -> str:
    """Return why a typed move cannot be read, without repeating the move and without list brackets.

    Shared by the terminal and the web table.
    """
    words = str(error)
    if words.startswith("cannot read action "):
        words = words.partition("': ")[2] or words
    return re.sub(r"\['([^\]]*)'\]", lambda found: found[1].replace("', '", ", "), words)
