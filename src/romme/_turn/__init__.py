"""The turn core (private): the one checker and the legal-move generator, built from the same rule stages.

Everything outside this package uses only the names below (an import
boundary test keeps it so); the modules inside are free to change.

- `resolve` checks one action for the player to act (or a named seat)
  and returns its `Effect`, or the `Failure` that refuses it;
- `legal_actions` lists every action `resolve` accepts, each once;
- `discards` lists only the legal discards (the draw-and-discard floor of
  the benchmarks);
- `seats_to_act` names the seats that may act at this decision point;
- `only_discard_left` says whether a failed take leaves the player to act
  nothing but a discard (DRoV Streitfall 1, 3), for the near misses of
  `romme.testing`, which must name that refusal;
- `hand_with` adds cards to a hand in card order, the order every hand
  is kept in;
- `rob_parts` says what taking a card from a table meld leaves of it and
  what comes along into the hand (Räuber-Rommé, rules §13);
- `stuck_problem` refuses a position handed in from outside whose player
  to act has no legal action (the constructors check structure only);
- `hand_key`, `keep_hand_key` and `kept_hand_key` read and hand on the
  coded hand a `GameState` keeps for the seat that acts in it (a packed
  multiset, `romme.melds._search.pack_cards`), so that `apply` keeps it up to date
  through a turn instead of every check packing it anew.

The stages (rules §4–§9): `position` holds the vocabulary (the position as
the checker reads it, an action's effect, a refusal) and the predicates
shared by the stages; `checker` decides each kind of action; `opening`
answers whether an opening or a Hand-Rommé can still be completed this
turn; `generator` builds the moves and lists those the checker's stages
accept, without going through the checker's dispatch.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme._position_checks import Position
from romme._turn.checker import discardable, position_for, resolve
from romme._turn.generator import DISCARDS, has_legal_move, legal_moves
from romme._turn.position import (
    ClaimEffect,
    Effect,
    Failure,
    Next,
    add,
    any_fresh,
    failed_take_discards,
    hand_key,
    keep_hand_key,
    kept_hand_key,
    seats_to_act,
    table_meld,
)
from romme._turn.rearranging import rob_parts
from romme.actions import Action, Discard
from romme.views import PlayerView, acting_view

if TYPE_CHECKING:
    from romme._game_state import GameState
    from romme._position_checks import Problem
    from romme._state_values import TableMeld

__all__ = [
    "ClaimEffect",
    "Effect",
    "Failure",
    "Next",
    "Position",
    "discards",
    "end_of_turn_table",
    "hand_key",
    "hand_with",
    "has_legal_action",
    "keep_hand_key",
    "kept_hand_key",
    "legal_actions",
    "only_discard_left",
    "resolve",
    "rob_parts",
    "seats_to_act",
    "stuck_problem",
]

hand_with = add


def legal_actions(position: GameState | PlayerView) -> tuple[Action, ...]:
    """Return every action `resolve` accepts for the player to act, each once (``()`` when none may act)."""
    pos = position_for(position, None)
    if isinstance(pos, Failure):
        return ()
    return legal_moves(pos)


def has_legal_action(position: GameState | PlayerView) -> bool:
    """Whether `legal_actions` is not empty, found at the cost of the first move listed."""
    pos = position_for(position, None)
    return not isinstance(pos, Failure) and has_legal_move(pos)


def stuck_problem(position: GameState | PlayerView) -> Problem | None:
    """What refuses `position` as outside data: the player to act has no legal action (a dead table).

    The constructors of `GameState` and `PlayerView` check structure
    only; `new_position`, the documents of states and views, and
    `romme.determinize` ask this too, of the positions a caller hands in.
    A view is judged where it shows the hand to act whole
    (`romme.views.acting_view`); a finished round has nobody to act.
    """
    if isinstance(position, PlayerView):
        acting = acting_view(position)
        if acting is None:
            return None
        position = acting
    elif position.result is not None:
        return None
    if has_legal_action(position):
        return None
    return "", "the player to act has no legal action"


def discards(position: GameState | PlayerView) -> tuple[Discard, ...]:
    """Return the legal discards of the player to act, in card order."""
    pos = position_for(position, None)
    if isinstance(pos, Failure):
        return ()
    return tuple(DISCARDS[card.code] for card in discardable(pos))


def only_discard_left(position: GameState | PlayerView) -> bool:
    """Whether a failed take leaves the player to act only a discard (``failed_take=discard``, DRoV Streitfall 1, 3).

    Every other action of the turn is then refused with
    ``Reason.TURN_ENDS_WITH_DISCARD`` before its cards are looked at.
    """
    pos = position_for(position, None)
    return not isinstance(pos, Failure) and failed_take_discards(pos)


def end_of_turn_table(table: tuple[TableMeld, ...]) -> tuple[TableMeld, ...]:
    """Return `table` as it lies once a turn is over: no joker counts as laid this turn any more."""
    if not any_fresh(table):
        return table
    return tuple(
        table_meld(entry.meld, entry.owner, entry.staged, frozenset(), entry.announced)
        if entry.fresh
        else entry
        for entry in table
    )
