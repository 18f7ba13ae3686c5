"""The presets (rules §12): each rule book's `Rules`, and the lookup by name."""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from types import MappingProxyType
from typing import Final

import attrs

from romme.errors import InvalidRulesError
from romme.rules._enums import (
    ExtraCard,
    FailedTake,
    FirstPlayer,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    StockExhausted,
    SwappedJoker,
    TakeDiscardMode,
)
from romme.rules._value import Rules

__all__ = ["PRESETS", "find_rules", "preset_name"]

# -- presets (rules §12) ----------------------------------------------------

_DROV_HOME = Rules()

_CLASSIC = Rules(
    extra_card=ExtraCard.FIRST_PLAYER,
    upcard=False,
    first_turn_draws=False,
    ace_wraps=False,
    joker_limit=JokerLimit.NONE,
    last_card_stock_only=False,
    failed_take=FailedTake.REDO_TURN,
    opening_threshold=30,
    swap_set_needs_four=False,
    swap_own_new_joker=True,
    joker_discard=JokerDiscard.ALLOWED,
    jokers_only_ends_round=False,
    hand_romme_waives_threshold=False,
    hand_romme_multiplier=2,
    stock_exhausted=StockExhausted.RESHUFFLE,
    match_scoring=MatchScoring.PENALTIES,
    match_limit=500,
)

_ASS: Final = attrs.evolve(
    _DROV_HOME,
    opening_threshold=30,
    match_scoring=MatchScoring.PENALTIES,
    match_limit=500,
)
"""ASS Altenburger's leaflet: DRoV, dealer plays, 30 to open.

The leaflet leaves the number of rounds to the players; the match to 500 is
the library's default (rules §11)."""

_SCHMIDT: Final = attrs.evolve(
    _DROV_HOME,
    opening_threshold=31,
    ace_wraps=False,
    hand_romme_multiplier=2,
    match_scoring=MatchScoring.PENALTIES,
    match_limit=500,
)
"""Schmidt Spiele's leaflet: DRoV, 31 to open, no K-A-2, Hand-Rommé doubles.

As ASS's, the leaflet leaves the number of rounds to the players; the match
to 500 is the library's default (rules §11)."""

PRESETS: Final[Mapping[str, Rules]] = MappingProxyType(
    {
        # The DRoV tournament rules (Nr. 1-14, Streitfälle).
        "drov": attrs.evolve(_DROV_HOME, dealer_sits_out=True),
        # cardgames.zone's rules page, the standard rules.
        "classic": _CLASSIC,
        # cardgames.zone §10: the same site's settings against the computer.
        "cardgames-zone": attrs.evolve(
            _CLASSIC,
            take_discard=TakeDiscardMode.FREE,
            failed_take=FailedTake.END_TURN,
            match_limit=None,
            match_rounds=3,
        ),
        # An online site's "German Rummy" page.
        "german-rummy": attrs.evolve(
            _CLASSIC,
            extra_card=ExtraCard.NONE,
            upcard=True,
            first_turn_draws=True,
            take_discard=TakeDiscardMode.FREE,
            failed_take=FailedTake.END_TURN,
            joker_limit=JokerLimit.ONE_PER_MELD,
            swapped_joker=SwappedJoker.MELD_OR_DISCARD,
            swap_back_same_meld=False,
            ace_penalty=15,
            match_limit=None,
            match_rounds=3,
        ),
        # A short house-rules text.
        "house": attrs.evolve(
            _CLASSIC,
            jokers=4,
            extra_card=ExtraCard.NONE,
            upcard=True,
            first_turn_draws=True,
            opening_threshold=40,
            opening_turn_layoffs=False,
            take_discard=TakeDiscardMode.FREE,
            failed_take=FailedTake.END_TURN,
            swapped_joker=SwappedJoker.TO_HAND,
            hand_romme_multiplier=1,
        ),
        # ASS Altenburger's leaflet: DRoV, dealer plays, 30 to open.
        "ass": _ASS,
        # Schmidt Spiele's leaflet: DRoV, 31 to open, no K-A-2, doubles.
        "schmidt": _SCHMIDT,
        # Räuber-Rommé (rules §13), as ASS S. 2–3 and Schmidt S. 4 tell it:
        # anyone may take table cards, 40 to lay out, and the table cards count.
        "ass-raeuber": attrs.evolve(
            _ASS, rearrange=True, opening_counts_table_cards=True, opening_threshold=40
        ),
        "schmidt-raeuber": attrs.evolve(
            _SCHMIDT, rearrange=True, opening_counts_table_cards=True, opening_threshold=40
        ),
        # cardgames.zone §10, Rummy à la Ghidi: 10 cards, the dealer 11 and starts by discarding.
        "ghidi": attrs.evolve(
            _CLASSIC,
            hand_size=10,
            extra_card=ExtraCard.DEALER,
            first_player=FirstPlayer.DEALER,
        ),
        # ASS Altenburger's leaflet with its buying rule (ASS S. 3, rules §13).
        "ass-kaufen": attrs.evolve(_ASS, buying=True),
        # ASS Altenburger's leaflet with its knocking rule (ASS S. 1–2, rules §13).
        "ass-klopfen": attrs.evolve(_ASS, knocking=True),
    }
)
"""The named rule books (rules §12): ``drov``, ``classic``, ``cardgames-zone``,
``german-rummy``, ``house``, ``ass`` and ``schmidt``; and the game forms the
sources name besides (rules §13): ``ass-raeuber``, ``schmidt-raeuber``, ``ghidi``,
``ass-kaufen`` (buying) and ``ass-klopfen`` (knocking)."""

