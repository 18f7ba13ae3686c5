"""The C core's play phase of a seat that has not opened, with melds staged towards its opening (docs/maintainers.md, "The accelerator").

A seat that has not opened lays its opening meld by meld (rules §5): each
meld it lays before the opening is complete is staged on the table, and
its next play phase lists the take-back of the staged melds, no discard
(unless the last card ends a Hand-Rommé, DRoV Nr. 10), and the lay-downs
that complete the opening or leave the rest of the hand able to complete
it this turn, judged by the opening search on what the staged melds miss
(`Opening.shortfall`: points, a run, one meld alone). The C core lists it
under any opening. The expected moves are written out from the rules.
"""

from __future__ import annotations

from types import ModuleType
from typing import Any

import attrs
import pytest

from romme import (
    Action,
    Discard,
    GameState,
    LayDown,
    MeldKind,
    Phase,
    Rules,
    TakeBack,
    TakeDiscard,
    TakeDiscardMode,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from tests.accel._slices import listed_in_c
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_GERMAN = find_rules("german-rummy")  # an opening of 30, melds summed; the top discard free
_DROV = find_rules("drov")  # an opening of 40 (DRoV Nr. 4a, 6); the Hand-Rommé waiver
_CLASSIC = find_rules("classic")  # 30; the top discard taken only to be laid down


def _run(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.RUN)


def _set(text: str) -> LayDown:
    return LayDown(parse_cards(text), kind=MeldKind.SET)


def _staged(
    rules: Rules, hand: str, *laid: LayDown, opened: tuple[bool, bool] = (True, False)
) -> GameState:
    """The play phase of seat 0 of three, which has not opened, once it laid `laid` from `hand` (staged)."""
    state = position(
        rules,
        hands=[hand, VARIANT_SEAT_1, VARIANT_SEAT_2],
        opened=[False, *opened],
        phase=Phase.PLAY,
    )
    for lay_down in laid:
        state = pure.apply(state, lay_down)
    assert any(entry.staged for entry in state.table)
    return state


def _listed(cturn: ModuleType, state: GameState) -> tuple[Action, ...]:
    """C's moves of the state, and the same of the acting seat's view."""
    moves = listed_in_c(cturn, state)
    assert listed_in_c(cturn, view(state, state.current_player)) == moves
    return moves


def test_a_meld_staged_short_of_30(cturn: ModuleType) -> None:
    """Rules §5 (opening_threshold 30, melds summed): 2♣ 3♣ 4♣ (9) staged misses 21. 6♠ 7♠ 8♠ (21) and 5♠ 6♠ 7♠ 8♠ (26) complete it and leave cards to discard; 5♠ 5♥ 5♦ (15) misses 6, which 6♠ 7♠ 8♠ makes up; 5♠ 6♠ 7♠ (18) misses 3 and leaves no meld. No discard while the opening is short; the staged meld may be taken back."""
    state = _staged(_GERMAN, "2♣ 3♣ 4♣ 5♠ 5♥ 5♦ 6♠ 7♠ 8♠ 2♥ K♥", _run("2♣ 3♣ 4♣"))
    assert _listed(cturn, state) == (
        TakeBack(),
        _set("5♠ 5♥ 5♦"),
        _run("5♠ 6♠ 7♠ 8♠"),
        _run("6♠ 7♠ 8♠"),
    )


def test_drov_misses_what_40_asks_beyond_the_staged_set(cturn: ModuleType) -> None:
    """DRoV Nr. 4a, 6 (40): Q♣ Q♥ Q♦ (30) staged misses 10. 2♠ 3♠ 4♠ 5♠ (14) and 3♠ 4♠ 5♠ (12) complete it; 2♠ 3♠ 4♠ (9) falls 1 short and leaves 5♠ 7♦ 9♣, no meld and no Hand-Rommé. Taken back, the hand lists its discards and lay-downs again, the set among them."""
    hand = "Q♣ Q♥ Q♦ 2♠ 3♠ 4♠ 5♠ 7♦ 9♣"
    state = _staged(_DROV, hand, _set("Q♣ Q♥ Q♦"))
    assert _listed(cturn, state) == (TakeBack(), _run("2♠ 3♠ 4♠ 5♠"), _run("3♠ 4♠ 5♠"))
    taken_back = pure.apply(state, TakeBack())
    assert not taken_back.table
    assert _listed(cturn, taken_back) == (
        *(Discard(card) for card in parse_cards("9♣ Q♣ 2♠ 3♠ 4♠ 5♠ Q♥ 7♦ Q♦")),
        _set("Q♣ Q♥ Q♦"),
        _run("2♠ 3♠ 4♠ 5♠"),
        _run("3♠ 4♠ 5♠"),
    )


_NINES = (
    _set("9♣ 9♠ 9♥"),
    _set("9♣ 9♠ 9♦"),
    _set("9♣ 9♥ 9♦"),
    _set("9♠ 9♥ 9♦"),
)


def _took_k_hearts(rules: Rules) -> GameState:
    """Seat 0 took the K♥ from the discard pile (a free take) and staged 2♣ 3♣ 4♣ (9)."""
    state = position(
        rules,
        hands=["2♣ 3♣ 4♣ 9♠ 9♥ 9♦ 9♣", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="K♥",
        opened=[False, True, False],
    )
    return pure.apply(pure.apply(state, TakeDiscard()), _run("2♣ 3♣ 4♣"))


@pytest.mark.parametrize(
    ("rediscard_taken", "lay_downs"),
    [
        # the four nines (36) would leave the K♥ alone, which may not go back
        (False, _NINES),
        # the K♥ may go back: the four nines complete the opening too
        (True, (*_NINES, _set("9♣ 9♠ 9♥ 9♦"))),
    ],
)
def test_the_taken_card_is_kept_back(
    cturn: ModuleType, rediscard_taken: bool, lay_downs: tuple[LayDown, ...]
) -> None:
    """Rules §4, §5 (rediscard_taken): with 2♣ 3♣ 4♣ staged (21 missing), any three nines (27) complete the opening and leave a nine and the K♥; the four nines leave the taken K♥ alone, no discard where it may not go back."""
    state = _took_k_hearts(attrs.evolve(_GERMAN, rediscard_taken=rediscard_taken))
    assert state.turn.taken_in_hand
    assert _listed(cturn, state) == (TakeBack(), *lay_downs)


@pytest.mark.parametrize(
    "change",
    [
        {},  # classic: the take lays the 4♣ down at once (immediate_use), staged
        # taken into the hand, then laid down in the staged run
        {"take_discard": TakeDiscardMode.FREE},
    ],
)
def test_the_taken_card_in_a_staged_meld(cturn: ModuleType, change: dict[str, Any]) -> None:
    """Rules §4, §5: the 4♣ taken and laid in 2♣ 3♣ 4♣ (9, staged) is no longer in hand, so nothing is kept back: any three nines (27) complete the opening, and the four nines (36) leave the K♥ to discard."""
    rules = attrs.evolve(_CLASSIC, **change)
    state = position(
        rules,
        hands=["2♣ 3♣ 9♠ 9♥ 9♦ 9♣ K♥", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="4♣",
        opened=[False, True, False],
    )
    if change:
        state = pure.apply(pure.apply(state, TakeDiscard()), _run("2♣ 3♣ 4♣"))
    else:
        state = pure.apply(state, TakeDiscard(_run("2♣ 3♣ 4♣")))
    assert not state.turn.taken_in_hand
    assert _listed(cturn, state) == (TakeBack(), *_NINES, _set("9♣ 9♠ 9♥ 9♦"))


def test_the_hand_romme_waiver_with_a_meld_staged(cturn: ModuleType) -> None:
    """DRoV Nr. 10 (hand_romme_waives_threshold), nobody opened: 2♣ 3♣ 4♣ (9) staged, 5♥ 6♥ 7♥ (18) falls far short of 40 but melds every card but the 9♦, a Hand-Rommé that needs no threshold. Once it is laid, the last card may be discarded with the melds staged, and they may still be taken back."""
    state = _staged(_DROV, "2♣ 3♣ 4♣ 5♥ 6♥ 7♥ 9♦", _run("2♣ 3♣ 4♣"), opened=(False, False))
    assert _listed(cturn, state) == (TakeBack(), _run("5♥ 6♥ 7♥"))
    last = pure.apply(state, _run("5♥ 6♥ 7♥"))
    assert _listed(cturn, last) == (*(Discard(card) for card in parse_cards("9♦")), TakeBack())


def test_without_the_waiver_only_the_take_back(cturn: ModuleType) -> None:
    """DRoV Nr. 10 with hand_romme_first_at_table: once seat 1 has opened, 5♥ 6♥ 7♥ beside 2♣ 3♣ 4♣ (9 + 18) is no Hand-Rommé and misses the 40; C lists the take-back alone."""
    rules = attrs.evolve(_DROV, hand_romme_first_at_table=True)
    state = _staged(rules, "2♣ 3♣ 4♣ 5♥ 6♥ 7♥ 9♦", _run("2♣ 3♣ 4♣"), opened=(False, False))
    state = attrs.evolve(state, opened=(False, True, False))
    assert _listed(cturn, state) == (TakeBack(),)


def test_a_run_still_to_lay_after_a_staged_set(cturn: ModuleType) -> None:
    """Rules §5, cardgames.zone §10 (opening_requires_run): Q♠ Q♥ Q♦ (30) staged reaches the points but not the run. 2♣ 3♣ 4♣ completes it and leaves the kings to discard; K♠ K♥ K♦ would leave the run to lay with no card after it, and the last card must be discarded (DRoV Streitfall 7)."""
    rules = attrs.evolve(_GERMAN, opening_requires_run=True)
    state = _staged(rules, "Q♠ Q♥ Q♦ K♠ K♥ K♦ 2♣ 3♣ 4♣", _set("Q♠ Q♥ Q♦"))
    assert _listed(cturn, state) == (TakeBack(), _run("2♣ 3♣ 4♣"))


def test_one_meld_alone_after_a_staged_set(cturn: ModuleType) -> None:
    """Rules §5 (opening_sums_melds off, 30): 8♠ 8♥ 8♦ (24) staged is no opening alone. 9♣ 10♣ J♣ Q♣ (39) and 10♣ J♣ Q♣ (30) are; 9♣ 10♣ J♣ (29) is not, and leaves no meld of 30."""
    rules = attrs.evolve(_GERMAN, opening_sums_melds=False)
    state = _staged(rules, "9♣ 10♣ J♣ Q♣ 8♥ 8♠ 8♦ 2♦", _set("8♠ 8♥ 8♦"))
    assert _listed(cturn, state) == (TakeBack(), _run("9♣ 10♣ J♣ Q♣"), _run("10♣ J♣ Q♣"))
