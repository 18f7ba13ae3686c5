"""Instructions per decision of random play, counted by valgrind: a speed figure a busy machine does not move.

Run: ``python bench/instructions.py [PRESET ...]`` (default drov, classic and
german-rummy; ``--rounds N`` rounds each, 6 by default; ``--rlcard`` adds
RLCard's gin rummy the same way, with the ``[bench]`` extra; ``--rl`` adds
the loops of ``bench/rl.py``, by rounds of two seats under ``classic``:
romme's PettingZoo env, the same rounds played bare, PettingZoo's loop
through the env's wrappers with no game work (its floor) and PettingZoo's
``gin_rummy_v4``, whose counts are per step). Needs
``valgrind`` on the PATH (Debian's package ``valgrind``).

Each count plays seeded rounds of uniformly random legal moves
(`legal_actions` plus `apply` at every decision) after three rounds of
warm-up, under ``valgrind --tool=callgrind``, once with N rounds and once
with none; the difference over the decisions of the N rounds is what a
decision costs in instructions, the interpreter's start and the warm-up
left out. Where the accelerator is built, each of our workloads is counted
on it and again on the pure core (``ROMME_PURE=1``), with their ratio;
``--one-core`` counts the core in use only.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys


def play(preset: str, rounds: int) -> int:
    """Play the warm-up and `rounds` seeded rounds of random play; return the decisions of the rounds."""
    from romme import apply, find_rules, legal_actions, new_game

    rules = find_rules(preset)

    def run(first: int, count: int) -> int:
        decisions = 0
        for seed in range(first, first + count):
            state = new_game(rules, 4, seed=seed, dealer=seed % 4)
            chooser = random.Random(seed)
            while not state.is_over:
                state = apply(state, chooser.choice(legal_actions(state)))
                decisions += 1
        return decisions

    run(1_000_000, 3)
    return run(0, rounds)


def play_rlcard(games: int) -> int:
    """RLCard's gin rummy the same way: three warm-up games, then `games` games."""
    from rlcard.games.gin_rummy.game import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
        GinRummyGame,
    )

    game = GinRummyGame()
    chooser = random.Random(0)

    def run(count: int) -> int:
        decisions = 0
        for _ in range(count):
            game.init_game()
            while not game.is_over():
                game.step(chooser.choice(game.judge.get_legal_actions()))
                decisions += 1
        return decisions

    run(3)
    return run(games)


