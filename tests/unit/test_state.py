"""The engine's internal state copy: every field carried over (docs/maintainers.md: immutable states)."""

from __future__ import annotations

import inspect

import attrs

from romme import GameState, Phase, find_rules, new_game
from romme.state import replace_state


def test_replace_state_copies_every_field() -> None:
    state = new_game(find_rules("drov"), 4, seed=3)
    copy = replace_state(state)
    assert copy == state
    assert copy is not state
    for field in attrs.fields(GameState):
        assert getattr(copy, field.name) is getattr(state, field.name), field.name


def test_replace_state_parameters_are_state_fields() -> None:
    names = {field.name for field in attrs.fields(GameState)}
    parameters = set(inspect.signature(replace_state).parameters) - {"state"}
    assert parameters <= names
    # The fields the engine never changes within a round.
    assert names - parameters == {"rules", "seed", "dealer", "dealt_in"}


def test_replace_state_changes_only_what_it_is_given() -> None:
    state = new_game(find_rules("drov"), 3, seed=8)
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)
    after = replace_state(state, phase=Phase.PLAY, current_player=2)
    assert (after.phase, after.current_player) == (Phase.PLAY, 2)
    assert attrs.evolve(after, phase=Phase.DRAW, current_player=1) == state
    assert (state.phase, state.current_player) == (Phase.DRAW, 1)  # the input is unchanged
