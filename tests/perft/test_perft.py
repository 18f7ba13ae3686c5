"""Golden legal-action counts (perft): any change to legality shows up as a diff (docs/maintainers.md guarantee 3)."""

from __future__ import annotations

import json

import pytest

from tests.perft.perft import COUNTS, PRESETS, SEEDS, count_game

GOLDEN: dict[str, dict[str, list[int]]] = json.loads(COUNTS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_action_counts_match_golden(preset: str, seed: int) -> None:
    """The number of legal actions at every step of a seeded game is unchanged."""
    assert GOLDEN[preset][str(seed)] == count_game(preset, seed)