def play_env(workload: str, rounds: int) -> int:
    """The RL loops of ``bench/rl.py`` by rounds: three warm-up rounds, then `rounds`; return the steps.

    ``rl-env`` steps romme's PettingZoo env (classic, two seats) with the
    move drawn from ``info["legal_moves"]``; ``rl-bare`` plays the very
    same rounds and moves with `legal_actions` and `apply` alone;
    ``rl-gin`` steps PettingZoo's ``gin_rummy_v4`` with the move drawn
    from its mask (needs the ``[bench]`` extra); ``rl-floor`` steps
    `rl.floor_env`, PettingZoo's loop through the env's wrappers with no
    game work, whose rounds are long, so it plays fewer of them.
    """
    from romme import apply, find_rules, legal_actions
    from romme.rl.pettingzoo import deal

    if workload == "rl-bare":
        rules = find_rules("classic")

        def bare(first: int, count: int) -> int:
            steps = 0
            chooser = random.Random(first)
            for episode in range(first, first + count):
                state = deal(rules, 2, episode)  # as the env's reset(seed=episode) deals
                while not state.is_over:
                    state = apply(state, chooser.choice(legal_actions(state)))
                    steps += 1
            return steps

        bare(1_000_000, 3)
        return bare(0, rounds)
    if workload == "rl-env":
        from romme.rl import pettingzoo as romme_pz

        env = romme_pz.env("classic", 2)
        pick = "legal_moves"
    elif workload == "rl-floor":
        from rl import FLOOR_STEPS, floor_env  # bench/rl.py, beside this file

        env = floor_env()
        pick = "legal_moves"
        rounds = -(-rounds * 60 // FLOOR_STEPS)  # rounds of the env's ~60 steps, rounded up
    else:
        from pettingzoo.classic import gin_rummy_v4  # type: ignore[import-untyped, import-not-found, unused-ignore]

        env = gin_rummy_v4.env()
        pick = "mask"

    def stepped(first: int, count: int) -> int:
        import numpy as np

        steps = 0
        chooser = random.Random(first)
        for episode in range(first, first + count):
            env.reset(seed=episode)
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, info = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                if pick == "legal_moves":
                    env.step(chooser.choice(info["legal_moves"]))
                else:
                    env.step(int(chooser.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        return steps

    stepped(1_000_000, 3)
    return stepped(0, rounds)


def count(workload: str, rounds: int, *, pure: bool = False) -> tuple[int, int]:
    """The instructions and decisions of one valgrind run of `workload` with `rounds` rounds (on the pure core with `pure`)."""
    done = subprocess.run(
        [
            "valgrind",
            "--tool=callgrind",
            "--callgrind-out-file=/dev/null",
            sys.executable,
            __file__,
            "--workload",
            workload,
            "--rounds",
            str(rounds),
        ],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONHASHSEED": "0"} | ({"ROMME_PURE": "1"} if pure else {}),
    )
    collected = re.search(r"Collected : (\d+)", done.stderr)
    if collected is None:
        raise RuntimeError(f"valgrind reported no count:\n{done.stderr[-2000:]}")
    return int(collected.group(1)), int(done.stdout.split()[-1])


def per_decision(workload: str, rounds: int, *, pure: bool = False) -> tuple[float, int]:
    """Instructions per decision of `rounds` rounds of `workload`, the start and warm-up subtracted."""
    empty, _ = count(workload, 0, pure=pure)
    total, decisions = count(workload, rounds, pure=pure)
    return (total - empty) / decisions, decisions


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("presets", nargs="*", default=["drov", "classic", "german-rummy"])
    parser.add_argument("--rounds", type=int, default=6, help="rounds (games) counted per workload")
    parser.add_argument("--rlcard", action="store_true", help="count RLCard's gin rummy too")
    parser.add_argument(
        "--rl",
        action="store_true",
        help="count the loops of bench/rl.py too: romme's env, bare play and gin_rummy_v4",
    )
    parser.add_argument(
        "--one-core",
        action="store_true",
        help="count ours on the core in use only (by default also with ROMME_PURE=1)",
    )
    parser.add_argument("--workload", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.workload is not None:  # inside valgrind: play and print the decisions
        if args.workload == "rlcard":
            print(play_rlcard(args.rounds))
        elif args.workload.startswith("rl-"):
            print(play_env(args.workload, args.rounds))
        else:
            print(play(args.workload, args.rounds))
        return
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed (Debian: apt-get install valgrind)")
    workloads = [*args.presets, *(["rlcard"] if args.rlcard else [])]
    workloads += ["rl-env", "rl-bare", "rl-floor", "rl-gin"] if args.rl else []
    ours = {*args.presets, "rl-env", "rl-bare"}
    import romme

    both = romme.accelerated and not args.one_core
    print(
        f"{'workload':<16} {'decisions':>9} {'instructions/decision':>22}"
        + (f" {'pure core':>12} {'accelerated/pure':>17}" if both else "")
        + ("" if romme.accelerated else "   (the pure core: the accelerator is not built)")
    )
    for workload in workloads:
        instructions, decisions = per_decision(workload, args.rounds)
        line = f"{workload:<16} {decisions:>9} {instructions:>22,.0f}"
        if both and workload in ours:
            pure, _ = per_decision(workload, args.rounds, pure=True)
            line += f" {pure:>12,.0f} {instructions / pure:>17.3f}"
        print(line, flush=True)


if __name__ == "__main__":
    main()
