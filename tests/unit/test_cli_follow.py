"""``romme play`` a player can follow ("the tables as people play them", points 6, 7 and 8).

Point 6: "Play the next round? [Y/n]" answers exactly what it says, and the
standings close every match, ended or left. Point 7: every move shown names
its cards and its effect, in the words the web table uses. Point 8: 'help'
groups and pages the legal moves, names only the verbs of the preset, and a
joker on the table says which card it stands for.

Driven like tests/unit/test_cli.py, through ``main`` with scripted standard
input; the positions are those the library plays with the same seeds (the
human, seat 0, answering move 0 until the scripted move; the computers are
GreedyBots), found with the library and pinned here.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import romme
from romme import PRESETS, GreedyBot, Match, legal_actions, new_match, parse_card, view
from romme.cli import move_words
from tests.unit.test_cli import NEXT_ROUND, PLAYERS, SEED, ScriptedTerminal, first_legal_round, run

SCREEN_ROWS = 40
"""The rows of the reference screen (120×40)."""


def standings(match: Match) -> list[str]:
    """The standings lines of `match` as the library ranks it (penalty totals, the lowest first; ties share a place)."""
    totals = match.totals
    names = ("You", "Computer 1", "Computer 2")
    lines = []
    for seat in match.ranking():
        place = 1 + sum(totals[other] < totals[seat] for other in range(match.players))
        lines.append(f"  {place}. {names[seat]:<10}   penalty total {totals[seat]:>5}")
    return lines


# -- point 6: the next-round question and the standings ---------------------------


def test_enter_at_the_next_round_question_plays_on() -> None:
    """Tables point 6: Enter answers "[Y/n]" with its capital, yes: a second round is dealt."""
    terminal = ScriptedTerminal(next_round=["", "n"])

    status, out, _ = run(["play", "--seed", str(SEED)], terminal)

    assert 0 == status
    assert 2 == out.count("Round over")
    assert "══ Round 2 · dealer: You ══" in out


@pytest.mark.parametrize("answer", ["y", "yes", "Y", " YES "])
def test_y_and_yes_play_on(answer: str) -> None:
    """Tables point 6: y and yes (any case, spaces around) play the next round."""
    terminal = ScriptedTerminal(next_round=[answer, "n"])

    _, out, _ = run(["play", "--seed", str(SEED)], terminal)

    assert 2 == out.count("Round over")


@pytest.mark.parametrize("typed", ["draw", "0", "quit", "ja"])
def test_any_other_answer_asks_again(typed: str) -> None:
    """Tables point 6: a typed-ahead move or any other text is no answer: the question is asked again."""
    terminal = ScriptedTerminal(next_round=[typed, "n"])

    status, out, _ = run(["play", "--seed", str(SEED)], terminal)

    assert 0 == status
    assert 1 == out.count("Round over")
    assert 2 == out.count(NEXT_ROUND)
    assert f"Answer y (or Enter) to play the next round, n to stop; not '{typed}'.\n" in out


def test_n_prints_the_standings_after_the_round() -> None:
    """Tables point 6: 'n' ends the match with the standings of the rounds played, the best first."""
    terminal = ScriptedTerminal(next_round=["n"])

    _, out, _ = run(["play", "--seed", str(SEED)], terminal)

    after = out.split(NEXT_ROUND + "\n")[-1]
    expected = standings(first_legal_round())
    assert (
        "Standings after 1 round (the lowest penalty total wins):\n"
        + "\n".join(expected)
        + "\nBye.\n"
        == after
    )


def test_quit_in_a_round_prints_the_standings() -> None:
    """Tables point 6: 'quit' in the second round prints the standings after the first."""
    terminal = ScriptedTerminal(next_round=["y"], after_round=["quit"])

    _, out, _ = run(["play", "--seed", str(SEED)], terminal)

    expected = standings(first_legal_round())
    assert out.endswith(
        "Standings after 1 round (the lowest penalty total wins):\n"
        + "\n".join(expected)
        + "\nBye.\n"
    )


def test_end_of_input_prints_the_standings() -> None:
    """Tables point 6: Ctrl-D (the end of input) mid-round prints the standings, none played yet."""
    _, out, _ = run(["play", "--seed", str(SEED)], "0\n")

    assert out.endswith(
        "Standings after 0 rounds (the lowest penalty total wins):\n"
        "  1. You          penalty total     0\n"
        "  1. Computer 1   penalty total     0\n"
        "  1. Computer 2   penalty total     0\n"
        "Bye.\n"
    )


def test_a_match_played_to_its_end_prints_the_standings() -> None:
    """Tables point 6: cardgames-zone plays three rounds (cardgames.zone §10); its end prints the standings."""
    terminal = ScriptedTerminal(next_round=["y", "y"])

    status, out, _ = run(["play", "--seed", str(SEED), "--rules", "cardgames-zone"], terminal)

    assert 0 == status
    match = new_match(PRESETS["cardgames-zone"], PLAYERS, seed=SEED, dealer=PLAYERS - 1)
    bot = GreedyBot()
    while not match.is_over:
        state = match.state
        assert state is not None
        seat = state.current_player
        action = legal_actions(state)[0] if seat == 0 else bot.choose(view(state, seat))
        match = match.apply(action)
    assert 3 == match.round
    tail = out.split("Match over after 3 rounds.", 1)[1]
    assert tail.split("\n", 1)[1] == (
        "Standings after 3 rounds (the lowest penalty total wins):\n"
        + "\n".join(standings(match))
        + "\n"
    )


# -- point 7: claims and Räuber-Rommé in words -----------------------------------


def test_a_rob_names_its_card_and_the_cards_that_came_with_it() -> None:
    """Tables point 7 (ASS S. 2–3): 'rob 0 0' on the set A♣ A♠ A♦ names A♣ and the two that come with it.

    Under ass-raeuber, seed 1, after three moves 0 the human may take A♣ of
    the set A♣ A♠ A♦: what is left would be no meld, so the whole set comes
    into the hand (14 → 17 cards). The move says so; the three are marked in
    the hand and listed as the cards to lay again.
    """
    _, out, _ = run(["play", "--seed", "1", "--rules", "ass-raeuber"], "0\n0\n0\nrob 0 0\nquit\n")

    assert (
        "You: rob 0 0 (takes A♣ from meld 0, and A♠ A♦ with it, too few to stay on the table)\n"
        in out
    )
    after = out.split("You: rob 0 0", 1)[1]
    hand = next(line for line in after.splitlines() if line.startswith("Your hand"))
    assert hand.startswith("Your hand (17): ")
    assert all(f"[{card}]" in hand for card in ("A♣", "A♠", "A♦"))
    assert (
        "Taken from the table, to lay again before you discard: A♣ A♠ A♦ "
        "('takeback' restores the table)\n" in after
    )


def test_a_computers_rob_names_its_card() -> None:
    """Tables point 7 (ASS S. 2–3): "Computer 2: rob 0 3" names the joker it takes (ass-raeuber, seed 1)."""
    terminal = ScriptedTerminal(next_round=["n"])

    _, out, _ = run(["play", "--seed", "1", "--rules", "ass-raeuber"], terminal)

    robs = [line for line in out.splitlines() if line.startswith("Computer") and ": rob " in line]
    assert robs, "the test needs a computer to rob"
    assert "Computer 2: rob 0 3 (takes JK from meld 0)" in robs
    assert all("(takes " in line for line in robs)


def test_your_knock_names_and_marks_the_penalty_card() -> None:
    """Tables point 7 (ASS S. 3, knocking): a knock names the discard and the stock card it brings, both marked.

    Under ass-klopfen, seed 1, after four moves 0 the human is asked at the
    claim window on 4♠; the knock brings 4♠ and the top stock card, 4♦.
    """
    _, out, _ = run(["play", "--seed", "1", "--rules", "ass-klopfen"], "0\n0\n0\n0\nknock\nquit\n")

    assert "You: knock (takes the discard and a penalty card)\n" in out
    assert "You take the [4♠] and the top stock card, [4♦].\n" in out
    after = out.split("You take the [4♠]", 1)[1]
    hand = next(line for line in after.splitlines() if line.startswith("Your hand"))
    assert "[4♠]" in hand
    assert "[4♦]" in hand


@pytest.mark.parametrize("preset", ["ass-klopfen", "ass-kaufen"])
def test_the_computers_answers_at_a_claim_say_what_they_do(preset: str) -> None:
    """Tables point 7 (rules §13): no bare "Computer 1: pass"; each answer is in the web table's words."""
    terminal = ScriptedTerminal(next_round=["n"])

    _, out, _ = run(["play", "--seed", "1", "--rules", preset], terminal)

    answers = re.findall(r"^Computer \d+: ((?:pass|knock|buy|consent|refuse)\b.*)$", out, re.M)
    assert "pass (claims nothing)" in answers
    assert set(answers) <= {
        "pass (claims nothing)",
        "knock (takes the discard and a penalty card)",
        "buy (asks to buy the discard)",
        "consent (to the purchase)",
        "refuse (the purchase)",
    }


