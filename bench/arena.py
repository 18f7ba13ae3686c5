"""Measure the arena's scale-out: rounds per second on one worker and on two, and their ratio.

Run: ``python bench/arena.py [ROUNDS] [PRESET] [EXECUTOR]`` (default 200 rounds of
classic, SearchBot and three GreedyBots, every round its own deal, ``process``). It also checks that both runs give the
same result, as they must.
"""

from __future__ import annotations

import os
import resource
import sys
import time
from collections.abc import Callable

from romme.arena import ArenaResult, Executor, run_arena


def _cpu_seconds() -> float:
    """CPU seconds used so far by this process and its finished children."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime


def _timed(run: Callable[[], ArenaResult]) -> tuple[ArenaResult, float]:
    before = _cpu_seconds()
    result = run()
    return result, _cpu_seconds() - before


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    preset = sys.argv[2] if len(sys.argv) > 2 else "classic"
    executor: Executor = "ray" if len(sys.argv) > 3 and sys.argv[3] == "ray" else "process"
    bots = ["search", "greedy", "greedy", "greedy"]
    # Every round a deal of its own: replayed deals would hit the caches of one process
    # more often than those of two, and flatter the single worker.
    one, one_cpu = _timed(
        lambda: run_arena(bots, preset, rounds, 1, workers=1, executor=executor, duplicate=False)
    )
    two, two_cpu = _timed(
        lambda: run_arena(bots, preset, rounds, 1, workers=2, executor=executor, duplicate=False)
    )
    print(f"{rounds} rounds of {preset}, SearchBot and three GreedyBots, executor {executor}")
    # Rounds per CPU second show the work itself; a busy machine lowers only the wall-clock rate.
    print(
        f"1 worker : {one.rounds_per_second:7.2f} rounds/s ({one.elapsed:.1f} s), "
        f"{rounds / one_cpu:.2f} rounds per CPU second"
    )
    print(
        f"2 workers: {two.rounds_per_second:7.2f} rounds/s ({two.elapsed:.1f} s), "
        f"{rounds / two_cpu:.2f} rounds per CPU second (local processes only)"
    )
    print(f"speed-up : {two.rounds_per_second / one.rounds_per_second:.2f}x")
    print(f"same result: {one == two}")
    # Other work on the machine takes cores from the two workers: say how busy it was.
    print(f"load average (1, 5, 15 min) at the end: {os.getloadavg()}")


if __name__ == "__main__":
    main()
