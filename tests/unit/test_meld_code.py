"""The code of a table meld (docs/maintainers.md, the turn core: table melds as codes).

A meld is coded by two integers, each kept in the meld once computed: its
cards as a packed multiset (`romme._search.meld_key`) and its shape word
(`romme._search.meld_shape`: kind, length, the ranks at its ends, a run's
suit, jokers at its ends), which the generator reads a table meld by. These
tests decode the codes of every table meld met in random play under every
preset and under random rules, and compare them with the meld's own fields
read here; and they check that the codes are never part of the meld's value.
"""

from __future__ import annotations

import copy
import pickle
import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme import PRESETS, Rules, apply, legal_actions, new_game, parse_cards, validate_meld
from romme._search import (
    BASE_FIELD,
    BASE_SHIFT,
    HIGH_JOKER,
    HIGH_SHIFT,
    LENGTH_SHIFT,
    LOW_JOKER,
    LOW_SHIFT,
    NIBBLE,
    RUN,
    meld_key,
    meld_shape,
)
from romme.bots import random_choice
from romme.melds import Meld, MeldKind
from romme.testing import rules as random_rules

MAX_STEPS = 3000
FIELD_BITS = 5
"""The width of a card's field in a packed multiset (5 bits: counts below 32)."""


def _audit(meld: Meld) -> None:
    """Decode `meld`'s code and compare each part with the meld's own fields."""
    key = meld_key(meld)
    tally = Counter(card.code for card in meld.cards)
    for card_code in range(53):
        assert (key >> (FIELD_BITS * card_code)) & 31 == tally[card_code], card_code
    assert key >> (FIELD_BITS * 53) == 0
    shape = meld_shape(meld)
    assert bool(shape & RUN) is (meld.kind is MeldKind.RUN)
    assert shape >> LENGTH_SHIFT & NIBBLE == len(meld.cards)
    assert shape >> LOW_SHIFT & NIBBLE == int(meld.ranks[0]) - 2
    assert shape >> HIGH_SHIFT & NIBBLE == int(meld.ranks[-1]) - 2
    assert bool(shape & LOW_JOKER) is meld.cards[0].is_joker
    assert bool(shape & HIGH_JOKER) is meld.cards[-1].is_joker
    if meld.kind is MeldKind.RUN:
        natural = next(card for card in meld.cards if not card.is_joker)
        assert natural.rank is not None
        assert shape >> BASE_SHIFT & BASE_FIELD == natural.code - (int(natural.rank) - 2)
    else:
        assert shape >> BASE_SHIFT & BASE_FIELD == 0
    assert shape >> 21 == 0  # nothing above the last field


def _play_and_audit(rules: Rules, players: int, seed: int) -> int:
    """Random legal play of one round, decoding every table meld at every step. Returns the melds seen."""
    state = new_game(rules, players, seed=seed)
    chooser = random.Random(seed)
    seen = 0
    for _ in range(MAX_STEPS):
        if state.is_over:
            break
        for entry in state.table:
            _audit(entry.meld)
            seen += 1
        state = apply(state, random_choice(chooser, legal_actions(state), state.rules))
    return seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_table_meld_codes_decode_to_the_melds_under_every_preset(preset: str) -> None:
    """Lay-downs, lay-offs at both ends, swaps and cards taken from the table all make melds coded true."""
    assert sum(_play_and_audit(PRESETS[preset], 4, seed) for seed in range(3)) > 0


@given(rules=random_rules(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_table_meld_codes_decode_to_the_melds_under_random_rules(rules: Rules, seed: int) -> None:
    _play_and_audit(rules, 3, seed)


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        ("JK 2H 3H", MeldKind.RUN),  # a joker at the low end
        ("TS JS QS JK", MeldKind.RUN),  # at the high end
        ("7C 7D 7S JK", MeldKind.SET),
        ("AH 2H 3H", MeldKind.RUN),  # the ace low: rank index 12 at the first card
        ("QD KD AD", MeldKind.RUN),  # the ace high
    ],
)
def test_the_code_of_a_meld_at_the_edges(text: str, kind: MeldKind) -> None:
    """Rules §3: jokers at either end, the ace as the low card of a run."""
    meld = validate_meld(parse_cards(text), PRESETS["classic"], kind=kind)
    _audit(meld)


def test_the_code_is_never_part_of_the_value() -> None:
    """Equality, hashing, repr, copies and pickles ignore the coded slot (guarantee 6)."""
    coded = validate_meld(parse_cards("5D 6D 7D JK"), PRESETS["drov"])
    meld_key(coded)
    meld_shape(coded)
    meld = attrs.evolve(coded)  # an equal meld, a new object: its slot is empty
    assert (meld._key, meld._shape) == (0, 0)  # built, not yet coded
    assert (coded._key, coded._shape) != (0, 0)
    assert meld == coded
    assert hash(meld) == hash(coded)
    assert repr(meld) == repr(coded)
    assert {"_key", "_shape"}.isdisjoint(field.name for field in attrs.fields(Meld))
    for other in (pickle.loads(pickle.dumps(coded)), copy.copy(coded), copy.deepcopy(coded)):
        assert other == meld
        with pytest.raises(AttributeError):  # a copy holds no code, and codes itself when asked
            other._key  # noqa: B018
        _audit(other)
