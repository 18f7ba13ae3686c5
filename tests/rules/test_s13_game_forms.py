"""Rules §13, game forms: Rummy à la Ghidi (cardgames.zone §10), its deal and its first turn."""

from __future__ import annotations

import pytest

from romme import (
    PRESETS,
    Discard,
    Draw,
    Phase,
    apply,
    legal_actions,
    new_game,
)


@pytest.mark.parametrize("players", [2, 4, 6])
def test_ghidi_deals_ten_cards_and_the_dealer_eleven_cardgames_zone_10(players: int) -> None:
    """cardgames.zone §10, Rummy à la Ghidi: "Everyone gets 10 cards, the dealer 11 and starts by discarding"."""
    dealer = players - 1
    state = new_game(PRESETS["ghidi"], players, seed=3, dealer=dealer)
    expected = tuple(11 if seat == dealer else 10 for seat in range(players))
    assert expected == state.hand_sizes()
    assert dealer == state.current_player
    assert Phase.PLAY == state.phase
    assert () == state.discard_pile
    assert Draw() not in legal_actions(state)
    assert all(Discard(card) in legal_actions(state) for card in state.hand)


def test_ghidi_play_passes_to_the_dealers_left_cardgames_zone_10() -> None:
    """cardgames.zone §10, Rummy à la Ghidi: after the dealer's discard the player on the left draws as usual (§6)."""
    state = new_game(PRESETS["ghidi"], 3, seed=5, dealer=0)
    state = apply(state, Discard(state.hand[0]))
    assert 1 == state.current_player
    assert Phase.DRAW == state.phase
    assert (10, 10, 10) == state.hand_sizes()
