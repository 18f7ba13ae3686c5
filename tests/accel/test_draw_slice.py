"""The C core's first slice, the draw phase under a free take, on positions written by hand (docs/maintainers.md, "The accelerator").

Each position sends the slice down one branch; the moves, verdicts and
next states expected are written out from the rules, and the C core must
answer them itself (not hand the position to Python) and agree with the
pure core. Where it would refuse, it must hand the position to Python,
which builds every refusal.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import attrs
import pytest

from romme import (
    Action,
    Buy,
    ClaimWindow,
    Draw,
    JokerDiscard,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Rules,
    TakeDiscard,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.melds import pack_cards
from tests.accel._slices import applied_in_c, legal_in_c, listed_in_c, refused_by_python
from tests.scenarios._helpers import position

_FREE = find_rules("german-rummy")
_BUYING = attrs.evolve(find_rules("ass-kaufen"), take_discard="free", next_player_buys=True)


def test_the_draw_phase_lists_the_draw_then_the_free_take(cturn: ModuleType) -> None:
    """Rules §4 (take_discard=free): the draw, then the take of the top discard into the hand."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="7♣")
    assert (Draw(), TakeDiscard()) == listed_in_c(cturn, state)


def test_a_take_that_leaves_no_discard_is_not_listed(cturn: ModuleType) -> None:
    """Rules §4, the discard rules: holding a joker alone, the taken 7♣ may not go straight back and the joker goes only as the last card, so the take would leave no discard."""
    rules = attrs.evolve(_FREE, joker_discard=JokerDiscard.LAST_CARD_ONLY)
    state = position(rules, hands=["JK", "4♣ 6♦ 10♥"], discard="7♣")
    assert (Draw(),) == listed_in_c(cturn, state)


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"rediscard_taken": True}, (Draw(), TakeDiscard())),  # the 7♣ may go back
        ({"joker_discard": JokerDiscard.ALLOWED}, (Draw(), TakeDiscard())),  # the joker may go
    ],
)
def test_a_take_is_listed_where_either_card_may_be_the_discard(
    cturn: ModuleType, change: dict[str, Any], expected: tuple[Action, ...]
) -> None:
    """Rules §4: with rediscard_taken, or a joker that may go any time, the same take leaves a discard."""
    rules = attrs.evolve(_FREE, **{"joker_discard": JokerDiscard.LAST_CARD_ONLY, **change})
    state = position(rules, hands=["JK", "4♣ 6♦ 10♥"], discard="7♣")
    assert expected == listed_in_c(cturn, state)


def test_one_card_left_draws_from_the_stock(cturn: ModuleType) -> None:
    """DRoV rule 10 (last_card_stock_only): holding one card, only the draw."""
    rules = attrs.evolve(_FREE, last_card_stock_only=True)
    state = position(rules, hands=["9♥", "4♣ 6♦ 10♥"], discard="7♣")
    assert (Draw(),) == listed_in_c(cturn, state)


