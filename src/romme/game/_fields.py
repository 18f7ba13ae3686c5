"""What the fields of an action accept (private): the converters of `romme.game._actions`' classes.

Each turns what a caller may pass (cards as values or text, an index)
into the field's value, or refuses it with a `TypeError`, a `ValueError`
or an `romme.errors.InvalidNotationError`; the action classes and their
text form live in `romme.game._actions`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from romme import _guard
from romme.cards import Card, parse_card, parse_cards
from romme.errors import InvalidNotationError
from romme.melds import MAX_MELD_CARDS, MeldKind
from romme.rules import MAX_DECK_SIZE

MAX_TABLE_INDEX: Final = 1_000_000
"""Table melds are numbered below this bound (no table comes near it)."""


def to_cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
    """Cards, as values or text (`romme.parse_cards`), at most a deck's worth (`MAX_DECK_SIZE`).

    No action moves more cards than the largest deck holds, and every
    action that constructs formats (`str`, `romme.dumps`), as
    `romme.format_cards` writes at most a deck.
    """
    if isinstance(value, str):
        value = parse_cards(value)
    result = _guard.bounded(value, MAX_DECK_SIZE, "an action's cards")
    for card in result:
        if not isinstance(card, Card):
            raise TypeError(f"expected Card values, not {type(card).__name__}")
    return result


def to_card(value: Card | str) -> Card:
    """One card, as a value or text (`romme.parse_card`)."""
    if isinstance(value, str):
        return parse_card(value)
    if not isinstance(value, Card):
        raise TypeError(f"expected a Card, not {type(value).__name__}")
    return value


def to_index(value: int) -> int:
    """The index of a table meld: an int from 0."""
    if type(value) is not int:
        raise TypeError(f"a table meld is addressed by an int, not {type(value).__name__}")
    if value >= MAX_TABLE_INDEX:
        raise InvalidNotationError("no table holds that many melds", token=_guard.shown(value))
    if value < 0:
        raise ValueError(f"table melds are numbered from 0, not {_guard.shown(value)}")
    return value


def to_some_cards(value: Iterable[Card] | str) -> tuple[Card, ...]:
    """The cards of a lay-down or lay-off: at least one (`to_cards`)."""
    cards = to_cards(value)
    if not cards:
        raise ValueError("a lay-down or lay-off needs at least one card")
    return cards


def to_announced(value: Iterable[Card] | str) -> tuple[Card, ...]:
    """The cards a set's jokers are announced as: natural cards (`to_cards`)."""
    cards = to_cards(value)
    if any(card.is_joker for card in cards):
        raise ValueError("a joker is announced as a natural card, not a joker")
    return cards


def to_kind(value: MeldKind | str | None) -> MeldKind | None:
    """A lay-down's kind, as a `romme.MeldKind` or its value, or ``None``."""
    return None if value is None else _guard.member(MeldKind, value, "a lay-down's kind")


def to_position(value: int) -> int:
    """The position of a card in a table meld: an int from 0, below the most cards a meld holds."""
    if type(value) is not int:
        raise TypeError(
            f"a card of a table meld is addressed by an int, not {type(value).__name__}"
        )
    if value < 0:
        raise ValueError(
            f"the cards of a table meld are numbered from 0, not {_guard.shown(value)}"
        )
    if value >= MAX_MELD_CARDS:
        raise ValueError(
            f"no meld holds more than {MAX_MELD_CARDS} cards, not {_guard.shown(value)}"
        )
    return value
