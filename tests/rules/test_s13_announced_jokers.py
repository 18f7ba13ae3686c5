"""Rules §13, announced jokers (Schmidt S. 3, a variant): one test per clause.

The rule is a `Rules` field or enum member, off in every preset; a variant
built with `attrs.evolve` plays it. The expected positions are written from
the rule text.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    PRESETS,
    Card,
    GameState,
    IllegalActionError,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Rank,
    Reason,
    Suit,
    SwapJoker,
    apply,
    dumps,
    is_legal,
    legal_actions,
    loads,
    parse_action,
    view,
)
from romme.game._board import board_text
from tests.rules._helpers import OWN_RUN, VARIANT_SEAT_2, opened_with_own_run
from tests.scenarios._helpers import SCHMIDT, position, refusal

SCHMIDT_ANNOUNCED = attrs.evolve(SCHMIDT, announced_jokers=True, swap_set_needs_four=False)


KINGS = "K♣ K♠ JK"


def _kings_on_table(announced: str) -> GameState:
    """Seat 0, opened, lays K♣ K♠ JK with its joker announced as `announced`."""
    state = position(
        SCHMIDT_ANNOUNCED,
        hands=("K♣ K♠ JK 3♣ 9♠", "8♥ 9♥ 10♥ 4♣ 5♦ 7♣", VARIANT_SEAT_2),
        table=(OWN_RUN,),
        opened=(True, False, False),
        phase=Phase.PLAY,
    )
    return apply(state, LayDown(KINGS, announce=announced))


def test_a_set_joker_is_laid_with_its_announced_card_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "Den Joker beim Auslegen ansagen": K♣ K♠ JK is refused without an
    announcement (Reason.JOKER_NOT_ANNOUNCED) and listed once for each suit the set can still take,
    K♥ and K♦."""
    state = opened_with_own_run(SCHMIDT_ANNOUNCED, "K♣ K♠ JK 3♣ 9♠")
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown(KINGS))
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown(KINGS, announce="K♣"))
    kings = [a for a in legal_actions(state) if isinstance(a, LayDown) and a.kind is MeldKind.SET]
    assert {("K♥",), ("K♦",)} == {tuple(str(c) for c in a.announce) for a in kings}


def test_the_announced_card_lies_on_the_table_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): the announcement is recorded with the table meld, seen by every
    seat, and survives the JSON round trip."""
    state = _kings_on_table("K♥")
    entry = state.table[1]
    assert (Card(Rank.KING, Suit.HEARTS),) == entry.announced
    assert view(state, 2).table[1].announced == entry.announced
    assert "jokers announced as K♥" in board_text(view(state, 2))
    assert state == loads(dumps(state))
    assert "meld K♣ K♠ JK as K♥" == str(LayDown(KINGS, announce="K♥"))
    assert LayDown(KINGS, announce="K♥") == parse_action("meld K♣ K♠ JK as K♥")


def _announced_kings(hand: str) -> GameState:
    """Seat 0's set K♣ K♠ JK lies with its joker announced as K♥; seat 1 (opened, holding `hand`) plays."""
    base = position(
        SCHMIDT_ANNOUNCED,
        hands=("3♣", hand, VARIANT_SEAT_2),
        table=((KINGS, 0), OWN_RUN),
        opened=(True, True, False),
        current_player=1,
        phase=Phase.PLAY,
    )
    entry = attrs.evolve(base.table[0], announced=(Card(Rank.KING, Suit.HEARTS),))
    return attrs.evolve(base, table=(entry, base.table[1]))


