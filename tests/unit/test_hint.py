"""The hint: what the hard computer player would play in your place, and one line of why (tables
point 9), in ``romme play`` (the ``hint`` command) and from ``romme.cli.hint``, which the web
table's hint button asks for too.

The hard computer player is `SearchBot` (``romme play --level hard``); the hint is its move for
the seat's `PlayerView`, so the expected moves here are the public bot's own choices.
"""

from __future__ import annotations

import random
import re

import pytest

from romme import (
    PRESETS,
    Buy,
    Card,
    GreedyBot,
    Knock,
    Pass,
    Phase,
    PlayerView,
    apply,
    determinize,
    find_rules,
    is_legal,
    new_game,
    new_match,
    parse_card,
    view,
)
from romme.cli import Hint, hint, move_words
from romme.play._searchbot import SearchBot
from tests.unit.test_cli import PLAYERS, SEED, ScriptedTerminal, run

CARD = re.compile(r"(?<![\w♣♠♥♦])(?:10|[2-9JQKA])[♣♠♥♦]|\bJK\b")
"""A card named in the hint's words."""


def decisions(preset: str, count: int, seed: int = 3) -> list[PlayerView]:
    """The views of the seat to act at the first `count` decisions of a round GreedyBots play."""
    state = new_game(find_rules(preset), 3, seed=seed)
    bot = GreedyBot()
    seen: list[PlayerView] = []
    while not state.is_over and len(seen) < count:
        looked = view(state, state.current_player)
        seen.append(looked)
        state = apply(state, bot.choose(looked))
    return seen


def visible(seen: PlayerView) -> set[Card]:
    """Every card the seat of `seen` can see: its hand, the discard pile, the table."""
    cards = set(seen.hand) | set(seen.discard_pile)
    for entry in seen.table:
        cards |= set(entry.meld.cards)
    return cards


@pytest.mark.parametrize("preset", list(PRESETS))
def test_tables_point9_the_hint_is_the_hard_players_move_under_every_preset(preset: str) -> None:
    """Tables point 9: under every preset, at each decision, the hint is the legal move the hard
    computer player (SearchBot) makes in the seat's place, in words, with one line of why that
    names no card the seat cannot see."""
    for seen in decisions(preset, 10):
        given = hint(seen)

        assert isinstance(given, Hint)
        assert SearchBot(0).choose(seen) == given.action
        assert is_legal(seen, given.action)
        assert given.words.startswith(str(given.action).split()[0])
        assert given.why
        assert "\n" not in given.why
        assert f"{given.words}: {given.why}" == str(given)
        named = {parse_card(text) for text in CARD.findall(str(given))}
        assert named <= visible(seen), (str(given), named - visible(seen))


def test_tables_point9_the_hint_of_a_discard_says_why_that_card() -> None:
    """Tables point 9: a discard's hint says why that card goes ("it is in none of your best
    melds …", as the issue's example has it), with its penalty if it stays in hand."""
    discards = [
        (seen, given)
        for seen in decisions("classic", 40, seed=5)
        if seen.phase is Phase.PLAY
        and (given := hint(seen)).words.startswith("discard")
        and len(seen.hand) > 1
    ]
    assert discards
    for seen, given in discards:
        card = parse_card(given.words.split()[1])
        assert card in seen.hand
        assert "best melds" in given.why
        if "none of your best melds" in given.why:
            assert f"({card_points(card, seen)} penalty points" in given.why


def card_points(card: Card, seen: PlayerView) -> int:
    """The penalty of `card` in hand as rules §10 counts it: ace 11, faces 10, joker 20, pips their rank."""
    if card.is_joker:
        return seen.rules.joker_penalty
    assert card.rank is not None
    if card.rank.name == "ACE":
        return seen.rules.ace_penalty
    return min(10, int(card.rank))


def test_tables_point9_the_hint_depends_on_the_view_alone() -> None:
    """Tables point 9: the hint leaks no hidden card: positions that differ only in cards the seat
    cannot see (other hands, the stock) get the same hint, and the hint takes a PlayerView only."""
    state = new_game(find_rules("classic"), 3, seed=8)
    seen = view(state, state.current_player)
    rng = random.Random(1)
    others = [determinize(seen, rng) for _ in range(3)]
    assert len({tuple(other.stock) for other in others}) == 3
    for other in others:
        assert hint(view(other, other.current_player)) == hint(seen)
    with pytest.raises(TypeError, match="PlayerView"):
        hint(state)  # type: ignore[arg-type]


def test_tables_point9_no_hint_for_a_seat_not_to_act() -> None:
    """Tables point 9: a seat not to act has no move to be hinted: ValueError, as SearchBot says."""
    state = new_game(find_rules("classic"), 3, seed=8)
    other = (state.current_player + 1) % 3
    with pytest.raises(ValueError, match="no legal action"):
        hint(view(state, other))


@pytest.mark.parametrize("preset", ["ass-klopfen", "ass-kaufen"])
def test_tables_point9_the_hint_at_a_claim_window_weighs_the_extra_card(preset: str) -> None:
    """Tables point 9, ASS S. 1–3: asked at a claim window, the hint knocks, buys or passes, and
    says what the top discard is worth to the seat's melds against the extra card a claim brings."""
    asked = []
    for seed in range(1, 30):
        asked += [seen for seen in decisions(preset, 60, seed) if seen.phase is Phase.CLAIM]
        if len(asked) >= 3:
            break
    assert asked
    for seen in asked:
        given = hint(seen)
        assert isinstance(given.action, Knock | Buy | Pass) or given.words.startswith(
            ("consent", "refuse")
        )
        assert str(seen.top_discard) in given.why


def test_tables_point9_romme_play_has_a_hint_command() -> None:
    """Tables point 9: in `romme play`, 'hint' prints the hard computer player's move for your
    seat with its why, plays nothing, and the banner names it."""
    match = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1)
    state = match.state
    assert state is not None
    assert state.current_player == 0
    expected = SearchBot(0).choose(view(state, 0))

    status, out, _ = run(["play", "--seed", str(SEED)], ScriptedTerminal(["hint", "quit"]))

    assert 0 == status
    assert "'hint' says what the hard computer player would play in your place" in out
    lines = [line for line in out.splitlines() if "Hint: " in line]
    assert 1 == len(lines)
    assert lines[0].split("Hint: ", 1)[1].startswith(f"{move_words(str(expected))}: ")
    assert "You: " not in out  # the hint played no move
