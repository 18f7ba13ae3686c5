"""Helpers the tests of tests/rules/ share: the hands of the seats that do not act, the presets.

Positions come from `tests.scenarios._helpers.position`, the one position builder of the tests.
"""

from __future__ import annotations

from typing import Final

from romme import PRESETS

__all__ = ["ALL_PRESETS", "SEAT_1", "SEAT_2"]

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
