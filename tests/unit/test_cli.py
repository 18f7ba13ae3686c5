"""The CLI driven end to end through stdin/stdout with a fixed seed.

``main(argv, stdin=, stdout=, stderr=)`` runs the ``romme`` command and
returns its exit status. Pinned here: ``play`` with a scripted human
(legal and illegal moves, their reasons, numbers from the 'help' list, the
round's scores, the next-round question), the demo round without moves,
``simulate`` (JSON and table), ``check``, ``rules``, every ``--help``, and
the installed console script.

Piped standard input is read whole before play starts, so a script cannot
react to the output; where a test must answer "Play the next round?" (and
only that) it uses `ScriptedTerminal`, which reports itself as a terminal
and is read line by line.
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, Final, NamedTuple

import attrs
import pytest

from romme import (
    PRESETS,
    GreedyBot,
    Match,
    Rules,
    legal_actions,
    make_deck,
    new_match,
    view,
)
from romme.cli import main

SEED: Final = 5
"""The seed of the scripted games: under classic the human (seat 0) plays first with 14 cards."""
PLAYERS: Final = 3
NAMES: Final = ("You", "Computer 1", "Computer 2")
NEXT_ROUND: Final = "Play the next round? [Y/n]"
RESULT_LINE: Final = re.compile(
    r"^  (You|Computer \d+)\s+penalty this round\s+(\d+)   penalty total\s+(\d+)$", re.M
)
"""A seat's line after a round: name, penalty of the round, total so far."""
STATUS_LINE: Final = re.compile(
    r"^  Computer \d+ +(?:\d+ cards?|sits out) .*penalty total +\d+$", re.M
)
"""A line about another seat, one per seat, shown above the human's hand."""


class Run(NamedTuple):
    """What a call of `main` did: exit status and the text written to stdout and stderr."""

    status: int
    out: str
    err: str


def run(argv: Sequence[str], stdin: str | io.StringIO = "") -> Run:
    """Call `main` with `argv`, feeding `stdin` (text is piped, not a terminal)."""
    out = stdin.screen if isinstance(stdin, ScriptedTerminal) else io.StringIO()
    err = io.StringIO()
    source = io.StringIO(stdin) if isinstance(stdin, str) else stdin
    status = main(list(argv), stdin=source, stdout=out, stderr=err)
    return Run(status, out.getvalue(), err.getvalue())


class ScriptedTerminal(io.StringIO):
    """Standard input that acts as a terminal: lines are read one at a time, as typed.

    It answers with the lines of `script` first, then `default` to every
    prompt; when the screen's last line is the next-round question it
    answers from `next_round` instead ("n" once those run out). Once a round
    is over, the lines of `after_round` come before `default`. After `limit`
    lines it reports the end of input.
    """

    def __init__(
        self,
        script: Sequence[str] = (),
        *,
        default: str = "0",
        next_round: Sequence[str] = (),
        after_round: Sequence[str] = (),
        limit: int = 5000,
    ) -> None:
        super().__init__()
        self.screen = io.StringIO()
        self.script = list(script)
        self.default = default
        self.next_round = list(next_round)
        self.after_round = list(after_round)
        self.limit = limit
        self.typed: list[str] = []

    def isatty(self) -> bool:
        return True

    # typeshed types io.StringIO's methods through _IOBase, which reads bytes: hence the ignores.
    def readline(self, size: int | None = -1, /) -> str:  # type: ignore[override]
        if len(self.typed) >= self.limit:
            return ""
        if self.screen.getvalue().endswith(NEXT_ROUND + "\n"):
            line = self.next_round.pop(0) if self.next_round else "n"
        elif self.script:
            line = self.script.pop(0)
        elif self.after_round and "Round over" in self.screen.getvalue():
            line = self.after_round.pop(0)
        else:
            line = self.default
        self.typed.append(line)
        return line + "\n"

    def __iter__(self) -> Iterator[str]:  # type: ignore[override]
        return self

    def __next__(self) -> str:  # type: ignore[override]
        line = self.readline()
        if not line:
            raise StopIteration
        return line


