"""The C core's opening search of a seat that has not opened, and its lay-downs (docs/maintainers.md, "The accelerator").

Whether any lay-down is possible before the opening (`lay_down_possible`,
rules §5) asks whether disjoint melds of the hand are worth what the
opening misses, as the opening counts them (`Packer.reaches`). The C
search answers that exactly; the private hook
``_cturn._reaches(key, rules, jokers_ok, need)`` returns its verdict (or
``None`` where it leaves the search to Python) for the property below.
Where the search proves the opening out of reach, the C core lists the
position itself: the discards alone in the play phase, the draw alone in
the draw phase under ``immediate_use``. Where it is within reach, under
any opening (melds summed or one meld alone, a run needed or not), the C
core lists the play phase: the discards and the lay-downs
`lay_down_allowed` allows (the meld completes the opening and leaves a
card to discard, or what is left can still complete it this turn:
`opening_completable`). The expected moves are
written out from the rules.
"""

from __future__ import annotations

from types import ModuleType

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    Action,
    Card,
    Discard,
    Draw,
    GameState,
    LayDown,
    MeldKind,
    Phase,
    Rules,
    TakeDiscard,
    find_rules,
    parse_cards,
    view,
)
from romme.melds import pack_cards
from romme.melds._search.packing import Packer
from romme.rules import shape_of
from romme.testing import hands
from romme.testing import rules as any_rules
from tests.accel._slices import listed_in_c
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_GERMAN = find_rules("german-rummy")  # an opening of 30, melds summed; the top discard free
_DROV = find_rules("drov")  # an opening of 40 (DRoV Nr. 4a, 6); the Hand-Rommé waiver
_CLASSIC = find_rules("classic")  # 30; the top discard taken only to be laid down


@settings(max_examples=400, deadline=None)
@given(
    hand=hands(max_size=20, max_jokers=6),
    rules=any_rules(),
    jokers_ok=st.booleans(),
    need=st.integers(-5, 130),
)
def test_the_c_search_reaches_what_the_packer_reaches(
    cturn: ModuleType, hand: tuple[Card, ...], rules: Rules, jokers_ok: bool, need: int
) -> None:
    """Rules §5 (`Packer.reaches`): for any hand of up to 20 cards and six jokers, any meld rules and any need, with or without jokers (opening_allows_jokers), C decides whether disjoint melds of the hand are worth the need, as the Python search does."""
    key = pack_cards(hand)
    found = cturn._reaches(key, rules, jokers_ok, need)
    assert found is not None, "C left a hand of 20 cards or fewer to Python"
    assert found == Packer(key, shape_of(rules), jokers_ok).reaches(key, need)


@pytest.mark.parametrize(
    ("cards", "need", "reached"),
    [
        ("9♣ 10♣ J♣ 9♥ 9♦", 29, True),  # 9♣ 10♣ J♣ (29), or 9♣ 9♥ 9♦ (27): the 9♣ once
        ("9♣ 10♣ J♣ 9♥ 9♦", 30, False),
        ("9♣ 10♣ J♣ 9♥ 9♦ 9♠", 56, True),  # 9♠ 9♥ 9♦ (27) beside the run (29)
        ("9♣ 10♣ J♣ 9♥ 9♦ 9♠", 57, False),
        ("A♣ 2♣ 3♣", 6, True),  # the low ace counts 1 (rules §3): 1 + 2 + 3
        ("A♣ 2♣ 3♣", 7, False),
        ("", 0, True),  # nothing to lay: the empty packing is worth 0
    ],
)
def test_the_c_search_counts_each_card_once(
    cturn: ModuleType, cards: str, need: int, reached: bool
) -> None:
    """Rules §3, §5: melds towards the opening are disjoint, each worth its cards' values (an ace 11, in A-2-3 1); the greatest sum is compared with the need."""
    key = pack_cards(parse_cards(cards))
    assert cturn._reaches(key, _GERMAN, True, need) is reached


def test_jokers_count_only_where_the_opening_admits_them(cturn: ModuleType) -> None:
    """Schmidt S. 3 (opening_allows_jokers off): 10♣ J♣ JK is 30 with the joker as the Q♣; without jokers no meld is left."""
    key = pack_cards(parse_cards("10♣ J♣ JK 5♦"))
    assert cturn._reaches(key, _GERMAN, True, 30) is True
    assert cturn._reaches(key, _GERMAN, False, 1) is False


def _unopened(rules: Rules, hand: str) -> GameState:
    """The play phase of seat 0 of three, which has not opened, before an empty table."""
    return position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )


