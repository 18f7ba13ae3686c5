"""The game engine rule by rule (rules §2–§10; §5, the opening, in tests/rules/test_s5_opening.py), for every preset where the rule differs.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n,
DRoV Streitfall n, cardgames.zone §n, German Rummy page, house rules). Positions are set up from the
cards the rule needs (`tests.scenarios._helpers.position`); the expected
hands, table, discard pile, phase, seat to act and penalties are written
out by hand. Unless a test says otherwise seat 0 acts, seat 1 holds
``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30
with the German Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Final

import attrs
import pytest

from romme import (
    JOKER,
    PRESETS,
    Card,
    Discard,
    Draw,
    EndReason,
    ExtraCard,
    FirstPlayer,
    GameState,
    IllegalActionError,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Reason,
    Rules,
    Side,
    SwapJoker,
    SwappedJoker,
    TakeBack,
    TakeDiscard,
    apply,
    legal_actions,
    new_game,
    score_round,
)
from tests.scenarios._helpers import (
    CARDGAMES_ZONE,
    CLASSIC,
    DROV,
    GERMAN_RUMMY,
    HOUSE,
    Summary,
    hand,
    play,
    position,
    refusal,
    summary,
)

SEAT_1: Final = "K♥ 3♣"
"""Seat 1's hand in most positions: 13 penalty points."""
SEAT_2: Final = "A♦ 7♣ 8♣"
"""Seat 2's hand in most positions: 26 penalty points (30 with the ace at 15)."""

ALL_PRESETS: Final = tuple(
    name
    for name in PRESETS
    if not (PRESETS[name].rearrange or PRESETS[name].knocking or PRESETS[name].buying)
)
"""The rule books' presets (rules §12) and ghidi; the Räuber-Rommé presets and ASS with a claim out
of turn differ from their rule book in rules §13 only and have tests of their own
(tests/scenarios/test_raeuber.py, tests/scenarios/test_claims.py)."""
IMMEDIATE_USE: Final = ("drov", "classic", "ass", "schmidt")
"""The presets with ``take_discard = immediate_use``."""
FREE_TAKE: Final = ("cardgames-zone", "german-rummy", "house")
"""The presets with ``take_discard = free``."""


def _natural(state: GameState) -> Card:
    """Return a natural card of the hand of the player to act (to end a turn in a test)."""
    return next(card for card in state.hand if not card.is_joker)


def _plain_turn(state: GameState) -> GameState:
    """Draw from the stock and discard a natural card."""
    state = apply(state, Draw())
    return apply(state, Discard(_natural(state)))


# -- §2 deck, seats, deal ----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "sizes", "upcards", "stock", "phase"),
    [
        # DRoV Nr. 2-3: the dealer (seat 0) sits out, 13 each, an upcard, everyone draws.
        ("drov", (0, 13, 13, 13), 1, 110 - 39 - 1, Phase.DRAW),
        # cardgames.zone §4: the first player gets 14, no upcard, the first player does not draw.
        ("classic", (13, 14, 13, 13), 0, 110 - 53, Phase.PLAY),
        ("cardgames-zone", (13, 14, 13, 13), 0, 110 - 53, Phase.PLAY),
        # German Rummy page: 13 each, an upcard.
        ("german-rummy", (13, 13, 13, 13), 1, 110 - 52 - 1, Phase.DRAW),
        # House rules: 13 each, an upcard, four jokers (108 cards).
        ("house", (13, 13, 13, 13), 1, 108 - 52 - 1, Phase.DRAW),
        # ASS and Schmidt leaflets: DRoV's deal with the dealer playing.
        ("ass", (13, 13, 13, 13), 1, 110 - 52 - 1, Phase.DRAW),
        ("schmidt", (13, 13, 13, 13), 1, 110 - 52 - 1, Phase.DRAW),
    ],
)
def test_deal_per_preset_RULES_2(
    name: str, sizes: tuple[int, ...], upcards: int, stock: int, phase: Phase
) -> None:
    """Rules §2 (DRoV Nr. 2-3, cardgames.zone §4, German Rummy page, house rules): hand sizes, extra card, upcard, first draw."""
    state = new_game(PRESETS[name], 4, seed=11, dealer=0)
    assert sizes == state.hand_sizes()
    assert upcards == len(state.discard_pile)
    assert stock == len(state.stock)
    assert 1 == state.current_player
    assert phase == state.phase
    assert (False, False, False, False) == state.opened
    assert () == state.table


