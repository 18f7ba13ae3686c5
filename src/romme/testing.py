"""Hypothesis strategies for testing code built on romme: bots, frontends, house rules.

Property-based tests of your own code need the library's values: cards,
hands that a real deck can deal, valid melds and cards that just miss
one, `Rules` values (the presets and random valid combinations),
positions reached by legal play, legal actions and actions the rules
refuse. This module builds them with `hypothesis`_, an optional
dependency installed by the ``test`` extra::

    pip install "romme-rules[test]"

``import romme`` never imports hypothesis; only ``import romme.testing``
does.

>>> from hypothesis import given, settings
>>> from romme import find_rules, testing
>>> @settings(max_examples=10, database=None)
... @given(meld=testing.melds(find_rules("classic")))
... def test_a_meld_is_worth_something(meld):
...     assert meld.value > 0
>>> test_a_meld_is_worth_something()

.. _hypothesis: https://hypothesis.readthedocs.io/

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

# Names imported "as" themselves are kept importable from here, where they have always been.
from collections import Counter as Counter
from typing import Any as Any
from typing import Final as Final
from typing import Literal as Literal
from typing import TypeAlias as TypeAlias

import attrs as attrs

# Checked here, whatever modules are loaded already: without hypothesis, importing
# this module fails and says how to install it.
try:
    from hypothesis import reject as reject
    from hypothesis import strategies as st  # noqa: F401 (kept importable from here)
except ImportError as error:
    raise ImportError(
        "romme.testing needs hypothesis, which romme does not install by itself; "
        'install the test extra: pip install "romme-rules[test]"'
    ) from error

from romme import JOKER as JOKER
from romme import PRESETS as PRESETS
from romme import Action as Action
from romme import AdjacentJokers as AdjacentJokers
from romme import Card as Card
from romme import Discard as Discard
from romme import Draw as Draw
from romme import ExtraCard as ExtraCard
from romme import FailedTake as FailedTake
from romme import FirstPlayer as FirstPlayer
from romme import GameState as GameState
from romme import InvalidMeldError as InvalidMeldError
from romme import InvalidRulesError as InvalidRulesError
from romme import JokerDiscard as JokerDiscard
from romme import JokerLimit as JokerLimit
from romme import LayDown as LayDown
from romme import LayOff as LayOff
from romme import MatchScoring as MatchScoring
from romme import Meld as Meld
from romme import MeldKind as MeldKind
from romme import Phase as Phase
from romme import PlayerView as PlayerView
from romme import Rank as Rank
from romme import Reason as Reason
from romme import Rules as Rules
from romme import StockExhausted as StockExhausted
from romme import Suit as Suit
from romme import SwapJoker as SwapJoker
from romme import SwappedJoker as SwappedJoker
from romme import TakeBack as TakeBack
from romme import TakeDiscard as TakeDiscard
from romme import TakeDiscardMode as TakeDiscardMode
from romme import apply as apply
from romme import find_melds as find_melds
from romme import legal_actions as legal_actions
from romme import make_deck as make_deck
from romme import new_game as new_game
from romme import validate_meld as validate_meld
from romme._shape import jokers_may_touch as jokers_may_touch
from romme._shape import most_jokers_among as most_jokers_among
from romme._testing_play import NearMiss, NearMissKind, actions, near_miss_actions, positions
from romme._testing_values import NearMeldChange as NearMeldChange
from romme._testing_values import cards, hands, melds, natural_cards, near_melds, presets, rules
from romme.rules import MAX_HAND_SIZE as MAX_HAND_SIZE
from romme.rules import MAX_JOKERS as MAX_JOKERS
from romme.rules import MAX_OPENING_THRESHOLD as MAX_OPENING_THRESHOLD
from romme.rules import MAX_RESHUFFLES as MAX_RESHUFFLES
from romme.rules import MAX_SEATS as MAX_SEATS

__all__ = [
    "NearMiss",
    "NearMissKind",
    "actions",
    "cards",
    "hands",
    "melds",
    "natural_cards",
    "near_melds",
    "near_miss_actions",
    "positions",
    "presets",
    "rules",
]
