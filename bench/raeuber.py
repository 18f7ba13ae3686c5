"""Length of random play under Räuber-Rommé: decisions a round and table takes a turn.

Run: ``python bench/raeuber.py`` (200 rounds each of ``ass-raeuber`` and
``schmidt-raeuber``; ``--rounds``, ``--presets``, ``--seed``,
``--max-steps`` and ``--json`` to change that). Each round is dealt from
its own seed to 2, 3 or 4 seats and played by uniformly random legal
moves (`legal_actions` + `apply`) until it is over. It prints, per preset,
the median and the largest number of decisions a round, the rounds past
20,000 decisions, the longest turn (decisions between two discards) and
the most `TakeFromTable` a turn made. Under Räuber-Rommé a turn may take
table cards and lay them again; the bound on the table takes a turn
(rules §13, ``max_table_takes``) is what keeps a random walk short. A
round that reaches ``--max-steps`` is cut off there and counted.

Figures only: nothing is asserted (the property tests pin the bound).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from collections.abc import Sequence
from typing import Any

from romme import TakeFromTable, apply, find_rules, legal_actions, new_game

LONG = 20_000
"""A round of more decisions than this counts as too long (the target allows none in 200)."""


def play_round(rules_name: str, seed: int, max_steps: int) -> dict[str, int]:
    """One seeded round of uniformly random legal play: its decisions, longest turn, most takes a turn."""
    rules = find_rules(rules_name)
    players = 2 + seed % 3
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    steps = turn_steps = longest = takes = most_takes = 0
    turn = state.turn.number
    while not state.is_over and steps < max_steps:
        action = rng.choice(legal_actions(state))
        state = apply(state, action)
        steps += 1
        turn_steps += 1
        if isinstance(action, TakeFromTable):
            takes += 1
        if state.turn.number != turn:
            turn = state.turn.number
            longest, most_takes = max(longest, turn_steps), max(most_takes, takes)
            turn_steps = takes = 0
    longest, most_takes = max(longest, turn_steps), max(most_takes, takes)
    return {
        "decisions": steps,
        "longest_turn": longest,
        "most_takes": most_takes,
        "cut_off": int(not state.is_over),
    }


def measure(rules_name: str, rounds: int, first_seed: int, max_steps: int) -> dict[str, Any]:
    """The figures of `rounds` rounds of preset `rules_name`."""
    started = time.perf_counter()
    rows = [play_round(rules_name, first_seed + n, max_steps) for n in range(rounds)]
    decisions = [row["decisions"] for row in rows]
    return {
        "rounds": rounds,
        "median_decisions": statistics.median(decisions),
        "max_decisions": max(decisions),
        "rounds_over_20000": sum(d > LONG for d in decisions),
        "cut_off": sum(row["cut_off"] for row in rows),
        "longest_turn": max(row["longest_turn"] for row in rows),
        "most_takes_a_turn": max(row["most_takes"] for row in rows),
        "seconds": round(time.perf_counter() - started, 1),
    }


def main(argv: Sequence[str] | None = None) -> int:
    """Print the figures of each preset (a table, or JSON with ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=200, help="rounds per preset")
    parser.add_argument("--presets", default="ass-raeuber,schmidt-raeuber", help="comma-separated")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first round")
    parser.add_argument(
        "--max-steps", type=int, default=100_000, help="decisions after which a round is cut off"
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)
    figures = {
        name.strip(): measure(name.strip(), args.rounds, args.seed, args.max_steps)
        for name in args.presets.split(",")
        if name.strip()
    }
    if args.json:
        print(json.dumps(figures, indent=2))
        return 0
    print(
        f"{'preset':<16} {'rounds':>6} {'median':>7} {'max':>7} {'>20000':>6} {'cut':>4}"
        f" {'turn':>6} {'takes':>6} {'s':>7}"
    )
    for name, row in figures.items():
        print(
            f"{name:<16} {row['rounds']:>6} {row['median_decisions']:>7} {row['max_decisions']:>7}"
            f" {row['rounds_over_20000']:>6} {row['cut_off']:>4} {row['longest_turn']:>6}"
            f" {row['most_takes_a_turn']:>6} {row['seconds']:>7}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
