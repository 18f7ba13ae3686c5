"""Cards (Karten): suits, ranks, the joker, and their text notation.

The deck holds two French packs (2 × 52 cards) and a number of jokers
(rules §2). Cards of equal rank and suit are indistinguishable, and so
are jokers: a `Card` is a value, and equal cards compare equal.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
import functools
import operator
import re
from collections.abc import Iterable
from typing import (
    Final,
)

import attrs

from romme._guard import bounded
from romme.errors import InvalidNotationError

__all__ = [
    "JOKER",
    "MAX_NOTATION_LENGTH",
    "Card",
    "Rank",
    "Suit",
    "format_cards",
    "parse_card",
    "parse_cards",
]

MAX_NOTATION_LENGTH: Final = 10_000
"""The longest text `parse_card`, `parse_cards` and ``parse_action`` read.

Longer text raises `InvalidNotationError` at once, so that a hostile caller
cannot make the parser do unbounded work.
"""


@enum.unique
class Suit(str, enum.Enum):
    """A suit (Farbe), in the order ♣ ♠ ♥ ♦ (Kreuz, Pik, Herz, Karo)."""

    CLUBS = "clubs"
    SPADES = "spades"
    HEARTS = "hearts"
    DIAMONDS = "diamonds"

    @property
    def symbol(self) -> str:
        """The suit's symbol: ``♣``, ``♠``, ``♥`` or ``♦``."""
        return _SUIT_SYMBOLS[self]

    @property
    def letter(self) -> str:
        """The suit's letter: ``c``, ``s``, ``h`` or ``d``."""
        return _SUIT_LETTERS[self]

    @property
    def is_red(self) -> bool:
        """Whether the suit is red (hearts and diamonds)."""
        return self in (Suit.HEARTS, Suit.DIAMONDS)


_SUITS: Final = tuple(Suit)
_SUIT_SYMBOLS: Final = dict(zip(_SUITS, "♣♠♥♦", strict=True))
_SUIT_LETTERS: Final = dict(zip(_SUITS, "cshd", strict=True))
_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(_SUITS)}


@enum.unique
class Rank(enum.IntEnum):
    """A rank (Wert), from the two to the ace; the value is the rank's number."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def symbol(self) -> str:
        """The rank's symbol: ``2`` … ``10``, ``J``, ``Q``, ``K``, ``A``."""
        return _RANK_SYMBOLS[self]


_RANK_SYMBOLS: Final = {
    rank: (str(int(rank)) if rank <= Rank.TEN else "JQKA"[rank - Rank.JACK]) for rank in Rank
}


def _to_rank(value: Rank | int | None) -> Rank | None:
    if value is None or isinstance(value, Rank):
        return value
    try:
        return Rank(value)
    except ValueError:
        raise ValueError(f"no rank {value!r}: ranks run from 2 to 14 (ace)") from None


def _to_suit(value: Suit | str | None) -> Suit | None:
    if value is None or isinstance(value, Suit):
        return value
    try:
        return Suit(value)
    except ValueError:
        raise ValueError(f"no suit {value!r}: suits are {[s.value for s in Suit]}") from None


JOKER_CODE: Final = 52
"""The integer code of the joker; natural cards have codes 0 to 51."""


@attrs.frozen(eq=False, order=False)
class Card:
    """A playing card: a rank and a suit, or the joker (both ``None``).

    Cards are values: equal cards from the two packs compare equal, and
    cards sort by suit (♣ ♠ ♥ ♦), then rank, with jokers last.

    >>> Card(Rank.SEVEN, Suit.HEARTS)
    Card(7♥)
    >>> str(Card(Rank.TEN, Suit.SPADES)), str(JOKER)
    ('10♠', 'JK')
    >>> sorted(parse_cards("JK 2♦ A♣ 3♣"))
    [Card(3♣), Card(A♣), Card(2♦), Card(JK)]
    """

    rank: Rank | None = attrs.field(default=None, converter=_to_rank)
    """The rank, or ``None`` for the joker."""
    suit: Suit | None = attrs.field(default=None, converter=_to_suit)
    """The suit, or ``None`` for the joker."""
    code: int = attrs.field(init=False, repr=False)
    """An integer from 0 to 52 that identifies the card (52 is the joker).

    The order of codes is the order of cards.
    """

    def __attrs_post_init__(self) -> None:
        if (self.rank is None) != (self.suit is None):
            raise ValueError("a card has both a rank and a suit, or neither (the joker)")
        code = JOKER_CODE if self.suit is None else _SUIT_INDEX[self.suit] * 13 + self.rank - 2  # type: ignore[operator]
        object.__setattr__(self, "code", code)

    @property
    def is_joker(self) -> bool:
        """Whether this card is a joker."""
        return self.code == JOKER_CODE

    @classmethod
    def from_code(cls, code: int) -> Card:
        """Return the card with the integer `code` (0–52).

        Raises:
            ValueError: If `code` is not between 0 and 52.
        """
        if not 0 <= code <= JOKER_CODE:
            raise ValueError(f"no card has code {code!r}")
        return _CARDS[code]

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "JK"
        return _RANK_SYMBOLS[self.rank] + _SUIT_SYMBOLS[self.suit]

    def __repr__(self) -> str:
        return f"Card({self})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code == other.code
        return NotImplemented

    def __ne__(self, other: object) -> bool:
        if isinstance(other, Card):
            return self.code != other.code
        return NotImplemented

    def __hash__(self) -> int:
        return self.code

    def __lt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code < other.code
        return NotImplemented

    def __le__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code <= other.code
        return NotImplemented

    def __gt__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code > other.code
        return NotImplemented

    def __ge__(self, other: Card) -> bool:
        if isinstance(other, Card):
            return self.code >= other.code
        return NotImplemented


