"""The PettingZoo environment of romme.rl passes PettingZoo's own API, seed and max-cycles checks."""

from __future__ import annotations

from typing import Any

import pytest

from romme import RommeError, apply, find_rules, legal_actions
from tests.conftest import require_extra

pettingzoo_test = require_extra("pettingzoo.test", "rl")
wrappers = require_extra("pettingzoo.utils.wrappers", "rl")
np = require_extra("numpy", "rl")

from romme.rl import pettingzoo as romme_pz  # noqa: E402
from romme.rl.rewards import Rewards  # noqa: E402


@pytest.mark.parametrize(("rules", "players"), [("classic", 2), ("drov", 3)])
def test_pettingzoo_api_test(rules: str, players: int) -> None:
    """PettingZoo's api_test accepts the environment (a dealer who sits out included, under drov)."""
    pettingzoo_test.api_test(romme_pz.env(rules, players), num_cycles=30)


def test_pettingzoo_seed_test() -> None:
    """PettingZoo's seed_test: the same seed repeats the same observations and rewards."""
    pettingzoo_test.seed_test(lambda: romme_pz.env("classic", 2), num_cycles=30)


def test_max_cycles_truncates_the_round() -> None:
    """With max_cycles=4 the round is truncated for every agent once one seat has acted four times."""
    env = romme_pz.env("classic", 3, max_cycles=4)
    env.reset(seed=1)
    counts = dict.fromkeys(env.possible_agents, 0)
    for agent in env.agent_iter():
        observation, _, terminated, truncated, _ = env.last()
        action: Any = None
        if not (terminated or truncated):
            action = int(np.flatnonzero(observation["action_mask"])[0])
            counts[agent] += 1
        env.step(action)
    assert max(counts.values()) == 4
    assert not env.agents


def test_a_round_ends_with_the_rewards_of_its_result() -> None:
    """Playing a round out under win_loss, the winner's reward is +1 and every other seat's -1."""
    raw = romme_pz.raw_env("classic", 2, rewards=Rewards("win_loss"))
    raw.reset(seed=5)
    totals = dict.fromkeys(raw.possible_agents, 0.0)
    rng = np.random.default_rng(5)
    for agent in raw.agent_iter(max_iter=20_000):
        observation, reward, terminated, truncated, _ = raw.last()
        totals[agent] += reward
        action = None
        if not (terminated or truncated):
            action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
        raw.step(action)
    result = raw.state.result
    assert result is not None
    if result.winner is None:
        assert set(totals.values()) == {0.0}
    else:
        assert totals[f"player_{result.winner}"] == 1.0
        assert totals[f"player_{1 - result.winner}"] == -1.0


def test_illegal_action_ends_the_round_with_minus_one() -> None:
    """Under env(), an action outside the mask ends the round with -1 for the seat that tried it."""
    env = romme_pz.env("classic", 2)
    env.reset(seed=2)
    agent = env.agent_selection
    observation, *_ = env.last()
    illegal = int(np.flatnonzero(observation["action_mask"] == 0)[0])
    env.step(illegal)
    assert env.rewards[agent] == -1
    assert all(env.terminations.values())


def test_the_bare_env_plays_the_legal_action_of_an_id_and_refuses_others() -> None:
    """raw_env plays the action legal_actions lists for a legal id and refuses an illegal id with a RommeError, the state unchanged."""
    env = romme_pz.raw_env("classic", 2)
    env.reset(seed=5)
    for _ in range(30):
        before = env.state
        ids = env.infos[env.agent_selection]["legal_moves"]
        observation = env.observe(env.agent_selection)
        assert sorted(np.flatnonzero(observation["action_mask"]).tolist()) == sorted(ids)
        illegal = int(np.flatnonzero(observation["action_mask"] == 0)[-1])
        with pytest.raises(RommeError):
            env.step(illegal)
        assert env.state is before
        choice = ids[-1]
        env.step(choice)
        assert env.state == apply(before, legal_actions(before)[-1])
        if env.state.is_over:
            break


