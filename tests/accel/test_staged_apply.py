"""The C core's lay-down towards the opening with melds staged already, and their take-back, on positions written by hand (docs/maintainers.md, "The accelerator").

A seat that has not opened lays its opening meld by meld (rules §5). With
melds staged this turn, C checks a further lay-down with the verdict its
listing uses (the opening search of what the staged melds miss,
csrc/opening.c) and applies it: a meld that leaves the opening within reach
of the rest of the hand is staged too, last on the table; a meld that
completes it makes every staged meld final (`unstage`), lies last, final,
and the seat has opened (the first to, where nobody was). The take-back of
the staged melds puts their cards back in the hand in card order and takes
them off the table; a card taken freely from the discard pile and laid in
a staged meld is in the hand again (rules §4). Each next state expected is
written out from the rules. Every refusal, and the take-back of a taken
card staged under ``immediate_use`` (it goes back to the pile, rules §4),
are the Python core's.
"""

from __future__ import annotations

from types import ModuleType

import attrs

from romme import (
    GameState,
    LayDown,
    MeldKind,
    Phase,
    Rules,
    TakeBack,
    TakeDiscard,
    find_rules,
    parse_cards,
)
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.melds import pack_cards
from tests.accel._slices import applied_in_c, refused_by_python
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_GERMAN = find_rules("german-rummy")  # an opening of 30, melds summed; the top discard free
_CLASSIC = find_rules("classic")  # 30; the top discard taken only to be laid down (rules §4)
_DROV = find_rules("drov")  # 40 (DRoV Nr. 4a, 6)


def _run(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.RUN)


def _set(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.SET)


def _staged(
    rules: Rules,
    hand: str,
    *laid: LayDown,
    opened: tuple[bool, bool] = (False, False),
    table: tuple[tuple[str, int], ...] = (),
) -> GameState:
    """The play phase of seat 0 of three, which has not opened, once it laid `laid` from `hand` (staged, by the Python core)."""
    state = position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, *opened],
        phase=Phase.PLAY,
        table=table,
    )
    for lay_down in laid:
        state = pure.apply(state, lay_down)
    assert any(entry.staged for entry in state.table)
    return state


def _table(after: GameState) -> list[tuple[tuple[str, ...], int, bool]]:
    """The table as (cards, owner, staged) of each meld; none holds a fresh joker or an announcement."""
    assert all((entry.fresh, entry.announced) == (frozenset(), ()) for entry in after.table)
    return [
        (tuple(str(card) for card in entry.meld.cards), entry.owner, entry.staged)
        for entry in after.table
    ]


def _cards(text: str) -> tuple[str, ...]:
    return tuple(str(card) for card in parse_cards(text))


