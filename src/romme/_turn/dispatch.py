"""The one boundary between the turn core and its optional C accelerator (private): `legal_actions`, `check`, `is_legal`, `apply`.

Each function asks `romme._cturn` first, when that extension is importable
and the environment variable ``ROMME_PURE`` is not set (both read once, at
import); the C function answers in full for the positions one of its
slices decides exactly (`check` and `is_legal` only where the action is
legal: every refusal is built here) and returns ``NotImplemented`` for
every other, and the pure Python function (`romme._turn.pure`) then
answers. Without the
accelerator the names are the pure functions themselves. `accelerated`
says which is in use.

The answers are the same either way: tests/accel/ plays random rounds under
random rules and compares the two at every decision (docs/maintainers.md,
"The accelerator").
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import os
from types import ModuleType
from typing import TYPE_CHECKING, Any, Final

from romme._turn import pure

if TYPE_CHECKING:
    from romme.game import Action, GameState, PlayerView

__all__ = ["accelerated", "apply", "check", "is_legal", "legal_actions"]

_cturn: ModuleType | None = None
if not os.environ.get("ROMME_PURE"):
    with contextlib.suppress(ImportError):  # built without a compiler: the pure package
        _cturn = importlib.import_module("romme._cturn")

accelerated: Final = _cturn is not None
"""Whether the optional C accelerator answers first: it was built, and ``ROMME_PURE`` was not set when the package was imported.

The answers are the same either way; only their speed may differ.
"""

_c_legal_actions: Any = getattr(_cturn, "legal_actions", None)
_c_check: Any = getattr(_cturn, "check", None)
_c_is_legal: Any = getattr(_cturn, "is_legal", None)
_c_apply: Any = getattr(_cturn, "apply", None)
_pure_legal_actions: Final = pure.legal_actions
_pure_check: Final = pure.check
_pure_is_legal: Final = pure.is_legal
_pure_apply: Final = pure.apply


def _legal_actions(position: GameState | PlayerView) -> tuple[Action, ...]:
    moves = _c_legal_actions(position)
    if moves is NotImplemented:
        return _pure_legal_actions(position)
    return moves  # type: ignore[no-any-return]


def _check(position: GameState | PlayerView, action: Action, *, player: int | None = None) -> None:
    if _c_check(position, action, player) is NotImplemented:
        _pure_check(position, action, player=player)


def _is_legal(
    position: GameState | PlayerView, action: Action, *, player: int | None = None
) -> bool:
    verdict = _c_is_legal(position, action, player)
    if verdict is NotImplemented:
        return _pure_is_legal(position, action, player=player)
    return verdict  # type: ignore[no-any-return]


def _apply(state: GameState, action: Action, *, player: int | None = None) -> GameState:
    after = _c_apply(state, action, player)
    if after is NotImplemented:
        return _pure_apply(state, action, player=player)
    return after  # type: ignore[no-any-return]


# The accelerated functions carry the pure functions' names, documentation and module
# (help(), the reference pages); their doctests run once, where the pure functions are.
functools.update_wrapper(_legal_actions, _pure_legal_actions)
functools.update_wrapper(_check, _pure_check)
functools.update_wrapper(_is_legal, _pure_is_legal)
functools.update_wrapper(_apply, _pure_apply)

legal_actions: Final = _legal_actions if accelerated else _pure_legal_actions
check: Final = _check if accelerated else _pure_check
is_legal: Final = _is_legal if accelerated else _pure_is_legal
apply: Final = _apply if accelerated else _pure_apply
