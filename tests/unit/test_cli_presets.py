"""`romme rules` describes every preset, `romme arena --help` says its defaults and columns, and
an option's value out of range is refused in one shape (tables point 10)."""

from __future__ import annotations

import io
import re

import pytest

from romme import PRESETS
from romme.cli import main


def run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def joined(text: str) -> str:
    """The text with its wrapped lines joined by single spaces."""
    return " ".join(text.split())


# Each game form's line names its rule book, its source and what the form changes.
GAME_FORMS = {
    "ass-raeuber": ("Räuber-Rommé", "ass", "ASS S. 2–3", "40 to open"),
    "schmidt-raeuber": ("Räuber-Rommé", "schmidt", "Schmidt S. 4", "40 to open"),
    "ghidi": ("Rummy à la Ghidi", "cardgames.zone §10", "10 cards", "starts by discarding"),
    "ass-kaufen": ("buy", "ASS S. 3", "top stock card"),
    "ass-klopfen": ("knock", "ASS S. 1–2", "top stock card"),
}


@pytest.mark.parametrize("name", list(PRESETS))
def test_tables_point10_rules_of_one_preset_starts_with_its_description(name: str) -> None:
    """Tables point 10: `romme rules NAME` opens with the preset's source and what sets it
    apart, for every preset; the five game forms printed an empty description."""
    status, out, err = run(["rules", name])

    assert (0, "") == (status, err)
    head = joined(out.split("\n  decks", 1)[0])
    assert head.startswith(f"{name}: ")
    assert len(head) > len(name) + 20
    for words in GAME_FORMS.get(name, ()):
        assert words in head, (name, words)


def test_tables_point10_rules_lists_every_preset_with_its_description() -> None:
    """Tables point 10: `romme rules` without a name says, below the tables, what each preset
    is (ghidi was explained nowhere), one entry per preset in PRESETS order."""
    _, out, _ = run(["rules"])

    listed = out.split("\nThe presets:\n", 1)[1].split("\n\nWhat the fields mean", 1)[0]
    entries = re.findall(r"^  (\S+): ", listed, re.M)
    assert list(PRESETS) == entries
    text = joined(listed)
    for name, words in GAME_FORMS.items():
        entry = text.split(f"{name}: ", 1)[1]
        assert all(word in entry for word in words), name
    assert max(len(line) for line in listed.splitlines()) <= 100


def test_tables_point10_arena_help_shows_the_bots_default_and_explains_the_columns() -> None:
    """Tables point 10: `romme arena --help` shows the `--bots` default and says what the
    "points" column (and the others) mean."""
    stdout = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(["arena", "--help"], stdout=stdout, stderr=io.StringIO())

    assert 0 == exited.value.code
    text = joined(stdout.getvalue())
    assert "(default: search,greedy,greedy,greedy)" in text
    assert "'points' the other seats' mean penalty less its own" in text
    assert "'Elo'" in text
    assert "'avg penalty'" in text


@pytest.mark.parametrize(
    ("argv", "option", "said"),
    [
        (["play", "--players", "7"], "--players", "takes 2 to 6 seats, not 7"),
        (["play", "--players", "1"], "--players", "takes 2 to 6 seats, not 1"),
        (["play", "--players", "three"], "--players", "not a whole number: 'three'"),
        (["play", "--delay", "100"], "--delay", "takes 0 to 60 seconds, not 100"),
        (["serve", "--delay", "100"], "--delay", "takes 0 to 60 seconds, not 100"),
        (["simulate", "--rounds", "0"], "--rounds", "takes 1 or more, not 0"),
        (["arena", "--rounds", "0"], "--rounds", "takes 1 or more, not 0"),
        (["arena", "--workers", "0"], "--workers", "takes 1 or more, not 0"),
    ],
)
def test_tables_point10_an_option_out_of_range_is_refused_in_one_shape(
    argv: list[str], option: str, said: str
) -> None:
    """Tables point 10: `--players 7` and `--delay 100` (and every other count out of range)
    exit with status 2 and the usage, then "romme COMMAND: error: argument OPTION: …",
    with nothing on standard output."""
    out, err = io.StringIO(), io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(argv, stdin=io.StringIO(), stdout=out, stderr=err)

    assert 2 == exited.value.code
    assert "" == out.getvalue()
    lines = err.getvalue().splitlines()
    assert lines[0].startswith(f"usage: romme {argv[0]} ")
    assert f"romme {argv[0]}: error: argument {option}: {said}" == lines[-1]
