"""PettingZoo environment (Umgebung): one round of Rommé as an AEC environment, like PettingZoo's classic card games.

``env(rules="classic", players=4)`` returns the environment wrapped as
PettingZoo's classic games are (an illegal action ends the round with
reward -1 for the seat that tried it; out-of-bounds ids are refused; the
order of calls is enforced); `raw_env` is the bare class, and `wrap`
wraps one (or a subclass's instance) the same way. Agents are
``player_0`` … ``player_{n-1}`` (the seats); each observation is a dict
with ``"observation"`` (`romme.rl.observation.Observation`) and
``"action_mask"`` (int8, `romme.rl.spaces.ActionSpace.mask`), the info
of the agent to act holds ``"legal_moves"``, the same legal ids as a list
(cheaper to sample from than a mask of tens of thousands of entries),
and the action space is ``Discrete(ActionSpace(rules).size)``.

Every seat, a dealer who sits out included, is an agent; a seat acts
whenever the engine says it is to act, several actions in a row in one
turn. ``reset(seed=…)`` deals from that seed (and the dealer is drawn
from it), so a seed repeats the round exactly; `deal` gives that round's
position without an environment. Rewards come at the end of
the round (`romme.rl.rewards.Rewards`). With ``max_cycles`` the round is
truncated once any seat has taken that many actions.
"""

from __future__ import annotations

import operator
import random
from typing import Any, Final

from romme.rl._extra import needs_extra

with needs_extra(__name__, "rl"):
    import numpy as np
    from gymnasium import spaces
    from pettingzoo import AECEnv  # type: ignore[import-untyped]
    from pettingzoo.utils import wrappers  # type: ignore[import-untyped]

from romme import GameState, Rules, _guard, apply, find_rules, new_game, view
from romme.rl.observation import Observation
from romme.rl.rewards import Rewards
from romme.rl.spaces import ActionSpace

__all__ = ["DEFAULT_MAX_CYCLES", "deal", "env", "raw_env", "wrap"]

DEFAULT_MAX_CYCLES: Final = 2000
"""The most actions of one seat before a round is truncated, by default."""


def _rules(rules: Rules | str) -> Rules:
    if isinstance(rules, str):
        return find_rules(rules)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value or a preset name, not {type(rules).__name__}")
    return rules


def deal(rules: Rules | str, players: int, seed: int) -> GameState:
    """Return the round ``reset(seed=seed)`` deals: the position the env starts from.

    The seed seeds a ``random.Random``, which gives the deal's seed and
    then the dealer; playing a round on the engine from this position,
    with the moves the env was given, plays the env's round.

    >>> from romme import find_rules
    >>> env = raw_env("classic", 2)
    >>> env.reset(seed=7)
    >>> env.state == deal(find_rules("classic"), 2, 7)
    True

    Raises:
        TypeError: If `rules` is neither a `romme.Rules` value nor a preset name.
        InvalidPositionError: For a number of seats the rules cannot seat.
    """
    return _deal(_rules(rules), players, random.Random(seed))


def _deal(rules: Rules, players: int, draws: random.Random) -> GameState:
    return new_game(rules, players, seed=draws.getrandbits(64), dealer=draws.randrange(players))


class _Ids(spaces.Discrete):
    """``Discrete(size)`` that checks a plain ``int`` without making numpy scalars.

    ``AssertOutOfBoundsWrapper`` asks `contains` at every step; for an
    ``int`` the answer is the same as gymnasium's, every other value is
    gymnasium's to judge.
    """

    def __init__(self, size: int) -> None:
        super().__init__(size)
        self._size = size

    def contains(self, x: Any) -> bool:
        """Return whether `x` is an id of the space (see ``gymnasium.spaces.Discrete.contains``)."""
        if type(x) is int:
            return 0 <= x < self._size
        return bool(super().contains(x))


