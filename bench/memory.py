"""Memory under a long run: resident set size across thousands of rounds of random play.

Run: ``python bench/memory.py`` (10,000 rounds of drov, 4 seats; ``--rounds``,
``--preset``, ``--every`` and ``--json`` to change that). Each round is dealt
from its own seed and played by uniformly random legal moves
(`legal_actions` + `apply`), keeping nothing between rounds, as a server or
a simulation does. It prints the process's resident set size after every
``--every`` rounds and the growth from round 2,000 (when the library's
bounded caches have filled) to the last round: a flat line means no value
and no cache grows without bound. It says which core played (the
accelerator, `romme._cturn`, where it is built; the pure one under
``ROMME_PURE=1``): run it on both.

The resident set size is read from ``/proc/self/statm`` (Linux); elsewhere
the peak (``resource.getrusage``) stands in, which can only grow.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import sys
import time
from typing import Any

import romme
from romme import apply, find_rules, legal_actions, new_game

_PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
SETTLED = 2000
"""The round from which the resident set size should stay flat."""


def rss_bytes() -> int:
    """The resident set size of this process now (the peak where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as statm:
            return int(statm.read().split()[1]) * _PAGE
    except OSError:
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
        return peak if sys.platform == "darwin" else peak * 1024


def run(preset: str, rounds: int, every: int) -> dict[str, Any]:
    """Play `rounds` seeded rounds; sample the resident set size every `every` rounds."""
    rules = find_rules(preset)
    samples: list[tuple[int, int]] = [(0, rss_bytes())]
    decisions = 0
    started = time.process_time()
    for seed in range(1, rounds + 1):
        state = new_game(rules, 4, seed=seed, dealer=seed % 4)
        chooser = random.Random(seed)
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
            decisions += 1
        if seed % every == 0:
            samples.append((seed, rss_bytes()))
    seconds = time.process_time() - started
    settled = [rss for number, rss in samples if number >= min(SETTLED, rounds)]
    return {
        "core": "accelerated" if romme.accelerated else "pure",
        "preset": preset,
        "rounds": rounds,
        "decisions": decisions,
        "cpu_seconds": seconds,
        "rss_mb": {str(number): rss / 2**20 for number, rss in samples},
        "growth_from_settled_mb": (settled[-1] - settled[0]) / 2**20,
        "largest_swing_after_settled_mb": (max(settled) - min(settled)) / 2**20,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=10_000)
    parser.add_argument("--preset", default="drov")
    parser.add_argument("--every", type=int, default=1000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = run(args.preset, args.rounds, max(1, args.every))
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(
        f"{figures['preset']} on the {figures['core']} core: "
        f"{figures['rounds']} rounds, {figures['decisions']} decisions "
        f"in {figures['cpu_seconds']:.0f} CPU seconds"
    )
    for number, megabytes in figures["rss_mb"].items():
        print(f"  after round {number:>6}: {megabytes:8.1f} MB resident")
    print(
        f"growth from round {min(SETTLED, args.rounds)} to round {args.rounds}: "
        f"{figures['growth_from_settled_mb']:+.1f} MB "
        f"(largest swing {figures['largest_swing_after_settled_mb']:.1f} MB)"
    )


if __name__ == "__main__":
    main()
