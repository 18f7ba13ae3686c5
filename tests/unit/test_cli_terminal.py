"""Terminal play a person enjoys: aligned colour columns, the drawn card, echoes, headers, plain messages.

Driven like tests/unit/test_cli.py, through ``main`` with scripted standard
input and the seed 5 under classic (you are seat 0, first to play with 14
cards: 6♣ Q♣ K♣ A♣ 5♠ J♠ K♠ 4♥ 5♥ 7♥ 8♥ K♥ 6♦ 6♦); one test types into a real
pseudo-terminal to check line editing.
"""

from __future__ import annotations

import io
import itertools
import os
import re
import select
import subprocess
import sys
import time
from collections import Counter

import pytest

from romme import (
    PRESETS,
    Draw,
    GreedyBot,
    apply,
    format_cards,
    legal_actions,
    new_match,
    view,
)
from romme.cli import color_wanted, main, pad, visible_width
from tests.unit.test_cli import PLAYERS, SEED, ScriptedTerminal, run

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def plain(text: str) -> str:
    """`text` without colour codes."""
    return ESCAPE.sub("", text)


def test_pad_counts_visible_columns_not_colour_codes() -> None:
    """pad() and visible_width() ignore ANSI colour codes, so coloured cells line up."""
    red = "\x1b[31m7♥\x1b[0m"
    assert 2 == visible_width(red)
    assert red + "   " == pad(red, 5)
    assert "7♣   " == pad("7♣", 5)


def test_table_columns_line_up_with_colour_on() -> None:
    """With --color the meld owners on the table start in one column on every row."""
    status, out, _ = run(["--color", "play", "--seed", str(SEED)], "0\nshow\nquit\n")
    assert 0 == status
    assert "\x1b[31m" in out
    rows = [plain(line) for line in out.splitlines() if plain(line).startswith("  [")]
    assert len(rows) >= 3, "the test needs melds on the table"
    owners = {row.rindex("   ") for row in rows}
    assert 1 == len(owners)


@pytest.mark.parametrize(
    ("environ", "tty", "wanted"),
    [
        ({}, False, False),
        ({}, True, True),
        ({"FORCE_COLOR": "1"}, False, True),
        ({"FORCE_COLOR": "0"}, False, False),
        ({"NO_COLOR": "1"}, True, False),
        ({"NO_COLOR": ""}, True, True),
        ({"FORCE_COLOR": "1", "NO_COLOR": "1"}, False, True),
    ],
)
def test_force_color_and_no_color_are_honoured(
    environ: dict[str, str], tty: bool, wanted: bool
) -> None:
    """FORCE_COLOR turns colour on, NO_COLOR off (either only when not empty); else colour on a terminal."""
    stream = ScriptedTerminal() if tty else io.StringIO()
    assert wanted == color_wanted(stream, environ)


