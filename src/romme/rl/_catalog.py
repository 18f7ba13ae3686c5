"""The catalog an action space numbers (private): card and rank indexes, set and run shapes, lay-off patterns.

Every shape reads the joker limit and the adjacent-jokers rule from
`romme.rules._shape`, where they are stated once; the tables are cached per
rules (bounded), since they read the decks and jokers as well.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from functools import lru_cache
from typing import Final

from romme import Card, Rank, Rules
from romme.rules import jokers_may_touch, most_jokers

__all__ = [
    "ACE",
    "CARDS",
    "JOKER_CODE",
    "MAX_RUN",
    "RANKS",
    "SET_MAX",
    "SET_PATTERNS",
    "SUITS_OF_CODE",
    "RunShape",
    "SetShape",
    "index_of",
    "natural",
    "rank_index",
    "run_patterns",
    "run_shapes",
    "set_shapes",
    "suit_index",
    "touching",
]

RANKS: Final = tuple(Rank)  # index 0 = TWO … 12 = ACE
SUITS_OF_CODE: Final = 13
CARDS: Final = tuple(Card.from_code(code) for code in range(53))
JOKER_CODE: Final = 52
MAX_RUN: Final = 13
SET_MAX: Final = 4
SET_PATTERNS: Final = 5  # a natural of each suit, or a joker
ACE: Final = 12


def touching(mask: int) -> bool:
    return bool(mask & (mask >> 1))


SetShape = tuple[tuple[int, ...], int]
"""A set's suit indexes (sorted) and its joker count."""
RunShape = tuple[int, int, int]
"""A run's first rank index (12 for an ace below the two), length and joker positions (bits)."""


@lru_cache(maxsize=64)
def set_shapes(rules: Rules) -> tuple[SetShape, ...]:
    copies = 1 if rules.set_distinct_suits else rules.decks
    shapes: list[SetShape] = []
    for size in range(1, SET_MAX + 1):
        for suits in itertools.combinations_with_replacement(range(4), size):
            if any(suits.count(s) > copies for s in set(suits)):
                continue
            for jokers in range(SET_MAX - size + 1):
                if size + jokers < 3 or jokers > rules.jokers:
                    continue
                if jokers > most_jokers(rules.joker_limit, size):
                    continue
                shapes.append((suits, jokers))
    return tuple(shapes)


@lru_cache(maxsize=64)
def run_shapes(rules: Rules) -> tuple[RunShape, ...]:
    shapes: list[RunShape] = []
    for length in range(3, MAX_RUN + 1):
        touch = jokers_may_touch(rules.adjacent_jokers, length)
        for start in range(13):
            if not rules.ace_wraps and start != ACE and start + length - 1 > ACE:
                continue
            for mask in range(1 << length):
                jokers = mask.bit_count()
                if jokers == length or jokers > rules.jokers:
                    continue
                if jokers > most_jokers(rules.joker_limit, length - jokers):
                    continue
                if jokers > 1 and not touch and touching(mask):
                    continue
                shapes.append((start, length, mask))
    return tuple(shapes)


@lru_cache(maxsize=64)
def run_patterns(rules: Rules) -> tuple[tuple[int, int], ...]:
    """Lay-offs onto one end of a run: (number of cards, joker positions as bits)."""
    touch = jokers_may_touch(rules.adjacent_jokers, MAX_RUN)  # in some run
    patterns: list[tuple[int, int]] = []
    for count in range(1, MAX_RUN - 3 + 1):
        for mask in range(1 << count):
            jokers = mask.bit_count()
            if jokers > rules.jokers or (not touch and touching(mask)):
                continue
            patterns.append((count, mask))
    return tuple(patterns)


def index_of(items: Sequence[object]) -> dict[object, int]:
    return {item: i for i, item in enumerate(items)}


def rank_index(card: Card) -> int:
    assert card.rank is not None
    return int(card.rank) - 2


def suit_index(card: Card) -> int:
    return card.code // SUITS_OF_CODE


def natural(rank_index: int, suit_index: int) -> Card:
    return CARDS[suit_index * SUITS_OF_CODE + rank_index % 13]
