"""Observations of romme.rl: built from a PlayerView only, fixed shape, stable string."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    GameState,
    apply,
    find_rules,
    legal_actions,
    new_game,
    view,
)
from romme.testing import positions
from tests._hidden import shuffle_hidden
from tests.conftest import require_extra

np = require_extra("numpy", "rl")

from romme.rl.observation import Observation, encode_view, view_string  # noqa: E402


@settings(max_examples=60)
@given(state=positions(max_steps=50, allow_over=False), data=st.data())
def test_hidden_cards_do_not_change_the_observation(state: GameState, data: st.DataObject) -> None:
    """Positions that differ only in other hands and the stock encode equally, array and string."""
    viewer = data.draw(st.integers(0, state.players - 1))
    shuffled = shuffle_hidden(state, viewer, random.Random(data.draw(st.integers(0, 2**32))))
    mine, theirs = view(state, viewer), view(shuffled, viewer)
    assert np.array_equal(encode_view(mine), encode_view(theirs))
    assert view_string(mine) == view_string(theirs)


@settings(max_examples=40)
@given(state=positions(max_steps=50))
def test_the_array_has_its_documented_shape_and_bounds(state: GameState) -> None:
    """Every view encodes to the layout's length, within [0, high], the hand block counting the hand."""
    layout = Observation(state.rules, state.players)
    assert sum(block.size for block in layout.blocks) == layout.size
    for seat in range(state.players):
        array = layout.encode(view(state, seat))
        assert array.shape == (layout.size,)
        assert array.dtype == np.float32
        assert array.min() >= 0
        assert array.max() <= layout.high
        assert int(array[:53].sum()) == len(state.hands[seat])


def test_a_visible_change_changes_both_forms() -> None:
    """A move the viewer sees (the discard of the player before) changes the array and the string."""
    rules = find_rules("classic")
    state = new_game(rules, 3, seed=4)
    after = apply(state, legal_actions(state)[0])  # classic: the first player discards
    seer = (state.current_player + 1) % 3
    assert not np.array_equal(encode_view(view(state, seer)), encode_view(view(after, seer)))
    assert view_string(view(state, seer)) != view_string(view(after, seer))


def test_the_string_names_the_visible_facts() -> None:
    """The string form is versioned and lists the own hand and the discard pile."""
    state = new_game(find_rules("drov"), 4, seed=7)
    text = view_string(view(state, 2))
    assert text.splitlines()[0] == "romme observation v1"
    assert f"discard pile: {state.discard_pile[-1]}" in text
    assert "+2: 0 cards, sits out" in text  # seat 0 deals and sits out; seen from seat 2


def test_layout_refuses_other_inputs() -> None:
    """Wrong rules, seats or types are refused with TypeError or ValueError."""
    rules = find_rules("classic")
    with pytest.raises(TypeError):
        Observation("classic", 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players"):
        Observation(rules, 7)
    with pytest.raises(ValueError, match="rules"):
        Observation(rules, 3).encode(view(new_game(rules, 2, seed=1), 0))
    with pytest.raises(TypeError):
        encode_view(new_game(rules, 2, seed=1))  # type: ignore[arg-type]