def test_the_web_table_and_the_terminal_share_the_words() -> None:
    """Tables point 7: the words are one function, `romme.cli.move_words`; the web page words no move itself.

    The web table sends each logged move's words (tests/web/test_api_claims.py
    pins a knock's); its scripts hold none of the wording.
    """
    static = Path(romme.__file__).parent / "web" / "static"
    scripts = " ".join(path.read_text(encoding="utf-8") for path in static.glob("*.js"))
    for words in ("claims nothing", "takes the discard and a penalty card", "(takes "):
        assert words not in scripts
    assert "rob 1 2 (takes J♥ from meld 1)" == move_words("rob 1 2", parse_card("J♥"))
    assert "pass (claims nothing)" == move_words("pass")
    assert "discard K♣" == move_words("discard K♣")


# -- point 8: help, verbs, jokers -------------------------------------------------


def test_help_groups_and_pages_the_moves_to_fit_a_40_row_screen() -> None:
    """Tables point 8: 68 legal moves (classic, seed 6) come in pages that fit 40 rows, grouped, every move once."""
    state = new_match(PRESETS["classic"], PLAYERS, seed=6, dealer=PLAYERS - 1).state
    assert state is not None
    legal = legal_actions(state)
    assert len(legal) > SCREEN_ROWS

    _, out, _ = run(["play", "--seed", "6"], "help\nhelp 2\nhelp 3\nhelp 4\nquit\n")

    pages = out.split("> Legal now")[1:]
    assert 3 == len(pages)
    listed = []
    for number, page in enumerate(pages, 1):
        body = page.split("\n> ", 1)[0]
        rows = body.splitlines()
        assert rows[0] == f" (page {number} of 3):"
        assert len(rows) + 1 <= SCREEN_ROWS - 6  # the prompt above, room for the table's head
        listed += [row.strip() for row in rows if row.startswith("  ")]
    assert sorted(listed) == sorted(f"{index}. {action}" for index, action in enumerate(legal))
    text = "".join(pages)
    assert text.index("Lay-downs:") < text.index("Discards:")
    assert "Lay-downs (continued):" in pages[1]
    assert "'help' has pages 1 to 3.\n" in out


