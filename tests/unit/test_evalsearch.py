"""The search bot on the hand reader and the learnt evaluation (issue 35, point 3)."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

import pytest

from romme import (
    PRESETS,
    Action,
    Discard,
    GameState,
    GreedyBot,
    InvalidInputError,
    LayDown,
    Phase,
    PlayerView,
    Rules,
    TakeDiscard,
    apply,
    legal_actions,
    make_deck,
    new_game,
    new_position,
    parse_cards,
    view,
)
from romme.arena import make_bot
from romme.play._evalsearch import EvalSearchBot

CLASSIC: Final = PRESETS["classic"]


def _position(rules: Rules, hands: Sequence[str], *, discard: str = "", phase: Phase) -> GameState:
    """Seat 0 to act with the named cards, nobody opened; every card not named lies in the stock."""
    cards = Counter(make_deck(rules))
    for text in (*hands, discard):
        cards.subtract(parse_cards(text))
    return new_position(
        rules,
        hands=list(hands),
        stock=tuple(sorted(cards.elements())),
        discard_pile=discard,
        current_player=0,
        phase=phase,
    )


def _round(preset: str, seats: int, seed: int, bot: EvalSearchBot) -> list[Action]:
    """One round, `bot` at the first seat dealt in and GreedyBots elsewhere; every action checked legal."""
    state = new_game(PRESETS[preset], seats, seed=seed)
    mine = state.dealt_in.index(True)
    others = GreedyBot()
    played: list[Action] = []
    for _ in range(2_000):
        if state.is_over:
            return played
        seat = state.current_player
        seen = view(state, seat)
        action = (bot if seat == mine else others).choose(seen)
        assert action in legal_actions(seen)
        if seat == mine:
            played.append(action)
        state = apply(state, action)
    raise AssertionError("the round did not end")


@pytest.mark.parametrize(("preset", "seats"), [("classic", 2), ("drov", 4)])
def test_the_bot_plays_legal_moves_deterministically_given_its_seed(
    preset: str, seats: int
) -> None:
    """Issue 35, point 3: every choice is legal, and the same seed and budget replay the same round."""
    first = _round(preset, seats, 11, EvalSearchBot(seed=5, samples=2, width=2))
    again = _round(preset, seats, 11, EvalSearchBot(seed=5, samples=2, width=2))
    assert first == again
    assert first


def test_the_uniform_sampler_stays_reachable_and_legal() -> None:
    """Issue 35, point 3: ``sampler="uniform"`` samples with determinize and plays a legal round."""
    assert _round("classic", 2, 12, EvalSearchBot(seed=1, samples=2, sampler="uniform"))


class _Counting(EvalSearchBot):
    """The bot, counting the positions it samples (a subclass, not a mock: the samples are real)."""

    def __init__(self, **options: object) -> None:
        super().__init__(**options)  # type: ignore[arg-type]
        self.sampled = 0

    def _sample(self, view: PlayerView, rng: random.Random) -> GameState:
        self.sampled += 1
        return super()._sample(view, rng)


def test_a_searched_decision_samples_exactly_its_budget() -> None:
    """Issue 35, point 3: a searched draw draws ``samples`` positions; a time budget stops earlier."""
    state = _position(
        CLASSIC,
        ["Q♥ K♥ 2♣ 5♦ 9♠ 7♣ 3♦ 4♠ 8♦ 6♣ 2♠ 5♣ 9♦", "2♥ 3♥ 4♥"],
        discard="J♥",
        phase=Phase.DRAW,
    )
    bot = _Counting(samples=7)
    bot.choose(view(state, 0))
    assert bot.sampled == 7
    timed = _Counting(samples=10_000, seconds=0.05)
    timed.choose(view(state, 0))
    assert 1 <= timed.sampled < 10_000


def test_it_takes_a_discard_that_completes_an_opening_meld() -> None:
    """Issue 35, point 3 (classic, 30 to open): J♥ completes J♥ Q♥ K♥, 30 points, so it takes and lays it.

    Drawing blind leaves the hand without a meld; taking the jack opens at
    once and sheds 30 penalty points.
    """
    state = _position(
        CLASSIC,
        ["Q♥ K♥ 2♣ 5♦ 9♠ 7♣ 3♦ 4♠ 8♦ 6♣ 2♠ 5♣ 9♦", "2♥ 3♥ 4♥"],
        discard="J♥",
        phase=Phase.DRAW,
    )
    action = EvalSearchBot(seed=2).choose(view(state, 0))
    assert isinstance(action, TakeDiscard)
    assert isinstance(action.use, LayDown)
    assert sorted(action.use.cards) == sorted(parse_cards("J♥ Q♥ K♥"))


def test_it_does_not_discard_a_card_of_a_run_it_holds() -> None:
    """Issue 35, point 3 (classic, not opened: 4♥ 5♥ 6♥ and 3♣ 3♠ 3♦ make 24 of 30): it keeps both melds, discards searched or not.

    Each meld card thrown breaks a meld the hand will lay once it opens;
    the lone K♠ and Q♦ meet nothing.
    """
    state = _position(
        CLASSIC, ["4♥ 5♥ 6♥ 3♣ 3♠ 3♦ K♠ Q♦", "2♣ 3♣ 4♣", "5♣ 6♣ 7♣"], phase=Phase.PLAY
    )
    for width in (1, 3):
        action = EvalSearchBot(seed=4, width=width).choose(view(state, 0))
        assert isinstance(action, Discard)
        assert action.card in parse_cards("K♠ Q♦")


@pytest.mark.parametrize(
    "options",
    [
        {"samples": 0},
        {"samples": 2.5},
        {"horizon": 0},
        {"width": 0},
        {"margin": -1.0},
        {"seconds": 0},
        {"seed": "1"},
        {"sampler": "clever"},
        {"playouts": 0},
        {"playouts": 2.5},
    ],
)
def test_bad_options_are_refused_with_a_typed_error(options: dict[str, object]) -> None:
    """Issue 35, point 3: a budget, horizon, width, margin, seed, sampler or play-out bound out of range is an InvalidInputError."""
    with pytest.raises(InvalidInputError):
        EvalSearchBot(**options)  # type: ignore[arg-type]


def test_a_view_of_another_seat_is_refused_and_changes_nothing() -> None:
    """Issue 35, point 3: one bot reads one seat; another seat's view is an InvalidInputError, the bot unchanged."""
    state = new_game(CLASSIC, 2, seed=3)
    seen = view(state, state.current_player)
    bot = EvalSearchBot(seed=1, samples=2)
    first = bot.choose(seen)
    with pytest.raises(InvalidInputError, match="seat"):
        bot.choose(view(state, 1 - seen.player))
    with pytest.raises(TypeError):
        bot.choose("a view")  # type: ignore[arg-type]
    assert bot.choose(seen) == first == EvalSearchBot(seed=1, samples=2).choose(seen)


