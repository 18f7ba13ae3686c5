"""Meld shape (private): the four `Rules` fields that decide what a meld is, and the rules they state (rules §3).

`validate_meld`, the meld search, the legal-move generator and the test
strategies read these rules here and nowhere else:

- `most_jokers`: the joker limit (``joker_limit``: none, one per meld, no
  more jokers than natural cards, fewer jokers than natural cards);
- `jokers_may_touch`: whether two jokers may lie side by side in a run of
  a given length (``adjacent_jokers``);
- ``ace_wraps`` (a run may pass the corner, K-A-2) and ``distinct_suits``
  (a set's suits differ) are read from the shape as they are.

Every cache of meld work is keyed on the `MeldShape`, not on the whole
`Rules`: rules that differ only in, say, ``opening_threshold`` share their
meld searches.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from functools import lru_cache
from typing import Final, NamedTuple

from romme.rules._enums import AdjacentJokers, JokerLimit
from romme.rules._value import Rules

__all__ = ["MeldShape", "jokers_may_touch", "most_jokers", "most_jokers_among", "shape_of"]

_NO_LIMIT: Final = 99
"""More jokers than any meld can hold."""


def most_jokers(limit: JokerLimit, naturals: int) -> int:
    """Return the most jokers a meld of `naturals` natural cards may hold under `limit` (DRoV Nr. 8; rules §3)."""
    if limit is JokerLimit.NONE:
        return _NO_LIMIT
    if limit is JokerLimit.ONE_PER_MELD:
        return 1
    if limit is JokerLimit.NOT_MAJORITY:
        return naturals
    return naturals - 1  # minority: fewer jokers than natural cards


def most_jokers_among(limit: JokerLimit, size: int) -> int:
    """Return the most jokers a meld of `size` cards may hold under `limit`, one card at least natural."""
    return max((k for k in range(size) if k <= most_jokers(limit, size - k)), default=0)


def jokers_may_touch(adjacency: AdjacentJokers, length: int) -> bool:
    """Return whether two jokers may lie side by side in a run of `length` cards (rules §3).

    Never under ``forbidden`` (DRoV Nr. 8, cardgames.zone §5); in runs of
    four or more under ``long_runs`` (the Schmidt variant); always under
    ``allowed``.
    """
    if adjacency is AdjacentJokers.FORBIDDEN:
        return False
    if adjacency is AdjacentJokers.LONG_RUNS:
        return length >= 4
    return True


class MeldShape(NamedTuple):
    """The fields of `Rules` that decide meld shape: a cheap, hashable key for meld work."""

    distinct_suits: bool
    """``set_distinct_suits``: a set may not hold a suit twice."""
    ace_wraps: bool
    """``ace_wraps``: a run may pass the corner (K-A-2)."""
    joker_limit: JokerLimit
    """``joker_limit``: how many jokers a meld may hold."""
    adjacent_jokers: AdjacentJokers
    """``adjacent_jokers``: whether jokers may lie side by side in a run."""

    def most_jokers(self, naturals: int) -> int:
        """Return the most jokers a meld of `naturals` natural cards may hold (see `most_jokers`)."""
        return most_jokers(self.joker_limit, naturals)

    def jokers_may_touch(self, length: int) -> bool:
        """Return whether two jokers may lie side by side in a run of `length` (see `jokers_may_touch`)."""
        return jokers_may_touch(self.adjacent_jokers, length)


@lru_cache(maxsize=256)
def shape_of(rules: Rules) -> MeldShape:
    """Return the meld shape of `rules`."""
    return MeldShape(
        distinct_suits=rules.set_distinct_suits,
        ace_wraps=rules.ace_wraps,
        joker_limit=rules.joker_limit,
        adjacent_jokers=rules.adjacent_jokers,
    )