def test_a_second_meld_staged_short_of_30(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30, melds summed): with 2♣ 3♣ 4♣ (9) staged, 5♠ 5♥ 5♦ (15) makes 24, short of 30, and 6♠ 7♠ 8♠ (21) left in hand makes up the 6 missing with 2♥ K♥ to discard: the set is staged too, last; the seat has not opened, its turn is the same."""
    state = _staged(_GERMAN, "2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥ K♥", _run("2♣ 3♣ 4♣"))
    after = applied_in_c(cturn, state, _set("5♠ 5♥ 5♦"))
    assert _table(after) == [(_cards("2♣ 3♣ 4♣"), 0, True), (_cards("5♠ 5♥ 5♦"), 0, True)]
    assert after.hand == parse_cards("6♠ 7♠ 8♠ 2♥ K♥")
    assert (after.opened, after.first_to_open) == ((False, False, False), None)
    assert after.turn == state.turn
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert (after.stock, after.discard_pile) == (state.stock, state.discard_pile)
    assert kept_hand_key(after) == pack_cards(parse_cards("6♠ 7♠ 8♠ 2♥ K♥"))


def test_the_meld_that_completes_30_makes_the_staged_melds_final(cturn: ModuleType) -> None:
    """Rules §5 (30): with 2♣ 3♣ 4♣ (9) and 5♠ 5♥ 5♦ (15) staged, 6♠ 7♠ 8♠ (21) makes 45: the opening is complete, both staged melds are final and the run lies last, final; the seat has opened, the first to (ASS S. 2), and 2♥ K♥ are left to discard."""
    hand = "2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥ K♥"
    state = _staged(_GERMAN, hand, _run("2♣ 3♣ 4♣"), _set("5♠ 5♥ 5♦"))
    after = applied_in_c(cturn, state, _run("6♠ 7♠ 8♠"))
    assert _table(after) == [
        (_cards("2♣ 3♣ 4♣"), 0, False),
        (_cards("5♠ 5♥ 5♦"), 0, False),
        (_cards("6♠ 7♠ 8♠"), 0, False),
    ]
    assert after.hand == parse_cards("2♥ K♥")
    assert (after.opened, after.first_to_open) == ((True, False, False), 0)
    assert after.turn == state.turn
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert kept_hand_key(after) == pack_cards(parse_cards("2♥ K♥"))


def test_the_run_an_opening_needs_completes_it_after_a_staged_set(cturn: ModuleType) -> None:
    """cardgames.zone §10 (an opening of 30 that must hold a run): with 3♣ 3♥ 3♦ (9) staged, 7♠ 8♠ 9♠ (24) makes 33 and is the run: the opening is complete, the set final and the run last, final, the seat opened; 2♥ K♥ are left to discard."""
    rules = attrs.evolve(_GERMAN, opening_requires_run=True)
    state = _staged(rules, "3♣ 3♥ 3♦ 7♠ 8♠ 9♠ 2♥ K♥", _set("3♣ 3♥ 3♦"))
    after = applied_in_c(cturn, state, _run("7♠ 8♠ 9♠"))
    assert _table(after) == [(_cards("3♣ 3♥ 3♦"), 0, False), (_cards("7♠ 8♠ 9♠"), 0, False)]
    assert after.hand == parse_cards("2♥ K♥")
    assert (after.opened, after.first_to_open) == ((True, False, False), 0)


def test_drov_opens_at_40_with_the_queens_staged(cturn: ModuleType) -> None:
    """DRoV Nr. 4a, 6 (40): Q♠ Q♥ Q♦ (30) is staged; 9♣ 10♣ J♣ (29) makes 59 and completes the opening: the queens final, the run last, final; seat 1 laid out first and stays the first to open; 4♠ is left to discard."""
    state = attrs.evolve(
        _staged(_DROV, "9♣ 10♣ J♣ Q♠ Q♥ Q♦ 4♠", _set("Q♠ Q♥ Q♦"), opened=(True, False)),
        first_to_open=1,
    )
    after = applied_in_c(cturn, state, _run("9♣ 10♣ J♣"))
    assert _table(after) == [(_cards("Q♠ Q♥ Q♦"), 0, False), (_cards("9♣ 10♣ J♣"), 0, False)]
    assert after.hand == parse_cards("4♠")
    assert (after.opened, after.first_to_open) == ((True, True, False), 1)
    assert after.turn == state.turn
    assert kept_hand_key(after) == pack_cards(parse_cards("4♠"))


def test_the_staged_melds_taken_back_in_card_order(cturn: ModuleType) -> None:
    """Rules §5: 2♣ 3♣ 4♣ and 5♠ 5♥ 5♦ staged, taken back: their cards are back in the hand in card order (♣ ♠ ♥ ♦), the table holds only seat 1's meld (seat 1 the first to open), the seat has not opened and its turn is the same."""
    hand = "2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥ K♥"
    state = _staged(
        _GERMAN,
        hand,
        _run("2♣ 3♣ 4♣"),
        _set("5♠ 5♥ 5♦"),
        opened=(True, False),
        table=(("10♦ J♦ Q♦", 1),),
    )
    after = applied_in_c(cturn, state, TakeBack())
    assert after.hand == parse_cards("2♣ 3♣ 4♣ 5♠ 6♠ 7♠ 8♠ 2♥ 5♥ K♥ 5♦")
    assert _table(after) == [(_cards("10♦ J♦ Q♦"), 1, False)]
    assert (after.opened, after.first_to_open) == ((False, True, False), 1)
    assert after.turn == state.turn
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert (after.stock, after.discard_pile) == (state.stock, state.discard_pile)
    assert kept_hand_key(after) == pack_cards(parse_cards(hand))


