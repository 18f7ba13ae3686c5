"""Rules §13, no melding in the first go-round (ASS S. 1, a variant): one test per clause.

The rule is a `Rules` field, off by default; every preset keeps its
verdicts, and a variant built with `attrs.evolve` plays the rule.
"""

from __future__ import annotations

import random

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    Draw,
    LayDown,
    LayOff,
    Phase,
    Reason,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
)
from romme.play._bots import random_choice
from tests.scenarios._helpers import ASS, DROV, position, refusal

ASS_FIRST_ROUND = attrs.evolve(ASS, no_melds_first_go_round=True)


OPENING = "Q♣ K♣ A♣ 5♦ 9♥"


def test_no_lay_down_before_every_seat_had_a_turn_ASS_S_1() -> None:
    """ASS S. 1 (variant): "Erst wenn jeder einmal dran war, darf ausgelegt werden": the first player may not lay down at once."""
    state = position(ASS_FIRST_ROUND, hands=(OPENING, "2♣ 3♦ 4♥", "6♣ 7♦ 8♥"), phase=Phase.PLAY)
    assert Reason.FIRST_GO_ROUND == refusal(state, LayDown("Q♣ K♣ A♣"))
    assert not any(isinstance(action, LayDown) for action in legal_actions(state))
    assert Discard("5♦") in legal_actions(state)


def test_no_take_for_a_meld_before_every_seat_had_a_turn_ASS_S_1() -> None:
    """ASS S. 1 (variant): under immediate use the discard that a lay-down would take is refused in the first go-round."""
    state = position(ASS_FIRST_ROUND, hands=("Q♣ K♣ 5♦ 9♥", "2♣ 3♦ 4♥", "6♣ 7♦ 8♥"), discard="A♣")
    assert Reason.FIRST_GO_ROUND == refusal(state, TakeDiscard(LayDown("Q♣ K♣ A♣")))
    assert (Draw(),) == legal_actions(state)


def test_melding_opens_once_every_seat_had_a_turn_ASS_S_1() -> None:
    """ASS S. 1 (variant): once each of the three seats has had a turn, the first player may lay down."""
    state = position(
        ASS_FIRST_ROUND,
        hands=(OPENING, "2♣ 3♦ 4♥", "6♣ 7♦ 8♥"),
        stock_top="2♠ 3♠ 4♠ 5♠",
        phase=Phase.PLAY,
    )
    state = apply(state, Discard("5♦"))
    for seat in (1, 2):
        assert seat == state.current_player
        state = apply(state, Draw())
        assert not any(isinstance(action, LayDown) for action in legal_actions(state))
        state = apply(state, Discard(state.hand[0]))
    state = apply(state, Draw())
    assert 0 == state.current_player
    assert 3 == state.turn.number
    assert LayDown("Q♣ K♣ A♣", "run") in legal_actions(state)


def test_the_first_go_round_counts_only_seats_dealt_in_ASS_S_1() -> None:
    """ASS S. 1 with DRoV rule 2: when the dealer sits out, the first go-round is the three seats dealt in."""
    rules = attrs.evolve(DROV, no_melds_first_go_round=True)
    state = new_game(rules, 4, seed=3)
    chooser = random.Random(3)
    decisions = 0
    while state.turn.number < 3 and not state.is_over:
        actions = legal_actions(state)
        assert not [a for a in actions if isinstance(a, LayDown | LayOff | TakeDiscard)]
        state = apply(state, random_choice(chooser, actions, state.rules))
        decisions += 1
    assert 3 == state.turn.number
    assert 6 == decisions  # three seats, a draw and a discard each


@pytest.mark.parametrize("name", PRESETS)
def test_every_preset_melds_in_the_first_go_round(name: str) -> None:
    """Rules §13: no preset holds back melding in the first go-round (the rule is ASS's variant, off by default)."""
    assert not PRESETS[name].no_melds_first_go_round


def test_without_the_variant_the_first_player_lays_down_at_once_ASS_S_1() -> None:
    """ASS S. 1: the rule book's own game lets the first player lay down (the variant is off)."""
    state = position(ASS, hands=(OPENING, "2♣ 3♦ 4♥", "6♣ 7♦ 8♥"), phase=Phase.PLAY)
    assert LayDown("Q♣ K♣ A♣", "run") in legal_actions(state)
