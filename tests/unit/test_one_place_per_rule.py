"""The maintainers' page's "Where each rule lives" table, checked as it says: with grep (issue 32, point 4).

Two rules are read from several `Rules` fields at once; the page says a
grep finds them in one place only. These tests run that grep over the
installed package's sources.
"""

from __future__ import annotations

import re
from pathlib import Path

import romme

SOURCE = Path(romme.__file__).parent


def _found(pattern: str, source: Path = SOURCE) -> set[str]:
    """The modules under `source` (paths from it) whose source matches `pattern`."""
    compiled = re.compile(pattern)
    return {
        str(path.relative_to(source))
        for path in source.rglob("*.py")
        if compiled.search(path.read_text(encoding="utf-8"))
    }


def test_whether_claims_are_played_is_stated_once() -> None:
    """Rules §13 (knocking or buying): ``Rules.claims_played`` is the one place that reads both fields."""
    assert _found(r"(rules|self)\.knocking or (rules|self)\.buying") == {"rules/_value.py"}


def test_the_opening_fields_are_read_through_rules_opening_only() -> None:
    """Rules §5: the four opening fields are read only where `Rules.opening` gathers them (and a doctest shows one)."""
    assert _found(r"\.opening_(threshold|sums_melds|requires_run|allows_jokers)\b") == {
        "rules/__init__.py",
        "rules/_value.py",
    }


def test_the_grep_finds_a_second_place(tmp_path: Path) -> None:
    """The check itself: a second module that reads both fields is found beside the first."""
    (tmp_path / "rules.py").write_text("ok = self.knocking or self.buying\n", encoding="utf-8")
    (tmp_path / "face.py").write_text("if rules.knocking or rules.buying: ...\n", encoding="utf-8")
    (tmp_path / "other.py").write_text("if rules.knocking: ...\n", encoding="utf-8")
    assert _found(r"(rules|self)\.knocking or (rules|self)\.buying", tmp_path) == {
        "rules.py",
        "face.py",
    }
