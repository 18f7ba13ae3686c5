"""The optional scoring and deal rules of rules §13, one test per clause.

ASS S. 2's bonuses (``ass_bonuses``), the winner scoring the others' sum
(``match_scoring = "winner_sum"``) and the joker kept at the cut
(``joker_at_cut``). Each is off in every preset; a variant built with
`attrs.evolve` plays it.
"""

from __future__ import annotations

import attrs
import pytest

from romme import (
    JOKER,
    PRESETS,
    Discard,
    Draw,
    EndReason,
    InvalidPositionError,
    LayOff,
    Match,
    MatchScoring,
    Phase,
    RoundResult,
    Rules,
    apply,
    dumps,
    find_rules,
    loads,
    new_game,
    to_dict,
)
from tests.scenarios._helpers import ASS, position

ASS_BONUSES = attrs.evolve(ASS, ass_bonuses=True, match_scoring=MatchScoring.PENALTIES)
WINNER_SUM = attrs.evolve(find_rules("classic"), match_scoring=MatchScoring.WINNER_SUM)


def _went_out(
    rules: Rules, hands: tuple[str, ...], table: tuple[tuple[str, int], ...]
) -> RoundResult:
    """Seat 0 lays off its second-last card and discards its last; return the round's result."""
    state = position(
        rules,
        hands=hands,
        table=table,
        opened=(True, *(any(owner == seat for _, owner in table) for seat in (1, 2))),
        phase=Phase.PLAY,
    )
    run = [cards for cards, _ in table].index("2♣ 3♣ 4♣")
    state = apply(state, LayOff(run, "5♣"))
    state = apply(state, Discard("9♥"))
    assert state.result is not None
    return state.result


# The table in the order laid: seat 2 laid out first, then seat 0.
TABLE = (("K♠ K♥ K♦", 2), ("2♣ 3♣ 4♣", 0))


def test_first_out_has_40_struck_off_ASS_S_2() -> None:
    """ASS S. 2: "Wer zuerst alle Karten los ist, bekommt 40 Verlustpunkte gestrichen"."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)
    assert 0 == result.winner
    assert (0, 15, 10) == result.penalties
    assert -40 == result.bonuses[0]
    assert -40 == result.scores[0]


def test_first_to_lay_out_who_does_not_win_pays_20_more_ASS_S_2() -> None:
    """ASS S. 2: "wer zuerst auslegt und trotzdem nicht gewinnt, bekommt 20 dazu" (seat 2 laid the first meld)."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)
    assert (-40, 0, 20) == result.bonuses
    assert (-40, 15, 30) == result.scores


def test_one_joker_left_has_20_struck_off_ASS_S_2() -> None:
    """ASS S. 2: "wer nur noch einen Joker übrig hat 20": a hand of one joker pays 20 and has 20 struck off."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "JK", "4♥ 6♠"), TABLE)
    assert (0, 20, 10) == result.penalties
    assert (-40, -20, 20) == result.bonuses
    assert (-40, 0, 30) == result.scores


def test_two_jokers_left_have_nothing_struck_off_ASS_S_2() -> None:
    """ASS S. 2 names one joker left alone; a hand of two jokers pays both and gets no bonus."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "JK JK", "4♥ 6♠"), TABLE)
    assert 0 == result.bonuses[1]


def test_first_to_lay_out_who_wins_gets_only_the_winners_bonus_ASS_S_2() -> None:
    """ASS S. 2: the surcharge is for the first to lay out "und trotzdem nicht gewinnt"."""
    table = (("2♣ 3♣ 4♣", 0), ("K♠ K♥ K♦", 2))
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), table)
    assert (-40, 0, 0) == result.bonuses


def test_no_bonuses_without_the_field_ASS_S_2() -> None:
    """ASS S. 2's bonuses are a variant: the ass preset books none, and its result documents keep their shape."""
    result = _went_out(ASS, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)
    assert () == result.bonuses
    assert result.penalties == result.scores
    assert "bonuses" not in to_dict(result)
    assert {"bonuses"} <= set(to_dict(_went_out(ASS_BONUSES, ("5♣ 9♥", "7♦ 8♦", "4♥ 6♠"), TABLE)))


def test_bonuses_round_trip_through_json_ASS_S_2() -> None:
    """A result with bonuses writes them and reads them back."""
    result = _went_out(ASS_BONUSES, ("5♣ 9♥", "JK", "4♥ 6♠"), TABLE)
    assert result == loads(dumps(result))
    assert [-40, -20, 20] == to_dict(result)["bonuses"]


def _match(
    rules: Rules, results: tuple[RoundResult, ...], *, limit: int | None = None, over: bool = False
) -> Match:
    """A match of `rules` after `results` (first dealer 0), the next round dealt unless `over`."""
    players = len(results[0].penalties)
    return Match(
        rules=rules,
        players=players,
        seed=1,
        first_dealer=0,
        rounds=None,
        limit=limit,
        results=results,
        state=None if over else new_game(rules, players, seed=3, dealer=len(results) % players),
    )