def test_a_card_taken_freely_and_staged_goes_back_to_the_hand(cturn: ModuleType) -> None:
    """Rules §4, §5 (take_discard=free): 4♣ taken from the pile and laid in 2♣ 3♣ 4♣ (staged) is no longer in hand; taken back, it is in the hand again, still the card taken; laid on with 5♠ 6♠ 7♠ 8♠ 9♠ (35, making 44), the opening is complete and it stays out of the hand."""
    state = position(
        _GERMAN,
        hands=["2♣ 3♣ 5♠ 6♠ 7♠ 8♠ 9♠ K♥", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="4♣",
        opened=[False, False, False],
    )
    taken = pure.apply(pure.apply(state, TakeDiscard()), _run("2♣ 3♣ 4♣"))
    four = parse_cards("4♣")[0]
    assert (taken.turn.taken, taken.turn.taken_in_hand, taken.turn.taken_staged) == (
        four,
        False,
        False,
    )
    back = applied_in_c(cturn, taken, TakeBack())
    assert back.hand == parse_cards("2♣ 3♣ 4♣ 5♠ 6♠ 7♠ 8♠ 9♠ K♥")
    assert back.table == ()
    assert (back.turn.taken, back.turn.taken_in_hand, back.turn.taken_staged) == (
        four,
        True,
        False,
    )
    assert back.turn == attrs.evolve(taken.turn, taken_in_hand=True)
    assert kept_hand_key(back) == pack_cards(back.hand)
    opened = applied_in_c(cturn, taken, _run("5♠ 6♠ 7♠ 8♠ 9♠"))
    assert _table(opened) == [(_cards("2♣ 3♣ 4♣"), 0, False), (_cards("5♠ 6♠ 7♠ 8♠ 9♠"), 0, False)]
    assert opened.hand == parse_cards("K♥")
    assert (opened.opened, opened.first_to_open) == ((True, False, False), 0)
    assert opened.turn == taken.turn


def test_refusals_and_a_take_staged_are_the_python_cores(cturn: ModuleType) -> None:
    """Rules §5: with 2♣ 3♣ 4♣ (9) staged, 5♠ 6♠ 7♠ (18) misses 3 and leaves no meld: refused, by Python; nothing staged, no take-back. Rules §4 (immediate_use): the taken 4♣ staged in 2♣ 3♣ 4♣ goes back to the pile with the take-back, which ends the take: the Python core's."""
    state = _staged(_GERMAN, "2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥ K♥", _run("2♣ 3♣ 4♣"))
    short = _run("5♠ 6♠ 7♠")
    refused_by_python(cturn, state, short)
    assert not pure.is_legal(state, short)
    fresh = position(
        _GERMAN,
        hands=["2♣ 3♣ 4♣ 2♥ K♥", VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, False, False],
        phase=Phase.PLAY,
    )
    refused_by_python(cturn, fresh, TakeBack())
    assert not pure.is_legal(fresh, TakeBack())
    take = position(
        _CLASSIC,
        hands=["2♣ 3♣ 5♠ 6♠ 7♠ 8♠ 9♠ K♥", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="7♦ 4♣",
        opened=[False, False, False],
    )
    staged = pure.apply(take, TakeDiscard(_run("2♣ 3♣ 4♣")))
    assert staged.turn.taken_staged
    for function in (cturn.check, cturn.is_legal, cturn.apply):
        assert function(staged, TakeBack(), None) is NotImplemented
    assert pure.is_legal(staged, TakeBack())
    assert pure.apply(staged, TakeBack()).discard_pile[-1] == parse_cards("4♣")[0]
