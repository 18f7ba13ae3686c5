"""Hidden hands read from the play (issue 35, point 1): `HandReader` and `deal_weighted`."""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    Card,
    Discard,
    Draw,
    GameState,
    GreedyBot,
    InvalidInputError,
    InvalidPositionError,
    PlayerView,
    RandomBot,
    Rules,
    TakeDiscard,
    TakeDiscardMode,
    apply,
    determinize,
    find_rules,
    make_deck,
    new_game,
    new_position,
    parse_card,
    view,
)
from romme.play import HandReader, deal_weighted, unseen_cards
from romme.testing import positions, rules
from tests.conftest import examples


def _weights(draw: st.DrawFn, seen: PlayerView) -> tuple[dict[Card, float], ...]:
    """Random weights for some unseen cards in each seat's hand, from tiny to huge."""
    pool = sorted(set(unseen_cards(seen)))
    result: list[dict[Card, float]] = []
    for _ in seen.hand_sizes:
        chosen = draw(st.lists(st.sampled_from(pool), max_size=12)) if pool else []
        result.append(
            {card: draw(st.sampled_from((1e-6, 0.1, 0.5, 2.0, 40.0, 1e6))) for card in chosen}
        )
    return tuple(result)


@pytest.mark.long
@settings(max_examples=examples(dev=25, ci=300), deadline=None)
@given(state=positions(max_steps=150, allow_over=False), data=st.data())
def test_weighted_deal_shows_the_same_view_under_random_rules(
    state: GameState, data: st.DataObject
) -> None:
    """Issue 35, point 1: under random Rules and positions from random play, a deal by any positive weights is a position whose view for the viewer is the view, every card of the deck dealt once (as `determinize`, rules §2, §4, §13)."""
    seat = data.draw(st.integers(0, len(state.hands) - 1))
    seen = view(state, seat)
    weights = data.draw(_weights_of(seen))
    guess = deal_weighted(seen, random.Random(data.draw(st.integers(0, 2**32))), weights)
    assert view(guess, seat) == seen
    assert guess.all_cards() == Counter(make_deck(state.rules))


@st.composite
def _weights_of(draw: st.DrawFn, seen: PlayerView) -> tuple[dict[Card, float], ...]:
    return _weights(draw, seen)


def _played_with_readers(rules_: Rules, players: int, seed: int, every: int) -> int:
    """Plays a round at random, each seat feeding its reader; checks the reader's sample every `every` decisions. Returns the samples checked."""
    state = new_game(rules_, players, seed=seed, dealer=seed % players)
    readers = [HandReader() for _ in range(players)]
    bot = RandomBot(seed)
    rng = random.Random(seed)
    checked = 0
    for step in range(400):
        if state.is_over:
            break
        seen = view(state, state.current_player)
        reader = readers[seen.player]
        reader.observe(seen)
        if step % every == 0:
            guess = reader.sample(seen, rng)
            assert view(guess, seen.player) == seen
            assert guess.all_cards() == Counter(make_deck(rules_))
            assert guess.hands[seen.player] == state.hands[seen.player]
            checked += 1
        state = apply(state, bot.choose(seen))
    return checked


@pytest.mark.long
@settings(max_examples=examples(dev=10, ci=150), deadline=None)
@given(rules_=rules(), players=st.integers(3, 4), seed=st.integers(0, 10_000))
def test_reader_samples_show_the_view_in_played_rounds(
    rules_: Rules, players: int, seed: int
) -> None:
    """Issue 35, point 1: a reader fed every view of its seat through a round of random play under random Rules (claims out of turn, refills and Räuber-Rommé among them) samples positions showing the view, every card dealt once."""
    assert _played_with_readers(rules_, players, seed, every=7) > 0


@pytest.mark.parametrize("preset", ["classic", "drov", "cardgames-zone"])
def test_reader_samples_show_the_view_under_the_presets(preset: str) -> None:
    """Issue 35, point 1: as above under presets, a whole round of random play each (the free take of cardgames-zone, the immediate use of drov)."""
    for seed in range(3):
        assert _played_with_readers(find_rules(preset), 4, seed, every=3) > 0


def test_weighted_deal_is_deterministic_given_its_rng() -> None:
    """Issue 35, point 1: the same view, weights and state of the generator give the same position; another seed another one."""
    state = new_game(find_rules("classic"), 4, seed=3)
    seen = view(state, 0)
    weights: tuple[dict[Card, float], ...] = (
        {},
        {parse_card("7♥"): 5.0},
        {parse_card("K♠"): 0.1},
        {},
    )
    first = deal_weighted(seen, random.Random(8), weights)
    assert deal_weighted(seen, random.Random(8), weights) == first
    assert deal_weighted(seen, random.Random(9), weights) != first
    reader = HandReader()
    reader.observe(seen)
    assert reader.sample(seen, random.Random(4)) == reader.sample(seen, random.Random(4))


def _free_rules() -> Rules:
    """Classic with a free take of the discard: a taken card stays in the hand."""
    return attrs.evolve(find_rules("classic"), take_discard=TakeDiscardMode.FREE)