def test_match_totals_go_below_zero_ASS_S_2() -> None:
    """ASS S. 2 works in match scoring: two rounds won by seat 0 leave it at -80."""
    won = RoundResult(
        end=EndReason.WENT_OUT,
        winner=0,
        hand_romme=False,
        penalties=(0, 30),
        dealt_in=(True, True),
        opened=(True, True),
        bonuses=(-40, 20),
    )
    match = _match(ASS_BONUSES, (won, won))
    assert (-80, 100) == match.totals
    assert (0,) == match.winners()


@pytest.mark.parametrize(
    "bonuses", [(-41, 0), (0, 41), (0,), (0, 0, 0)], ids=["low", "high", "short", "long"]
)
def test_impossible_bonuses_are_refused(bonuses: tuple[int, ...]) -> None:
    """A result's bonuses lie between -40 and 40, one per seat."""
    with pytest.raises(ValueError, match="bonus"):
        RoundResult(
            end=EndReason.STOCK_EXHAUSTED,
            winner=None,
            hand_romme=False,
            penalties=(10, 30),
            dealt_in=(True, True),
            opened=(True, True),
            bonuses=bonuses,
        )


def _result(winner: int, penalties: tuple[int, ...]) -> RoundResult:
    seats = len(penalties)
    return RoundResult(
        end=EndReason.WENT_OUT,
        winner=winner,
        hand_romme=False,
        penalties=penalties,
        dealt_in=(True,) * seats,
        opened=(True,) * seats,
    )


def test_winner_scores_the_others_sum() -> None:
    """Rommé-Palast: "the winner gets the sum of the others' minus points as plus points"; most points win."""
    results = (_result(0, (0, 12, 30)), _result(2, (7, 5, 0)), _result(0, (0, 40, 3)))
    match = _match(WINNER_SUM, results)
    assert (85, 0, 12) == match.points
    assert (7, 57, 33) == match.totals
    assert (0, 2, 1) == match.ranking()
    assert (0,) == match.winners()


def test_winner_sum_limit_ends_the_match_on_plus_points() -> None:
    """Rommé-Palast: play until someone passes 500; under winner_sum the limit counts plus points."""
    rules = attrs.evolve(WINNER_SUM, match_limit=50)
    results = (_result(1, (20, 0, 31)),)
    with pytest.raises(InvalidPositionError, match="a finished match has no round in play"):
        _match(rules, results, limit=50)
    over = _match(rules, results, limit=50, over=True)
    assert over.is_over
    assert (1,) == over.winners()


def test_winner_sum_ties_share_the_win() -> None:
    """Under winner_sum equal plus points share the win, like equal totals under penalty scoring."""
    results = (_result(0, (0, 10)), _result(1, (10, 0)))
    match = _match(WINNER_SUM, results)
    assert (0, 1) == match.winners()


# -- the joker at the cut ----------------------------------------------------------

JOKER_AT_CUT = attrs.evolve(PRESETS["drov"], joker_at_cut=True, dealer_sits_out=False)


def test_the_cutter_keeps_a_joker_found_at_the_cut() -> None:
    """German Rummy (Wikipedia), rommespielen.org: a joker found at the cut may be kept.

    The cutter sits on the dealer's right (DRoV Nr. 3: "Der Spieler rechts
    von ihm hebt ab"); it starts with the joker as a fourteenth card.
    """
    kept = 0
    for seed in range(2000):
        state = new_game(JOKER_AT_CUT, 4, seed=seed, dealer=1)
        sizes = state.hand_sizes()
        if sizes == (14, 13, 13, 13):
            kept += 1
            assert JOKER in state.hands[0]
        else:
            assert (13, 13, 13, 13) == sizes
        assert 110 == sum(sizes) + len(state.stock) + len(state.discard_pile)
    # A uniformly shuffled deck shows a joker at the cut 6 times in 110:
    # 109 deals in 2000 on average, a standard deviation of about 10.
    assert 79 <= kept <= 139


def test_no_joker_is_kept_without_the_field() -> None:
    """The cut changes nothing without the field: every hand holds 13 cards (DRoV Nr. 3)."""
    for seed in range(300):
        assert (13, 13, 13, 13) == new_game(Rules(), 4, seed=seed, dealer=1).hand_sizes()


def test_a_first_player_who_kept_the_cut_joker_draws_and_loads_back() -> None:
    """With two seats the cutter (on the dealer's right) is also the first player: its extra card
    (cardgames.zone §4), the cut joker and its draw make hand_size + 3 cards, a position that loads back."""
    rules = attrs.evolve(Rules(), extra_card="first_player", joker_at_cut=True)
    kept = [
        state
        for state in (new_game(rules, 2, seed=seed, dealer=0) for seed in range(200))
        if len(state.hands[1]) == 15
    ]
    assert kept
    for state in kept:
        after = apply(state, Draw())
        assert 16 == len(after.hands[1])
        assert after == loads(dumps(after))
