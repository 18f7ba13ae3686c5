"""Rules §13, a swap only when the meld is complete afterwards (Schmidt S. 3, a variant): one test
per clause.

The rule is a `Rules` field or enum member, off in every preset; a variant
built with `attrs.evolve` plays it. The expected positions are written from
the rule text.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    PRESETS,
    GameState,
    LayDown,
    Phase,
    Reason,
    Rules,
    SwapJoker,
    apply,
    is_legal,
    legal_actions,
)
from tests.rules._helpers import OWN_RUN, VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import SCHMIDT, position, refusal

SCHMIDT_COMPLETE = attrs.evolve(SCHMIDT, swap_needs_complete_meld=True)


def _swap_table(rules: Rules, hand: str, meld: str) -> GameState:
    """Seat 0 (opened, holding `hand` and the run 2♦ 3♦ 4♦ on the table) plays; seat 1's `meld` lies."""
    return position(
        rules,
        hands=(hand, VARIANT_SEAT_1, VARIANT_SEAT_2),
        table=((meld, 1), OWN_RUN),
        opened=(True, True, False),
        phase=Phase.PLAY,
    )


def test_swap_refused_when_a_joker_stays_in_the_run_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "Tausch erst, wenn die Kombination danach vollständig ist": in
    5♣ JK 7♣ 8♣ JK the 6♣ would leave a joker behind, so the swap is refused
    (Reason.SWAP_NOT_COMPLETE) and no swap is legal."""
    state = _swap_table(SCHMIDT_COMPLETE, "6♣ 8♥ 9♥ 5♠", "5♣ JK 7♣ 8♣ JK")
    swap = SwapJoker(0, "6♣", LayDown("JK 8♥ 9♥"))
    assert Reason.SWAP_NOT_COMPLETE == refusal(state, swap)
    assert not any(isinstance(action, SwapJoker) for action in legal_actions(state))


def test_swap_that_leaves_a_run_of_natural_cards_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): the 7♣ makes 5♣ 6♣ 7♣ a run of natural cards, complete, so the swap
    is legal and the freed joker goes into a new meld (DRoV Nr. 6)."""
    state = _swap_table(SCHMIDT_COMPLETE, "7♣ 8♥ 9♥ 5♠", "5♣ 6♣ JK")
    swap = SwapJoker(0, "7♣", LayDown("JK 8♥ 9♥"))
    assert is_legal(state, swap)
    assert any(isinstance(action, SwapJoker) for action in legal_actions(state))
    state = apply(state, swap)
    assert ["5♣ 6♣ 7♣", "2♦ 3♦ 4♦", "JK 8♥ 9♥"] == [str(entry.meld) for entry in state.table]


def test_swap_in_a_set_of_three_is_not_complete_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): a set is complete with its four suits; K♣ K♠ JK with the K♥ would
    hold three, so the swap is refused even where sets of three may be swapped."""
    rules = attrs.evolve(SCHMIDT_COMPLETE, swap_set_needs_four=False)
    state = _swap_table(rules, "K♥ 8♥ 9♥ 5♠", "K♣ K♠ JK")
    assert Reason.SWAP_NOT_COMPLETE == refusal(state, SwapJoker(0, "K♥", LayDown("JK 8♥ 9♥")))
    without = _swap_table(
        attrs.evolve(rules, swap_needs_complete_meld=False), "K♥ 8♥ 9♥ 5♠", "K♣ K♠ JK"
    )
    assert is_legal(without, SwapJoker(0, "K♥", LayDown("JK 8♥ 9♥")))


def test_swap_in_a_set_of_four_is_complete_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): K♣ K♠ K♥ JK with the K♦ is the complete set of four suits."""
    state = _swap_table(SCHMIDT_COMPLETE, "K♦ 8♥ 9♥ 5♠", "K♣ K♠ K♥ JK")
    assert is_legal(state, SwapJoker(0, "K♦", LayDown("JK 8♥ 9♥")))


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_needs_a_complete_meld_to_swap(name: str) -> None:
    """Rules §13: Schmidt's stricter swap is a variant of its leaflet, off in every preset."""
    assert not PRESETS[name].swap_needs_complete_meld