def _history() -> tuple[HandReader, PlayerView]:
    """Three seats: seat 0 discards 7♥, seat 1 takes it and discards K♣, seat 2 discards 8♠; seat 0's reader sees its two turns.

    8♥ and 9♥ are unseen: seat 1 may hold them for the 7♥ it took. 8♣ is
    unseen: seat 2, which discarded 8♠, is less likely to hold it.
    """
    rules_ = _free_rules()
    deck = Counter(make_deck(rules_))
    hands = [
        "7♥ 2♣ 3♦ 4♠ 5♣ 6♦ 10♠ J♦ Q♣",
        "K♣ 2♦ 3♠ 4♣ 5♦ 6♠ 10♦ J♠ Q♦",
        "8♠ 2♠ 3♣ 4♦ 5♠ 6♣ 10♣ J♣ Q♠",
    ]
    held: Counter[Card] = Counter()
    for hand in hands:
        held.update(parse_card(text) for text in hand.split())
    rest = deck - held - Counter({parse_card("A♣"): 1})
    # The stock's top cards (drawn first) are no heart 8 or 9 and no 8♣.
    wanted = {parse_card(text) for text in ("8♥", "9♥", "8♣")}
    stock = [c for c in rest.elements() if c in wanted] + sorted(
        (c for c in rest.elements() if c not in wanted), key=lambda c: c.code
    )
    state = new_position(
        rules_, hands=hands, stock=stock, discard_pile="A♣", current_player=0, dealer=2, seed=1
    )
    reader = HandReader()
    reader.observe(view(state, 0))
    state = apply(state, Draw())
    reader.observe(view(state, 0))
    state = apply(state, Discard(parse_card("7♥")))
    state = apply(state, TakeDiscard())
    state = apply(state, Discard(parse_card("K♣")))
    state = apply(state, Draw())
    state = apply(state, Discard(parse_card("8♠")))
    seen = view(state, 0)
    reader.observe(seen)
    return reader, seen


def test_reader_reads_the_take_and_the_discards_from_the_pile() -> None:
    """Issue 35, point 1: from two views of seat 0 the reader reads that seat 1 took the 7♥ seat 0 discarded and discarded K♣, and that seat 2 discarded 8♠."""
    reader, _seen = _history()
    assert reader.took(1) == (parse_card("7♥"),)
    assert reader.dropped(1) == (parse_card("K♣"),)
    assert reader.took(2) == ()
    assert reader.dropped(2) == (parse_card("8♠"),)


def test_reader_prefers_the_seat_that_took_the_discard() -> None:
    """Issue 35, point 1: seat 1 took the 7♥ and holds it; 8♥ and 9♥ unseen go to seat 1 more often than uniformly (its share of the hidden cards), the 7♥ almost always; the 8♣ goes to seat 2, which discarded 8♠, less often than uniformly."""
    reader, seen = _history()
    hidden = seen.hand_sizes[1] + seen.hand_sizes[2] + seen.stock_size
    rng = random.Random(35)
    samples = 2000
    copies: Counter[tuple[int, str]] = Counter()
    for _ in range(samples):
        guess = reader.sample(seen, rng)
        for seat in (1, 2):
            for text in ("7♥", "8♥", "9♥", "8♣"):
                copies[seat, text] += guess.hands[seat].count(parse_card(text))
    # By hand: 98 cards are hidden, 9 in each of seats 1 and 2 and 80 in the stock
    # (the pile holds A♣ K♣ 8♠, seat 0 its 9); two decks: both copies of 8♥, 9♥
    # and 8♣ are unseen, one 7♥ is with seat 1. Uniformly a copy is in a hand of 9
    # 9/98 of the time: 2 copies x 2000 samples x 9/98, about 367 copies.
    assert (hidden, seen.hand_sizes[1], seen.hand_sizes[2]) == (98, 9, 9)
    uniform = 2 * samples * 9 / 98
    # The 7♥ it took stays with seat 1 (HELD); its neighbours go there more often
    # (TAKEN_NEAR doubles their weight), the 8♣ next to seat 2's 8♠ less often.
    assert copies[1, "7♥"] >= 0.7 * samples
    assert copies[1, "8♥"] > 1.4 * uniform
    assert copies[1, "9♥"] > 1.4 * uniform
    assert copies[2, "8♣"] < 0.6 * uniform
    # Uniform determinize puts them in line with the sizes.
    plain_rng = random.Random(35)
    plain = sum(
        determinize(seen, plain_rng).hands[1].count(parse_card("8♥")) for _ in range(samples)
    )
    assert 0.8 * uniform < plain < 1.2 * uniform


def test_reader_refuses_bad_input() -> None:
    """Issue 35, point 1 (bad input): a non-view is a TypeError, another seat's view an InvalidInputError leaving the reader as it was; bad weights are refused by deal_weighted."""
    state = new_game(find_rules("classic"), 3, seed=2)
    reader = HandReader()
    with pytest.raises(TypeError):
        reader.observe(state)  # type: ignore[arg-type]
    untouched = reader.player
    assert untouched is None
    reader.observe(view(state, 1))
    with pytest.raises(InvalidInputError):
        reader.observe(view(state, 2))
    with pytest.raises(InvalidInputError):
        reader.weights(view(state, 2))
    assert reader.player == 1
    with pytest.raises(TypeError):
        reader.sample(view(state, 1), 3)  # type: ignore[arg-type]
    seen = view(state, 1)
    with pytest.raises(InvalidInputError):
        deal_weighted(seen, random.Random(1), ({},))
    with pytest.raises(InvalidInputError):
        deal_weighted(seen, random.Random(1), ({}, {parse_card("7♥"): 0.0}, {}))
    with pytest.raises(InvalidInputError):
        deal_weighted(seen, random.Random(1), ({}, {parse_card("7♥"): float("nan")}, {}))
    with pytest.raises(TypeError):
        deal_weighted(seen, random.Random(1), ({}, {"7♥": 1.0}, {}))  # type: ignore[dict-item]
    with pytest.raises(TypeError):
        deal_weighted(state, random.Random(1), ({}, {}, {}))  # type: ignore[arg-type]
    over, bot = state, GreedyBot()
    while not over.is_over:
        over = apply(over, bot.choose(view(over, over.current_player)))
    with pytest.raises(InvalidPositionError, match="round is over"):
        deal_weighted(view(over, 0), random.Random(1), ({}, {}, {}))
