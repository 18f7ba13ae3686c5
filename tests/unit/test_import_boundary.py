"""The turn core's import boundary: outside `romme._turn`, modules use only the names its `__init__` lists.

The maintainers' page says where each rule lives: inside the core, whose
modules may change freely. This test fails when a module of the library
outside the core imports one of the core's modules or a name the core does
not list, so that its shape is kept by the code and not by care alone.
"""

from __future__ import annotations

import ast
import re
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
        "from romme._turn import _DISCARDS, apply\n"
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
    assert {"apply", "check", "is_legal", "legal_actions", "new_position", "stuck_problem"} <= set(
        _turn.__all__
    )


# -- imports inside functions ------------------------------------------------------------------

OPTIONAL_IMPORTS: dict[tuple[str, str], str] = {
    ("arena/_executors.py", "ray"): "the ray extra, for arenas on a cluster",
    ("cli/_main.py", "readline"): "line editing where the platform has it",
    ("cli/_play.py", "readline"): "line editing where the platform has it",
    ("cli/_main.py", "uvicorn"): "the web extra, for romme serve",
    ("cli/_main.py", "romme.web"): "the web extra (starlette), for romme serve",
    ("__init__.py", "importlib.metadata"): (
        "the version, looked up only when asked (tests/unit/test_import_cost.py)"
    ),
}
"""Imports inside functions that stay there: an optional extra, or kept out of ``import romme``."""

PENDING_IMPORTS: dict[tuple[str, str], str] = {
    ("cli/_main.py", "romme.arena"): "no cycle: the command's start-up cost",
    ("cli/_main.py", "romme"): "no cycle: the version",
}
"""Imports inside functions still to move: the command's lazy imports. Each entry goes when its
import moves to the top; a test fails on an entry no import needs any more."""