def test_a_number_past_the_list_reads_right() -> None:
    """Tables point 8: "There is no move 99: the moves are 0 to 14", not "'help' lists 15"."""
    _, out, _ = run(["play", "--seed", str(SEED)], "99\nquit\n")
    assert "There is no move 99: the moves are 0 to 14 ('help' lists them).\n" in out


@pytest.mark.parametrize(
    ("preset", "verbs"),
    [
        ("classic", "discard, draw, layoff, meld, swap, take, takeback"),
        ("ass-raeuber", "discard, draw, layoff, meld, rob, swap, take, takeback"),
        ("ass-klopfen", "discard, draw, knock, layoff, meld, pass, swap, take, takeback"),
        (
            "ass-kaufen",
            "buy, consent, discard, draw, layoff, meld, pass, refuse, swap, take, takeback",
        ),
    ],
)
def test_an_unknown_verb_lists_only_the_verbs_of_the_preset(preset: str, verbs: str) -> None:
    """Tables point 8: knock, buy and their answers, rob are listed only under the presets that use them."""
    _, out, _ = run(["play", "--seed", str(SEED), "--rules", preset], "foo\nquit\n")
    assert f"Cannot read that: unknown verb 'foo'; verbs are {verbs}. 'help'" in out


def test_a_joker_on_the_table_says_which_card_it_stands_for() -> None:
    """Tables point 8: the set A♣ A♠ A♦ JK on the table (classic, seed 1) reads "JK = A♥"; a run's joker its card."""
    _, out, _ = run(["play", "--seed", "1"], "0\nquit\n")
    table = [line for line in out.splitlines() if line.startswith("  [")]
    assert any("A♣ A♠ A♦ JK" in line and line.endswith("; JK = A♥") for line in table), table
