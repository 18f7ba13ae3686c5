"""The RL example trains and prints its margin, and the RL bench reports every figure (smoke runs)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import require_extra

ROOT = Path(__file__).parent.parent.parent


def test_training_example_smoke_run() -> None:
    """A tiny run of examples/rl/train_reinforce.py prints the margin over RandomBot with its interval."""
    require_extra("numpy", "rl")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "examples/rl/train_reinforce.py"),
            "--episodes",
            "3",
            "--rounds",
            "3",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert re.search(r"margin [+-]\d+\.\d ± \d+\.\d penalty points", done.stdout)


def test_rllib_example_imports_without_ray() -> None:
    """The RLlib example's module loads, and says what to install, where Ray is missing."""
    require_extra("pettingzoo", "rl")
    done = subprocess.run(
        [sys.executable, str(ROOT / "examples/rl/rllib_pettingzoo.py"), "--check"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "romme_v0" in done.stdout


def test_rl_bench_reports_every_figure() -> None:
    """bench/rl.py --json reports the env's (three ways of drawing), the bare loop's, the floor's and gin_rummy_v4's rates and the ratios."""
    require_extra("pettingzoo", "rl")
    require_extra("rlcard", "bench")
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench/rl.py"),
            "--seconds",
            "0.3",
            "--repetitions",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    figures = json.loads(done.stdout)
    for name in (
        "romme_env_steps_per_s",
        "romme_env_legal_moves_steps_per_s",
        "romme_env_bool_mask_steps_per_s",
        "bare_steps_per_s",
        "gin_rummy_v4_steps_per_s",
    ):
        assert figures[name] > 0
    assert figures["romme_env_over_gin_rummy_v4"] > 0
    assert figures["env_overhead_over_bare"] > -1
    assert figures["pettingzoo_floor_steps_per_s"] > 0
    assert figures["pettingzoo_floor_share_of_bare"] > 0
