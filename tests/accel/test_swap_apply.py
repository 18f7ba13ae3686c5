"""The C core's joker swap by a seat that has opened, on positions written by hand (docs/maintainers.md, "The accelerator").

A `SwapJoker` (rules §6) in the positions where C lists swaps gets C's
verdict (the listing's own: `swap_joker`, then `place_joker` on the
position `swapped` makes) and C's next state where the turn goes on: the
table meld with the card in the joker's place (the validator's `Meld`,
its fresh jokers' places moved), the joker in the hand, or laid down in a
new meld, or laid off onto a table meld, the turn marked as having laid
off, the packed hand kept. A swap whose joker is discarded (German Rummy)
ends the turn: C checks it, the Python core applies it. Every refusal is
the Python core's. The next states expected are written out from the
rules.
"""

from __future__ import annotations

from types import ModuleType

import attrs

from romme import (
    Card,
    Discard,
    GameState,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Rules,
    Side,
    SwapJoker,
    TableMeld,
    apply,
    find_rules,
    parse_cards,
)
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.melds import pack_cards
from tests.accel._slices import (
    applied_in_c,
    checked_in_c_applied_by_python,
    opened_play,
    refused_by_python,
)
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_HOUSE = find_rules("house")  # the freed joker goes to the hand (house rules ¶5)
_CLASSIC = find_rules("classic")  # placed in the same action; back onto its meld too
_GERMAN = find_rules("german-rummy")  # placed, or discarded; never back onto its meld
_DROV = find_rules("drov")  # a set's joker only from four cards (DRoV rule 9)

_JOKER = parse_cards("JK")[0]


def _card(text: str) -> Card:
    return parse_cards(text)[0]


def _swap(target: int, card: str, then: LayDown | LayOff | Discard | None = None) -> SwapJoker:
    return SwapJoker(target, parse_cards(card)[0], then)


def _before_this_turn(state: GameState) -> GameState:
    """`state` in a turn after the one the seat opened in: it may lay off (DRoV rule 9)."""
    return attrs.evolve(state, turn=attrs.evolve(state.turn, opened_before=True))


def _run(meld: TableMeld, cards: str, fresh: frozenset[int] = frozenset()) -> None:
    """`meld` is seat 1's run `cards` in table order, with the fresh places `fresh`."""
    assert meld.meld.cards == parse_cards(cards)
    assert (meld.meld.kind, meld.owner, meld.staged, meld.fresh) == (MeldKind.RUN, 1, False, fresh)


def test_the_freed_joker_goes_to_the_hand(cturn: ModuleType) -> None:
    """Rules §6 (swapped_joker=to_hand, house rules ¶5): the 8♥ takes the joker's place in 7♥ JK 9♥ (now worth 24, no joker), the joker goes to the hand, last in card order; the turn counts as having laid off and goes on."""
    state = opened_play(_HOUSE, "8♥ 2♣ K♠", "7♥ JK 9♥")
    after = applied_in_c(cturn, state, _swap(0, "8♥"))
    _run(after.table[0], "7♥ 8♥ 9♥")
    assert (after.table[0].meld.value, after.table[0].meld.jokers) == (24, ())
    assert after.hand == parse_cards("2♣ K♠ JK")
    assert after.turn == attrs.evolve(state.turn, laid_off=True)
    assert (after.current_player, after.phase, after.opened) == (0, Phase.PLAY, state.opened)
    assert (after.stock, after.discard_pile) == (state.stock, state.discard_pile)
    assert kept_hand_key(after) == pack_cards(parse_cards("2♣ K♠ JK"))


def test_the_freed_joker_laid_down_in_a_new_meld(cturn: ModuleType) -> None:
    """Rules §6 (swapped_joker=meld_same_turn, cardgames.zone §9): the 8♥ swapped into 7♥ JK 9♥, the freed joker laid down with 5♣ 6♣ as 5♣ 6♣ JK (a 7♣, worth 18), last on the table, seat 0's, its joker fresh at place 2."""
    state = opened_play(_CLASSIC, "8♥ 5♣ 6♣ K♠", "7♥ JK 9♥", "10♣ J♣ Q♣")
    after = applied_in_c(cturn, state, _swap(0, "8♥", LayDown(parse_cards("5♣ 6♣ JK"))))
    _run(after.table[0], "7♥ 8♥ 9♥")
    assert after.table[1] == state.table[1]
    laid = after.table[2]
    assert (laid.meld.cards, laid.meld.value) == (parse_cards("5♣ 6♣ JK"), 18)
    assert (laid.owner, laid.staged, laid.fresh) == (0, False, frozenset({2}))
    assert after.hand == parse_cards("K♠")
    assert after.turn == attrs.evolve(state.turn, laid_off=True)


