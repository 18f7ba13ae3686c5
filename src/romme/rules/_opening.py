"""The opening (private): the four `Rules` fields that say what a first lay-down must be, and their rule (rules §5).

`Rules.opening` gives the `Opening` of a rules value; the checker, the
generator, the bots, the terminal and the web table read the opening rule
here and nowhere else:

- `Opening.admits`: whether a meld may be part of the opening
  (``opening_allows_jokers``);
- `Opening.worth`: what melds are worth towards the threshold, their sum
  (``opening_sums_melds``) or the best of them alone;
- `Opening.shortfall`, `Opening.missing`: what melds still miss of the
  opening, points or one meld worth the threshold on its own, and a run
  (``opening_requires_run``);
- `Opening.reached`: whether melds complete it (``opening_threshold``).

Public as `romme.rules.Opening`. This module imports nothing of the
library, so that `Rules` can give its opening: a run is told by its
kind's value, ``"run"`` (`romme.MeldKind` is a string enum whose values
never change).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple, Protocol

__all__ = ["Opening", "Shortfall", "Staged"]


class Staged(Protocol):
    """What the opening reads of a meld staged towards it: a `romme.Meld`, or any value with these three."""

    @property
    def value(self) -> int:
        """The meld's value (rules §4)."""

    @property
    def kind(self) -> str:
        """``"set"`` or ``"run"`` (`romme.MeldKind`, a string enum)."""

    @property
    def joker_count(self) -> int:
        """The number of jokers in the meld."""


class Shortfall(NamedTuple):
    """What melds staged towards the opening still miss of it (rules §5); `str` says it in words.

    >>> from romme import Rules
    >>> from romme import validate_meld
    >>> str(Rules().opening.shortfall([validate_meld("8♣ 8♥ 8♠", Rules())]))
    '16 more'
    >>> str(Rules(opening_sums_melds=False, opening_requires_run=True).opening.shortfall([]))
    'one meld of 40 and a run'
    """

    points: int
    """What the melds lack of the threshold, as the opening counts them (`Opening.worth`), 0 once they reach it."""
    alone: int
    """Without ``opening_sums_melds``, while no meld reaches the threshold: what one more meld must
    be worth on its own (the threshold); 0 otherwise."""
    run: bool
    """Whether a run is still to be laid (``opening_requires_run``)."""

    def __str__(self) -> str:
        parts = []
        if self.alone:
            parts.append(f"one meld of {self.alone}")
        elif self.points:
            parts.append(f"{self.points} more")
        if self.run:
            parts.append("a run")
        return " and ".join(parts) or "a meld"


class Opening(NamedTuple):
    """The opening rule of a `romme.Rules` value (rules §5): what a player's first lay-downs must be.

    Get it as `romme.Rules.opening`. The melds it is asked about are those the
    player has staged towards the opening (laid before it is complete);
    they are melds it admits (`admits`): the checker stages no other.

    >>> from romme import Rules, validate_meld
    >>> rules = Rules(opening_sums_melds=False)
    >>> melds = [validate_meld("8♣ 8♥ 8♠", rules), validate_meld("9♣ 10♣ J♣", rules)]
    >>> rules.opening.worth(melds), rules.opening.reached(melds)
    (29, False)
    >>> str(rules.opening.missing(melds))
    'one meld of 40'
    >>> str(rules.opening)
    '40 in one meld'
    """

    threshold: int
    """``opening_threshold``: the meld value the opening must reach."""
    sums_melds: bool
    """``opening_sums_melds``: whether the melds of the opening count together."""
    requires_run: bool
    """``opening_requires_run``: whether the opening must include a run."""
    allows_jokers: bool
    """``opening_allows_jokers``: whether jokers may be part of the opening."""

    def __str__(self) -> str:
        """The opening in a few words: ``40``, ``40 in one meld``, ``30 with a run``, ``31 without jokers``."""
        words = [str(self.threshold)]
        if not self.sums_melds:
            words.append("in one meld")
        if self.requires_run:
            words.append("with a run")
        if not self.allows_jokers:
            words.append("without jokers")
        return " ".join(words)

    def admits(self, meld: Staged) -> bool:
        """Return whether `meld` may be part of the opening: one without jokers, or any (``opening_allows_jokers``)."""
        return self.allows_jokers or not meld.joker_count

    def worth(self, melds: Iterable[Staged]) -> int:
        """Return what `melds` are worth towards the threshold: their sum, or without ``opening_sums_melds`` the best alone."""
        return self._count(melds)[0]

    def shortfall(self, melds: Iterable[Staged]) -> Shortfall:
        """Return what `melds` still miss of the opening: nothing (all zero) once the points and the run are there.

        The opening is complete when something is staged and nothing is
        missing (`reached`).
        """
        worth, has_run, _ = self._count(melds)
        return self._short(worth, has_run)

    def reached(self, melds: Iterable[Staged]) -> bool:
        """Return whether `melds` complete the opening: the threshold reached as `worth` counts, a run among them where one is required."""
        worth, has_run, laid = self._count(melds)
        return laid and has_run and worth >= self.threshold

    def missing(self, melds: Iterable[Staged]) -> Shortfall | None:
        """Return what `melds` still miss of the opening, or ``None`` once they complete it (`reached`).

        Something must be staged: no melds miss at least a meld, even
        where the threshold is 0.
        """
        worth, has_run, laid = self._count(melds)
        if laid and has_run and worth >= self.threshold:
            return None
        return self._short(worth, has_run)

    def _short(self, worth: int, has_run: bool) -> Shortfall:
        points = max(0, self.threshold - worth)
        alone = self.threshold if points and not self.sums_melds else 0
        return tuple.__new__(Shortfall, (points, alone, not has_run))

    def _count(self, melds: Iterable[Staged]) -> tuple[int, bool, bool]:
        # One pass over `melds`: their worth (the sum, or the best alone),
        # whether the run requirement is met, whether there is any meld.
        total = top = 0
        has_run = not self.requires_run
        laid = False
        for meld in melds:
            laid = True
            value = meld.value
            total += value
            if value > top:
                top = value
            if not has_run and meld.kind == "run":
                has_run = True
        return (total if self.sums_melds else top), has_run, laid