def test_force_color_in_the_environment_colours_piped_output(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`FORCE_COLOR=1 romme check` colours red suits though stdout is no terminal."""
    monkeypatch.setenv("FORCE_COLOR", "1")
    monkeypatch.delenv("NO_COLOR", raising=False)
    _, out, _ = run(["check", "5♥ 6♥ 7♥"])
    assert "\x1b[31m5♥\x1b[0m" in out


def _drawn_card() -> str:
    """The card the human draws at turn 4 after discarding move 0 at turn 1 (the library's own play)."""
    match = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1)
    bot = GreedyBot()
    first = True
    while True:
        state = match.state
        assert state is not None
        if state.current_player == 0 and not first:
            after = match.apply(Draw()).state
            assert after is not None
            gained = Counter(after.hands[0]) - Counter(state.hands[0])
            return str(next(iter(gained)))
        seat = state.current_player
        action = legal_actions(state)[0] if seat == 0 else bot.choose(view(state, seat))
        first = first and seat != 0
        match = match.apply(action)


def test_the_drawn_card_is_named_and_marked_in_the_hand() -> None:
    """After 'draw': "You drew X." and X is marked in the hand shown (in brackets without colour)."""
    card = _drawn_card()
    _, out, _ = run(["play", "--seed", str(SEED)], "0\ndraw\nquit\n")
    assert f"You: draw\nYou drew [{card}].\n" in out
    hand = [line for line in out.splitlines() if line.startswith("Your hand")][-1]
    assert f"[{card}]" in hand
    assert 1 == hand.count("[")


def test_the_drawn_card_is_highlighted_with_colour_on() -> None:
    """With colour the drawn card is shown in reverse video."""
    card = _drawn_card()
    _, out, _ = run(["--color", "play", "--seed", str(SEED)], "0\ndraw\nquit\n")
    assert re.search(r"You drew \x1b\[[0-9;]*7m" + re.escape(card), out)


def test_your_own_move_is_echoed_and_the_table_redrawn() -> None:
    """A typed move is echoed ("You: …") and the table with the new meld is shown again at once."""
    _, out, _ = run(["play", "--seed", str(SEED)], "meld Q♣ K♣ A♣\nquit\n")
    after = out.split("You: meld Q♣ K♣ A♣\n", 1)[1]
    assert after.splitlines()[1].startswith("── round 1 · turn 1 · You to play")
    assert "  [0] Q♣ K♣ A♣   run of You" in after
    assert "Your hand (11): 6♣ 5♠ J♠ K♠ 4♥ 5♥ 7♥ 8♥ K♥ 6♦ 6♦" in after


def test_round_dealer_and_match_target_are_shown() -> None:
    """The round's number, its dealer and what ends the match are shown; every turn header names them."""
    _, out, _ = run(["play", "--seed", str(SEED)], "quit\n")
    assert "══ Round 1 · dealer: Computer 2 ══\n" in out
    assert "Match: until a penalty total reaches 500; the lowest penalty total wins\n" in out
    assert "── round 1 · turn 1 · You to play (play phase) · dealer: Computer 2 ──" in out
    _, out, _ = run(["play", "--rules", "cardgames-zone", "--seed", str(SEED)], "quit\n")
    assert "══ Round 1 of 3 · dealer: Computer 2 ══\n" in out
    assert "Match: 3 rounds; the lowest penalty total wins\n" in out


def test_penalty_totals_are_labelled_as_such() -> None:
    """The other seats' and your own points are called penalty totals."""
    _, out, _ = run(["play", "--seed", str(SEED)], "quit\n")
    assert re.search(r"^  You +14 cards +not opened, 30 to open +penalty total 0$", out, re.M)
    assert re.search(r"^  Computer 1 +13 cards +not opened +penalty total 0$", out, re.M)
    assert " points" not in out


def test_the_seats_are_listed_one_a_line_in_columns() -> None:
    """Each seat, yours first, has its own line, its columns under each other; the dealer who sits out (DRoV Nr. 2) shows no card count."""
    _, out, _ = run(["play", "--rules", "drov", "--players", "4", "--seed", str(SEED)], "quit\n")
    rows = out.split("Stock: ", 1)[1].splitlines()[1:5]
    names = [row.split("   ")[0].strip() for row in rows]
    assert names == ["You", "Computer 1", "Computer 2", "Computer 3"]
    assert "  Computer 3   sits out " in rows[3]
    assert "0 cards" not in rows[3]
    assert "not opened, 40 to open" in rows[0]
    assert 1 == len({row.index("penalty total") for row in rows})
    assert 1 == len({row.index("13 cards") for row in rows[:3]})
    assert out.split("Stock: ", 1)[1].splitlines()[5].startswith("Your hand (13): ")


def test_your_row_says_what_is_staged_towards_the_opening() -> None:
    """A meld laid before the opening is complete (DRoV: 40 to open) shows what is staged of the threshold."""
    _, out, _ = run(["play", "--rules", "drov", "--seed", str(SEED)], "draw\nmeld 5♣ 5♥ 5♦\nquit\n")
    assert "(staged: the opening is not complete)" in out
    assert re.search(
        r"^  You +11 cards +not opened, 15 of 40 staged, needs 25 more +penalty total 0$", out, re.M
    )


def test_the_score_sheet_names_the_cards_behind_each_penalty() -> None:
    """After the round each seat that did not go out has its cards left listed under its penalty."""
    terminal = ScriptedTerminal()
    _, out, _ = run(["play", "--seed", str(SEED)], terminal)
    state = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1).state
    assert state is not None
    while state.result is None:  # what the CLI plays when the human always picks move 0
        seat = state.current_player
        choice = legal_actions(state)[0] if seat == 0 else GreedyBot().choose(view(state, seat))
        state = apply(state, choice)
    result = state.result
    sheet = out.split("Round over", 1)[1]
    for seat in range(PLAYERS):
        if seat == result.winner:
            continue
        assert f"cards left: {format_cards(state.hands[seat])}" in sheet
    assert "went out" in sheet


def test_banner_mentions_show_and_never_a_bare_take_under_immediate_use() -> None:
    """Under classic (immediate_use) the banner offers 'take' only with a use; under free a bare 'take'."""
    _, out, _ = run(["play", "--seed", str(SEED)], "quit\n")
    banner = out.split("══", 1)[0]
    assert "'show'" in banner
    assert "'take'" not in banner
    assert "'take meld 7♥ 8♥ 9♥'" in banner
    _, out, _ = run(["play", "--rules", "cardgames-zone", "--seed", str(SEED)], "quit\n")
    assert "'take' (the top discard)" in out.split("══", 1)[0]


def test_card_not_in_hand_names_only_the_missing_card() -> None:
    """'meld K♠ K♥ JK' without a joker in hand: the refusal names JK alone, in plain words."""
    _, out, _ = run(["play", "--seed", str(SEED)], "meld K♠ K♥ JK\nquit\n")
    assert "Not allowed: you do not hold JK\n" in out
    assert "[card_not_in_hand]" not in out


