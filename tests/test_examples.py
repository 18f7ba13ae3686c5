"""Every script in examples/ runs to the end (issue: examples run in CI)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

EXAMPLES = sorted((Path(__file__).parent.parent / "examples").glob("*.py"))


def test_there_are_examples() -> None:
    """The examples folder holds the five documented scripts."""
    assert {
        "bots_round.py",
        "frontend_loop.py",
        "house_variant.py",
        "save_and_replay.py",
        "validate_melds.py",
    } <= {path.name for path in EXAMPLES}


@pytest.mark.parametrize("script", EXAMPLES, ids=lambda path: path.name)
def test_example_runs(script: Path) -> None:
    """The example exits with status 0 and prints something."""
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=120, check=False
    )
    assert 0 == done.returncode, done.stderr
    assert done.stdout.strip()
