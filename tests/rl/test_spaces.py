"""The action space of romme.rl: ids, masks and their agreement with legal_actions."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    PRESETS,
    Card,
    Discard,
    Draw,
    GameState,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Rank,
    Suit,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    apply,
    find_rules,
    legal_actions,
    new_game,
)
from romme.testing import positions
from tests.conftest import examples, require_extra
from tests.scenarios._helpers import position

np = require_extra("numpy", "rl")

from romme.rl.spaces import FOLLOW_UPS, ROB_POSITIONS, ActionSpace, ActionSpaceError  # noqa: E402

_SPACES: dict[Any, ActionSpace] = {}
_NUMBERED = positions(max_steps=60)
"""Positions under random rules, Räuber-Rommé included (its ``rob`` range)."""


def _space(state: GameState) -> ActionSpace:
    if state.rules not in _SPACES:
        _SPACES[state.rules] = ActionSpace(state.rules)
    return _SPACES[state.rules]


@settings(max_examples=60)
@given(state=_NUMBERED)
def test_mask_is_exactly_the_legal_actions(state: GameState) -> None:
    """The mask is true at the ids of legal_actions and nowhere else, and every legal id decodes back."""
    space = _space(state)
    legal = legal_actions(state)
    ids = space.legal_ids(state)
    assert len(set(ids)) == len(legal)
    mask = space.mask(state)
    assert mask.shape == (space.size,)
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
    for action, action_id in zip(legal, ids, strict=True):
        assert 0 <= action_id < space.size
        assert space.decode(action_id, state) == action


@settings(max_examples=30)
@given(state=_NUMBERED, data=st.data())
def test_every_unmasked_id_decodes_to_an_illegal_action_or_refuses(
    state: GameState, data: st.DataObject
) -> None:
    """No id outside the mask names a legal action (the other direction of the mask); action_of says what decode says."""
    space = _space(state)
    mask = space.mask(state)
    legal = set(legal_actions(state))
    for action_id in data.draw(st.lists(st.integers(0, space.size - 1), max_size=40)):
        if mask[action_id]:
            continue
        try:
            action = space.decode(action_id, state)
        except ActionSpaceError:
            with pytest.raises(ActionSpaceError):
                space.action_of(action_id, state)
            continue
        assert action not in legal
        assert space.action_of(action_id, state) == action


@settings(max_examples=40)
@given(state=_NUMBERED)
def test_ids_of_all_legal_actions_at_once_equal_each_encoded_alone(state: GameState) -> None:
    """legal_ids_and_actions lists legal_actions with the ids encode gives each alone, also once the space has seen them."""
    space = _space(state)
    legal = legal_actions(state)
    alone = [ActionSpace(state.rules).encode(action, state) for action in legal]
    for _ in range(2):  # the second time from the remembered ids
        ids, actions = space.legal_ids_and_actions(state)
        assert actions == legal
        assert ids == alone
        assert space.legal_ids(state) == alone
    space.legal_ids(state).append(-1)  # each call hands out its own list
    assert space.legal_ids(state) == alone
    for action_id in alone:
        assert space.action_of(action_id, state) == space.decode(action_id, state)
        assert space.action_of(np.int64(action_id), state) == space.decode(action_id, state)
        with pytest.raises(TypeError):
            space.action_of(float(action_id), state)  # type: ignore[arg-type]
        with pytest.raises(TypeError):
            space.action_of(bool(action_id), state)


def test_announced_jokers_have_ids_of_their_own_Schmidt_S_3() -> None:
    """Schmidt S. 3 (announced jokers): a set laid down with its joker announced, and a joker laid
    off onto a set as a suit, have ids of the ``announce`` ranges that decode back; other rules
    have no such ranges."""
    rules = attrs.evolve(find_rules("schmidt"), announced_jokers=True)
    space = ActionSpace(rules)
    names = [entry.name for entry in space.ranges]
    assert ["announce", "announce_off"] == names[-2:]
    state = apply(
        new_game(rules, 2, seed=1), Draw()
    )  # the play phase: a lay-down id means the lay-down
    kings = LayDown("K♣ K♠ JK", MeldKind.SET, announce="K♥")
    assert kings == space.decode(space.encode(kings), state)
    other = LayDown("K♣ K♠ JK", MeldKind.SET, announce="K♦")
    assert space.encode(other) == space.encode(kings) + 1  # ♥ and ♦: the suits in order
    with pytest.raises(ActionSpaceError, match="one card per joker"):
        space.encode(LayDown("K♣ K♠ JK", MeldKind.SET, announce="Q♥"))
    assert "announce" not in {entry.name for entry in ActionSpace(find_rules("schmidt")).ranges}


def test_refusals_are_typed() -> None:
    """Ids outside the space, lay-downs without a kind and swaps without a position raise ActionSpaceError."""
    rules = find_rules("classic")
    space = ActionSpace(rules)
    state = new_game(rules, 2, seed=3)
    with pytest.raises(ActionSpaceError):
        space.decode(space.size, state)
    with pytest.raises(ActionSpaceError):
        space.decode(-1, state)
    with pytest.raises(TypeError):
        space.decode("3", state)  # type: ignore[arg-type]
    with pytest.raises(ActionSpaceError):
        space.encode(LayDown("7♠ 8♠ 9♠"))
    with pytest.raises(ActionSpaceError):
        space.encode(LayDown("8♠ 7♠ 9♠", "run"))
    with pytest.raises(ActionSpaceError):
        space.encode(SwapJoker(0, "7♣"))
    with pytest.raises(ActionSpaceError):
        space.encode(LayOff(space.slots, "7♣", "high"))
    with pytest.raises(ActionSpaceError):
        space.encode(LayOff(0, "7♣ 7♠"))
    with pytest.raises(ActionSpaceError):
        space.decode(space.encode(LayOff(0, "7♣", "high")), state)  # the table is empty


def test_fixed_ids() -> None:
    """The fixed ranges of layout 1: draw 0, take 1, takeback 2, discards 3 + card code."""
    space = ActionSpace(find_rules("drov"))
    assert space.encode(Draw()) == 0
    assert space.encode(TakeDiscard()) == 1
    assert space.encode(TakeBack()) == 2
    assert space.encode(Discard("2♣")) == 3
    assert space.encode(Discard("JK")) == 55
    assert [entry.name for entry in space.ranges] == [
        "draw",
        "take",
        "takeback",
        "discard",
        "lay_down",
        "lay_off",
        "swap",
    ]
    assert space.ranges[4].start == 56


def test_a_take_shares_the_id_of_its_use() -> None:
    """Under immediate_use a take decodes from its use's id in the draw phase, the use alone in the play phase."""
    rules = find_rules("drov")
    space = ActionSpace(rules)
    meld = LayDown("7♠ 8♠ 9♠", "run")
    assert space.encode(TakeDiscard(meld)) == space.encode(meld)
    draw_phase = new_game(rules, 3, seed=5)
    assert space.decode(space.encode(meld), draw_phase) == TakeDiscard(meld)