def test_the_freed_joker_laid_off_onto_another_meld(cturn: ModuleType) -> None:
    """Rules §6: the freed joker laid off at the high end of 10♣ J♣ Q♣ stands for the K♣ (worth 40), fresh at place 3."""
    state = opened_play(_CLASSIC, "8♥ 5♣ K♠", "7♥ JK 9♥", "10♣ J♣ Q♣")
    after = applied_in_c(cturn, state, _swap(0, "8♥", LayOff(1, (_JOKER,), Side.HIGH)))
    _run(after.table[0], "7♥ 8♥ 9♥")
    _run(after.table[1], "10♣ J♣ Q♣ JK", frozenset({3}))
    assert after.table[1].meld.value == 40
    assert after.hand == parse_cards("5♣ K♠")


def test_the_freed_joker_back_onto_its_own_meld(cturn: ModuleType) -> None:
    """Rules §6 (swap_back_same_meld, cardgames.zone §9): after the swap, 7♥ 8♥ 9♥ takes the freed joker at its low end as the 6♥, which moves nothing fresh; under German Rummy's rules it may not go back (Python's refusal)."""
    state = opened_play(_CLASSIC, "8♥ 5♣ K♠", "7♥ JK 9♥")
    after = applied_in_c(cturn, state, _swap(0, "8♥", LayOff(0, (_JOKER,), Side.LOW)))
    _run(after.table[0], "JK 7♥ 8♥ 9♥", frozenset({0}))
    german = opened_play(_GERMAN, "8♥ 5♣ K♠", "7♥ JK 9♥")
    back = _swap(0, "8♥", LayOff(0, (_JOKER,), Side.LOW))
    assert not pure.is_legal(german, back)
    refused_by_python(cturn, german, back)


def test_a_set_of_four_gives_up_its_joker_under_drov(cturn: ModuleType) -> None:
    """DRoV rule 9 (swap_set_needs_four): the 8♥ takes the joker of 8♣ 8♠ 8♦ JK, a set of four, which lies in card order 8♣ 8♠ 8♥ 8♦; the joker laid off onto 10♣ J♣ Q♣ as the K♣. From the set of three 8♣ 8♠ JK no joker is swapped (Python's refusal)."""
    state = _before_this_turn(opened_play(_DROV, "8♥ 2♣ K♠", "8♣ 8♠ JK 8♦", "10♣ J♣ Q♣"))
    assert state.table[0].meld.cards == parse_cards("8♣ 8♠ 8♦ JK")
    after = applied_in_c(cturn, state, _swap(0, "8♥", LayOff(1, (_JOKER,), Side.HIGH)))
    assert after.table[0].meld.cards == parse_cards("8♣ 8♠ 8♥ 8♦")
    assert (after.table[0].meld.kind, after.table[0].fresh) == (MeldKind.SET, frozenset())
    _run(after.table[1], "10♣ J♣ Q♣ JK", frozenset({3}))
    three = _before_this_turn(opened_play(_DROV, "8♥ 2♣ K♠", "8♣ 8♠ JK", "10♣ J♣ Q♣"))
    swap = _swap(0, "8♥", LayOff(1, (_JOKER,), Side.HIGH))
    assert not pure.is_legal(three, swap)
    refused_by_python(cturn, three, swap)


def test_a_set_keeps_its_other_fresh_joker(cturn: ModuleType) -> None:
    """Rules §6 (classic, no joker limit), DRoV Streitfall 20: 8♣ 8♠ JK JK, its last joker laid this turn (fresh at place 3); the 8♥ takes the first joker, the set lies 8♣ 8♠ 8♥ JK and its one joker stays fresh, at place 3."""
    state = opened_play(_CLASSIC, "8♥ 5♣ K♠", "8♣ 8♠ JK JK", "10♣ J♣ Q♣")
    entry = state.table[0]
    state = attrs.evolve(
        state, table=(TableMeld(entry.meld, 1, fresh=frozenset({3})), state.table[1])
    )
    after = applied_in_c(cturn, state, _swap(0, "8♥", LayOff(1, (_JOKER,), Side.HIGH)))
    assert after.table[0].meld.cards == parse_cards("8♣ 8♠ 8♥ JK")
    assert after.table[0].fresh == frozenset({3})


