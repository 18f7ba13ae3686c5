"""Scoring (Abrechnung): penalty points of cards left in hand, and the result of a round.

Rules §10: every player who did not go out pays the penalty of their
hand (2–10 face value, J/Q/K 10, ace ``ace_penalty``, joker
``joker_penalty``), or ``not_opened_penalty`` if they never opened; a
Hand-Rommé multiplies the others' penalties by ``hand_romme_multiplier``.
Under ``ass_bonuses`` (ASS S. 2) the round also books bonuses: −40 for the
player who went out, −20 for a player left holding one joker alone, +20 for
the first player to lay out who did not win.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import TYPE_CHECKING, Final, Protocol

import attrs

from romme._guard import boolean, bounded, integer, is_boolean, is_integer, member
from romme.cards import Card, Rank
from romme.rules import MAX_DECK_SIZE, MAX_SEATS, MIN_SEATS, Rules

if TYPE_CHECKING:
    from romme.game._checks import Position

__all__ = [
    "EndReason",
    "RoundResult",
    "card_penalty",
    "first_on_table",
    "first_to_open_after",
    "hand_penalty",
    "result_of",
]


@enum.unique
class EndReason(str, enum.Enum):
    """How a round ended."""

    WENT_OUT = "went_out"
    """A player got rid of their last card (Rommé, rules §7)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock ran out and could not be refilled (rules §9, DRoV Nr. 5)."""
    JOKERS_ONLY = "jokers_only"
    """A player holding only jokers discarded one (DRoV Streitfall 8)."""


def _require_rules(rules: object) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    return rules


def card_penalty(card: Card, rules: Rules) -> int:
    """Return the penalty of `card` left in hand (DRoV Nr. 11; ace always ``ace_penalty``).

    >>> from romme import Rules, parse_card
    >>> [card_penalty(parse_card(t), Rules()) for t in ("7♥", "Q♣", "A♠", "JK")]
    [7, 10, 11, 20]

    Raises:
        TypeError: If `card` is no `Card` or `rules` no `Rules`.
    """
    if not isinstance(card, Card):
        raise TypeError(f"card must be a Card, not {type(card).__name__}")
    _require_rules(rules)
    if card.rank is None:
        return rules.joker_penalty
    if card.rank is Rank.ACE:
        return rules.ace_penalty
    return 10 if card.rank >= Rank.JACK else int(card.rank)


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """Return the penalty of a hand: the sum of `card_penalty` over its cards.

    Raises:
        TypeError: If `cards` is not cards or `rules` no `Rules`.
        InputTooLargeError: For more cards than any deck holds.
    """
    return sum(card_penalty(card, rules) for card in bounded(cards, MAX_DECK_SIZE, "a hand"))


def _end_reason(value: EndReason | str) -> EndReason:
    return member(EndReason, value, "end")


def _seats(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(
        integer(item, "a penalty", 0, MAX_ROUND_PENALTY)
        for item in bounded(value, MAX_SEATS, "penalties")
    )


def _bonuses(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(
        integer(item, "a bonus", -ASS_FIRST_OUT_BONUS, ASS_FIRST_OUT_BONUS)
        for item in bounded(value, MAX_SEATS, "bonuses")
    )


MAX_ROUND_PENALTY: Final = 10_000_000
"""The most penalty points one seat may pay for a round: no round comes near it (a whole deck at
the largest card penalties `Rules` allows, multiplied after a Hand-Rommé, stays below 1,200,000)."""

ASS_FIRST_OUT_BONUS = 40
"""Penalty points struck off the player who went out, under ``ass_bonuses`` (ASS S. 2)."""
ASS_LONE_JOKER_BONUS = 20
"""Penalty points struck off a player left with one joker alone, under ``ass_bonuses`` (ASS S. 2)."""
ASS_FIRST_LAYER_SURCHARGE = 20
"""Penalty points added to the first player to lay out who did not win, under ``ass_bonuses`` (ASS S. 2)."""


def _flags(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(boolean(item, "a seat's flag") for item in bounded(value, MAX_SEATS, "flags"))


@attrs.frozen(kw_only=True)
class RoundResult:
    """The outcome of a finished round (Spiel): who went out, how it ended, the penalties."""

    end: EndReason = attrs.field(converter=_end_reason)
    """How the round ended."""
    winner: int | None = attrs.field(
        validator=is_integer("winner", 0, MAX_SEATS - 1, optional=True)
    )
    """The seat that went out, or ``None`` when nobody did."""
    hand_romme: bool = attrs.field(validator=is_boolean("hand_romme"))
    """Whether the winner went out by a Hand-Rommé (rules §8)."""
    penalties: tuple[int, ...] = attrs.field(converter=_seats)
    """Each seat's penalty points for the round, the multiplier applied (0 for the winner and a dealer who sat out)."""
    dealt_in: tuple[bool, ...] = attrs.field(converter=_flags)
    """Which seats were dealt cards (all but a dealer who sat out, DRoV Nr. 2)."""
    opened: tuple[bool, ...] = attrs.field(converter=_flags)
    """Which seats had opened when the round ended (the winner always has)."""
    bonuses: tuple[int, ...] = attrs.field(default=(), converter=_bonuses)
    """Each seat's bonus points under ``ass_bonuses`` (ASS S. 2), negative for points struck off;
    empty under rules without bonuses."""

    def __attrs_post_init__(self) -> None:
        players = len(self.penalties)
        if not MIN_SEATS <= players <= MAX_SEATS:
            raise ValueError(f"a round result has one penalty per seat, 2 to 6, not {players}")
        if len(self.dealt_in) != players or len(self.opened) != players:
            raise ValueError("penalties, dealt_in and opened need one entry per seat")
        if self.bonuses and len(self.bonuses) != players:
            raise ValueError("bonuses need one entry per seat, or none")
        if self.winner is not None and self.winner >= players:
            raise ValueError(f"winner must be a seat, not {self.winner}")

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's score for the round: its penalty plus its bonus (below zero after a bonus).

        >>> result = RoundResult(end="went_out", winner=0, hand_romme=False,
        ...     penalties=(0, 12), dealt_in=(True, True), opened=(True, True), bonuses=(-40, 20))
        >>> result.scores
        (-40, 32)
        """
        if not self.bonuses:
            return self.penalties
        return tuple(p + b for p, b in zip(self.penalties, self.bonuses, strict=True))


def score_hands(
    rules: Rules,
    hands: tuple[tuple[Card, ...], ...],
    opened: tuple[bool, ...],
    dealt_in: tuple[bool, ...],
    end: EndReason,
    winner: int | None,
    hand_romme: bool,
    first_to_open: int | None = None,
) -> RoundResult:
    """Return the result of a round that ended by `end` with these hands (rules §10).

    Every seat dealt in but the winner pays its hand's penalty, or
    ``not_opened_penalty`` if it never opened; after a Hand-Rommé the
    others pay ``hand_romme_multiplier`` times as much. Under
    ``ass_bonuses`` `first_to_open` (the seat that laid out first, if
    any) decides the surcharge of ASS S. 2.
    """
    penalties = []
    for seat, hand in enumerate(hands):
        if seat == winner or not dealt_in[seat]:
            penalties.append(0)
            continue
        if not opened[seat] and rules.not_opened_penalty is not None:
            penalty = rules.not_opened_penalty
        else:
            penalty = hand_penalty(hand, rules)
        if hand_romme:
            penalty *= rules.hand_romme_multiplier
        penalties.append(penalty)
    return RoundResult(
        end=end,
        winner=winner,
        hand_romme=hand_romme,
        penalties=tuple(penalties),
        dealt_in=dealt_in,
        opened=opened,
        bonuses=_ass_bonuses(hands, winner, first_to_open) if rules.ass_bonuses else (),
    )


def first_to_open(owners: Iterable[int], opened: tuple[bool, ...]) -> int | None:
    """Return the seat that laid out first, given the owners of the table melds in the order laid.

    The table keeps its melds in the order they were laid, so the first
    meld of a seat that has opened is that seat's opening (a staged meld
    of a seat still opening does not count).
    """
    return next((owner for owner in owners if opened[owner]), None)


def _ass_bonuses(
    hands: tuple[tuple[Card, ...], ...], winner: int | None, first_to_open: int | None
) -> tuple[int, ...]:
    """The bonuses of ASS S. 2: "Wer zuerst alle Karten los ist, bekommt 40 Verlustpunkte
    gestrichen, wer nur noch einen Joker übrig hat 20; wer zuerst auslegt und trotzdem nicht
    gewinnt, bekommt 20 dazu." (rules §13)."""
    bonuses = []
    for seat, hand in enumerate(hands):
        bonus = 0
        if seat == winner:
            bonus -= ASS_FIRST_OUT_BONUS
        elif len(hand) == 1 and hand[0].is_joker:
            bonus -= ASS_LONE_JOKER_BONUS
        if seat == first_to_open and seat != winner:
            bonus += ASS_FIRST_LAYER_SURCHARGE
        bonuses.append(bonus)
    return tuple(bonuses)


