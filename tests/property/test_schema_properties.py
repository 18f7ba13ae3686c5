"""JSON Schema against loads: a structural break of a valid document is refused by both, or by neither."""

from __future__ import annotations

import copy
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.documents import played_documents
from tests.unit.test_schema import is_valid, loads_refuses

Path = tuple[str | int, ...]

OTHER_TYPES: tuple[object, ...] = (True, 7, "x", [], {})
"""Replacement values, one per JSON type but null."""


def _json_type(value: object) -> str:
    if isinstance(value, bool):
        return "boolean"
    return type(value).__name__


def _places(value: object, path: Path = ()) -> list[Path]:
    """Every path into `value`, the document itself included."""
    found = [path]
    if isinstance(value, dict):
        for key, item in value.items():
            found.extend(_places(item, (*path, key)))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found.extend(_places(item, (*path, index)))
    return found


def _at(document: Any, path: Path) -> Any:
    for step in path:
        document = document[step]
    return document


def _is_rules_object(document: dict[str, Any], path: Path) -> bool:
    """Whether `path` is a rules object: deleting one of its fields changes the rules, not the shape."""
    return (path and path[-1] == "rules") or (not path and document["type"] == "rules")


@st.composite
def structural_breaks(draw: st.DrawFn) -> tuple[dict[str, Any], str, str]:
    """A valid document of seeded play with one structural change, its kind, and what the change was.

    The changes: a field deleted (not from a rules object, where every field
    is optional and deleting one changes the rules), an unknown field added,
    or a value other than null replaced by one of another JSON type.
    """
    original = draw(st.sampled_from(played_documents()))
    document = copy.deepcopy(original)
    path = draw(st.sampled_from(_places(document)))
    node = _at(document, path)
    options = ["replace"] if path else []
    if isinstance(node, dict):
        options.append("add")
        if node and not _is_rules_object(document, path):
            options.append("delete")
    if not options:
        options = ["add"]
        path, node = (), document
    option = draw(st.sampled_from(options))
    if option == "add":
        node[draw(st.sampled_from(["extra", "colour", "Romme"]))] = draw(
            st.sampled_from(OTHER_TYPES)
        )
        return document, original["type"], f"add a field at {path}"
    if option == "delete":
        key = draw(st.sampled_from(sorted(node)))
        del node[key]
        return document, original["type"], f"delete {(*path, key)}"
    if node is None:
        parent, key = _at(document, path[:-1]), path[-1]
        parent[key] = [None]
        return document, original["type"], f"replace null at {path} by a list"
    candidates = [v for v in OTHER_TYPES if _json_type(v) != _json_type(node)]
    replacement = copy.deepcopy(draw(st.sampled_from(candidates)))
    _at(document, path[:-1])[path[-1]] = replacement
    return document, original["type"], f"replace {path} by {replacement!r}"


@settings(max_examples=max(200, settings().max_examples))
@given(structural_breaks())
def test_a_structural_break_is_refused_by_loads_exactly_when_by_the_schema(
    broken: tuple[dict[str, Any], str, str],
) -> None:
    """For a field deleted or added, or a value of another JSON type: loads refuses exactly when the schema does."""
    document, kind, change = broken
    assert loads_refuses(document) == (not is_valid(document, kind)), change
