"""One bound of a hand for construction, load and play (rules §4; hardening round 3, point 7).

Every state `apply` makes, and every view of it, loads again; a hand beyond
the bound is refused where it is built, so every position that loads plays on.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    Discard,
    Draw,
    GameState,
    InvalidDataError,
    InvalidPositionError,
    Phase,
    Rules,
    apply,
    dumps,
    find_rules,
    legal_actions,
    loads,
    new_game,
    to_dict,
    view,
)
from romme.testing import rules as any_rules
from tests.conftest import examples
from tests.scenarios._helpers import position

PLAY_SETTINGS = settings(max_examples=examples(dev=8, ci=25), deadline=None)
"""Each example plays up to `MAX_STEPS` actions and loads every state and view it passes (marked ``long``: eight under ``dev``, 25 under ``ci``)."""
MAX_STEPS = 120


def assert_loads_again(state: GameState) -> None:
    """The state and every seat's view survive dumps and loads unchanged."""
    assert loads(dumps(state)) == state
    for seat in range(len(state.hands)):
        seen = view(state, seat)
        assert loads(dumps(seen)) == seen


def _play(rules: Rules, seed: int, rng: st.DataObject, steps: int) -> None:
    players = 3 if rules.dealer_sits_out else 2
    state = new_game(rules, players, seed=seed)
    assert_loads_again(state)
    for _ in range(steps):
        if state.is_over:
            break
        options = legal_actions(state)
        state = apply(state, options[rng.draw(st.integers(0, len(options) - 1))])
        assert_loads_again(state)


@pytest.mark.long
@PLAY_SETTINGS
@given(rules=any_rules(), seed=st.integers(0, 2**32), data=st.data())
def test_every_state_of_random_play_under_random_rules_loads_again(
    rules: Rules, seed: int, data: st.DataObject
) -> None:
    """Hardening round 3, point 7: every state apply makes, and every view of it, round-trips through dumps and loads."""
    _play(rules, seed, data, MAX_STEPS)


@pytest.mark.long
@PLAY_SETTINGS
@pytest.mark.parametrize("preset", ["ass-raeuber", "schmidt-raeuber"])
@given(seed=st.integers(0, 2**32), data=st.data())
def test_every_state_of_random_raeuber_play_loads_again(
    preset: str, seed: int, data: st.DataObject
) -> None:
    """Hardening round 3, point 7: under Räuber-Rommé too, every state and view of random play loads again (rules §13)."""
    _play(find_rules(preset), seed, data, MAX_STEPS)


RULES = Rules()
"""13 cards and the extra card, no joker at the cut: 14 cards at most before a draw, 15 after."""
HAND_13 = "2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣"
"""Thirteen cards."""


def test_a_waiting_seat_with_hand_size_plus_two_is_refused_at_construction() -> None:
    """Hardening round 3, point 7 (rules §4): a seat not to act holds at most hand_size + 1, so hand_size + 2 is refused."""
    with pytest.raises(InvalidPositionError, match="seat 1 holds 15 cards"):
        position(RULES, hands=[HAND_13, HAND_13 + " 2♦ 3♦"], current_player=0)
    # One fewer is the most a seat that waits may hold: the deal's extra card.
    state = position(RULES, hands=[HAND_13, HAND_13 + " 2♦"], current_player=0)
    assert state.hand_sizes() == (13, 14)


def test_the_seat_to_act_holds_hand_size_plus_two_only_after_its_draw() -> None:
    """Hardening round 3, point 7 (rules §4): before the draw hand_size + 1 at most, in the play phase hand_size + 2."""
    big = HAND_13 + " 2♦ 3♦"
    with pytest.raises(InvalidPositionError, match="seat 0 holds 15 cards"):
        position(RULES, hands=[big, HAND_13], phase=Phase.DRAW)
    state = position(RULES, hands=[big, HAND_13], phase=Phase.PLAY)
    assert state.hand_sizes() == (15, 13)
    assert_loads_again(state)


def test_a_document_with_a_waiting_seat_of_hand_size_plus_two_does_not_load() -> None:
    """Hardening round 3, point 7: loads refuses the hand_size + 2 waiting seat too, naming the hand."""
    state = position(RULES, hands=[HAND_13, HAND_13 + " 2♦"], current_player=0)
    document = to_dict(state)
    document["hands"][1].append(document["stock"].pop())
    with pytest.raises(InvalidDataError, match=r"hands\[1\]"):
        loads(json.dumps(document))


def test_the_largest_waiting_hand_plays_on_into_states_that_load() -> None:
    """Hardening round 3, point 7: a seat waiting with hand_size + 1 draws to hand_size + 2, and every state loads."""
    state = position(RULES, hands=[HAND_13, HAND_13 + " 2♦"], current_player=0)
    for _ in range(4):  # two full turns: each seat draws and discards
        state = apply(state, Draw())
        assert_loads_again(state)
        discard = next(a for a in legal_actions(state) if isinstance(a, Discard))
        state = apply(state, discard)
        assert_loads_again(state)
    assert state.hand_sizes() == (13, 14)


def test_the_joker_at_the_cut_adds_one_to_each_bound() -> None:
    """Hardening round 3, point 7 (rules §13, the joker at the cut): hand_size + 2 waits, hand_size + 3 after the draw."""
    rules = Rules(joker_at_cut=True)
    waiting = position(rules, hands=[HAND_13, HAND_13 + " 2♦ 3♦"], current_player=0)
    assert waiting.hand_sizes() == (13, 15)
    with pytest.raises(InvalidPositionError, match="seat 1 holds 16 cards"):
        position(rules, hands=[HAND_13, HAND_13 + " 2♦ 3♦ 4♦"], current_player=0)
    acting = position(rules, hands=[HAND_13 + " 2♦ 3♦ 4♦", HAND_13], phase=Phase.PLAY)
    assert acting.hand_sizes() == (16, 13)
