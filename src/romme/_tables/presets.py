"""The presets as both tables play them (private): scored by penalties where a preset is scored in tournament points."""

from __future__ import annotations

from typing import Final

import attrs

from romme.rules import PRESETS, MatchScoring, Rules

__all__ = ["HOME_LIMIT", "play_rules"]


HOME_LIMIT: Final = 500
"""The penalty total that ends a match of a preset scored in tournament points, at both tables."""


def play_rules(preset: str | Rules) -> Rules:
    """Return a preset as both tables play it: scored by penalties where it is scored in tournament points.

    `preset` is a preset's name (exactly, as the web table's chooser sends
    it) or a `Rules` value (the terminal's, which `romme.rules.find_rules`
    reads from a name or an alias). The library ships no tournament points
    table, so at the terminal and the web table the penalties add up, to
    `HOME_LIMIT`; the rules of play are the preset's.

    Raises:
        ValueError: If `preset` is text that is not a preset name.
    """
    if isinstance(preset, str):
        if preset not in PRESETS:
            raise ValueError(f"unknown preset {preset!r}: choose one of {', '.join(PRESETS)}")
        preset = PRESETS[preset]
    if preset.match_scoring is MatchScoring.TOURNAMENT:
        return attrs.evolve(preset, match_scoring=MatchScoring.PENALTIES, match_limit=HOME_LIMIT)
    return preset
