"""The opening variants of rules §5 and the Hand-Rommé waiver of §8, staged turn by turn.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import attrs

from romme import Discard, LayDown, Phase, Reason, score_round
from tests.scenarios._helpers import CLASSIC, DROV, play, position, refusal

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
