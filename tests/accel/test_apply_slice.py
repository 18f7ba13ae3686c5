"""The C core's lay-off and lay-down on positions written by hand (docs/maintainers.md, "The accelerator").

A lay-off by a seat that has opened, of cards the hand holds that fit the
table meld named (rules §6), gets C's verdict and C's next state where the
turn goes on: the hand without the cards, the table meld grown (the same
`Meld` the Python core lays, with its fresh jokers' places), the turn
marked as having laid off, the packed hand kept. A lay-down by such a seat
(rules §3, §4) likewise: the new meld last on the table, its jokers fresh.
Each position below sends the slice down one branch; the next states
expected are written out from the rules. Every refusal, and a move that
goes out, is the Python core's.
"""

from __future__ import annotations

import sys
from types import ModuleType

import attrs

from romme import (
    GameState,
    LayDown,
    LayOff,
    Phase,
    Side,
    TableMeld,
    TakeDiscard,
    apply,
    find_rules,
    parse_cards,
)
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.melds import MeldKind, pack_cards
from tests.accel._slices import applied_in_c, opened_play, refused_by_python
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_FREE = find_rules("german-rummy")  # one joker a meld; the taken card may not go straight back
_DROV = find_rules("drov")  # fewer jokers than natural cards; the last card is discarded
_CLASSIC = find_rules("classic")  # the top discard is taken only to be used at once (rules §4)


def _layoff(target: int, cards: str, side: Side | None = None) -> LayOff:
    return LayOff(target=target, cards=parse_cards(cards), side=side)


def _laid_off(cturn: ModuleType, state: GameState, action: LayOff) -> GameState:
    """C's verdict and next state, the same as Python's down to its document (`romme.dumps`)."""
    return applied_in_c(cturn, state, action)


def test_a_card_laid_off_at_the_high_end_of_a_run(cturn: ModuleType) -> None:
    """Rules §6: the 10♥ continues 7♥ 8♥ 9♥ at its high end (no side named: the high end first); the run is worth 34, the seat plays on, having laid off (DRoV Nr. 10)."""
    state = opened_play(_FREE, "7♣ 10♥ K♠", "7♥ 8♥ 9♥")
    after = _laid_off(cturn, state, _layoff(0, "10♥"))
    entry = after.table[0]
    assert entry.meld.cards == parse_cards("7♥ 8♥ 9♥ 10♥")
    assert (entry.meld.kind, entry.meld.value, entry.meld.jokers) == (MeldKind.RUN, 34, ())
    assert (entry.owner, entry.staged, entry.fresh, entry.announced) == (1, False, frozenset(), ())
    assert after.hand == parse_cards("7♣ K♠")
    assert after.hands[1:] == state.hands[1:]
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert after.turn == attrs.evolve(state.turn, laid_off=True)
    assert (after.stock, after.discard_pile, after.opened) == (
        state.stock,
        state.discard_pile,
        state.opened,
    )
    assert kept_hand_key(after) == pack_cards(parse_cards("7♣ K♠"))


def test_cards_laid_off_at_the_low_end_move_the_fresh_jokers(cturn: ModuleType) -> None:
    """Rules §6, DRoV Streitfall 20: 5♥ 6♥ laid off at the low end of 7♥ JK 9♥, whose joker was laid this turn, move it from place 1 to place 3."""
    state = opened_play(_FREE, "5♥ 6♥ K♠", "7♥ JK 9♥")
    entry = state.table[0]
    state = attrs.evolve(state, table=(TableMeld(entry.meld, entry.owner, fresh=frozenset({1})),))
    after = _laid_off(cturn, state, _layoff(0, "5♥ 6♥", Side.LOW))
    meld = after.table[0].meld
    assert meld.cards == parse_cards("5♥ 6♥ 7♥ JK 9♥")
    assert meld.value == 5 + 6 + 7 + 8 + 9
    assert after.table[0].fresh == frozenset({3})
    assert after.hand == parse_cards("K♠")


