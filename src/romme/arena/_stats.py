"""The arena's statistics (private): Wilson intervals, bootstrap intervals of means, Elo-scale ratings."""

from __future__ import annotations

import math
import random
from collections import defaultdict
from collections.abc import Iterable, Sequence
from operator import itemgetter
from typing import Final

__all__ = ["bootstrap_interval", "elo_ratings", "wilson_interval"]

_BOOTSTRAP_SAMPLES: Final = 1000
_Z95: Final = 1.959963984540054
_first: Final = itemgetter(0)
_second: Final = itemgetter(1)


def wilson_interval(successes: int, trials: int) -> tuple[float, float]:
    """Return the 95 % Wilson score interval of a rate.

    >>> [round(x, 3) for x in wilson_interval(40, 100)]
    [0.309, 0.498]
    """
    if trials <= 0:
        return (0.0, 1.0)
    rate = successes / trials
    z2 = _Z95 * _Z95
    centre = (rate + z2 / (2 * trials)) / (1 + z2 / trials)
    half = _Z95 * math.sqrt(rate * (1 - rate) / trials + z2 / (4 * trials * trials))
    half /= 1 + z2 / trials
    return (max(0.0, centre - half), min(1.0, centre + half))


def bootstrap_interval(groups: Sequence[tuple[float, int]], seed: int) -> tuple[float, float]:
    """The 95 % percentile-bootstrap interval of a mean, resampling whole deals (sum, count)."""
    if not groups:
        return (0.0, 0.0)
    rng = random.Random(f"romme/arena/bootstrap/{seed}")
    means = []
    size = len(groups)
    for _ in range(_BOOTSTRAP_SAMPLES):
        picked = rng.choices(groups, k=size)
        count = sum(map(_second, picked))
        means.append(sum(map(_first, picked)) / count if count else 0.0)
    means.sort()
    return (means[int(0.025 * _BOOTSTRAP_SAMPLES)], means[int(0.975 * _BOOTSTRAP_SAMPLES) - 1])


def elo_ratings(
    outcomes: Iterable[tuple[Sequence[str], Sequence[bool], Sequence[int]]], names: Sequence[str]
) -> dict[str, float]:
    """Elo-scale ratings from a Bradley–Terry fit of the pairwise results (lower penalty wins a pair).

    Each outcome is a round's bots by seat, which seats were dealt in, and their penalties.
    """
    score: defaultdict[tuple[str, str], float] = defaultdict(float)
    for bots, dealt_in, penalties in outcomes:
        seats = [s for s in range(len(bots)) if dealt_in[s]]
        for a in seats:
            for b in seats:
                first, second = bots[a], bots[b]
                if first == second:
                    continue
                pa, pb = penalties[a], penalties[b]
                score[first, second] += 1.0 if pa < pb else 0.5 if pa == pb else 0.0
    strength = dict.fromkeys(names, 1.0)
    for _ in range(200):
        new = {}
        for name in names:
            wins = sum(score[name, other] for other in names if other != name)
            games = sum(
                (score[name, other] + score[other, name]) / (strength[name] + strength[other])
                for other in names
                if other != name
            )
            # Half a win and half a loss against a virtual equal keep every strength finite.
            new[name] = (wins + 0.5) / (games + 1.0 / (strength[name] + 1.0))
        mean = math.exp(sum(math.log(value) for value in new.values()) / len(new))
        strength = {name: value / mean for name, value in new.items()}
    return {name: 1500.0 + 400.0 * math.log10(strength[name]) for name in names}
