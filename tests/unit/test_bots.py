"""Bots: `RandomBot` and `GreedyBot` choose only legal actions, from a `PlayerView` alone.

Pinned here: over seeded rounds of every preset the bots never choose an
action outside ``legal_actions(view)``; a `RandomBot` is reproducible from
its seed; `Bot` is a runtime-checkable protocol; a bot asked to act for a
seat that is not to act raises ``ValueError``; and `GreedyBot`'s heuristic
in hand-built positions (open at once, lay off what fits, take the discard
only when it helps, discard the lone high card, keep its melds).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Final

import pytest

from romme import (
    PRESETS,
    Action,
    Bot,
    Discard,
    Draw,
    GameState,
    GreedyBot,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    PlayerView,
    RandomBot,
    Rules,
    Side,
    TakeDiscard,
    TakeFromTable,
    apply,
    find_rules,
    format_cards,
    legal_actions,
    make_deck,
    new_game,
    new_position,
    parse_cards,
    view,
)
from romme.play._bots import random_choice

CLASSIC: Final = PRESETS["classic"]
DROV: Final = PRESETS["drov"]
CARDGAMES_ZONE: Final = PRESETS["cardgames-zone"]

ROUNDS_PER_PRESET: Final = 8
"""Seeded rounds per preset in the legality sweep (about 0.1 s each)."""
MAX_DECISIONS: Final = 20_000
"""A round of these bots ends long before this many decisions; more means a loop."""


def position(
    rules: Rules,
    hands: Sequence[str],
    *,
    table: Sequence[tuple[str, int]] = (),
    discard: str = "",
    opened: Sequence[bool] | None = None,
    phase: Phase = Phase.PLAY,
) -> GameState:
    """Seat 0 to act with the named cards; every card not named lies in the stock."""
    cards = Counter(make_deck(rules))
    for text in (*hands, discard, *(meld for meld, _ in table)):
        cards.subtract(parse_cards(text))
    assert all(n >= 0 for n in cards.values()), "more cards named than the deck holds"
    return new_position(
        rules,
        hands=list(hands),
        stock=tuple(sorted(cards.elements())),
        discard_pile=discard,
        table=list(table),
        opened=opened,
        current_player=0,
        phase=phase,
    )


def seats(players: int, round_index: int) -> list[Bot]:
    """A mix of bots: a GreedyBot on every other seat, seeded RandomBots on the rest."""
    return [
        GreedyBot() if (seat + round_index) % 2 == 0 else RandomBot(seed=100 * round_index + seat)
        for seat in range(players)
    ]


def play_round(state: GameState, bots: Sequence[Bot]) -> tuple[GameState, list[Action]]:
    """Let `bots` play `state` to its end, checking each choice against ``legal_actions(view)``."""
    chosen: list[Action] = []
    while not state.is_over:
        assert len(chosen) < MAX_DECISIONS, "the round does not end"
        seat = state.current_player
        seen = view(state, seat)
        action = bots[seat].choose(seen)
        legal = legal_actions(seen)
        assert action in legal, f"seat {seat} chose {action}, not one of {[str(a) for a in legal]}"
        chosen.append(action)
        state = apply(state, action)
    return state, chosen


# -- legality over whole rounds --------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_bots_choose_only_legal_actions_in_seeded_rounds_of_every_preset(preset: str) -> None:
    """Mixed GreedyBot and RandomBot seats play whole rounds: every choice is in legal_actions(view)."""
    rules = PRESETS[preset]
    for index in range(ROUNDS_PER_PRESET):
        players = 3 + index % 3 if rules.dealer_sits_out else 2 + index % 4
        state = new_game(rules, players, seed=index, dealer=index % players)
        final, chosen = play_round(state, seats(players, index))
        assert final.result is not None
        assert chosen


# -- RandomBot -------------------------------------------------------------------------


def random_round(seed: int) -> list[Action]:
    """The actions of a classic round of three RandomBots seeded from `seed`."""
    state = new_game(CLASSIC, 3, seed=5)
    bots = [RandomBot(seed=seed + seat) for seat in range(3)]
    _, chosen = play_round(state, bots)
    return chosen


def test_random_bot_with_the_same_seed_makes_the_same_choices() -> None:
    """Two rounds with equally seeded RandomBots are the same, move for move."""
    first = random_round(seed=1)
    second = random_round(seed=1)

    assert first == second


def test_random_bot_uses_its_own_generator_not_the_global_one() -> None:
    """Reseeding or drawing from the `random` module does not change a RandomBot's choices."""
    state = new_game(CLASSIC, 3, seed=5)
    expected = random_round(seed=1)

    bots = [RandomBot(seed=1 + seat) for seat in range(3)]
    actual: list[Action] = []
    saved = random.getstate()
    try:
        while not state.is_over:
            random.seed(len(actual))
            random.random()
            seat = state.current_player
            action = bots[seat].choose(view(state, seat))
            actual.append(action)
            state = apply(state, action)
    finally:
        random.setstate(saved)

    assert expected == actual


