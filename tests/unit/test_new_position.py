"""Building positions without friction: the rest of the deck by seed, the stock's order, impossible seats."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from romme import (
    Discard,
    GameState,
    IllegalActionError,
    InvalidPositionError,
    Phase,
    Reason,
    TableMeld,
    TakeBack,
    TurnState,
    apply,
    find_rules,
    legal_actions,
    make_deck,
    new_position,
    parse_action,
    parse_card,
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


def test_a_staged_table_meld_before_the_draw_is_refused() -> None:
    """A TableMeld given with staged=True at a turn's start is refused, never silently made a finished meld (rules §5)."""
    meld = validate_meld("7♠ 8♠ 9♠", CLASSIC)
    with pytest.raises(InvalidPositionError, match="staged"):
        new_position(CLASSIC, hands=["5♥", "8♦"], table=[TableMeld(meld, 0, staged=True)])


def test_jokers_laid_this_turn_before_the_draw_are_refused() -> None:
    """A TableMeld whose jokers are marked laid this turn is refused while no turn is in progress (DRoV Streitfall 20)."""
    meld = validate_meld("JK 8♠ 9♠", CLASSIC)
    with pytest.raises(InvalidPositionError, match="jokers laid this turn"):
        new_position(CLASSIC, hands=["5♥", "8♦"], table=[TableMeld(meld, 0, fresh={0})])


def test_a_position_starts_after_a_free_take_with_the_taken_card_locked() -> None:
    """Mid-turn positions: the play phase after a take under free, the taken K♦ locked (rules §4, cardgames.zone §6)."""
    zone = find_rules("cardgames-zone")
    taken = parse_card("K♦")
    state = new_position(
        zone,
        hands=["2♣ 5♥ 9♠ K♦", "3♦ 8♣ Q♠"],
        phase=Phase.PLAY,
        turn=TurnState(taken=taken, taken_in_hand=True),
    )
    assert Discard("K♦") not in legal_actions(state)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, Discard("K♦"))
    assert Reason.REDISCARD_TAKEN is refused.value.reason


def test_a_position_starts_with_melds_staged_towards_the_opening() -> None:
    """Mid-turn positions: melds staged this turn lie on the table, and a take-back returns them (rules §5)."""
    meld = validate_meld("Q♣ K♣ A♣", CLASSIC)
    state = new_position(
        CLASSIC,
        hands=["5♥ 8♦", "3♦ 8♣ Q♠"],
        table=[TableMeld(meld, 0, staged=True)],
        phase=Phase.PLAY,
    )
    assert (False, False) == state.opened
    assert TakeBack() in legal_actions(state)
    back = apply(state, TakeBack())
    assert () == back.table
    assert parse_cards("Q♣ K♣ A♣ 5♥ 8♦") == tuple(sorted(back.hands[0]))


def test_a_position_starts_with_a_joker_laid_this_turn_DRoV_Streitfall_20() -> None:
    """Mid-turn positions: a joker laid this turn may not be swapped back this turn under drov (DRoV Streitfall 20)."""
    drov = find_rules("drov")
    meld = validate_meld("8♥ 9♥ JK J♥ Q♥", drov)
    state = new_position(
        drov,
        hands=["", "10♥ 2♣ 3♣", "4♣ 5♣", "6♣ 7♦"],
        table=[TableMeld(meld, 1, fresh={2})],
        opened=[False, True, False, False],
        current_player=1,
        dealer=0,
        phase=Phase.PLAY,
        turn=TurnState(opened_before=True, laid_off=True),
    )
    with pytest.raises(IllegalActionError) as refused:
        apply(state, parse_action("swap 0 10♥ then meld JK 2♣ 3♣"))
    assert Reason.SWAP_OWN_NEW_JOKER is refused.value.reason


def test_a_turn_that_disagrees_with_the_hand_is_refused() -> None:
    """Mid-turn positions are checked like loaded documents: a taken card the hand does not hold is refused."""
    with pytest.raises(InvalidPositionError, match="taken"):
        new_position(
            find_rules("cardgames-zone"),
            hands=["2♣ 5♥ 9♠", "3♦ 8♣ Q♠"],
            phase=Phase.PLAY,
            turn=TurnState(taken=parse_card("K♦"), taken_in_hand=True),
        )


def test_under_drov_an_empty_hand_at_a_seat_not_the_dealer_is_refused() -> None:
    """DRoV Nr. 2 (the dealer does not play): only the dealer may sit out, so an empty seat 0 that does not deal is refused."""
    with pytest.raises(InvalidPositionError, match=r"seat 0 holds no cards.*only the dealer"):
        new_position(DROV, hands=["", "5♥", "8♦", "9♣"], current_player=1, dealer=3)


def test_under_drov_the_empty_dealer_sits_out() -> None:
    """DRoV Nr. 2 (the dealer does not play): under dealer_sits_out the dealer given no cards sits out and the others play."""
    state = new_position(DROV, hands=["", "5♥", "8♦", "9♣"], current_player=1, dealer=0)
    assert (False, True, True, True) == state.dealt_in


def test_under_drov_a_dealer_given_cards_is_read_as_dealt_in() -> None:
    """Under dealer_sits_out (DRoV Nr. 2) a dealer given cards is taken as dealt in, as new_position documents: the dealer plays that round."""
    state = new_position(DROV, hands=["4♣", "5♥", "8♦", "9♣"], current_player=1, dealer=0)
    assert (True, True, True, True) == state.dealt_in
    assert 0 == state.dealer


def test_an_empty_hand_of_the_seat_to_act_in_the_draw_phase_is_refused() -> None:
    """A seat to act with no cards at its turn's start cannot exist (it would have gone out)."""
    with pytest.raises(InvalidPositionError, match="seat 0 holds no cards"):
        new_position(CLASSIC, hands=["", "5♥"], phase=Phase.DRAW)


def test_an_empty_hand_of_a_seat_waiting_is_refused() -> None:
    """A seat that is not to act and holds no cards cannot exist while the round goes on."""
    with pytest.raises(InvalidPositionError, match="seat 2 holds no cards"):
        new_position(CLASSIC, hands=["4♣", "5♥", ""], phase=Phase.PLAY)