class _Ended(Protocol):
    """What scoring reads of a position at the round's end (a `GameState`)."""

    @property
    def rules(self) -> Rules: ...
    @property
    def hands(self) -> tuple[tuple[Card, ...], ...]: ...
    @property
    def opened(self) -> tuple[bool, ...]: ...
    @property
    def dealt_in(self) -> tuple[bool, ...]: ...
    @property
    def first_to_open(self) -> int | None: ...


def result_of(state: _Ended, end: EndReason, winner: int | None, hand_romme: bool) -> RoundResult:
    """The result of the round that `state` ends by `end` (`score_hands`)."""
    return score_hands(
        state.rules,
        state.hands,
        state.opened,
        state.dealt_in,
        end,
        winner,
        hand_romme,
        state.first_to_open,
    )


def first_on_table(position: Position) -> int | None:
    """The seat that laid out first, read off the table: the default of ``first_to_open``.

    The melds lie in the order they were laid; the owner of the first one
    whose owner has opened (`romme.game._scoring.first_to_open`). Owners that
    are no seat are skipped: the checks refuse them with their own
    message.
    """
    opened = position.opened
    owners = (entry.owner for entry in position.table if 0 <= entry.owner < len(opened))
    return first_to_open(owners, opened)


def first_to_open_after(first: int | None, seat: int, opened: bool) -> int | None:
    """Who laid out first once `seat` has opened, or taken its opening back (ASS S. 2)."""
    if opened and first is None:
        return seat
    if not opened and first == seat:
        return None
    return first
