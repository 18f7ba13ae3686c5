"""What the pinned positions of each slice of the C core ask of it (docs/maintainers.md, "The accelerator").

A slice answers its own positions itself, the same as the pure core, and
hands every other one, every refusal included, to Python by returning
``NotImplemented``.
"""

from __future__ import annotations

from types import ModuleType

from romme import Action, GameState, Phase, PlayerView, Rules, dumps
from romme._turn import pure
from romme._turn.position import kept_hand_key
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position


def opened_play(rules: Rules, hand: str, *table: str, opened: bool = True) -> GameState:
    """The play phase of seat 0 of three, which has opened (or not, `opened`), with `table` (seat 1's melds)."""
    return position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        table=[(cards, 1) for cards in table],
        opened=[opened, True, False],
        phase=Phase.PLAY,
    )


def listed_in_c(cturn: ModuleType, position: GameState | PlayerView) -> tuple[Action, ...]:
    """C's moves of `position`, the pure core's in the same order."""
    moves = cturn.legal_actions(position)
    assert moves is not NotImplemented, "the slice handed its own position to Python"
    assert pure.legal_actions(position) == moves
    return moves  # type: ignore[no-any-return]


def legal_in_c(cturn: ModuleType, state: GameState, action: Action, player: int | None) -> None:
    """C's verdict on a legal move is its own: None from check, True from is_legal, as Python's."""
    assert cturn.check(state, action, player) is None
    assert cturn.is_legal(state, action, player) is True
    pure.check(state, action, player=player)
    assert pure.is_legal(state, action, player=player)


def applied_in_c(cturn: ModuleType, state: GameState, action: Action) -> GameState:
    """C's verdict, for the seat to act named or not, and its next state: the same as Python's (``==`` and its document, `romme.dumps`), keeping the same packed hand (`keep_hand_key`)."""
    for player in (None, state.current_player):
        legal_in_c(cturn, state, action, player)
    after = cturn.apply(state, action, None)
    assert after is not NotImplemented, "the slice handed its own move to Python"
    assert type(after) is GameState
    python = pure.apply(state, action)
    assert python == after
    assert dumps(after) == dumps(python)
    assert kept_hand_key(after) == kept_hand_key(python)
    return after


def checked_in_c_applied_by_python(
    cturn: ModuleType, state: GameState, action: Action
) -> GameState:
    """A legal move whose `apply` the slice leaves to Python: C checks it, Python applies it."""
    for player in (None, state.current_player):
        legal_in_c(cturn, state, action, player)
    assert cturn.apply(state, action, None) is NotImplemented
    return pure.apply(state, action)


def refused_by_python(
    cturn: ModuleType, state: GameState | PlayerView, action: Action, player: object = None
) -> None:
    """Where Python would refuse, C answers nothing: every refusal and its message are Python's."""
    assert cturn.check(state, action, player) is NotImplemented
    assert cturn.is_legal(state, action, player) is NotImplemented
    assert cturn.apply(state, action, player) is NotImplemented
