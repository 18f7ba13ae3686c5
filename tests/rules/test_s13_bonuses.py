"""Rules §13, ASS S. 2's bonuses (``ass_bonuses``, a variant): one test per clause.

The rule is off in every preset; a variant built with `attrs.evolve` plays it.
The seat that laid out first, which the bonuses read, is tested in
test_s13_bonuses_first_to_open.py beside this file.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    Discard,
    EndReason,
    LayOff,
    MatchScoring,
    Phase,
    RoundResult,
    Rules,
    apply,
    dumps,
    loads,
    to_dict,
)
from tests.rules._helpers import match_after
from tests.scenarios._helpers import ASS, position

ASS_BONUSES = attrs.evolve(ASS, ass_bonuses=True, match_scoring=MatchScoring.PENALTIES)


def _went_out(
    rules: Rules, hands: tuple[str, ...], table: tuple[tuple[str, int], ...]
) -> RoundResult:
    """Seat 0 lays off its second-last card and discards its last; return the round's result."""
    state = position(
        rules,
        hands=hands,
        table=table,
        opened=(True, *(any(owner == seat for _, owner in table) for seat in (1, 2))),
        phase=Phase.PLAY,
    )
    run = [cards for cards, _ in table].index("2♣ 3♣ 4♣")
    state = apply(state, LayOff(run, "5♣"))
    state = apply(state, Discard("9♥"))
    assert state.result is not None
    return state.result


# The table in the order laid: seat 2 laid out first, then seat 0.
TABLE = (("K♠ K♥ K♦", 2), ("2♣ 3♣ 4♣", 0))


def test_first_out_has_40_struck_off_ASS_S_2() -> None:
    """ASS S. 2: "Wer zuerst alle Karten los ist, bekommt 40 Verlustpunkte gestrichen"."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)
    assert 0 == result.winner
    assert (0, 15, 10) == result.penalties
    assert -40 == result.bonuses[0]
    assert -40 == result.scores[0]


def test_first_to_lay_out_who_does_not_win_pays_20_more_ASS_S_2() -> None:
    """ASS S. 2: "wer zuerst auslegt und trotzdem nicht gewinnt, bekommt 20 dazu" (seat 2 laid the first meld)."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)
    assert (-40, 0, 20) == result.bonuses
    assert (-40, 15, 30) == result.scores


def test_one_joker_left_has_20_struck_off_ASS_S_2() -> None:
    """ASS S. 2: "wer nur noch einen Joker übrig hat 20": a hand of one joker pays 20 and has 20 struck off."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "JK", "4♥ 6♠"), TABLE)
    assert (0, 20, 10) == result.penalties
    assert (-40, -20, 20) == result.bonuses
    assert (-40, 0, 30) == result.scores


def test_two_jokers_left_have_nothing_struck_off_ASS_S_2() -> None:
    """ASS S. 2 names one joker left alone; a hand of two jokers pays both and gets no bonus."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "JK JK", "4♥ 6♠"), TABLE)
    assert 0 == result.bonuses[1]


def test_first_to_lay_out_who_wins_gets_only_the_winners_bonus_ASS_S_2() -> None:
    """ASS S. 2: the surcharge is for the first to lay out "und trotzdem nicht gewinnt"."""
    table = (("2♣ 3♣ 4♣", 0), ("K♠ K♥ K♦", 2))
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), table)
    assert (-40, 0, 0) == result.bonuses


def test_no_bonuses_without_the_field_ASS_S_2() -> None:
    """ASS S. 2's bonuses are a variant: the ass preset books none, and its result documents keep their shape."""
    result = _went_out(ASS, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)
    assert () == result.bonuses
    assert result.penalties == result.scores
    assert "bonuses" not in to_dict(result)
    assert {"bonuses"} <= set(to_dict(_went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)))


def test_bonuses_round_trip_through_json_ASS_S_2() -> None:
    """A result with bonuses writes them and reads them back."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "JK", "4♥ 6♠"), TABLE)
    assert result == loads(dumps(result))
    assert [-40, -20, 20] == to_dict(result)["bonuses"]


def test_match_totals_go_below_zero_ASS_S_2() -> None:
    """ASS S. 2 works in match scoring: two rounds won by seat 0 leave it at -80."""
    won = RoundResult(
        end=EndReason.WENT_OUT,
        winner=0,
        hand_romme=False,
        penalties=(0, 30),
        dealt_in=(True, True),
        opened=(True, True),
        bonuses=(-40, 20),
    )
    match = match_after(ASS_BONUSES, (won, won))
    assert (-80, 100) == match.totals
    assert (0,) == match.winners()


@pytest.mark.parametrize(
    "bonuses", [(-41, 0), (0, 41), (0,), (0, 0, 0)], ids=["low", "high", "short", "long"]
)
def test_impossible_bonuses_are_refused(bonuses: tuple[int, ...]) -> None:
    """A result's bonuses lie between -40 and 40, one per seat."""
    with pytest.raises(ValueError, match="bonus"):
        RoundResult(
            end=EndReason.STOCK_EXHAUSTED,
            winner=None,
            hand_romme=False,
            penalties=(10, 30),
            dealt_in=(True, True),
            opened=(True, True),
            bonuses=bonuses,
        )
