"""Rules §4, a turn: its phases and seats, the draw or the take of the discard (free or for
immediate use), the last card drawn from the stock, lay-offs and the discard, for every preset
where the rule differs.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n, DRoV Streitfall n,
cardgames.zone §n, German Rummy page, house rules). Positions are set up from the cards the rule
needs (`tests.scenarios._helpers.position`); the expected hands, table, discard pile, phase, seat
to act and penalties are written out by hand. Unless a test says otherwise seat 0 acts, seat 1
holds ``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30 with the German
Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

import attrs
import pytest

from romme import (
    JOKER,
    PRESETS,
    Discard,
    Draw,
    EndReason,
    GameState,
    IllegalActionError,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Reason,
    Side,
    TakeBack,
    TakeDiscard,
    apply,
    legal_actions,
    score_round,
)
from tests.rules._helpers import ALL_PRESETS, SEAT_1, SEAT_2
from tests.scenarios._helpers import (
    CARDGAMES_ZONE,
    CLASSIC,
    DROV,
    GERMAN_RUMMY,
    Summary,
    hand,
    play,
    position,
    refusal,
    summary,
)

IMMEDIATE_USE: Final = ("drov", "classic", "ass", "schmidt")
"""The presets with ``take_discard = immediate_use``."""


FREE_TAKE: Final = ("cardgames-zone", "german-rummy", "house")
"""The presets with ``take_discard = free``."""


# -- §4 a turn ------------------------------------------------------------------------


def test_turn_phases_and_seats_RULES_4() -> None:
    """Rules §4: draw first, then play and discard; only the seat to act may act."""
    state = position(DROV, hands=("5♣ 9♦", SEAT_1, SEAT_2), stock_top="2♥")
    assert Reason.WRONG_PHASE == refusal(state, Discard("5♣"))
    assert Reason.WRONG_PHASE == refusal(state, TakeBack())
    assert Reason.DISCARD_PILE_EMPTY == refusal(state, TakeDiscard(LayDown("2♥ 3♥ 4♥")))
    assert Reason.NOT_YOUR_TURN == _refused_for(state, Draw(), player=1)
    state = apply(state, Draw())
    assert Summary.of(
        hands=("2♥ 5♣ 9♦", SEAT_1, SEAT_2),
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)
    assert Reason.WRONG_PHASE == refusal(state, Draw())
    assert Reason.CARD_NOT_IN_HAND == refusal(state, Discard("K♠"))
    assert Reason.NOTHING_TO_TAKE_BACK == refusal(state, TakeBack())
    state = apply(state, Discard("9♦"))
    assert Summary.of(
        hands=("2♥ 5♣", SEAT_1, SEAT_2),
        discard_pile="9♦",
        opened=(False, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(state)


def _refused_for(state: GameState, action: Draw, *, player: int) -> Reason:
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action, player=player)
    return refused.value.reason


# -- §4 drawing: take_discard = free -------------------------------------------------


@pytest.mark.parametrize("name", FREE_TAKE)
def test_free_take_goes_to_hand_and_may_not_be_rediscarded_cardgames_zone_6(name: str) -> None:
    """Rules §4 / cardgames.zone §6: under free the taken card goes to the hand; rediscard_taken off refuses discarding it."""
    state = position(PRESETS[name], hands=("2♣ 5♥ 9♠", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"), discard="6♣ K♦")
    state = apply(state, TakeDiscard())
    assert Summary.of(
        hands=("2♣ 5♥ 9♠ K♦", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"),
        discard_pile="6♣",
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)
    assert Reason.REDISCARD_TAKEN == refusal(state, Discard("K♦"))
    assert Discard("K♦") not in legal_actions(state)
    state = apply(state, Discard("9♠"))
    assert Summary.of(
        hands=("2♣ 5♥ K♦", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"),
        discard_pile="6♣ 9♠",
        opened=(False, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(state)


@pytest.mark.parametrize("name", FREE_TAKE)
def test_free_take_of_a_joker_may_not_be_rediscarded_either_rules_4(name: str) -> None:
    """Rules §4 (cardgames.zone §6): a joker taken under free may not go straight back, no more than a natural card."""
    state = position(PRESETS[name], hands=("2♣ 5♥ 9♠", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"), discard="6♣ JK")
    state = apply(state, TakeDiscard())
    assert hand("2♣ 5♥ 9♠ JK") == state.hand
    assert Reason.REDISCARD_TAKEN == refusal(state, Discard("JK"))
    assert Discard(JOKER) not in legal_actions(state)
    assert {"discard 2♣", "discard 5♥", "discard 9♠"} == {
        str(action) for action in legal_actions(state) if isinstance(action, Discard)
    }


@pytest.mark.parametrize("name", FREE_TAKE)
def test_free_take_of_a_second_joker_leaves_the_other_discardable_rules_4(name: str) -> None:
    """Rules §4: with a joker in hand before the take, one of the two jokers may be discarded (they are alike)."""
    state = position(PRESETS[name], hands=("2♣ JK 9♠", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"), discard="6♣ JK")
    state = play(state, TakeDiscard(), Discard("JK"))
    assert hand("2♣ JK 9♠") == state.hands[0]
    assert 1 == state.current_player


@pytest.mark.parametrize("name", FREE_TAKE)
def test_free_take_may_be_rediscarded_with_rediscard_taken_RULES_4(name: str) -> None:
    """Rules §4: with attrs.evolve(rediscard_taken=True) the taken card may be discarded again."""
    rules = attrs.evolve(PRESETS[name], rediscard_taken=True)
    state = position(rules, hands=("2♣ 5♥ 9♠", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"), discard="6♣ K♦")
    state = play(state, TakeDiscard(), Discard("K♦"))
    assert Summary.of(
        hands=("2♣ 5♥ 9♠", "3♦ 8♣ Q♠", "4♥ 7♠ J♦"),
        discard_pile="6♣ K♦",
        opened=(False, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(state)


@pytest.mark.parametrize("name", FREE_TAKE)
def test_free_take_rediscard_after_take_back_cardgames_zone_6(name: str) -> None:
    """cardgames.zone §6, rules §4/§5: a taken card that a take-back returns to the hand still may not be discarded this turn."""
    state = position(
        PRESETS[name], hands=("7♠ 8♠ K♣ K♠ K♥ Q♦ 2♦", SEAT_1, SEAT_2), discard="10♥ 9♠"
    )
    state = play(state, TakeDiscard(), LayDown("7♠ 8♠ 9♠"))
    assert (("7♠ 8♠ 9♠", 0, True),) == summary(state).table
    state = apply(state, TakeBack())
    assert Summary.of(
        hands=("7♠ 8♠ 9♠ K♣ K♠ K♥ Q♦ 2♦", SEAT_1, SEAT_2),
        discard_pile="10♥",
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)
    assert Reason.REDISCARD_TAKEN == refusal(state, Discard("9♠"))


@pytest.mark.parametrize("name", FREE_TAKE)
def test_free_take_carries_no_use_RULES_4(name: str) -> None:
    """Rules §4: under free the take is a take only; its use is a separate action (Reason.TAKE_IS_FREE)."""
    state = position(PRESETS[name], hands=("J♦ Q♦ 5♣", SEAT_1, SEAT_2), discard="K♦")
    assert Reason.TAKE_IS_FREE == refusal(state, TakeDiscard(LayDown("J♦ Q♦ K♦")))
    assert (Draw(), TakeDiscard()) == legal_actions(state)


def test_free_take_leaving_only_the_taken_card_RULES_4() -> None:
    """Rules §4: a lay-down that leaves only the taken card, which may not be discarded, is refused (no discard left)."""
    table = (("2♠ 3♠ 4♠", 0),)
    state = position(GERMAN_RUMMY, hands=("7♠ 8♠ 9♠", SEAT_1, SEAT_2), discard="K♦", table=table)
    state = apply(state, TakeDiscard())
    assert Reason.NO_DISCARD_LEFT == refusal(state, LayDown("7♠ 8♠ 9♠"))
    # With rediscard_taken the K♦ may be the last discard: melding 7♠ 8♠ 9♠ is fine.
    rules = attrs.evolve(GERMAN_RUMMY, rediscard_taken=True)
    state = position(rules, hands=("7♠ 8♠ 9♠", SEAT_1, SEAT_2), discard="K♦", table=table)
    state = play(state, TakeDiscard(), LayDown("7♠ 8♠ 9♠"))
    assert Summary.of(
        hands=("K♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0, False), ("7♠ 8♠ 9♠", 0, False)),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


# -- §4 drawing: take_discard = immediate_use ---------------------------------------


@pytest.mark.parametrize("name", IMMEDIATE_USE)
def test_immediate_use_take_must_use_the_card_DRoV_Nr_4(name: str) -> None:
    """DRoV Nr. 4a/4b, cardgames.zone §6: the taken card must be in the take's first use (Reason.TAKEN_CARD_NOT_USED)."""
    state = position(PRESETS[name], hands=("7♠ 8♠ 9♠ 2♥ 4♣", SEAT_1, SEAT_2), discard="K♦")
    assert Reason.TAKEN_CARD_NOT_USED == refusal(state, TakeDiscard())
    assert Reason.TAKEN_CARD_NOT_USED == refusal(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")))


@pytest.mark.parametrize("name", IMMEDIATE_USE)
def test_immediate_use_unusable_discard_is_not_offered_cardgames_zone_6(name: str) -> None:
    """cardgames.zone §6 ("take it only if you can meld it at once"): an unusable discard is not among legal_actions."""
    state = position(PRESETS[name], hands=("2♥ 4♣ 9♠", SEAT_1, SEAT_2), discard="K♦")
    assert (Draw(),) == legal_actions(state)


def test_immediate_use_usable_discard_is_offered_cardgames_zone_6() -> None:
    """cardgames.zone §6: under classic a discard that opens at once is offered as one take-and-meld action."""
    state = position(CLASSIC, hands=("J♦ Q♦ 5♣", SEAT_1, SEAT_2), discard="K♦")
    take = TakeDiscard(LayDown("J♦ Q♦ K♦", MeldKind.RUN))
    assert (Draw(), take) == legal_actions(state)
    assert Summary.of(
        hands=("5♣", SEAT_1, SEAT_2),
        table=(("J♦ Q♦ K♦", 0, False),),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(apply(state, take))


def test_immediate_use_opening_completed_in_same_turn_DRoV_Streitfall_21() -> None:
    """DRoV Streitfall 21: two hand cards + the taken card start an opening that the same turn completes."""
    state = position(DROV, hands=("Q♥ K♥ 10♣ 10♠ 10♦ 5♣ 2♦", SEAT_1, SEAT_2), discard="4♠ J♥")
    state = apply(state, TakeDiscard(LayDown("J♥ Q♥ K♥")))
    assert Summary.of(
        hands=("10♣ 10♠ 10♦ 5♣ 2♦", SEAT_1, SEAT_2),
        table=(("J♥ Q♥ K♥", 0, True),),
        discard_pile="4♠",
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)
    state = apply(state, LayDown("10♣ 10♠ 10♦"))
    assert Summary.of(
        hands=("5♣ 2♦", SEAT_1, SEAT_2),
        table=(("J♥ Q♥ K♥", 0, False), ("10♣ 10♠ 10♦", 0, False)),
        discard_pile="4♠",
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)
    state = apply(state, Discard("5♣"))
    assert Summary.of(
        hands=("2♦", SEAT_1, SEAT_2),
        table=(("J♥ Q♥ K♥", 0, False), ("10♣ 10♠ 10♦", 0, False)),
        discard_pile="4♠ 5♣",
        opened=(True, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(state)


def test_immediate_use_opening_that_cannot_be_completed_DRoV_Streitfall_21() -> None:
    """DRoV Streitfall 21: the rest of the threshold must follow this turn, else the take is refused."""
    state = position(DROV, hands=("Q♥ K♥ 5♣ 2♦ 8♠", SEAT_1, SEAT_2), discard="J♥")
    assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, TakeDiscard(LayDown("J♥ Q♥ K♥")))
    assert (Draw(),) == legal_actions(state)


def test_immediate_use_before_opening_only_towards_the_opening_RULES_4() -> None:
    """Rules §4 (DRoV Streitfall 21): before opening the taken card may not be laid off (Reason.NOT_OPENED)."""
    state = position(
        DROV, hands=("Q♥ 3♣ 5♦", SEAT_1, SEAT_2), discard="J♥", table=(("8♥ 9♥ 10♥", 1),)
    )
    assert Reason.NOT_OPENED == refusal(state, TakeDiscard(LayOff(0, "J♥")))
    assert (Draw(),) == legal_actions(state)


@pytest.mark.parametrize("name", IMMEDIATE_USE)
def test_immediate_use_may_not_empty_the_hand_DRoV_Streitfall_7(name: str) -> None:
    """DRoV Streitfall 7: a take whose use would empty the hand is refused (Reason.MUST_KEEP_A_CARD)."""
    state = position(
        PRESETS[name], hands=("J♦ Q♦", SEAT_1, SEAT_2), discard="K♦", table=(("2♠ 3♠ 4♠", 0),)
    )
    assert Reason.MUST_KEEP_A_CARD == refusal(state, TakeDiscard(LayDown("J♦ Q♦ K♦")))
    assert (Draw(),) == legal_actions(state)


def test_immediate_use_mauscheln_DRoV_Nr_10_Streitfall_2() -> None:
    """DRoV Nr. 10, Streitfall 2 ("mauscheln"): the taken J♥ is laid off together with the hand's Q♥."""
    state = position(
        DROV,
        hands=("Q♥ 3♣ 5♦", SEAT_1, SEAT_2),
        discard="6♣ J♥",
        table=(("8♥ 9♥ 10♥", 1), ("2♠ 3♠ 4♠", 0)),
    )
    state = apply(state, TakeDiscard(LayOff(0, "J♥ Q♥")))
    assert Summary.of(
        hands=("3♣ 5♦", SEAT_1, SEAT_2),
        table=(("8♥ 9♥ 10♥ J♥ Q♥", 1, False), ("2♠ 3♠ 4♠", 0, False)),
        discard_pile="6♣",
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_last_card_stock_only_DRoV_Nr_10(name: str) -> None:
    """DRoV Nr. 10: holding one card, a player may draw only from the stock (Reason.LAST_CARD_STOCK_ONLY)."""
    state = position(
        PRESETS[name], hands=("9♦", SEAT_1, SEAT_2), discard="6♣", table=(("3♣ 4♣ 5♣", 0),)
    )
    assert Reason.LAST_CARD_STOCK_ONLY == refusal(state, TakeDiscard(LayOff(0, "6♣")))
    assert (Draw(),) == legal_actions(state)


def test_last_card_may_take_under_classic_cardgames_zone_6() -> None:
    """Rules §4, cardgames.zone §6: without last_card_stock_only a player holding one card may take the discard."""
    state = position(CLASSIC, hands=("9♦", SEAT_1, SEAT_2), discard="6♣", table=(("3♣ 4♣ 5♣", 0),))
    state = apply(state, TakeDiscard(LayOff(0, "6♣")))
    assert Summary.of(
        hands=("9♦", SEAT_1, SEAT_2),
        table=(("3♣ 4♣ 5♣ 6♣", 0, False),),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_last_card_may_take_under_free_take_cardgames_zone_10() -> None:
    """Rules §4, cardgames.zone §10 (cardgames-zone): with a free take a player holding one card may take the discard."""
    state = position(
        CARDGAMES_ZONE, hands=("9♦", SEAT_1, SEAT_2), discard="6♣", table=(("3♣ 4♣ 5♣", 0),)
    )
    state = apply(state, TakeDiscard())
    assert Summary.of(
        hands=("6♣ 9♦", SEAT_1, SEAT_2),
        table=(("3♣ 4♣ 5♣", 0, False),),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


# -- §4 play: lay-offs -------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_layoff_onto_other_players_meld_at_either_end_cardgames_zone_6(name: str) -> None:
    """cardgames.zone §6, DRoV Nr. 9: an opened player lays off onto another player's run, at the high and the low end."""
    state = position(
        PRESETS[name],
        hands=("3♦ 7♦ 2♦ 5♠ 9♣", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0), ("4♦ 5♦ 6♦", 1)),
        phase=Phase.PLAY,
    )
    high = apply(state, LayOff(1, "7♦"))
    assert ("4♦ 5♦ 6♦ 7♦", 1, False) == summary(high).table[1]
    assert hand("3♦ 2♦ 5♠ 9♣") == high.hand
    low = apply(high, LayOff(1, "2♦ 3♦", Side.LOW))
    own = apply(low, LayOff(0, "5♠"))
    assert Summary.of(
        hands=("9♣", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠ 5♠", 0, False), ("2♦ 3♦ 4♦ 5♦ 6♦ 7♦", 1, False)),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(own)
    # Without a side the card goes where it fits; at the wrong end it does not fit.
    assert ("3♦ 4♦ 5♦ 6♦", 1, False) == summary(apply(state, LayOff(1, "3♦"))).table[1]
    assert Reason.LAYOFF_DOES_NOT_FIT == refusal(state, LayOff(1, "3♦", Side.HIGH))
    assert Reason.LAYOFF_DOES_NOT_FIT == refusal(state, LayOff(1, "9♣"))


def test_layoff_onto_a_meld_the_table_does_not_hold_names_the_numbers_cardgames_zone_6() -> None:
    """cardgames.zone §6: a lay-off names a table meld; a number past the table is refused, saying which exist."""
    state = position(
        CLASSIC,
        hands=("7♦ 5♠ 9♣", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1),),
        opened=(True, True, False),
        phase=Phase.PLAY,
    )
    assert Reason.NO_SUCH_MELD == refusal(state, LayOff(1, "7♦"))
    with pytest.raises(IllegalActionError, match="no table meld 1: the one table meld is number 0"):
        apply(state, LayOff(1, "7♦"))
    wider = position(
        CLASSIC,
        hands=("7♦ 5♠ 9♣", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1), ("2♠ 3♠ 4♠", 1)),
        opened=(True, True, False),
        phase=Phase.PLAY,
    )
    with pytest.raises(
        IllegalActionError, match="no table meld 5: the table melds are numbered 0 to 1"
    ):
        apply(wider, LayOff(5, "5♠"))


@pytest.mark.parametrize("name", ["drov", "classic"])
def test_layoff_joker_and_card_together_DRoV_Streitfall_2(name: str) -> None:
    """DRoV Streitfall 2: JK and Q♥ are laid off together onto 8♥ JK 10♥."""
    state = position(
        PRESETS[name],
        hands=("JK Q♥ 3♣", SEAT_1, SEAT_2),
        table=(("8♥ JK 10♥", 1), ("2♠ 3♠ 4♠", 0)),
        phase=Phase.PLAY,
    )
    state = apply(state, LayOff(0, "JK Q♥"))
    assert Summary.of(
        hands=("3♣", SEAT_1, SEAT_2),
        table=(("8♥ JK 10♥ JK Q♥", 1, False), ("2♠ 3♠ 4♠", 0, False)),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_layoff_around_the_corner_DRoV_Nr_8_cardgames_zone_5(name: str) -> None:
    """DRoV Nr. 8 (ace_wraps): 2♣ onto Q♣ K♣ A♣ is legal under drov and ass; cardgames.zone §5 refuses K-A-2."""
    state = position(
        PRESETS[name],
        hands=("2♣ 9♦", SEAT_1, SEAT_2),
        table=(("Q♣ K♣ A♣", 1), ("2♠ 3♠ 4♠", 0)),
        phase=Phase.PLAY,
    )
    if name in ("drov", "ass"):
        state = apply(state, LayOff(0, "2♣"))
        assert Summary.of(
            hands=("9♦", SEAT_1, SEAT_2),
            table=(("Q♣ K♣ A♣ 2♣", 1, False), ("2♠ 3♠ 4♠", 0, False)),
            opened=(True, True, False),
            current_player=0,
            phase=Phase.PLAY,
        ) == summary(state)
    else:
        assert Reason.AROUND_THE_CORNER == refusal(state, LayOff(0, "2♣"))


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_layoff_before_opening_refused_DRoV_Nr_9_cardgames_zone_6(name: str) -> None:
    """DRoV Nr. 9, cardgames.zone §6: a player who has not opened may not lay off (Reason.NOT_OPENED)."""
    state = position(
        PRESETS[name],
        hands=("7♦ 2♣ 9♠", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1),),
        phase=Phase.PLAY,
    )
    assert Reason.NOT_OPENED == refusal(state, LayOff(0, "7♦"))
    assert not any(isinstance(action, LayOff) for action in legal_actions(state))


# -- §4 discarding ----------------------------------------------------------------


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_joker_discard_mid_game_DRoV_Nr_4(name: str) -> None:
    """DRoV Nr. 4 (last_card_only): no joker discard mid-game (Reason.JOKER_DISCARD); cardgames.zone/German Rummy page/house rules allow it."""
    state = position(PRESETS[name], hands=("JK 5♣ 7♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    if name in ("drov", "ass", "schmidt"):
        assert Reason.JOKER_DISCARD == refusal(state, Discard("JK"))
        assert Discard(JOKER) not in legal_actions(state)
        return
    assert Summary.of(
        hands=("5♣ 7♦", SEAT_1, SEAT_2),
        discard_pile="JK",
        opened=(False, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(apply(state, Discard("JK")))


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_joker_discard_from_a_joker_and_one_natural_card_DRoV_Nr_4(name: str) -> None:
    """DRoV Nr. 4 and Streitfall 8: holding a joker and one natural card, the joker may not be discarded; the natural card may."""
    state = position(
        PRESETS[name], hands=("JK 5♣", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    assert Reason.JOKER_DISCARD == refusal(state, Discard("JK"))
    assert (Discard("5♣"),) == tuple(a for a in legal_actions(state) if isinstance(a, Discard))
    after = apply(state, Discard("5♣"))
    assert (JOKER,) == after.hands[0]
    assert 1 == after.current_player


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_jokers_only_discard_ends_round_DRoV_Streitfall_8(name: str) -> None:
    """DRoV Streitfall 8: from a hand of two jokers one is discarded; the round ends and the kept joker costs 20."""
    state = position(
        PRESETS[name],
        hands=("JK JK", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0),),
        phase=Phase.PLAY,
    )
    state = apply(state, Discard("JK"))
    assert Phase.ROUND_OVER == state.phase
    assert ((JOKER,), hand(SEAT_1), hand(SEAT_2)) == state.hands
    assert "JK" == summary(state).discard_pile
    result = score_round(state)
    assert EndReason.JOKERS_ONLY == result.end
    assert result.winner is None
    assert not result.hand_romme
    assert (20, 13, 26) == result.penalties


def test_jokers_only_discard_ends_turn_under_classic_cardgames_zone() -> None:
    """Rules §4 (classic, no jokers_only_ends_round): discarding one of two jokers just ends the turn."""
    state = position(
        CLASSIC, hands=("JK JK", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    assert Summary.of(
        hands=("JK", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0, False),),
        discard_pile="JK",
        opened=(True, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(apply(state, Discard("JK")))
