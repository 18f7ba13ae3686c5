"""SearchBot: legal and deterministic under every preset, its budget checked."""

from __future__ import annotations

import pytest

from romme import (
    PRESETS,
    GameState,
    GreedyBot,
    SearchBot,
    apply,
    find_rules,
    legal_actions,
    new_game,
    view,
)


def _round(preset: str, seed: int, search: SearchBot | None = None) -> list[str]:
    """Play a round of SearchBot at seat 1 against GreedyBots; return the search seat's actions."""
    state: GameState = new_game(PRESETS[preset], 3, seed=seed, dealer=0)
    search = search or SearchBot(seed=seed, iterations=3, discards=True)
    greedy = GreedyBot()
    chosen: list[str] = []
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        action = (search if seat == 1 else greedy).choose(seen)
        assert action in legal_actions(seen)
        if seat == 1:
            chosen.append(str(action))
        state = apply(state, action)
    return chosen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_search_bot_plays_legal_rounds_under_every_preset(preset: str) -> None:
    """SearchBot chooses a legal action at every decision of a round under every preset."""
    assert _round(preset, 5)


def test_search_bot_is_deterministic_given_seed_and_iterations() -> None:
    """The same seed and iteration budget give the same actions in the same round."""
    assert _round("cardgames-zone", 8) == _round("cardgames-zone", 8)


@pytest.mark.parametrize("preset", ["classic", "cardgames-zone"])
def test_search_bot_with_rollouts_plays_legal_deterministic_rounds(preset: str) -> None:
    """The whole-table rollout options (discards and draw) choose legal actions, the same for the same seed."""

    def bot() -> SearchBot:
        return SearchBot(seed=2, iterations=2, discards=True, rollouts=2, draw_rollouts=True)

    assert _round(preset, 4, bot()) == _round(preset, 4, bot())


def test_search_bot_with_a_time_budget_chooses_a_legal_action() -> None:
    """A budget in seconds still gives a legal action."""
    state = new_game(find_rules("drov"), 4, seed=2)
    seen = view(state, state.current_player)
    assert SearchBot(seconds=0.05).choose(seen) in legal_actions(seen)


@pytest.mark.parametrize(
    "options",
    [
        {"iterations": 0},
        {"seconds": 0.0},
        {"seconds": "1"},
        {"horizon": 0},
        {"seed": "x"},
        {"rollouts": -1},
        {"width": 0},
    ],
)
def test_search_bot_refuses_a_bad_budget(options: dict[str, object]) -> None:
    """A budget, horizon or seed outside its range is a ValueError."""
    with pytest.raises(ValueError, match="must be"):
        SearchBot(**options)  # type: ignore[arg-type]


def test_search_bot_refuses_a_view_not_to_act() -> None:
    """A view whose seat is not to act has no legal action: ValueError."""
    state = new_game(find_rules("classic"), 3, seed=1)
    other = (state.current_player + 1) % 3
    with pytest.raises(ValueError, match="no legal action"):
        SearchBot().choose(view(state, other))
