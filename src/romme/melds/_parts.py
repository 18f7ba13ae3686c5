"""The vocabulary of melds (private): their kinds, the roles of jokers, and card values (rules §3).

What a meld is made of, below the `Meld` value itself: `MeldKind`,
`JokerRole`, and the tables of values and joker roles that the validator
fills a meld from. `romme.melds` re-exports the public names.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
import itertools
from collections.abc import Iterable
from typing import Final

import attrs

from romme import _guard
from romme.cards import Card, Rank, Suit

__all__ = ["JokerRole", "MeldKind", "stood_for"]


@enum.unique
class MeldKind(str, enum.Enum):
    """The two kinds of meld."""

    SET = "set"
    """3 or 4 cards of one rank (Satz)."""
    RUN = "run"
    """3 or more cards of one suit in sequence (Folge, Reihe)."""


def _suits(value: Iterable[Suit]) -> frozenset[Suit]:
    suits = frozenset(_guard.bounded(value, 4, "suits"))
    for suit in suits:
        _guard.instance(suit, Suit, "each suit")
    return suits


@attrs.frozen
class JokerRole:
    """What one joker of a meld stands for.

    In a run the joker stands for one card. In a set it stands for the set's
    rank in one of the suits the natural cards leave free: one suit in a
    4-card set with one joker, two in a 3-card set (rules §3).
    """

    position: int = attrs.field(validator=_guard.is_integer("position", 0, 12))
    """The joker's index in `Meld.cards`."""
    rank: Rank = attrs.field(validator=_guard.is_instance(Rank, "rank"))
    """The rank the joker stands for."""
    suits: frozenset[Suit] = attrs.field(converter=_suits)
    """The suits the joker may stand for (one in a run)."""

    @property
    def card(self) -> Card | None:
        """The one card the joker stands for, or ``None`` when its suit is open."""
        if len(self.suits) != 1:
            return None
        (suit,) = self.suits
        return Card(self.rank, suit)

    def can_be(self, card: Card) -> bool:
        """Return whether `card` is a card this joker stands for."""
        return card.rank is self.rank and card.suit in self.suits


_CODE_OF: Final = {
    (card.rank, card.suit): card.code
    for card in map(Card.from_code, range(52))  # the natural cards
}


def stood_for(roles: Iterable[JokerRole]) -> list[int]:
    """Return the codes of the natural cards some joker of `roles` stands for, in card order.

    The cards a joker swap may give for a meld's jokers (rules §6).
    """
    return sorted({_CODE_OF[role.rank, suit] for role in roles for suit in role.suits})


# -- values -----------------------------------------------------------------

_RANK_BY_INDEX: Final = tuple(Rank)  # index 0 = TWO … 12 = ACE


def _rank_value(rank: Rank) -> int:
    if rank is Rank.ACE:
        return 11
    return 10 if rank >= Rank.JACK else int(rank)


def _ordinal_value(ordinal: int) -> int:
    """Value of the run position at `ordinal` (-1 = low ace, 0 = two, …, 12 = ace, 13 = two …)."""
    if ordinal == -1:
        return 1
    return _rank_value(_RANK_BY_INDEX[ordinal % 13])


# For every run window (start ordinal, length): its ranks and value.
WINDOWS: Final = {
    (start, length): (
        tuple(_RANK_BY_INDEX[(start + p) % 13] for p in range(length)),
        sum(_ordinal_value(start + p) for p in range(length)),
    )
    for start in range(-1, 12)
    for length in range(1, 14)
}


RANK_VALUES: Final = {rank: _rank_value(rank) for rank in Rank}
SUIT_BY_INDEX: Final = tuple(Suit)  # the suit of card code c is SUIT_BY_INDEX[c // 13]
ALL_SUITS: Final = frozenset(Suit)

# For every set rank and the suits its jokers may stand for: the role of a
# joker at each position (a set holds at most four cards).
SET_JOKER_ROLES: Final = {
    (rank, free): tuple(JokerRole(position, rank, free) for position in range(4))
    for rank in Rank
    for free in (
        frozenset(suits) for size in range(5) for suits in itertools.combinations(Suit, size)
    )
}

# For every run suit and start ordinal: what a joker stands for at each position.
RUN_JOKER_ROLES: Final = {
    (suit, start): tuple(
        JokerRole(position, _RANK_BY_INDEX[(start + position) % 13], (suit,))
        for position in range(13)
    )
    for suit in Suit
    for start in range(-1, 12)
}
