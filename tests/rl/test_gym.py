"""The Gymnasium environment of romme.rl passes Gymnasium's check_env and plays rounds against bots."""

from __future__ import annotations

import pytest

from romme import RandomBot
from tests.conftest import require_extra

gymnasium = require_extra("gymnasium", "rl")
np = require_extra("numpy", "rl")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from romme.rl.gym import RommeEnv  # noqa: E402


@pytest.mark.parametrize(("rules", "players"), [("classic", 2), ("drov", 3)])
def test_check_env(rules: str, players: int) -> None:
    """Gymnasium's check_env accepts the environment (GreedyBot opponents, a sitting-out dealer under drov)."""
    check_env(RommeEnv(rules, players), skip_render_check=False)


def test_a_round_against_random_bots_ends_with_the_result_reward() -> None:
    """Playing legal ids to the end, the last reward is minus the learner's penalty over 100."""
    env = RommeEnv("classic", 2, opponent=RandomBot)
    observation, info = env.reset(seed=4)
    rng = np.random.default_rng(4)
    terminated = truncated = False
    reward = 0.0
    while not (terminated or truncated):
        assert observation.shape == env.observation_space.shape
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        observation, reward, terminated, truncated, info = env.step(action)
    assert terminated
    result = env.state.result
    assert result is not None
    assert reward == -result.penalties[env.seat] / 100


def test_an_illegal_id_ends_the_episode() -> None:
    """An id outside the mask ends the episode with illegal_reward and info['illegal']."""
    env = RommeEnv("house", 2, illegal_reward=-5.0)
    _, info = env.reset(seed=1)
    illegal = int(np.flatnonzero(info["action_mask"] == 0)[0])
    _, reward, terminated, _, info = env.step(illegal)
    assert (reward, terminated, info["illegal"]) == (-5.0, True, True)


def test_the_same_seed_repeats_the_round() -> None:
    """reset(seed=s) deals the same round and the bots answer the same way."""
    first, second = RommeEnv("classic", 3), RommeEnv("classic", 3)
    a, info_a = first.reset(seed=9)
    b, _ = second.reset(seed=9)
    assert np.array_equal(a, b)
    action = int(np.flatnonzero(info_a["action_mask"])[0])
    assert np.array_equal(first.step(action)[0], second.step(action)[0])


def test_bad_arguments_are_refused() -> None:
    """A seat that is no seat or a max_steps of 0 raises ValueError."""
    with pytest.raises(ValueError, match="seat"):
        RommeEnv("classic", 2, seat=2)
    with pytest.raises(ValueError, match="max_steps"):
        RommeEnv("classic", 2, max_steps=0)


def test_render_and_truncation() -> None:
    """render_mode='ansi' shows the learner's view; max_steps=1 truncates after one learner action."""
    env = RommeEnv("classic", 2, max_steps=1, render_mode="ansi")
    _, info = env.reset(seed=2)
    assert (env.render() or "").startswith("romme observation v1")
    *_, terminated, truncated, _ = env.step(int(np.flatnonzero(info["action_mask"])[0]))
    assert truncated or terminated
    assert RommeEnv("classic", 2).render() is None
    with pytest.raises(ValueError, match="render_mode"):
        RommeEnv("classic", 2, render_mode="human")