def test_deal_dealer_sits_out_and_is_skipped_DRoV_Nr_2() -> None:
    """DRoV Nr. 2: under drov the dealer gets no cards and play passes over the dealer's seat."""
    state = new_game(DROV, 4, seed=5, dealer=2)
    assert (13, 13, 0, 13) == state.hand_sizes()
    assert (True, True, False, True) == state.dealt_in
    assert 3 == state.current_player
    seats = [state.current_player]
    for _ in range(4):
        state = _plain_turn(state)
        seats.append(state.current_player)
    assert [3, 0, 1, 3, 0] == seats
    assert 0 == state.hand_sizes()[2]


def test_deal_dealer_plays_under_default_rules_RULES_12() -> None:
    """Rules §12: Rules() is DRoV with the dealer playing: everyone gets 13 cards."""
    state = new_game(Rules(), 4, seed=5, dealer=2)
    assert (13, 13, 13, 13) == state.hand_sizes()
    assert (True, True, True, True) == state.dealt_in
    assert 3 == state.current_player


def test_deal_extra_card_to_the_dealer_RULES_2() -> None:
    """Rules §2: extra_card = dealer gives the dealer the 14th card; the player left of them starts."""
    rules = attrs.evolve(CLASSIC, extra_card=ExtraCard.DEALER)
    state = new_game(rules, 3, seed=5, dealer=1)
    assert (13, 14, 13) == state.hand_sizes()
    assert 2 == state.current_player


def test_deal_first_player_dealer_RULES_2() -> None:
    """Rules §2: first_player = dealer lets the dealer start (and get the first player's extra card)."""
    rules = attrs.evolve(CLASSIC, first_player=FirstPlayer.DEALER)
    state = new_game(rules, 3, seed=5, dealer=1)
    assert 1 == state.current_player
    assert (13, 14, 13) == state.hand_sizes()


def test_deal_first_turn_without_draw_cardgames_zone_4() -> None:
    """cardgames.zone §4: with first_turn_draws off the first player starts in the play phase and may not draw."""
    state = new_game(CLASSIC, 3, seed=5, dealer=0)
    assert Phase.PLAY == state.phase
    assert Reason.WRONG_PHASE == refusal(state, Draw())
    after = apply(state, Discard(_natural(state)))
    assert (13, 13, 13) == after.hand_sizes()
    assert 2 == after.current_player
    assert Phase.DRAW == after.phase


def test_deal_is_reproducible_from_the_seed_RULES_2() -> None:
    """Rules §2: the same seed gives the same deal; different seeds give different deals."""
    for rules in (DROV, CLASSIC):
        assert new_game(rules, 4, seed=2024) == new_game(rules, 4, seed=2024)
        assert new_game(rules, 4, seed=2024).hands != new_game(rules, 4, seed=2025).hands
    unseeded = new_game(CLASSIC, 3)
    assert unseeded == new_game(CLASSIC, 3, seed=unseeded.seed)


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


# -- §6 joker swap -----------------------------------------------------------------


def _swap_position(rules: Rules, joker_meld: str, held: str) -> GameState:
    """Seat 0 has opened (2♠ 3♠ 4♠) and holds `held`; seat 1's `joker_meld` is table meld 1."""
    return position(
        rules,
        hands=(held, SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0), (joker_meld, 1)),
        phase=Phase.PLAY,
    )


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_swap_from_three_card_set_refused_DRoV_Nr_9(name: str) -> None:
    """DRoV Nr. 9, Streitfall 14 (swap_set_needs_four): no swap out of a 3-card set (Reason.SWAP_NEEDS_FOUR)."""
    state = _swap_position(PRESETS[name], "7♣ 7♠ JK", "7♥ 4♣ 5♣ 9♦")
    assert Reason.SWAP_NEEDS_FOUR == refusal(state, SwapJoker(1, "7♥", LayDown("4♣ 5♣ JK")))


