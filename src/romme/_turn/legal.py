"""Legality (Regelprüfung): `check`, `is_legal`, and the legal-move generator.

All three rest on the checker and the generator: `check` raises from the
checker, `is_legal` tests it, and `legal_actions` lists exactly the
actions it accepts. The questions the rest of the library asks of a
position are here too: whether its player to act has a legal action
(`stuck_problem`, asked of positions handed in from outside), the legal
discards, and the table as a turn leaves it.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme._turn.checker import discardable, position_for, resolve
from romme._turn.generator import DISCARDS, has_legal_move, legal_moves
from romme._turn.guards import failed_take_discards
from romme._turn.position import Failure
from romme._turn.tables import any_fresh, table_meld
from romme.errors import IllegalActionError
from romme.game import Action, Discard, PlayerView, acting_view

if TYPE_CHECKING:
    from romme.game import GameState, Problem, TableMeld

__all__ = [
    "check",
    "discards",
    "end_of_turn_table",
    "has_legal_action",
    "is_legal",
    "legal_actions",
    "only_discard_left",
    "stuck_problem",
]


def check(position: GameState | PlayerView, action: Action, *, player: int | None = None) -> None:
    """Raise if `action` is not legal for the player to act (or for `player`).

    Args:
        position: The game state, or the view of the player to act.
        action: The action to check.
        player: The seat trying the action; the player to act by default.

    Raises:
        IllegalActionError: With the `Reason` of the first rule the action
            breaks (for example ``Reason.NOT_YOUR_TURN``,
            ``Reason.OPENING_BELOW_THRESHOLD``, ``Reason.JOKER_DISCARD``).
    """
    result = resolve(position, action, player)
    if isinstance(result, Failure):
        viewer = getattr(position, "player", None)
        seat = (
            player
            if player is not None
            else viewer
            if viewer is not None
            else position.current_player
        )
        raise IllegalActionError(
            f"{action}: {result.message}", reason=result.reason, action=action, player=seat
        )


def is_legal(
    position: GameState | PlayerView, action: Action, *, player: int | None = None
) -> bool:
    """Return whether `action` is legal for the player to act (or for `player`)."""
    return not isinstance(resolve(position, action, player), Failure)


def legal_actions(position: GameState | PlayerView) -> tuple[Action, ...]:
    """Return every legal move of the player to act, each once.

    Each move is listed in one spelling: lay-downs with their cards in
    table order and their kind, lay-offs onto runs with their side. Other
    spellings of the same move (a run given out of order, a lay-off
    without a side) are legal too, and `is_legal` accepts them.

    Accepts the full state or the `PlayerView` of the player to act (for
    another seat's view the result is empty).

    >>> from romme import find_rules, new_game
    >>> state = new_game(find_rules("classic"), 3, seed=1)
    >>> [str(a) for a in legal_actions(state)][:2]
    ['discard 9♣', 'discard 10♣']

    Raises:
        TypeError: If `position` is no `GameState` or `PlayerView`.
    """
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
    (`romme.game._views.acting_view`); a finished round has nobody to act.
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
