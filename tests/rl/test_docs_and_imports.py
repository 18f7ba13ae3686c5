"""The RL page's size table follows the code, and `import romme` (and `romme.rl`) load no extra."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from romme import PRESETS
from tests.conftest import require_extra

PAGE = Path(__file__).parent.parent.parent / "docs" / "rl.md"


def _table() -> dict[str, list[int]]:
    rows = {}
    for line in PAGE.read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"\| `([a-z-]+)` \|((?: \d+ \|)+)", line)
        if match:
            rows[match.group(1)] = [int(cell) for cell in match.group(2).split("|") if cell.strip()]
    return rows


def test_size_table_matches_the_code() -> None:
    """docs/rl.md lists, per preset, the action-space sizes and observation lengths the code has."""
    require_extra("numpy", "rl")
    from romme.rl.observation import Observation
    from romme.rl.spaces import ActionSpace

    table = _table()
    assert set(table) == set(PRESETS)
    for name, rules in PRESETS.items():
        space = ActionSpace(rules)
        sizes = {entry.name: entry.size for entry in space.ranges}
        assert table[name] == [
            space.size,
            sizes["lay_down"],
            sizes["lay_off"],
            sizes["swap"],
            Observation(rules, 2).size,
            Observation(rules, 4).size,
        ], name


def test_import_romme_loads_no_extra() -> None:
    """import romme and import romme.rl load neither numpy nor any environment library."""
    code = (
        "import sys, romme, romme.rl; "
        "heavy = {'numpy', 'pettingzoo', 'gymnasium', 'pyspiel', 'open_spiel'} & set(sys.modules); "
        "print(sorted(heavy))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.strip() == "[]"