_CARDS: Final[tuple[Card, ...]] = (
    *(Card(rank, suit) for suit in _SUITS for rank in Rank),
    Card(),
)

JOKER: Final = _CARDS[JOKER_CODE]
"""The joker. All jokers are equal."""

card_code: Final = operator.attrgetter("code")
"""The sort key of cards (their order): sorting with it avoids Python-level comparisons."""


# -- notation -------------------------------------------------------------

_RANK_TOKENS: Final = {
    **{str(int(r)): r for r in Rank if r <= Rank.TEN},
    "t": Rank.TEN,
    "j": Rank.JACK,
    "q": Rank.QUEEN,
    "k": Rank.KING,
    "a": Rank.ACE,
}
_SUIT_TOKENS: Final = {
    "♣": Suit.CLUBS,
    "♧": Suit.CLUBS,
    "c": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♤": Suit.SPADES,
    "s": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♡": Suit.HEARTS,
    "h": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "♢": Suit.DIAMONDS,
    "d": Suit.DIAMONDS,
}
_JOKER_TOKENS: Final = frozenset({"jk", "jo", "*", "🃏", "joker"})
_SEPARATORS: Final = re.compile(r"[\s,;]+")
_VARIATION_SELECTORS: Final = str.maketrans("", "", "\ufe0e\ufe0f")


@functools.lru_cache(maxsize=4096)
def _lookup(token: str) -> Card | None:
    """The card of one stripped token, or None (cached: the same few tokens come again and again)."""
    text = token.translate(_VARIATION_SELECTORS).lower()
    if text in _JOKER_TOKENS:
        return JOKER
    if len(text) < 2:
        return None
    # Rank first (7♥, 10h), then suit first (♥7, h10).
    rank = _RANK_TOKENS.get(text[:-1])
    suit = _SUIT_TOKENS.get(text[-1])
    if rank is None or suit is None:
        rank = _RANK_TOKENS.get(text[1:])
        suit = _SUIT_TOKENS.get(text[0])
    if rank is None or suit is None:
        return None
    return _CARDS[_SUIT_INDEX[suit] * 13 + rank - 2]


def parse_card(text: str) -> Card:
    """Parse one card.

    Accepted: a rank ``A 2 … 10 T J Q K`` and a suit ``♣ ♠ ♥ ♦`` or
    ``c s h d``, in either order and any case (``7♥``, ``♥7``, ``7h``,
    ``H7``, ``10♠``, ``Ts``); the joker as ``JK``, ``Jo``, ``*`` or ``🃏``.
    Surrounding white space is ignored.

    >>> parse_card("7h"), parse_card("♥7"), parse_card("Jo")
    (Card(7♥), Card(7♥), Card(JK))

    Raises:
        InvalidNotationError: If `text` is not exactly one card; the
            error's ``token`` is the bad text.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"expected card text, got {type(text).__name__}", token="")
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidNotationError(
            f"card text of {len(text)} characters is longer than {MAX_NOTATION_LENGTH}",
            token=text[:20],
        )
    token = text.strip()
    card = _lookup(token)
    if card is None:
        raise InvalidNotationError(f"not a card: {token!r}", token=token)
    return card


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse cards separated by white space, commas or semicolons.

    >>> parse_cards("Q♣ K♣ A♣")
    (Card(Q♣), Card(K♣), Card(A♣))
    >>> parse_cards("7h, 7s, jk")
    (Card(7♥), Card(7♠), Card(JK))

    Raises:
        InvalidNotationError: Naming the first token that is not a card.
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"expected card text, got {type(text).__name__}", token="")
    if len(text) > MAX_NOTATION_LENGTH:
        raise InvalidNotationError(
            f"card text of {len(text)} characters is longer than {MAX_NOTATION_LENGTH}",
            token=text[:20],
        )
    return tuple(parse_card(token) for token in _SEPARATORS.split(text.strip()) if token)


def format_cards(cards: Iterable[Card]) -> str:
    """Return cards in their text form, separated by spaces (read back by `parse_cards`).

    >>> format_cards(parse_cards("qc kc ac jk"))
    'Q♣ K♣ A♣ JK'

    Raises:
        TypeError: If `cards` is not cards.
        InputTooLargeError: For more cards than any deck holds.
    """
    items = bounded(cards, _MAX_FORMATTED, "cards")
    for card in items:
        if not isinstance(card, Card):
            raise TypeError(f"format_cards takes Card values, not {type(card).__name__}")
    return " ".join(map(str, items))


_MAX_FORMATTED: Final = 2 * 52 + 8
"""The most cards `format_cards` writes: a whole deck."""
