"""Hypothesis strategies for cards, hands and rules.

Hands are sub-multisets of a real deck (2 × 52 cards and up to 6 jokers):
no natural card appears more than twice.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

import attrs
from hypothesis import strategies as st

from romme import (
    JOKER,
    PRESETS,
    AdjacentJokers,
    Card,
    JokerLimit,
    Rank,
    Rules,
    Suit,
)

__all__ = [
    "ALL_CARDS",
    "DECK_JOKERS",
    "NATURAL_CARDS",
    "card_sequences",
    "cards",
    "dense_hands",
    "evolved_rules",
    "hands",
    "natural_cards",
    "near_melds",
    "preset_rules",
    "rules_values",
]

NATURAL_CARDS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 different natural cards."""
ALL_CARDS: Final[tuple[Card, ...]] = (*NATURAL_CARDS, JOKER)
"""Every different card: the 52 natural cards and the joker."""
DECK_JOKERS: Final = 6
"""The jokers of the real 110-card deck (DRoV Nr. 1)."""

_RANKS_IN_ORDER: Final[tuple[Rank, ...]] = tuple(Rank)


def cards() -> st.SearchStrategy[Card]:
    """Any card, the joker included."""
    return st.sampled_from(ALL_CARDS)


def natural_cards() -> st.SearchStrategy[Card]:
    """Any natural (non-joker) card."""
    return st.sampled_from(NATURAL_CARDS)


def _sub_multisets(
    deck: tuple[Card, ...], min_size: int, max_size: int
) -> st.SearchStrategy[tuple[Card, ...]]:
    positions = st.lists(
        st.integers(0, len(deck) - 1), min_size=min_size, max_size=max_size, unique=True
    )
    return positions.map(lambda chosen: tuple(deck[i] for i in chosen))


def hands(
    min_size: int = 0, max_size: int = 14, max_jokers: int = DECK_JOKERS
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand: a sub-multiset of the 110-card deck, in random order, with at most `max_jokers` jokers."""
    if not 0 <= max_jokers <= DECK_JOKERS:
        raise ValueError(f"max_jokers must be between 0 and {DECK_JOKERS}, not {max_jokers}")
    deck = NATURAL_CARDS * 2 + (JOKER,) * max_jokers
    return _sub_multisets(deck, min_size, max(min_size, min(max_size, len(deck))))


@st.composite
def dense_hands(
    draw: st.DrawFn, min_size: int = 0, max_size: int = 14, max_jokers: int = DECK_JOKERS
) -> tuple[Card, ...]:
    """A hand drawn from few suits and a short window of ranks, so that it holds melds.

    The window may pass the corner (K-A-2), and each natural card of it is
    available twice, as in the real deck.
    """
    if not 0 <= max_jokers <= DECK_JOKERS:
        raise ValueError(f"max_jokers must be between 0 and {DECK_JOKERS}, not {max_jokers}")
    suits = draw(st.lists(st.sampled_from(tuple(Suit)), min_size=1, max_size=4, unique=True))
    start = draw(st.integers(0, 12))
    width = draw(st.integers(3, 7))
    ranks = [_RANKS_IN_ORDER[(start + i) % 13] for i in range(width)]
    pool = tuple(Card(rank, suit) for suit in suits for rank in ranks) * 2
    deck = pool + (JOKER,) * max_jokers
    return draw(_sub_multisets(deck, min_size, max(min_size, min(max_size, len(deck)))))


@st.composite
def near_melds(draw: st.DrawFn, max_size: int = 8) -> tuple[Card, ...]:
    """Cards at or near a meld: a run of one suit or cards of one rank, some replaced by jokers.

    Sometimes jokers are added, one card is swapped for a random card, or the
    order is shuffled; otherwise the cards stay in run order.
    """
    if draw(st.booleans()):
        suit = draw(st.sampled_from(tuple(Suit)))
        start = draw(st.integers(0, 12))
        length = draw(st.integers(1, max_size))
        natural = [Card(_RANKS_IN_ORDER[(start + i) % 13], suit) for i in range(length)]
    else:
        rank = draw(st.sampled_from(_RANKS_IN_ORDER))
        suits = draw(st.lists(st.sampled_from(tuple(Suit)), min_size=1, max_size=min(5, max_size)))
        natural = [Card(rank, suit) for suit in suits]
    as_joker = draw(st.lists(st.booleans(), min_size=len(natural), max_size=len(natural)))
    result = [JOKER if joker else c for c, joker in zip(natural, as_joker, strict=True)]
    room = max_size - len(result)
    result += [JOKER] * draw(st.integers(0, min(2, room)))
    change_one, shuffle = draw(st.booleans()), draw(st.booleans())
    if change_one and result:
        result[draw(st.integers(0, len(result) - 1))] = draw(cards())
    if shuffle:
        result = draw(st.permutations(result))
    return tuple(result)


def card_sequences(max_size: int = 8) -> st.SearchStrategy[tuple[Card, ...]]:
    """A sequence of 0 to `max_size` cards: arbitrary, from a dense pool, or at or near a meld."""
    arbitrary = st.lists(cards(), max_size=max_size).map(tuple)
    dense = dense_hands(0, max_size, DECK_JOKERS)
    return st.one_of(arbitrary, dense, near_melds(max_size))


def preset_rules() -> st.SearchStrategy[Rules]:
    """One of the presets (rules §12)."""
    return st.sampled_from(tuple(PRESETS.values()))


@st.composite
def evolved_rules(draw: st.DrawFn) -> Rules:
    """A preset with random values for the meld fields (rules §3)."""
    base = draw(preset_rules())
    return attrs.evolve(
        base,
        joker_limit=draw(st.sampled_from(tuple(JokerLimit))),
        adjacent_jokers=draw(st.sampled_from(tuple(AdjacentJokers))),
        ace_wraps=draw(st.booleans()),
        set_distinct_suits=draw(st.booleans()),
    )


def rules_values() -> st.SearchStrategy[Rules]:
    """Valid `Rules`: a preset, or a preset with random meld fields."""
    return st.one_of(preset_rules(), evolved_rules())