def test_the_arena_seats_it_by_name() -> None:
    """Issue 35, point 3: ``evalsearch`` in the arena is this bot, seeded by the arena."""
    bot = make_bot("evalsearch", 9)
    assert isinstance(bot, EvalSearchBot)
    assert bot.seed == 9


def test_a_draw_with_many_ways_to_take_plays_out_within_its_bound() -> None:
    """Issue 35, point 3 (within 1 s a decision): the play-outs of a decision stay within ``playouts``.

    J♥ on the pile can be taken in ten ways (rules §4, immediate use: the
    sets J♣ J♠ J♥, J♣ J♥ J♦, J♠ J♥ J♦ and J♣ J♠ J♥ J♦, the runs 9♥–J♥,
    9♥–Q♥, 9♥–K♥, 10♥–Q♥, 10♥–K♥ and J♥–K♥), so with the blind draw the
    search weighs eleven candidates, each played out on every sample it
    draws: at most ``playouts // 11`` samples, at least one.
    """
    state = _position(
        CLASSIC,
        ["9♥ 10♥ Q♥ K♥ J♠ J♦ J♣ 2♣ 5♦ 3♦ 4♠ 6♣ 8♠", "2♥ 3♥ 4♥"],
        discard="J♥",
        phase=Phase.DRAW,
    )
    seen = view(state, 0)
    assert sum(isinstance(a, TakeDiscard) for a in legal_actions(seen)) == 10
    for options, sampled in (
        ({"samples": 16}, 11),  # 128 // 11
        ({"samples": 16, "playouts": 22}, 2),
        ({"samples": 16, "playouts": 5}, 1),
        ({"samples": 4}, 4),  # 44 play-outs: within the bound
    ):
        bot = _Counting(**options)
        bot.choose(seen)
        assert bot.sampled == sampled, options