def test_the_taken_card_swapped_leaves_the_hand(cturn: ModuleType) -> None:
    """Rules §4, §6 (take_discard=free, rediscard_taken off): the 8♥ taken from the pile and swapped into 7♥ JK 9♥ is melded: the turn no longer holds it in hand; the joker laid down in 5♣ 6♣ JK."""
    drawing = position(
        _GERMAN,
        hands=["5♣ 6♣ K♠ 3♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="8♥",
        table=[("7♥ JK 9♥", 1)],
        opened=[True, True, False],
    )
    state = apply(drawing, pure.legal_actions(drawing)[1])  # the free take of the 8♥
    assert (state.turn.taken, state.turn.taken_in_hand) == (_card("8♥"), True)
    after = applied_in_c(cturn, state, _swap(0, "8♥", LayDown(parse_cards("5♣ 6♣ JK"))))
    assert (after.turn.taken, after.turn.taken_in_hand, after.turn.laid_off) == (
        _card("8♥"),
        False,
        True,
    )
    assert after.hand == parse_cards("K♠ 3♦")


def test_the_freed_joker_discarded_is_applied_by_python(cturn: ModuleType) -> None:
    """Rules §6 (swapped_joker=meld_or_discard, German Rummy): discarding the freed joker ends the turn; C checks the swap, the Python core applies it."""
    state = opened_play(_GERMAN, "8♥ 5♣ K♠", "7♥ JK 9♥")
    after = checked_in_c_applied_by_python(cturn, state, _swap(0, "8♥", Discard(_JOKER)))
    assert after.discard_pile[-1] == _JOKER
    assert after.current_player == 1


def test_swaps_the_rules_refuse_are_python_s(cturn: ModuleType) -> None:
    """Rules §6: the freed joker not placed where it must be, placed where it goes to the hand, not in the meld that follows, discarded where only melding places it; a card no joker stands for, a card not held, a joker, a meld that is not there: each refused by the Python core."""
    state = opened_play(_CLASSIC, "8♥ 5♣ 6♣ K♠ 2♦", "7♥ JK 9♥")
    house = opened_play(_HOUSE, "8♥ 5♣ 6♣ K♠", "7♥ JK 9♥")
    for position_, action in (
        (state, _swap(0, "8♥")),  # the joker must be placed (cardgames.zone §9)
        (house, _swap(0, "8♥", LayDown(parse_cards("5♣ 6♣ JK")))),  # it goes to the hand
        (state, _swap(0, "8♥", LayDown(parse_cards("5♣ 6♣ 7♣")))),  # 7♣ not held
        (state, _swap(0, "8♥", Discard(_JOKER))),  # no discard under meld_same_turn
        (state, _swap(0, "2♦", LayDown(parse_cards("5♣ 6♣ JK")))),  # no joker stands for it
        (state, _swap(0, "9♥", LayDown(parse_cards("5♣ 6♣ JK")))),  # 9♥ not held
        (state, _swap(1, "8♥", LayDown(parse_cards("5♣ 6♣ JK")))),  # no table meld 1
    ):
        assert not pure.is_legal(position_, action)
        refused_by_python(cturn, position_, action)


def test_a_swap_that_goes_out_is_python_s(cturn: ModuleType) -> None:
    """Rules §6, §7 (discard_to_go_out off): the freed joker laid down with the last cards empties the hand and goes out, which the Python core applies."""
    rules: Rules = attrs.evolve(_CLASSIC, discard_to_go_out=False)
    state = opened_play(rules, "8♥ 5♣ 6♣", "7♥ JK 9♥")
    out = _swap(0, "8♥", LayDown(parse_cards("5♣ 6♣ JK")))
    assert cturn.apply(state, out, None) is NotImplemented
    assert pure.apply(state, out).phase is Phase.ROUND_OVER