def _listed(cturn: ModuleType, state: GameState) -> tuple[Action, ...]:
    """C's moves of the state, and the same of the acting seat's view."""
    moves = listed_in_c(cturn, state)
    assert listed_in_c(cturn, view(state, state.current_player)) == moves
    return moves


def _discards(text: str) -> tuple[Discard, ...]:
    return tuple(Discard(card) for card in parse_cards(text))


def test_overlapping_melds_short_of_30_only_discard(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30): 9♣ 10♣ J♣ (29) and 9♣ 9♥ 9♦ (27) share the 9♣, so no lay-down reaches 30 although the cards are worth 47; C lists the discards."""
    state = _unopened(_GERMAN, "9♣ 10♣ J♣ 9♥ 9♦")
    assert _listed(cturn, state) == _discards("9♣ 10♣ J♣ 9♥ 9♦")


def _run(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.RUN)


def _set(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.SET)


def test_a_second_set_brings_the_opening_within_reach(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30, melds summed): with the 9♠, 9♠ 9♥ 9♦ (27) lies beside 9♣ 10♣ J♣ (29), and the 2♦ is left to discard. C lists the lay-downs the opening allows: 9♠ 9♥ 9♦ (the run makes up the 3 missing), the four nines (36, the opening complete), the run (the set makes up the 1 missing); a set of three with the 9♣ leaves no meld to make up the rest."""
    state = _unopened(_GERMAN, "9♣ 10♣ J♣ 9♥ 9♦ 9♠ 2♦")
    assert _listed(cturn, state) == (
        *_discards("9♣ 10♣ J♣ 9♠ 9♥ 2♦ 9♦"),
        _set("9♠ 9♥ 9♦"),
        _set("9♣ 9♠ 9♥ 9♦"),
        _run("9♣ 10♣ J♣"),
    )


@pytest.mark.parametrize(
    ("discard_to_go_out", "lay_downs"),
    [
        # The last card must be discarded (DRoV Streitfall 7): after 9♠ 9♥ 9♦ the run
        # would take every card left; only the four nines (36) leave 10♣ J♣.
        (True, (_set("9♣ 9♠ 9♥ 9♦"),)),
        # Melding may empty the hand: the set and the run together complete the opening.
        (False, (_set("9♠ 9♥ 9♦"), _set("9♣ 9♠ 9♥ 9♦"), _run("9♣ 10♣ J♣"))),
    ],
)
def test_the_opening_keeps_a_card_to_discard_where_the_rules_ask_one(
    cturn: ModuleType, discard_to_go_out: bool, lay_downs: tuple[LayDown, ...]
) -> None:
    """Rules §4, §5 (discard_to_go_out, DRoV Streitfall 7): 9♣ 10♣ J♣ 9♠ 9♥ 9♦ opens with 56 only by melding every card; where the last card must be discarded, only a lay-down that completes the opening alone and leaves a card is allowed."""
    rules = attrs.evolve(_GERMAN, discard_to_go_out=discard_to_go_out)
    state = _unopened(rules, "9♣ 10♣ J♣ 9♥ 9♦ 9♠")
    assert _listed(cturn, state) == (*_discards("9♣ 10♣ J♣ 9♠ 9♥ 9♦"), *lay_downs)


