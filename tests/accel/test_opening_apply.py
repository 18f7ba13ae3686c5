"""The C core's lay-down towards the opening, and the take that uses one, on positions written by hand (docs/maintainers.md, "The accelerator").

A seat that has not opened lays a meld down towards its opening (rules §5)
where nothing is staged yet, under an opening that sums melds and needs no
run: C checks it with the verdict its listing uses (the opening search,
csrc/opening.c) and applies it. A meld that leaves the opening within reach
of the rest of the hand is staged: it lies last on the table, staged, and
the seat has still not opened. A meld worth the threshold completes the
opening: it lies last, not staged, the seat has opened, and is the first
to lay out where nobody had. A take under ``immediate_use`` (rules §4)
whose lay-down holds the top discard does the same from the hand with the
card; the turn names the card as taken, staged while its meld is. Each
next state expected is written out from the rules. Every refusal and a
lay-down that empties the hand are the Python core's (a position with a
meld staged already: tests/accel/test_staged_apply.py).
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
_DROV = find_rules("drov")  # 40 (DRoV Nr. 4a, 6); the Hand-Rommé waiver (DRoV Nr. 10)


def _unopened(rules: Rules, hand: str, others: tuple[bool, bool] = (True, False)) -> GameState:
    """The play phase of seat 0 of three, which has not opened, before an empty table."""
    return position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, *others],
        phase=Phase.PLAY,
    )


def _taking(
    rules: Rules, hand: str, card: str, others: tuple[bool, bool] = (True, False)
) -> GameState:
    """The draw phase of seat 0 of three, which has not opened, `card` on the discard pile."""
    return position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard=card,
        opened=[False, *others],
    )


def _run(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.RUN)


def _set(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.SET)


def _laid(after: GameState, cards: str, value: int, staged: bool) -> None:
    """The meld `cards` (in table order) worth `value` lies last on the table, seat 0's, staged or not, with no fresh joker."""
    entry = after.table[-1]
    assert entry.meld.cards == parse_cards(cards)
    assert entry.meld.value == value
    assert (entry.owner, entry.staged, entry.fresh, entry.announced) == (
        0,
        staged,
        frozenset(),
        (),
    )


def test_a_set_short_of_30_is_staged(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30, melds summed): 9♠ 9♥ 9♦ (27) is staged, since the run 9♣ 10♣ J♣ (29) left in hand makes up the 3 missing and leaves the 2♦ to discard; the seat has not opened, its turn is the same."""
    state = _unopened(_GERMAN, "9♣ 10♣ J♣ 9♥ 9♦ 9♠ 2♦")
    after = applied_in_c(cturn, state, _set("9♥ 9♠ 9♦"))
    _laid(after, "9♠ 9♥ 9♦", 27, staged=True)
    assert len(after.table) == 1
    assert after.hand == parse_cards("9♣ 10♣ J♣ 2♦")
    assert (after.opened, after.first_to_open) == ((False, True, False), None)
    assert after.turn == state.turn
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert (after.stock, after.discard_pile) == (state.stock, state.discard_pile)
    assert kept_hand_key(after) == pack_cards(parse_cards("9♣ 10♣ J♣ 2♦"))
    # the run that completes the staged opening: tests/accel/test_staged_apply.py


def test_a_run_worth_40_completes_an_opening_of_30(cturn: ModuleType) -> None:
    """Rules §5 (30): 10♣ J♣ Q♣ K♣ (40) completes the opening alone and leaves the 2♦: the run lies on the table final, the seat has opened, and, nobody having laid out before, it is the first to open (ASS S. 2)."""
    state = _unopened(_GERMAN, "10♣ J♣ Q♣ K♣ 2♦", others=(False, False))
    assert state.first_to_open is None
    after = applied_in_c(cturn, state, _run("10♣ J♣ Q♣ K♣"))
    _laid(after, "10♣ J♣ Q♣ K♣", 40, staged=False)
    assert after.hand == parse_cards("2♦")
    assert (after.opened, after.first_to_open) == ((True, False, False), 0)
    assert after.turn == state.turn
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert kept_hand_key(after) == pack_cards(parse_cards("2♦"))


def test_the_first_to_open_stays_where_another_seat_laid_out_first(cturn: ModuleType) -> None:
    """Rules §5, ASS S. 2: seat 1 laid out first; seat 0's 10♣ J♣ Q♣ (30) completes its opening of 30, and seat 1 stays the first to open."""
    state = attrs.evolve(_unopened(_GERMAN, "10♣ J♣ Q♣ 2♦ 7♥"), first_to_open=1)
    after = applied_in_c(cturn, state, _run("10♣ J♣ Q♣"))
    _laid(after, "10♣ J♣ Q♣", 30, staged=False)
    assert (after.opened, after.first_to_open) == ((True, True, False), 1)
    assert after.hand == parse_cards("7♥ 2♦")


