"""The turn core's import boundary: outside `romme._turn`, modules use only the names its `__init__` lists.

The maintainers' page says where each rule lives: inside the core, whose
modules may change freely. This test fails when a module of the library
outside the core imports one of the core's modules or a name the core does
not list, so that its shape is kept by the code and not by care alone.
"""

from __future__ import annotations

import ast
from pathlib import Path

import romme
from romme import _turn

SOURCE = Path(romme.__file__).parent
CORE = SOURCE / "_turn"


def _outside_modules() -> list[Path]:
    return sorted(path for path in SOURCE.rglob("*.py") if CORE not in path.parents)


def _breaches(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    allowed = set(_turn.__all__)
    found = []
    core_aliases = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            if node.module.startswith("romme._turn."):
                found.append(f"line {node.lineno}: imports the core module {node.module}")
            elif node.module == "romme._turn":
                found += [
                    f"line {node.lineno}: imports {alias.name}, which romme._turn does not list"
                    for alias in node.names
                    if alias.name not in allowed
                ]
            elif node.module == "romme":
                core_aliases |= {
                    alias.asname or alias.name for alias in node.names if alias.name == "_turn"
                }
        elif isinstance(node, ast.Import):
            found += [
                f"line {node.lineno}: imports the core module {alias.name}"
                for alias in node.names
                if alias.name.startswith("romme._turn.")
            ]
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and isinstance(node.value, ast.Name)
            and node.value.id in core_aliases
            and node.attr not in allowed
        ):
            found.append(
                f"line {node.lineno}: uses _turn.{node.attr}, which romme._turn does not list"
            )
    return found


def test_no_module_outside_the_core_reaches_into_it() -> None:
    """Maintainers' page, the turn core: modules outside romme._turn import only the names its __init__ lists."""
    breaches = {
        str(path.relative_to(SOURCE)): problems
        for path in _outside_modules()
        if (problems := _breaches(path))
    }
    assert {} == breaches


def test_the_boundary_check_finds_a_breach(tmp_path: Path) -> None:
    """The boundary check itself: an import of a core module or of an unlisted name is reported."""
    module = tmp_path / "probe.py"
    module.write_text(
        "from romme._turn.checker import _resolve\n"
        "from romme._turn import _DISCARDS, resolve\n"
        "from romme import _turn\n"
        "_turn.legal_moves\n",
        encoding="utf-8",
    )
    assert [
        "line 1: imports the core module romme._turn.checker",
        "line 2: imports _DISCARDS, which romme._turn does not list",
        "line 4: uses _turn.legal_moves, which romme._turn does not list",
    ] == _breaches(module)


def test_the_core_lists_what_it_offers() -> None:
    """The core's interface is its __all__, and every name listed exists."""
    assert all(hasattr(_turn, name) for name in _turn.__all__)
    assert {"resolve", "legal_actions", "seats_to_act", "Effect", "Failure", "Next"} <= set(
        _turn.__all__
    )