def test_swap_from_four_card_set_DRoV_Nr_9() -> None:
    """DRoV Nr. 9: from a 4-card set the joker may be swapped for the one missing suit."""
    state = _swap_position(DROV, "7♣ 7♠ 7♥ JK", "7♦ 4♣ 5♣ 9♦")
    state = apply(state, SwapJoker(1, "7♦", LayDown("4♣ 5♣ JK")))
    assert Summary.of(
        hands=("9♦", SEAT_1, SEAT_2),
        table=(
            ("2♠ 3♠ 4♠", 0, False),
            ("7♣ 7♠ 7♥ 7♦", 1, False),
            ("4♣ 5♣ JK", 0, False),
        ),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


@pytest.mark.parametrize("name", ["classic", "cardgames-zone", "german-rummy"])
@pytest.mark.parametrize("card", ["7♥", "7♦"])
def test_swap_from_three_card_set_allowed_cardgames_zone_6(name: str, card: str) -> None:
    """cardgames.zone §6, rules §6: without swap_set_needs_four the joker of 7♣ 7♠ JK swaps for either missing 7."""
    state = _swap_position(PRESETS[name], "7♣ 7♠ JK", f"{card} 4♣ 5♣ 9♦")
    state = apply(state, SwapJoker(1, card, LayDown("4♣ 5♣ JK")))
    assert Summary.of(
        hands=("9♦", SEAT_1, SEAT_2),
        table=(
            ("2♠ 3♠ 4♠", 0, False),
            (f"7♣ 7♠ {card}", 1, False),
            ("4♣ 5♣ JK", 0, False),
        ),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_swap_wrong_card_cardgames_zone_6(name: str) -> None:
    """cardgames.zone §6, DRoV Nr. 9: the real card must be the one the joker stands for (Reason.WRONG_SWAP_CARD)."""
    rules = PRESETS[name]
    run = _swap_position(rules, "8♥ JK 10♥", "9♦ 9♥ 7♣ 4♣ 5♣")
    then = None if rules.swapped_joker is SwappedJoker.TO_HAND else LayDown("4♣ 5♣ JK")
    assert Reason.WRONG_SWAP_CARD == refusal(run, SwapJoker(1, "9♦", then))
    as_set = _swap_position(rules, "7♣ 7♠ 7♥ JK", "9♦ 9♥ 7♠ 4♣ 5♣")
    assert Reason.WRONG_SWAP_CARD == refusal(as_set, SwapJoker(1, "7♠", then))


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_swap_before_opening_refused_DRoV_Nr_9(name: str) -> None:
    """DRoV Nr. 9, cardgames.zone §6: only a player who has opened may swap (Reason.NOT_OPENED)."""
    rules = PRESETS[name]
    state = position(
        rules, hands=("9♥ 4♣ 5♣ 2♦", SEAT_1, SEAT_2), table=(("8♥ JK 10♥", 1),), phase=Phase.PLAY
    )
    then = None if rules.swapped_joker is SwappedJoker.TO_HAND else LayDown("4♣ 5♣ JK")
    assert Reason.NOT_OPENED == refusal(state, SwapJoker(0, "9♥", then))


@pytest.mark.parametrize("name", ["drov", "classic"])
def test_swapped_joker_meld_same_turn_cardgames_zone_9_DRoV_Nr_6(name: str) -> None:
    """cardgames.zone §9, DRoV Nr. 6 (meld_same_turn): the freed joker must be placed in the swap action."""
    state = _swap_position(PRESETS[name], "8♥ JK 10♥", "9♥ 4♣ 5♣ 6♣ 2♦")
    assert Reason.SWAPPED_JOKER_NOT_PLACED == refusal(state, SwapJoker(1, "9♥"))
    assert Reason.SWAPPED_JOKER_NOT_PLACED == refusal(
        state, SwapJoker(1, "9♥", LayDown("4♣ 5♣ 6♣"))
    )
    assert Reason.SWAPPED_JOKER_NOT_PLACED == refusal(state, SwapJoker(1, "9♥", Discard("JK")))
    state = apply(state, SwapJoker(1, "9♥", LayDown("4♣ 5♣ JK")))
    assert Summary.of(
        hands=("6♣ 2♦", SEAT_1, SEAT_2),
        table=(
            ("2♠ 3♠ 4♠", 0, False),
            ("8♥ 9♥ 10♥", 1, False),
            ("4♣ 5♣ JK", 0, False),
        ),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_swapped_joker_to_hand_house_rules() -> None:
    """House rules ¶5 (house, to_hand): the freed joker goes to the hand; no placement goes with the swap."""
    state = _swap_position(HOUSE, "8♥ JK 10♥", "9♥ 4♣ 5♣ 2♦")
    assert Reason.SWAPPED_JOKER_TO_HAND == refusal(state, SwapJoker(1, "9♥", LayDown("4♣ 5♣ JK")))
    state = apply(state, SwapJoker(1, "9♥"))
    assert Summary.of(
        hands=("JK 4♣ 5♣ 2♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0, False), ("8♥ 9♥ 10♥", 1, False)),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_swapped_joker_meld_or_discard_german_rummy() -> None:
    """German Rummy page (german-rummy, meld_or_discard): swap, then discard the freed joker, which ends the turn."""
    state = _swap_position(GERMAN_RUMMY, "8♥ JK 10♥", "9♥ 4♣ 5♣ 2♦")
    assert Reason.SWAPPED_JOKER_NOT_PLACED == refusal(state, SwapJoker(1, "9♥"))
    discarded = apply(state, SwapJoker(1, "9♥", Discard("JK")))
    assert Summary.of(
        hands=("4♣ 5♣ 2♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0, False), ("8♥ 9♥ 10♥", 1, False)),
        discard_pile="JK",
        opened=(True, True, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(discarded)
    melded = apply(state, SwapJoker(1, "9♥", LayDown("4♣ 5♣ JK")))
    assert Summary.of(
        hands=("2♦", SEAT_1, SEAT_2),
        table=(
            ("2♠ 3♠ 4♠", 0, False),
            ("8♥ 9♥ 10♥", 1, False),
            ("4♣ 5♣ JK", 0, False),
        ),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(melded)


def test_swap_back_into_same_meld_refused_german_rummy() -> None:
    """German Rummy page (swap_back_same_meld off): the freed joker may not go back into its meld (Reason.SWAP_BACK_SAME_MELD)."""
    state = _swap_position(GERMAN_RUMMY, "8♥ JK 10♥", "9♥ 4♣ 2♦")
    assert Reason.SWAP_BACK_SAME_MELD == refusal(state, SwapJoker(1, "9♥", LayOff(1, "JK")))


def test_swap_back_into_same_meld_allowed_cardgames_zone() -> None:
    """Rules §6 (classic, swap_back_same_meld on): the freed joker may go back to the end of its run."""
    state = _swap_position(CLASSIC, "8♥ JK 10♥", "9♥ 4♣ 2♦")
    state = apply(state, SwapJoker(1, "9♥", LayOff(1, "JK")))
    assert Summary.of(
        hands=("4♣ 2♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0, False), ("8♥ 9♥ 10♥ JK", 1, False)),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_swap_own_new_joker_refused_then_allowed_next_turn_DRoV_Streitfall_20() -> None:
    """DRoV Streitfall 20: a joker laid this turn may not be swapped this turn (Reason.SWAP_OWN_NEW_JOKER), next turn it may."""
    state = position(
        DROV,
        hands=("4♣ 5♣ JK 6♣ 2♦ 9♠", SEAT_1, SEAT_2),
        table=(("8♥ 9♥ 10♥", 0),),
        stock_top="3♥ 5♠ 7♦",
        phase=Phase.PLAY,
    )
    state = apply(state, LayDown("4♣ 5♣ JK"))
    swap = SwapJoker(1, "6♣", LayOff(0, "JK"))
    assert Reason.SWAP_OWN_NEW_JOKER == refusal(state, swap)
    state = play(state, Discard("9♠"), Draw(), Discard("7♦"), Draw(), Discard("5♠"), Draw())
    assert 0 == state.current_player
    state = apply(state, swap)
    assert Summary.of(
        hands=("2♦ 3♥", "K♥ 3♣", "A♦ 7♣ 8♣"),
        table=(("8♥ 9♥ 10♥ JK", 0, False), ("4♣ 5♣ 6♣", 0, False)),
        discard_pile="9♠ 7♦ 5♠",
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


@pytest.mark.parametrize(
    ("layoff", "swap"),
    [
        (LayOff(1, "JK"), SwapJoker(1, "7♦", LayOff(0, "JK"))),  # 7♣ 7♠ 7♥ + JK
        (LayOff(2, "JK", Side.LOW), SwapJoker(2, "7♥", LayOff(0, "JK"))),  # JK + 8♥ 9♥ 10♥
    ],
)
def test_swap_own_new_joker_laid_off_DRoV_Streitfall_20(layoff: LayOff, swap: SwapJoker) -> None:
    """DRoV Streitfall 20: a joker laid off this turn (onto a set or a run) may not be swapped this turn either."""
    state = position(
        DROV,
        hands=("JK 7♦ 7♥ 2♦ 3♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0), ("7♣ 7♠ 7♥", 1), ("8♥ 9♥ 10♥", 1)),
        phase=Phase.PLAY,
    )
    state = apply(state, layoff)
    assert Reason.SWAP_OWN_NEW_JOKER == refusal(state, swap)


def test_swap_own_new_joker_allowed_cardgames_zone() -> None:
    """Rules §6 (classic, swap_own_new_joker on): a joker laid this turn may be swapped at once."""
    state = position(
        CLASSIC,
        hands=("4♣ 5♣ JK 6♣ 2♦ 9♠", SEAT_1, SEAT_2),
        table=(("8♥ 9♥ 10♥", 0),),
        phase=Phase.PLAY,
    )
    state = play(state, LayDown("4♣ 5♣ JK"), SwapJoker(1, "6♣", LayOff(0, "JK")))
    assert Summary.of(
        hands=("2♦ 9♠", SEAT_1, SEAT_2),
        table=(("8♥ 9♥ 10♥ JK", 0, False), ("4♣ 5♣ 6♣", 0, False)),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


# -- §4 discarding, §7 going out ---------------------------------------------------


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


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_joker_as_last_card_goes_out_DRoV_Nr_4(name: str) -> None:
    """DRoV Nr. 4, rules §7: a joker discarded as the last card goes out; the winner scores 0."""
    state = position(
        PRESETS[name], hands=("JK", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    state = apply(state, Discard("JK"))
    assert Phase.ROUND_OVER == state.phase
    assert ((), hand(SEAT_1), hand(SEAT_2)) == state.hands
    assert "JK" == summary(state).discard_pile
    result = score_round(state)
    assert EndReason.WENT_OUT == result.end
    assert 0 == result.winner
    assert not result.hand_romme
    ace = 15 if name == "german-rummy" else 11
    assert (0, 13, ace + 15) == result.penalties


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


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_last_card_must_be_discarded_DRoV_Streitfall_7(name: str) -> None:
    """DRoV Streitfall 7, cardgames.zone §8: a lay-down or lay-off that empties the hand is refused (Reason.MUST_KEEP_A_CARD)."""
    state = position(
        PRESETS[name],
        hands=("4♦ 5♦ 6♦", SEAT_1, SEAT_2),
        table=(("2♠ 3♠ 4♠", 0),),
        phase=Phase.PLAY,
    )
    assert Reason.MUST_KEEP_A_CARD == refusal(state, LayDown("4♦ 5♦ 6♦"))
    state = position(
        PRESETS[name], hands=("5♠", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    assert Reason.MUST_KEEP_A_CARD == refusal(state, LayOff(0, "5♠"))
    assert (Discard("5♠"),) == legal_actions(state)


@pytest.mark.parametrize("name", ["drov", "classic"])
def test_meld_last_card_goes_out_without_discard_to_go_out_RULES_7(name: str) -> None:
    """Rules §7: with discard_to_go_out off, melding the last cards goes out without a discard."""
    rules = attrs.evolve(PRESETS[name], discard_to_go_out=False)
    state = position(
        rules, hands=("4♦ 5♦ 6♦", SEAT_1, SEAT_2), table=(("2♠ 3♠ 4♠", 0),), phase=Phase.PLAY
    )
    state = apply(state, LayDown("4♦ 5♦ 6♦"))
    assert Phase.ROUND_OVER == state.phase
    assert (("2♠ 3♠ 4♠", 0, False), ("4♦ 5♦ 6♦", 0, False)) == summary(state).table
    assert "" == summary(state).discard_pile
    result = score_round(state)
    assert EndReason.WENT_OUT == result.end
    assert 0 == result.winner
    assert not result.hand_romme
    assert (0, 13, 26) == result.penalties


# -- §8 Hand-Rommé -----------------------------------------------------------------

HAND_ROMME_WAIVER: Final = {
    # preset: penalties after a Hand-Rommé of 4♦ 5♦ 6♦ + 2♣ 2♠ 2♥ (21), or None if refused.
    "drov": (0, 13, 26),
    "ass": (0, 13, 26),
    "schmidt": (0, 26, 52),
    "classic": None,
    "cardgames-zone": None,
    "german-rummy": None,
    "house": None,
    "ghidi": None,
}


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_hand_romme_below_threshold_DRoV_Nr_10(name: str) -> None:
    """DRoV Nr. 10 (hand_romme_waives_threshold): own melds worth 21 go out as Hand-Rommé; cardgames.zone needs the threshold."""
    state = position(
        PRESETS[name], hands=("4♦ 5♦ 6♦ 2♣ 2♠ 2♥ 9♠", SEAT_1, SEAT_2), phase=Phase.PLAY
    )
    penalties = HAND_ROMME_WAIVER[name]
    if penalties is None:
        assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, LayDown("4♦ 5♦ 6♦"))
        return
    state = apply(state, LayDown("4♦ 5♦ 6♦"))
    assert (("4♦ 5♦ 6♦", 0, True),) == summary(state).table
    state = apply(state, LayDown("2♣ 2♠ 2♥"))
    assert (("4♦ 5♦ 6♦", 0, True), ("2♣ 2♠ 2♥", 0, True)) == summary(state).table
    state = apply(state, Discard("9♠"))
    assert Summary.of(
        hands=("", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 0, False), ("2♣ 2♠ 2♥", 0, False)),
        discard_pile="9♠",
        opened=(True, False, False),
        current_player=0,
        phase=Phase.ROUND_OVER,
    ) == summary(state)
    result = score_round(state)
    assert EndReason.WENT_OUT == result.end
    assert 0 == result.winner
    assert result.hand_romme
    assert penalties == result.penalties


@pytest.mark.parametrize(("name", "penalties"), [("drov", (0, 13, 26)), ("classic", (0, 26, 52))])
def test_hand_romme_with_layoff_DRoV_Nr_10(name: str, penalties: tuple[int, ...]) -> None:
    """DRoV Nr. 10 ("Hand-Rommé mit Anlegen"): open with 40, lay off onto another's meld, go out: a Hand-Rommé."""
    state = position(
        PRESETS[name],
        hands=("10♣ J♣ Q♣ K♣ 7♦ 9♠", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1),),
        phase=Phase.PLAY,
    )
    state = play(state, LayDown("10♣ J♣ Q♣ K♣"), LayOff(0, "7♦"), Discard("9♠"))
    assert (("4♦ 5♦ 6♦ 7♦", 1, False), ("10♣ J♣ Q♣ K♣", 0, False)) == summary(state).table
    result = score_round(state)
    assert 0 == result.winner
    assert result.hand_romme
    assert penalties == result.penalties


HAND_ROMME_MULTIPLIER: Final = {
    # preset: penalties of seats 1 and 2 (13 and 26, or 13 and 30 with the ace at 15) times the multiplier.
    "drov": (0, 13, 26),  # DRoV: 1
    "classic": (0, 26, 52),  # cardgames.zone §8: others pay double
    "cardgames-zone": (0, 26, 52),
    "german-rummy": (0, 26, 60),  # German Rummy page: double, ace 15
    "house": (0, 13, 26),  # House rules: 1
    "ass": (0, 13, 26),
    "schmidt": (0, 26, 52),  # Schmidt: double
    "ghidi": (0, 26, 52),  # cardgames.zone §10 changes only the deal
}


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_hand_romme_multiplier_cardgames_zone_8(name: str) -> None:
    """cardgames.zone §8 (hand_romme_multiplier): after a Hand-Rommé others pay double under classic (2), not under drov (1)."""
    state = position(
        PRESETS[name], hands=("10♣ J♣ Q♣ 5♥ 5♠ 5♦ 9♠", SEAT_1, SEAT_2), phase=Phase.PLAY
    )
    state = play(state, LayDown("10♣ J♣ Q♣"), LayDown("5♠ 5♥ 5♦"), Discard("9♠"))
    assert Phase.ROUND_OVER == state.phase
    assert (("10♣ J♣ Q♣", 0, False), ("5♠ 5♥ 5♦", 0, False)) == summary(state).table
    result = score_round(state)
    assert result.hand_romme
    assert 0 == result.winner
    assert HAND_ROMME_MULTIPLIER[name] == result.penalties


def test_hand_romme_first_at_table_RULES_8() -> None:
    """Rules §8 (hand_romme_first_at_table): after another player opened, going out in one turn is no Hand-Rommé."""
    hands = ("10♣ J♣ Q♣ 5♥ 5♠ 5♦ 9♠", SEAT_1, SEAT_2)
    actions = (LayDown("10♣ J♣ Q♣"), LayDown("5♠ 5♥ 5♦"), Discard("9♠"))
    table = (("2♠ 3♠ 4♠", 1),)
    rules = attrs.evolve(CLASSIC, hand_romme_first_at_table=True)
    first = score_round(play(position(rules, hands=hands, table=table, phase=Phase.PLAY), *actions))
    assert not first.hand_romme
    assert (0, 13, 26) == first.penalties
    # Nobody else opened: a Hand-Rommé, others pay double.
    alone = score_round(play(position(rules, hands=hands, phase=Phase.PLAY), *actions))
    assert alone.hand_romme
    assert (0, 26, 52) == alone.penalties
    # Plain classic: a Hand-Rommé even though seat 1 has opened.
    plain = score_round(
        play(position(CLASSIC, hands=hands, table=table, phase=Phase.PLAY), *actions)
    )
    assert plain.hand_romme
    assert (0, 26, 52) == plain.penalties


def test_hand_romme_first_at_table_needs_threshold_DRoV_Nr_10() -> None:
    """Rules §8, DRoV Nr. 10: the threshold waiver needs a possible Hand-Rommé; first_at_table removes it once someone opened."""
    hands = ("4♦ 5♦ 6♦ 2♣ 2♠ 2♥ 9♠", SEAT_1, SEAT_2)
    table = (("9♣ 10♣ J♣ Q♣", 1),)
    state = position(DROV, hands=hands, table=table, phase=Phase.PLAY)
    assert ("4♦ 5♦ 6♦", 0, True) == summary(apply(state, LayDown("4♦ 5♦ 6♦"))).table[1]
    rules = attrs.evolve(DROV, hand_romme_first_at_table=True)
    state = position(rules, hands=hands, table=table, phase=Phase.PLAY)
    assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, LayDown("4♦ 5♦ 6♦"))


# -- §9 stock runs out -------------------------------------------------------------


def _last_stock_card(rules: Rules, seed: int = 0) -> GameState:
    """Seat 0 holds 5♣ 9♦; the stock is one 2♥; every other card lies in the discard pile under 8♠."""
    return position(
        rules,
        hands=("5♣ 9♦", SEAT_1, "A♦ 7♣ JK"),
        stock_top="2♥",
        discard="8♠",
        rest="discard",
        seed=seed,
    )


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_stock_exhausted_ends_round_DRoV_Nr_5(name: str) -> None:
    """DRoV Nr. 5 (end_round): the round ends without a winner after the turn that drew the last card; every hand pays."""
    state = apply(_last_stock_card(PRESETS[name]), Draw())
    assert () == state.stock
    assert Phase.PLAY == state.phase
    state = apply(state, Discard("9♦"))
    assert Phase.ROUND_OVER == state.phase
    assert (hand("2♥ 5♣"), hand(SEAT_1), hand("A♦ 7♣ JK")) == state.hands
    result = score_round(state)
    assert EndReason.STOCK_EXHAUSTED == result.end
    assert result.winner is None
    assert not result.hand_romme
    assert (7, 13, 38) == result.penalties


@pytest.mark.parametrize("name", ["classic", "cardgames-zone", "german-rummy", "house"])
def test_stock_exhausted_reshuffles_cardgames_zone_9(name: str) -> None:
    """cardgames.zone §9, house rules (reshuffle): the discard pile minus its top card becomes the new stock, reproducibly."""
    start = _last_stock_card(PRESETS[name])
    pile = start.discard_pile
    state = play(start, Draw(), Discard("9♦"))
    assert Phase.DRAW == state.phase
    assert 1 == state.current_player
    assert (hand("2♥ 5♣"), hand(SEAT_1), hand("A♦ 7♣ JK")) == state.hands
    assert "9♦" == summary(state).discard_pile
    assert 1 == state.reshuffles
    assert sorted(pile) == sorted(state.stock)
    assert pile != state.stock  # shuffled, not turned over in order
    again = play(_last_stock_card(PRESETS[name]), Draw(), Discard("9♦"))
    assert state == again
    other_seed = play(_last_stock_card(PRESETS[name], seed=1), Draw(), Discard("9♦"))
    assert Counter(state.stock) == Counter(other_seed.stock)
    assert state.stock != other_seed.stock
    # The refilled stock is drawn from as usual.
    drawn = apply(state, Draw())
    assert state.stock[:-1] == drawn.stock


def test_stock_exhausted_max_reshuffles_zero_RULES_9() -> None:
    """Rules §9: with max_reshuffles = 0 an empty stock ends the round instead of a reshuffle."""
    rules = attrs.evolve(CLASSIC, max_reshuffles=0)
    state = play(_last_stock_card(rules), Draw(), Discard("9♦"))
    assert Phase.ROUND_OVER == state.phase
    result = score_round(state)
    assert EndReason.STOCK_EXHAUSTED == result.end
    assert result.winner is None
    assert (7, 13, 38) == result.penalties


# -- §10 scoring -------------------------------------------------------------------


def _going_out(rules: Rules) -> GameState:
    """Seat 0 (opened) discards its last card 7♣; seat 1 holds A♠ 5♥, seat 2 (opened) A♦ A♣ 2♠."""
    state = position(
        rules,
        hands=("7♣", "A♠ 5♥", "A♦ A♣ 2♠"),
        table=(("2♥ 3♥ 4♥", 0), ("9♦ 10♦ J♦", 2)),
        phase=Phase.PLAY,
    )
    return apply(state, Discard("7♣"))


@pytest.mark.parametrize("name", ALL_PRESETS)
def test_ace_penalty_german_rummy(name: str) -> None:
    """DRoV Nr. 11 (ace 11), German Rummy page (ace 15 under german-rummy): aces left in hand; the winner scores 0."""
    result = score_round(_going_out(PRESETS[name]))
    assert 0 == result.winner
    assert EndReason.WENT_OUT == result.end
    expected = (0, 20, 32) if name == "german-rummy" else (0, 16, 24)
    assert expected == result.penalties


def test_not_opened_penalty_cardgames_zone_8() -> None:
    """cardgames.zone §8 variant (not_opened_penalty = 100): a player who never opened pays 100 instead of the hand."""
    rules = attrs.evolve(CLASSIC, not_opened_penalty=100)
    assert (0, 100, 24) == score_round(_going_out(rules)).penalties
    assert (0, 16, 24) == score_round(_going_out(CLASSIC)).penalties
