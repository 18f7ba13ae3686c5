"""Rules §5, the opening: its threshold per preset, the melds adding up or one alone, a run
needed, no joker, staged lay-downs and the take-back, laying off in the opening turn; and the
Hand-Rommé waiver of §8 staged turn by turn. The opening search the checker asks is tested in
test_s5_opening_search.py beside this file.

Positions are set up from the cards the rule needs (`tests.scenarios._helpers.position`);
unless a test says otherwise seat 0 acts, seat 1 holds ``K♥ 3♣`` and seat 2 ``A♦ 7♣ 8♣``.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

import attrs
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
    TakeBack,
    TakeDiscard,
    apply,
    legal_actions,
    score_round,
)
from tests.scenarios._helpers import (
    CLASSIC,
    DROV,
    HOUSE,
    Summary,
    hand,
    play,
    position,
    refusal,
    summary,
)

SEAT_1 = "K♥ 3♣"
SEAT_2 = "A♦ 7♣ 8♣"


def test_one_meld_must_reach_the_threshold_RULES_5() -> None:
    """Rules §5 (opening_sums_melds off): a 24-point run may wait for a 30-point set, not open alone."""
    rules = attrs.evolve(CLASSIC, opening_sums_melds=False)
    state = position(rules, hands=("7♠ 8♠ 9♠ K♣ K♠ K♦ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    staged = play(state, LayDown("7♠ 8♠ 9♠"))
    assert [True] == [entry.staged for entry in staged.table]
    assert Reason.OPENING_SINGLE_MELD == refusal(staged, Discard("2♦"))
    opened = play(staged, LayDown("K♣ K♠ K♦"))
    assert (True, False, False) == opened.opened
    assert [False, False] == [entry.staged for entry in opened.table]


def test_one_meld_rule_refuses_melds_that_only_add_up_RULES_5() -> None:
    """Rules §5 (opening_sums_melds off): 24 + 15 adds up to 39, but no single meld reaches 30."""
    rules = attrs.evolve(CLASSIC, opening_sums_melds=False)
    state = position(rules, hands=("7♠ 8♠ 9♠ 5♣ 5♠ 5♦ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert Reason.OPENING_SINGLE_MELD == refusal(state, LayDown("7♠ 8♠ 9♠"))


def test_a_set_may_wait_for_the_run_the_opening_needs_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant (opening_requires_run): kings (30) may be staged while a run can follow."""
    rules = attrs.evolve(CLASSIC, opening_requires_run=True)
    state = position(rules, hands=("K♣ K♠ K♦ 7♠ 8♠ 9♠ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    staged = play(state, LayDown("K♣ K♠ K♦"))
    assert (False, False, False) == staged.opened
    opened = play(staged, LayDown("7♠ 8♠ 9♠"))
    assert (True, False, False) == opened.opened


def test_run_and_one_meld_together_cardgames_zone_10() -> None:
    """cardgames.zone §10 with one meld reaching 30: the kings open once a run lies beside them."""
    rules = attrs.evolve(CLASSIC, opening_requires_run=True, opening_sums_melds=False)
    state = position(rules, hands=("K♣ K♠ K♦ 2♠ 3♠ 4♠ 9♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    staged = play(state, LayDown("K♣ K♠ K♦"))
    assert Reason.OPENING_NEEDS_RUN == refusal(staged, Discard("9♦"))
    opened = play(staged, LayDown("2♠ 3♠ 4♠"))
    assert (True, False, False) == opened.opened


def test_no_joker_in_the_opening_keeps_only_the_joker_Schmidt_S3() -> None:
    """Schmidt S. 3 (opening_allows_jokers off): the opening may need every natural card, the joker kept."""
    rules = attrs.evolve(CLASSIC, opening_allows_jokers=False)
    state = position(rules, hands=("7♠ 8♠ 9♠ 4♣ 5♣ 6♣ JK", SEAT_1, SEAT_2), phase=Phase.PLAY)
    staged = play(state, LayDown("7♠ 8♠ 9♠"))
    opened = play(staged, LayDown("4♣ 5♣ 6♣"))
    assert (True, False, False) == opened.opened
    assert 1 == len(opened.hands[0])


def test_no_joker_in_the_opening_with_a_run_needed_cardgames_zone_10() -> None:
    """cardgames.zone §10 and Schmidt S. 3 together: the run must be jokerless, so the J♣ Q♣ JK run cannot help."""
    rules = attrs.evolve(CLASSIC, opening_requires_run=True, opening_allows_jokers=False)
    state = position(rules, hands=("K♣ K♠ K♦ J♣ Q♣ JK 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert Reason.OPENING_NEEDS_RUN == refusal(state, LayDown("K♣ K♠ K♦"))


def test_melding_every_card_goes_out_without_a_discard_RULES_7() -> None:
    """Rules §7 (discard_to_go_out off): a staged 24 may wait for the kings that empty the hand."""
    rules = attrs.evolve(CLASSIC, discard_to_go_out=False)
    state = position(rules, hands=("7♠ 8♠ 9♠ K♣ K♠ K♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    staged = play(state, LayDown("7♠ 8♠ 9♠"))
    out = play(staged, LayDown("K♣ K♠ K♦"))
    result = score_round(out)
    assert (0, True) == (result.winner, result.hand_romme)


def test_hand_romme_by_melding_every_card_below_the_threshold_DRoV_10() -> None:
    """DRoV Nr. 10 waiver with discard_to_go_out off: 2♣ 3♣ 4♣ and three fives go out below 40."""
    rules = attrs.evolve(DROV, dealer_sits_out=False, discard_to_go_out=False)
    state = position(rules, hands=("2♣ 3♣ 4♣ 5♠ 5♥ 5♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    staged = play(state, LayDown("2♣ 3♣ 4♣"))
    assert (False, False, False) == staged.opened
    out = play(staged, LayDown("5♠ 5♥ 5♦"))
    result = score_round(out)
    assert (0, True) == (result.winner, result.hand_romme)


# -- §5 staging and take-back ------------------------------------------------------


@pytest.mark.parametrize("name", ["classic", "drov"])
def test_staged_melds_and_take_back_cardgames_zone_9_DRoV_Streitfall_1(name: str) -> None:
    """cardgames.zone §9, DRoV Streitfall 1/3: a lay-down below the threshold is staged; take-back returns it to the hand."""
    start = position(
        PRESETS[name], hands=("7♠ 8♠ 9♠ K♣ K♠ K♥ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY
    )
    staged = apply(start, LayDown("7♠ 8♠ 9♠"))
    assert Summary.of(
        hands=("K♣ K♠ K♥ 2♦", SEAT_1, SEAT_2),
        table=(("7♠ 8♠ 9♠", 0, True),),
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(staged)
    # The turn cannot end on an incomplete opening.
    assert Reason.OPENING_BELOW_THRESHOLD == refusal(staged, Discard("2♦"))
    assert TakeBack() in legal_actions(staged)
    taken_back = apply(staged, TakeBack())
    assert summary(start) == summary(taken_back)
    assert Reason.NOTHING_TO_TAKE_BACK == refusal(taken_back, TakeBack())
    # Completing the opening makes the melds final ("was liegt, das liegt").
    opened = apply(staged, LayDown("K♣ K♠ K♥"))
    assert Summary.of(
        hands=("2♦", SEAT_1, SEAT_2),
        table=(("7♠ 8♠ 9♠", 0, False), ("K♣ K♠ K♥", 0, False)),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(opened)
    assert Reason.NOTHING_TO_TAKE_BACK == refusal(opened, TakeBack())


def test_take_back_after_take_redo_turn_cardgames_zone_9() -> None:
    """cardgames.zone §9 (failed_take = redo_turn, classic): take-back returns the taken discard and the player draws again."""
    start = position(
        CLASSIC,
        hands=("7♠ 8♠ K♣ K♠ K♥ 2♦ 5♣", SEAT_1, SEAT_2),
        discard="4♥ 9♠",
        stock_top="3♦",
    )
    staged = apply(start, TakeDiscard(LayDown("7♠ 8♠ 9♠")))
    assert Summary.of(
        hands=("K♣ K♠ K♥ 2♦ 5♣", SEAT_1, SEAT_2),
        table=(("7♠ 8♠ 9♠", 0, True),),
        discard_pile="4♥",
        opened=(False, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(staged)
    state = apply(staged, TakeBack())
    assert summary(start) == summary(state)
    state = apply(state, Draw())
    assert hand("7♠ 8♠ K♣ K♠ K♥ 2♦ 5♣ 3♦") == state.hand


@pytest.mark.parametrize("name", ["drov", "ass", "schmidt"])
def test_take_back_after_take_ends_turn_DRoV_Nr_4c(name: str) -> None:
    """DRoV Nr. 4c, Streitfall 3 (failed_take = end_turn): take-back returns the discard and the turn ends without a discard."""
    state = position(PRESETS[name], hands=("7♠ 8♠ K♣ K♠ K♥ 2♦ 5♣", SEAT_1, SEAT_2), discard="4♥ 9♠")
    state = play(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")), TakeBack())
    assert Summary.of(
        hands=("7♠ 8♠ K♣ K♠ K♥ 2♦ 5♣", SEAT_1, SEAT_2),
        discard_pile="4♥ 9♠",
        opened=(False, False, False),
        current_player=1,
        phase=Phase.DRAW,
    ) == summary(state)


# -- §5 opening --------------------------------------------------------------------

THRESHOLD_OUTCOMES: Final = {
    # preset: (J♣ Q♣ K♣ = 30, Q♣ K♣ A♣ = 31, 10♣ J♣ Q♣ K♣ = 40) legal?
    "drov": (False, False, True),  # DRoV Nr. 6: 40
    "classic": (True, True, True),  # cardgames.zone §6: 30
    "cardgames-zone": (True, True, True),
    "german-rummy": (True, True, True),  # German Rummy page: 30
    "house": (False, False, True),  # House rules ¶3: 40
    "ass": (True, True, True),  # ASS S. 1: 30
    "schmidt": (False, True, True),  # Schmidt S. 2: 31
}


OPENING_MELDS: Final = ("J♣ Q♣ K♣", "Q♣ K♣ A♣", "10♣ J♣ Q♣ K♣")
"""Melds worth 30, 31 and 40."""


@pytest.mark.parametrize(
    ("name", "meld", "legal"),
    [
        (name, meld, legal)
        for name, outcomes in THRESHOLD_OUTCOMES.items()
        for meld, legal in zip(OPENING_MELDS, outcomes, strict=True)
    ],
)
def test_opening_threshold_per_preset_DRoV_Nr_6_cardgames_zone_6(
    name: str, meld: str, legal: bool
) -> None:
    """DRoV Nr. 6 (40), cardgames.zone §6 (30), Schmidt S. 2 (31), house rules ¶3 (40): a first lay-down must reach the threshold."""
    state = position(PRESETS[name], hands=(f"{meld} 2♦ 5♥", SEAT_1, SEAT_2), phase=Phase.PLAY)
    if not legal:
        assert Reason.OPENING_BELOW_THRESHOLD == refusal(state, LayDown(meld))
        return
    assert Summary.of(
        hands=("2♦ 5♥", SEAT_1, SEAT_2),
        table=((meld, 0, False),),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(apply(state, LayDown(meld)))


def test_opening_sums_melds_DRoV_Nr_4a() -> None:
    """DRoV Nr. 4a (opening_sums_melds): 7♠ 8♠ 9♠ (24) and 3♣ 3♥ 3♦ (9) open together under classic (33)."""
    state = position(CLASSIC, hands=("7♠ 8♠ 9♠ 3♣ 3♦ 3♥ 5♥", SEAT_1, SEAT_2), phase=Phase.PLAY)
    state = play(state, LayDown("7♠ 8♠ 9♠"), LayDown("3♣ 3♦ 3♥"))
    assert Summary.of(
        hands=("5♥", SEAT_1, SEAT_2),
        table=(("7♠ 8♠ 9♠", 0, False), ("3♣ 3♥ 3♦", 0, False)),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_opening_single_meld_must_reach_threshold_RULES_5() -> None:
    """Rules §5: without opening_sums_melds two melds adding up to 33 do not open (Reason.OPENING_SINGLE_MELD)."""
    rules = attrs.evolve(CLASSIC, opening_sums_melds=False)
    state = position(rules, hands=("7♠ 8♠ 9♠ 3♣ 3♦ 3♥ 5♥", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert Reason.OPENING_SINGLE_MELD == refusal(state, LayDown("7♠ 8♠ 9♠"))


def test_opening_single_meld_of_30_opens_RULES_5() -> None:
    """Rules §5: without opening_sums_melds a small meld may be staged before one meld of 30 opens."""
    rules = attrs.evolve(CLASSIC, opening_sums_melds=False)
    state = position(rules, hands=("10♣ J♣ Q♣ 3♣ 3♦ 3♥ 5♥", SEAT_1, SEAT_2), phase=Phase.PLAY)
    state = apply(state, LayDown("3♣ 3♦ 3♥"))
    assert (("3♣ 3♥ 3♦", 0, True),) == summary(state).table
    state = apply(state, LayDown("10♣ J♣ Q♣"))
    assert Summary.of(
        hands=("5♥", SEAT_1, SEAT_2),
        table=(("3♣ 3♥ 3♦", 0, False), ("10♣ J♣ Q♣", 0, False)),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_opening_requires_run_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant (opening_requires_run): K♣ K♠ K♥ (30) alone does not open; with a run it does."""
    rules = attrs.evolve(CLASSIC, opening_requires_run=True)
    state = position(rules, hands=("K♣ K♠ K♥ 7♠ 8♠ 9♠ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    state = apply(state, LayDown("K♣ K♠ K♥"))
    assert (("K♣ K♠ K♥", 0, True),) == summary(state).table
    assert (False, False, False) == state.opened
    state = apply(state, LayDown("7♠ 8♠ 9♠"))
    assert Summary.of(
        hands=("2♦", SEAT_1, SEAT_2),
        table=(("K♣ K♠ K♥", 0, False), ("7♠ 8♠ 9♠", 0, False)),
        opened=(True, False, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)
    # Under plain classic the kings open on their own.
    state = position(CLASSIC, hands=("K♣ K♠ K♥ 7♠ 8♠ 9♠ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert (("K♣ K♠ K♥", 0, False),) == summary(apply(state, LayDown("K♣ K♠ K♥"))).table


def test_opening_requires_run_without_a_run_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant: kings worth 30 with no run possible are refused with Reason.OPENING_NEEDS_RUN."""
    rules = attrs.evolve(CLASSIC, opening_requires_run=True)
    state = position(rules, hands=("K♣ K♠ K♥ Q♣ Q♠ Q♥ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert Reason.OPENING_NEEDS_RUN == refusal(state, LayDown("K♣ K♠ K♥"))


def test_opening_requires_run_no_discard_on_a_set_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant: kings (30) staged without a run may not end the turn (Reason.OPENING_NEEDS_RUN)."""
    rules = attrs.evolve(CLASSIC, opening_requires_run=True)
    state = position(rules, hands=("K♣ K♠ K♥ 7♠ 8♠ 9♠ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    state = apply(state, LayDown("K♣ K♠ K♥"))
    assert Reason.OPENING_NEEDS_RUN == refusal(state, Discard("2♦"))


def test_opening_without_jokers_Schmidt_S3() -> None:
    """Schmidt S. 3 variant (opening_allows_jokers off): J♣ Q♣ JK may not open (Reason.OPENING_JOKER)."""
    rules = attrs.evolve(CLASSIC, opening_allows_jokers=False)
    state = position(rules, hands=("J♣ Q♣ JK 5♥ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert Reason.OPENING_JOKER == refusal(state, LayDown("J♣ Q♣ JK"))
    state = position(CLASSIC, hands=("J♣ Q♣ JK 5♥ 2♦", SEAT_1, SEAT_2), phase=Phase.PLAY)
    assert (("J♣ Q♣ JK", 0, False),) == summary(apply(state, LayDown("J♣ Q♣ JK"))).table


def _opening_turn(rules: Rules) -> GameState:
    """Seat 0 opens with 10♣ J♣ Q♣ K♣ (40); seat 1's 4♦ 5♦ 6♦ and 8♥ JK 10♥ are on the table."""
    state = position(
        rules,
        hands=("10♣ J♣ Q♣ K♣ 7♦ 9♥ 2♥", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1), ("8♥ JK 10♥", 1)),
        phase=Phase.PLAY,
    )
    return apply(state, LayDown("10♣ J♣ Q♣ K♣"))


def test_opening_turn_layoffs_allowed_DRoV_Nr_6() -> None:
    """DRoV Nr. 6: having opened this turn, the player may lay off and swap in the same turn."""
    state = _opening_turn(DROV)
    assert (True, True, False) == state.opened
    state = apply(state, LayOff(0, "7♦"))
    state = apply(state, SwapJoker(1, "9♥", LayOff(2, "JK", Side.LOW)))
    assert Summary.of(
        hands=("2♥", SEAT_1, SEAT_2),
        table=(
            ("4♦ 5♦ 6♦ 7♦", 1, False),
            ("8♥ 9♥ 10♥", 1, False),
            ("JK 10♣ J♣ Q♣ K♣", 0, False),
        ),
        opened=(True, True, False),
        current_player=0,
        phase=Phase.PLAY,
    ) == summary(state)


def test_opening_turn_layoffs_refused_house_rules() -> None:
    """House rules ¶4 (house): no lay-off or swap in the turn of opening (Reason.NOT_IN_OPENING_TURN); from the next turn on."""
    state = _opening_turn(HOUSE)
    assert (True, True, False) == state.opened
    assert Reason.NOT_IN_OPENING_TURN == refusal(state, LayOff(0, "7♦"))
    assert Reason.NOT_IN_OPENING_TURN == refusal(state, SwapJoker(1, "9♥"))
    later = position(
        HOUSE,
        hands=("7♦ 9♥ 2♥", SEAT_1, SEAT_2),
        table=(("4♦ 5♦ 6♦", 1), ("8♥ JK 10♥", 1), ("10♣ J♣ Q♣ K♣", 0)),
        phase=Phase.PLAY,
    )
    later = apply(later, LayOff(0, "7♦"))
    assert ("4♦ 5♦ 6♦ 7♦", 1, False) == summary(later).table[0]
