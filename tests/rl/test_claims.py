"""The RL adapter under claim windows (rules §13): the ``claim`` range of the action space, the observation's ``claims`` block."""

from __future__ import annotations

import random

import attrs

from romme import (
    PRESETS,
    Buy,
    ClaimWindow,
    Consent,
    Knock,
    Pass,
    Phase,
    Refuse,
    apply,
    legal_actions,
    new_game,
    view,
)
from tests.conftest import require_extra

np = require_extra("numpy", "rl")

from romme.rl.observation import Observation  # noqa: E402
from romme.rl.spaces import ActionSpace  # noqa: E402

KAUFEN = attrs.evolve(PRESETS["ass"], buying=True)
KLOPFEN = attrs.evolve(PRESETS["ass"], knocking=True)


def test_the_claim_range_is_appended_only_under_claim_rules() -> None:
    """Layout: rules without knocking or buying keep their ranges; ASS with buying adds five ids after the swaps."""
    plain = ActionSpace(PRESETS["ass"])
    kaufen = ActionSpace(KAUFEN)
    assert plain.ranges == kaufen.ranges[:-1]
    claim = kaufen.ranges[-1]
    assert ("claim", plain.size, 5) == (claim.name, claim.start, claim.size)
    answers = (Knock(), Buy(), Pass(), Consent(), Refuse())
    assert list(range(plain.size, plain.size + 5)) == [kaufen.encode(a) for a in answers]
    assert "claim" not in {entry.name for entry in plain.ranges}


def test_masks_equal_legal_actions_in_claim_windows_guarantee_9() -> None:
    """Guarantee 9: in every claim window of seeded random rounds the mask marks exactly the legal answers."""
    windows = 0
    for rules in (KAUFEN, KLOPFEN):
        space = ActionSpace(rules)
        for seed in range(3):
            state = new_game(rules, 4, seed=seed)
            chooser = random.Random(seed)
            while not state.is_over:
                legal = legal_actions(state)
                if state.phase is Phase.CLAIM:
                    windows += 1
                    ids = space.legal_ids(state)
                    assert [space.decode(i, state) for i in ids] == list(legal)
                    assert int(space.mask(state).sum()) == len(legal)
                state = apply(state, chooser.choice(legal))
    assert windows > 0


def test_the_observation_shows_the_window_rules_13() -> None:
    """The ``claims`` block: open, whose turn (by offset), passed, buyer, consented; none under plain rules."""
    rules = KAUFEN
    layout = Observation(rules, 4)
    assert 0 == next(b for b in Observation(PRESETS["ass"], 4).blocks if b.name == "claims").size
    block = next(b for b in layout.blocks if b.name == "claims")
    assert ("claims", 1 + 4 * 4) == (block.name, block.size)
    state = new_game(rules, 4, seed=1)
    chooser = random.Random(1)
    while state.turn.claim is None or state.turn.claim.buyer is None:
        state = apply(state, chooser.choice(legal_actions(state)))
    claim = state.turn.claim
    assert isinstance(claim, ClaimWindow)
    buyer = claim.buyer
    assert buyer is not None
    seen = view(state, state.current_player)
    array = layout.encode(seen)
    claims = array[block.start : block.start + block.size]
    me = seen.player
    expected = np.zeros(block.size, dtype=np.float32)
    expected[0] = 1
    expected[1 + 4 * ((claim.turn_of - me) % 4)] = 1
    for seat in claim.passed:
        expected[2 + 4 * ((seat - me) % 4)] = 1
    expected[3 + 4 * ((buyer - me) % 4)] = 1
    for seat in claim.consented:
        expected[4 + 4 * ((seat - me) % 4)] = 1
    assert expected.tolist() == claims.tolist()
    phase = layout.blocks[4]
    assert "phase" == phase.name
    assert 0 == array[phase.start : phase.start + phase.size].sum()
    assert "claim: turn of" in layout.string(seen)