def test_the_wrappers_are_pettingzoos_and_read_the_bare_envs_values() -> None:
    """env() is wrapped in PettingZoo's three classic wrappers, refuses the per-step attributes before reset and reads the bare env's afterwards."""
    env = romme_pz.env("classic", 2)
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env, wrappers.AssertOutOfBoundsWrapper)
    assert isinstance(env.env.env, wrappers.TerminateIllegalWrapper)
    assert str(env) == "romme_v0"
    names = ("agents", "agent_selection", "rewards", "terminations", "truncations", "infos")
    for name in names:
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, name)
    env.reset(seed=4)
    bare = env.unwrapped
    for layer in (env, env.env, env.env.env):
        for name in names:
            assert getattr(layer, name) is getattr(bare, name)
        assert layer._cumulative_rewards is bare._cumulative_rewards
        assert layer.action_space("player_0") is bare.action_space("player_0")
        assert layer.observation_space("player_1") is bare.observation_space("player_1")


def test_the_action_space_judges_ids_as_gymnasiums_discrete() -> None:
    """The action space is a Discrete of the layout's size and accepts exactly what gymnasium's Discrete(size) accepts."""
    from gymnasium.spaces import Discrete

    env = romme_pz.raw_env("classic", 2)
    space = env.action_space("player_0")
    plain = Discrete(env.space.size)
    assert isinstance(space, Discrete)
    assert space == plain
    values: list[Any] = [0, 7, -1, env.space.size - 1, env.space.size, 2**70, True, 3.0, "3", None]
    values += [np.int64(5), np.int64(-1), np.int8(3), np.array(4), np.array([1])]
    for value in values:
        assert space.contains(value) == plain.contains(value), value


def test_ansi_render_is_the_view_string() -> None:
    """render_mode='ansi' returns the acting seat's view as text."""
    env = romme_pz.env(find_rules("house"), 2, render_mode="ansi")
    env.reset(seed=3)
    assert env.render().startswith("romme observation v1")


def test_bad_arguments_are_refused() -> None:
    """An unknown render mode, a max_cycles below 1 or rules of the wrong type raise clear errors."""
    with pytest.raises(ValueError, match="render_mode"):
        romme_pz.raw_env(render_mode="human")
    with pytest.raises(ValueError, match="max_cycles"):
        romme_pz.raw_env(max_cycles=0)
    with pytest.raises(TypeError):
        romme_pz.raw_env(rules=3)  # type: ignore[arg-type]


@pytest.mark.parametrize(("rules", "players"), [("classic", 2), ("drov", 3)])
def test_deal_is_the_round_reset_deals_and_replays_on_the_engine(rules: str, players: int) -> None:
    """deal(rules, players, seed) is the position reset(seed=seed) starts from; the env's moves replay on it."""
    env = romme_pz.env(rules, players)
    chooser = np.random.default_rng(5)
    for seed in (0, 1, 99):
        env.reset(seed=seed)
        state = romme_pz.deal(rules, players, seed)
        assert env.unwrapped.state == state
        for _ in range(40):
            if state.is_over:
                break
            legal = env.infos[env.agent_selection]["legal_moves"]
            index = int(chooser.integers(len(legal)))
            env.step(legal[index])
            state = apply(state, legal_actions(state)[index])
            assert env.unwrapped.state == state


def test_wrap_wraps_a_subclass_as_env_does_and_refuses_anything_else() -> None:
    """wrap gives a raw_env subclass the classic games' wrappers (PettingZoo's api_test passes); other values are a TypeError."""

    class Tagged(romme_pz.raw_env):
        def observe(self, agent: str) -> dict[str, Any]:
            found = super().observe(agent)
            found["observation"][0] = 0.0
            return found

    env = romme_pz.wrap(Tagged("classic", 2))
    assert isinstance(env, wrappers.OrderEnforcingWrapper)
    assert isinstance(env.env.env, wrappers.TerminateIllegalWrapper)
    assert isinstance(env.unwrapped, Tagged)
    pettingzoo_test.api_test(env, num_cycles=10)
    for wrong in (romme_pz.env("classic", 2), "classic", None):
        with pytest.raises(TypeError, match="wrap takes a raw_env"):
            romme_pz.wrap(wrong)  # type: ignore[arg-type]
