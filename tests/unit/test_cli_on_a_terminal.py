"""``romme play`` on a real terminal: the tables' points 6, 7 and 9 typed into a pseudo-terminal.

tests/unit/test_cli_follow.py and tests/unit/test_hint.py pin the next-round
question and the standings (point 6), claims and Räuber moves in words
(point 7) and the hint (point 9) with scripted standard input; here the
same positions are played as a person plays them: keys typed into a
pseudo-terminal (`PlayOnATerminal`, line editing by readline, Enter as a
carriage return, Ctrl-D as the end of input), with ``--delay 0``. The human
(seat 0) answers move 0 at every prompt until the move a test is about;
the computers are GreedyBots, so the positions are those the library plays
with the same seed and rules (`human_to_act`).
"""

from __future__ import annotations

import os
import re
import select
import time
from typing import Final

from romme import PRESETS, GameState, GreedyBot, Knock, Pass, legal_actions, new_match, view
from romme.cli import move_words
from romme.play._searchbot import SearchBot
from tests.unit.test_cli import NEXT_ROUND, PLAYERS, SEED, first_legal_round
from tests.unit.test_cli_follow import standings
from tests.unit.test_cli_terminal import PlayOnATerminal

PROMPT: Final = b"\n> "
"""The move prompt, at the start of a line."""
QUESTION: Final = NEXT_ROUND.encode() + b"\r\n"
"""The next-round question, whose answer is read without a prompt."""
BYE: Final = b"Bye.\r\n"


class Table(PlayOnATerminal):
    """`PlayOnATerminal` with the keys a player types and the screen read back as text."""

    def wait(self, start: int) -> None:
        """Read until the move prompt, the next-round question or the command's end shows after byte `start` (60 s at most)."""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            shown = self.screen[start:]
            if any(mark in shown for mark in (PROMPT, QUESTION, BYE)):
                return
            ready, _, _ = select.select([self.leader], [], [], 1)
            if ready:
                try:
                    chunk = os.read(self.leader, 4096)
                except OSError:  # the command has ended
                    return
                self.arrivals.append((time.monotonic(), chunk))
                self.screen += chunk

    def start(self) -> str:
        """Wait for the first prompt; return the screen so far."""
        self.wait(0)
        return self.text(0)

    def answer(self, keys: bytes) -> str:
        """Type `keys`; return what the screen shows from there to the next question (or the end)."""
        start = len(self.screen)
        self.type(keys)
        self.wait(start)
        return self.text(start)

    def play_to_the_round_end(self) -> str:
        """Answer move 0 at every prompt until the next-round question; return what was shown."""
        start = len(self.screen)
        for _ in range(200):
            if QUESTION in self.screen[start:]:
                return self.text(start)
            self.answer(b"0\r")
        raise AssertionError("the round did not end within 200 moves of the human")

    def text(self, start: int) -> str:
        """The screen from byte `start` as text, its lines ended by newlines alone."""
        return self.screen[start:].decode().replace("\r\n", "\n")


def human_to_act(preset: str, seed: int, moves: int) -> GameState:
    """The position after the human played move 0 `moves` times (as the terminal does when typed '0').

    Same rules, seats, seed and first dealer as ``romme play``; the
    computer seats are GreedyBots.
    """
    match = new_match(PRESETS[preset], PLAYERS, seed=seed, dealer=PLAYERS - 1)
    bot = GreedyBot()
    while True:
        state = match.state
        assert state is not None
        if state.current_player == 0:
            if moves == 0:
                return state
            moves -= 1
        seat = state.current_player
        action = legal_actions(state)[0] if seat == 0 else bot.choose(view(state, seat))
        match = match.apply(action)


def standings_text(rounds: int, lines: list[str]) -> str:
    """The standings after `rounds` rounds, `lines` one a seat, and the goodbye that ends the command."""
    played = f"{rounds} round" if rounds == 1 else f"{rounds} rounds"
    return (
        f"Standings after {played} (the lowest penalty total wins):\n"
        + "\n".join(lines)
        + "\nBye.\n"
    )


# -- point 6: the next-round question and the standings ---------------------------