_ALIASES: Final = {
    "drov": "drov",
    "tournament": "drov",
    "turnier": "drov",
    "deutscher-romme-verband": "drov",
    "s002": "drov",
    "classic": "classic",
    "klassisch": "classic",
    "s000": "classic",
    "cardgames-zone": "cardgames-zone",
    "cardgameszone": "cardgames-zone",
    "zone": "cardgames-zone",
    "german-rummy": "german-rummy",
    "germanrummy": "german-rummy",
    "s001": "german-rummy",
    "house": "house",
    "hausregeln": "house",
    "house-rules": "house",
    "s003": "house",
    "ass": "ass",
    "ass-altenburger": "ass",
    "altenburger": "ass",
    "schmidt": "schmidt",
    "schmidt-spiele": "schmidt",
    "ghidi": "ghidi",
    "rummy-a-la-ghidi": "ghidi",
    "a-la-ghidi": "ghidi",
    "romme-a-la-ghidi": "ghidi",
    "ass-raeuber": "ass-raeuber",
    "ass-rauber": "ass-raeuber",
    "raeuber": "ass-raeuber",
    "rauber": "ass-raeuber",
    "raeuber-romme": "ass-raeuber",
    "rauber-romme": "ass-raeuber",
    "schmidt-raeuber": "schmidt-raeuber",
    "schmidt-rauber": "schmidt-raeuber",
    "ass-kaufen": "ass-kaufen",
    "ass-buying": "ass-kaufen",
    "ass-klopfen": "ass-klopfen",
    "ass-knocking": "ass-klopfen",
}
_NAME_SEPARATORS: Final = re.compile(r"[\s_.\-/]+")


def _normalise(name: str) -> str:
    # Accents are dropped ("Rommé" as "romme", "à la" as "a la"); "ä" becomes "a", so the
    # aliases spell an umlaut both as "a" and as "ae".
    text = unicodedata.normalize("NFKD", name.strip().lower())
    text = "".join(char for char in text if not unicodedata.combining(char))
    return _NAME_SEPARATORS.sub("-", text).strip("-")


def find_rules(name: str) -> Rules:
    """Return the preset called `name`, ignoring case, accents, spaces and punctuation.

    Besides the preset names, aliases are accepted: ``"DRoV"``,
    ``"tournament"``, ``"Turnier"``, ``"S000"`` … ``"S003"`` (the short tags of
    the rule documents the presets come from, see the sources page),
    ``"cardgames.zone"``,
    ``"Hausregeln"``, ``"ASS Altenburger"``, ``"Schmidt Spiele"``,
    ``"Rummy à la Ghidi"``, ``"Räuber"`` (``ass-raeuber``), ``"ass_raeuber"``,
    ``"Schmidt Räuber"``.

    >>> find_rules("DRoV").dealer_sits_out
    True
    >>> find_rules("cardgames.zone").match_rounds
    3

    Raises:
        InvalidRulesError: For an unknown name; the message lists the known ones.
    """
    if not isinstance(name, str):
        raise InvalidRulesError(f"a preset name is text, not {type(name).__name__}")
    key = _normalise(name)
    preset = _ALIASES.get(key) or _ALIASES.get(key.replace("-", ""))
    if preset is None:
        raise InvalidRulesError(f"no preset called {name!r}; known presets: {', '.join(PRESETS)}")
    return PRESETS[preset]


def preset_name(rules: Rules) -> str | None:
    """Return the name of the preset equal to `rules`, or ``None``.

    >>> preset_name(find_rules("Klassisch"))
    'classic'
    """
    for name, preset in PRESETS.items():
        if preset == rules:
            return name
    return None
