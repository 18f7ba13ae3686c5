"""The coded hand a state keeps for the turn core (docs/maintainers.md, the turn core).

A state keeps the hand of the seat that acts in it as a packed multiset;
`apply` hands it on, updated from each action's effect, while the same seat
goes on acting, and the checker and the generator read it instead of
packing the hand anew. These tests hold the kept code to the hand itself at
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
from romme._coded import Coded
from romme._search import pack_cards
from romme._turn import hand_key, kept_hand_key
from romme._turn.position import _Pos, _pos
from romme.bots import random_choice
from romme.testing import rules as random_rules

MAX_STEPS = 3000


def clear(state: GameState) -> None:
    """Empty the coded slot of `state` (the test's own access to it)."""
    Coded._coded.__delete__(state)  # type: ignore[attr-defined]


def _packed(state: GameState) -> tuple[int, ...]:
    """The hands of `state` packed here, independently of what the state kept."""
    return tuple(pack_cards(tuple(hand)) for hand in state.hands)


def _audit(state: GameState) -> None:
    """What `state` keeps, if anything, is the code of its seat to act; every seat's code reads true."""
    kept = kept_hand_key(state)
    if kept is not None:
        assert kept == _packed(state)[state.current_player]
    assert tuple(hand_key(state, seat) for seat in range(state.players)) == _packed(state)


def _play_and_audit(rules: Rules, players: int, seed: int) -> int:
    """Random legal play of one round, auditing the kept code at every step. Returns the steps."""
    state = new_game(rules, players, seed=seed)
    chooser = random.Random(seed)
    steps = kept = 0
    while not state.is_over and steps < MAX_STEPS:
        kept += kept_hand_key(state) is not None
        _audit(state)
        state = apply(state, random_choice(chooser, legal_actions(state), state.rules))
        steps += 1
    _audit(state)
    return kept


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kept_codes_follow_the_hands_under_every_preset(preset: str) -> None:
    """Draws, takes, lay-downs, lay-offs, swaps, take-backs and discards all keep the code true."""
    for seed in range(3):
        # Most states of a round come from apply within a turn, keeping a code.
        assert _play_and_audit(PRESETS[preset], 4, seed) > 0


@given(rules=random_rules(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_kept_codes_follow_the_hands_under_random_rules(rules: Rules, seed: int) -> None:
    _play_and_audit(rules, 3, seed)


def test_the_kept_codes_are_never_part_of_the_value() -> None:
    """Equality, hashing, repr, evolve, copies, pickles and JSON ignore the slot (guarantee 6)."""
    state = new_game(PRESETS["drov"], 4, seed=11)
    fresh = new_game(PRESETS["drov"], 4, seed=11)
    # Checking a new state fills its slot; the slot of one of two equal states
    # is emptied, so that they differ in nothing but it.
    assert kept_hand_key(state) is not None
    clear(state)
    assert kept_hand_key(state) is None
    assert kept_hand_key(fresh) is not None
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
        _audit(other)


def test_a_state_built_by_evolve_packs_its_own_hands() -> None:
    """A state changed by `attrs.evolve` never inherits the code of a hand it replaced."""
    state = new_game(PRESETS["classic"], 3, seed=5)
    before = tuple(hand_key(state, seat) for seat in range(3))
    swapped = attrs.evolve(state, hands=(state.hands[1], state.hands[0], state.hands[2]))
    _audit(swapped)
    assert hand_key(swapped, 0) == before[1] != before[0]


def test_the_checkers_reading_of_a_state_fills_every_field() -> None:
    """Maintainers' page, the turn core: `_pos` builds the checker's position from the tuple of its
    fields, without the named tuple's checks, so each field is compared with the state it reads."""
    state = new_game(PRESETS["drov"], 4, seed=3)
    seat = state.current_player
    read = _pos(state, seat)
    assert len(read) == len(_Pos._fields)
    assert read._asdict() == {
        "rules": state.rules,
        "player": seat,
        "phase": state.phase,
        "hand": state.hands[seat],
        "table": state.table,
        "discard_pile": state.discard_pile,
        "opened": state.opened,
        "turn": state.turn,
        "stock_size": len(state.stock),
        "key": pack_cards(state.hands[seat]),
        "dealt_in": state.dealt_in,
    }
