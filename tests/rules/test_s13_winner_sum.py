"""Rules §13, the winner scores the others' sum (``match_scoring = "winner_sum"``, Rommé-Palast).

The rule is off in every preset; a variant built with `attrs.evolve` plays it.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    EndReason,
    InvalidPositionError,
    MatchScoring,
    RoundResult,
    find_rules,
)
from tests.rules._helpers import match_after

WINNER_SUM = attrs.evolve(find_rules("classic"), match_scoring=MatchScoring.WINNER_SUM)


def _result(winner: int, penalties: tuple[int, ...]) -> RoundResult:
    seats = len(penalties)
    return RoundResult(
        end=EndReason.WENT_OUT,
        winner=winner,
        hand_romme=False,
        penalties=penalties,
        dealt_in=(True,) * seats,
        opened=(True,) * seats,
    )


def test_winner_scores_the_others_sum() -> None:
    """Rommé-Palast: "the winner gets the sum of the others' minus points as plus points"; most points win."""
    results = (_result(0, (0, 12, 30)), _result(2, (7, 5, 0)), _result(0, (0, 40, 3)))
    match = match_after(WINNER_SUM, results)
    assert (85, 0, 12) == match.points
    assert (7, 57, 33) == match.totals
    assert (0, 2, 1) == match.ranking()
    assert (0,) == match.winners()


def test_winner_sum_limit_ends_the_match_on_plus_points() -> None:
    """Rommé-Palast: play until someone passes 500; under winner_sum the limit counts plus points."""
    rules = attrs.evolve(WINNER_SUM, match_limit=50)
    results = (_result(1, (20, 0, 31)),)
    with pytest.raises(InvalidPositionError, match="a finished match has no round in play"):
        match_after(rules, results, limit=50)
    over = match_after(rules, results, limit=50, over=True)
    assert over.is_over
    assert (1,) == over.winners()


def test_winner_sum_ties_share_the_win() -> None:
    """Under winner_sum equal plus points share the win, like equal totals under penalty scoring."""
    results = (_result(0, (0, 10)), _result(1, (10, 0)))
    match = match_after(WINNER_SUM, results)
    assert (0, 1) == match.winners()