def test_random_bots_with_different_seeds_play_differently() -> None:
    """The seed matters: other seeds give another round from the same deal."""
    assert random_round(seed=1) != random_round(seed=2)


def test_random_choice_is_the_generators_choice_under_the_rule_books() -> None:
    """Without ``rearrange`` `random_choice` draws exactly as ``rng.choice`` does (seeded rounds stay as they were)."""
    state = new_game(find_rules("classic"), 3, seed=4)
    state = apply(state, legal_actions(state)[0])
    actions = legal_actions(state)
    ours, theirs = random.Random(9), random.Random(9)
    for _ in range(50):
        assert theirs.choice(actions) == random_choice(ours, actions, state.rules)


def test_random_choice_draws_a_kind_first_under_rearrange() -> None:
    """Under ``rearrange`` each kind of action present is drawn about as often, however many of it there are."""
    rules = find_rules("ass-raeuber")
    actions: tuple[Action, ...] = (
        Discard("4♣"),
        *(TakeFromTable(meld, card) for meld in range(3) for card in range(3)),
    )
    rng = random.Random(2)
    kinds = Counter(type(random_choice(rng, actions, rules)).__name__ for _ in range(2000))
    # Uniform over the ten actions, the discard would come up about 200 times in 2000.
    assert 900 <= kinds["Discard"] <= 1100
    with pytest.raises(ValueError, match="no action"):
        random_choice(rng, (), rules)


# -- the Bot protocol and refusals -------------------------------------------------------


class FirstLegalBot:
    """A bot written outside the library: it only has a ``choose`` method."""

    def choose(self, view: PlayerView) -> Action:
        return legal_actions(view)[0]


def test_bot_protocol_is_runtime_checkable() -> None:
    """isinstance(x, Bot) holds for both library bots and any object with ``choose``."""
    assert isinstance(GreedyBot(), Bot)
    assert isinstance(RandomBot(seed=1), Bot)
    assert isinstance(FirstLegalBot(), Bot)
    assert not isinstance(object(), Bot)


@pytest.mark.parametrize("bot", [GreedyBot(), RandomBot(seed=1)], ids=["greedy", "random"])
def test_bot_asked_for_a_seat_not_to_act_raises_value_error(bot: Bot) -> None:
    """A view of another seat than the one to act has no legal action: ValueError, not a guess."""
    state = new_game(CLASSIC, 3, seed=1)
    other = (state.current_player + 1) % 3

    with pytest.raises(ValueError, match="not their turn"):
        bot.choose(view(state, other))


@pytest.mark.parametrize("bot", [GreedyBot(), RandomBot(seed=1)], ids=["greedy", "random"])
def test_bot_asked_to_act_in_a_finished_round_raises_value_error(bot: Bot) -> None:
    """Once the round is over nobody acts: every seat's view makes a bot raise ValueError."""
    state, _ = play_round(new_game(CLASSIC, 3, seed=2), [GreedyBot()] * 3)
    assert state.is_over

    for seat in range(3):
        with pytest.raises(ValueError, match="not their turn"):
            bot.choose(view(state, seat))


# -- GreedyBot in hand-built positions -------------------------------------------------------

OPENING_HAND: Final = "Q♣ K♣ A♣ K♠ K♥ K♦ 3♥ 7♠ 9♦"
"""Classic (30 to open): the run Q♣ K♣ A♣ (31) and the set K♠ K♥ K♦ (30) each open alone."""


def test_greedy_bot_opens_as_soon_as_its_melds_reach_the_threshold() -> None:
    """Classic, not opened, play phase: with melds worth 30 or more in hand it lays down at once."""
    state = position(CLASSIC, [OPENING_HAND, "2♣ 3♣ 4♣", "5♣ 6♣ 7♣"])

    action = GreedyBot().choose(view(state, 0))

    assert isinstance(action, LayDown)
    after = apply(state, action)
    assert after.opened[0]
    assert not any(entry.staged for entry in after.table)


def greedy_turn(state: GameState) -> tuple[GameState, list[Action]]:
    """Let GreedyBot play seat 0's turn in `state` to its end."""
    bot = GreedyBot()
    chosen: list[Action] = []
    while state.current_player == 0 and not state.is_over:
        action = bot.choose(view(state, 0))
        chosen.append(action)
        state = apply(state, action)
    return state, chosen