def test_only_the_announced_card_swaps_the_joker_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): "damit er nur gegen genau diese Karte getauscht werden kann": the
    joker announced as K♥ is not swapped by the K♦ (Reason.SWAP_NOT_ANNOUNCED), by the K♥ it is."""
    follow = LayDown("JK 8♥ 9♥ 10♥")
    state = _announced_kings("K♦ K♥ 8♥ 9♥ 10♥ 4♣")
    assert Reason.SWAP_NOT_ANNOUNCED == refusal(state, SwapJoker(0, "K♦", follow))
    assert is_legal(state, SwapJoker(0, "K♥", follow))
    swaps = {a.card for a in legal_actions(state) if isinstance(a, SwapJoker)}
    assert {Card(Rank.KING, Suit.HEARTS)} == swaps
    after = apply(state, SwapJoker(0, "K♥", follow))
    assert () == after.table[0].announced
    assert "K♣ K♠ K♥" == str(after.table[0].meld)


def test_a_run_joker_needs_no_announcement_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant): in a run the joker's card is fixed by its place (5♣ 6♣ JK: the 7♣),
    so nothing is announced, and an announcement is refused."""
    state = opened_with_own_run(SCHMIDT_ANNOUNCED, "5♣ 6♣ JK 3♥ 9♠")
    assert is_legal(state, LayDown("5♣ 6♣ JK", "run"))
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown("5♣ 6♣ JK", "run", "7♣"))


def test_no_natural_card_in_an_announced_suit_Schmidt_S_3() -> None:
    """Schmidt S. 3 (variant) with DRoV Nr. 8's distinct suits: the K♥ may not be laid off onto a
    set whose joker is announced as K♥ (Reason.JOKER_NOT_ANNOUNCED: only a swap puts it there); the K♦
    may."""
    state = _announced_kings("K♦ K♥ 4♣ 7♦")
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayOff(0, "K♥"))
    assert is_legal(state, LayOff(0, "K♦"))


SCHMIDT_ANNOUNCED_FOUR = attrs.evolve(SCHMIDT, announced_jokers=True)


def test_announced_card_of_a_set_of_three_waits_Schmidt_S_3_DRoV_Nr_9() -> None:
    """Schmidt S. 3 (variant; hardening round 3, point 12): "Den Joker beim Auslegen ansagen, damit er nur gegen genau diese Karte
    getauscht werden kann", with DRoV Nr. 9 kept ("In einem Satz darfst du den Joker nur tauschen, wenn
    der Satz vier Karten hat"): on K♣ K♠ JK announced as K♥ the K♥ is neither laid off
    (Reason.JOKER_NOT_ANNOUNCED, in words a player who laid no joker reads: the joker was announced as the
    K♥, and the swap needs four cards) nor swapped (Reason.SWAP_NEEDS_FOUR); once the K♦ makes the set
    four cards the K♥ swaps the joker. Without DRoV Nr. 9's four cards it swaps at once."""
    base = _announced_kings("K♦ K♥ 8♥ 9♥ 10♥ 4♣")
    state = attrs.evolve(base, rules=SCHMIDT_ANNOUNCED_FOUR)
    follow = LayDown("JK 8♥ 9♥ 10♥")
    with pytest.raises(IllegalActionError) as refused:
        apply(state, LayOff(0, "K♥"))
    assert Reason.JOKER_NOT_ANNOUNCED == refused.value.reason
    assert "announced as K♥" in str(refused.value)
    assert "four cards" in str(refused.value)
    assert Reason.SWAP_NEEDS_FOUR == refusal(state, SwapJoker(0, "K♥", follow))
    four = apply(state, LayOff(0, "K♦"))
    assert is_legal(four, SwapJoker(0, "K♥", follow))
    assert is_legal(base, SwapJoker(0, "K♥", follow))  # swap_set_needs_four off


def test_without_the_variant_nothing_is_announced_Schmidt_S_3() -> None:
    """Schmidt S. 3: the leaflet's own game announces nothing: an announcement is refused, and the
    documents of unannounced melds keep their form (no "announced" key)."""
    state = opened_with_own_run(SCHMIDT, "K♣ K♠ JK 3♣ 9♠")
    assert Reason.JOKER_NOT_ANNOUNCED == refusal(state, LayDown(KINGS, announce="K♥"))
    assert "announced" not in dumps(apply(state, LayDown(KINGS)))


@pytest.mark.parametrize("name", PRESETS)
def test_no_preset_announces_jokers(name: str) -> None:
    """Rules §13: announced jokers are a variant of Schmidt's leaflet, off in every preset."""
    assert not PRESETS[name].announced_jokers
