"""One documented base class for every refusal of a user's text, and a meld predicate that
answers text that is no meld with False (tables point 11)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    IllegalActionError,
    InputTooLargeError,
    InvalidDataError,
    InvalidInputError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
    RommeError,
    RoundNotOverError,
    apply,
    find_rules,
    is_valid_meld,
    loads,
    new_game,
    parse_action,
    score_round,
    validate_meld,
)
from romme.documents._records import ReplayError

CLASSIC = find_rules("classic")


def refusal(call: Callable[[], object]) -> RommeError:
    """The error `call()` raises (the test fails when it returns or raises something else)."""
    with pytest.raises(RommeError) as raised:
        call()
    return raised.value


def test_tables_point11_one_except_catches_every_refusal_of_a_users_text() -> None:
    """Tables point 11: a handler of a user's text that catches InvalidInputError catches a
    typo (InvalidNotationError), too many cards (InputTooLargeError), cards that are no meld
    (InvalidMeldError) and a typed move the rules refuse (IllegalActionError)."""
    state = new_game(CLASSIC, 3, seed=5)  # seat 0 to act, 14 cards, no draw under classic
    cases: dict[type[RommeError], Callable[[], object]] = {
        InvalidNotationError: lambda: validate_meld("7h 8x", CLASSIC),
        InvalidMeldError: lambda: validate_meld("K♠ A♠ 2♠", CLASSIC),
        InputTooLargeError: lambda: validate_meld("2♣ " * 200, CLASSIC),
        IllegalActionError: lambda: apply(state, parse_action("meld 2♣ 2♣ 2♣")),
    }
    cases_of_moves = {InvalidNotationError: lambda: parse_action("dance the 7h")}
    for expected, call in [*cases.items(), *cases_of_moves.items()]:
        error = refusal(call)
        assert type(error) is expected
        assert isinstance(error, InvalidInputError)
        assert isinstance(error, RommeError)
        assert isinstance(error, ValueError)
    caught = []
    for call in cases.values():
        try:
            call()
        except InvalidInputError as error:
            caught.append(type(error))
    assert list(cases) == caught


def test_tables_point11_the_program_s_own_values_are_not_refusals_of_input() -> None:
    """Tables point 11: the base class is the user's text's, so the errors of a program's own
    values (rules, positions, documents, a round still played) stay outside it; a replay's
    refused action (ReplayError, an IllegalActionError) is inside."""
    for error in (InvalidRulesError, InvalidPositionError, InvalidDataError, RoundNotOverError):
        assert not issubclass(error, InvalidInputError)
        assert issubclass(error, RommeError)
    assert issubclass(ReplayError, InvalidInputError)
    assert type(refusal(lambda: loads("{"))) is InvalidDataError
    assert type(refusal(lambda: find_rules("nope"))) is InvalidRulesError
    assert type(refusal(lambda: score_round(new_game(CLASSIC, 3, seed=1)))) is RoundNotOverError


@pytest.mark.parametrize(
    "text",
    ["7h 8x", "", "   ", "hello", "7♥ 8♥ 9", "K♠ A♠ 2♠", "2♣ " * 200, "x" * 20_000],
    ids=[
        "typo",
        "empty",
        "blank",
        "words",
        "cut-short",
        "no-meld",
        "too-many",
        "over-long",
    ],
)
def test_tables_point11_is_valid_meld_answers_false_for_text_that_is_no_meld(text: str) -> None:
    """Tables point 11: is_valid_meld("7h 8x") answers False instead of raising; so does any
    text that is no meld, whether a rule refuses its cards, it is not cards or it holds more
    cards than any meld (MAX_MELD_CARDS)."""
    assert is_valid_meld(text, CLASSIC) is False


def test_tables_point11_is_valid_meld_still_answers_true_for_a_meld_in_text() -> None:
    """Tables point 11: text that is a meld is still one (cardgames.zone §5: Q-K-A is a run)."""
    assert is_valid_meld("qc kc ac", CLASSIC) is True
    assert is_valid_meld("7h 7s JK", CLASSIC, kind="set") is True


def test_tables_point11_the_programs_mistakes_still_raise_with_unreadable_text() -> None:
    """Tables point 11: only the text is answered with False; rules that are no Rules and an
    unknown kind are the program's mistakes and raise as before, even beside a typo."""
    with pytest.raises(TypeError, match="Rules"):
        is_valid_meld("7h 8x", "classic")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="kind"):
        is_valid_meld("7h 8x", CLASSIC, kind="suit")
    with pytest.raises(InputTooLargeError):
        is_valid_meld([validate_meld("2♣ 3♣ 4♣", CLASSIC).cards[0]] * 121, CLASSIC)


@settings(deadline=None, max_examples=300)
@given(text=st.text(alphabet=st.sampled_from("A2345678910JQKTcshd♣♠♥♦JKx*, "), max_size=30))
def test_tables_point11_is_valid_meld_is_whether_validate_meld_answers(text: str) -> None:
    """Tables point 11: for any text, is_valid_meld is True exactly when validate_meld returns a
    meld, and False exactly when validate_meld refuses the text with an InvalidInputError."""
    try:
        validate_meld(text, CLASSIC)
    except InvalidInputError:
        assert is_valid_meld(text, CLASSIC) is False
    else:
        assert is_valid_meld(text, CLASSIC) is True