def test_greedy_bot_opening_keeps_its_best_melds() -> None:
    """With Q♣ K♣ A♣ and K♠ K♥ K♦ it lays both (61 points), not K♣ K♠ K♥ K♦ (40), which breaks the run.

    Laying the set of four first leaves Q♣ A♣ in hand (21 penalty) where the
    two melds leave only 3♥ 7♠ after the discard of 9♦.
    """
    state = position(CLASSIC, [OPENING_HAND, "2♣ 3♣ 4♣", "5♣ 6♣ 7♣"])

    after, _ = greedy_turn(state)

    expected = {("Q♣ K♣ A♣", MeldKind.RUN), ("K♠ K♥ K♦", MeldKind.SET)}
    actual = {(format_cards(entry.meld.cards), entry.meld.kind) for entry in after.table}
    assert expected == actual


def test_greedy_bot_lays_off_a_card_that_fits_a_table_meld() -> None:
    """Opened, holding 10♠ with 7♠ 8♠ 9♠ on the table and no meld in hand: it lays 10♠ off high."""
    state = position(
        CLASSIC,
        ["10♠ 2♥ 5♦ 9♣", "2♣ 3♣ 4♣", "5♣ 6♣ 7♣"],
        table=[("7♠ 8♠ 9♠", 1)],
        opened=[True, True, False],
    )

    action = GreedyBot().choose(view(state, 0))

    assert LayOff(0, "10♠", Side.HIGH) == action


def test_greedy_bot_discards_a_lone_high_card_rather_than_a_meld_card() -> None:
    """Classic, not opened (4♥ 5♥ 6♥ + 3♣ 3♠ 3♦ is 24, below 30): it throws the lone K♠."""
    state = position(CLASSIC, ["4♥ 5♥ 6♥ 3♣ 3♠ 3♦ K♠", "2♣ 3♣ 4♣", "5♣ 6♣ 7♣"])

    action = GreedyBot().choose(view(state, 0))

    assert Discard("K♠") == action


def test_greedy_bot_without_k_a_2_counts_no_king_and_two_as_partners() -> None:
    """Classic has no K-A-2 (ace_wraps off): 2♣ is no partner of K♣, so the lone K♣ (10) goes before 8♠ (8).

    The 2♣ sits in the set 2♣ 2♠ 2♦; K♣ and 8♠ are both lone cards and the
    king costs more. Under ``ace_wraps`` rules K♣ and 2♣ may share a run.
    """
    assert not CLASSIC.ace_wraps
    state = position(CLASSIC, ["4♥ 5♥ 6♥ 2♣ 2♠ 2♦ K♣ 8♠", "2♣ 3♣ 4♣", "5♣ 6♣ 7♣"])

    action = GreedyBot().choose(view(state, 0))

    assert Discard("K♣") == action


def test_greedy_bot_without_k_a_2_sees_no_king_fitting_below_a_run_from_two() -> None:
    """Classic: K♠ cannot go below 2♠ 3♠ 4♠ on the table, so it is just the costliest lone card.

    Without the table meld GreedyBot throws K♠ from K♠ 8♦ 4♣ 6♥ 9♥; the run
    2♠ 3♠ 4♠ offers K♠ no place without ace_wraps, so the choice must not change.
    """
    hand = "K♠ 8♦ 4♣ 6♥ 9♥"
    others = ["2♣ 3♣ 4♣", "5♣ 6♣ 7♣"]
    alone = position(CLASSIC, [hand, *others])
    with_run = position(
        CLASSIC, [hand, *others], table=[("2♠ 3♠ 4♠", 1)], opened=[False, True, False]
    )
    bot = GreedyBot()
    assert Discard("K♠") == bot.choose(view(alone, 0))

    action = bot.choose(view(with_run, 0))

    assert Discard("K♠") == action


def test_greedy_bot_goes_for_a_hand_romme_below_the_threshold_under_drov() -> None:
    """DRoV waives the 40 for a Hand-Rommé: with 4♥ 5♥ 6♥ 3♣ 3♠ 3♦ K♠ it melds and goes out."""
    state = position(DROV, ["4♥ 5♥ 6♥ 3♣ 3♠ 3♦ K♠", "2♣ 3♣ 4♣", "5♣ 6♣ 7♣", ""])

    after, chosen = greedy_turn(state)

    assert isinstance(chosen[0], LayDown)
    assert after.result is not None
    assert after.result.winner == 0
    assert after.result.hand_romme


def test_greedy_bot_takes_the_discard_only_when_it_improves_its_melds() -> None:
    """Free take (cardgames-zone): 9♠ completes 7♠ 8♠ 9♠, so it takes; 4♦ helps nothing, so it draws."""
    hand = "7♠ 8♠ 2♥ 5♦ K♣"
    others = ["2♣ 3♣ 4♣", "5♣ 6♣ 7♣"]
    useful = position(CARDGAMES_ZONE, [hand, *others], discard="9♠", phase=Phase.DRAW)
    useless = position(CARDGAMES_ZONE, [hand, *others], discard="4♦", phase=Phase.DRAW)
    bot = GreedyBot()

    assert TakeDiscard() == bot.choose(view(useful, 0))
    assert Draw() == bot.choose(view(useless, 0))
