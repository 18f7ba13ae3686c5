"""A change detector: the legal-action counts along seeded games are as recorded.

Any change to legality shows up as a diff here, but so does listing the
moves in another order (each step follows the move at a drawn place in the
list); the order-independent proof of docs/maintainers.md guarantee 3 is
``test_tree.py`` with ``test_agreement.py``.
"""

from __future__ import annotations

import json

import pytest

from tests.perft.perft import COUNTS, PRESETS, SEEDS, count_game

GOLDEN: dict[str, dict[str, list[int]]] = json.loads(COUNTS.read_text(encoding="utf-8"))


@pytest.mark.parametrize("preset", PRESETS)
@pytest.mark.parametrize("seed", SEEDS)
def test_legal_action_counts_match_golden(preset: str, seed: int) -> None:
    """The number of legal actions at every step of a seeded game is unchanged (a change detector only)."""
    assert GOLDEN[preset][str(seed)] == count_game(preset, seed)
