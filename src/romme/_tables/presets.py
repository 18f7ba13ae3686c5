"""The presets as both tables play them (private): scored by penalties where a preset is scored in tournament points."""

from __future__ import annotations

from typing import Final

import attrs

from romme.rules import PRESETS, MatchScoring, Rules

__all__ = ["HOME_LIMIT", "play_rules"]


HOME_LIMIT: Final = 500
"""The penalty total that ends a match of a preset scored in tournament points, at both tables."""


def play_rules(name: str) -> Rules:
    """Return the preset `name` as both tables play it: scored by penalties where it is scored in tournament points.

    The library ships no tournament points table, so at the terminal and
    the web table the penalties add up, to `HOME_LIMIT`; the rules of play
    are the preset's.

    Raises:
        ValueError: If `name` is not a preset name.
    """
    if name not in PRESETS:
        raise ValueError(f"unknown preset {name!r}: choose one of {', '.join(PRESETS)}")
    rules = PRESETS[name]
    if rules.match_scoring is MatchScoring.TOURNAMENT:
        rules = attrs.evolve(rules, match_scoring=MatchScoring.PENALTIES, match_limit=HOME_LIMIT)
    return rules
