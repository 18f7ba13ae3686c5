"""Measure the arena's scale-out: rounds per second on one worker and on two, and their ratio.

Run: ``python bench/arena.py [ROUNDS] [PRESET] [EXECUTOR]`` (default 200 rounds of
classic, SearchBot and three GreedyBots, every round its own deal, ``process``). It also checks that both runs give the
same result, as they must.
"""

from __future__ import annotations

import sys

from romme.arena import Executor, run_arena


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    preset = sys.argv[2] if len(sys.argv) > 2 else "classic"
    executor: Executor = "ray" if len(sys.argv) > 3 and sys.argv[3] == "ray" else "process"
    bots = ["search", "greedy", "greedy", "greedy"]
    # Every round a deal of its own: replayed deals would hit the caches of one process
    # more often than those of two, and flatter the single worker.
    one = run_arena(bots, preset, rounds, seed=1, workers=1, executor=executor, duplicate=False)
    two = run_arena(bots, preset, rounds, seed=1, workers=2, executor=executor, duplicate=False)
    print(f"{rounds} rounds of {preset}, SearchBot and three GreedyBots, executor {executor}")
    print(f"1 worker : {one.rounds_per_second:7.2f} rounds/s ({one.elapsed:.1f} s)")
    print(f"2 workers: {two.rounds_per_second:7.2f} rounds/s ({two.elapsed:.1f} s)")
    print(f"speed-up : {two.rounds_per_second / one.rounds_per_second:.2f}x")
    print(f"same result: {one == two}")


if __name__ == "__main__":
    main()
