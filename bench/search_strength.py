"""Measure SearchBot against three GreedyBots in the arena, and its time per decision.

Run: ``python bench/search_strength.py [ROUNDS] [WORKERS] [PRESET ...]`` (default
400 duplicate rounds, 1 worker, classic and drov). Prints the arena's table
for each preset, then the search bot's mean and largest time per decision
over a few rounds of its own.
"""

from __future__ import annotations

import sys
import time

from romme import Bot, GreedyBot, SearchBot, apply, find_rules, new_game, view
from romme.arena import run_arena


def decision_times(preset: str, rounds: int = 8) -> tuple[float, float, int]:
    """Mean and largest seconds per SearchBot decision, and the decisions timed."""
    rules = find_rules(preset)
    times: list[float] = []
    for index in range(rounds):
        search = SearchBot(seed=index)
        bots: list[Bot] = [search, GreedyBot(), GreedyBot(), GreedyBot()]
        state = new_game(rules, 4, seed=index, dealer=3)
        while not state.is_over:
            seat = state.current_player
            started = time.perf_counter()
            action = bots[seat].choose(view(state, seat))
            if seat == 0:
                times.append(time.perf_counter() - started)
            state = apply(state, action)
    return sum(times) / len(times), max(times), len(times)


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 400
    workers = int(sys.argv[2]) if len(sys.argv) > 2 else 1
    presets = sys.argv[3:] or ["classic", "drov"]
    bots = ["search", "greedy", "greedy", "greedy"]
    for preset in presets:
        result = run_arena(bots, preset, rounds, seed=17, workers=workers)
        print(result.table(), flush=True)
        mean, largest, count = decision_times(preset)
        print(
            f"SearchBot time per decision under {preset}: mean {1000 * mean:.1f} ms, "
            f"largest {1000 * largest:.1f} ms over {count} decisions",
            flush=True,
        )


if __name__ == "__main__":
    main()
