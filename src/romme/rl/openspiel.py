"""OpenSpiel game (Spiel für OpenSpiel): one round of Rommé as the Python game ``python_romme``.

Importing this module registers the game with ``pyspiel``::

    import pyspiel
    import romme.rl.openspiel  # registers python_romme
    game = pyspiel.load_game("python_romme", {"rules": "drov", "players": 3})

Parameters: ``rules`` (a preset name, default ``"classic"``), ``players``
(default 2), ``deals`` (default 1000) and ``max_moves`` (default 2000).

The deal is one explicit chance node at the start: its outcome, one of
``deals`` equally likely numbers, is the seed of `romme.new_game` (and
picks the dealer), so the stock's order is fixed by the deal and every
later draw, reshuffles included, is deterministic. Actions are the ids of
`romme.rl.spaces.ActionSpace`; observations (``observation_string`` and
``observation_tensor``, through the observer) are those of
`romme.rl.observation.Observation` for the seat asked, so they hold no
hidden card; the game offers no perfect-recall information state.
Returns are `romme.rl.rewards.Rewards` (minus penalty points over 100);
a round that reaches ``max_moves`` ends with returns 0. Serialization is
OpenSpiel's own: the history of actions.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any, Final, NamedTuple

from romme.rl._extra import needs_extra

with needs_extra(__name__, "openspiel"):
    import numpy as np
    import pyspiel  # type: ignore[import-not-found]

from romme import GameState, Rules, _guard, apply, find_rules, new_game, view
from romme.rl.observation import Observation
from romme.rl.rewards import Rewards
from romme.rl.spaces import ActionSpace, checked_id

__all__ = ["GAME_NAME", "RommeGame", "RommeObserver", "RommeState"]

GAME_NAME: Final = "python_romme"
"""The name the game is registered under."""

_DEFAULTS: Final = {"rules": "classic", "players": 2, "deals": 1000, "max_moves": 2000}

_GAME_TYPE: Final = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Python Rommé",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.GENERAL_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=6,
    min_num_players=2,
    provides_information_state_string=False,
    provides_information_state_tensor=False,
    provides_observation_string=True,
    provides_observation_tensor=True,
    parameter_specification=_DEFAULTS,
)


class _Setup(NamedTuple):
    rules: Rules
    players: int
    deals: int
    max_moves: int
    space: ActionSpace
    layout: Observation
    rewards: Rewards


@lru_cache(maxsize=32)
def _setup(rules: str, players: int, deals: int, max_moves: int) -> _Setup:
    if deals < 1 or max_moves < 1:
        raise ValueError(
            f"deals and max_moves must be 1 or more, not {_guard.shown(deals)} and {_guard.shown(max_moves)}"
        )
    chosen = find_rules(rules)
    new_game(chosen, players, seed=0)  # refuses seats the rules cannot deal
    space = ActionSpace(chosen)
    return _Setup(chosen, players, deals, max_moves, space, Observation(chosen, players), Rewards())


def _key_of(params: dict[str, Any]) -> tuple[str, int, int, int]:
    merged = {**_DEFAULTS, **params}
    return (
        str(merged["rules"]),
        int(merged["players"]),
        int(merged["deals"]),
        int(merged["max_moves"]),
    )


def _setup_of(params: dict[str, Any]) -> _Setup:
    return _setup(*_key_of(params))


class RommeGame(pyspiel.Game):  # type: ignore[misc]
    """The game ``python_romme``: one round under one preset (see the module's description).

    Raises:
        ValueError: For a ``deals`` or ``max_moves`` below 1, or an unknown preset.
        InvalidPositionError: For a number of seats the rules cannot seat.
    """

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        merged = {**_DEFAULTS, **(params or {})}
        setup = _setup_of(merged)
        low, high = setup.rewards.bounds(setup.rules)
        info = pyspiel.GameInfo(
            num_distinct_actions=setup.space.size,
            max_chance_outcomes=setup.deals,
            num_players=setup.players,
            min_utility=low,
            max_utility=high,
            max_game_length=setup.max_moves,
        )
        super().__init__(_GAME_TYPE, info, merged)

    def new_initial_state(self) -> RommeState:
        """Return the state before the deal (a chance node)."""
        return RommeState(self)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> RommeObserver:
        """Return the observer of one seat's view (no perfect-recall information state).

        Raises:
            ValueError: If a perfect-recall observation is asked for, or parameters are given.
        """
        if iig_obs_type is not None and iig_obs_type.perfect_recall:
            raise ValueError("python_romme offers no perfect-recall information state")
        if params:
            raise ValueError(f"the observer takes no parameters, not {params}")
        return RommeObserver(_setup_of(self.get_parameters()).layout)


class RommeState(pyspiel.State):  # type: ignore[misc]
    """A position of ``python_romme``: before the deal, a round in play, or its end."""

    def __init__(self, game: RommeGame) -> None:
        super().__init__(game)
        # Only the key: OpenSpiel copies states, and the setup's tables are large.
        self._key = _key_of(game.get_parameters())
        self.position: GameState | None = None
        """The round's `romme.GameState` once dealt."""
        self._moves = 0

    @property
    def _game(self) -> _Setup:
        return _setup(*self._key)

    def current_player(self) -> int:
        """Return the seat to act, ``CHANCE`` before the deal or ``TERMINAL`` at the end."""
        if self.position is None:
            return int(pyspiel.PlayerId.CHANCE)
        if self._ended():
            return int(pyspiel.PlayerId.TERMINAL)
        return self.position.current_player

    def _ended(self) -> bool:
        return self.position is not None and (
            self.position.is_over or self._moves >= self._game.max_moves
        )

    def _legal_actions(self, player: int) -> list[int]:
        if self.position is None or self._ended() or player != self.position.current_player:
            return []
        return sorted(self._game.space.legal_ids(self.position))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """Return the deals, equally likely."""
        deals = self._game.deals
        return [(deal, 1.0 / deals) for deal in range(deals)]

    def _apply_action(self, action: int) -> None:
        game = self._game
        if self.position is None:
            deal = checked_id(action, game.deals, "a deal")
            self.position = new_game(
                game.rules, game.players, seed=deal, dealer=deal % game.players
            )
            return
        action = game.space.checked_id(action)
        self.position = apply(self.position, game.space.action_of(action, self.position))
        self._moves += 1

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE or self.position is None:
            return f"deal {action}"
        try:
            return str(self._game.space.decode(int(action), self.position))
        except ValueError:
            return f"action {action}"

    def is_terminal(self) -> bool:
        """Return whether the round is over or reached ``max_moves``."""
        return self._ended()

    def returns(self) -> list[float]:
        """Return every seat's reward: 0 until the round is over."""
        players = self._game.players
        if self.position is None or self.position.result is None:
            return [0.0] * players
        return list(self._game.rewards.of(self.position.result))

    def __str__(self) -> str:
        if self.position is None:
            return "before the deal"
        hands = [
            f"seat {seat}: {' '.join(str(card) for card in hand)}"
            for seat, hand in enumerate(self.position.hands)
        ]
        return "\n".join([*hands, self._game.layout.string(view(self.position, 0))])


class RommeObserver:
    """The observer of ``python_romme``: `romme.rl.observation.Observation` of one seat's view, array and string."""

    def __init__(self, layout: Observation) -> None:
        self._layout = layout
        self.tensor = np.zeros(layout.size, np.float32)
        """The flat observation array, updated by `set_from`."""
        self.dict = {
            block.name: self.tensor[block.start : block.start + block.size]
            for block in layout.blocks
        }
        """The blocks of `tensor` by name."""

    def set_from(self, state: RommeState, player: int) -> None:
        """Fill `tensor` with `player`'s view of `state` (zeros before the deal)."""
        if state.position is None:
            self.tensor.fill(0)
            return
        self.tensor[:] = self._layout.encode(view(state.position, player))

    def string_from(self, state: RommeState, player: int) -> str:
        """Return `player`'s view of `state` as text."""
        if state.position is None:
            return "before the deal"
        return self._layout.string(view(state.position, player))


pyspiel.register_game(_GAME_TYPE, RommeGame)