def test_drov_stages_at_30_and_opens_at_40(cturn: ModuleType) -> None:
    """DRoV Nr. 4a, 6 (40): Q♠ Q♥ Q♦ (30) completes an opening of 30 but under DRoV is staged, the run 9♣ 10♣ J♣ (29) making up the 10 missing; 10♣ J♣ Q♣ K♣ (40) opens alone."""
    hand = "9♣ 10♣ J♣ Q♠ Q♥ Q♦ 4♠"
    staged = applied_in_c(cturn, _unopened(_DROV, hand), _set("Q♠ Q♥ Q♦"))
    _laid(staged, "Q♠ Q♥ Q♦", 30, staged=True)
    assert staged.opened == (False, True, False)
    assert staged.hand == parse_cards("9♣ 10♣ J♣ 4♠")
    thirty = attrs.evolve(_DROV, opening_threshold=30)
    opened = applied_in_c(cturn, _unopened(thirty, hand), _set("Q♠ Q♥ Q♦"))
    _laid(opened, "Q♠ Q♥ Q♦", 30, staged=False)
    assert opened.opened == (True, True, False)
    forty = applied_in_c(cturn, _unopened(_DROV, "10♣ J♣ Q♣ K♣ 4♠ 7♦"), _run("10♣ J♣ Q♣ K♣"))
    _laid(forty, "10♣ J♣ Q♣ K♣", 40, staged=False)
    assert forty.opened == (True, True, False)
    assert forty.hand == parse_cards("4♠ 7♦")


def test_a_hand_romme_stages_a_meld_short_of_40(cturn: ModuleType) -> None:
    """DRoV Nr. 10 (hand_romme_waives_threshold): 2♣ 3♣ 4♣ (9) and 5♥ 6♥ 7♥ (18) are worth 27, short of 40, but with the 9♦ to discard they are a Hand-Rommé, which needs no 40 while nobody has opened: the run is staged. Without the waiver the lay-down is refused, by the Python core."""
    hand = "2♣ 3♣ 4♣ 5♥ 6♥ 7♥ 9♦"
    state = _unopened(_DROV, hand, others=(False, False))
    after = applied_in_c(cturn, state, _run("2♣ 3♣ 4♣"))
    _laid(after, "2♣ 3♣ 4♣", 9, staged=True)
    assert (after.opened, after.first_to_open) == ((False, False, False), None)
    assert after.hand == parse_cards("5♥ 6♥ 7♥ 9♦")
    assert after.turn == state.turn
    refused = _unopened(attrs.evolve(_DROV, hand_romme_waives_threshold=False), hand)
    assert not pure.is_legal(refused, _run("2♣ 3♣ 4♣"))
    refused_by_python(cturn, refused, _run("2♣ 3♣ 4♣"))


def test_a_take_whose_run_is_staged(cturn: ModuleType) -> None:
    """Rules §4 (immediate_use), §5 (30): the 4♣ taken to lay 2♣ 3♣ 4♣ (9) down, the queens (30) left to complete the opening and the 8♦ to discard: the run is staged, the pile loses the card, and the turn names it as taken, staged, not in hand."""
    state = _taking(_CLASSIC, "Q♠ Q♥ Q♦ 2♣ 3♣ 8♦", "4♣")
    after = applied_in_c(cturn, state, TakeDiscard(_run("2♣ 3♣ 4♣")))
    _laid(after, "2♣ 3♣ 4♣", 9, staged=True)
    assert after.hand == parse_cards("Q♠ Q♥ 8♦ Q♦")
    assert after.discard_pile == state.discard_pile[:-1]
    assert after.stock == state.stock
    assert (after.current_player, after.phase, after.opened) == (0, Phase.PLAY, state.opened)
    card = parse_cards("4♣")[0]
    assert after.turn == attrs.evolve(state.turn, taken=card, taken_staged=True)
    assert not after.turn.taken_in_hand
    assert kept_hand_key(after) == pack_cards(parse_cards("Q♠ Q♥ 8♦ Q♦"))


def test_a_take_whose_run_completes_the_opening(cturn: ModuleType) -> None:
    """Rules §4, §5 (30): the K♣ taken to lay J♣ Q♣ K♣ (30) down completes the opening and leaves 5♦ 7♥: the run is final, the seat has opened, and the turn names the card as taken, not staged."""
    state = _taking(_CLASSIC, "J♣ Q♣ 5♦ 7♥", "K♣")
    after = applied_in_c(cturn, state, TakeDiscard(_run("J♣ Q♣ K♣")))
    _laid(after, "J♣ Q♣ K♣", 30, staged=False)
    assert after.hand == parse_cards("7♥ 5♦")
    assert after.opened == (True, True, False)
    assert after.discard_pile == state.discard_pile[:-1]
    assert after.turn == attrs.evolve(state.turn, taken=parse_cards("K♣")[0])
    assert not after.turn.taken_staged


