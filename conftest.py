"""Doctest collection of the source tree: adapters of a missing extra are left out.

The web table (``romme.web``) and the ``romme.rl`` modules import their extra
(starlette; numpy, pettingzoo, gymnasium, pyspiel) at the top; without it,
collecting their doctests would fail to import them. Under
``ROMME_REQUIRE_EXTRAS=1`` (as ``.ci/run`` sets) nothing is left out, so a
missing extra fails there.
"""

from __future__ import annotations

import importlib.util
import os

_NEEDS = {
    "src/romme/web/*": ("starlette",),
    "src/romme/rl/spaces.py": ("numpy",),
    "src/romme/rl/observation.py": ("numpy",),
    "src/romme/rl/pettingzoo.py": ("numpy", "pettingzoo", "gymnasium"),
    "src/romme/rl/gym.py": ("numpy", "gymnasium"),
    "src/romme/rl/openspiel.py": ("numpy", "pyspiel"),
}

collect_ignore_glob = [
    path
    for path, modules in _NEEDS.items()
    if os.environ.get("ROMME_REQUIRE_EXTRAS") != "1"
    and any(importlib.util.find_spec(module) is None for module in modules)
]
