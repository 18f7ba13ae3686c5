"""Scoring (Abrechnung): penalty points of cards left in hand, and the result of a round.

Rules §10: every player who did not go out pays the penalty of their
hand (2–10 face value, J/Q/K 10, ace ``ace_penalty``, joker
``joker_penalty``), or ``not_opened_penalty`` if they never opened; a
Hand-Rommé multiplies the others' penalties by ``hand_romme_multiplier``.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable

import attrs

from romme.cards import Card, Rank
from romme.rules import Rules

__all__ = ["EndReason", "RoundResult", "card_penalty", "hand_penalty"]


@enum.unique
class EndReason(str, enum.Enum):
    """How a round ended."""

    WENT_OUT = "went_out"
    """A player got rid of their last card (Rommé, rules §7)."""
    STOCK_EXHAUSTED = "stock_exhausted"
    """The stock ran out and could not be refilled (rules §9, DRoV Nr. 5)."""
    JOKERS_ONLY = "jokers_only"
    """A player holding only jokers discarded one (DRoV Streitfall 8)."""


def card_penalty(card: Card, rules: Rules) -> int:
    """Return the penalty of `card` left in hand (DRoV Nr. 11; ace always ``ace_penalty``).

    >>> from romme import Rules, parse_card
    >>> [card_penalty(parse_card(t), Rules()) for t in ("7♥", "Q♣", "A♠", "JK")]
    [7, 10, 11, 20]
    """
    if card.rank is None:
        return rules.joker_penalty
    if card.rank is Rank.ACE:
        return rules.ace_penalty
    return 10 if card.rank >= Rank.JACK else int(card.rank)


def hand_penalty(cards: Iterable[Card], rules: Rules) -> int:
    """Return the penalty of a hand: the sum of `card_penalty` over its cards."""
    return sum(card_penalty(card, rules) for card in cards)


@attrs.frozen(kw_only=True)
class RoundResult:
    """The outcome of a finished round (Spiel): who went out, how it ended, the penalties."""

    end: EndReason
    """How the round ended."""
    winner: int | None
    """The seat that went out, or ``None`` when nobody did."""
    hand_romme: bool
    """Whether the winner went out by a Hand-Rommé (rules §8)."""
    penalties: tuple[int, ...]
    """Each seat's penalty points for the round, the multiplier applied (0 for the winner and a dealer who sat out)."""
    dealt_in: tuple[bool, ...]
    """Which seats were dealt cards (all but a dealer who sat out, DRoV Nr. 2)."""
    opened: tuple[bool, ...]
    """Which seats had opened when the round ended (the winner always has)."""
