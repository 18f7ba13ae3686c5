"""The C core's discard slice on positions written by hand (docs/maintainers.md, "The accelerator").

A discard in the play phase that `may_discard` lets go (rules §4, §7) gets
C's verdict; one that simply ends the turn gets C's next state too. Each
position below sends the slice down one branch; the next states expected
are written out from the rules. Every refusal, and every discard whose
turn does more than end (going out, a round of jokers only, an empty
stock), is the Python core's; the jokers laid this turn settle in C.
"""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest

from romme import (
    Discard,
    IndirectLayoffOut,
    JokerDiscard,
    LayDown,
    LayOff,
    Phase,
    Reason,
    Rules,
    TableMeld,
    TakeDiscard,
    TakeFromTable,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from tests.accel._slices import applied_in_c, checked_in_c_applied_by_python, refused_by_python
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position, refusal

_FREE = find_rules("german-rummy")  # a joker may be discarded; the taken card may not go back
_DROV = find_rules("drov")  # the dealer sits out; a joker goes only as the last card


def _card(text: str) -> Discard:
    return Discard(parse_cards(text)[0])


def test_a_discard_ends_the_turn_and_the_next_seat_draws(cturn: ModuleType) -> None:
    """Rules §4: the card leaves the hand for the top of the pile, and the next seat begins its turn in the draw phase."""
    state = position(
        _FREE,
        hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"],
        stock_top="K♠",
        discard="7♣",
        phase=Phase.PLAY,
        opened=[False, True],
    )
    after = applied_in_c(cturn, state, _card("9♥"))
    assert after.hands == (parse_cards("3♣ 5♦"), state.hands[1])
    assert after.discard_pile == parse_cards("7♣ 9♥")
    assert after.stock == state.stock
    assert (after.current_player, after.phase) == (1, Phase.DRAW)
    assert after.turn.number == state.turn.number + 1
    assert after.turn.opened_before  # seat 1 had opened before its turn
    assert (after.turn.taken, after.turn.laid_off, after.turn.borrowed) == (None, False, ())
    assert (after.table, after.opened) == (state.table, state.opened)


def test_the_next_seat_skips_the_dealer_who_sits_out(cturn: ModuleType) -> None:
    """Rules §2 (dealer_sits_out, DRoV tournament tables): seat 1's discard hands the turn to seat 0, past the dealer at seat 2."""
    state = position(
        _DROV,
        hands=["4♣ 6♦ 10♥", "3♣ 5♦ 9♥", ""],
        stock_top="K♠",
        current_player=1,
        phase=Phase.PLAY,
        dealer=2,
    )
    after = applied_in_c(cturn, state, _card("3♣"))
    assert after.hands == (state.hands[0], parse_cards("9♥ 5♦"), ())
    assert (after.current_player, after.phase) == (0, Phase.DRAW)


def test_the_second_copy_of_the_taken_card_may_go(cturn: ModuleType) -> None:
    """Rules §4 (rediscard_taken off): the 7♣ taken may not go straight back, but the other 7♣ in hand may."""
    state = position(_FREE, hands=["7♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="7♣")
    taken = pure.apply(state, TakeDiscard())
    after = applied_in_c(cturn, taken, _card("7♣"))
    assert after.hands[0] == parse_cards("7♣ 9♥ 5♦")
    assert after.discard_pile[-1:] == parse_cards("7♣")


def test_the_only_copy_of_the_taken_card_is_refused_by_python(cturn: ModuleType) -> None:
    """Rules §4 (cardgames.zone rules §6): the 7♣ just taken may not go straight back; the refusal is Python's."""
    state = pure.apply(
        position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], discard="7♣"), TakeDiscard()
    )
    refused_by_python(cturn, state, _card("7♣"))
    assert refusal(state, _card("7♣")) is Reason.REDISCARD_TAKEN
    applied_in_c(
        cturn, attrs.evolve(state, rules=attrs.evolve(_FREE, rediscard_taken=True)), _card("7♣")
    )


def test_a_joker_beside_natural_cards_is_refused_by_python(cturn: ModuleType) -> None:
    """DRoV rule 4, Streitfall 8 (joker_discard=last_card_only): a joker goes only as the last card; where jokers may go, C discards it."""
    hands = ["JK 5♦ 9♥", "4♣ 6♦ 10♥"]
    last_only = attrs.evolve(_FREE, joker_discard=JokerDiscard.LAST_CARD_ONLY)
    state = position(last_only, hands=hands, stock_top="K♠", phase=Phase.PLAY)
    refused_by_python(cturn, state, _card("JK"))
    assert refusal(state, _card("JK")) is Reason.JOKER_DISCARD
    applied_in_c(cturn, position(_FREE, hands=hands, stock_top="K♠", phase=Phase.PLAY), _card("JK"))


@pytest.mark.parametrize(
    ("phase", "card", "player", "reason"),
    [
        (Phase.PLAY, "8♠", None, Reason.CARD_NOT_IN_HAND),
        (Phase.DRAW, "9♥", None, Reason.WRONG_PHASE),
        (Phase.PLAY, "9♥", 1, Reason.NOT_YOUR_TURN),
    ],
)
def test_a_refused_discard_is_left_to_python(
    cturn: ModuleType, phase: Phase, card: str, player: int | None, reason: Reason
) -> None:
    """Rules §4: a card the hand lacks, a discard before the draw, another seat's discard: each refusal is Python's."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], stock_top="K♠", phase=phase)
    refused_by_python(cturn, state, _card(card), player)
    assert not pure.is_legal(state, _card(card), player=player)
    if player is None:
        assert refusal(state, _card(card)) is reason


def test_a_staged_opening_is_left_to_python(cturn: ModuleType) -> None:
    """Rules §5, §8: melds laid towards an opening not yet reached keep the turn from ending with a discard: Python's verdict."""
    state = position(
        _FREE,
        hands=["3♣ 4♣ 5♣ 10♥ J♥ Q♥ 9♦", "4♣ 6♦ 10♥"],
        stock_top="K♠",
        phase=Phase.PLAY,
    )
    # 12 points of the 30 the opening needs, with 30 more still in hand (rules §5)
    staged = pure.apply(state, LayDown(cards=parse_cards("3♣ 4♣ 5♣")))
    assert any(entry.staged for entry in staged.table)
    refused_by_python(cturn, staged, _card("9♦"))
    assert refusal(staged, _card("9♦")) is Reason.OPENING_BELOW_THRESHOLD


def test_a_turn_bound_to_go_out_is_left_to_python(cturn: ModuleType) -> None:
    """DRoV Nr. 10 (indirect_layoff_out=goes_out_this_turn): the 4♥ taken to lay 4♥ 5♥ onto 6♥ 7♥ 8♥ binds the turn to go out, so the K♣ may not go while 2♣ 3♣ 4♣ are held; the refusal is Python's."""
    rules = attrs.evolve(
        _DROV,
        indirect_layoff_only_to_go_out=True,
        indirect_layoff_out=IndirectLayoffOut.GOES_OUT_THIS_TURN,
    )
    state = position(
        rules,
        hands=("5♥ 2♣ 3♣ 4♣ K♣", VARIANT_SEAT_1, VARIANT_SEAT_2),
        discard="6♦ 4♥",
        table=(("6♥ 7♥ 8♥", 1), ("2♠ 3♠ 4♠", 0), ("5♣ 6♣ 7♣", 1)),
    )
    bound = pure.apply(state, TakeDiscard(LayOff(0, "4♥ 5♥", "low")))
    assert bound.turn.to_go_out
    refused_by_python(cturn, bound, _card("K♣"))
    assert refusal(bound, _card("K♣")) is Reason.INDIRECT_LAYOFF_NOT_OUT


def test_a_turn_with_borrowed_table_cards_is_left_to_python(
    cturn: ModuleType,
) -> None:
    """Rules §13 (Räuber-Rommé, ASS S. 2–3): a table card taken must be laid again before the turn may end; Python refuses the discard."""
    state = position(
        find_rules("ass-raeuber"),
        hands=["J♥ K♥ A♥ 4♣ 2♦", "2♣ 3♦ 4♥"],
        table=[("Q♣ Q♠ Q♥ Q♦", 1)],
        opened=[False, True],
        phase=Phase.PLAY,
    )
    borrowing = pure.apply(state, TakeFromTable(0, 2))
    assert borrowing.turn.borrowed == parse_cards("Q♥")
    refused_by_python(cturn, borrowing, _card("4♣"))
    assert not pure.is_legal(borrowing, _card("4♣"))


def test_the_last_card_goes_out_in_python(cturn: ModuleType) -> None:
    """Rules §7, §10: the discard of the last card ends the round; C checks it, Python scores it."""
    state = position(
        _FREE, hands=["9♥", "4♣ 6♦ 10♥"], stock_top="K♠", phase=Phase.PLAY, opened=[True, False]
    )
    after = checked_in_c_applied_by_python(cturn, state, _card("9♥"))
    assert after.phase is Phase.ROUND_OVER
    assert after.result is not None
    assert after.result.winner == 0


def test_a_round_of_jokers_only_ends_in_python(cturn: ModuleType) -> None:
    """DRoV Streitfall 8 (jokers_only_ends_round): discarding a joker from a hand of jokers only ends the round."""
    state = position(
        _DROV,
        hands=["JK JK", "4♣ 6♦ 10♥", ""],
        stock_top="K♠",
        phase=Phase.PLAY,
        opened=[True, False, False],
        dealer=2,
    )
    after = checked_in_c_applied_by_python(cturn, state, _card("JK"))
    assert after.phase is Phase.ROUND_OVER


def test_an_empty_stock_is_refilled_in_python(cturn: ModuleType) -> None:
    """Rules §9: a turn that ends on an empty stock refills it from the pile before the next draw."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], rest="discard", phase=Phase.PLAY)
    assert not state.stock
    after = checked_in_c_applied_by_python(cturn, state, _card("9♥"))
    assert (after.reshuffles, len(after.stock)) == (1, len(state.discard_pile))
    assert after.discard_pile == parse_cards("9♥")


def test_fresh_jokers_settle_when_the_turn_ends(cturn: ModuleType) -> None:
    """Rules §6: a joker laid this turn counts as laid this turn only until the turn ends; the discard that ends it writes every table meld again with no fresh joker, the others as they lie."""
    state = position(
        _FREE,
        hands=["3♣ 4♣ JK 9♥ 9♦", "4♣ 6♦ 10♥"],
        stock_top="K♠",
        phase=Phase.PLAY,
        opened=[True, True],
        table=[("Q♠ Q♥ JK", 1)],
    )
    laid = pure.apply(state, LayDown(cards=parse_cards("3♣ 4♣ JK")))
    assert [entry.fresh for entry in laid.table] == [frozenset(), frozenset({2})]
    after = applied_in_c(cturn, laid, _card("9♥"))
    assert after.table == (
        laid.table[0],
        TableMeld(meld=laid.table[1].meld, owner=0, staged=False, fresh=frozenset()),
    )
    assert after.table[0] is laid.table[0]  # a meld with no fresh joker lies as it lay
    assert after.hands[0] == parse_cards("9♦")
    assert (after.current_player, after.phase) == (1, Phase.DRAW)


def test_a_view_or_another_object_is_left_to_python(cturn: ModuleType) -> None:
    """Rules §4: the slice reads a GameState only; a view's discard, and any other object, are Python's."""
    state = position(_FREE, hands=["3♣ 5♦ 9♥", "4♣ 6♦ 10♥"], stock_top="K♠", phase=Phase.PLAY)
    refused_by_python(cturn, view(state, 0), _card("9♥"))
    assert pure.is_legal(view(state, 0), _card("9♥"))
    rules: Rules = state.rules
    assert cturn.is_legal(rules, _card("9♥"), None) is NotImplemented