def first_legal_round(seed: int = SEED) -> Match:
    """Replay with the library what the CLI plays when the human always picks move 0.

    Same rules (classic), seats, seed and first dealer as ``romme play``;
    the computer seats are GreedyBots.
    """
    match = new_match(PRESETS["classic"], PLAYERS, seed=seed, dealer=PLAYERS - 1)
    bot = GreedyBot()
    while match.round == 0:
        state = match.state
        assert state is not None
        seat = state.current_player
        action = legal_actions(state)[0] if seat == 0 else bot.choose(view(state, seat))
        match = match.apply(action)
    return match


def result_lines(match: Match, index: int = 0) -> list[tuple[str, int, int]]:
    """(name, penalty, total) of each seat after round `index` of `match`."""
    results = match.results[: index + 1]
    return [
        (NAMES[seat], results[-1].penalties[seat], sum(r.penalties[seat] for r in results))
        for seat in range(match.players)
    ]


def printed_results(out: str) -> list[tuple[str, int, int]]:
    """The (name, penalty, total) lines the CLI printed, all rounds in order."""
    return [(name, int(p), int(t)) for name, p, t in RESULT_LINE.findall(out)]


def card_not_in_first_hand() -> str:
    """A card the human does not hold at the start of the scripted game."""
    state = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1).state
    assert state is not None
    return str(next(card for card in make_deck(PRESETS["classic"]) if card not in state.hands[0]))


# -- play: a scripted human --------------------------------------------------------------


def test_play_scripted_human_sees_legal_moves_reasons_and_the_scores() -> None:
    """Piped moves: 'help', an illegal discard, a typo, then move 0 again and again until the round ends.

    'help' lists the legal moves numbered; the discard of a card not in hand
    prints "Not allowed: you do not hold …" naming the card; 'foo' prints "Cannot read
    that"; the round ends and every seat's penalty and total are printed,
    as the library scores the same moves. (Piped input is read whole; a '0'
    answers "Play the next round?" with nothing, so it asks again until the 'n'.)
    """
    missing = card_not_in_first_hand()
    lines = ["help", f"discard {missing}", "foo", *["0"] * 3000, "n"]

    status, out, err = run(["play", "--seed", str(SEED)], "\n".join(lines) + "\n")

    assert (0, "") == (status, err)
    assert "Legal now:\nLay-downs:\n   13. " in out
    assert "Discards:\n    0. discard 6♣\n" in out
    assert f"Not allowed: you do not hold {missing}\n" in out
    assert "[card_not_in_hand]" not in out
    assert (
        "Cannot read that: unknown verb 'foo'; verbs are discard, draw, layoff, meld, swap, take, "
        "takeback. 'help'" in out
    )
    expected = first_legal_round()
    winner = expected.results[0].winner
    assert winner is not None
    assert f"Round over: {NAMES[winner]} went out" in out
    assert result_lines(expected) == printed_results(out)[:PLAYERS]


def test_play_help_lists_exactly_the_legal_moves_numbered() -> None:
    """'help' prints "Legal now:" and every legal move, numbered by its place in legal_actions (grouped by kind)."""
    state = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1).state
    assert state is not None
    expected = [f"{index:>3}. {action}" for index, action in enumerate(legal_actions(state))]

    _, out, _ = run(["play", "--seed", str(SEED)], "help\nquit\n")

    listed = out.split("Legal now:\n", 1)[1].split("Type an action, or its number")[0]
    actual = [line.strip() for line in listed.splitlines() if line.startswith(" ")]
    assert sorted(line.strip() for line in expected) == sorted(actual)


def test_play_answering_no_to_the_next_round_stops_after_one_round() -> None:
    """At a terminal, move 0 to every prompt, 'n' to "Play the next round?": one round, its scores, status 0."""
    terminal = ScriptedTerminal(next_round=["n"])

    status, out, err = run(["play", "--seed", str(SEED)], terminal)

    assert (0, "") == (status, err)
    assert 1 == out.count("Round over")
    assert f"{NEXT_ROUND}\nStandings after 1 round (" in out
    assert out.endswith("Bye.\n")
    assert "Match over" not in out
    assert result_lines(first_legal_round()) == printed_results(out)


def test_play_typed_move_text_from_the_help_list_is_accepted() -> None:
    """Typing a move as 'help' prints it (e.g. 'discard 6♣') does the same as typing its number."""
    state = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1).state
    assert state is not None
    first = str(legal_actions(state)[0])
    terminal = ScriptedTerminal([first], next_round=["n"])

    status, out, _ = run(["play", "--seed", str(SEED)], terminal)

    assert 0 == status
    assert "Not allowed" not in out
    assert "Cannot read that" not in out
    assert result_lines(first_legal_round()) == printed_results(out)


