"""The generator against brute force on positions built to stress its shortcuts (guarantee 3).

`legal_actions` prunes its candidates (runs stop past an ace without
``ace_wraps``, no joker beside a joker where ``adjacent_jokers`` forbids
it, no lay-downs for an unopened player who cannot reach the opening);
these tests check every pruned candidate against the checker.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import attrs
import pytest

from romme import (
    JOKER,
    AdjacentJokers,
    GameState,
    JokerLimit,
    LayOff,
    Phase,
    Rules,
    Side,
    find_rules,
    is_legal,
    legal_actions,
)
from tests._deck import deck_position


def _position(rules: Rules, hand: str, table: list[tuple[str, int]]) -> GameState:
    """Seat 0 to play, everyone opened; under dealer_sits_out seat 2 deals and sits out."""
    third = "" if rules.dealer_sits_out else "5♦ 6♦ 8♦"
    return deck_position(
        rules,
        hands=[hand, "2♦ 3♦ 4♦", third],
        table=table,
        opened=[True, True, True],
        phase=Phase.PLAY,
        dealer=2,
    )


# Runs with an ace, a joker or a two at an end, and a set with room.
TABLE = [
    ("Q♣ K♣ A♣", 1),
    ("A♥ 2♥ 3♥", 1),
    ("JK 5♠ 6♠", 1),
    ("8♦ 9♦ JK", 1),
    ("7♣ 7♥ 7♠", 1),
]
HANDS = [
    "2♣ 3♣ J♣ 10♣ 4♥ K♥ Q♥ 4♠ 7♠ 8♠ JK JK",
    "A♣ 2♣ K♥ 4♥ 5♥ 3♠ 10♦ J♦ 7♦ 7♦ JK JK JK",
    "9♣ J♣ 4♥ 5♥ 6♥ 8♠ 9♠ 10♠ Q♦ K♦ JK",
]
CHANGES: list[tuple[str, dict[str, Any]]] = [
    ("as-is", {}),
    ("wraps", {"ace_wraps": True}),
    ("no-wraps", {"ace_wraps": False}),
    ("adjacent-forbidden", {"adjacent_jokers": AdjacentJokers.FORBIDDEN}),
    ("adjacent-long", {"adjacent_jokers": AdjacentJokers.LONG_RUNS}),
    (
        "adjacent-allowed",
        {"adjacent_jokers": AdjacentJokers.ALLOWED, "joker_limit": JokerLimit.NONE},
    ),
]
VARIANTS = [
    pytest.param(attrs.evolve(find_rules(name), **changes), id=f"{name}-{label}")
    for name in ("drov", "classic")
    for label, changes in CHANGES
]


@pytest.mark.parametrize("rules", VARIANTS)
@pytest.mark.parametrize("hand", HANDS)
def test_every_legal_lay_off_onto_a_run_is_generated(rules: Rules, hand: str) -> None:
    """Rules §3 (around the corner, adjacent jokers, joker limit) and §6 (laying off)."""
    state = _position(rules, hand, TABLE)
    generated = {a for a in legal_actions(state) if isinstance(a, LayOff)}
    cards = state.hand
    for target, (text, _) in enumerate(TABLE):
        for size in range(1, 4):
            for sequence in set(permutations(cards, size)):
                for side in (Side.LOW, Side.HIGH) if "7♣" not in text else (None,):
                    action = LayOff(target, sequence, side)
                    assert is_legal(state, action) == (action in generated), action


@pytest.mark.parametrize("rules", VARIANTS)
def test_joker_runs_reach_past_the_pruning(rules: Rules) -> None:
    """A run extended by several jokers and naturals, as far as the rules allow (rules §3)."""
    state = _position(rules, "10♣ J♣ 4♦ JK JK JK", [("7♣ 8♣ 9♣", 1)])
    generated = {a for a in legal_actions(state) if isinstance(a, LayOff)}
    hand = state.hand
    for size in range(1, 7):
        for sequence in set(permutations(hand, size)):
            for side in (Side.LOW, Side.HIGH):
                action = LayOff(0, sequence, side)
                assert is_legal(state, action) == (action in generated), action
    assert LayOff(0, (JOKER,), Side.HIGH) in generated
