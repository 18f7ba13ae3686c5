"""The coded hands a state keeps for the turn core (docs/maintainers.md, the turn core).

`apply` hands the hands on as packed multisets, updated from each action's
effect; the checker and the generator read them instead of packing the
hands anew. These tests hold the kept codes to the hands themselves at
every step of random play, under every preset and under random rules, and
check that the slot is never part of a state's value.
"""

from __future__ import annotations

import copy
import pickle
import random

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme import PRESETS, GameState, Rules, apply, dumps, legal_actions, loads, new_game
from romme._search import pack_cards
from romme._turn import hand_keys
from romme.testing import rules as random_rules

MAX_STEPS = 3000


def _packed(state: GameState) -> tuple[int, ...]:
    """The hands of `state` packed here, independently of what the state kept."""
    return tuple(pack_cards(tuple(hand)) for hand in state.hands)


def _play_and_audit(rules: Rules, players: int, seed: int) -> int:
    """Random legal play of one round; at every step the kept codes equal the hands. Returns the steps."""
    state = new_game(rules, players, seed=seed)
    chooser = random.Random(seed)
    steps = 0
    while not state.is_over and steps < MAX_STEPS:
        assert hand_keys(state) == _packed(state)
        state = apply(state, chooser.choice(legal_actions(state)))
        steps += 1
    assert hand_keys(state) == _packed(state)
    return steps


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kept_codes_follow_the_hands_under_every_preset(preset: str) -> None:
    """Draws, takes, lay-downs, lay-offs, swaps, take-backs and discards all keep the codes true."""
    for seed in range(3):
        assert _play_and_audit(PRESETS[preset], 4, seed) > 0


@given(rules=random_rules(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_kept_codes_follow_the_hands_under_random_rules(rules: Rules, seed: int) -> None:
    _play_and_audit(rules, 3, seed)


def test_the_kept_codes_are_never_part_of_the_value() -> None:
    """Equality, hashing, repr, evolve, copies, pickles and JSON ignore the slot (guarantee 6)."""
    state = new_game(PRESETS["drov"], 4, seed=11)
    fresh = new_game(PRESETS["drov"], 4, seed=11)
    hand_keys(state)  # fills the slot of one of two equal states
    assert state == fresh
    assert hash(state) == hash(fresh)
    assert repr(state) == repr(fresh)
    assert "coded" not in repr(state)
    assert [field.name for field in attrs.fields(GameState)] == [
        field.name for field in attrs.fields(type(fresh))
    ]
    assert "_coded" not in {field.name for field in attrs.fields(GameState)}
    for other in (
        pickle.loads(pickle.dumps(state)),
        copy.copy(state),
        copy.deepcopy(state),
        attrs.evolve(state),
        loads(dumps(state)),
    ):
        assert other == state
        assert hand_keys(other) == _packed(state)


def test_a_state_built_by_evolve_packs_its_own_hands() -> None:
    """A state changed by `attrs.evolve` never inherits codes of the hands it replaced."""
    state = new_game(PRESETS["classic"], 3, seed=5)
    hand_keys(state)
    swapped = attrs.evolve(state, hands=(state.hands[1], state.hands[0], state.hands[2]))
    assert hand_keys(swapped) == _packed(swapped)
    assert hand_keys(swapped) != hand_keys(state)
