"""Doctest collection: adapters of a missing extra are left out.

The web table (``romme.web``) and the ``romme.rl`` modules import their extra
(starlette; numpy, pettingzoo, gymnasium, pyspiel) at the top; without it,
collecting their doctests would fail to import them. This holds for the
source tree and for an installed package (``pytest --pyargs romme``). Under
``ROMME_REQUIRE_EXTRAS=1`` (as ``.ci/run`` sets) nothing is left out, so a
missing extra fails there.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

_NEEDS = {
    ("web",): ("starlette",),
    ("rl", "spaces.py"): ("numpy",),
    ("rl", "observation.py"): ("numpy",),
    ("rl", "pettingzoo.py"): ("numpy", "pettingzoo", "gymnasium"),
    ("rl", "gym.py"): ("numpy", "gymnasium"),
    ("rl", "openspiel.py"): ("numpy", "pyspiel"),
}


def _missing(modules: tuple[str, ...]) -> bool:
    return any(importlib.util.find_spec(module) is None for module in modules)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    """Leave out a module of romme whose extra is missing (never under ROMME_REQUIRE_EXTRAS=1)."""
    if os.environ.get("ROMME_REQUIRE_EXTRAS") == "1":
        return None
    parts = collection_path.parts
    if "romme" not in parts or "tests" in parts:
        return None
    inside = parts[len(parts) - 1 - parts[::-1].index("romme") + 1 :]
    for key, modules in _NEEDS.items():
        if tuple(inside[: len(key)]) == key and _missing(modules):
            return True
    return None
