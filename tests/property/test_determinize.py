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
    Card,
    GameState,
    InvalidPositionError,
    PlayerView,
    RandomBot,
    Rules,
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
from romme.testing import positions, rules


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


_Recounted = tuple[PlayerView, tuple[int, ...], int, tuple[Card, ...], tuple[Card, ...]]


@st.composite
def _recounted_views(draw: st.DrawFn) -> _Recounted:
    """A view from random play, and its hand sizes, stock size, hand and discard pile changed keeping the card count: cards moved between hands and stock, a card of the viewer's hand or the discard pile exchanged."""
    state = _played(
        draw(st.sampled_from(sorted(PRESETS))),
        draw(st.integers(3, 4)),
        draw(st.integers(0, 10_000)),
        draw(st.integers(0, 120)),
    )
    seen = view(state, draw(st.integers(0, len(state.hands) - 1)))
    sizes = [*seen.hand_sizes, seen.stock_size]  # the stock last
    for _ in range(draw(st.integers(1, 3))):
        giver = draw(st.integers(0, len(sizes) - 1))
        taker = draw(st.integers(0, len(sizes) - 1))
        moved = draw(st.integers(0, sizes[giver]))
        sizes[giver] -= moved
        sizes[taker] += moved
    cards = sorted(set(make_deck(state.rules)))
    hand = list(seen.hand)
    if draw(st.booleans()) and hand:
        hand[draw(st.integers(0, len(hand) - 1))] = draw(st.sampled_from(cards))
    pile = list(seen.discard_pile)
    if draw(st.booleans()) and pile:
        pile[draw(st.integers(0, len(pile) - 1))] = draw(st.sampled_from(cards))
    return seen, tuple(sizes[:-1]), sizes[-1], tuple(hand), tuple(pile)


@given(recounted=_recounted_views(), rng_seed=st.integers(0, 2**32))
def test_every_view_that_constructs_can_be_dealt(recounted: _Recounted, rng_seed: int) -> None:
    """A view refuses what no position has (hand sizes, cards in sight, the cards seen going to the hand to act, a dead hand to act in sight); every view that constructs and is not over is dealt by determinize into a position showing that view (rules §2, §4, §13)."""
    seen, sizes, stock_size, hand, pile = recounted
    try:
        changed = attrs.evolve(
            seen, hand_sizes=sizes, stock_size=stock_size, hand=hand, discard_pile=pile
        )
    except InvalidPositionError:
        return
    if changed.is_over:
        return
    guess = determinize(changed, random.Random(rng_seed))
    assert view(guess, changed.player) == changed


@given(state=positions(max_steps=150, allow_over=False), rng_seed=st.integers(0, 2**32))
def test_determinized_position_shows_the_same_view_under_random_rules(
    state: GameState, rng_seed: int
) -> None:
    """determinize deals every seat's view of random play under random `Rules` into a position showing it: what a view reveals of the hand to act (rules §4's free take, §13's table cards) holds under any combination of the rules."""
    for seat in range(len(state.hands)):
        seen = view(state, seat)
        guess = determinize(seen, random.Random(rng_seed))
        assert view(guess, seat) == seen


def _free_raeuber(rules: Rules) -> Rules:
    return attrs.evolve(
        rules,
        rearrange=True,
        opening_counts_table_cards=not rules.rearrange_needs_opened,
        take_discard=TakeDiscardMode.FREE,
        rediscard_taken=False,
    )


@given(
    state=rules()
    .map(_free_raeuber)
    .flatmap(lambda r: positions(r, max_steps=300, allow_over=False)),
    rng_seed=st.integers(0, 2**32),
)
def test_determinize_under_raeuber_with_a_free_take(state: GameState, rng_seed: int) -> None:
    """As above, under Räuber-Rommé with a free take (rules §4, §13): the taken discard and the table cards meet in the hand to act."""
    for seat in range(len(state.hands)):
        seen = view(state, seat)
        assert view(determinize(seen, random.Random(rng_seed)), seat) == seen
