"""The values of a position (private): the phase, a table meld, the bookkeeping of a turn.

Re-exported by `romme.state`, whose names they are.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable
from typing import Final

import attrs

from romme import _guard
from romme.cards import Card
from romme.melds import Meld
from romme.rules import (
    MAX_SEATS,
)

MAX_SEED: Final = 2**128
"""Seeds drawn by `new_game` lie below this bound: 128 bits from the operating system."""
MAX_TURNS: Final = 1_000_000
"""The highest turn number a position may carry (no round comes near it)."""


@enum.unique
class Phase(str, enum.Enum):
    """Where the player to act is in their turn."""

    DRAW = "draw"
    """The turn starts: draw from the stock or take the discard."""
    PLAY = "play"
    """Lay down, lay off, swap jokers, take back, and finally discard."""
    ROUND_OVER = "round_over"
    """The round has ended; nobody acts."""
    CLAIM = "claim"
    """A claim window on the top discard (``knocking``, ``buying``): the seat asked answers out of turn."""


def _fresh(value: Iterable[int]) -> frozenset[int]:
    return frozenset(
        _guard.integer(p, "a fresh joker's position", 0, 12)
        for p in _guard.bounded(value, 13, "fresh")
    )


def _card_or_none(value: Card | None) -> Card | None:
    return None if value is None else _guard.instance(value, Card, "the taken card")


@attrs.frozen
class TableMeld:
    """A meld on the table with its owner.

    ``staged`` melds were laid this turn by a player who has not reached
    the opening yet; a `TakeBack` returns them (rules §5). ``fresh``
    holds the positions of jokers laid this turn, which may not be swapped
    this turn when ``swap_own_new_joker`` is off (DRoV Streitfall 20).

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For an owner that is no seat, or a fresh position that holds no joker.
    """

    meld: Meld = attrs.field(validator=_guard.is_instance(Meld, "meld"))
    """The meld."""
    owner: int = attrs.field(validator=_guard.is_integer("owner", 0, MAX_SEATS - 1))
    """The seat that laid the meld."""
    staged: bool = attrs.field(default=False, validator=_guard.is_boolean("staged"))
    """Whether the meld is part of an opening not yet complete."""
    fresh: frozenset[int] = attrs.field(default=frozenset(), converter=_fresh)
    """Positions (in ``meld.cards``) of jokers laid this turn."""

    def __attrs_post_init__(self) -> None:
        cards = self.meld.cards
        if any(p >= len(cards) or not cards[p].is_joker for p in self.fresh):
            raise ValueError(f"fresh names a position of {self.meld} that holds no joker")


def _seats(value: Iterable[int], what: str) -> tuple[int, ...]:
    seats = _guard.bounded(value, MAX_SEATS, what)
    for seat in seats:
        _guard.integer(seat, f"each seat of {what}", 0, MAX_SEATS - 1)
    if len(set(seats)) != len(seats):
        raise ValueError(f"{what} names a seat twice")
    return seats


def _passed(value: Iterable[int]) -> tuple[int, ...]:
    return _seats(value, "passed")


def _consented(value: Iterable[int]) -> tuple[int, ...]:
    return _seats(value, "consented")


@attrs.frozen(kw_only=True)
class ClaimWindow:
    """A claim window on the top discard, open while the seats are asked one at a time (rules §13).

    The next player declined the card by drawing from the stock; the other
    seats are asked in turn order whether they knock (``knocking``) or buy
    (``buying``) it. Under ``buying`` a seat that buys needs the consent of
    every seat whose turn comes before its own, asked in that order. The
    seat asked now is the state's ``current_player``.

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For a seat out of range or named twice, or a consent without a buyer.
    """

    turn_of: int = attrs.field(validator=_guard.is_integer("turn_of", 0, MAX_SEATS - 1))
    """The seat whose turn it is (it drew, declining the card) and who plays on when the window closes."""
    passed: tuple[int, ...] = attrs.field(default=(), converter=_passed)
    """The seats that declined to claim the card, in the order asked."""
    buyer: int | None = attrs.field(
        default=None, validator=_guard.is_integer("buyer", 0, MAX_SEATS - 1, optional=True)
    )
    """Under ``buying``: the seat that asked to buy the card, waiting for consent."""
    consented: tuple[int, ...] = attrs.field(default=(), converter=_consented)
    """Under ``buying``: the seats that consented to the purchase, in the order asked."""

    def __attrs_post_init__(self) -> None:
        if self.consented and self.buyer is None:
            raise ValueError("consent to a purchase nobody made")
        if self.turn_of in self.passed or self.buyer in (self.turn_of, *self.passed):
            raise ValueError("the seat whose turn it is, or one that passed, claims nothing")


def _claim_or_none(value: ClaimWindow | None) -> ClaimWindow | None:
    return None if value is None else _guard.instance(value, ClaimWindow, "the claim window")


@attrs.frozen(kw_only=True)
class TurnState:
    """What the rules remember within one turn.

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For a negative turn number, or a taken card marked but not named.
    """

    number: int = attrs.field(default=0, validator=_guard.is_integer("number", 0, MAX_TURNS))
    """Turns played before this one in the round."""
    opened_before: bool = attrs.field(default=False, validator=_guard.is_boolean("opened_before"))
    """Whether the player had opened before this turn (for Hand-Rommé, rules §8)."""
    taken: Card | None = attrs.field(default=None, converter=_card_or_none)
    """The card taken from the discard pile this turn, if any."""
    taken_in_hand: bool = attrs.field(default=False, validator=_guard.is_boolean("taken_in_hand"))
    """Under ``free``: whether the taken card is still in the hand (``rediscard_taken``)."""
    taken_staged: bool = attrs.field(default=False, validator=_guard.is_boolean("taken_staged"))
    """Under ``immediate_use``: whether the taken card lies in a staged meld (a take-back returns it)."""
    laid_off: bool = attrs.field(default=False, validator=_guard.is_boolean("laid_off"))
    """Whether the player laid off or swapped a joker this turn (DRoV Nr. 10, Hand-Rommé mit Anlegen)."""
    claim: ClaimWindow | None = attrs.field(default=None, converter=_claim_or_none)
    """The claim window open on the top discard (phase ``claim``), if any (rules §13)."""

    def __attrs_post_init__(self) -> None:
        if (self.taken_in_hand or self.taken_staged) and self.taken is None:
            raise ValueError("a taken card is marked but none is named")
        if self.taken_in_hand and self.taken_staged:
            raise ValueError("the taken card is either in the hand or in a staged meld, not both")
