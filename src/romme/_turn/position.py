"""The checker's vocabulary (private): a position as the checker reads it, an action's effect, a refusal.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from typing import TYPE_CHECKING, Any, Final, NamedTuple

import attrs

from romme._coded import Coded
from romme.cards import Card
from romme.errors import Reason
from romme.game import GameState, Phase, Position, TableMeld, TurnState
from romme.melds import (
    pack_cards,
)
from romme.rules import Rules

if TYPE_CHECKING:
    pass


class Next(enum.Enum):
    """What follows an action."""

    PLAY = "play"
    END_TURN = "end_turn"
    REDRAW = "redraw"
    WENT_OUT = "went_out"
    JOKERS_ONLY = "jokers_only"
    CLAIM = "claim"
    """A claim window opens or goes on: `ClaimEffect.ask` is the seat asked next (rules §13)."""
    RESUME = "resume"
    """The claim window closes: `ClaimEffect.ask` (whose turn it is) plays on; `ClaimEffect.gives` gets the card, if anyone."""


class Effect:
    """What an action does to the position of the player to act (internal).

    ``key`` is ``hand`` as a packed multiset (`romme.melds.pack_cards`);
    ``draw`` says the top stock card joins the hand too, ``hand_romme``
    that the player goes out with a Hand-Rommé.

    A plain class with slots, not an attrs one: one is built for every
    action applied, and plain attribute stores cost less than the frozen
    class's guarded ones. Nothing changes an effect once built.
    """

    __slots__ = (
        "discard_pile",
        "draw",
        "hand",
        "hand_romme",
        "key",
        "next",
        "opened",
        "table",
        "turn",
    )

    def __init__(
        self,
        *,
        hand: tuple[Card, ...],
        key: int,
        table: tuple[TableMeld, ...],
        discard_pile: tuple[Card, ...],
        opened: bool,
        turn: TurnState,
        next: Next,
        draw: bool = False,
        hand_romme: bool = False,
    ) -> None:
        self.hand = hand
        self.key = key
        self.table = table
        self.discard_pile = discard_pile
        self.opened = opened
        self.turn = turn
        self.next = next
        self.draw = draw
        self.hand_romme = hand_romme


class ClaimEffect(Effect):
    """The effect of a draw that opens a claim window, or of an answer in one (rules §13, internal).

    A subclass, so that the effects of the other actions, which the
    generator builds many of, carry no fields they never use. ``ask`` is,
    under `Next.CLAIM`, the seat asked next, under `Next.RESUME` the seat
    that plays on; ``gives``, under `Next.RESUME`, the seat that gets the
    top discard and the top stock card (a knock or purchase).
    """

    __slots__ = ("ask", "gives")

    def __init__(self, effect: Effect, *, ask: int, gives: int | None = None) -> None:
        """`effect`'s fields, with `ask` and `gives`."""
        for name in Effect.__slots__:
            setattr(self, name, getattr(effect, name))
        self.ask = ask
        self.gives = gives


@attrs.frozen
class Failure:
    """Why an action is refused (internal)."""

    reason: Reason
    message: str


class Pos(NamedTuple):
    """The position of the player to act, as the checker reads it (a cheap tuple)."""

    rules: Rules
    player: int
    phase: Phase
    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    opened: tuple[bool, ...]
    turn: TurnState
    stock_size: int
    key: int
    """`hand` as a packed multiset (`romme.melds.pack_cards`), for the meld searches."""
    dealt_in: tuple[bool, ...] = ()
    """Whether each seat was dealt in, for the claim windows (rules §13)."""

    def with_hand(self, hand: tuple[Card, ...], **changes: Any) -> Pos:
        """This position with `hand` (and its packed `key`) and the other `changes`."""
        return self._replace(hand=hand, key=pack_cards(hand), **changes)


def seats_to_act(position: Position) -> tuple[int, ...]:
    """Return the seats that may act at this decision point: the player to act, none once the round is over.

    The one place that says who may act: rules that let a seat act out of
    turn (a claim on a discard) name more seats here, and the checker, the
    generator and `apply` follow. A claim window (``knocking``, ``buying``,
    rules §13) asks its seats one at a time in their fixed order of
    priority, so that it names one seat too: the seat asked now, which the
    state holds as its ``current_player``.
    """
    if position.phase is Phase.ROUND_OVER:
        return ()
    return (position.current_player,)


_get_coded: Final = Coded._coded.__get__  # type: ignore[attr-defined]
_set_coded: Final = Coded._coded.__set__  # type: ignore[attr-defined]


def hand_key(state: GameState, seat: int) -> int:
    """The hand of `seat` in `state` as a packed multiset (`romme.melds.pack_cards`).

    A state keeps the packed hand of the seat that acts in it, once known:
    `apply` hands it on while that seat goes on acting, and a check of the
    state fills it otherwise. Other seats' hands are packed when asked.
    """
    if seat != state.current_player:
        return pack_cards(state.hands[seat])
    try:
        return _get_coded(state)  # type: ignore[no-any-return]
    except AttributeError:
        key = pack_cards(state.hands[seat])
        _set_coded(state, key)
        return key


def kept_hand_key(state: GameState) -> int | None:
    """The packed hand of the seat to act that `state` keeps, if any (for tests: it fills nothing)."""
    try:
        kept: int = _get_coded(state)
    except AttributeError:
        return None
    return kept


def keep_hand_key(state: GameState, key: int) -> GameState:
    """Return `state` keeping `key`, the hand of its seat to act as a packed multiset (`apply` hands it on)."""
    _set_coded(state, key)
    return state


def read_position(position: Position, seat: int) -> Pos:
    """The position as the checker reads it for `seat`, one of `seats_to_act` (a view: its own seat)."""
    if type(position) is GameState:
        hand = position.hands[seat]
        key = hand_key(position, seat)
    else:
        hand = position.hand
        key = pack_cards(hand)
    # Straight from the tuple of its fields, without the named tuple's own `__new__`
    # (a Python function): this runs for every check.
    return _new_pos(
        Pos,
        (
            position.rules,
            seat,
            position.phase,
            hand,
            position.table,
            position.discard_pile,
            position.opened,
            position.turn,
            position.stock_size,
            key,
            position.dealt_in,
        ),
    )


_new_pos: Final = tuple.__new__


# The core's table melds are made of fields it checked: built unchecked (`GameState._of`); its
# turns likewise, through the changes `TurnState` offers the core (`TurnState._with_claim`, ...).


def hand_kept(
    pos: Pos,
    turn: TurnState,
    nxt: Next,
    *,
    draw: bool = False,
    ask: int | None = None,
    gives: int | None = None,
) -> Effect:
    """The effect of an action that leaves the hand, the table and the discard pile as they are.

    A draw, or with `ask` a draw that opens a claim window or an answer in
    one (a `ClaimEffect`, rules §13).
    """
    effect = Effect(
        hand=pos.hand,
        key=pos.key,
        table=pos.table,
        discard_pile=pos.discard_pile,
        opened=pos.opened[pos.player],
        turn=turn,
        next=nxt,
        draw=draw,
    )
    if ask is None:
        return effect
    return ClaimEffect(effect, ask=ask, gives=gives)
