"""Legality (Regelprüfung): `check`, `is_legal`, and the legal-move generator.

All three rest on the turn core (`romme._turn`): `check` raises from its
checker, `is_legal` tests it, and `legal_actions` lists exactly the
actions it accepts.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme import _turn
from romme._turn import Failure, Position, resolve
from romme.actions import Action
from romme.errors import IllegalActionError

if TYPE_CHECKING:
    from romme._game_state import GameState
    from romme.views import PlayerView

__all__ = ["Position", "check", "is_legal", "legal_actions", "resolve"]


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
    return _turn.legal_actions(position)