def test_tables_point6_enter_plays_the_next_round_and_quit_in_it_prints_the_standings() -> None:
    """Tables point 6, on a terminal: Enter at "[Y/n]" plays the next round (Y, the capital, is
    the default); 'quit' in that round ends the match with the standings after the first."""
    terminal = Table("--delay", "0")
    try:
        terminal.start()
        first = terminal.play_to_the_round_end()
        second = terminal.answer(b"\r")
        left = terminal.answer(b"quit\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    assert "Round over: " in first
    assert first.endswith(NEXT_ROUND + "\n")
    assert "══ Round 2 · dealer: You ══\n" in second
    assert "── round 2 · turn " in second
    assert left.endswith(standings_text(1, standings(first_legal_round())))


def test_tables_point6_n_ends_the_match_with_the_standings_and_other_text_asks_again() -> None:
    """Tables point 6, on a terminal: a typed-ahead 'draw' at "[Y/n]" is no answer (the question
    is asked again); 'n' ends the match with the standings of the round played."""
    terminal = Table("--delay", "0")
    try:
        terminal.start()
        terminal.play_to_the_round_end()
        again = terminal.answer(b"draw\r")
        end = terminal.answer(b"n\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    # (the answer is typed as soon as the question shows, before readline reads: the terminal
    # may echo it twice, once itself and once through readline)
    assert again.startswith("draw\n")
    assert again.endswith(
        f"\nAnswer y (or Enter) to play the next round, n to stop; not 'draw'.\n{NEXT_ROUND}\n"
    )
    assert end.startswith("n\n")
    assert end.endswith("\n" + standings_text(1, standings(first_legal_round())))
    assert "Round 2" not in terminal.text(0)


def test_tables_point6_ctrl_d_in_a_round_prints_the_standings() -> None:
    """Tables point 6, on a terminal: Ctrl-D (the end of input) at the move prompt ends the
    match with the standings, in round 1 (none played, every total 0) as in round 2."""
    terminal = Table("--delay", "0")
    try:
        terminal.start()
        terminal.answer(b"0\r")
        end = terminal.answer(b"\x04")
        assert 0 == terminal.finish()
    finally:
        terminal.close()
    assert end.endswith(
        standings_text(
            0,
            [
                "  1. You          penalty total     0",
                "  1. Computer 1   penalty total     0",
                "  1. Computer 2   penalty total     0",
            ],
        )
    )

    terminal = Table("--delay", "0")
    try:
        terminal.start()
        terminal.play_to_the_round_end()
        terminal.answer(b"\r")
        end = terminal.answer(b"\x04")
        assert 0 == terminal.finish()
    finally:
        terminal.close()
    assert end.endswith(standings_text(1, standings(first_legal_round())))


# -- point 7: claims and Räuber-Rommé in words ------------------------------------


def test_tables_point7_a_knock_and_the_computers_answers_are_in_words() -> None:
    """Tables point 7 (ASS S. 3, knocking; rules §13), on a terminal: the computers' answers at a
    claim window read "pass (claims nothing)", never a bare "pass"; the human's knock reads
    "knock (takes the discard and a penalty card)" and names and marks both cards it brings.

    Under ass-klopfen, seed 1, after four moves 0 the human is asked at the
    claim window on 4♠; the knock brings 4♠ and the top stock card, 4♦
    (tests/unit/test_cli_follow.py).
    """
    terminal = Table("--rules", "ass-klopfen", "--delay", "0", seed=1)
    try:
        before = terminal.start()
        for _ in range(4):
            before += terminal.answer(b"0\r")
        knocked = terminal.answer(b"knock\r")
        terminal.answer(b"quit\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    answers = re.findall(r"^Computer \d+: (pass|knock|buy|consent|refuse)\b(.*)$", before, re.M)
    assert answers, "the test needs a computer to answer at a claim window"
    assert ("pass", " (claims nothing)") in answers
    assert all(verb + rest == move_words(verb) for verb, rest in answers)
    assert "You: knock (takes the discard and a penalty card)\n" in knocked
    assert f"You: {move_words('knock')}\n" in knocked
    assert "You take the [4♠] and the top stock card, [4♦].\n" in knocked
    hand = next(line for line in knocked.splitlines() if line.startswith("Your hand"))
    assert "[4♠]" in hand
    assert "[4♦]" in hand


def test_tables_point7_a_rob_names_its_card_and_the_cards_that_came_with_it() -> None:
    """Tables point 7 (ASS S. 2–3, Räuber-Rommé), on a terminal: 'rob 0 0' on the set A♣ A♠ A♦
    names A♣ and the two that come with it; the three are marked in the hand (14 → 17 cards) and
    listed as the cards to lay again (ass-raeuber, seed 1, after three moves 0)."""
    terminal = Table("--rules", "ass-raeuber", "--delay", "0", seed=1)
    try:
        terminal.start()
        for _ in range(3):
            terminal.answer(b"0\r")
        robbed = terminal.answer(b"rob 0 0\r")
        terminal.answer(b"quit\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    assert (
        "You: rob 0 0 (takes A♣ from meld 0, and A♠ A♦ with it, too few to stay on the table)\n"
        in robbed
    )
    hand = next(line for line in robbed.splitlines() if line.startswith("Your hand"))
    assert hand.startswith("Your hand (17): ")
    assert all(f"[{card}]" in hand for card in ("A♣", "A♠", "A♦"))
    assert (
        "Taken from the table, to lay again before you discard: A♣ A♠ A♦ "
        "('takeback' restores the table)\n" in robbed
    )


def test_tables_point7_a_computers_rob_names_its_card() -> None:
    """Tables point 7 (ASS S. 2–3, Räuber-Rommé), on a terminal: "Computer 2: rob 0 3" names the
    joker it takes, "(takes JK from meld 0)" (ass-raeuber, seed 1, the human playing move 0)."""
    terminal = Table("--rules", "ass-raeuber", "--delay", "0", seed=1)
    try:
        terminal.start()
        shown = terminal.play_to_the_round_end()
        terminal.answer(b"n\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    robs = [line for line in shown.splitlines() if line.startswith("Computer") and ": rob " in line]
    assert "Computer 2: rob 0 3 (takes JK from meld 0)" in robs
    assert all("(takes " in line for line in robs)


# -- point 9: the hint -------------------------------------------------------------


def test_tables_point9_hint_under_classic_prints_the_hard_players_move_and_why() -> None:
    """Tables point 9, on a terminal (classic, seed 5, the first move): 'hint' prints one line,
    "Hint: MOVE: WHY", MOVE the hard computer player's (SearchBot's) move for your seat in words,
    and plays nothing."""
    state = human_to_act("classic", SEED, 0)
    expected = move_words(str(SearchBot(0).choose(view(state, 0))))
    terminal = Table("--delay", "0")
    try:
        terminal.start()
        hinted = terminal.answer(b"hint\r")
        terminal.answer(b"quit\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    assert hinted.startswith("hint\nHint: ")
    line, rest = hinted.split("\n")[1], hinted.split("\n", 2)[2]
    assert line.startswith(f"Hint: {expected}: ")
    assert len(line) > len(f"Hint: {expected}: ") + 10  # the why
    assert "> " == rest  # the prompt again: one line, and no move played
    assert "You: " not in terminal.text(0)


def test_tables_point9_hint_at_a_knocking_claim_weighs_the_discard() -> None:
    """Tables point 9 (ASS S. 3, knocking), on a terminal: asked at the claim window on 4♠
    (ass-klopfen, seed 1, after four moves 0), 'hint' prints the hard computer player's answer,
    knock or pass, in words (move_words) with one line of why that names the 4♠; nothing is played."""
    state = human_to_act("ass-klopfen", 1, 4)
    choice = SearchBot(0).choose(view(state, 0))
    assert isinstance(choice, Knock | Pass)
    expected = move_words(str(choice))
    terminal = Table("--rules", "ass-klopfen", "--delay", "0", seed=1)
    try:
        terminal.start()
        for _ in range(4):
            asked = terminal.answer(b"0\r")
        hinted = terminal.answer(b"hint\r")
        terminal.answer(b"quit\r")
        assert 0 == terminal.finish()
    finally:
        terminal.close()

    assert "Claim on the discard: " in asked
    assert "You: 'knock' (with a penalty card) or 'pass'." in asked
    line, rest = hinted.split("\n")[1], hinted.split("\n", 2)[2]
    assert line.startswith(f"Hint: {expected}: ")
    assert "4♠" in line.split(f"Hint: {expected}: ", 1)[1]
    assert "> " == rest


def test_tables_point8_a_refusal_under_classic_cites_classics_own_book() -> None:
    """Tables point 8, on a terminal: under ``classic`` a lay-off before the opening and a set
    with a suit twice are refused citing cardgames.zone's rules (§6, §5), the book ``classic``
    follows, and no DRoV rule; under ``drov`` a lay-off before the opening and a set of two ranks
    cite DRoV (Nr. 9, Nr. 8), though both tables score drov's match by penalties."""
    shown = {}
    for name in ("classic", "drov"):
        terminal = Table("--delay", "0", "--rules", name, seed=5)
        try:
            terminal.start()
            if name == "drov":
                terminal.answer(b"draw\r")
            meld = {"classic": "6♣ 6♦ 6♦", "drov": "2♣ 2♠ 5♥"}[name]  # cards the hand holds
            shown[name] = terminal.answer("layoff 0 6♣\r".encode()) + terminal.answer(
                f"meld {meld}\r".encode()
            )
            terminal.answer(b"quit\r")
            assert 0 == terminal.finish()
        finally:
            terminal.close()

    assert (
        "Not allowed: laying off needs an opened player (cardgames.zone rules §6)"
        in shown["classic"]
    )
    assert "a set may not hold a suit twice (cardgames.zone rules §5)" in shown["classic"]
    assert "DRoV" not in shown["classic"]
    assert "Not allowed: laying off needs an opened player (DRoV rule 9)" in shown["drov"]
    assert "Not allowed: 2♣ 2♠ 5♥: " in shown["drov"]
    assert "(DRoV rule 8)" in shown["drov"]
