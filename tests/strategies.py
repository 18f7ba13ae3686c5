"""The hypothesis strategies the meld properties need that `romme.testing` lacks.

`romme.testing` is the strategy set of the tests (cards, hands, rules, melds,
positions, actions). What is left here draws card sequences without rules,
biased to hold melds: `dense_hands` (a few suits, a short window of ranks)
and `card_sequences` (arbitrary, dense or meld-shaped). Hands are
sub-multisets of a real deck (2 × 52 cards and up to 6 jokers): no natural
card appears more than twice.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

from hypothesis import strategies as st

from romme import JOKER, Card, Rank, Suit
from romme.testing import cards

__all__ = ["card_sequences", "dense_hands", "meld_shapes"]

DECK_JOKERS: Final = 6
"""The jokers of the real 110-card deck (DRoV Nr. 1)."""

_RANKS_IN_ORDER: Final[tuple[Rank, ...]] = tuple(Rank)


def _sub_multisets(
    deck: tuple[Card, ...], min_size: int, max_size: int
) -> st.SearchStrategy[tuple[Card, ...]]:
    positions = st.lists(
        st.integers(0, len(deck) - 1), min_size=min_size, max_size=max_size, unique=True
    )
    return positions.map(lambda chosen: tuple(deck[i] for i in chosen))


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
def meld_shapes(draw: st.DrawFn, max_size: int = 8) -> tuple[Card, ...]:
    """Cards at or near a meld under no rules in particular: a run of one suit or cards of one rank, some replaced by jokers.

    (`romme.testing.near_melds` changes one card of a meld valid under given rules.)

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
    return st.one_of(arbitrary, dense, meld_shapes(max_size))