def test_play_illegal_moves_are_refused_with_their_reason_and_the_turn_goes_on() -> None:
    """'draw' in the play phase is refused in plain words; a number past the list is refused; 'quit' says Bye."""
    state = new_match(PRESETS["classic"], PLAYERS, seed=SEED, dealer=PLAYERS - 1).state
    assert state is not None
    count = len(legal_actions(state))

    status, out, err = run(["play", "--seed", str(SEED)], "draw\n999\nquit\n")

    assert (0, "") == (status, err)
    assert re.search(r"Not allowed: [^\[\]]+\n", out)
    assert "wrong_phase" not in out
    assert f"There is no move 999: the moves are 0 to {count - 1} ('help' lists them).\n" in out
    assert out.endswith("Bye.\n")
    assert "Round over" not in out


def test_play_end_of_input_mid_round_stops_cleanly() -> None:
    """When the moves run out before the round ends, play says Bye and exits 0 (no traceback)."""
    status, out, err = run(["play", "--seed", str(SEED)], "0\n0\n")

    assert (0, "") == (status, err)
    assert out.endswith("Bye.\n")


@pytest.mark.parametrize("preset", list(PRESETS))
def test_play_a_human_answering_move_0_finishes_a_round_under_every_preset(preset: str) -> None:
    """Under every preset (tournament scoring is played by penalties at home) a round reaches its end.

    Two rounds are played: under dealer_sits_out the human sits out the second.
    """
    terminal = ScriptedTerminal(next_round=["y", "n"])

    status, out, err = run(["play", "--seed", "7", "--rules", preset, "--players", "4"], terminal)

    assert (0, "") == (status, err)
    assert "Not allowed" not in out
    assert 2 == out.count("Round over")
    assert 8 == len(printed_results(out))


def test_play_show_prints_the_same_points_as_the_turn_header() -> None:
    """'show' repeats the table and hands: the other seats' point totals must be the real ones.

    Round 1 is played out (the computers end it with penalty points), then at
    the first prompt of round 2 the human types 'show': its line about the
    other seats must equal those printed at the start of the turn.
    """
    assert any(first_legal_round().totals[1:]), "the test needs points after round 1"
    terminal = ScriptedTerminal(next_round=["y"], after_round=["show", "quit"])

    status, out, _ = run(["play", "--seed", str(SEED)], terminal)

    assert 0 == status
    assert ["show", "quit"] == terminal.typed[-2:]
    others = STATUS_LINE.findall(out)
    header, repeated = others[-2 * (PLAYERS - 1) : -(PLAYERS - 1)], others[-(PLAYERS - 1) :]
    assert len(header) == PLAYERS - 1
    assert header == repeated


# -- play: the demo round ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "stdin"),
    [
        (["play", "--seed", "3"], ""),
        (["play", "--seed", "3"], "  \n\n"),
        (["play", "--seed", "3", "--auto"], ""),
        (["play", "--seed", "3", "--auto"], "draw\n"),
    ],
    ids=["empty-stdin", "blank-stdin", "auto", "auto-ignores-stdin"],
)
def test_play_without_moves_or_with_auto_watches_a_demo_round(argv: list[str], stdin: str) -> None:
    """No moves on a non-terminal stdin, or --auto: the computer plays one round, then exit 0."""
    status, out, err = run(argv, stdin)

    assert (0, "") == (status, err)
    assert "watching the computer play" in out
    assert 1 == out.count("Round over")
    assert NEXT_ROUND not in out
    printed = printed_results(out)
    assert ["Computer 0", "Computer 1", "Computer 2"] == [name for name, _, _ in printed]


def test_play_demo_round_is_reproducible_from_the_seed() -> None:
    """The same --seed prints the same demo round."""
    assert run(["play", "--seed", "3", "--auto"]) == run(["play", "--seed", "3", "--auto"])


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "--rules", "nope"], "no preset called 'nope'"),
        (["play", "--rules", "drov", "--players", "2", "--auto"], "at least 3 seats"),
    ],
)
def test_play_bad_options_exit_2_with_a_message_on_stderr(argv: list[str], message: str) -> None:
    """Impossible seats or rules: status 2, "romme: …" on stderr, nothing played."""
    status, out, err = run(argv)

    assert 2 == status
    assert err.startswith("romme: ")
    assert message in err
    assert "" == out


