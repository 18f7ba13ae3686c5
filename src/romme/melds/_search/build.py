"""Meld values from packed cards (private): the fields of a meld the search found, and its option.

A `Meld` value is built only when it is asked for, and without the
validator: the cards the search chooses form a valid meld by
construction, so only the meld's fields are left to fill in (rules §3).
Each meld built here equals the one ``meld_failure(meld.cards, rules,
meld.kind)`` returns; the tests check that they agree.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Any, Final

from romme.cards import JOKER, JOKER_CODE, Card, Rank, Suit
from romme.melds._meld import Meld, new_meld
from romme.melds._parts import JokerRole, MeldKind
from romme.melds._search.packed import BITS, JOKER_UNIT, UNITS
from romme.rules import MeldShape

# -- the fields of a meld ------------------------------------------------------------------

_CARDS: Final = tuple(Card.from_code(code) for code in range(JOKER_CODE + 1))
_RANKS: Final = tuple(Rank)
"""The ranks by rank index (a card's code modulo 13): 0 the two … 12 the ace."""
_SUITS: Final = tuple(Suit)
"""The suits by suit index (a card's code divided by 13): ♣ ♠ ♥ ♦."""
RANK_VALUES: Final = tuple(11 if rank is Rank.ACE else min(int(rank), 10) for rank in _RANKS)
"""The value of a card of each rank index (rules §3): face value, J/Q/K 10, ace 11."""
_OTHER_SUITS: Final = tuple(
    frozenset(suit for index, suit in enumerate(_SUITS) if not taken >> index & 1)
    for taken in range(16)
)
"""``_OTHER_SUITS[taken]``: the suits whose bits (by suit index) `taken` does not set."""

# Run places are counted in ordinals: -1 is the ace below the two (worth 1),
# 0 the two … 12 the ace (worth 11), and on past the corner, 13 the two again.
_ORDINALS: Final = range(-1, 25)
_RUN_CARDS: Final = tuple(
    tuple(_CARDS[suit * 13 + ordinal % 13] for ordinal in _ORDINALS) for suit in range(4)
)
"""``_RUN_CARDS[suit][ordinal + 1]``: the card at each ordinal of a suit's runs."""
_RUN_PACKED: Final = tuple(
    tuple(sum(UNITS[card.code] for card in cards[:end]) for end in range(len(cards) + 1))
    for cards in _RUN_CARDS
)
"""``_RUN_PACKED[suit][ordinal + 1]``: the cards of the suit's ordinals below `ordinal`, packed."""
_RUN_UNITS: Final = tuple(tuple(UNITS[card.code] for card in cards) for cards in _RUN_CARDS)
"""``_RUN_UNITS[suit][ordinal + 1]``: the card at the ordinal, packed."""


def _window(start: int, length: int) -> tuple[tuple[Rank, ...], int]:
    """The ranks and the value of the run of `length` cards from the ordinal `start`."""
    ordinals = range(start, start + length)
    ranks = tuple(_RANKS[ordinal % 13] for ordinal in ordinals)
    value = sum(1 if ordinal == -1 else RANK_VALUES[ordinal % 13] for ordinal in ordinals)
    return ranks, value


_WINDOWS: Final = tuple(
    tuple(_window(start, length) for length in range(14)) for start in range(-1, 12)
)
"""``_WINDOWS[start + 1][length]``: the ranks and value of every run window."""
_RUN_ROLES: Final = tuple(
    tuple(
        tuple(JokerRole(place, _RANKS[(start + place) % 13], (suit,)) for place in range(13))
        for start in range(-1, 12)
    )
    for suit in _SUITS
)
"""``_RUN_ROLES[suit][start + 1][place]``: the role of a joker at that place of a run."""

_SUIT_BITS: Final = tuple(1 << (code // 13) for code in range(JOKER_CODE))
"""The bit of each natural card's suit index."""
_SET_ROLES: Final = tuple(
    tuple(tuple(JokerRole(place, rank, free) for place in range(4)) for free in _OTHER_SUITS)
    for rank in _RANKS
)
"""``_SET_ROLES[rank index][taken][place]``: the role of a joker at that place of a set
whose natural cards take the suits of the bits of `taken`."""


def _set_meld(naturals: tuple[int, ...], jokers: int, distinct_suits: bool) -> Meld:
    """The set of the natural cards `naturals` (codes of one rank, ascending) and `jokers` jokers.

    As `meld_failure` builds it: the natural cards by code, then the jokers,
    each standing for the rank in any suit the natural cards leave free
    (any suit at all without `distinct_suits`).
    """
    rank_index = naturals[0] % 13
    count = len(naturals)
    size = count + jokers
    taken = sum(map(_SUIT_BITS.__getitem__, naturals)) if distinct_suits else 0
    return new_meld(
        kind=MeldKind.SET,
        cards=tuple(map(_CARDS.__getitem__, naturals)) + (JOKER,) * jokers,
        ranks=(_RANKS[rank_index],) * size,
        suit=None,
        value=RANK_VALUES[rank_index] * size,
        jokers=_SET_ROLES[rank_index][taken][count:size],
    )


def _set_cards(naturals: tuple[int, ...], jokers: int, distinct_suits: bool) -> tuple[Card, ...]:
    """The cards of `_set_meld`, in its order."""
    return tuple(map(_CARDS.__getitem__, naturals)) + (JOKER,) * jokers


@lru_cache(maxsize=8192)
def _places(mask: int) -> tuple[int, ...]:
    """The places of the bits of a run's joker mask (bit p for place p), low to high (cached: a run has 13 places, 8,192 masks at most)."""
    if not mask:
        return ()
    return ((mask & -mask).bit_length() - 1, *_places(mask & (mask - 1)))


def run_meld(suit: int, start: int, length: int, joker_places: int) -> Meld:
    """The run of `suit` from the ordinal `start`, with jokers at the bits of `joker_places`.

    As `meld_failure` builds it from these cards in this order: low to high,
    each joker standing for the one card at its place.
    """
    ranks, value = _WINDOWS[start + 1][length]
    cards = _RUN_CARDS[suit][start + 1 : start + 1 + length]
    roles: tuple[JokerRole, ...] = ()
    if joker_places:
        placed = list(cards)
        roles_here = _RUN_ROLES[suit][start + 1]
        role_list = []
        while joker_places:
            place = (joker_places & -joker_places).bit_length() - 1
            joker_places &= joker_places - 1
            placed[place] = JOKER
            role_list.append(roles_here[place])
        cards = tuple(placed)
        roles = tuple(role_list)
    return new_meld(
        kind=MeldKind.RUN, cards=cards, ranks=ranks, suit=_SUITS[suit], value=value, jokers=roles
    )


Option = tuple[int, int, int, int, bool, tuple[Any, ...]]
"""A meld found, as packing it needs: ``(packed, value, jokers, lowest, is_run, recipe)``.

`packed` is the meld's cards as a packed multiset, `jokers` how many
jokers it holds, `lowest` the code of its lowest natural card, and
``run_meld(*recipe)`` (a run) or ``_set_meld(*recipe)`` (a set) builds
the `Meld` itself, only when it is wanted (`build`). An option holds only
integers and flags, and its recipe too: once the garbage collector has
looked at one (a pass for each level of its tuples) it no longer tracks
it, so the options a process keeps in its caches (tens of thousands for a
hand grown by claims, rules §13) add nothing to its later full passes.
"""


def set_option(naturals: tuple[int, ...], jokers: int, shape: MeldShape) -> Option:
    """The set of the natural cards `naturals` and `jokers` jokers (see `_set_meld`)."""
    value = RANK_VALUES[naturals[0] % 13] * (len(naturals) + jokers)
    packed = sum(map(UNITS.__getitem__, naturals)) + jokers * JOKER_UNIT
    recipe = (naturals, jokers, shape.distinct_suits)
    return packed, value, jokers, naturals[0], False, recipe


def run_options(suit: int, start: int, length: int, masks: Iterable[int]) -> list[Option]:
    """The runs of `suit` from the ordinal `start`, `length` cards long, with jokers at the bits of each of `masks` (see `run_meld`), in that order.

    What depends only on the window (its cards, packed, its value, its
    lowest natural card) is read once for all its joker places.
    """
    first = start + 1
    below = _RUN_PACKED[suit]
    whole = below[first + length] - below[first]
    units = _RUN_UNITS[suit][first : first + length]
    value = _WINDOWS[first][length][1]
    least = ((whole & -whole).bit_length() - 1) // BITS  # the window's lowest code
    least_place = 1 << units.index(UNITS[least])
    found: list[Option] = []
    for mask in masks:
        naturals = whole
        for place in _places(mask):
            naturals -= units[place]
        lowest = ((naturals & -naturals).bit_length() - 1) // BITS if mask & least_place else least
        jokers = mask.bit_count()
        recipe = (suit, start, length, mask)
        found.append((naturals + jokers * JOKER_UNIT, value, jokers, lowest, True, recipe))
    return found


def build(option: Option) -> Meld:
    """The meld of `option`."""
    return run_meld(*option[5]) if option[4] else _set_meld(*option[5])


def option_meld(option: Option) -> Meld:
    """The `Meld` of `option`."""
    return run_meld(*option[5]) if option[4] else _set_meld(*option[5])


def option_cards(option: Option) -> tuple[Card, ...]:
    """The cards of the meld of `option`, in table order (``build(option).cards``), without building it.

    A run's are those of `run_meld`: its window's cards, a joker at each place of its mask.
    """
    if not option[4]:
        return _set_cards(*option[5])
    suit, start, length, joker_places = option[5]
    cards = _RUN_CARDS[suit][start + 1 : start + 1 + length]
    if not joker_places:
        return cards
    placed = list(cards)
    for place in _places(joker_places):
        placed[place] = JOKER
    return tuple(placed)


def option_kind(option: Option) -> MeldKind:
    """The kind of the meld of `option` (``build(option).kind``)."""
    return MeldKind.RUN if option[4] else MeldKind.SET
