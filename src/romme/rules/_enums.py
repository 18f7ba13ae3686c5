"""The vocabulary of `Rules` (private): its limits and enums, and the converters from their text values.

`romme.rules` re-exports every name here (their public home). "rules §N"
cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from typing import Any, Final

__all__ = [
    "MAX_DECK_SIZE",
    "MAX_HAND_SIZE",
    "MAX_JOKERS",
    "MAX_OPENING_THRESHOLD",
    "MAX_RESHUFFLES",
    "MAX_SEATS",
    "MAX_TABLE_TAKES",
    "MIN_SEATS",
    "AdjacentJokers",
    "ExtraCard",
    "FailedTake",
    "FirstPlayer",
    "IndirectLayoffOut",
    "JokerDiscard",
    "JokerLimit",
    "MatchScoring",
    "StockExhausted",
    "SwappedJoker",
    "TakeDiscardMode",
    "to_adjacent_jokers",
    "to_extra_card",
    "to_failed_take",
    "to_first_player",
    "to_indirect_layoff_out",
    "to_joker_discard",
    "to_joker_limit",
    "to_match_scoring",
    "to_stock_exhausted",
    "to_swapped_joker",
    "to_take_discard_mode",
]

MAX_SEATS: Final = 6
"""The most seats at a table (rules §2)."""
MIN_SEATS: Final = 2
"""The fewest players dealt in (rules §2)."""
MAX_HAND_SIZE: Final = 15
"""The largest ``hand_size`` (13 is usual; the rule books deal 10 to 15): it bounds the meld search."""
MAX_JOKERS: Final = 8
"""The most jokers a deck may hold (two packs of three, plus two spare)."""
MAX_DECK_SIZE: Final = 2 * 52 + MAX_JOKERS
"""The most cards any deck holds (two packs and the most jokers)."""
MAX_OPENING_THRESHOLD: Final = 200
"""The highest ``opening_threshold``: more than any hand can meld (17 cards of 11 are 187)."""
MAX_RESHUFFLES: Final = 20
"""The most refills of the stock in one round, and what ``max_reshuffles=None`` allows.

No rule book limits the refills, but a round in which nobody can go out
(an opening threshold no hand reaches, hands too small to meld) would
otherwise never end. Twenty refills are far beyond any round people play
(a refill comes after every card of the stock has been drawn once).
"""
MAX_TABLE_TAKES: Final = 50
"""The highest ``max_table_takes``: the most cards one turn may be allowed to take from the table.

No rule book limits the takes (Räuber-Rommé, rules §13), but a turn that
may take and lay table cards without end never ends under random play.
Fifty takes break up the melds of any table many times over.
"""


@enum.unique
class ExtraCard(str, enum.Enum):
    """Who is dealt one card more than ``hand_size`` (rules §2)."""

    NONE = "none"
    """Nobody (DRoV Nr. 3)."""
    FIRST_PLAYER = "first_player"
    """The first player (cardgames.zone §4: the player left of the dealer gets 14)."""
    DEALER = "dealer"
    """The dealer (an option some home rules give instead of the upcard)."""


@enum.unique
class FirstPlayer(str, enum.Enum):
    """Who plays first in a round (rules §2)."""

    LEFT_OF_DEALER = "left_of_dealer"
    """The player left of the dealer (DRoV Nr. 3, cardgames.zone §4)."""
    DEALER = "dealer"
    """The dealer."""


@enum.unique
class TakeDiscardMode(str, enum.Enum):
    """When the top discard may be taken (rules §4)."""

    FREE = "free"
    """Always; the card goes to the hand (German Rummy page, house rules)."""
    IMMEDIATE_USE = "immediate_use"
    """Only together with its first use in a meld or lay-off (cardgames.zone §6, DRoV Nr. 4a/4b/4d)."""


@enum.unique
class FailedTake(str, enum.Enum):
    """What happens after a take-back returns a taken discard (rules §5)."""

    REDO_TURN = "redo_turn"
    """The turn is repeated correctly: the player draws again (cardgames.zone §9)."""
    END_TURN = "end_turn"
    """The turn is over without a discard (DRoV Nr. 4c)."""
    DISCARD = "discard"
    """The turn ends with a discard, and nothing else (DRoV Streitfall 1, 3): the hand is one card short."""


@enum.unique
class IndirectLayoffOut(str, enum.Enum):
    """Under ``indirect_layoff_only_to_go_out``: what DRoV Nr. 10's "zum Beenden" asks of the take (rules §13)."""

    LAYOFF_LEAVES_ONE = "layoff_leaves_one"
    """The lay-off itself leaves at most the one card to discard."""
    GOES_OUT_THIS_TURN = "goes_out_this_turn"
    """The player goes out this turn: the cards left after the lay-off meld in melds of their own,
    all but the one to discard, and the turn ends only by going out."""