# -- simulate -----------------------------------------------------------------------------

SPEED_FIELDS: Final = ("rounds_per_second", "decisions_per_second")


def simulate_json(*options: str) -> dict[str, Any]:
    status, out, err = run(["simulate", "--json", *options])
    assert (0, "") == (status, err)
    result: dict[str, Any] = json.loads(out)
    return result


def test_simulate_json_counts_add_up() -> None:
    """--json: wins ≤ rounds, the ends add up to the rounds, each seat's rounds ≤ rounds, bots as given."""
    summary = simulate_json("--rounds", "5", "--seed", "1")

    assert ("classic", 1, 5) == (summary["rules"], summary["seed"], summary["rounds"])
    seats = summary["seats"]
    assert ["greedy", "random", "random", "random"] == [seat["bot"] for seat in seats]
    assert [0, 1, 2, 3] == [seat["seat"] for seat in seats]
    assert sum(seat["wins"] for seat in seats) <= 5
    assert 5 == sum(summary["ends"].values())
    assert all(0 <= seat["wins"] <= seat["rounds"] <= 5 for seat in seats)
    assert [5, 5, 5, 5] == [seat["rounds"] for seat in seats]


def test_simulate_json_with_a_sitting_out_dealer_counts_only_rounds_dealt_in() -> None:
    """drov, 3 seats: each round deals 2 seats in, so the seats' rounds add up to 2 × rounds."""
    summary = simulate_json(
        "--rounds", "5", "--seed", "2", "--rules", "drov", "--bots", "greedy,random,greedy"
    )

    seats = summary["seats"]
    assert ["greedy", "random", "greedy"] == [seat["bot"] for seat in seats]
    assert 10 == sum(seat["rounds"] for seat in seats)
    assert all(seat["rounds"] < 5 for seat in seats)
    assert sum(seat["wins"] for seat in seats) <= 5
    assert 5 == sum(summary["ends"].values())
    for seat in seats:
        rate = seat["wins"] / seat["rounds"] if seat["rounds"] else 0.0
        assert rate == pytest.approx(seat["win_rate"])


def test_simulate_is_reproducible_from_the_seed() -> None:
    """The same --seed gives the same summary, the speed figures aside."""
    first = simulate_json("--rounds", "3", "--seed", "4")
    second = simulate_json("--rounds", "3", "--seed", "4")
    for field in SPEED_FIELDS:
        del first[field], second[field]

    assert first == second


def test_simulate_table_prints_one_row_per_seat_matching_the_json() -> None:
    """Without --json: a header, one row per seat (seat, bot, rounds, wins as in --json), the ends."""
    options = ["--rounds", "5", "--seed", "1", "--bots", "greedy,random,greedy"]
    summary = simulate_json(*options)

    status, out, err = run(["simulate", *options])

    assert (0, "") == (status, err)
    lines = out.splitlines()
    assert "5 rounds of classic, seed 1" == lines[0]
    assert lines[1].split()[:4] == ["seat", "bot", "rounds", "wins"]
    rows = [line.split() for line in lines[2:] if re.match(r"\d", line)]
    expected = [
        [str(seat["seat"]), seat["bot"], str(seat["rounds"]), str(seat["wins"])]
        for seat in summary["seats"]
    ]
    assert expected == [row[:4] for row in rows]
    assert lines[-1].startswith("ends: ")


@pytest.mark.parametrize(
    ("bots", "rules"),
    [
        ("greedy", "classic"),
        ("greedy,foo", "classic"),
        ("", "classic"),
        (",", "classic"),
        (",".join(["greedy"] * 7), "classic"),
        ("greedy,greedy", "drov"),
    ],
    ids=["one-seat", "unknown-bot", "empty", "only-comma", "seven-seats", "two-seats-dealer-out"],
)
def test_simulate_bad_bots_exit_2_with_a_message_on_stderr(bots: str, rules: str) -> None:
    """Bad --bots: status 2, "romme: …" on stderr, nothing on stdout."""
    status, out, err = run(["simulate", "--rounds", "1", "--rules", rules, "--bots", bots])

    assert 2 == status
    assert err.startswith("romme: ")
    assert "" == out