def test_an_empty_pile_leaves_the_draw(cturn: ModuleType) -> None:
    """Rules §4: with no discard only the draw; the slice answers under immediate_use too, where no take is asked."""
    rules: Rules = find_rules("drov")
    state = position(rules, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"])
    assert (Draw(),) == listed_in_c(cturn, state)


def test_the_next_player_may_buy_before_taking(cturn: ModuleType) -> None:
    """ASS S. 3 (next_player_buys, rules §13): the draw, the purchase, then the free take."""
    state = position(_BUYING, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"], discard="7♣")
    assert (Draw(), Buy(), TakeDiscard()) == listed_in_c(cturn, state)


# -- check, is_legal and apply of the draw phase's moves ----------------------------


@pytest.mark.parametrize(
    ("rules", "hands", "action"),
    [
        (_FREE, ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], Draw()),  # rules §4
        (_FREE, ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], TakeDiscard()),  # rules §4, take_discard=free
        (_BUYING, ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"], Buy()),  # ASS S. 3
        (_BUYING, ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"], Draw()),  # rules §13: a window opens
    ],
)
def test_the_draw_phases_legal_moves_are_checked_in_c(
    cturn: ModuleType, rules: Rules, hands: list[str], action: Action
) -> None:
    """Rules §4, §13: the draw, the free take and the purchase, legal here, get C's verdict, for the seat to act named or not."""
    state = position(rules, hands=hands, discard="7♣")
    for player in (None, 0):
        legal_in_c(cturn, state, action, player)


def test_a_draw_takes_the_top_stock_card_into_the_hand_in_card_order(cturn: ModuleType) -> None:
    """Rules §4: the draw puts the top stock card into the hand, in card order, and the play phase begins."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], stock_top="K♠", discard="7♣")
    for player in (None, 0):
        legal_in_c(cturn, state, Draw(), player)
    after = applied_in_c(cturn, state, Draw())
    assert after.hands == (parse_cards("3♣ K♠ 9♥ 5♦"), parse_cards("4♣ 10♥ 6♦"))
    assert after.stock == state.stock[:-1]
    assert after.discard_pile == parse_cards("7♣")
    assert (after.phase, after.current_player, after.turn) == (Phase.PLAY, 0, state.turn)
    assert kept_hand_key(after) == pack_cards(parse_cards("3♣ 5♦ 9♥ K♠"))


def test_a_free_take_puts_the_top_discard_into_the_hand_and_names_it(cturn: ModuleType) -> None:
    """Rules §4 (take_discard=free): the top discard goes to the hand, and the turn names it as taken and held."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="2♥ 7♣")
    legal_in_c(cturn, state, TakeDiscard(), None)
    after = applied_in_c(cturn, state, TakeDiscard())
    assert after.hand == parse_cards("3♣ 7♣ 9♥ 5♦")
    assert after.discard_pile == parse_cards("2♥")
    assert after.stock == state.stock
    assert after.turn == attrs.evolve(state.turn, taken=parse_cards("7♣")[0], taken_in_hand=True)
    assert after.phase is Phase.PLAY
    assert kept_hand_key(after) == pack_cards(parse_cards("3♣ 7♣ 5♦ 9♥"))


def test_a_purchase_takes_the_top_discard_and_the_top_stock_card(cturn: ModuleType) -> None:
    """ASS S. 3 (next_player_buys, rules §13): the buyer gets the top discard, then the top stock card, and plays on."""
    state = position(
        _BUYING, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"], stock_top="K♠", discard="7♣"
    )
    legal_in_c(cturn, state, Buy(), None)
    after = applied_in_c(cturn, state, Buy())
    assert after.hand == parse_cards("3♣ 7♣ K♠ 9♥ 5♦")
    assert (after.discard_pile, after.stock) == ((), state.stock[:-1])
    assert (after.phase, after.turn) == (Phase.PLAY, state.turn)
    assert kept_hand_key(after) == pack_cards(parse_cards("3♣ 5♦ 7♣ 9♥ K♠"))


def test_a_draw_that_opens_a_claim_window_is_applied_in_c(cturn: ModuleType) -> None:
    """Rules §13 (buying): declining the top discard opens a claim window on it; the drawn card goes to the hand and seat 1, the only seat asked (seat 2 discarded the card), answers first."""
    state = position(
        _BUYING, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"], stock_top="K♠", discard="7♣"
    )
    legal_in_c(cturn, state, Draw(), None)
    after = cturn.apply(state, Draw(), None)
    assert after is not NotImplemented, "the slice handed its own draw to Python"
    assert after == pure.apply(state, Draw())
    assert after.hands[0] == parse_cards("3♣ K♠ 9♥ 5♦")
    assert (after.stock, after.discard_pile) == (state.stock[:-1], state.discard_pile)
    assert (after.phase, after.current_player) == (Phase.CLAIM, 1)
    assert after.turn == attrs.evolve(state.turn, claim=ClaimWindow(turn_of=0))
    assert kept_hand_key(after) is None  # seat 1 acts next


def test_a_draw_that_leaves_one_stock_card_opens_no_window(cturn: ModuleType) -> None:
    """Rules §13: a window opens only where a stock card is left after the draw (the knocker's penalty card, the buyer's second card); drawing the last one opens none, and the drawer plays on."""
    state = position(
        _BUYING,
        hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", "2♠ 8♠ Q♦"],
        rest="discard",
        stock_top="K♠",
        discard="7♣",
    )
    assert len(state.stock) == 1
    after = applied_in_c(cturn, state, Draw())
    assert (after.phase, after.current_player, after.turn.claim) == (Phase.PLAY, 0, None)


def test_the_key_of_a_state_never_checked_is_packed_from_its_hand(cturn: ModuleType) -> None:
    """The coded slot (romme._coded): a state that keeps no packed hand yet gets it packed, as Python's hand_key does, and the next state keeps it with the card drawn."""
    state = position(_FREE, hands=["3♣ 3♣ JK", "4♣ 6♦ 10♥"], stock_top="4♠", discard="7♣")
    fresh = attrs.evolve(state)  # built anew: no slot filled
    assert kept_hand_key(fresh) is None
    after = applied_in_c(cturn, fresh, Draw())
    assert kept_hand_key(fresh) == pack_cards(parse_cards("3♣ 3♣ JK"))
    assert after.hand == parse_cards("3♣ 3♣ 4♠ JK")
    assert kept_hand_key(after) == pack_cards(parse_cards("JK 4♠ 3♣ 3♣"))


@pytest.mark.parametrize(
    ("rules", "hands", "discard", "action"),
    [
        (_FREE, ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], "", TakeDiscard()),  # DISCARD_PILE_EMPTY
        (_FREE, ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], "7♣", Buy()),  # no purchase: a claim answer
        (  # DRoV rule 10: LAST_CARD_STOCK_ONLY
            attrs.evolve(_FREE, last_card_stock_only=True),
            ["9♥", "4♣ 6♦ 10♥"],
            "7♣",
            TakeDiscard(),
        ),
        (  # rules §4, the discard rules: NO_DISCARD_LEFT
            attrs.evolve(_FREE, joker_discard=JokerDiscard.LAST_CARD_ONLY),
            ["JK", "4♣ 6♦ 10♥"],
            "7♣",
            TakeDiscard(),
        ),
        (  # rules §4 (take_discard=free): TAKE_IS_FREE
            _FREE,
            ["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"],
            "7♣",
            TakeDiscard(use=LayOff(target=0, cards=parse_cards("7♣"))),
        ),
    ],
)
def test_a_refused_take_or_purchase_is_left_to_python(
    cturn: ModuleType, rules: Rules, hands: list[str], discard: str, action: Action
) -> None:
    """Rules §4, §13: each refusal of the draw phase's moves comes from the Python core."""
    state = position(rules, hands=hands, discard=discard)
    refused_by_python(cturn, state, action)
    assert not pure.is_legal(state, action)


