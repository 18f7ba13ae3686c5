"""Train on romme's PettingZoo environment with Ray RLlib's PettingZoo wrapper (PPO, one shared policy).

Needs ``pip install -e ".[rl]" "ray[rllib]"``; not run in CI. RLlib's
``PettingZooEnv`` takes the AEC environment as it is; every seat shares
one PPO policy. Illegal ids end the round with reward -1 (the
``TerminateIllegalWrapper`` of `romme.rl.pettingzoo.env`), so the policy
learns the mask from the rewards; for masked logits give RLlib an
action-masking model that reads ``obs["action_mask"]``.

Run: ``python examples/rl/rllib_pettingzoo.py`` (``--iterations 2`` for a
short run; ``--check`` builds the environment only, without Ray).
"""

from __future__ import annotations

import argparse
import importlib
from typing import Any

from romme.rl import pettingzoo as romme_pz

RULES = "classic"
PLAYERS = 2


def make_env(config: dict[str, Any] | None = None) -> Any:
    """Return the PettingZoo environment RLlib wraps (``config`` may name ``rules`` and ``players``)."""
    config = config or {}
    return romme_pz.env(config.get("rules", RULES), config.get("players", PLAYERS))


def train(iterations: int) -> None:
    """Train PPO for `iterations` iterations and print the mean episode return of each."""
    ray = importlib.import_module("ray")
    registry = importlib.import_module("ray.tune.registry")
    wrappers = importlib.import_module("ray.rllib.env.wrappers.pettingzoo_env")
    ppo = importlib.import_module("ray.rllib.algorithms.ppo")
    ray.init(num_cpus=2, include_dashboard=False)
    registry.register_env("romme", lambda config: wrappers.PettingZooEnv(make_env(config)))
    config = (
        ppo.PPOConfig()
        .environment("romme", env_config={"rules": RULES, "players": PLAYERS})
        .multi_agent(
            policies={"shared"},
            policy_mapping_fn=lambda agent_id, *args, **kwargs: "shared",
        )
        .env_runners(num_env_runners=1)
        .training(train_batch_size=2000)
    )
    algorithm = config.build()
    for iteration in range(iterations):
        result = algorithm.train()
        runners = result.get("env_runners", {})
        print(f"iteration {iteration}: mean return {runners.get('episode_return_mean')}")
    algorithm.stop()
    ray.shutdown()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--iterations", type=int, default=10)
    parser.add_argument("--check", action="store_true", help="build the environment only")
    args = parser.parse_args()
    if args.check:
        env = make_env()
        env.reset(seed=1)
        print(f"{env.metadata['name']}: {len(env.possible_agents)} agents, ", end="")
        print(f"{env.action_space(env.possible_agents[0]).n} action ids")
        return
    train(args.iterations)


if __name__ == "__main__":
    main()
