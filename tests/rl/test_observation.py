"""Observations of romme.rl: built from a PlayerView only, fixed shape, stable string."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    GameState,
    MeldKind,
    Phase,
    PlayerView,
    apply,
    find_rules,
    legal_actions,
    new_game,
    view,
)
from romme.testing import positions
from tests._hidden import shuffle_hidden
from tests.conftest import require_extra

np = require_extra("numpy", "rl")

from romme.rl.observation import Observation, encode_view, view_string  # noqa: E402


@settings(max_examples=60)
@given(state=positions(max_steps=50, allow_over=False), data=st.data())
def test_hidden_cards_do_not_change_the_observation(state: GameState, data: st.DataObject) -> None:
    """Positions that differ only in other hands and the stock encode equally, array and string."""
    viewer = data.draw(st.integers(0, state.players - 1))
    shuffled = shuffle_hidden(state, viewer, random.Random(data.draw(st.integers(0, 2**32))))
    mine, theirs = view(state, viewer), view(shuffled, viewer)
    assert np.array_equal(encode_view(mine), encode_view(theirs))
    assert view_string(mine) == view_string(theirs)


@settings(max_examples=40)
@given(state=positions(max_steps=50))
def test_the_array_has_its_documented_shape_and_bounds(state: GameState) -> None:
    """Every view encodes to the layout's length, within [0, high], the hand block counting the hand."""
    layout = Observation(state.rules, state.players)
    assert sum(block.size for block in layout.blocks) == layout.size
    for seat in range(state.players):
        array = layout.encode(view(state, seat))
        assert array.shape == (layout.size,)
        assert array.dtype == np.float32
        assert array.min() >= 0
        assert array.max() <= layout.high
        assert int(array[:53].sum()) == len(state.hands[seat])


def _documented_array(seen: PlayerView, layout: Observation) -> list[float]:
    """The array of `seen` entry by entry, as docs/rl.md lays out version 1 (independent of encode), claims included."""
    players, rules = seen.players, seen.rules
    out: list[float] = []
    codes = [0.0] * 53
    for card in seen.hand:
        codes[card.code] += 1
    out += codes
    codes = [0.0] * 53
    for card in seen.discard_pile:
        codes[card.code] += 1
    out += codes
    out += [float(bool(seen.discard_pile) and seen.discard_pile[-1].code == c) for c in range(53)]
    out += [
        np.float32(len(seen.discard_pile) / rules.deck_size),
        np.float32(seen.stock_size / rules.deck_size),
        np.float32(seen.reshuffles / 20),
    ]
    out += [float(seen.phase is phase) for phase in (Phase.DRAW, Phase.PLAY, Phase.ROUND_OVER)]
    claims = (
        rules.knocking or rules.buying
    )  # the claims block and the hand-size divisor (rules §13)
    # The hand-size divisor: the deck where claims or table cards grow a hand, one card more for
    # the joker kept at the cut (rules §13).
    grows = claims or rules.rearrange
    limit = rules.deck_size if grows else rules.hand_size + 2 + int(rules.joker_at_cut)
    for offset in range(players):
        seat = (seen.player + offset) % players
        out += [
            np.float32(seen.hand_sizes[seat] / limit),
            float(seen.opened[seat]),
            float(seen.dealt_in[seat]),
            float(seat == seen.current_player and not seen.is_over),
            float(seat == seen.dealer),
        ]
    turn = seen.turn
    out += [float(turn.taken is not None and turn.taken.code == c) for c in range(53)]
    out += [
        float(turn.taken_in_hand),
        float(turn.taken_staged),
        float(turn.laid_off),
        float(turn.opened_before),
    ]
    for slot in range(layout.slots):
        if slot >= len(seen.table):
            out += [0.0] * (5 + players + 53)
            continue
        entry = seen.table[slot]
        out += [
            1.0,
            float(entry.meld.kind is MeldKind.SET),
            float(entry.meld.kind is MeldKind.RUN),
            float(entry.staged),
            float(bool(entry.fresh)),
        ]
        out += [float((entry.owner - seen.player) % players == o) for o in range(players)]
        codes = [0.0] * 53
        for card in entry.meld.cards:
            codes[card.code] += 1
        out += codes
    if claims:
        claim = turn.claim
        out.append(float(claim is not None))
        for offset in range(players):
            seat = (seen.player + offset) % players
            out += [
                float(claim is not None and claim.turn_of == seat),
                float(claim is not None and seat in claim.passed),
                float(claim is not None and claim.buyer == seat),
                float(claim is not None and seat in claim.consented),
            ]
    if rules.rearrange:  # Räuber-Rommé: rearranged this turn, and the table cards in the hand
        out.append(float(turn.before is not None))
        codes = [0.0] * 53
        for card in turn.borrowed:
            codes[card.code] += 1
        out += codes
    return out


