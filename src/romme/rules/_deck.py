"""The deck a `Rules` value plays with (rules §1): ``decks`` × 52 cards and ``jokers`` jokers."""

from __future__ import annotations

from typing import Final

from romme.cards import JOKER, JOKER_CODE, Card
from romme.rules._value import Rules

__all__ = ["make_deck"]

_NATURALS: Final = tuple(Card.from_code(code) for code in range(JOKER_CODE))


def make_deck(rules: Rules) -> tuple[Card, ...]:
    """Return the full deck for `rules`, sorted: ``decks`` × 52 cards and ``jokers`` jokers.

    >>> from romme import JOKER, Rules
    >>> deck = make_deck(Rules())
    >>> len(deck), deck.count(JOKER)
    (110, 6)

    Raises:
        TypeError: If `rules` is no `Rules`.
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    naturals = tuple(card for card in _NATURALS for _ in range(rules.decks))
    return naturals + (JOKER,) * rules.jokers
