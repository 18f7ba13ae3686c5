"""Reward schemes of romme.rl: minus penalty points scaled, or plus/minus one."""

from __future__ import annotations

import pytest

from romme import RoundResult, find_rules
from romme.rl.rewards import Rewards


def _result(winner: int | None, penalties: tuple[int, ...]) -> RoundResult:
    return RoundResult(
        end="went_out" if winner is not None else "stock_exhausted",
        winner=winner,
        hand_romme=False,
        penalties=penalties,
        dealt_in=(True,) * len(penalties),
        opened=(True,) * len(penalties),
    )


def test_penalty_scheme_scales_minus_the_penalties() -> None:
    """Under "penalty" a seat gets minus its penalty points over the scale."""
    assert Rewards(scale=10).of(_result(1, (30, 0, 5))) == (-3.0, 0.0, -0.5)


def test_win_loss_scheme() -> None:
    """Under "win_loss" the winner gets +1, the others -1, and nobody anything when no one went out."""
    assert Rewards("win_loss").of(_result(2, (30, 8, 0))) == (-1.0, -1.0, 1.0)
    assert Rewards("win_loss").of(_result(None, (30, 8, 4))) == (0.0, 0.0, 0.0)


def test_bounds() -> None:
    """The lowest penalty reward is a full hand of jokers (15 × 20 = 300 under drov), times the multiplier, scaled."""
    assert Rewards().bounds(find_rules("drov")) == (-3.0, 0.0)
    assert Rewards().bounds(find_rules("classic")) == (-6.0, 0.0)
    assert Rewards("win_loss").bounds(find_rules("drov")) == (-1.0, 1.0)


def test_bad_schemes_are_refused() -> None:
    """An unknown scheme or a scale not above 0 raises ValueError."""
    with pytest.raises(ValueError, match="scheme"):
        Rewards("points")
    with pytest.raises(ValueError, match="scale"):
        Rewards(scale=0)
