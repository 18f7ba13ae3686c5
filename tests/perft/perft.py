"""A change detector: the number of legal actions at each step of seeded games.

Each step follows the move at a drawn place in the list of
`romme.legal_actions`, so listing the moves in another order changes every
later count without any rule changing: these counts say that something
changed, not that checker and generator agree. The order-independent node
counts of ``tests/perft/tree.py`` and the agreement tests of
``tests/perft/test_agreement.py`` are that proof (docs/maintainers.md
guarantee 3).

Run ``python -m tests.perft.perft`` from the project root to regenerate
``counts.json`` after an intended change to legality; review the diff.
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

import romme
from romme import apply, find_rules, legal_actions, new_game

COUNTS = Path(__file__).with_name("counts.json")
PRESETS = tuple(romme.PRESETS)  # every preset: a new one needs its counts here
SEEDS = (1, 2)
STEPS = 120
PLAYERS = 4


def count_game(preset: str, seed: int) -> list[int]:
    """Return the legal-action count at each step of the seeded game (at most STEPS steps)."""
    state = new_game(find_rules(preset), PLAYERS, seed=seed, dealer=seed % PLAYERS)
    chooser = random.Random(seed)
    counts = []
    for _ in range(STEPS):
        if state.is_over:
            break
        actions = legal_actions(state)
        counts.append(len(actions))
        state = apply(state, chooser.choice(actions))
    return counts


def compute() -> dict[str, dict[str, list[int]]]:
    """Return the counts of every preset and seed."""
    return {preset: {str(seed): count_game(preset, seed) for seed in SEEDS} for preset in PRESETS}


def main() -> None:
    COUNTS.write_text(json.dumps(compute(), indent=1) + "\n", encoding="utf-8")
    sys.stdout.write(f"wrote {COUNTS}\n")


if __name__ == "__main__":
    main()