def test_a_joker_laid_off_onto_a_set_is_fresh_and_lies_last(cturn: ModuleType) -> None:
    """Rules §3, §6: a joker laid off onto 7♣ 7♠ 7♥ lies last in the set, stands for 7♦, the set is worth 28 and the joker is fresh (DRoV Streitfall 20)."""
    state = opened_play(_FREE, "JK 2♦ K♠", "7♣ 7♠ 7♥")
    after = _laid_off(cturn, state, _layoff(0, "JK"))
    entry = after.table[0]
    assert entry.meld.cards == parse_cards("7♣ 7♠ 7♥ JK")
    assert (entry.meld.kind, entry.meld.value) == (MeldKind.SET, 28)
    assert len(entry.meld.jokers) == 1
    assert entry.fresh == frozenset({3})
    assert after.hand == parse_cards("K♠ 2♦")  # in card order (♣ ♠ ♥ ♦)


def test_the_second_of_two_melds_takes_the_card(cturn: ModuleType) -> None:
    """Rules §6: the 9♦ goes onto the second meld named, the first stays as it was."""
    state = opened_play(_DROV, "9♦ 3♣ K♠", "7♥ 8♥ 9♥", "9♣ 9♠ 9♥")
    after = _laid_off(cturn, state, _layoff(1, "9♦"))
    assert after.table[0] == state.table[0]
    assert after.table[1].meld.cards == parse_cards("9♣ 9♠ 9♥ 9♦")
    assert after.table[1].meld.value == 36


