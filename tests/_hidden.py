"""One test helper: a position that differs from another only in what one seat cannot see."""

from __future__ import annotations

import random

import attrs

from romme import Card, GameState


def shuffle_hidden(state: GameState, viewer: int, rng: random.Random) -> GameState:
    """Return `state` with the cards `viewer` cannot see dealt anew: other hands and the stock.

    What the view shows stays: the sizes of the hands, and a card taken into
    a hand this turn (rules §4) or from the table (Räuber-Rommé), which stays
    in that hand. The seed changes
    too, since it is hidden as well.
    """
    turn = state.turn
    known: dict[int, tuple[Card, ...]] = {}
    if state.current_player != viewer:
        taken = (turn.taken,) if turn.taken_in_hand and turn.taken is not None else ()
        # Cards taken from the table this turn are seen as they go (Räuber-Rommé).
        known[state.current_player] = (*taken, *turn.table_cards_in_hand(state.table))
    hidden = [card for seat, hand in enumerate(state.hands) if seat != viewer for card in hand]
    hidden += state.stock
    for cards in known.values():
        for card in cards:
            hidden.remove(card)
    rng.shuffle(hidden)
    hands = []
    for seat, hand in enumerate(state.hands):
        if seat == viewer:
            hands.append(hand)
            continue
        size = len(hand) - len(known.get(seat, ()))
        hands.append((*known.get(seat, ()), *hidden[:size]))
        hidden = hidden[size:]
    return attrs.evolve(state, hands=hands, stock=tuple(hidden), seed=state.seed + 1)