def test_catalog_counts_sets_by_hand() -> None:
    """Under distinct suits and one joker at most, a rank forms 4 three-suit sets, 1 four-suit set, 6+4 sets with a joker."""
    rules = find_rules("german-rummy")  # one_per_meld, distinct suits
    space = ActionSpace(rules)
    sets = space.ranges[4].size - 4 * space.run_shapes
    # naturals 3 of 4 suits: 4; all 4 suits: 1; 2 suits + JK: 6; 3 suits + JK: 4
    assert sets == 13 * (4 + 1 + 6 + 4)


def _play(state: GameState, space: ActionSpace, rng: random.Random, steps: int) -> Counter[str]:
    seen: Counter[str] = Counter()
    for _ in range(steps):
        if state.is_over:
            break
        legal = legal_actions(state)
        ids = space.legal_ids(state)
        assert len(set(ids)) == len(legal)
        mask = space.mask(state)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        for action, action_id in zip(legal, ids, strict=True):
            assert space.decode(action_id, state) == action
            seen[type(action).__name__] += 1
        plays = [a for a in legal if not isinstance(a, Discard)]
        state = apply(state, rng.choice(plays if plays and rng.random() < 0.7 else legal))
    return seen


@pytest.mark.long
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_mask_along_games_of_every_preset(preset: str) -> None:
    """Along games biased to melding, every legal action of every preset (swaps included) round-trips: 1 game per preset under ``dev``, 3 under ``ci``."""
    rules = PRESETS[preset]
    space = ActionSpace(rules)
    rng = random.Random(7)
    seen: Counter[str] = Counter()
    for seed in range(examples(dev=1, ci=3)):
        state = new_game(rules, 3 if rules.dealer_sits_out else 2 + seed % 2, seed=seed)
        seen += _play(state, space, rng, 300)
    assert seen["LayDown"]
    assert seen["LayOff"]
    assert seen["Discard"]


def _table_position() -> GameState:
    return position(
        find_rules("classic"),
        hands=["7♣ 8♠ 2♦ K♥", "3♣ 4♣ 5♣ 9♦"],
        table=[("6♠ 7♠ JK", 1), ("5♦ 5♥ 5♠", 1)],
        opened=[True, True],
        phase=Phase.PLAY,
    )


def test_swaps_and_lay_offs_decode_against_the_table() -> None:
    """A swap's pair is numbered by the table's jokers; a lay-off's cards come from the table meld."""
    state = _table_position()
    space = ActionSpace(state.rules)
    assert space.table_pairs(state) == [(0, Card(Rank.EIGHT, Suit.SPADES))]
    legal = legal_actions(state)
    swaps = [a for a in legal if isinstance(a, SwapJoker)]
    assert swaps
    for action in swaps:
        assert space.decode(space.encode(action, state), state) == action
    assert space.legal_ids(state) == [space.encode(action, state) for action in legal]
    assert space.decode(space.encode(LayOff(1, "5♣")), state) == LayOff(1, "5♣")
    assert space.decode(space.encode(LayOff(0, "5♠", "low")), state) == LayOff(0, "5♠", "low")
    assert space.decode(space.encode(LayOff(0, "JK 10♠", "high")), state) == LayOff(
        0, "JK 10♠", "high"
    )


