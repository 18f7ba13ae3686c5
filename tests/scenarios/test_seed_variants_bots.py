"""The bots under the optional take and swap rules (rules §13): whole rounds, legal choices, cards conserved.

Each variant is a preset with one optional rule on. Mixed `GreedyBot` and
`RandomBot` seats play seeded rounds to their end: every choice is one of
``legal_actions(view)`` (guarantee 3), the cards always form the deck
(guarantee 1) and every round ends (guarantee 4).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs
import pytest

from romme import (
    PRESETS,
    AdjacentJokers,
    Bot,
    Card,
    FailedTake,
    GameState,
    GreedyBot,
    IndirectLayoffOut,
    RandomBot,
    Rules,
    apply,
    legal_actions,
    make_deck,
    new_game,
    view,
)

VARIANTS: Final = {
    "drov-failed-take-discard": attrs.evolve(PRESETS["drov"], failed_take=FailedTake.DISCARD),
    "drov-mauscheln-to-go-out": attrs.evolve(PRESETS["drov"], indirect_layoff_only_to_go_out=True),
    "drov-mauscheln-goes-out-this-turn": attrs.evolve(
        PRESETS["drov"],
        indirect_layoff_only_to_go_out=True,
        indirect_layoff_out=IndirectLayoffOut.GOES_OUT_THIS_TURN,
    ),
    "schmidt-complete-swap": attrs.evolve(PRESETS["schmidt"], swap_needs_complete_meld=True),
    "schmidt-long-runs": attrs.evolve(PRESETS["schmidt"], adjacent_jokers=AdjacentJokers.LONG_RUNS),
    "schmidt-announced-jokers": attrs.evolve(PRESETS["schmidt"], announced_jokers=True),
}
ROUNDS: Final = 4
MAX_DECISIONS: Final = 20_000
"""A round of these bots ends long before this many decisions; more means a loop."""


def _cards(state: GameState) -> Counter[Card]:
    held = Counter(card for hand in state.hands for card in hand)
    held.update(card for entry in state.table for card in entry.meld.cards)
    held.update(state.stock)
    held.update(state.discard_pile)
    return held


@pytest.mark.parametrize("name", VARIANTS)
def test_bots_play_whole_rounds_under_the_variant(name: str) -> None:
    """Rules §13 with guarantees 1, 3 and 4: the bots' rounds end, legal and with the deck whole."""
    rules: Rules = VARIANTS[name]
    deck = Counter(make_deck(rules))
    for index in range(ROUNDS):
        players = 3 + index % 2
        state = new_game(rules, players, seed=index, dealer=index % players)
        bots: list[Bot] = [
            GreedyBot() if (seat + index) % 2 == 0 else RandomBot(seed=10 * index + seat)
            for seat in range(players)
        ]
        decisions = 0
        while not state.is_over:
            assert decisions < MAX_DECISIONS, "the round does not end"
            seat = state.current_player
            seen = view(state, seat)
            action = bots[seat].choose(seen)
            assert action in legal_actions(seen)
            state = apply(state, action)
            assert deck == _cards(state)
            decisions += 1
        assert state.result is not None