def test_refusals_carry_no_reason_codes() -> None:
    """No message of a refused move prints a Reason value such as [wrong_phase]."""
    _, out, _ = run(["play", "--seed", str(SEED)], "draw\nlayoff 7 5♠\ndiscard JK\nquit\n")
    refusals = [line for line in out.splitlines() if "Not allowed" in line]
    assert 3 == len(refusals)
    assert not any("[" in line or "_" in line for line in refusals)


def test_version_prints_the_package_version() -> None:
    """`romme --version` prints "romme" and the installed version, and exits 0."""
    from importlib.metadata import version

    out = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(["--version"], stdout=out, stderr=io.StringIO())
    assert 0 == exited.value.code
    assert f"romme {version('romme-rules')}\n" == out.getvalue()


@pytest.mark.parametrize("value", ["-1", "abc", "nan", "61"])
def test_delay_takes_0_to_60_seconds(value: str) -> None:
    """--delay refuses negative, unreadable, nan and over-long pauses (exit status 2)."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(["play", "--delay", value], stdout=io.StringIO(), stderr=err)
    assert 2 == exited.value.code
    assert "--delay" in err.getvalue()


def test_delay_zero_plays_the_same_moves() -> None:
    """--delay 0 changes nothing but the pace: the demo round is the same."""
    assert run(["play", "--seed", "3", "--auto"]) == run(
        ["play", "--seed", "3", "--auto", "--delay", "0"]
    )


class PlayOnATerminal:
    """``romme play`` with its input and output on a pseudo-terminal: what reached the screen, and when."""

    def __init__(self, *options: str, seed: int = SEED) -> None:
        self.leader, follower = os.openpty()
        env = {**os.environ, "NO_COLOR": "1", "TERM": "xterm"}
        env.pop("FORCE_COLOR", None)
        self.child = subprocess.Popen(
            [sys.executable, "-m", "romme.cli", "play", "--seed", str(seed), *options],
            stdin=follower,
            stdout=follower,
            stderr=follower,
            env=env,
            close_fds=True,
        )
        os.close(follower)
        self.screen = b""
        self.arrivals: list[tuple[float, bytes]] = []
        """Each piece of output read, with the moment it was read (`time.monotonic`)."""

    def read_until(self, marker: bytes, start: int = 0) -> None:
        """Read until `marker` shows on the screen after byte `start` (60 s at most)."""
        deadline = time.monotonic() + 60
        while marker not in self.screen[start:] and time.monotonic() < deadline:
            ready, _, _ = select.select([self.leader], [], [], 1)
            if ready:
                try:
                    chunk = os.read(self.leader, 4096)
                except OSError:
                    return
                self.arrivals.append((time.monotonic(), chunk))
                self.screen += chunk

    def type(self, keys: bytes) -> None:
        os.write(self.leader, keys)

    def finish(self) -> int:
        """Wait for the command to end; return its exit status."""
        return self.child.wait(timeout=60)

    def close(self) -> None:
        if self.child.poll() is None:
            self.child.kill()
        os.close(self.leader)


def test_line_editing_on_a_real_terminal() -> None:
    """On a terminal, typed lines are edited with readline: 'qut', left arrow, 'i' is read as 'quit'."""
    pytest.importorskip("readline")
    terminal = PlayOnATerminal("--delay", "0")
    try:
        terminal.read_until(b"> ")
        terminal.type(b"qut\x1b[Di\r")
        terminal.read_until(b"Bye.")
        assert 0 == terminal.finish()
    finally:
        terminal.close()
    assert b"Bye." in terminal.screen
    assert b"Cannot read that" not in terminal.screen


@pytest.mark.slow
def test_the_default_delay_paces_the_computers_on_a_real_terminal() -> None:
    """Without --delay, on a terminal, each move of the computer comes on its own, a pause after the one before.

    The pause is 0.6 s; the test asks only that each line of the computer
    reach the screen at least 0.3 s after the line before it (a sleep never
    ends early), so a slow machine cannot make it fail.
    """
    terminal = PlayOnATerminal()
    try:
        terminal.read_until(b"> ")
        terminal.type(b"discard 6\xe2\x99\xa3\r")  # discard 6♣
        typed = len(terminal.screen)
        terminal.read_until(b"> ", typed + 1)
        terminal.type(b"quit\r")
        terminal.read_until(b"Bye.")
        assert 0 == terminal.finish()
    finally:
        terminal.close()
    assert b"You: discard 6" in terminal.screen
    shown: list[float] = []  # when each line of the computer reached the screen
    text = b""
    for moment, chunk in terminal.arrivals:
        before = text.count(b"\nComputer ")
        text += chunk
        shown.extend([moment] * (text.count(b"\nComputer ") - before))
    assert len(shown) >= 4, "the test needs both computers to move"
    gaps = [after - before for before, after in itertools.pairwise(shown)]
    assert min(gaps) >= 0.3