def test_runs_that_complete_the_opening_are_listed_in_c(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30): 10♣ J♣ Q♣ (30), 10♣ J♣ Q♣ K♣ (40) and J♣ Q♣ K♣ (30) each complete the opening and leave a card to discard; C lists them, runs in the order found."""
    state = _unopened(_GERMAN, "10♣ J♣ Q♣ K♣ 2♦")
    assert _listed(cturn, state) == (
        *_discards("10♣ J♣ Q♣ K♣ 2♦"),
        _run("10♣ J♣ Q♣"),
        _run("10♣ J♣ Q♣ K♣"),
        _run("J♣ Q♣ K♣"),
    )


def test_only_jokers_kept_to_discard(cturn: ModuleType) -> None:
    """Schmidt S. 3 (opening_allows_jokers off), rules §5: after 5♣ 5♠ 5♥ (15) the run 10♣ J♣ Q♣ makes up the 15 missing and the joker, in no meld of the opening, is the discard; no natural card can be spared. 10♣ J♣ Q♣ (30) opens alone; melds with the joker are not listed."""
    rules = attrs.evolve(_GERMAN, opening_allows_jokers=False)
    state = _unopened(rules, "10♣ J♣ Q♣ 5♣ 5♠ 5♥ JK")
    assert _listed(cturn, state) == (
        *_discards("5♣ 10♣ J♣ Q♣ 5♠ 5♥ JK"),
        _set("5♣ 5♠ 5♥"),
        _run("10♣ J♣ Q♣"),
    )


_WITH_A_RUN = attrs.evolve(_GERMAN, opening_requires_run=True)  # cardgames.zone §10
_ONE_MELD = attrs.evolve(_GERMAN, opening_sums_melds=False)  # 30 in one meld


@pytest.mark.parametrize(
    ("rules", "lay_downs"),
    [
        # no run in hand: neither set may open, nor leave a run to lay after it
        (_WITH_A_RUN, ()),
        # the melds summed, no run needed: each set (30) opens alone and leaves the 9♦
        (_GERMAN, (_set("Q♠ Q♥ Q♦"), _set("K♠ K♥ K♦"))),
    ],
)
def test_an_opening_that_needs_a_run(
    cturn: ModuleType, rules: Rules, lay_downs: tuple[LayDown, ...]
) -> None:
    """Rules §5, cardgames.zone §10 (opening_requires_run): Q♠ Q♥ Q♦ and K♠ K♥ K♦ are worth 60, but the opening must include a run and the hand holds none; C lists the discards alone, and without the run rule the sets too."""
    state = _unopened(rules, "Q♠ Q♥ Q♦ K♠ K♥ K♦ 9♦")
    assert _listed(cturn, state) == (*_discards("Q♠ K♠ Q♥ K♥ 9♦ Q♦ K♦"), *lay_downs)


@pytest.mark.parametrize(
    ("hand", "discards", "lay_downs"),
    [
        # 9♣ 10♣ J♣ (29) and 8♠ 8♥ 8♦ (24) sum to 53, but neither is 30 alone
        ("9♣ 10♣ J♣ 8♥ 8♠ 8♦ 2♦", "9♣ 10♣ J♣ 8♠ 8♥ 2♦ 8♦", ()),
        # with the Q♣: 9♣ 10♣ J♣ Q♣ (39) and 10♣ J♣ Q♣ (30) open alone; the eights (24)
        # leave the run of 39 to lay; 9♣ 10♣ J♣ (29) leaves no meld of 30
        (
            "9♣ 10♣ J♣ Q♣ 8♥ 8♠ 8♦ 2♦",
            "9♣ 10♣ J♣ Q♣ 8♠ 8♥ 2♦ 8♦",
            (_set("8♠ 8♥ 8♦"), _run("9♣ 10♣ J♣ Q♣"), _run("10♣ J♣ Q♣")),
        ),
    ],
)
def test_an_opening_of_one_meld_alone(
    cturn: ModuleType, hand: str, discards: str, lay_downs: tuple[LayDown, ...]
) -> None:
    """Rules §5 (opening_sums_melds off): one meld alone must be worth the 30; a lay-down is allowed where it is one, or where the rest of the hand still holds one; C lists the discards and those lay-downs."""
    state = _unopened(_ONE_MELD, hand)
    assert _listed(cturn, state) == (*_discards(discards), *lay_downs)


@pytest.mark.parametrize(
    ("hand", "takes"),
    [
        # Q♠ Q♥ Q♦ (30) would leave K♠ K♥ K♦ 2♦, no run: no take
        ("Q♠ Q♥ K♠ K♥ K♦ 2♦", ()),
        # J♦ Q♦ K♦ (30) is a run and opens; the queens would still leave no run
        ("Q♠ Q♥ K♠ K♥ K♦ 2♦ J♦", (TakeDiscard(_run("J♦ Q♦ K♦")),)),
    ],
)
def test_a_take_towards_an_opening_that_needs_a_run(
    cturn: ModuleType, hand: str, takes: tuple[TakeDiscard, ...]
) -> None:
    """Rules §4, §5, cardgames.zone §10 (take_discard=immediate_use, opening_requires_run): the Q♦ is taken only to be laid in a meld that opens, or after which the hand can still open with a run."""
    rules = attrs.evolve(_CLASSIC, opening_requires_run=True)
    state = position(rules, hands=[hand, "4♦ 6♦ 10♥"], discard="Q♦", opened=[False, True])
    assert listed_in_c(cturn, state) == (Draw(), *takes)
    assert listed_in_c(cturn, view(state, 0)) == (Draw(), *takes)


def test_drov_needs_40_where_30_would_do(cturn: ModuleType) -> None:
    """DRoV Nr. 4a, 6 (40): Q♣ K♣ A♣ (31) and Q♣ Q♥ Q♦ (30) share the Q♣, short of 40; with 4♠ and 7♦ in no meld no Hand-Rommé waives it (DRoV Nr. 10), and C lists the discards. Under an opening of 30 (rules §5, without the waiver) the set (30) and the run (31) each complete it and leave 4♠ and 7♦: C lists them too."""
    hand = "Q♣ K♣ A♣ Q♥ Q♦ 4♠ 7♦"
    assert _listed(cturn, _unopened(_DROV, hand)) == _discards("Q♣ K♣ A♣ 4♠ Q♥ 7♦ Q♦")
    thirty = attrs.evolve(_DROV, opening_threshold=30, hand_romme_waives_threshold=False)
    assert _listed(cturn, _unopened(thirty, hand)) == (
        *_discards("Q♣ K♣ A♣ 4♠ Q♥ 7♦ Q♦"),
        _set("Q♣ Q♥ Q♦"),
        _run("Q♣ K♣ A♣"),
    )


def test_no_joker_in_the_opening_leaves_it_out_of_reach(cturn: ModuleType) -> None:
    """Schmidt S. 3 (opening_allows_jokers off): 10♣ J♣ JK would be worth 30, but the joker may not be part of the opening and no meld is left; C lists the discards, the joker last."""
    rules = attrs.evolve(_GERMAN, opening_allows_jokers=False)
    assert _listed(cturn, _unopened(rules, "10♣ J♣ JK 5♦ 9♥")) == _discards("10♣ J♣ 9♥ 5♦ JK")
    # with jokers: 10♣ J♣ JK as 10-J-Q (30) opens; as 9-10-J (29) it leaves no meld for 1
    assert _listed(cturn, _unopened(_GERMAN, "10♣ J♣ JK 5♦ 9♥")) == (
        *_discards("10♣ J♣ 9♥ 5♦ JK"),
        _run("10♣ J♣ JK"),
    )


def test_a_take_for_an_opening_out_of_reach_is_not_listed(cturn: ModuleType) -> None:
    """Rules §4, §5 (take_discard=immediate_use, 30): the J♣ makes 9♣ 10♣ J♣ (29), which shares the 9♣ with 9♣ 9♥ 9♦ (27): no lay-down holding it reaches 30, so C lists the draw alone."""
    state = position(
        _CLASSIC, hands=["9♣ 10♣ 9♥ 9♦ 4♠", "4♦ 6♦ 10♥"], discard="J♣", opened=[False, True]
    )
    assert listed_in_c(cturn, state) == (Draw(),)
    assert listed_in_c(cturn, view(state, 0)) == (Draw(),)


@pytest.mark.parametrize(
    ("discard_to_go_out", "takes"),
    [
        # the queens would make up the 21 missing only with the last card: no take
        (True, ()),
        # melding may empty the hand: the run, then the queens, open with 39
        (False, (TakeDiscard(_run("2♣ 3♣ 4♣")),)),
    ],
)
def test_a_take_whose_opening_needs_the_last_card(
    cturn: ModuleType, discard_to_go_out: bool, takes: tuple[TakeDiscard, ...]
) -> None:
    """Rules §4, §5 (take_discard=immediate_use, 30), DRoV Streitfall 7 (discard_to_go_out): the 4♣ makes 2♣ 3♣ 4♣ (9), and Q♠ Q♥ Q♦ (30) would complete the opening, but only by melding every card; where the last card must be discarded C lists the draw alone, else the take too."""
    rules = attrs.evolve(_CLASSIC, discard_to_go_out=discard_to_go_out)
    state = position(
        rules, hands=["Q♠ Q♥ Q♦ 2♣ 3♣", "4♦ 6♦ 10♥"], discard="4♣", opened=[False, True]
    )
    assert listed_in_c(cturn, state) == (Draw(), *takes)
    assert listed_in_c(cturn, view(state, 0)) == (Draw(), *takes)


@pytest.mark.parametrize(
    ("others_opened", "lay_downs"),
    [
        # nobody else has opened: 2♣ 3♣ 4♣ and the 9♦ to discard are a Hand-Rommé
        ((False, False), (_run("2♣ 3♣ 4♣"),)),
        # seat 1 has opened: no Hand-Rommé waives the 40 that 9 points miss
        ((True, False), ()),
    ],
)
def test_the_waiver_only_while_nobody_has_opened(
    cturn: ModuleType, others_opened: tuple[bool, bool], lay_downs: tuple[LayDown, ...]
) -> None:
    """DRoV Nr. 10 (hand_romme_waives_threshold) with hand_romme_first_at_table: a Hand-Rommé, which needs no 40, is one only while no other seat has opened; C lists the run where it is, the discards alone where not."""
    rules = attrs.evolve(_DROV, hand_romme_first_at_table=True)
    state = position(
        rules,
        hands=["2♣ 3♣ 4♣ 9♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, *others_opened],
        phase=Phase.PLAY,
    )
    assert _listed(cturn, state) == (*_discards("2♣ 3♣ 4♣ 9♦"), *lay_downs)