@pytest.mark.parametrize("player", [1, True, 0.0, "0", 2**70])
def test_another_seat_or_a_seat_of_another_type_is_left_to_python(
    cturn: ModuleType, player: object
) -> None:
    """Rules §4: NOT_YOUR_TURN for another seat, and the TypeError of a seat that is no int, are the Python core's."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="7♣")
    refused_by_python(cturn, state, Draw(), player)


_IMMEDIATE = find_rules("drov")


def test_a_draw_under_immediate_use_is_checked_and_applied_in_c(cturn: ModuleType) -> None:
    """Rules §4 (DRoV Nr. 4, take_discard=immediate_use): the draw reads nothing of the take mode, so C
    checks and applies it; the take of the card into the hand, which these rules refuse, is the
    Python core's. No lay-down can hold the 7♣, so the draw is the only move, listed by C."""
    state = position(
        _IMMEDIATE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥", ""], stock_top="K♠", discard="7♣", dealer=2
    )
    assert listed_in_c(cturn, state) == (Draw(),)
    for player in (None, 0):
        legal_in_c(cturn, state, Draw(), player)
    after = applied_in_c(cturn, state, Draw())
    assert after.hands[0] == parse_cards("3♣ K♠ 9♥ 5♦")
    assert after.stock == state.stock[:-1]
    assert after.discard_pile == parse_cards("7♣")
    assert (after.phase, after.current_player, after.turn) == (Phase.PLAY, 0, state.turn)
    assert kept_hand_key(after) == pack_cards(parse_cards("3♣ 5♦ 9♥ K♠"))
    refused_by_python(cturn, state, TakeDiscard())
    assert not pure.is_legal(state, TakeDiscard())


