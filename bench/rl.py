"""Bench of the RL environment: steps per second of romme's PettingZoo env, PettingZoo's gin_rummy_v4, and bare play.

Run: ``python bench/rl.py`` (``--seconds 2`` for a shorter run,
``--json`` for machine-readable figures). Three loops play uniformly
random legal moves, in the same run on the same machine:

- ``romme_env``: ``romme.rl.pettingzoo.env("classic", 2)`` through
  ``agent_iter``/``last``/``step``, the action drawn from the mask;
- ``gin_rummy_v4``: PettingZoo's own gin rummy (RLCard underneath), the
  same loop (needs the ``[bench]`` extra);
- ``bare``: ``legal_actions`` + ``apply`` on the same rules, no
  environment.

It prints each rate (the median of the repetitions), romme's env over
gin_rummy_v4, and the env's overhead over the bare loop (bare rate over
env rate, minus one).
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import numpy as np

from romme import apply, find_rules, legal_actions, new_game

RULES = "classic"
PLAYERS = 2


def _env_rate(make: Callable[[], Any], seconds: float, seed: int, from_info: bool = False) -> float:
    """Steps per second of random legal play through an AEC environment, over whole rounds.

    The move is drawn from the mask, or with `from_info` from ``info["legal_moves"]``.
    """
    env = make()
    rng = np.random.default_rng(seed)
    steps = 0
    episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for _agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if from_info:
                env.step(int(rng.choice(info["legal_moves"])))
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    env.close()
    return steps / (time.perf_counter() - start)


def _bare_rate(seconds: float, seed: int) -> float:
    """Steps per second of random legal play on the engine alone (legal_actions + apply)."""
    rules = find_rules(RULES)
    rng = random.Random(seed)
    steps = 0
    episode = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = new_game(rules, PLAYERS, seed=seed + episode)
        episode += 1
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            steps += 1
    return steps / (time.perf_counter() - start)


def _romme_env() -> Any:
    from romme.rl import pettingzoo as romme_pz

    return romme_pz.env(RULES, PLAYERS)


def _gin_rummy() -> Any:
    from pettingzoo.classic import gin_rummy_v4  # type: ignore[import-untyped]

    return gin_rummy_v4.env()


def _median(measure: Callable[[int], float], repetitions: int) -> float:
    return statistics.median(measure(rep) for rep in range(repetitions))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=5.0, help="time per repetition")
    parser.add_argument("--repetitions", type=int, default=3)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    seconds, reps = args.seconds, args.repetitions
    figures: dict[str, Any] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "rules": RULES,
        "players": PLAYERS,
    }
    figures["romme_env_steps_per_s"] = _median(
        lambda rep: _env_rate(_romme_env, seconds, 1000 * rep), reps
    )
    figures["romme_env_legal_moves_steps_per_s"] = _median(
        lambda rep: _env_rate(_romme_env, seconds, 1000 * rep, from_info=True), reps
    )
    figures["bare_steps_per_s"] = _median(lambda rep: _bare_rate(seconds, 1000 * rep), reps)
    try:
        figures["gin_rummy_v4_steps_per_s"] = _median(
            lambda rep: _env_rate(_gin_rummy, seconds, 1000 * rep), reps
        )
    except ImportError as error:
        figures["gin_rummy_v4_steps_per_s"] = None
        figures["gin_rummy_v4_missing"] = str(error)
    env, bare = figures["romme_env_steps_per_s"], figures["bare_steps_per_s"]
    listed = figures["romme_env_legal_moves_steps_per_s"]
    figures["env_overhead_over_bare"] = bare / env - 1
    figures["env_legal_moves_overhead_over_bare"] = bare / listed - 1
    gin = figures["gin_rummy_v4_steps_per_s"]
    figures["romme_env_over_gin_rummy_v4"] = env / gin if gin else None
    figures["romme_env_legal_moves_over_gin_rummy_v4"] = listed / gin if gin else None
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"romme PettingZoo env ({RULES}, {PLAYERS} players), mask:    {env:10.0f} steps/s")
    print(f"romme PettingZoo env, info['legal_moves']:       {listed:10.0f} steps/s")
    print(f"bare legal_actions + apply:                      {bare:10.0f} steps/s")
    if gin:
        print(f"PettingZoo gin_rummy_v4 (RLCard), mask:          {gin:10.0f} steps/s")
        print(f"romme env / gin_rummy_v4 (mask):                 {env / gin:10.2f}x")
        print(f"romme env / gin_rummy_v4 (legal_moves):          {listed / gin:10.2f}x")
    else:
        print(f"gin_rummy_v4 not measured: {figures['gin_rummy_v4_missing']}")
    overhead, listed_overhead = (
        figures["env_overhead_over_bare"],
        figures["env_legal_moves_overhead_over_bare"],
    )
    print(f"env overhead over bare play (mask):              {overhead:10.1%}")
    print(f"env overhead over bare play (legal_moves):       {listed_overhead:10.1%}")


if __name__ == "__main__":
    main()