def test_ids_that_name_nothing_here_are_refused() -> None:
    """A set pattern onto a run, a run pattern onto a set, a swap of no pair or no follow-up raise."""
    state = _table_position()
    space = ActionSpace(state.rules)
    onto_run = space.encode(LayOff(1, "5♣"))  # the set pattern, aimed at slot 0 below
    slot_ids = space.encode(LayOff(1, "5♣")) - space.encode(LayOff(0, "5♣"))
    with pytest.raises(ActionSpaceError, match="holds a run"):
        space.decode(onto_run - slot_ids, state)
    with pytest.raises(ActionSpaceError, match="holds a set"):
        space.decode(space.encode(LayOff(1, "JK", "high")), state)
    swap = space.ranges[-1]
    with pytest.raises(ActionSpaceError, match="offers fewer"):
        space.decode(swap.start + FOLLOW_UPS, state)
    with pytest.raises(ActionSpaceError, match="fewer are legal"):
        space.decode(swap.start + FOLLOW_UPS - 1, state)
    with pytest.raises(ActionSpaceError, match="no such joker"):
        space.encode(SwapJoker(1, "5♣"), state)
    with pytest.raises(ActionSpaceError, match="not legal"):
        space.encode(SwapJoker(0, "8♠", "discard JK"), state)
    with pytest.raises(ActionSpaceError):
        space.encode(LayDown("JK JK JK", "run"))
    with pytest.raises(ActionSpaceError):
        space.encode(LayDown("5♦ 6♥ JK", "set"))
    with pytest.raises(TypeError):
        ActionSpace("classic")  # type: ignore[arg-type]
    assert space.encode_all(legal_actions(state), state) == space.legal_ids(state)
    assert "layout=1" in repr(space)


def test_a_table_card_taken_has_an_id_of_the_rob_range_ASS_S_2() -> None:
    """ASS S. 2–3 (Räuber-Rommé): each TakeFromTable has an id of the ``rob`` range, slot by card
    position (ROB_POSITIONS each), which decodes back; rules without rearrange have no such range."""
    space = ActionSpace(PRESETS["ass-raeuber"])
    rob = next(entry for entry in space.ranges if entry.name == "rob")
    assert (space.slots * ROB_POSITIONS, space.size) == (rob.size, rob.start + rob.size)
    state = new_game(PRESETS["ass-raeuber"], 3, seed=1)
    for target, place in ((0, 0), (2, 5), (space.slots - 1, ROB_POSITIONS - 1)):
        action = TakeFromTable(target, place)
        action_id = rob.start + target * ROB_POSITIONS + place
        assert action_id == space.encode(action)
        assert action == space.decode(action_id, state)
    with pytest.raises(ActionSpaceError, match="at most"):
        space.encode(TakeFromTable(space.slots, 0))
    with pytest.raises(ActionSpaceError, match="no meld holds"):
        space.encode(TakeFromTable(0, ROB_POSITIONS))
    assert "rob" not in {entry.name for entry in ActionSpace(PRESETS["ass"]).ranges}


@pytest.mark.parametrize("joker_limit", ["minority", "none"])
def test_mask_along_games_with_announced_jokers_Schmidt_S_3(joker_limit: str) -> None:
    """Schmidt S. 3 (announced jokers): along games biased to melding, every legal action round-trips,
    announced lay-downs and lay-offs of jokers onto sets among them."""
    rules = attrs.evolve(
        find_rules("schmidt"),
        announced_jokers=True,
        joker_limit=joker_limit,
        swap_set_needs_four=False,
        opening_threshold=0,
    )
    space = ActionSpace(rules)
    rng = random.Random(3)
    announced: Counter[str] = Counter()
    for seed in range(6):
        state = new_game(rules, 2 + seed % 3, seed=seed)
        for _ in range(200):
            if state.is_over:
                break
            legal = legal_actions(state)
            ids = space.legal_ids(state)
            assert len(set(ids)) == len(legal)
            assert sorted(np.flatnonzero(space.mask(state)).tolist()) == sorted(ids)
            for action, action_id in zip(legal, ids, strict=True):
                assert space.decode(action_id, state) == action
                use = action.use if isinstance(action, TakeDiscard) else action
                if isinstance(use, LayDown | LayOff) and use.announce:
                    announced[type(use).__name__] += 1
            plays = [a for a in legal if not isinstance(a, Discard)]
            state = apply(state, rng.choice(plays if plays and rng.random() < 0.8 else legal))
    assert announced["LayDown"]
