"""Rewards (Belohnungen): what a seat earns from a finished round, for the environments.

Two schemes, chosen by `Rewards.scheme`:

- ``"penalty"`` (the default): minus the seat's score of the round
  (`romme.RoundResult.scores`: the penalty points, the Hand-Rommé
  multiplier applied, plus any bonus under ``ass_bonuses``) divided by
  `Rewards.scale` (100 by default); the winner and a dealer who sat out
  get 0 unless a bonus applies;
- ``"win_loss"``: +1 for the seat that went out, -1 for every other seat
  dealt in, 0 for all when nobody went out.

A round cut short by an environment's move limit gives every seat 0.
"""

from __future__ import annotations

from typing import Final, Literal

import attrs

from romme import RoundResult, Rules
from romme.game import ASS_FIRST_LAYER_SURCHARGE, ASS_FIRST_OUT_BONUS, most_cards

__all__ = ["SCHEMES", "Rewards"]

SCHEMES: Final = ("penalty", "win_loss")
"""The names of the reward schemes."""


def _scheme(value: str) -> str:
    if value not in SCHEMES:
        raise ValueError(f"the reward scheme is one of {SCHEMES}, not {value!r}")
    return value


def _scale(value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not value > 0:
        raise ValueError(f"the reward scale is a number above 0, not {value!r}")
    return float(value)


@attrs.frozen
class Rewards:
    """A reward scheme: ``"penalty"`` (minus penalty points over `scale`) or ``"win_loss"``.

    >>> from romme import RoundResult
    >>> result = RoundResult(
    ...     end="went_out", winner=0, hand_romme=False, penalties=(0, 57),
    ...     dealt_in=(True, True), opened=(True, False))
    >>> Rewards().of(result), Rewards("win_loss").of(result)
    ((0.0, -0.57), (1.0, -1.0))

    Raises:
        ValueError: For an unknown scheme or a scale that is not above 0.
    """

    scheme: Literal["penalty", "win_loss"] = attrs.field(default="penalty", converter=_scheme)
    """The scheme's name."""
    scale: float = attrs.field(default=100.0, converter=_scale)
    """Penalty points per unit of reward under ``"penalty"``."""

    def of(self, result: RoundResult) -> tuple[float, ...]:
        """Return every seat's reward for the round that ended with `result`."""
        if self.scheme == "penalty":
            return tuple(-score / self.scale for score in result.scores)
        if result.winner is None:
            return (0.0,) * len(result.penalties)
        return tuple(
            1.0 if seat == result.winner else -1.0 if dealt else 0.0
            for seat, dealt in enumerate(result.dealt_in)
        )

    def bounds(self, rules: Rules) -> tuple[float, float]:
        """Return the lowest and highest reward a seat can get under `rules`."""
        if self.scheme == "win_loss":
            return -1.0, 1.0
        card = max(rules.ace_penalty, rules.joker_penalty, 10)
        worst = max(most_cards(rules) * card, rules.not_opened_penalty or 0)
        worst *= rules.hand_romme_multiplier
        if rules.ass_bonuses:
            low, high = worst + ASS_FIRST_LAYER_SURCHARGE, -ASS_FIRST_OUT_BONUS
            return -low / self.scale, -high / self.scale
        return -worst / self.scale, 0.0
