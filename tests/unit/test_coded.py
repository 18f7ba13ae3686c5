"""The coded hand and table melds the turn core keeps (docs/maintainers.md, how an action flows).

A state keeps the hand of the seat that acts in it as a packed multiset;
`apply` hands it on, updated from each action's effect, while the same seat
goes on acting, and the checker and the generator read it instead of
packing the hand anew. A meld keeps two codes once computed: its cards as a
packed multiset (`romme.melds._search.meld_key`) and its shape word
(`romme.melds._search.meld_shape`: kind, length, the ranks at its ends, a run's
suit, jokers at its ends), which the generator reads a table meld by.

These tests hold the kept hand code to the hand itself, and decode every
table meld's codes against the meld's own fields read here, at every step
of random play under every preset and under random rules; and they check
that no code is ever part of a state's or a meld's value.
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

from romme import (
    PRESETS,
    GameState,
    Rules,
    apply,
    dumps,
    legal_actions,
    loads,
    new_game,
    parse_cards,
    validate_meld,
)
from romme._coded import Coded
from romme._turn.position import Pos, hand_key, kept_hand_key, read_position
from romme.melds import Meld, MeldKind
from romme.melds._search import (
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
    pack_cards,
)
from romme.play._bots import random_choice
from romme.testing import rules as random_rules

MAX_STEPS = 3000
FIELD_BITS = 5
"""The width of a card's field in a packed multiset (5 bits: counts below 32)."""


def clear(state: GameState) -> None:
    """Empty the coded slot of `state` (the test's own access to it)."""
    Coded._coded.__delete__(state)  # type: ignore[attr-defined]


def _packed(state: GameState) -> tuple[int, ...]:
    """The hands of `state` packed here, independently of what the state kept."""
    return tuple(pack_cards(tuple(hand)) for hand in state.hands)


def _audit(state: GameState) -> None:
    """What `state` keeps, if anything, is the code of its seat to act; every seat's code reads true.

    Every table meld's codes decode to the meld (`_audit_meld`).
    """
    kept = kept_hand_key(state)
    if kept is not None:
        assert kept == _packed(state)[state.current_player]
    assert tuple(hand_key(state, seat) for seat in range(state.players)) == _packed(state)
    for entry in state.table:
        _audit_meld(entry.meld)


def _audit_meld(meld: Meld) -> None:
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


def _play_and_audit(rules: Rules, players: int, seed: int) -> tuple[int, int]:
    """Random legal play of one round, auditing the codes at every step.

    Returns the states that kept a hand code and the table melds audited.
    """
    state = new_game(rules, players, seed=seed)
    chooser = random.Random(seed)
    steps = kept = melds = 0
    while not state.is_over and steps < MAX_STEPS:
        kept += kept_hand_key(state) is not None
        melds += len(state.table)
        _audit(state)
        state = apply(state, random_choice(chooser, legal_actions(state), state.rules))
        steps += 1
    _audit(state)
    return kept, melds


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_kept_codes_follow_the_hands_under_every_preset(preset: str) -> None:
    """Draws, takes, lay-downs, lay-offs, swaps, take-backs and discards all keep the codes true."""
    for seed in range(3):
        # Most states of a round come from apply within a turn, keeping a code;
        # every round lays melds.
        kept, melds = _play_and_audit(PRESETS[preset], 4, seed)
        assert kept > 0
        assert melds > 0


@given(rules=random_rules(), seed=st.integers(0, 2**32 - 1))
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_kept_codes_follow_the_hands_under_random_rules(rules: Rules, seed: int) -> None:
    _play_and_audit(rules, 3, seed)


def test_the_kept_codes_are_never_part_of_the_value() -> None:
    """Equality, hashing, repr, evolve, copies, pickles and JSON ignore the slot (guarantee 6)."""
    state = new_game(PRESETS["drov"], 4, seed=11)
    fresh = new_game(PRESETS["drov"], 4, seed=11)
    # Checking a state fills its slot (building one does not: the constructor never
    # runs the generator); the slot of one of two equal states is emptied, so that
    # they differ in nothing but it.
    assert kept_hand_key(state) is None
    assert legal_actions(state)
    assert legal_actions(fresh)
    assert kept_hand_key(state) is not None
    clear(state)
    assert kept_hand_key(state) is None
    assert kept_hand_key(fresh) is not None
    assert state == fresh
    assert hash(state) == hash(fresh)
    assert repr(state) == repr(fresh)
    assert "coded" not in repr(state)
    assert [field.name for field in attrs.fields(GameState)] == [
        field.name for field in attrs.fields(type(fresh))
    ]
    assert "_coded" not in {field.name for field in attrs.fields(GameState)}
    for other in (
        pickle.loads(pickle.dumps(state)),
        copy.copy(state),
        copy.deepcopy(state),
        attrs.evolve(state),
        loads(dumps(state)),
    ):
        assert other == state
        _audit(other)


def test_a_state_built_by_evolve_packs_its_own_hands() -> None:
    """A state changed by `attrs.evolve` never inherits the code of a hand it replaced."""
    state = new_game(PRESETS["classic"], 3, seed=5)
    before = tuple(hand_key(state, seat) for seat in range(3))
    swapped = attrs.evolve(state, hands=(state.hands[1], state.hands[0], state.hands[2]))
    _audit(swapped)
    assert hand_key(swapped, 0) == before[1] != before[0]


def test_the_checkers_reading_of_a_state_fills_every_field() -> None:
    """Maintainers' page, the turn core: `read_position` builds the checker's position from the tuple of its
    fields, without the named tuple's checks, so each field is compared with the state it reads."""
    state = new_game(PRESETS["drov"], 4, seed=3)
    seat = state.current_player
    read = read_position(state, seat)
    assert len(read) == len(Pos._fields)
    assert read._asdict() == {
        "rules": state.rules,
        "player": seat,
        "phase": state.phase,
        "hand": state.hands[seat],
        "table": state.table,
        "discard_pile": state.discard_pile,
        "opened": state.opened,
        "turn": state.turn,
        "stock_size": len(state.stock),
        "key": pack_cards(state.hands[seat]),
        "dealt_in": state.dealt_in,
    }


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
    _audit_meld(meld)


def test_a_melds_codes_are_never_part_of_its_value() -> None:
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
        _audit_meld(other)
