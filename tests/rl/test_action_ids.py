"""An action id is an integer in range, or a typed error with the state unchanged (hardening round 3, point 9)."""

from __future__ import annotations

import pytest

from tests.conftest import require_extra

np = require_extra("numpy", "rl")
require_extra("gymnasium", "rl")

from romme.rl import pettingzoo as romme_pz  # noqa: E402
from romme.rl.gym import RommeEnv  # noqa: E402
from romme.rl.spaces import ActionSpaceError  # noqa: E402

WRONG_TYPES = ("5", 5.9, 5.0, True, False, None, np.float64(5.0), np.bool_(True), [5])
"""Values that are no action id, though int() would read most of them as one."""


@pytest.mark.parametrize("wrong", WRONG_TYPES, ids=repr)
def test_gym_refuses_an_id_that_is_no_integer(wrong: object) -> None:
    """Hardening round 3, point 9: RommeEnv.step refuses "5", 5.9, True… with a TypeError; the state stays."""
    env = RommeEnv("classic", 2)
    _, info = env.reset(seed=3)
    before = env.state
    with pytest.raises(TypeError):
        env.step(wrong)
    assert env.state is before
    legal = int(np.flatnonzero(info["action_mask"])[0])
    env.step(np.int64(legal))  # a numpy integer is an id
    assert env.state is not before


@pytest.mark.parametrize("outside", [-1, 10**6, 10**400])
def test_gym_refuses_an_id_outside_the_space(outside: int) -> None:
    """Hardening round 3, point 9: an integer outside the space is an ActionSpaceError, the state unchanged."""
    env = RommeEnv("classic", 2)
    env.reset(seed=3)
    before = env.state
    with pytest.raises(ActionSpaceError):
        env.step(outside)
    assert env.state is before


@pytest.mark.parametrize("wrong", WRONG_TYPES, ids=repr)
def test_pettingzoo_raw_env_refuses_an_id_that_is_no_integer(wrong: object) -> None:
    """Hardening round 3, point 9: raw_env.step refuses "5", 5.9, True… with a TypeError; the state stays."""
    env = romme_pz.raw_env("classic", 2)
    env.reset(seed=3)
    before = env.state
    with pytest.raises(TypeError):
        env.step(wrong)  # type: ignore[arg-type]
    assert env.state is before
    legal = env.infos[env.agent_selection]["legal_moves"][0]
    env.step(np.int32(legal))
    assert env.state is not before


@pytest.mark.parametrize("outside", [-1, 10**6, 10**400])
def test_pettingzoo_raw_env_refuses_an_id_outside_the_space(outside: int) -> None:
    """Hardening round 3, point 9: an integer outside the space is an ActionSpaceError, the state unchanged."""
    env = romme_pz.raw_env("classic", 2)
    env.reset(seed=3)
    before = env.state
    with pytest.raises(ActionSpaceError):
        env.step(outside)
    assert env.state is before


def test_the_id_of_a_legal_action_names_it_whatever_integer_type_carries_it() -> None:
    """Hardening round 3, point 9: 5, np.int64(5) and np.uint16(5) are the same id; 5.0 and True are none."""
    env = romme_pz.raw_env("classic", 2)
    env.reset(seed=3)
    space = env.space
    for value in (5, np.int64(5), np.uint16(5)):
        assert space.checked_id(value) == 5
        assert type(space.checked_id(value)) is int
    for wrong in (5.0, True, "5"):
        with pytest.raises(TypeError):
            space.checked_id(wrong)
    for outside in (-1, space.size):
        with pytest.raises(ActionSpaceError):
            space.checked_id(outside)
