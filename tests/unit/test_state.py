"""The engine's internal state copy and value builder: every field carried over (docs/maintainers.md: immutable states)."""

from __future__ import annotations

import inspect
from typing import Any

import attrs
import pytest

from romme import (
    GameState,
    Phase,
    TableMeld,
    TurnState,
    find_rules,
    new_game,
    parse_card,
    parse_cards,
    validate_meld,
)
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


def test_trusted_builder_sets_every_slot_as_the_checked_constructor_does() -> None:
    from romme._guard import builder

    build = builder(TurnState)
    fields: dict[str, Any] = {
        "number": 4,
        "opened_before": True,
        "taken": parse_card("7♥"),
        "taken_in_hand": True,
        "taken_staged": False,
        "laid_off": True,
        "to_go_out": False,
        "borrowed": (),
        "before": None,
        "claim": None,
        "table_takes": 2,
    }
    assert {field.name for field in attrs.fields(TurnState)} == set(fields)
    built = build(**fields)
    assert type(built) is TurnState
    assert built == TurnState(**fields)
    assert hash(built) == hash(TurnState(**fields))
    assert builder(TurnState) is build  # written once per class


def test_trusted_builder_refuses_a_field_left_out_or_unknown() -> None:
    from romme._guard import builder

    build = builder(TableMeld)
    meld = validate_meld(parse_cards("7♥ 8♥ 9♥"), find_rules("drov"))
    with pytest.raises(TypeError):
        build(meld=meld, owner=0, staged=False, fresh=frozenset())  # no `announced`
    with pytest.raises(TypeError):
        build(meld=meld, owner=0, staged=False, fresh=frozenset(), announced=(), colour="red")
    entry = build(meld=meld, owner=1, staged=True, fresh=frozenset(), announced=())
    assert entry == TableMeld(meld, 1, staged=True)


@attrs.frozen(kw_only=True)
class _Base:
    first: int
    second: str = "b"


@attrs.frozen(kw_only=True)
class _Derived(_Base):
    third: tuple[int, ...]


def test_trusted_builder_of_a_subclass_sets_its_bases_fields_too() -> None:
    from romme._guard import builder

    built = builder(_Derived)(first=1, second="two", third=(3,))
    assert built == _Derived(first=1, second="two", third=(3,))
    with pytest.raises(TypeError):
        builder(_Derived)(third=(3,))  # the base's fields are not optional either