def test_drov_takes_towards_40(cturn: ModuleType) -> None:
    """DRoV rule 4a, Nr. 4a, 6 (40): the A♣ taken to lay J♣ Q♣ K♣ A♣ (41) down opens; the 8♥ taken to lay 8♥ 8♠ 8♦ (24) down is staged, Q♠ K♠ A♠ (31) making up the 16 missing."""
    opened = applied_in_c(
        cturn, _taking(_DROV, "J♣ Q♣ K♣ 4♦ 6♥", "A♣"), TakeDiscard(_run("J♣ Q♣ K♣ A♣"))
    )
    _laid(opened, "J♣ Q♣ K♣ A♣", 41, staged=False)
    assert opened.opened == (True, True, False)
    staged = applied_in_c(
        cturn, _taking(_DROV, "8♠ 8♦ Q♠ K♠ A♠ 3♥", "8♥"), TakeDiscard(_set("8♠ 8♥ 8♦"))
    )
    _laid(staged, "8♠ 8♥ 8♦", 24, staged=True)
    assert staged.opened == (False, True, False)
    assert (staged.turn.taken, staged.turn.taken_staged) == (parse_cards("8♥")[0], True)


def test_the_indirect_lay_off_rule_asks_nothing_of_a_take_laid_down(cturn: ModuleType) -> None:
    """DRoV Nr. 10 (indirect_layoff_only_to_go_out): the rule binds a take laid off with hand cards, not one laid down; the K♣ taken to lay J♣ Q♣ K♣ down is C's, by a seat that has not opened (its opening of 30 complete) and by one that has."""
    rules = attrs.evolve(_CLASSIC, indirect_layoff_only_to_go_out=True)
    unopened = applied_in_c(
        cturn, _taking(rules, "J♣ Q♣ 5♦ 7♥", "K♣"), TakeDiscard(_run("J♣ Q♣ K♣"))
    )
    _laid(unopened, "J♣ Q♣ K♣", 30, staged=False)
    assert unopened.opened == (True, True, False)
    opened = position(
        rules,
        hands=["J♣ Q♣ 5♦ 7♥", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="K♣",
        opened=[True, True, False],
    )
    after = applied_in_c(cturn, opened, TakeDiscard(_run("J♣ Q♣ K♣")))
    _laid(after, "J♣ Q♣ K♣", 30, staged=False)
    assert after.hand == parse_cards("7♥ 5♦")


def test_lay_downs_that_leave_the_opening_out_of_reach_are_python_s(cturn: ModuleType) -> None:
    """Rules §5 (30): 9♣ 9♥ 9♦ (27) shares the 9♣ with the only run, so 10♣ J♣ 9♠ 2♦ left make up nothing: refused, by the Python core; so are a meld the rules refuse and a joker in an opening that admits none (Schmidt S. 3). A lay-down that empties the hand goes out, also the Python core's (DRoV Streitfall 7 off)."""
    state = _unopened(_GERMAN, "9♣ 10♣ J♣ 9♥ 9♦ 9♠ 2♦")
    for action in (_set("9♣ 9♥ 9♦"), LayDown(parse_cards("9♣ 10♣ 2♦"))):
        assert not pure.is_legal(state, action)
        refused_by_python(cturn, state, action)
    no_jokers = attrs.evolve(_GERMAN, opening_allows_jokers=False)
    jokers = _unopened(no_jokers, "10♣ J♣ JK Q♥ K♥ A♥ 5♦")
    assert not pure.is_legal(jokers, _run("10♣ J♣ JK"))
    refused_by_python(cturn, jokers, _run("10♣ J♣ JK"))
    out = _unopened(attrs.evolve(_GERMAN, discard_to_go_out=False), "10♣ J♣ Q♣ K♣")
    going = _run("10♣ J♣ Q♣ K♣")
    assert cturn.apply(out, going, None) is NotImplemented
    assert pure.apply(out, going).phase is Phase.ROUND_OVER


def test_a_take_that_leaves_the_opening_out_of_reach_is_python_s(cturn: ModuleType) -> None:
    """Rules §4, §5 (30): the J♣ taken to lay 9♣ 10♣ J♣ (29) down leaves 9♥ 9♦ 4♠, no meld for the 1 missing: refused, by the Python core."""
    state = _taking(_CLASSIC, "9♣ 10♣ 9♥ 9♦ 4♠", "J♣")
    take = TakeDiscard(_run("9♣ 10♣ J♣"))
    assert not pure.is_legal(state, take)
    refused_by_python(cturn, state, take)
