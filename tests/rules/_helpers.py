"""Helpers the tests of tests/rules/ share: the hands of the seats that do not act, the presets,
the positions and matches that tests of more than one rule start from.

Positions come from `tests.scenarios._helpers.position`, the one position builder of the tests.
"""

from __future__ import annotations

from typing import Final

from romme import PRESETS, GameState, Match, Phase, RoundResult, Rules, new_game
from tests.scenarios._helpers import position

__all__ = [
    "ALL_PRESETS",
    "OWN_RUN",
    "SEAT_1",
    "SEAT_2",
    "VARIANT_SEAT_1",
    "VARIANT_SEAT_2",
    "match_after",
    "opened_with_own_run",
]

SEAT_1: Final = "K♥ 3♣"
"""Seat 1's hand in most positions: 13 penalty points."""
SEAT_2: Final = "A♦ 7♣ 8♣"
"""Seat 2's hand in most positions: 26 penalty points (30 with the ace at 15)."""

ALL_PRESETS: Final = tuple(
    name
    for name in PRESETS
    if not (PRESETS[name].rearrange or PRESETS[name].knocking or PRESETS[name].buying)
)
"""The rule books' presets (rules §12) and ghidi; the Räuber-Rommé presets and ASS with a claim out
of turn differ from their rule book in rules §13 only and have tests of their own
(tests/rules/test_s13_raeuber.py, tests/rules/test_s13_claims.py)."""

VARIANT_SEAT_1: Final = "2♣ 3♦ 4♥ 6♠"
"""Seat 1's hand in the tests of the optional take and swap rules of rules §13."""
VARIANT_SEAT_2: Final = "6♣ 7♦ 8♥ 10♠"
"""Seat 2's hand in the tests of the optional take and swap rules of rules §13."""

OWN_RUN: Final = ("2♦ 3♦ 4♦", 0)
"""Seat 0's run on the table in the tests of Schmidt S. 3's variants (rules §13)."""


def opened_with_own_run(rules: Rules, hand: str) -> GameState:
    """Seat 0 (opened, holding `hand`, its run 2♦ 3♦ 4♦ on the table) plays; nobody else has opened."""
    return position(
        rules,
        hands=(hand, VARIANT_SEAT_1, VARIANT_SEAT_2),
        table=(OWN_RUN,),
        opened=(True, False, False),
        phase=Phase.PLAY,
    )


def match_after(
    rules: Rules, results: tuple[RoundResult, ...], *, limit: int | None = None, over: bool = False
) -> Match:
    """A match of `rules` after `results` (first dealer 0), the next round dealt unless `over`."""
    players = len(results[0].penalties)
    return Match(
        rules=rules,
        players=players,
        seed=1,
        first_dealer=0,
        rounds=None,
        limit=limit,
        results=results,
        state=None if over else new_game(rules, players, seed=3, dealer=len(results) % players),
    )
