"""Rules (Spielregeln): one frozen value that says which Rommé is played, and its presets.

Every field is a point on which the rule books disagree; each preset
(`PRESETS`) picks a value for each, from its source. "rules §N" cites section N
of the documentation's rules page (docs/rules.md), and the sources are named on
its sources page (docs/sources.md). Make a house variant with
:func:`attrs.evolve`:

>>> import attrs
>>> from romme import find_rules
>>> house = attrs.evolve(find_rules("classic"), opening_threshold=40)
>>> house.opening_threshold, house.take_discard.value
(40, 'immediate_use')
"""

from romme.rules._deck import make_deck
from romme.rules._enums import (
    MAX_DECK_SIZE,
    MAX_HAND_SIZE,
    MAX_JOKERS,
    MAX_OPENING_THRESHOLD,
    MAX_RESHUFFLES,
    MAX_SEATS,
    MAX_TABLE_TAKES,
    MIN_SEATS,
    AdjacentJokers,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    IndirectLayoffOut,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    StockExhausted,
    SwappedJoker,
    TakeDiscardMode,
)
from romme.rules._opening import Opening, Shortfall, Staged
from romme.rules._presets import PRESETS, find_rules, preset_name
from romme.rules._shape import MeldShape, jokers_may_touch, most_jokers, most_jokers_among, shape_of
from romme.rules._value import Rules

__all__ = [
    "MAX_DECK_SIZE",
    "MAX_HAND_SIZE",
    "MAX_JOKERS",
    "MAX_OPENING_THRESHOLD",
    "MAX_RESHUFFLES",
    "MAX_SEATS",
    "MAX_TABLE_TAKES",
    "MIN_SEATS",
    "PRESETS",
    "AdjacentJokers",
    "ExtraCard",
    "FailedTake",
    "FirstPlayer",
    "IndirectLayoffOut",
    "JokerDiscard",
    "JokerLimit",
    "MatchScoring",
    "MeldShape",
    "Opening",
    "Rules",
    "Shortfall",
    "Staged",
    "StockExhausted",
    "SwappedJoker",
    "TakeDiscardMode",
    "find_rules",
    "jokers_may_touch",
    "make_deck",
    "most_jokers",
    "most_jokers_among",
    "preset_name",
    "shape_of",
]
