"""Bench of the RL environment: steps per second of romme's PettingZoo env, PettingZoo's gin_rummy_v4, and bare play.

Run: ``python bench/rl.py`` (``--seconds 2`` for a shorter run,
``--json`` for machine-readable figures). These loops play uniformly
random legal moves over whole rounds, in the same run on the same machine:

- ``romme_env``: ``romme.rl.pettingzoo.env("classic", 2)`` through
  ``agent_iter``/``last``/``step``, the action drawn from the mask
  (``np.flatnonzero`` of the int8 mask as returned);
- the same, the action drawn from ``info["legal_moves"]``;
- the same, the action drawn from the mask viewed as booleans
  (``mask.view(bool)``, which numpy scans many times faster than int8);
- the same, the action drawn by ``env.action_space(agent).sample(mask)``,
  as PettingZoo's own API test (``pettingzoo.test.api_test``) draws it;
- ``gin_rummy_v4``: PettingZoo's own gin rummy (RLCard underneath), the
  first loop (needs the ``[bench]`` extra);
- ``bare``: ``legal_actions`` + ``apply`` on the same rules, no
  environment;
- the floor: PettingZoo's loop through the env's own wrappers around an
  environment that does no game work (a fixed observation, a step that
  only passes the turn), drawing from ``legal_moves``: the part of the
  env's overhead that is PettingZoo's and not romme's.

Every loop draws with the same ``random.Random().choice``, so the draw
costs them all alike. Rates are steps per second of the process's CPU
time (other jobs on a shared machine do not count), and the loops take
turns in every repetition. It prints each rate (the median of the
repetitions), romme's env over gin_rummy_v4, the env's overhead over
the bare loop (bare rate over env rate, minus one), and the floor's cost
per step as a share of a bare step's (bare rate over floor rate).
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

from romme import apply, find_rules, legal_actions

RULES = "classic"
PLAYERS = 2
FLOOR_STEPS = 2000


def env_steps(
    make: Callable[[], Any], seconds: float, seed: int, draw: str = "mask"
) -> tuple[int, int, float]:
    """Random legal play through an AEC environment, whole rounds until `seconds` of CPU time are spent.

    Returns the steps, the rounds and the CPU seconds they took. `draw`
    says where the move is drawn from: ``"mask"`` (the mask as returned),
    ``"bool_mask"`` (the mask viewed as booleans), ``"space"`` (the
    agent's action space sampled with the mask, its generator seeded with
    `seed`) or ``"legal_moves"`` (``info["legal_moves"]``).
    """
    env = make()
    rng = random.Random(seed)
    if draw == "space":
        for number, agent in enumerate(env.possible_agents):
            env.action_space(agent).seed(seed + number)
    steps = 0
    episode = 0
    start = _clock()
    while _clock() - start < seconds:
        env.reset(seed=seed + episode)
        episode += 1
        for agent in env.agent_iter():
            observation, _, terminated, truncated, info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            if draw == "legal_moves":
                env.step(rng.choice(info["legal_moves"]))
            elif draw == "space":
                env.step(int(env.action_space(agent).sample(observation["action_mask"])))
            elif draw == "bool_mask":
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"].view(np.bool_)))))
            else:
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
            steps += 1
    env.close()
    return steps, episode, _clock() - start


def _env_rate(make: Callable[[], Any], seconds: float, seed: int, draw: str = "mask") -> float:
    """Steps per CPU second of `env_steps`."""
    steps, _rounds, spent = env_steps(make, seconds, seed, draw)
    return steps / spent


def _bare_rate(seconds: float, seed: int) -> float:
    """Steps per second of random legal play on the engine alone (legal_actions + apply).

    Each round is dealt as the env's ``reset(seed=…)`` deals it
    (`romme.rl.pettingzoo.deal`),
    and ``info["legal_moves"]`` lists the ids in the order of
    `legal_actions`, so this loop plays the very rounds and moves of the
    env loop that draws from ``legal_moves``.
    """
    from romme.rl.pettingzoo import deal

    rules = find_rules(RULES)
    rng = random.Random(seed)
    steps = 0
    episode = 0
    start = _clock()
    while _clock() - start < seconds:
        state = deal(rules, PLAYERS, seed + episode)
        episode += 1
        while not state.is_over:
            state = apply(state, rng.choice(legal_actions(state)))
            steps += 1
    return steps / (_clock() - start)


def _romme_env() -> Any:
    from romme.rl import pettingzoo as romme_pz

    return romme_pz.env(RULES, PLAYERS)


def floor_env() -> Any:
    """PettingZoo's loop alone: the env's wrappers (`romme.rl.pettingzoo.wrap`) around a round without game work.

    Its `observe` gives the observation of the round's first position
    every time and its `step` only passes the turn, for rounds of
    `FLOOR_STEPS` steps (long, so that dealing them costs little a step),
    keeping PettingZoo's bookkeeping (rewards, terminations, infos with
    ``legal_moves``) as the real env does.
    """
    from romme.rl import pettingzoo as romme_pz

    class Floor(romme_pz.raw_env):
        def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
            super().reset(seed=seed, options=options)
            self._fixed = super().observe(self.agent_selection)
            self._legal = self.infos[self.agent_selection]["legal_moves"]
            self._left = FLOOR_STEPS

        def observe(self, agent: str) -> dict[str, Any]:
            return self._fixed

        def step(self, action: int | None) -> None:
            agent = self.agent_selection
            if self.terminations[agent] or self.truncations[agent]:
                self._was_dead_step(action)
                return
            self._left -= 1
            self._cumulative_rewards[agent] = 0
            if not self._left:
                self.rewards = dict.fromkeys(self.agents, 0.0)
                self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[self._left % PLAYERS]
            self.infos = {a: {} for a in self.agents}
            self.infos[self.agent_selection] = {"legal_moves": self._legal}
            self._accumulate_rewards()

    return romme_pz.wrap(Floor(RULES, PLAYERS))


def _gin_rummy() -> Any:
    from pettingzoo.classic import gin_rummy_v4  # type: ignore[import-untyped]

    return gin_rummy_v4.env()


def _clock() -> float:
    """The CPU time of this process: other jobs on a shared machine do not count against a loop."""
    return time.process_time()


def _medians(loops: dict[str, Callable[[int], float]], repetitions: int) -> dict[str, float]:
    """The median rate of each loop; the loops take turns in every repetition, so a change of load hits all alike."""
    rates: dict[str, list[float]] = {name: [] for name in loops}
    for rep in range(repetitions):
        for name, measure in loops.items():
            rates[name].append(measure(rep))
    return {name: statistics.median(found) for name, found in rates.items()}


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
    loops: dict[str, Callable[[int], float]] = {
        "romme_env_steps_per_s": lambda rep: _env_rate(_romme_env, seconds, 1000 * rep),
        "romme_env_legal_moves_steps_per_s": lambda rep: _env_rate(
            _romme_env, seconds, 1000 * rep, draw="legal_moves"
        ),
        "romme_env_bool_mask_steps_per_s": lambda rep: _env_rate(
            _romme_env, seconds, 1000 * rep, draw="bool_mask"
        ),
        "romme_env_space_steps_per_s": lambda rep: _env_rate(
            _romme_env, seconds, 1000 * rep, draw="space"
        ),
        "bare_steps_per_s": lambda rep: _bare_rate(seconds, 1000 * rep),
        "pettingzoo_floor_steps_per_s": lambda rep: _env_rate(
            floor_env, seconds, 1000 * rep, draw="legal_moves"
        ),
    }
    try:
        _gin_rummy().close()
    except ImportError as error:
        figures["gin_rummy_v4_missing"] = str(error)
    else:
        loops["gin_rummy_v4_steps_per_s"] = lambda rep: _env_rate(_gin_rummy, seconds, 1000 * rep)
        loops["gin_rummy_v4_space_steps_per_s"] = lambda rep: _env_rate(
            _gin_rummy, seconds, 1000 * rep, draw="space"
        )
    figures.update(_medians(loops, reps))
    figures.setdefault("gin_rummy_v4_steps_per_s", None)
    figures.setdefault("gin_rummy_v4_space_steps_per_s", None)
    env, bare = figures["romme_env_steps_per_s"], figures["bare_steps_per_s"]
    listed = figures["romme_env_legal_moves_steps_per_s"]
    viewed = figures["romme_env_bool_mask_steps_per_s"]
    figures["env_overhead_over_bare"] = bare / env - 1
    figures["env_legal_moves_overhead_over_bare"] = bare / listed - 1
    figures["env_bool_mask_overhead_over_bare"] = bare / viewed - 1
    figures["pettingzoo_floor_share_of_bare"] = bare / figures["pettingzoo_floor_steps_per_s"]
    gin = figures["gin_rummy_v4_steps_per_s"]
    figures["romme_env_over_gin_rummy_v4"] = env / gin if gin else None
    figures["romme_env_legal_moves_over_gin_rummy_v4"] = listed / gin if gin else None
    figures["romme_env_bool_mask_over_gin_rummy_v4"] = viewed / gin if gin else None
    sampled, gin_sampled = (
        figures["romme_env_space_steps_per_s"],
        figures["gin_rummy_v4_space_steps_per_s"],
    )
    figures["romme_env_space_over_gin_rummy_v4_space"] = (
        sampled / gin_sampled if gin_sampled else None
    )
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"romme PettingZoo env ({RULES}, {PLAYERS} players), mask:    {env:10.0f} steps/s")
    print(f"romme PettingZoo env, info['legal_moves']:       {listed:10.0f} steps/s")
    print(f"romme PettingZoo env, mask viewed as bool:       {viewed:10.0f} steps/s")
    print(f"romme PettingZoo env, action_space.sample(mask): {sampled:10.0f} steps/s")
    print(f"bare legal_actions + apply:                      {bare:10.0f} steps/s")
    if gin:
        print(f"PettingZoo gin_rummy_v4 (RLCard), mask:          {gin:10.0f} steps/s")
        print(f"romme env / gin_rummy_v4 (mask):                 {env / gin:10.2f}x")
        print(f"romme env / gin_rummy_v4 (legal_moves):          {listed / gin:10.2f}x")
        print(f"romme env / gin_rummy_v4 (mask as bool):         {viewed / gin:10.2f}x")
        print(f"gin_rummy_v4, action_space.sample(mask):         {gin_sampled:10.0f} steps/s")
        print(f"romme env / gin_rummy_v4 (both sampled):         {sampled / gin_sampled:10.2f}x")
    else:
        print(f"gin_rummy_v4 not measured: {figures['gin_rummy_v4_missing']}")
    overhead, listed_overhead, viewed_overhead = (
        figures["env_overhead_over_bare"],
        figures["env_legal_moves_overhead_over_bare"],
        figures["env_bool_mask_overhead_over_bare"],
    )
    print(f"env overhead over bare play (mask):              {overhead:10.1%}")
    print(f"env overhead over bare play (legal_moves):       {listed_overhead:10.1%}")
    print(f"env overhead over bare play (mask as bool):      {viewed_overhead:10.1%}")
    floor = figures["pettingzoo_floor_steps_per_s"]
    print(f"PettingZoo's loop and wrappers, no game work:    {floor:10.0f} steps/s")
    print(
        "  its cost per step over a bare step's:           "
        f"{figures['pettingzoo_floor_share_of_bare']:10.1%}"
    )


if __name__ == "__main__":
    main()
