"""The opening rule stated once (rules §5): `Rules.opening` and `Rules.claims_played`, and the faces that read them.

`Rules.opening` is the one statement of the opening (DRoV Nr. 6: the
threshold; DRoV Nr. 4a: the melds count together; the cardgames.zone §10
variant: a run is required; the Schmidt S. 3 variant: no joker). The
checker and the generator read it; so do the terminal, the search bot and
the greedy bot, which each once re-derived it as "the melds' sum reaches
the threshold", wrong without ``opening_sums_melds`` or with
``opening_requires_run``. `Rules.claims_played` is the one statement of
whether a discard may be claimed out of turn (ASS S. 1–3).
"""

from __future__ import annotations

import io

import attrs
import pytest

from romme import (
    PRESETS,
    GameState,
    Meld,
    Phase,
    Rules,
    apply,
    new_match,
    parse_action,
    validate_meld,
    view,
)
from romme.cli._play import _show
from romme.cli._terminal import Output
from romme.play._searchbot import _play_out
from romme.rules import Opening, Shortfall
from tests.scenarios._helpers import hand, position

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


def test_claims_are_played_under_knocking_or_buying_ASS_S_1_to_3() -> None:
    """ASS S. 1–2 (knocking) and S. 3 (buying): only these two presets open claim windows."""
    played = {name for name, rules in PRESETS.items() if rules.claims_played}
    assert played == {"ass-kaufen", "ass-klopfen"}
    assert Rules(knocking=True).claims_played
    assert Rules(buying=True).claims_played
    assert not Rules().claims_played


# -- the faces ------------------------------------------------------------------------------


def _staged_twice(rules: Rules, cards: str, first: str, second: str) -> GameState:
    """Seat 0, in its play phase, stages two melds; the other seats hold a few cards."""
    state = position(
        rules,
        hands=[cards, "2♣ 7♦ 9♠ Q♦ 4♥", "3♣ 6♦ 10♠ K♦ 5♠"],
        phase=Phase.PLAY,
        dealer=2,
    )
    state = apply(state, parse_action(f"meld {first}"))
    state = apply(state, parse_action(f"meld {second}"))
    assert not state.opened[0]
    assert all(entry.staged for entry in state.table)
    return state


def _row(state: GameState) -> str:
    """Seat 0's row of the terminal's table (`romme play`)."""
    stream = io.StringIO()
    match = attrs.evolve(new_match(state.rules, 3, seed=0, dealer=2), state=state)
    _show(Output(stream, color=False), view(state, 0), ["You", "Computer 1", "Computer 2"], match)
    return next(line for line in stream.getvalue().splitlines() if line.lstrip().startswith("You "))


def test_the_terminal_row_says_what_one_meld_must_reach_DRoV_Nr_4a_variant() -> None:
    """Without ``opening_sums_melds`` (DRoV Nr. 4a variant) 24 and 29 staged are 29 of 40, not 53: one meld of 40 is missing."""
    state = _staged_twice(ONE_MELD, "8♣ 8♥ 8♠ 9♣ 10♣ J♣ 10♥ J♥ Q♥ K♥ 2♦", "8♣ 8♥ 8♠", "9♣ 10♣ J♣")
    assert "not opened, 29 of 40 staged, needs one meld of 40" in _row(state)


def test_the_terminal_row_says_a_run_is_missing_cardgames_zone_10() -> None:
    """cardgames.zone §10 variant: two sets worth 63 staged still need a run."""
    state = _staged_twice(WITH_RUN, "K♣ K♥ K♠ A♣ A♥ A♠ 3♦ 4♦ 5♦ 2♠", "K♣ K♥ K♠", "A♣ A♥ A♠")
    assert "not opened, 63 of 40 staged, needs a run" in _row(state)


def test_the_terminal_row_before_any_lay_down_names_the_opening_DRoV_Nr_6() -> None:
    """DRoV Nr. 6 and its variants: the row says the opening in a few words before anything is staged."""
    for rules, words in ((CLASSIC, "30 to open"), (WITH_RUN, "40 with a run to open")):
        state = position(
            rules, hands=["8♣ 8♥ 8♠ 2♦", "2♣ 7♦ 9♠", "3♣ 6♦ 10♠"], phase=Phase.PLAY, dealer=2
        )
        assert f"not opened, {words}" in _row(state)


SEARCH_WEIGHTS_OUT = 65.0
"""What going out at the first turn of a one-turn look-ahead scores in `_play_out`: 40 + 25."""


@pytest.mark.parametrize(
    ("rules", "cards"),
    [
        (ONE_MELD, "8♣ 8♥ 8♠ 9♣ 10♣ J♣"),
        (WITH_RUN, "K♣ K♥ K♠ A♣ A♥ A♠"),
    ],
    ids=["one-meld-alone-DRoV-Nr-4a-variant", "run-required-cardgames-zone-10"],
)
def test_the_search_bot_does_not_go_out_on_melds_that_do_not_open(rules: Rules, cards: str) -> None:
    """DRoV Nr. 4a variant, cardgames.zone §10 variant: the search bot's look-ahead goes out only on an opening.

    Six cards in two melds worth 53 or 63 and a 2♦ to draw and discard go
    out under the plain rules (40, summed); without summing (24 and 29,
    none 40) or without a run, the look-ahead may not lay them, so the
    turn does not go out.
    """
    plain = attrs.evolve(CLASSIC, opening_threshold=40)
    drawn = list(hand("2♦"))
    assert _play_out(list(hand(cards)), drawn, 1, plain, False, frozenset()) == SEARCH_WEIGHTS_OUT
    assert _play_out(list(hand(cards)), drawn, 1, rules, False, frozenset()) <= 0
