"""Every value that constructs also formats, compares and serializes (hardening round 3, point 8).

Each public constructor and function that takes an integer bounds it
(docs/reference/errors.md, Limits): past the bound it refuses the value with a
typed error, and never with Python's own int-to-text `ValueError` ("Exceeds the
limit (4300 digits)") or an `OverflowError`. What it accepts, `str`, `repr`,
``==`` and `dumps`/`loads` take as well.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from romme import (
    JOKER,
    MAX_MELD_CARDS,
    Draw,
    GameRecord,
    InputTooLargeError,
    InvalidDataError,
    InvalidPositionError,
    InvalidRulesError,
    LayDown,
    LayOff,
    PointsTable,
    RommeError,
    RoundResult,
    Rules,
    SearchBot,
    SwapJoker,
    TakeFromTable,
    apply,
    check,
    dumps,
    find_rules,
    from_dict,
    is_legal,
    loads,
    new_game,
    new_match,
    new_position,
    parse_card,
    to_dict,
    view,
)

HUGE = 10**5000
"""More digits than Python writes out as text (4,300)."""
EXTREMES = (0, 1, -1, 5, 2**31, 2**63, 2**64, 2**128 - 1, 2**128, 10**400, -(10**400), HUGE, -HUGE)
INTS = st.one_of(st.integers(-(2**70), 2**70), st.sampled_from(EXTREMES))
"""Integers over and past every bound, the extremes included."""

SERIALIZED = (Rules, LayDown, LayOff, SwapJoker, TakeFromTable, RoundResult, GameRecord)
"""Value types with a JSON document of their own (besides states and matches, checked apart)."""

STATE = new_game(Rules(), 2, seed=1)


def constructs_and_formats(make: Callable[[], object]) -> object | None:
    """Build a value with `make`: a typed refusal, or a value that formats, compares and round-trips."""
    try:
        value = make()
    except (RommeError, TypeError, ValueError) as error:
        text = str(error)
        assert "Exceeds the limit" not in text, text
        assert len(text) < 1000
        return None
    assert str(value)
    assert repr(value)
    assert value == value
    if isinstance(value, SERIALIZED) or type(value).__name__ in ("GameState", "Match"):
        assert loads(dumps(value)) == value
    return value


@settings(deadline=None)
@given(number=INTS)
def test_every_integer_of_rules_is_bounded(number: int) -> None:
    """Hardening round 3, point 8: each int field of Rules takes its bounds or is refused with InvalidRulesError."""
    for field in (
        "decks",
        "jokers",
        "hand_size",
        "max_players",
        "opening_threshold",
        "hand_romme_multiplier",
        "max_reshuffles",
        "ace_penalty",
        "joker_penalty",
        "not_opened_penalty",
        "match_rounds",
        "match_limit",
    ):
        fields: dict[str, Any] = {field: number}
        constructs_and_formats(functools.partial(Rules, **fields))


@settings(deadline=None)
@given(number=INTS)
@example(number=10**400)
def test_every_integer_of_an_action_is_bounded(number: int) -> None:
    """Hardening round 3, point 8: a meld index of 10**400 is refused typed, not with OverflowError."""
    for make in (
        lambda: LayOff(number, "7♥"),
        lambda: SwapJoker(number, "7♥"),
        lambda: TakeFromTable(number, 0),
        lambda: TakeFromTable(0, number),
    ):
        action = constructs_and_formats(make)
        if action is not None:
            assert isinstance(is_legal(STATE, action), bool)  # type: ignore[arg-type]


@settings(deadline=None)
@given(number=INTS)
def test_every_integer_of_a_game_is_bounded(number: int) -> None:
    """Hardening round 3, point 8: seats, seeds, dealers, rounds, penalties and player= are bounded, refused typed."""
    classic = find_rules("classic")
    for make in (
        lambda: new_game(Rules(), number),
        lambda: new_game(Rules(), 2, seed=number),
        lambda: new_game(Rules(), 2, dealer=number),
        lambda: new_match(classic, 2, seed=number),
        lambda: new_match(classic, 2, rounds=number),
        lambda: new_match(classic, 2, dealer=number),
        lambda: new_position(Rules(), hands=["2♣", "3♣"], current_player=number),
        lambda: new_position(Rules(), hands=["2♣", "3♣"], seed=number),
        lambda: view(STATE, number),
        lambda: apply(STATE, Draw(), player=number),
        lambda: check(STATE, Draw(), player=number),
        lambda: RoundResult(
            end="went_out",
            winner=0,
            hand_romme=False,
            penalties=(0, number),
            dealt_in=(True, True),
            opened=(True, True),
        ),
        lambda: PointsTable(went_out=number, hand_romme=0, not_opened=0, opened=[(None, 0)]),
        lambda: PointsTable(went_out=1, hand_romme=0, not_opened=0, opened=[(number, 0)]),
        lambda: PointsTable(went_out=1, hand_romme=0, not_opened=0, opened=[(None, number)]),
    ):
        constructs_and_formats(make)
    assert isinstance(is_legal(STATE, Draw(), player=number), bool)


@settings(deadline=None)
@given(size=st.integers(0, MAX_MELD_CARDS + 10), joker=st.booleans(), as_text=st.booleans())
@example(size=113, joker=True, as_text=False)
@example(size=2000, joker=False, as_text=True)
def test_a_lay_down_that_constructs_formats(size: int, joker: bool, as_text: bool) -> None:
    """Hardening round 3, point 8: LayDown([JOKER] * 113) and LayDown("7♥ " * 2000) are refused; every other formats."""
    text = ("JK " if joker else "7♥ ") * size
    cards = [JOKER if joker else parse_card("7♥")] * size
    action = constructs_and_formats(lambda: LayDown(text if as_text else cards))
    if action is not None:
        assert is_legal(STATE, action) is False  # type: ignore[arg-type]  # not in the draw phase


def test_an_action_holds_at_most_a_deck() -> None:
    """Hardening round 3, point 8: 112 cards (the largest deck) construct and format; 113 are InputTooLargeError."""
    assert str(LayDown([JOKER] * 112)).startswith("meld JK")
    with pytest.raises(InputTooLargeError):
        LayDown([JOKER] * 113)
    with pytest.raises(InputTooLargeError):
        LayDown("7♥ " * 2000)


def test_a_seed_lies_within_2_to_the_128() -> None:
    """Hardening round 3, point 8: new_game(seed=10**4400) is refused; ±(2**128 - 1) deal and dump.

    A negative seed dealt and loaded before the bound: its documents still load."""
    for number in (10**4400, 2**128, -(2**128)):
        with pytest.raises(InvalidPositionError, match="seed"):
            new_game(Rules(), 2, seed=number)
    negative = new_game(Rules(), 2, seed=1 - 2**128)
    assert loads(dumps(negative)) == negative
    assert loads(dumps(new_game(Rules(), 2, seed=-1))).seed == -1
    state = new_game(Rules(), 2, seed=2**128 - 1)
    assert loads(dumps(state)) == state


def test_digits_past_python_s_text_limit_get_a_typed_error() -> None:
    """Hardening round 3, point 8: over 4,300 digits in Rules, new_game, view or player= is no bare ValueError."""
    with pytest.raises(InvalidRulesError, match="hand_size"):
        Rules(hand_size=HUGE)
    with pytest.raises(InvalidPositionError, match="players"):
        new_game(Rules(), HUGE)
    with pytest.raises(ValueError, match="player must be a seat"):
        view(STATE, HUGE)
    assert is_legal(STATE, Draw(), player=HUGE) is False


def test_siblings_name_a_huge_integer_by_its_size() -> None:
    """Hardening round 3, point 8: SearchBot, from_dict and the others name an integer past the text limit by its size."""
    with pytest.raises(ValueError, match="a negative integer of 16610 bits"):
        SearchBot(iterations=-HUGE)
    document = to_dict(STATE)
    document["seed"] = HUGE
    with pytest.raises(InvalidDataError, match="an integer of 16610 bits is above"):
        from_dict(document)