def test_the_view_of_the_seat_to_act_lists_the_same_moves_in_c(cturn: ModuleType) -> None:
    """Rules §4: the acting seat's view shows its hand, the pile and the stock's size, all the draw phase's listing reads: C lists its moves as for the state; another seat's view lists nothing, which Python answers."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="7♣")
    acting = view(state, 0)
    assert (Draw(), TakeDiscard()) == cturn.legal_actions(acting) == pure.legal_actions(acting)
    other = view(state, 1)
    assert cturn.legal_actions(other) is NotImplemented
    assert pure.legal_actions(other) == ()


_USE = find_rules("classic")  # the top discard taken only to be laid down (immediate_use), 30


@pytest.mark.parametrize(
    ("hand", "top"),
    [
        ("2♣ 3♣ 9♦ K♥", "4♣"),  # 2♣ 3♣ 4♣ is worth 9 of the 30 the opening needs
        ("2♣ 3♣ 9♦", "K♥"),  # no meld holds the K♥
    ],
)
def test_a_take_no_lay_down_can_use_is_not_listed(cturn: ModuleType, hand: str, top: str) -> None:
    """Rules §4, §5 (take_discard=immediate_use): a seat that has not opened takes the top discard only to lay it down towards its opening; where no lay-down can hold it, C lists the draw alone."""
    state = position(_USE, hands=[hand, "4♦ 6♦ 10♥"], discard=top, opened=[False, True])
    assert (Draw(),) == listed_in_c(cturn, state)
    assert (Draw(),) == listed_in_c(cturn, view(state, 0))


def test_a_take_towards_an_opening_within_reach_is_listed_by_the_opening_search(
    cturn: ModuleType,
) -> None:
    """Rules §4, §5 (take_discard=immediate_use): the K♣ completes 10♣ J♣ Q♣ K♣ (40) and J♣ Q♣ K♣ (30), each worth the 30 a seat that has not opened needs and leaving a card to discard; the opening search in C lists both takes, in the order of the melds found."""
    state = position(_USE, hands=["10♣ J♣ Q♣ 2♦", "4♦ 6♦ 10♥"], discard="K♣", opened=[False, True])
    assert listed_in_c(cturn, state) == (
        Draw(),
        TakeDiscard(LayDown(parse_cards("10♣ J♣ Q♣ K♣"), kind=MeldKind.RUN)),
        TakeDiscard(LayDown(parse_cards("J♣ Q♣ K♣"), kind=MeldKind.RUN)),
    )
    assert listed_in_c(cturn, view(state, 0)) == listed_in_c(cturn, state)


def test_an_opened_seat_takes_the_card_to_lay_it_down(cturn: ModuleType) -> None:
    """Rules §4 (take_discard=immediate_use): an opened seat takes the K♣ only with a meld that holds it, in the order of the melds found; melds without it are not takes."""
    state = position(_USE, hands=["10♣ J♣ Q♣ 2♦", "4♦ 6♦ 10♥"], discard="K♣", opened=[True, True])
    assert listed_in_c(cturn, state) == (
        Draw(),
        TakeDiscard(LayDown(parse_cards("10♣ J♣ Q♣ K♣"), kind=MeldKind.RUN)),
        TakeDiscard(LayDown(parse_cards("J♣ Q♣ K♣"), kind=MeldKind.RUN)),
    )
    assert listed_in_c(cturn, view(state, 0)) == listed_in_c(cturn, state)


@pytest.mark.parametrize("only_to_go_out", [False, True])
def test_an_opened_seat_takes_the_card_to_lay_it_off(
    cturn: ModuleType, only_to_go_out: bool
) -> None:
    """Rules §4, §6, DRoV Nr. 10: the 10♥ is laid off onto 7♥ 8♥ 9♥ alone, or with the J♥ from the hand; where such an indirect lay-off is only to go out, the takes are Python's."""
    rules = attrs.evolve(_USE, indirect_layoff_only_to_go_out=only_to_go_out)
    state = position(
        rules,
        hands=["J♥ 2♦ 5♠", "4♦ 6♦ 10♦"],
        discard="10♥",
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[True, True],
    )
    if only_to_go_out:
        assert cturn.legal_actions(state) is NotImplemented
        return
    assert listed_in_c(cturn, state) == (
        Draw(),
        TakeDiscard(LayOff(0, "10♥", "high")),
        TakeDiscard(LayOff(0, "10♥ J♥", "high")),
    )
