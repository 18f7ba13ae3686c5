"""The seat that laid out first (``first_to_open``, ASS S. 2: "wer zuerst auslegt und trotzdem nicht gewinnt, bekommt 20 dazu")."""

from __future__ import annotations

import attrs
import pytest

from romme import (
    InvalidPositionError,
    LayDown,
    Phase,
    apply,
    dumps,
    find_rules,
    loads,
    to_dict,
    view,
)
from tests.scenarios._helpers import position
from tests.unit.test_schema import is_valid, loads_refuses

ASS = find_rules("ass")


def test_nobody_is_first_before_an_opening_the_first_seat_to_open_is_ASS_S_2() -> None:
    """ASS S. 2: before any opening nobody laid out first; the seat that opens first did, and stays first."""
    state = position(
        ASS, hands=("J♥ Q♥ K♥ A♥ 4♣ 2♦", "2♣ 3♦ 4♥"), opened=(False, False), phase=Phase.PLAY
    )
    assert state.first_to_open is None
    opened = apply(state, LayDown("J♥ Q♥ K♥ A♥"))
    assert (True, 0) == (opened.opened[0], opened.first_to_open)
    assert 0 == view(opened, 1).first_to_open


def test_a_seat_that_has_not_opened_cannot_be_first_ASS_S_2() -> None:
    """A position naming a seat that has not opened as the first to lay out is refused, the field named."""
    state = position(ASS, hands=("J♥ Q♥ 4♣", "2♣ 3♦ 4♥"), opened=(False, False))
    with pytest.raises(InvalidPositionError, match="first_to_open") as refused:
        attrs.evolve(state, first_to_open=1)
    assert "first_to_open" == refused.value.where


def test_the_table_gives_the_default_and_documents_keep_their_shape() -> None:
    """By default the first to lay out is read off the table (its melds lie in the order laid); JSON writes it only when it differs."""
    state = position(
        ASS,
        hands=("J♥ Q♥ 4♣", "2♣ 3♦ 4♥", "5♣ 6♦ 7♥"),
        table=(("K♣ K♠ K♥", 2), ("4♠ 5♠ 6♠", 1)),
        opened=(False, True, True),
    )
    assert 2 == state.first_to_open
    assert "first_to_open" not in dumps(state)
    assert "first_to_open" not in dumps(view(state, 0))
    other = attrs.evolve(state, first_to_open=1)
    assert '"first_to_open": 1' in dumps(other)
    assert other == loads(dumps(other))
    assert view(other, 0) == loads(dumps(view(other, 0)))
    assert 1 == loads(dumps(view(other, 0))).first_to_open
    assert is_valid(to_dict(other))
    assert is_valid(to_dict(view(other, 0)))
    broken = {**to_dict(other), "first_to_open": "one"}
    assert not is_valid(broken)
    assert loads_refuses(broken)
