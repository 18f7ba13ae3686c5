"""Melds as values: the error they raise, the text and the types `validate_meld` takes, their text,
length and counts, equality and hash, and every field set.

The meld rules themselves (rules §3) are tested in tests/rules/test_s3_melds.py.
"""

from __future__ import annotations

import inspect

import attrs
import pytest

from romme import (
    PRESETS,
    Card,
    InvalidMeldError,
    InvalidNotationError,
    Meld,
    Rank,
    Suit,
    best_melds,
    find_melds,
    is_valid_meld,
    parse_cards,
    validate_meld,
)
from romme.melds._meld import new_meld


def test_invalid_meld_error_is_a_value_error() -> None:
    """InvalidMeldError is a ValueError with a reason (docs/maintainers.md "Melds")."""
    assert issubclass(InvalidMeldError, ValueError)


def test_validate_meld_accepts_text() -> None:
    """validate_meld and is_valid_meld take text as well as cards (docs/maintainers.md "Melds")."""
    from_text = validate_meld("Q♣ K♣ A♣", PRESETS["classic"])
    assert validate_meld(parse_cards("Q♣ K♣ A♣"), PRESETS["classic"]) == from_text
    assert 31 == from_text.value
    assert is_valid_meld("Q♣ K♣ A♣", PRESETS["classic"])


def test_validate_meld_refuses_bad_text() -> None:
    """Text that is not cards raises InvalidNotationError, not InvalidMeldError."""
    with pytest.raises(InvalidNotationError):
        validate_meld("Q♣ K♣ X♣", PRESETS["classic"])


@pytest.mark.parametrize(
    "function", [validate_meld, is_valid_meld, find_melds, best_melds], ids=lambda f: f.__name__
)
@pytest.mark.parametrize(
    "items",
    [
        [Card(Rank.FIVE, Suit.CLUBS), "6♣", Card(Rank.SEVEN, Suit.CLUBS)],
        [5, 6, 7],
        [None, None, None],
    ],
)
def test_wrong_element_types_raise_type_error(function: object, items: list[object]) -> None:
    """A sequence holding something other than Card values raises TypeError."""
    assert callable(function)
    with pytest.raises(TypeError):
        function(items, PRESETS["drov"])


def test_meld_text_length_and_counts() -> None:
    """str(meld) is its cards in table order; len, joker_count and natural_count count them."""
    meld = validate_meld("7♣ JK 5♣", PRESETS["drov"])
    assert ("5♣ JK 7♣", 3, 1, 2) == (str(meld), len(meld), meld.joker_count, meld.natural_count)


def test_melds_are_hashable_values() -> None:
    """Equal melds compare and hash alike."""
    first = validate_meld("5♣ 6♣ 7♣", PRESETS["drov"])
    second = validate_meld("7♣ 6♣ 5♣", PRESETS["drov"])
    assert first == second
    assert 1 == len({first, second})


@pytest.mark.parametrize(
    "text", ["5♣ 6♣ 7♣", "5♦ JK 7♦ 8♦", "JK 5♦ 7♦ 8♦", "7♥ 7♠ 7♦", "9♠ 9♥ 9♣ JK"]
)
def test_melds_are_built_with_every_field(text: str) -> None:
    """validate_meld builds melds without attrs' __init__ (for speed): each field is set, and the
    meld equals, hashes and prints like the same meld made by Meld(...)."""
    fields = [field.name for field in attrs.fields(Meld)]
    assert fields == list(inspect.signature(new_meld).parameters)
    meld = validate_meld(text, PRESETS["drov"])
    rebuilt = Meld(**{name: getattr(meld, name) for name in fields})
    assert (rebuilt, hash(rebuilt), repr(rebuilt)) == (meld, hash(meld), repr(meld))
