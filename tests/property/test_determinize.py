"""Properties of `determinize`: positions consistent with the view, drawn uniformly."""

from __future__ import annotations

import math
import random
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme import (
    PRESETS,
    GameState,
    InvalidPositionError,
    PlayerView,
    RandomBot,
    TakeDiscard,
    TakeDiscardMode,
    apply,
    determinize,
    find_rules,
    legal_actions,
    make_deck,
    new_game,
    unseen_cards,
    view,
)


def _played(preset: str, players: int, seed: int, steps: int) -> GameState:
    """A position after up to `steps` random decisions from a seeded deal."""
    rules = PRESETS[preset]
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    bot = RandomBot(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, bot.choose(view(state, state.current_player)))
    return state


@given(
    preset=st.sampled_from(sorted(PRESETS)),
    players=st.integers(3, 4),
    seed=st.integers(0, 10_000),
    steps=st.integers(0, 120),
    rng_seed=st.integers(0, 2**32),
)
def test_determinized_position_shows_the_same_view(
    preset: str, players: int, seed: int, steps: int, rng_seed: int
) -> None:
    """determinize gives a full deck position whose view for the viewer equals the view, under every preset."""
    state = _played(preset, players, seed, steps)
    for seat in range(players):
        seen = view(state, seat)
        if seen.is_over:
            with pytest.raises(InvalidPositionError, match="round is over"):
                determinize(seen, random.Random(rng_seed))
            continue
        guess = determinize(seen, random.Random(rng_seed))
        assert view(guess, seat) == seen
        assert guess.all_cards() == Counter(make_deck(state.rules))
        if seen.is_my_turn:
            assert legal_actions(guess) == legal_actions(seen)


def _free_take_view() -> PlayerView:
    """A view of another seat while the seat to act holds the discard it took under take_discard=free."""
    rules = find_rules("cardgames-zone")
    assert rules.take_discard is TakeDiscardMode.FREE
    for seed in range(50):
        state = new_game(rules, 4, seed=seed, dealer=0)
        bot = RandomBot(seed)
        while not state.is_over:
            takes = [a for a in legal_actions(state) if isinstance(a, TakeDiscard)]
            state = apply(
                state, takes[0] if takes else bot.choose(view(state, state.current_player))
            )
            if state.turn.taken_in_hand:
                return view(state, (state.current_player + 1) % 4)
    raise AssertionError("no deal lets a seat take the discard")  # pragma: no cover


def test_taken_discard_stays_in_the_takers_hand() -> None:
    """Under take_discard=free a discard taken this turn and still held stays in the taker's hand."""
    seen = _free_take_view()
    taken = seen.turn.taken
    assert taken is not None
    rng = random.Random(5)
    for _ in range(200):
        assert taken in determinize(seen, rng).hands[seen.current_player]


def _chi_square_bound(categories: int) -> float:
    """The chi-square critical value at significance 0.001 (Wilson–Hilferty approximation)."""
    df = categories - 1
    z = 3.0902  # the standard normal's 0.999 quantile
    return df * (1 - 2 / (9 * df) + z * math.sqrt(2 / (9 * df))) ** 3


def _chi_square(observed: Counter[object], expected: dict[object, float]) -> float:
    return sum((observed[key] - value) ** 2 / value for key, value in expected.items())


@pytest.mark.parametrize("preset", ["classic", "drov"])
def test_hidden_cards_are_uniform(preset: str) -> None:
    """The stock's top card, a card of another hand and a hand's size split follow the unseen cards' frequencies (chi-square, p = 0.001)."""
    state = _played(preset, 4, 11, 9)
    me = state.current_player
    seen = view(state, me)
    pool = Counter(unseen_cards(seen))
    total = sum(pool.values())
    other = next(s for s in range(4) if s != me and seen.hand_sizes[s])
    rng = random.Random(2024)
    pick = random.Random(99)
    samples = 6000
    tops: Counter[object] = Counter()
    held: Counter[object] = Counter()
    for _ in range(samples):
        guess = determinize(seen, rng)
        tops[guess.stock[-1]] += 1
        held[pick.choice(guess.hands[other])] += 1
    expected: dict[object, float] = {card: samples * n / total for card, n in pool.items()}
    assert set(tops) <= set(expected)
    assert set(held) <= set(expected)
    bound = _chi_square_bound(len(expected))
    assert _chi_square(tops, expected) < bound
    assert _chi_square(held, expected) < bound


def test_determinize_refuses_bad_input() -> None:
    """determinize takes a PlayerView and a random.Random; a view whose counts do not fit the deck is refused when it is built."""
    seen = view(new_game(find_rules("classic"), 3, seed=1), 0)
    with pytest.raises(TypeError):
        determinize(seen, 3)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        determinize(new_game(find_rules("classic"), 3, seed=1), random.Random(1))  # type: ignore[arg-type]
    # A view whose counts do not fit the deck cannot even be built (it is no view).
    with pytest.raises(InvalidPositionError):
        attrs.evolve(seen, stock_size=seen.stock_size + 1)
    with pytest.raises(InvalidPositionError):
        attrs.evolve(seen, discard_pile=(*seen.hand, *seen.hand))
