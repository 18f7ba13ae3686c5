"""`import romme` stays cheap: no metadata lookup, no test or optional library, no schema built."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import romme

PROBE = """
import json, sys
import romme
print(json.dumps(sorted(sys.modules)))
"""

NOT_AT_IMPORT = (
    "importlib.metadata",
    "hypothesis",
    "jsonschema",
    "romme.testing",
    "romme.cli",
    "readline",
    "rich",
    "starlette",
    "fastapi",
    "uvicorn",
)
"""Modules a plain ``import romme`` must not load: the metadata reader, the test tools, the extras."""


def _modules_after_import() -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=True, timeout=60
    )
    return set(json.loads(done.stdout))


def test_import_romme_loads_no_metadata_reader_test_tool_or_extra() -> None:
    """A fresh `import romme` loads neither importlib.metadata nor hypothesis, jsonschema or any extra."""
    loaded = _modules_after_import()
    assert "romme" in loaded
    assert [] == [name for name in NOT_AT_IMPORT if name in loaded]


def test_the_version_is_read_on_first_use_from_the_package_metadata() -> None:
    """romme.__version__ is the installed distribution's version (pyproject.toml), read lazily."""
    from importlib.metadata import version

    assert version("romme-rules") == romme.__version__


def test_an_unknown_attribute_of_the_package_is_an_attribute_error() -> None:
    """The lazy version lookup leaves every other missing name an AttributeError."""
    with pytest.raises(AttributeError, match="no_such_name"):
        romme.no_such_name  # noqa: B018
