"""Packed multisets (private): a multiset of cards as one integer, a 5-bit field per card code.

Cards are codes 0–52 (52 the joker, see `Card.code`); subtracting a meld
is one subtraction, and checking that it fits is one mask test.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

from romme._coded import CodedMeld
from romme.cards import JOKER_CODE, Card, card_code
from romme.melds._meld import Meld

BITS: Final = 5
FIELD: Final = (1 << BITS) - 1
GUARD: Final = sum(1 << (BITS * code + BITS - 1) for code in range(JOKER_CODE + 1))
"""The top bit of every field: counts stay below 16, so a borrow clears a guard bit."""
_LOW_BITS: Final = sum(1 << (BITS * code) for code in range(JOKER_CODE + 1))
"""The lowest bit of every field."""
JOKER_SHIFT: Final = BITS * JOKER_CODE
"""Where the joker's field begins: the last field, so ``key >> JOKER_SHIFT`` counts the jokers."""
JOKER_FIELD: Final = FIELD << JOKER_SHIFT
NATURAL_FIELDS: Final = (1 << JOKER_SHIFT) - 1
"""The fields of the natural cards (all but the joker's)."""

JOKER_UNIT: Final = 1 << JOKER_SHIFT
"""One joker in a packed multiset."""


def pack(codes: Iterable[int]) -> int:
    """Return the packed multiset of card `codes`."""
    key = 0
    for code in codes:
        key += 1 << (BITS * code)
    return key


def fits(part: int, whole: int) -> bool:
    """Return whether the packed multiset `part` is contained in `whole`."""
    return ((whole | GUARD) - part) & GUARD == GUARD


def count(key: int, code: int) -> int:
    """Return how many cards of `code` the packed multiset `key` holds."""
    return (key >> (BITS * code)) & FIELD


def occupied(key: int) -> int:
    """The fields of `key` that hold at least one card, each filled with ones."""
    # A count is below 16, so only a field's four lower bits can be set:
    # fold them onto the field's lowest bit, then fill the field.
    folded = key | (key >> 1)
    folded |= folded >> 2
    return (folded & _LOW_BITS) * FIELD


def codes_in(key: int) -> Iterable[int]:
    """Return the codes of the cards the packed multiset `key` holds, lowest first, each once."""
    while key:
        lowest = ((key & -key).bit_length() - 1) // BITS
        yield lowest
        key &= ~(FIELD << (BITS * lowest))


UNITS: Final = tuple(1 << (BITS * code) for code in range(JOKER_CODE + 1))
"""One card of each code, packed."""


def unit(code: int) -> int:
    """Return the packed multiset holding one card of `code`."""
    return 1 << (BITS * code)


def pack_cards(cards: Iterable[Card]) -> int:
    """Return the packed multiset of `cards` (at most 15 copies of a card count)."""
    if isinstance(cards, tuple) and len(cards) < 16:  # no card can come 16 times
        return sum(map(UNITS.__getitem__, map(card_code, cards)))
    tally = Counter(card.code for card in cards)
    return pack(code for code, n in tally.items() for _ in range(min(n, 15)))


def _meld_key(meld: Meld) -> int:
    return sum(map(UNITS.__getitem__, map(card_code, meld.cards)))


def field(code: int) -> int:
    """Return the field of `code` in a packed multiset, every bit set: a mask for its copies."""
    return FIELD << (BITS * code)


def is_unit(key: int) -> bool:
    """Return whether the packed multiset `key` holds exactly one card."""
    bit = key.bit_length() - 1
    return bit >= 0 and key == 1 << bit and bit % BITS == 0


def meld_key(meld: Meld) -> int:
    """Return the packed multiset of `meld`'s cards, kept in the meld once computed (`romme._coded.CodedMeld`)."""
    try:
        key = meld._key
    except AttributeError:  # a meld unpickled or copied (`romme._coded.CodedMeld`)
        key = 0
    if not key:
        key = _meld_key(meld)
        _set_key(meld, key)
    return key


# A meld's shape word (`meld_shape`), bit by bit:
RUN: Final = 1
"""Bit 0: the meld is a run (else a set)."""
LENGTH_SHIFT: Final = 1
"""Bits 1–4: its number of cards."""
LOW_SHIFT: Final = 5
"""Bits 5–8: the rank index (rank - 2) its first card stands for: a set's rank."""
HIGH_SHIFT: Final = 9
"""Bits 9–12: the rank index its last card stands for."""
BASE_SHIFT: Final = 13
"""Bits 13–18: a run's suit, as the code of that suit's two (0, 13, 26, 39); 0 for a set."""
BASE_FIELD: Final = 63
"""The mask of that six-bit field, once shifted down."""
LOW_JOKER: Final = 1 << 19
"""Bit 19: its first card is a joker."""
HIGH_JOKER: Final = 1 << 20
"""Bit 20: its last card is a joker."""
NIBBLE: Final = 15
"""The mask of a four-bit field of the shape word, once shifted down."""

# The slots' own setters: `Meld` is frozen, and these skip its guard.
_set_key: Final = vars(CodedMeld)["_key"].__set__
_set_shape: Final = vars(CodedMeld)["_shape"].__set__


def meld_shape(meld: Meld) -> int:
    """Return `meld`'s shape word: a small integer the generator reads a table meld by.

    Its fields (the constants above): `RUN`, the length, the rank indexes
    of the first and last cards, a run's suit and whether the first and
    last cards are jokers. It depends on the meld alone, never on
    `romme.Rules`, and is kept in the meld once computed
    (`romme._coded.CodedMeld`): a table meld is coded once in its life.
    A hot loop may read ``meld._shape`` itself and call this only where
    it reads 0 or raises `AttributeError`, as the generator does.
    """
    try:
        shape = meld._shape
    except AttributeError:  # a meld unpickled or copied (`romme._coded.CodedMeld`)
        shape = 0
    if shape:
        return shape
    cards, ranks = meld.cards, meld.ranks
    shape = (
        len(cards) << LENGTH_SHIFT
        | (ranks[0] - 2) << LOW_SHIFT
        | (ranks[-1] - 2) << HIGH_SHIFT
        | (LOW_JOKER if cards[0].code == JOKER_CODE else 0)
        | (HIGH_JOKER if cards[-1].code == JOKER_CODE else 0)
    )
    if meld.suit is not None:
        shape |= RUN | _SUIT_BASE[meld.suit] << BASE_SHIFT
    _set_shape(meld, shape)
    return shape


_SUIT_BASE: Final = {card.suit: card.code for card in map(Card.from_code, range(0, JOKER_CODE, 13))}
"""The code of each suit's two, the first of its thirteen codes."""


SHIFTS: Final = tuple(BITS * code for code in range(JOKER_CODE + 1))


SUIT_FIELDS: Final = (1 << (13 * BITS)) - 1
"""The fields of one suit's thirteen cards, shifted to the lowest bits."""
SUIT_SHIFTS: Final = (0, 13 * BITS, 26 * BITS, 39 * BITS)