def _imports_in_functions(path: Path) -> list[tuple[str, int]]:
    """The modules that `path` imports inside a function body, with their lines."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    found = []
    for function in ast.walk(tree):
        if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            for node in ast.walk(function):
                if isinstance(node, ast.Import):
                    found += [(alias.name, node.lineno) for alias in node.names]
                elif isinstance(node, ast.ImportFrom):
                    found.append(("." * node.level + (node.module or ""), node.lineno))
    return found


def test_no_import_inside_a_function_but_optional_ones() -> None:
    """Imports sit at the top of each module, so that an import cycle cannot hide in a function.

    Only the imports of optional extras (and what ``import romme`` must not
    load) stay inside functions (docs/maintainers.md, "The shape of the
    package"); `PENDING_IMPORTS` lists those still to move.
    """
    allowed = OPTIONAL_IMPORTS.keys() | PENDING_IMPORTS.keys()
    found = {
        (str(path.relative_to(SOURCE)), module): line
        for path in sorted(SOURCE.rglob("*.py"))
        for module, line in _imports_in_functions(path)
    }
    assert {f"{where[0]}:{line} imports {where[1]}" for where, line in found.items()} - {
        f"{where[0]}:{line} imports {where[1]}" for where, line in found.items() if where in allowed
    } == set()
    # An entry that no import needs any more goes from the list.
    assert PENDING_IMPORTS.keys() - found.keys() == set()


def test_the_function_import_check_finds_one(tmp_path: Path) -> None:
    """The check itself: an import inside a function, a method or a lambda is found; one at the top is not."""
    module = tmp_path / "probe.py"
    module.write_text(
        "import json\n"
        "def f():\n"
        "    from romme import melds\n"
        "class C:\n"
        "    def g(self):\n"
        "        import romme.melds._search\n",
        encoding="utf-8",
    )
    assert [("romme", 3), ("romme.melds._search", 6)] == _imports_in_functions(module)


def _resolved(node: ast.ImportFrom, module: str, is_package: bool) -> str:
    """The absolute name of the module `node` imports from, inside `module`."""
    if not node.level:
        return node.module or ""
    base = module.split(".")
    if not is_package:
        base = base[:-1]
    base = base[: len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def _private_names_imported(source: Path) -> list[str]:
    """Each import of a name with a leading underscore from another module of the package, but modules."""
    modules = {_module_name(path, source): path for path in source.rglob("*.py")}
    found = []
    for name, path in sorted(modules.items()):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if not isinstance(node, ast.ImportFrom):
                continue
            origin = _resolved(node, name, path.name == "__init__.py")
            if origin.split(".")[0] != source.name:
                continue
            found += [
                f"{name}:{node.lineno} imports {origin}.{alias.name}"
                for alias in node.names
                if alias.name.startswith("_")
                and not alias.name.startswith("__")
                and f"{origin}.{alias.name}" not in modules
            ]
    return found


def test_no_private_name_crosses_a_module_line() -> None:
    """Issue 32, point 3 (private means private): no module imports another's underscore name.

    A private module (a leading underscore) holds plain names, which its
    package's other modules import; a name with a leading underscore is its
    own module's. Importing a private module itself is allowed within the
    package that holds it.
    """
    assert _private_names_imported(SOURCE) == []


def test_the_private_name_check_finds_one(tmp_path: Path) -> None:
    """The check itself: an absolute and a relative import of an underscore name are found, a private module is not."""
    package = tmp_path / "romme"
    (package / "_core").mkdir(parents=True)
    (package / "__init__.py").write_text("from romme import _core\n", encoding="utf-8")
    (package / "_core" / "__init__.py").write_text(
        "from ._parts import _helper, plain\n", encoding="utf-8"
    )
    (package / "_core" / "_parts.py").write_text(
        "def _helper(): ...\ndef plain(): ...\n", encoding="utf-8"
    )
    (package / "face.py").write_text(
        "from romme._core._parts import plain, _helper\nfrom romme import _core\n", encoding="utf-8"
    )
    assert _private_names_imported(package) == [
        "romme._core:1 imports romme._core._parts._helper",
        "romme.face:1 imports romme._core._parts._helper",
    ]


def _reexports(source: Path) -> list[str]:
    """Each import of a name "as" itself outside a package's `__init__`: a name offered again."""
    found = []
    for path in sorted(source.rglob("*.py")):
        if path.name == "__init__.py":
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                found += [
                    f"{path.relative_to(source)}:{node.lineno} {alias.name} as {alias.asname}"
                    for alias in node.names
                    if alias.asname is not None and alias.asname == alias.name.rpartition(".")[2]
                ]
    return found


def _listed_badly(source: Path) -> list[str]:
    """Each name a module's ``__all__`` lists that has a leading underscore (dunders apart) or that the module lacks."""
    found = []
    for path in sorted(source.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        bound = set()
        listed: list[str] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                bound.add(node.name)
            elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
                bound.add(node.id)
            elif isinstance(node, ast.alias):
                bound.add(node.asname or node.name.partition(".")[0])
        for node in tree.body:
            targets = node.targets if isinstance(node, ast.Assign) else []
            if isinstance(node, ast.AnnAssign):
                targets = [node.target]
            value = node.value if isinstance(node, ast.Assign | ast.AnnAssign) else None
            if any(isinstance(t, ast.Name) and t.id == "__all__" for t in targets) and isinstance(
                value, ast.List | ast.Tuple
            ):
                listed = [
                    elt.value
                    for elt in value.elts
                    if isinstance(elt, ast.Constant) and isinstance(elt.value, str)
                ]
        where = path.relative_to(source)
        found += [f"{where}: lists the private {name}" for name in listed if _private(name)]
        found += [f"{where}: lists {name}, which it lacks" for name in listed if name not in bound]
    return found


def _private(name: str) -> bool:
    return name.startswith("_") and not (name.startswith("__") and name.endswith("__"))


def test_no_interface_lists_a_private_name() -> None:
    """Issue 32, point 3 (private means private): no ``__all__`` lists an underscore name, or a name its module lacks."""
    assert _listed_badly(SOURCE) == []


def test_the_listing_check_finds_one(tmp_path: Path) -> None:
    """The check itself: a private name and a missing one are found; a dunder, a function and an import are not."""
    (tmp_path / "m.py").write_text(
        'from a import b\n__all__ = ["__version__", "_c", "b", "d", "f"]\n'
        "__version__ = '1'\n_c = 1\ndef f():\n    pass\n",
        encoding="utf-8",
    )
    assert ["m.py: lists the private _c", "m.py: lists d, which it lacks"] == _listed_badly(
        tmp_path
    )


def test_no_module_but_a_package_init_offers_a_name_again() -> None:
    """Issue 32, point 3: no ``import x as x`` re-export but in a package's `__init__`, which states its interface."""
    assert _reexports(SOURCE) == []


def test_the_reexport_check_finds_one(tmp_path: Path) -> None:
    """The check itself: ``from a import b as b`` and ``import a.b as b`` are found outside an `__init__` only."""
    (tmp_path / "__init__.py").write_text("from m import n as n\n", encoding="utf-8")
    (tmp_path / "m.py").write_text(
        "import a.b as b\nfrom a import c as c\nfrom a import d as e\n", encoding="utf-8"
    )
    assert _reexports(tmp_path) == ["m.py:1 a.b as b", "m.py:2 c as c"]


def _targets(source: Path) -> dict[str, set[tuple[str, int]]]:
    """Each module of the package and the package modules it imports, with the line (types-only imports too)."""
    modules = {_module_name(path, source): path for path in source.rglob("*.py")}
    found: dict[str, set[tuple[str, int]]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        targets = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets |= {(alias.name, node.lineno) for alias in node.names}
            elif isinstance(node, ast.ImportFrom):
                origin = _resolved(node, name, path.name == "__init__.py")
                targets |= {
                    (
                        f"{origin}.{alias.name}" if f"{origin}.{alias.name}" in modules else origin,
                        node.lineno,
                    )
                    for alias in node.names
                }
        found[name] = {(target, line) for target, line in targets if target in modules}
    return found


def _reached_past_an_interface(source: Path) -> list[str]:
    """Each import of a module that lies inside another package behind a private name.

    A module sees the modules of its own package, private or not, and the
    packages beside it through their interface (their `__init__`): past
    that, a private module or a private package's modules are not its to
    import (``romme.game._state`` from the turn core; ``romme._turn.engine``
    from the bots).
    """
    packages = {_module_name(path, source) for path in source.rglob("__init__.py")}
    found = []
    for name, targets in sorted(_targets(source).items()):
        home = (name if name in packages else name.rpartition(".")[0]).split(".")
        for target, line in sorted(targets):
            parts = target.split(".")
            shared = 0
            while shared < min(len(home), len(parts)) and home[shared] == parts[shared]:
                shared += 1
            rest = parts[shared:]
            if len(rest) >= 2 and any(part.startswith("_") for part in rest):
                found.append(f"{name}:{line} imports {target}")
    return found


def test_no_module_reaches_past_another_packages_interface() -> None:
    """Issue 32, point 3 (private means private): a package's private modules are its own; others use its `__init__`."""
    assert _reached_past_an_interface(SOURCE) == []


def test_the_interface_check_finds_a_reach(tmp_path: Path) -> None:
    """The check itself: a private module of another package is found, a sibling or an interface is not."""
    package = tmp_path / "romme"
    for folder in ("game", "_core"):
        (package / folder).mkdir(parents=True)
        (package / folder / "__init__.py").write_text("", encoding="utf-8")
    (package / "__init__.py").write_text("", encoding="utf-8")
    (package / "game" / "_state.py").write_text(
        "from romme.game import _values\n", encoding="utf-8"
    )
    (package / "game" / "_values.py").write_text("", encoding="utf-8")
    (package / "_core" / "engine.py").write_text(
        "from romme.game._state import x\nfrom romme.game import y\n", encoding="utf-8"
    )
    (package / "face.py").write_text(
        "import romme._core.engine\nfrom romme import _core\n", encoding="utf-8"
    )
    assert _reached_past_an_interface(package) == [
        "romme._core.engine:1 imports romme.game._state",
        "romme.face:1 imports romme._core.engine",
    ]


LAYERS: tuple[tuple[str, ...], ...] = (
    ("romme.errors", "romme.cards", "romme._guard", "romme._coded"),
    ("romme.rules",),
    ("romme.melds",),
    ("romme.game",),
    ("romme._turn",),
    ("romme.documents",),
    ("romme.play",),
    ("romme.arena", "romme._tables", "romme.cli", "romme.web", "romme.rl", "romme.testing"),
)
"""The layers of the package, lowest first (maintainers' page, the shape of the package)."""


def _layer(module: str) -> int | None:
    for level, layer in enumerate(LAYERS):
        if any(module == top or module.startswith(top + ".") for top in layer):
            return level
    return None


def _upward(source: Path) -> list[str]:
    """Each import of a module from a higher layer than the importer's (the package's `__init__` aside)."""
    root = source.name
    return [
        f"{module}:{line} imports {target}"
        for module, targets in sorted(_targets(source).items())
        if module != root
        for target, line in sorted(targets)
        if target != root and (_layer(target) or 0) > (_layer(module) or 0)
    ]


def test_no_module_imports_from_a_higher_layer() -> None:
    """Issue 32, point 1: errors and cards, rules, melds, game, the turn core, documents, play, the faces; each imports only below or beside it."""
    modules = {_module_name(path, SOURCE) for path in SOURCE.rglob("*.py")}
    assert {module for module in modules if module != "romme" and _layer(module) is None} == set()
    assert _upward(SOURCE) == []


def test_the_layer_check_finds_an_upward_import(tmp_path: Path) -> None:
    """The check itself: the game importing the turn core is found; the turn core importing the game is not."""
    package = tmp_path / "romme"
    for folder in ("game", "_turn"):
        (package / folder).mkdir(parents=True)
    (package / "__init__.py").write_text("from romme import game\n", encoding="utf-8")
    (package / "game" / "__init__.py").write_text(
        "from romme._turn import apply\n", encoding="utf-8"
    )
    (package / "_turn" / "__init__.py").write_text("from romme.game import x\n", encoding="utf-8")
    assert _upward(package) == ["romme.game:1 imports romme._turn"]


def test_the_generator_lists_moves_without_the_checkers_dispatch() -> None:
    """The generator asks the stages' own verdicts, never the dispatch `_resolve` (maintainers' page, step 3 of an action).

    Each move is listed where the stage that decides its kind of action
    accepts it, so the generator holds no path on which a candidate would
    be built only for the whole checker to throw it away.
    """
    tree = ast.parse((CORE / "generator.py").read_text(encoding="utf-8"))
    named = {node.id for node in ast.walk(tree) if isinstance(node, ast.Name)}
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
    assert "_resolve" not in named | imported
    assert {"draw_refused", "nothing_to_take_back", "take_refused"} <= imported


# -- import circles ----------------------------------------------------------------------------


def _module_name(path: Path, source: Path) -> str:
    parts = list(path.relative_to(source.parent).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imported(path: Path, modules: set[str]) -> set[str]:
    """The package's modules that `path` imports anywhere (at the top or in a function), but for the types only."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    typing_only = {
        id(inner)
        for node in ast.walk(tree)
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test)
        for statement in node.body
        for inner in ast.walk(statement)
    }
    found = set()
    for node in ast.walk(tree):
        if id(node) in typing_only:
            continue
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module is not None:
            # A module imported from its package needs the module, not the package's interface.
            found |= {
                f"{node.module}.{alias.name}"
                if f"{node.module}.{alias.name}" in modules
                else node.module
                for alias in node.names
            }
    return (found & modules) - {"romme"}  # the package's __init__ imports every public module


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The import circles of `graph`: each set of two or more modules that reach one another."""
    reach: dict[str, set[str]] = {module: set() for module in graph}
    for module in graph:
        todo = list(graph[module])
        while todo:
            other = todo.pop()
            if other not in reach[module]:
                reach[module].add(other)
                todo.extend(graph.get(other, ()))
    circles = {
        tuple(sorted({module} | {o for o in reach[module] if module in reach[o]}))
        for module in graph
        if module in reach[module]
    }
    return sorted(list(circle) for circle in circles)


def _package_graph(source: Path) -> dict[str, set[str]]:
    paths = {_module_name(path, source): path for path in source.rglob("*.py")}
    return {module: _imported(path, set(paths)) for module, path in paths.items()}


def test_no_import_circle() -> None:
    """Maintainers' page, the shape of the package (issue 32, points 2 and 3): no module imports one that imports it back.

    Every import counts, at the top or inside a function, but for those
    made for the types only. The values (state, views, the board) do not
    ask the turn core when they are built, so the state, the views, the
    position checks, the board and the core form no circle; and the two
    tables share their words in `romme._tables`, so the terminal, which
    starts the web table (``romme serve``), is not read back by it.
    """
    graph = _package_graph(SOURCE)
    assert "romme.web" in graph["romme.cli._main"]
    assert {
        "romme._turn.deal",
        "romme.game._views",
        "romme.game._board",
        "romme._turn.legal",
    } <= graph.keys()
    assert (
        "romme._turn.legal" in graph["romme._turn.deal"]
    )  # new_position asks the core, one way only
    assert _circles(graph) == []


def test_the_circle_check_finds_one(tmp_path: Path) -> None:
    """The check itself: a circle through an import inside a function is found; one made for the types only is not."""
    package = tmp_path / "romme"
    package.mkdir()
    (package / "__init__.py").write_text("from romme import a\n", encoding="utf-8")
    (package / "a.py").write_text("from romme.b import f\n", encoding="utf-8")
    (package / "b.py").write_text("def f():\n    from romme import a\n", encoding="utf-8")
    (package / "c.py").write_text("from romme import a\n", encoding="utf-8")
    (package / "d.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from romme import c\n",
        encoding="utf-8",
    )
    graph = _package_graph(package)
    assert graph["romme.b"] == {"romme.a"}
    assert graph["romme.d"] == set()
    assert _circles(graph) == [["romme.a", "romme.b"]]


def test_the_maintainers_page_lists_every_module() -> None:
    """Issue 32, point 1: the maintainers' page shows the layout, one line per module, each with the job its docstring states."""
    page = (Path(__file__).parents[2] / "docs" / "maintainers.md").read_text(encoding="utf-8")
    listed = dict(re.findall(r"^\| `([\w/]+\.py)` \| (.*) \|$", page, flags=re.MULTILINE))
    modules = {str(path.relative_to(SOURCE)): path for path in SOURCE.rglob("*.py")}
    assert sorted(listed) == sorted(modules)
    for name, path in modules.items():
        docstring = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
        assert listed[name] == docstring.partition("\n")[0].replace("|", "\\|"), name