# -- check --------------------------------------------------------------------------------


def test_check_valid_run_prints_kind_and_value() -> None:
    """`check "Q♣ K♣ A♣"`: a valid run worth 31 under classic, status 0."""
    assert (0, "Valid run under classic: Q♣ K♣ A♣, worth 31\n", "") == run(["check", "Q♣ K♣ A♣"])


def test_check_takes_the_cards_as_one_argument_or_several() -> None:
    """`check Q♣ K♣ A♣` (three arguments) says the same as `check "Q♣ K♣ A♣"`."""
    assert run(["check", "Q♣ K♣ A♣"]) == run(["check", "Q♣", "K♣", "A♣"])


def test_check_around_the_corner_is_no_meld_under_classic() -> None:
    """`check "K♣ A♣ 2♣"` under classic: not a meld, said in words with no reason code, status 1."""
    status, out, err = run(["check", "K♣ A♣ 2♣"])

    assert (1, "") == (status, err)
    assert out.startswith("Not a meld under classic: ")
    assert out.endswith("may not go around the corner (K-A-2) under these rules\n")
    assert "around_the_corner" not in out


def test_check_around_the_corner_is_a_run_under_drov() -> None:
    """`check --rules drov "K♣ A♣ 2♣"`: a valid run worth 23 (K 10 + A 11 + 2), status 0."""
    expected = Run(0, "Valid run under drov: K♣ A♣ 2♣, worth 23\n", "")

    assert expected == run(["check", "--rules", "drov", "K♣ A♣ 2♣"])


def test_check_names_what_the_joker_stands_for() -> None:
    """`check "JK 5♣ 6♣"`: the joker at position 0 (counted from 0, as in the API) stands for 4♣."""
    expected = Run(
        0,
        "Valid run under classic: JK 5♣ 6♣, worth 15\n"
        "  the joker at position 0 (counted from 0) stands for 4♣\n",
        "",
    )

    assert expected == run(["check", "JK 5♣ 6♣"])


@pytest.mark.parametrize("cards", ["ZZ", "Q♣ K♣ X♣", "Q♣ K♣ 1♣"])
def test_check_unreadable_cards_exit_2(cards: str) -> None:
    """Cards that cannot be read: "cannot read the cards" on stderr, status 2."""
    status, out, err = run(["check", cards])

    assert (2, "") == (status, out)
    assert "cannot read the cards" in err


def test_check_unknown_rules_exit_2() -> None:
    """`check --rules nope …`: status 2 and the known presets on stderr."""
    status, out, err = run(["check", "--rules", "nope", "Q♣ K♣ A♣"])

    assert (2, "") == (status, out)
    assert all(name in err for name in PRESETS)


# -- rules --------------------------------------------------------------------------------


def shown(value: object) -> str:
    """A Rules value as the CLI writes it: yes/no, — for None, an enum's value."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


FIELDS: Final = tuple(field.name for field in attrs.fields(Rules))


def rules_blocks(out: str) -> list[list[str]]:
    """The side-by-side blocks of `romme rules` (header line first), before the field explanations."""
    tables = out.split("\nThe presets:", 1)[0]
    return [block.splitlines() for block in tables.split("\n\n")]


def test_rules_fits_in_100_columns() -> None:
    """`rules` and `rules NAME` print no line wider than 100 columns."""
    for argv in (["rules"], *(["rules", name] for name in PRESETS)):
        _, out, _ = run(argv)
        assert max(len(line) for line in out.splitlines()) <= 100, argv


def test_rules_table_header_lists_every_preset() -> None:
    """`rules`: the block headers name every preset, in PRESETS order; each block has one row per Rules field."""
    status, out, err = run(["rules"])

    assert (0, "") == (status, err)
    blocks = rules_blocks(out)
    assert len(blocks) > 1
    assert list(PRESETS) == [name for block in blocks for name in block[0].split()]
    for _, *rows in blocks:
        assert list(FIELDS) == [row.split()[0] for row in rows]


def test_rules_table_cells_are_the_presets_full_values() -> None:
    """`rules`: each cell is the preset's value as written in full (e.g. meld_or_discard), never cut short."""
    _, out, _ = run(["rules"])

    rows: dict[str, list[str]] = {}
    for _, *lines in rules_blocks(out):
        for row in lines:
            rows.setdefault(row.split()[0], []).extend(row.split()[1:])
    expected = {field: [shown(getattr(p, field)) for p in PRESETS.values()] for field in FIELDS}
    assert expected == rows