class raw_env(AECEnv):  # type: ignore[misc]  # noqa: N801 - PettingZoo's name for the bare class
    """One round of Rommé as a PettingZoo AEC environment (see the module's description).

    Args:
        rules: A `romme.Rules` value or a preset name (``"classic"``, ``"drov"``, …).
        players: The number of seats.
        render_mode: ``None`` or ``"ansi"`` (`render` returns the acting seat's view as text).
        rewards: The reward scheme; ``Rewards()`` (minus penalty points over 100) by default.
        max_cycles: The most actions one seat takes before the round is truncated.

    Raises:
        ValueError: For an unknown render mode or a ``max_cycles`` below 1.
        InvalidPositionError: For a number of seats the rules cannot seat.
    """

    metadata: Final = {
        "render_modes": ["ansi"],
        "name": "romme_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        rules: Rules | str = "classic",
        players: int = 4,
        render_mode: str | None = None,
        rewards: Rewards | None = None,
        max_cycles: int = DEFAULT_MAX_CYCLES,
    ) -> None:
        super().__init__()
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if type(max_cycles) is not int or max_cycles < 1:
            raise ValueError(
                f"max_cycles must be an int of 1 or more, not {_guard.shown(max_cycles)}"
            )
        self.rules = _rules(rules)
        new_game(self.rules, players, seed=0)  # refuses seats the rules cannot deal
        self.render_mode = render_mode
        self.reward_scheme = rewards if rewards is not None else Rewards()
        self.max_cycles = max_cycles
        self.space = ActionSpace(self.rules)
        self.layout = Observation(self.rules, players)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        self.agents = self.possible_agents[:]
        self._seat = {agent: seat for seat, agent in enumerate(self.possible_agents)}
        observation = spaces.Box(0.0, self.layout.high, (self.layout.size,), np.float32)
        mask = spaces.Box(0, 1, (self.space.size,), np.int8)
        self.observation_spaces = {
            agent: spaces.Dict({"observation": observation, "action_mask": mask})
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: _Ids(self.space.size) for agent in self.possible_agents}
        self._random = random.Random()
        self.state: GameState = new_game(self.rules, players, seed=0)
        self._moves = dict.fromkeys(self.possible_agents, 0)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """Return the observation space of `agent` (the same for every agent)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """Return the action space of `agent`: ``Discrete(size)`` of the `romme.rl.spaces.ActionSpace`."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Deal a new round; with `seed`, the same round as every reset with that seed."""
        if seed is not None:
            self._random = random.Random(seed)
        self.state = _deal(self.rules, len(self.possible_agents), self._random)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {}
        self._moves = dict.fromkeys(self.agents, 0)
        self.agent_selection = self.possible_agents[self.state.current_player]
        self._set_infos()

    def _int8_mask(self) -> Any:
        mask = np.zeros(self.space.size, dtype=np.int8)
        mask[self.space.legal_ids(self.state)] = 1
        return mask

    def _set_infos(self) -> None:
        self.infos = {agent: {} for agent in self.agents}
        if not self.state.is_over and self.agents:
            acting = self.possible_agents[self.state.current_player]
            self.infos[acting] = {"legal_moves": self.space.legal_ids(self.state)}

    def observe(self, agent: str) -> dict[str, Any]:
        """Return `agent`'s observation and action mask (all zeros when it is not to act)."""
        seat = self._seat[agent]
        seen = view(self.state, seat)
        to_act = seat == self.state.current_player and not self.state.is_over
        mask = self._int8_mask() if to_act else np.zeros(self.space.size, dtype=np.int8)
        return {"observation": self.layout.encode(seen), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play action id `action` for the agent to act (``None`` for an agent that is done).

        Raises:
            TypeError: If `action` is no integer (a bool, a float, text).
            ActionSpaceError: If it lies outside the action space.
            RommeError: If the action it names is not legal; the state stays as it was.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise TypeError(f"{agent} is to act and needs an action id, not None")
        self.state = apply(
            self.state, self.space.action_of(self.space.checked_id(action), self.state)
        )
        self._moves[agent] += 1
        self._cumulative_rewards[agent] = 0
        if self.state.is_over:
            assert self.state.result is not None
            rewards = self.reward_scheme.of(self.state.result)
            self.rewards = {a: rewards[self._seat[a]] for a in self.agents}
            self.terminations = dict.fromkeys(self.agents, True)
        elif self._moves[agent] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        self.agent_selection = self.possible_agents[self.state.current_player]
        self._set_infos()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """Return the view of the seat to act as text under ``render_mode="ansi"``."""
        if self.render_mode is None:
            return None
        return self.layout.string(view(self.state, self.state.current_player))

    def close(self) -> None:
        """Release nothing: the environment holds no outside resources."""


def _read(name: str) -> Any:
    """The attribute `name` of the bare environment, read in C (``operator.attrgetter``) through ``_ready``.

    Where the wrapper has no ``_ready`` (the outermost one before ``reset``)
    the read fails with ``AttributeError``, and Python then asks the
    wrapper's ``__getattr__``: PettingZoo's own, which refuses the
    per-step attributes before ``reset``.
    """
    return property(
        operator.attrgetter(f"_ready.{name}"), doc=f"The bare environment's ``{name}``."
    )


class _Direct:
    """Reads the attributes PettingZoo's loop reads at every step straight from the bare environment.

    A PettingZoo wrapper finds an attribute it lacks through
    ``__getattr__``, one wrapper after the other, a few microseconds a
    read, and `AECEnv.last`, ``agent_iter`` and the wrappers' own ``step``
    read a dozen of them a step. Mixed into those wrappers, these
    attributes (`_read`) return the bare environment's values in one read
    made in C, without a Python call; the outermost wrapper sets ``_ready``
    only at ``reset``, so before it PettingZoo's ``OrderEnforcingWrapper``
    refuses them as it does.
    """

    _bare: raw_env
    _ready: raw_env
    """The bare environment, once its attributes may be read."""

    def __init__(self, env: Any, **kwargs: Any) -> None:
        super().__init__(env, **kwargs)  # type: ignore[call-arg]
        self._bare = self._ready = env.unwrapped

    agents = _read("agents")
    agent_selection = _read("agent_selection")
    rewards = _read("rewards")
    terminations = _read("terminations")
    truncations = _read("truncations")
    infos = _read("infos")
    _cumulative_rewards = _read("_cumulative_rewards")

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self._bare.action_space(agent)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self._bare.observation_space(agent)


class _TerminateIllegal(_Direct, wrappers.TerminateIllegalWrapper):  # type: ignore[misc]
    """PettingZoo's ``TerminateIllegalWrapper``, reading through `_Direct`."""


class _AssertOutOfBounds(_Direct, wrappers.AssertOutOfBoundsWrapper):  # type: ignore[misc]
    """PettingZoo's ``AssertOutOfBoundsWrapper``, reading through `_Direct`."""


class _OrderEnforcing(_Direct, wrappers.OrderEnforcingWrapper):  # type: ignore[misc]
    """PettingZoo's ``OrderEnforcingWrapper``, reading through `_Direct` once reset."""

    def __init__(self, env: Any) -> None:
        super().__init__(env)
        del self._ready  # until reset, PettingZoo's refusals answer

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Reset as PettingZoo's wrapper does; from now on the per-step reads go straight through."""
        super().reset(seed=seed, options=options)
        self._ready = self._bare

    def __str__(self) -> str:
        return str(self.env)


def env(
    rules: Rules | str = "classic",
    players: int = 4,
    render_mode: str | None = None,
    **kwargs: Any,
) -> Any:
    """Return `raw_env` wrapped as PettingZoo's classic games are.

    An illegal action ends the round with reward -1 for the seat that
    tried it (``TerminateIllegalWrapper``); ids outside the space are
    refused; the order of ``reset``/``step`` is enforced. The wrappers
    are PettingZoo's own, subclassed only to read the per-step
    attributes (``agent_selection``, ``terminations``, ``infos``, …)
    straight from the bare environment instead of through each
    wrapper's ``__getattr__`` in turn.

    Args:
        rules: A `romme.Rules` value or a preset name.
        players: The number of seats.
        render_mode: ``None`` or ``"ansi"``.
        **kwargs: `raw_env`'s ``rewards`` and ``max_cycles``.
    """
    return wrap(raw_env(rules, players, render_mode, **kwargs))


def wrap(bare: raw_env) -> Any:
    """Return `bare` (a `raw_env`, or an instance of a subclass) wrapped as `env` wraps it.

    For an environment that changes `raw_env`'s observations or steps in
    a subclass and keeps the wrappers of the classic games.

    Raises:
        TypeError: If `bare` is not a `raw_env`.
    """
    if not isinstance(bare, raw_env):
        raise TypeError(f"wrap takes a raw_env, not {type(bare).__name__}")
    wrapped = _TerminateIllegal(bare, illegal_reward=-1)
    wrapped = _AssertOutOfBounds(wrapped)
    return _OrderEnforcing(wrapped)
