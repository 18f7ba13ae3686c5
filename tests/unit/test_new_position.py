"""Building positions without friction: the rest of the deck by seed, the stock's order, impossible seats."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from romme import (
    GameState,
    InvalidPositionError,
    Phase,
    TableMeld,
    find_rules,
    make_deck,
    new_position,
    parse_cards,
    validate_meld,
)

CLASSIC = find_rules("classic")
DROV = find_rules("drov")


def test_stock_none_is_the_rest_of_the_deck_shuffled_by_the_seed() -> None:
    """new_position(stock=None): the cards not named form the stock, shuffled with random.Random(seed)."""
    state = new_position(
        CLASSIC, hands=["Q♣ K♣ A♣", "2♦ 3♦ 4♦"], discard_pile="9♠", table=(), seed=7
    )
    named = Counter(parse_cards("Q♣ K♣ A♣ 2♦ 3♦ 4♦ 9♠"))
    rest = (Counter(make_deck(CLASSIC)) - named).elements()
    # As documented: the rest in the order of make_deck, then shuffled by the seed.
    expected = sorted(rest, key=make_deck(CLASSIC).index)
    random.Random(7).shuffle(expected)
    assert tuple(expected) == state.stock
    assert 110 - 7 == state.stock_size


def test_stock_none_differs_by_seed_and_repeats_with_the_same_seed() -> None:
    """The rest of the deck depends on the seed only: same seed, same stock; another seed, another."""
    first = new_position(CLASSIC, hands=["Q♣ K♣ A♣", "2♦"], seed=1)
    again = new_position(CLASSIC, hands=["Q♣ K♣ A♣", "2♦"], seed=1)
    other = new_position(CLASSIC, hands=["Q♣ K♣ A♣", "2♦"], seed=2)
    assert first == again
    assert first.stock != other.stock
    assert Counter(first.stock) == Counter(other.stock)


def test_stock_none_with_table_melds_leaves_them_out_of_the_stock() -> None:
    """Cards on the table are named too: the stock holds every other card once."""
    state = new_position(
        CLASSIC, hands=["5♥", "8♦ 9♦"], table=[("7♠ 8♠ 9♠", 1)], seed=3, current_player=0
    )
    assert Counter(make_deck(CLASSIC)) == state.all_cards()
    assert 0 == Counter(state.stock)[parse_cards("8♠")[0]] - 1


def test_naming_too_many_copies_with_the_rest_of_the_deck_is_refused() -> None:
    """A card named more often than the deck holds it is refused, naming the card."""
    with pytest.raises(InvalidPositionError, match="too many 7♥"):
        new_position(CLASSIC, hands=["7♥ 7♥", "7♥"])


def _top_last(order: str) -> GameState:
    rest = list(make_deck(CLASSIC))
    for card in parse_cards("Q♣ 2♦"):
        rest.remove(card)
    return new_position(CLASSIC, hands=["Q♣", "2♦"], stock=rest, stock_order=order)  # type: ignore[arg-type]


def test_stock_order_top_first_reverses_a_given_stock() -> None:
    """stock_order='top_first' reads the given stock's first card as its top; 'top_last' (default) its last."""
    default = _top_last("top_last")
    reversed_ = _top_last("top_first")
    assert default.stock[::-1] == reversed_.stock
    assert default.stock[0] == reversed_.stock[-1]


def test_an_unknown_stock_order_is_refused() -> None:
    """stock_order takes only 'top_last' or 'top_first'."""
    with pytest.raises(InvalidPositionError, match="stock_order"):
        new_position(CLASSIC, hands=["Q♣", "2♦"], stock_order="bottom")  # type: ignore[arg-type]


def test_a_staged_table_meld_is_refused() -> None:
    """A TableMeld given with staged=True is refused, not silently made a finished meld."""
    meld = validate_meld("7♠ 8♠ 9♠", CLASSIC)
    with pytest.raises(InvalidPositionError, match="staged"):
        new_position(CLASSIC, hands=["5♥", "8♦"], table=[TableMeld(meld, 0, staged=True)])


def test_a_table_meld_with_fresh_jokers_is_refused() -> None:
    """A TableMeld whose jokers are marked laid this turn is refused (no turn is in progress)."""
    meld = validate_meld("JK 8♠ 9♠", CLASSIC)
    with pytest.raises(InvalidPositionError, match="fresh"):
        new_position(CLASSIC, hands=["5♥", "8♦"], table=[TableMeld(meld, 0, fresh={0})])


def test_under_drov_an_empty_hand_at_a_seat_not_the_dealer_is_refused() -> None:
    """Under dealer_sits_out only the dealer may hold no cards: an empty seat 0 that does not deal is refused."""
    with pytest.raises(InvalidPositionError, match=r"seat 0 holds no cards.*only the dealer"):
        new_position(DROV, hands=["", "5♥", "8♦", "9♣"], current_player=1, dealer=3)


def test_under_drov_the_empty_dealer_sits_out() -> None:
    """Under dealer_sits_out the dealer given no cards sits out and the others play."""
    state = new_position(DROV, hands=["", "5♥", "8♦", "9♣"], current_player=1, dealer=0)
    assert (False, True, True, True) == state.dealt_in


def test_an_empty_hand_of_the_seat_to_act_in_the_draw_phase_is_refused() -> None:
    """A seat to act with no cards at its turn's start cannot exist (it would have gone out)."""
    with pytest.raises(InvalidPositionError, match="seat 0 holds no cards"):
        new_position(CLASSIC, hands=["", "5♥"], phase=Phase.DRAW)


def test_an_empty_hand_of_a_seat_waiting_is_refused() -> None:
    """A seat that is not to act and holds no cards cannot exist while the round goes on."""
    with pytest.raises(InvalidPositionError, match="seat 2 holds no cards"):
        new_position(CLASSIC, hands=["4♣", "5♥", ""], phase=Phase.PLAY)
