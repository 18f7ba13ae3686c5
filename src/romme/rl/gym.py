"""Gymnasium environment (Einzelspieler-Umgebung): one learner plays a round of Rommé against bots.

``RommeEnv(rules="classic", players=2)`` seats the learner at ``seat``
and a bot (`romme.GreedyBot` by default) at every other seat; the bots'
moves are played inside ``step``, so each step is one action of the
learner. Observations are `romme.rl.observation.Observation` arrays,
the action space is ``Discrete(ActionSpace(rules).size)`` and
``info["action_mask"]`` marks the legal ids (int8). The reward comes at
the end of the round (`romme.rl.rewards.Rewards`, minus penalty points
over 100 by default); an illegal id ends the episode with
``illegal_reward`` and ``info["illegal"]`` set. ``reset(seed=…)`` repeats
a round exactly: the deal, the dealer and the bots' choices follow it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from romme.rl._extra import needs_extra

with needs_extra(__name__, "rl"):
    import gymnasium
    import numpy as np
    from gymnasium import spaces

from romme import Bot, GameState, GreedyBot, Rules, _guard, apply, find_rules, new_game, view
from romme.rl.observation import Observation
from romme.rl.rewards import Rewards
from romme.rl.spaces import ActionSpace

if TYPE_CHECKING:
    from numpy.typing import NDArray

__all__ = ["RommeEnv"]

_DEFAULT_MAX_STEPS: Final = 2000


def _greedy(seed: int) -> Bot:
    return GreedyBot()


class RommeEnv(gymnasium.Env[Any, Any]):
    """One learner against bots for one round of Rommé (see the module's description).

    Args:
        rules: A `romme.Rules` value or a preset name.
        players: The number of seats.
        opponent: Makes the bot of each other seat from a seed (``GreedyBot`` by default).
        seat: The learner's seat.
        rewards: The reward scheme.
        illegal_reward: The reward of an illegal id, which ends the episode.
        max_steps: The learner's actions before the episode is truncated.
        render_mode: ``None`` or ``"ansi"``.

    Raises:
        ValueError: For a seat that is no seat, an unknown render mode or a ``max_steps`` below 1.
        InvalidPositionError: For a number of seats the rules cannot seat.
    """

    metadata = {"render_modes": ["ansi"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        rules: Rules | str = "classic",
        players: int = 2,
        opponent: Callable[[int], Bot] = _greedy,
        seat: int = 0,
        rewards: Rewards | None = None,
        illegal_reward: float = -1.0,
        max_steps: int = _DEFAULT_MAX_STEPS,
        render_mode: str | None = None,
    ) -> None:
        self.rules = find_rules(rules) if isinstance(rules, str) else rules
        new_game(self.rules, players, seed=0)  # refuses seats the rules cannot deal
        if type(seat) is not int or not 0 <= seat < players:
            raise ValueError(f"seat must be 0 to {players - 1}, not {_guard.shown(seat)}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if type(max_steps) is not int or max_steps < 1:
            raise ValueError(
                f"max_steps must be an int of 1 or more, not {_guard.shown(max_steps)}"
            )
        self.players = players
        self.seat = seat
        self.opponent = opponent
        self.reward_scheme = rewards if rewards is not None else Rewards()
        self.illegal_reward = float(illegal_reward)
        self.max_steps = max_steps
        self.render_mode = render_mode
        self.space = ActionSpace(self.rules)
        self.layout = Observation(self.rules, players)
        self.observation_space = spaces.Box(0.0, self.layout.high, (self.layout.size,), np.float32)
        self.action_space = spaces.Discrete(self.space.size)
        self.state: GameState = new_game(self.rules, players, seed=0)
        self._bots: dict[int, Bot] = {}
        self._random = random.Random(0)
        self._steps = 0

    def _int8_mask(self) -> Any:
        mask = np.zeros(self.space.size, dtype=np.int8)
        mask[self.space.legal_ids(self.state)] = 1
        return mask

    def _observe(self) -> tuple[NDArray[np.float32], dict[str, Any]]:
        to_act = self.state.current_player == self.seat and not self.state.is_over
        mask = self._int8_mask() if to_act else np.zeros(self.space.size, dtype=np.int8)
        return self.layout.encode(view(self.state, self.seat)), {"action_mask": mask}

    def _play_bots(self) -> None:
        while not self.state.is_over and self.state.current_player != self.seat:
            seat = self.state.current_player
            self.state = apply(self.state, self._bots[seat].choose(view(self.state, seat)))

    def _deal(self) -> None:
        players = self.players
        dealers = [d for d in range(players) if not (self.rules.dealer_sits_out and d == self.seat)]
        self.state = new_game(
            self.rules,
            players,
            seed=self._random.getrandbits(64),
            dealer=self._random.choice(dealers),
        )
        self._bots = {
            s: self.opponent(self._random.getrandbits(64)) for s in range(players) if s != self.seat
        }
        self._play_bots()

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[NDArray[np.float32], dict[str, Any]]:
        """Deal a new round and play the bots up to the learner's first action."""
        super().reset(seed=seed)
        self._random = random.Random(int(self.np_random.integers(2**63)))
        self._steps = 0
        self._deal()
        while self.state.is_over:  # the bots ended the round before the learner acted
            self._deal()
        return self._observe()

    def step(self, action: Any) -> tuple[NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots until the learner acts again or the round ends.

        An id outside the mask ends the episode with ``illegal_reward``.

        Raises:
            TypeError: If `action` is no integer (a bool, a float, text).
            ActionSpaceError: If it lies outside the action space; the state stays as it was.
        """
        action = self.space.checked_id(action)
        legal = self.space.legal_ids(self.state)
        if action not in legal:
            observation, info = self._observe()
            return observation, self.illegal_reward, True, False, {**info, "illegal": True}
        self.state = apply(self.state, self.space.action_of(action, self.state))
        self._steps += 1
        self._play_bots()
        observation, info = self._observe()
        if self.state.is_over:
            assert self.state.result is not None
            reward = self.reward_scheme.of(self.state.result)[self.seat]
            return observation, reward, True, False, info
        return observation, 0.0, False, self._steps >= self.max_steps, info

    def render(self) -> str | None:
        """Return the learner's view as text under ``render_mode="ansi"``."""
        if self.render_mode is None:
            return None
        return self.layout.string(view(self.state, self.seat))