@enum.unique
class JokerLimit(str, enum.Enum):
    """How many jokers one meld may hold (rules §3)."""

    NONE = "none"
    """Any number (cardgames.zone)."""
    ONE_PER_MELD = "one_per_meld"
    """At most one (German Rummy page)."""
    NOT_MAJORITY = "not_majority"
    """No more jokers than natural cards."""
    MINORITY = "minority"
    """Fewer jokers than natural cards (DRoV Nr. 8)."""


@enum.unique
class AdjacentJokers(str, enum.Enum):
    """Whether two jokers may lie next to each other in a run (rules §3)."""

    FORBIDDEN = "forbidden"
    """Never (cardgames.zone §5, DRoV Nr. 8)."""
    LONG_RUNS = "long_runs"
    """Only in runs of four or more cards (Schmidt S. 3 variant: "zwei Joker nebeneinander in Folgen ab vier Karten erlaubt")."""
    ALLOWED = "allowed"
    """Always."""


@enum.unique
class JokerDiscard(str, enum.Enum):
    """When a joker may be discarded (rules §4)."""

    ALLOWED = "allowed"
    """Any time (cardgames.zone, German Rummy page)."""
    LAST_CARD_ONLY = "last_card_only"
    """Only as the last card, or from a hand of nothing but jokers (DRoV Nr. 4, Streitfall 8)."""


@enum.unique
class SwappedJoker(str, enum.Enum):
    """Where a joker freed by a swap goes (rules §6)."""

    MELD_SAME_TURN = "meld_same_turn"
    """It must be laid down or laid off in the same action (cardgames.zone §9, DRoV Nr. 6)."""
    TO_HAND = "to_hand"
    """It goes to the hand (house rules ¶5)."""
    MELD_OR_DISCARD = "meld_or_discard"
    """It is placed in the same action, or discarded to end the turn (German Rummy page)."""


@enum.unique
class StockExhausted(str, enum.Enum):
    """What happens when the stock runs out (rules §9)."""

    RESHUFFLE = "reshuffle"
    """The discard pile but its top card becomes the new stock (cardgames.zone §9, house rules)."""
    END_ROUND = "end_round"
    """The round ends without a winner (DRoV Nr. 5)."""


@enum.unique
class MatchScoring(str, enum.Enum):
    """How a match (Partie) is scored (rules §11)."""

    PENALTIES = "penalties"
    """Penalty points add up; the lowest total wins (cardgames.zone §8, house rules)."""
    TOURNAMENT = "tournament"
    """Points per round from a caller's table, most points win (DRoV Nr. 12–14)."""
    WINNER_SUM = "winner_sum"
    """The player who went out scores the sum of the others' penalties as plus points; most
    points win (Rommé-Palast's rules page)."""


def _text_to(cls: type[enum.Enum], value: object) -> Any:
    """Take an enum field's text value (``"free"``) to its member.

    Anything else is kept as it is, for `_problem` to refuse with an
    `InvalidRulesError` that names the field.
    """
    if isinstance(value, str) and not isinstance(value, cls):
        try:
            return cls(value)
        except ValueError:
            return value
    return value


def to_extra_card(value: ExtraCard | str) -> ExtraCard:
    return _text_to(ExtraCard, value)  # type: ignore[no-any-return]


def to_first_player(value: FirstPlayer | str) -> FirstPlayer:
    return _text_to(FirstPlayer, value)  # type: ignore[no-any-return]


def to_take_discard_mode(value: TakeDiscardMode | str) -> TakeDiscardMode:
    return _text_to(TakeDiscardMode, value)  # type: ignore[no-any-return]


def to_failed_take(value: FailedTake | str) -> FailedTake:
    return _text_to(FailedTake, value)  # type: ignore[no-any-return]


def to_indirect_layoff_out(value: IndirectLayoffOut | str) -> IndirectLayoffOut:
    return _text_to(IndirectLayoffOut, value)  # type: ignore[no-any-return]


def to_joker_limit(value: JokerLimit | str) -> JokerLimit:
    return _text_to(JokerLimit, value)  # type: ignore[no-any-return]


def to_adjacent_jokers(value: AdjacentJokers | str) -> AdjacentJokers:
    return _text_to(AdjacentJokers, value)  # type: ignore[no-any-return]


def to_joker_discard(value: JokerDiscard | str) -> JokerDiscard:
    return _text_to(JokerDiscard, value)  # type: ignore[no-any-return]


def to_swapped_joker(value: SwappedJoker | str) -> SwappedJoker:
    return _text_to(SwappedJoker, value)  # type: ignore[no-any-return]


def to_stock_exhausted(value: StockExhausted | str) -> StockExhausted:
    return _text_to(StockExhausted, value)  # type: ignore[no-any-return]


def to_match_scoring(value: MatchScoring | str) -> MatchScoring:
    return _text_to(MatchScoring, value)  # type: ignore[no-any-return]
