"""The generator lists exactly the legal moves at the nodes of the perft trees (docs/maintainers.md guarantee 3).

At each node checked, every move `legal_actions` lists is legal to
`is_legal`, `check` and `apply`, and candidates made without the generator
(tests/perft/agreement.py: brute force over the hand, the table and the
deck, and small changes of the listed moves) are legal exactly when they
are listed, in that spelling or another of the same move. The plain run
tries a seeded sample of the candidates at each node, the slow run all of
them.
"""

from __future__ import annotations

import random

import pytest

from romme import GameState, apply, find_rules, legal_actions
from tests.perft.agreement import assert_agreement
from tests.perft.tree import POSITIONS, PRESETS

CASES = [(preset, name) for preset in PRESETS for name in POSITIONS]


def _descent(state: GameState, rng: random.Random, depth: int) -> list[GameState]:
    """`state` and the nodes of one path down the tree, each move drawn by `rng`."""
    path = [state]
    while len(path) <= depth and not path[-1].is_over:
        path.append(apply(path[-1], rng.choice(legal_actions(path[-1]))))
    return path


@pytest.mark.parametrize(("preset", "name"), CASES)
def test_generator_and_checker_agree_at_sampled_perft_nodes(preset: str, name: str) -> None:
    """On a seeded path of the tree to depth 2, 150 candidates a node are legal exactly when listed (guarantee 3, rules §4–§13)."""
    rng = random.Random(f"{preset} {name}")
    path = _descent(POSITIONS[name](find_rules(preset)), rng, 2)
    tried = sum(assert_agreement(node, rng, sample=150) for node in path)
    assert tried > 150


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "name"), CASES)
def test_generator_and_checker_agree_on_every_candidate_at_perft_nodes(
    preset: str, name: str
) -> None:
    """On a seeded path of the tree to depth 2, every candidate is legal exactly when listed (guarantee 3, rules §4–§13)."""
    rng = random.Random(f"{name} {preset}")
    for node in _descent(POSITIONS[name](find_rules(preset)), rng, 2):
        assert_agreement(node, rng)
