"""Rules §13, the joker at the cut (``joker_at_cut``): the cutter keeps a joker found at the cut.

The rule is off in every preset; a variant built with `attrs.evolve` plays it.
"""

from __future__ import annotations

import attrs

from romme import (
    JOKER,
    PRESETS,
    Draw,
    Rules,
    apply,
    dumps,
    loads,
    new_game,
)

JOKER_AT_CUT = attrs.evolve(PRESETS["drov"], joker_at_cut=True, dealer_sits_out=False)


def test_the_cutter_keeps_a_joker_found_at_the_cut() -> None:
    """German Rummy (Wikipedia), rommespielen.org: a joker found at the cut may be kept.

    The cutter sits on the dealer's right (DRoV Nr. 3: "Der Spieler rechts
    von ihm hebt ab"); it starts with the joker as a fourteenth card.
    """
    kept = 0
    for seed in range(2000):
        state = new_game(JOKER_AT_CUT, 4, seed=seed, dealer=1)
        sizes = state.hand_sizes()
        if sizes == (14, 13, 13, 13):
            kept += 1
            assert JOKER in state.hands[0]
        else:
            assert (13, 13, 13, 13) == sizes
        assert 110 == sum(sizes) + len(state.stock) + len(state.discard_pile)
    # A uniformly shuffled deck shows a joker at the cut 6 times in 110:
    # 109 deals in 2000 on average, a standard deviation of about 10.
    assert 79 <= kept <= 139


def test_no_joker_is_kept_without_the_field() -> None:
    """The cut changes nothing without the field: every hand holds 13 cards (DRoV Nr. 3)."""
    for seed in range(300):
        assert (13, 13, 13, 13) == new_game(Rules(), 4, seed=seed, dealer=1).hand_sizes()


def test_a_first_player_who_kept_the_cut_joker_draws_and_loads_back() -> None:
    """With two seats the cutter (on the dealer's right) is also the first player: its extra card
    (cardgames.zone §4), the cut joker and its draw make hand_size + 3 cards, a position that loads back."""
    rules = attrs.evolve(Rules(), extra_card="first_player", joker_at_cut=True)
    kept = [
        state
        for state in (new_game(rules, 2, seed=seed, dealer=0) for seed in range(200))
        if len(state.hands[1]) == 15
    ]
    assert kept
    for state in kept:
        after = apply(state, Draw())
        assert 16 == len(after.hands[1])
        assert after == loads(dumps(after))
