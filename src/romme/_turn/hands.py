"""Hands as the turn core changes them (private): cards taken out and put in, in card order.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, Literal, overload

from romme.cards import Card, card_code, format_cards
from romme.errors import Reason

if TYPE_CHECKING:
    pass

from romme._turn.position import Failure, Pos

__all__ = [
    "add",
    "check_cards",
    "remove",
]


@overload
def remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None: ...


@overload
def remove(
    hand: tuple[Card, ...], cards: Sequence[Card], *, partly: Literal[True]
) -> tuple[Card, ...]: ...


def remove(
    hand: tuple[Card, ...], cards: Sequence[Card], *, partly: bool = False
) -> tuple[Card, ...] | None:
    """Return `hand` without `cards` (a multiset difference), or ``None`` if it lacks some.

    With `partly`, the cards `hand` lacks are passed over instead. A hand
    is sorted (as every hand is kept), so one card is found by bisection.
    """
    if len(cards) == 1 and not partly:  # a discard, a swap's card: the commonest removal
        code = cards[0].code
        place = bisect_left(hand, code, key=card_code)
        if place == len(hand) or hand[place].code != code:
            return None
        return hand[:place] + hand[place + 1 :]
    rest = list(hand)
    codes = [card.code for card in hand]  # integers compare faster than cards
    for card in cards:
        try:
            place = codes.index(card.code)
        except ValueError:
            if partly:
                continue
            return None
        del codes[place]
        del rest[place]
    return tuple(rest)  # still sorted


def add(hand: tuple[Card, ...], *cards: Card) -> tuple[Card, ...]:
    """`hand` with `cards` added, in card order (the order every hand is kept in)."""
    if len(cards) == 1:  # a draw: one card put in its place
        place = bisect_right(hand, cards[0].code, key=card_code)
        return (*hand[:place], cards[0], *hand[place:])
    return tuple(sorted((*hand, *cards), key=card_code))


def check_cards(pos: Pos, cards: Sequence[Card]) -> tuple[Card, ...] | Failure:
    rest = remove(pos.hand, cards)
    if rest is None:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {format_cards(cards)}")
    return rest
