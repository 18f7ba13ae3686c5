"""Game records (Spielprotokoll): the rules, the seats, the deal and the actions, to replay a round.

>>> from romme import Draw, find_rules, new_game, legal_actions
>>> state = new_game(find_rules("classic"), 3, seed=5)
>>> record = GameRecord.start(state).add(legal_actions(state)[0])
>>> record.replay()[-1] == record.final_state()
True
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

import attrs

from romme import _guard
from romme._turn import apply, check_seats, new_game
from romme.documents._codecs import construct, rules_in, rules_out, state_in, state_out
from romme.documents._reader import Reader
from romme.documents._serialize import register
from romme.errors import (
    IllegalActionError,
    InvalidDataError,
    InvalidNotationError,
    InvalidPositionError,
)
from romme.game import ACTION_TYPES, MAX_SEED, Action, GameState, parse_action
from romme.rules import Rules

__all__ = ["MAX_RECORD_ACTIONS", "GameRecord", "ReplayError"]


class ReplayError(IllegalActionError):
    """An action of a record is illegal where it stands.

    Attributes:
        index: The action's position in the record, from 0.
    """

    def __init__(self, message: str, *, index: int, cause: IllegalActionError) -> None:
        super().__init__(message, reason=cause.reason, action=cause.action, player=cause.player)
        self.index = index


MAX_RECORD_ACTIONS: Final = 100_000
"""The most actions a record holds (a round takes a few hundred)."""


def _actions(value: Iterable[Action]) -> tuple[Action, ...]:
    actions = _guard.bounded(value, MAX_RECORD_ACTIONS, "actions")
    for action in actions:
        if not isinstance(action, ACTION_TYPES):
            raise TypeError(f"a record holds actions, not {type(action).__name__}")
    return actions


@attrs.frozen(kw_only=True)
class GameRecord:
    """A round as data: how it was dealt and every action taken, in order.

    A round dealt by `new_game` is recorded by its seed; any other start
    (a position set up with `new_position`) is stored whole in `initial`.
    """

    rules: Rules = attrs.field(validator=_guard.is_instance(Rules, "rules"))
    """The rules played."""
    players: int = attrs.field(validator=_guard.is_integer("players", 2, 6))
    """The number of seats."""
    dealer: int = attrs.field(validator=_guard.is_integer("dealer", 0, 5))
    """The dealer's seat."""
    seed: int = attrs.field(validator=_guard.is_integer("seed", 1 - MAX_SEED, MAX_SEED - 1))
    """The seed of the deal (and of reshuffles)."""
    initial: GameState | None = attrs.field(
        default=None,
        validator=_guard.is_instance(GameState, "initial", optional=True),
    )
    """The start position when it was not dealt from `seed` by `new_game`."""
    actions: tuple[Action, ...] = attrs.field(default=(), converter=_actions)
    """The actions in the order taken."""

    def __attrs_post_init__(self) -> None:
        check_seats(self.rules, self.players, self.dealer)
        initial = self.initial
        if initial is not None and (
            initial.rules != self.rules
            or initial.players != self.players
            or initial.dealer != self.dealer
            or initial.seed != self.seed
        ):
            raise InvalidPositionError(
                "does not match the record's rules, seats, dealer or seed", where="initial"
            )

    @classmethod
    def start(cls, state: GameState) -> GameRecord:
        """Return an empty record that starts at `state`.

        Raises:
            TypeError: If `state` is no `GameState` (a view holds too little to replay from).
        """
        _guard.instance(state, GameState, "state")
        dealt = new_game(state.rules, state.players, seed=state.seed, dealer=state.dealer)
        return cls(
            rules=state.rules,
            players=state.players,
            dealer=state.dealer,
            seed=state.seed,
            initial=None if dealt == state else state,
        )

    def add(self, *actions: Action) -> GameRecord:
        """Return the record with `actions` appended."""
        return attrs.evolve(self, actions=(*self.actions, *actions))

    def initial_state(self) -> GameState:
        """Return the state the record starts from."""
        if self.initial is not None:
            return self.initial
        return new_game(self.rules, self.players, seed=self.seed, dealer=self.dealer)

    def replay(self) -> tuple[GameState, ...]:
        """Return every state of the round: the start, then the state after each action.

        Raises:
            ReplayError: At the first illegal action, naming its position.
        """
        states = [self.initial_state()]
        for index, action in enumerate(self.actions):
            try:
                states.append(apply(states[-1], action))
            except IllegalActionError as error:
                raise ReplayError(
                    f"action {index} of the record ({action}): {error}", index=index, cause=error
                ) from error
        return tuple(states)

    def final_state(self) -> GameState:
        """Return the state after the last action (see `replay`)."""
        return self.replay()[-1]


def _record_out(record: GameRecord) -> dict[str, object]:
    return {
        "rules": rules_out(record.rules),
        "players": record.players,
        "dealer": record.dealer,
        "seed": record.seed,
        "initial": None if record.initial is None else state_out(record.initial),
        "actions": [str(action) for action in record.actions],
    }


def _record_in(reader: Reader) -> GameRecord:
    rules = rules_in(reader.get_object("rules"))
    players = reader.get_int("players", minimum=2, maximum=rules.max_players)
    dealer = reader.get_int("dealer", minimum=0, maximum=players - 1)
    seed = reader.get_int("seed")
    initial = None if reader.raw("initial") is None else state_in(reader.get_object("initial"))
    actions = []
    texts = reader.get_list("actions")
    if len(texts) > MAX_RECORD_ACTIONS:
        raise InvalidDataError(f"{reader.where('actions')}: more than {MAX_RECORD_ACTIONS} actions")
    for index, text in enumerate(texts):
        if not isinstance(text, str):
            raise InvalidDataError(f"{reader.where('actions')}[{index}]: expected action text")
        try:
            actions.append(parse_action(text))
        except InvalidNotationError as error:
            raise InvalidDataError(f"{reader.where('actions')}[{index}]: {error}") from None
    reader.done()
    if rules.players_dealt_in(players) < 2:
        raise InvalidDataError(f"{reader.path}.players: too few seats dealt in under these rules")
    return construct(
        GameRecord,
        reader.path,
        rules=rules,
        players=players,
        dealer=dealer,
        seed=seed,
        initial=initial,
        actions=actions,
    )


register("record", GameRecord, _record_out, _record_in)