def test_rules_explains_every_field_in_the_words_of_its_documentation() -> None:
    """`rules`: after the tables, every Rules field with the text documenting it in the API."""
    _, out, _ = run(["rules"])

    explained = out.split("\nWhat the fields mean", 1)[1].splitlines()[1:]
    names = [line.strip() for line in explained if line.startswith("  ") and line[2] != " "]
    assert list(FIELDS) == names
    text = " ".join(line.strip() for line in explained)
    assert "opening_threshold Meld value a player's first lay-downs must reach" in text
    assert "dealer_sits_out Whether the dealer gets no cards this round" in text


def test_rules_of_one_preset_prints_every_field_with_its_value() -> None:
    """`rules drov`: a line per Rules field with drov's value (dealer_sits_out yes), each explained below."""
    status, out, err = run(["rules", "drov"])

    assert (0, "") == (status, err)
    first, *lines = out.splitlines()
    assert first.startswith("drov: ")
    fields = [line for line in lines if not line.startswith("    ")]
    actual = {line.split()[0]: line.split(maxsplit=1)[1] for line in fields}
    expected = {field: shown(getattr(PRESETS["drov"], field)) for field in FIELDS}
    assert expected == actual
    assert "yes" == actual["dealer_sits_out"]
    assert len(lines) > 2 * len(FIELDS) - 1
    after = lines[lines.index(next(f for f in fields if f.split()[0] == "upcard")) + 1]
    assert after.strip().startswith("Whether the top stock card starts the discard pile")


def test_rules_accepts_an_alias_and_names_the_preset() -> None:
    """`rules DRoV` and `rules tournament` print what `rules drov` prints."""
    expected = run(["rules", "drov"])

    assert expected == run(["rules", "DRoV"])
    assert expected == run(["rules", "tournament"])


def test_rules_unknown_name_exits_2_with_the_known_names_on_stderr() -> None:
    """`rules nope`: status 2, nothing on stdout, every preset name on stderr."""
    status, out, err = run(["rules", "nope"])

    assert (2, "") == (status, out)
    assert "no preset called 'nope'" in err
    assert all(name in err for name in PRESETS)


# -- help ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("argv", "mentions"),
    [
        ([], "simulate"),
        (["play"], "--auto"),
        (["simulate"], "--bots"),
        (["check"], "--rules"),
        (["rules"], "name"),
        (["schema"], "kind"),
        (["arena"], "with 95 % intervals"),
    ],
    ids=["romme", "play", "simulate", "check", "rules", "schema", "arena"],
)
def test_help_of_every_subcommand_exits_0(argv: list[str], mentions: str) -> None:
    """`--help` prints the usage to the given stdout and exits with status 0, a per cent sign once."""
    stdout = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main([*argv, "--help"], stdin=io.StringIO(), stdout=stdout, stderr=io.StringIO())

    assert 0 == exited.value.code
    printed = stdout.getvalue()
    assert printed.startswith("usage: romme")
    assert mentions in printed
    assert "%%" not in printed


def test_no_command_prints_the_help_and_exits_0() -> None:
    """`romme` alone prints the help to the given stdout and returns 0."""
    status, out, err = run([])

    assert (0, "") == (status, err)
    assert out.startswith("usage: romme")


# -- the installed console script ---------------------------------------------------------


def test_console_script_plays_a_demo_round_without_a_terminal() -> None:
    """`romme play --seed 3` with stdin from /dev/null: the demo round, "Round over", status 0."""
    script = Path(sys.executable).with_name("romme")
    assert script.exists(), f"the console script is not installed next to {sys.executable}"

    done = subprocess.run(
        [str(script), "play", "--seed", "3"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        timeout=120,
        check=False,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
    )

    assert (0, b"") == (done.returncode, done.stderr)
    text = done.stdout.decode("utf-8")
    assert "Round over" in text
    assert text == run(["play", "--seed", "3"]).out