def test_the_taken_card_laid_off_leaves_the_hand(cturn: ModuleType) -> None:
    """Rules §4 (rediscard_taken off): the 10♥ taken from the pile, laid off, is no longer the taken card in hand; the turn still names it."""
    drawing = position(
        _FREE,
        hands=["7♣ K♠ 3♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="10♥",
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[True, True, False],
    )
    state = apply(drawing, pure.legal_actions(drawing)[1])  # the free take of the 10♥
    assert (state.turn.taken, state.turn.taken_in_hand) == (parse_cards("10♥")[0], True)
    after = _laid_off(cturn, state, _layoff(0, "10♥", Side.HIGH))
    assert (after.turn.taken, after.turn.taken_in_hand) == (parse_cards("10♥")[0], False)
    assert after.turn.laid_off
    assert after.hand == parse_cards("7♣ K♠ 3♦")


def test_lay_offs_the_rules_refuse_are_python_s(cturn: ModuleType) -> None:
    """Rules §6, DRoV rule 9: a card the hand lacks, one that fits no end, a set given a side, a meld that is not there and a seat that has not opened are refused by the Python core, with its reasons."""
    state = opened_play(_FREE, "7♣ 10♥ K♠ 6♣", "7♥ 8♥ 9♥", "7♠ 7♦ 7♥")
    for action in (
        _layoff(0, "J♥"),  # not in hand
        _layoff(0, "K♠"),  # fits no end
        _layoff(0, "10♥", Side.LOW),  # not at the low end
        _layoff(1, "7♣", Side.HIGH),  # a set has no end
        _layoff(1, "6♣"),  # another rank
        _layoff(2, "10♥"),  # no third meld
    ):
        assert not pure.is_legal(state, action)
        refused_by_python(cturn, state, action)
    unopened = position(
        _FREE,
        hands=["7♣ 10♥ K♠ 6♣", VARIANT_SEAT_1, VARIANT_SEAT_2],
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    assert not pure.is_legal(unopened, _layoff(0, "10♥"))
    refused_by_python(cturn, unopened, _layoff(0, "10♥"))


def test_a_lay_off_that_goes_out_is_python_s(cturn: ModuleType) -> None:
    """Rules §7 (discard_to_go_out off): laying off the last card goes out, which the Python core applies."""
    rules = attrs.evolve(_FREE, discard_to_go_out=False)
    state = opened_play(rules, "10♥", "7♥ 8♥ 9♥")
    action = _layoff(0, "10♥")
    assert cturn.apply(state, action, None) is NotImplemented
    assert cturn.check(state, action, None) is NotImplemented
    assert pure.apply(state, action).phase is Phase.ROUND_OVER


def test_a_run_laid_down_goes_last_on_the_table(cturn: ModuleType) -> None:
    """Rules §3, §4: 4♦ JK 6♦ laid down by a seat that has opened lies last on the table, in its order, worth 15, owned by seat 0, its joker (a 5♦) fresh at place 1; the turn is the same, not a lay-off (DRoV Nr. 10)."""
    state = opened_play(_FREE, "4♦ 6♦ JK K♠", "7♥ 8♥ 9♥")
    after = applied_in_c(cturn, state, LayDown(parse_cards("4♦ JK 6♦")))
    assert after.table[0] == state.table[0]
    entry = after.table[1]
    assert entry.meld.cards == parse_cards("4♦ JK 6♦")
    assert (entry.meld.kind, entry.meld.value, len(entry.meld.jokers)) == (MeldKind.RUN, 15, 1)
    assert (entry.owner, entry.staged, entry.fresh, entry.announced) == (
        0,
        False,
        frozenset({1}),
        (),
    )
    assert after.hand == parse_cards("K♠")
    assert after.turn == state.turn
    assert (after.opened, after.current_player, after.phase) == (state.opened, 0, Phase.PLAY)
    assert kept_hand_key(after) == pack_cards(parse_cards("K♠"))


def test_a_set_laid_down_in_card_order(cturn: ModuleType) -> None:
    """Rules §3: the set 7♦ 7♣ 7♠, given in any order, lies in card order (♣ ♠ ♥ ♦), worth 21, with no joker."""
    state = opened_play(_DROV, "7♦ 7♣ 7♠ 2♥ K♠")
    after = applied_in_c(cturn, state, LayDown(parse_cards("7♦ 7♣ 7♠")))
    entry = after.table[0]
    assert entry.meld.cards == parse_cards("7♣ 7♠ 7♦")
    assert (entry.meld.kind, entry.meld.value, entry.fresh) == (MeldKind.SET, 21, frozenset())
    assert after.hand == parse_cards("K♠ 2♥")


def test_the_taken_card_laid_down_leaves_the_hand(cturn: ModuleType) -> None:
    """Rules §4 (rediscard_taken off): the 10♥ taken from the pile, laid down in a run, is no longer the taken card in hand."""
    drawing = position(
        _FREE,
        hands=["8♥ 9♥ K♠ 3♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="10♥",
        opened=[True, True, False],
    )
    state = apply(drawing, pure.legal_actions(drawing)[1])  # the free take of the 10♥
    after = applied_in_c(cturn, state, LayDown(parse_cards("8♥ 9♥ 10♥")))
    assert (after.turn.taken, after.turn.taken_in_hand) == (parse_cards("10♥")[0], False)
    assert not after.turn.laid_off
    assert after.hand == parse_cards("K♠ 3♦")


def test_lay_downs_the_rules_refuse_or_that_go_out_are_python_s(cturn: ModuleType) -> None:
    """Rules §3, §5, §7: no meld, a card the hand lacks, the wrong kind, a seat that has not opened (its opening, rules §5) are refused or decided by the Python core; so is a lay-down that empties the hand (discard_to_go_out off)."""
    state = opened_play(_FREE, "7♣ 7♠ 8♣ K♠", "7♥ 8♥ 9♥")
    for action in (
        LayDown(parse_cards("7♣ 8♣ K♠")),  # no meld
        LayDown(parse_cards("7♣ 7♠ 7♦")),  # 7♦ not in hand
        LayDown(parse_cards("7♣ 7♠ 8♣"), kind=MeldKind.RUN),
    ):
        assert not pure.is_legal(state, action)
        refused_by_python(cturn, state, action)
    unopened = position(
        _FREE,
        hands=["7♣ 7♠ 7♦ K♠", VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    refused_by_python(cturn, unopened, LayDown(parse_cards("7♣ 7♠ 7♦")))
    out = opened_play(attrs.evolve(_FREE, discard_to_go_out=False), "7♣ 7♠ 7♦")
    going = LayDown(parse_cards("7♣ 7♠ 7♦"))
    assert cturn.apply(out, going, None) is NotImplemented
    assert pure.apply(out, going).phase is Phase.ROUND_OVER


def _taking(hand: str, *table: str) -> GameState:
    """The draw phase of seat 0 of three under `classic`, which has opened, the 10♥ on the pile."""
    return position(
        _CLASSIC,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="10♥",
        table=[(cards, 1) for cards in table],
        opened=[True, True, False],
    )


def test_the_top_discard_taken_and_laid_off_at_once(cturn: ModuleType) -> None:
    """Rules §4 (take_discard=immediate_use, DRoV rule 4b): the 10♥ taken to lay off onto 7♥ 8♥ 9♥ leaves the pile, continues the run, and the turn names it as taken, not in hand, having laid off; the seat plays on."""
    state = _taking("J♥ 2♦ 5♠", "7♥ 8♥ 9♥")
    after = applied_in_c(cturn, state, TakeDiscard(use=_layoff(0, "10♥")))
    assert after.table[0].meld.cards == parse_cards("7♥ 8♥ 9♥ 10♥")
    assert after.table[0].meld.value == 34
    assert after.hand == state.hand
    assert after.discard_pile == state.discard_pile[:-1]
    assert after.stock == state.stock
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    ten = parse_cards("10♥")[0]
    assert after.turn == attrs.evolve(state.turn, taken=ten, laid_off=True)
    assert not after.turn.taken_in_hand
    assert not after.turn.taken_staged
    assert kept_hand_key(after) == pack_cards(state.hand)


def test_the_top_discard_taken_and_laid_down_at_once(cturn: ModuleType) -> None:
    """Rules §4 (DRoV rule 4a): the 10♥ taken to lay down 8♥ 9♥ 10♥ lies in the new run, last on the table, and the turn names it as taken; it has not laid off."""
    state = _taking("8♥ 9♥ K♠ 3♦")
    after = applied_in_c(cturn, state, TakeDiscard(use=LayDown(parse_cards("8♥ 9♥ 10♥"))))
    entry = after.table[-1]
    assert (entry.meld.cards, entry.meld.value, entry.owner) == (parse_cards("8♥ 9♥ 10♥"), 27, 0)
    assert after.hand == parse_cards("K♠ 3♦")
    assert after.discard_pile == state.discard_pile[:-1]
    assert after.turn == attrs.evolve(state.turn, taken=parse_cards("10♥")[0])
    assert kept_hand_key(after) == pack_cards(parse_cards("K♠ 3♦"))


def test_takes_the_rules_refuse_are_python_s(cturn: ModuleType) -> None:
    """Rules §4 (DRoV rule 4a/4b): a take whose use leaves the card out, or that does not meld, is refused by the Python core."""
    state = _taking("8♥ 9♥ J♥ 7♥ K♠", "7♣ 7♠ 7♦")
    for action in (
        TakeDiscard(use=_layoff(0, "7♥")),  # the taken 10♥ is not used
        TakeDiscard(use=LayDown(parse_cards("10♥ J♥ K♠"))),  # no meld
    ):
        assert not pure.is_legal(state, action)
        refused_by_python(cturn, state, action)


def test_laying_and_taking_leak_no_reference(cturn: ModuleType) -> None:
    """Issue 34, point 4: applying and checking a lay-off, a lay-down and a take that lays off, and handing a refused one to Python, keep no reference to the position, its table, its pile, the action, its cards or the meld laid."""
    state = opened_play(_FREE, "5♥ 6♥ JK K♠", "7♥ 8♥ 9♥", "7♣ 7♠ 7♥")
    actions = (_layoff(0, "5♥ 6♥", Side.LOW), _layoff(1, "JK"), _layoff(0, "J♥"))
    expected = [pure.apply(state, action) for action in actions[:2]]
    down = LayDown(parse_cards("5♥ 6♥ JK"))
    laid = pure.apply(state, down)
    watched: list[object] = [state, state.table, *state.table, state.hand, state.turn]
    watched += [*(entry.meld for entry in state.table), state.hands, state.rules, *actions]
    watched += [*(action.cards for action in actions), Side.LOW, *state.hand]
    watched += [*(entry.meld for entry in expected[0].table), *expected[1].table[1].meld.cards]
    watched += [down, down.cards, laid.table[-1].meld, MeldKind.RUN]
    taking = _taking("J♥ 2♦ 5♠", "7♥ 8♥ 9♥")
    take = TakeDiscard(use=_layoff(0, "10♥"))
    taken = pure.apply(taking, take)
    watched += [taking, taking.discard_pile, taking.discard_pile[-1], taking.hand, taking.turn]
    watched += [take, take.use, *taking.table, taken.table[0].meld]
    before = [sys.getrefcount(value) for value in watched]
    for _ in range(1000):
        assert cturn.apply(taking, take, None) == taken
        cturn.check(taking, take, None)
        assert cturn.apply(state, actions[0], None) == expected[0]
        assert cturn.apply(state, actions[1], None) == expected[1]
        assert cturn.apply(state, actions[2], None) is NotImplemented
        cturn.check(state, actions[0], None)
        cturn.is_legal(state, actions[2], 0)
        assert cturn.apply(state, down, None) == laid
        cturn.is_legal(state, down, None)
    assert before == [sys.getrefcount(value) for value in watched]
