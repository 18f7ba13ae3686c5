"""Rules §6, the joker swap: from a set of three or four, the card the joker stands for, only after
opening, the freed joker (melded the same turn, to the hand, melded or discarded, back into its
meld) and the joker laid this turn.

Each test names the rule it pins and its source (rules §n, DRoV Nr. n, DRoV Streitfall n,
cardgames.zone §n, German Rummy page, house rules). Positions are set up from the cards the rule
needs (`tests.scenarios._helpers.position`); the expected hands, table, discard pile, phase, seat
to act and penalties are written out by hand. Unless a test says otherwise seat 0 acts, seat 1
holds ``K♥ 3♣`` (13 penalty points) and seat 2 holds ``A♦ 7♣ 8♣`` (26, or 30 with the German
Rummy page's ace at 15).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import pytest

from romme import (
    PRESETS,
    Discard,
    Draw,
    GameState,
    LayDown,
    LayOff,
    Phase,
    Reason,
    Rules,
    Side,
    SwapJoker,
    SwappedJoker,
    apply,
)
from tests.rules._helpers import ALL_PRESETS, SEAT_1, SEAT_2
from tests.scenarios._helpers import (
    CLASSIC,
    DROV,
    GERMAN_RUMMY,
    HOUSE,
    Summary,
    play,
    position,
    refusal,
    summary,
)


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
