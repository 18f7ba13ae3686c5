"""The opening rule stated once (rules §5): `Rules.opening`.

`Rules.opening` is the one statement of the opening (DRoV Nr. 6: the
threshold; DRoV Nr. 4a: the melds count together; the cardgames.zone §10
variant: a run is required; the Schmidt S. 3 variant: no joker), which the
checker and the generator read.
"""

from __future__ import annotations

import attrs

from romme import PRESETS, Meld, Rules, validate_meld
from romme.rules import Opening, Shortfall

CLASSIC = PRESETS["classic"]
ONE_MELD = attrs.evolve(CLASSIC, opening_threshold=40, opening_sums_melds=False)
"""A house variant of DRoV Nr. 4a: only one meld alone counts towards the opening of 40."""
WITH_RUN = attrs.evolve(CLASSIC, opening_threshold=40, opening_requires_run=True)
"""The cardgames.zone §10 variant: the opening of 40 must include a run."""


def _melds(rules: Rules, *texts: str) -> list[Meld]:
    return [validate_meld(text, rules) for text in texts]


# -- the opening value ---------------------------------------------------------------------


def test_the_opening_reads_the_four_fields_DRoV_Nr_6() -> None:
    """DRoV Nr. 6 (40 to open, the melds summed), cardgames.zone §10 variant (a run), Schmidt S. 3 variant (no joker)."""
    assert Rules().opening == Opening(40, True, False, True)
    assert CLASSIC.opening == Opening(30, True, False, True)
    assert PRESETS["schmidt"].opening.threshold == 31
    rules = Rules(
        opening_threshold=25,
        opening_sums_melds=False,
        opening_requires_run=True,
        opening_allows_jokers=False,
    )
    assert rules.opening == Opening(25, False, True, False)
    assert str(rules.opening) == "25 in one meld with a run without jokers"
    assert str(Rules().opening) == "40"


def test_melds_add_up_towards_the_opening_DRoV_Nr_4a() -> None:
    """DRoV Nr. 4a: the melds laid in the opening turn count together; 8♣ 8♥ 8♠ (24) and 9♣ 10♣ J♣ (29) make 53."""
    rules = Rules()
    melds = _melds(rules, "8♣ 8♥ 8♠", "9♣ 10♣ J♣")
    assert rules.opening.worth(melds) == 53
    assert rules.opening.reached(melds)
    assert rules.opening.missing(melds) is None
    assert rules.opening.shortfall(melds) == Shortfall(0, 0, False)
    assert rules.opening.shortfall(melds[:1]) == Shortfall(16, 0, False)
    assert str(rules.opening.missing(melds[:1])) == "16 more"


def test_without_summing_one_meld_alone_must_reach_the_threshold_DRoV_Nr_4a_variant() -> None:
    """Without ``opening_sums_melds`` (a variant of DRoV Nr. 4a) 24 and 29 are not 40: the best meld alone counts."""
    rules = ONE_MELD
    melds = _melds(rules, "8♣ 8♥ 8♠", "9♣ 10♣ J♣")
    assert rules.opening.worth(melds) == 29
    assert not rules.opening.reached(melds)
    assert rules.opening.missing(melds) == Shortfall(11, 40, False)
    assert str(rules.opening.missing(melds)) == "one meld of 40"
    assert rules.opening.reached(_melds(rules, "10♥ J♥ Q♥ K♥", "8♣ 8♥ 8♠"))


def test_a_required_run_is_missing_until_one_is_staged_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant: two sets worth 63 do not open without a run; a run of 12 completes them."""
    rules = WITH_RUN
    sets = _melds(rules, "K♣ K♥ K♠", "A♣ A♥ A♠")
    assert rules.opening.worth(sets) == 63
    assert rules.opening.missing(sets) == Shortfall(0, 0, True)
    assert str(rules.opening.missing(sets)) == "a run"
    assert rules.opening.reached([*sets, *_melds(rules, "3♦ 4♦ 5♦")])
    assert str(rules.opening.missing(_melds(rules, "8♣ 8♥ 8♠"))) == "16 more and a run"


def test_the_opening_admits_no_joker_without_opening_allows_jokers_Schmidt_S_3() -> None:
    """Schmidt S. 3 variant: without ``opening_allows_jokers`` a meld with a joker is no part of the opening."""
    rules = attrs.evolve(CLASSIC, opening_allows_jokers=False)
    assert not rules.opening.admits(validate_meld("JK 8♥ 8♠", rules))
    assert rules.opening.admits(validate_meld("8♣ 8♥ 8♠", rules))
    assert CLASSIC.opening.admits(validate_meld("JK 8♥ 8♠", CLASSIC))


def test_nothing_staged_misses_a_meld_even_at_threshold_0_DRoV_Nr_6() -> None:
    """DRoV Nr. 6: the opening is a lay-down; with a threshold of 0 no melds still miss one."""
    rules = attrs.evolve(CLASSIC, opening_threshold=0)
    assert not rules.opening.reached([])
    assert str(rules.opening.missing([])) == "a meld"
    assert rules.opening.reached(_melds(rules, "2♣ 3♣ 4♣"))
