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

# Checked here, whatever modules are loaded already: without hypothesis, importing
# this package fails and says how to install it.
try:
    import hypothesis  # noqa: F401 (imported for the check alone)
except ImportError as error:
    raise ImportError(
        "romme.testing needs hypothesis, which romme does not install by itself; "
        'install the test extra: pip install "romme-rules[test]"'
    ) from error

from romme.testing._play import NearMiss, NearMissKind, actions, near_miss_actions, positions
from romme.testing._values import (
    NearMeldChange,
    card_sequences,
    cards,
    dense_hands,
    hands,
    meld_shapes,
    melds,
    natural_cards,
    near_melds,
    presets,
    rules,
)

__all__ = [
    "NearMeldChange",
    "NearMiss",
    "NearMissKind",
    "actions",
    "card_sequences",
    "cards",
    "dense_hands",
    "hands",
    "meld_shapes",
    "melds",
    "natural_cards",
    "near_melds",
    "near_miss_actions",
    "positions",
    "presets",
    "rules",
]