@settings(max_examples=40)
@given(state=positions(max_steps=80))
def test_every_entry_is_the_documented_one(state: GameState) -> None:
    """Each block of the array holds what the layout table of docs/rl.md (version 1) says, for every seat."""
    layout = Observation(state.rules, state.players)
    for seat in range(state.players):
        seen = view(state, seat)
        expected = np.array(_documented_array(seen, layout), dtype=np.float32)
        assert np.array_equal(layout.encode(seen), expected)


@pytest.mark.parametrize("preset", ["classic", "drov", "ass-raeuber"])
def test_one_layout_through_a_round_encodes_every_view_as_documented(preset: str) -> None:
    """A layout kept through a round (as an environment keeps it) encodes each view as a fresh one would.

    The layout keeps the table block of the last table each seat saw; the
    views come in play order, every seat's at every step, and then again
    from the last back to the first, so a kept block is given again only for
    the very table it was made of.
    """
    rules = find_rules(preset)
    state = new_game(rules, 3, seed=11)
    layout = Observation(rules, 3)
    chooser = random.Random(11)
    seen: list[PlayerView] = []
    for _ in range(300):  # a round, or its first 300 moves (random Räuber-Rommé plays long)
        if state.is_over:
            break
        for seat in range(3):
            seen.append(view(state, seat))
            expected = np.array(_documented_array(seen[-1], layout), dtype=np.float32)
            assert np.array_equal(layout.encode(seen[-1]), expected)
        state = apply(state, chooser.choice(legal_actions(state)))
    assert any(len(v.table) for v in seen)  # the table changed during the round
    for earlier in reversed(seen):
        expected = np.array(_documented_array(earlier, layout), dtype=np.float32)
        assert np.array_equal(layout.encode(earlier), expected)


def test_a_visible_change_changes_both_forms() -> None:
    """A move the viewer sees (the discard of the player before) changes the array and the string."""
    rules = find_rules("classic")
    state = new_game(rules, 3, seed=4)
    after = apply(state, legal_actions(state)[0])  # classic: the first player discards
    seer = (state.current_player + 1) % 3
    assert not np.array_equal(encode_view(view(state, seer)), encode_view(view(after, seer)))
    assert view_string(view(state, seer)) != view_string(view(after, seer))


def test_the_string_names_the_visible_facts() -> None:
    """The string form is versioned and lists the own hand and the discard pile."""
    state = new_game(find_rules("drov"), 4, seed=7)
    text = view_string(view(state, 2))
    assert text.splitlines()[0] == "romme observation v1"
    assert f"discard pile: {state.discard_pile[-1]}" in text
    assert "+2: 0 cards, sits out" in text  # seat 0 deals and sits out; seen from seat 2


def test_layout_refuses_other_inputs() -> None:
    """Wrong rules, seats or types are refused with TypeError or ValueError."""
    rules = find_rules("classic")
    with pytest.raises(TypeError):
        Observation("classic", 2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="players"):
        Observation(rules, 7)
    with pytest.raises(ValueError, match="rules"):
        Observation(rules, 3).encode(view(new_game(rules, 2, seed=1), 0))
    with pytest.raises(TypeError):
        encode_view(new_game(rules, 2, seed=1))  # type: ignore[arg-type]
