"""Rules §11, a match: rounds, the dealer's rotation, the end by rounds or limit, winners and tournament
points (DRoV Nr. 12–14), and the penalties of rounds played in a match (rules §10).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Sequence

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    EndReason,
    GameState,
    InvalidDataError,
    InvalidPositionError,
    InvalidRulesError,
    LayDown,
    Match,
    MatchScoring,
    Phase,
    PointsTable,
    RoundResult,
    Rules,
    apply,
    from_dict,
    legal_actions,
    new_match,
    parse_card,
    parse_cards,
    score_round,
    to_dict,
)
from romme.play._bots import random_choice
from tests.scenarios._helpers import position

CLASSIC = PRESETS["classic"]
HOUSE = PRESETS["house"]
DROV = PRESETS["drov"]
CARDGAMES_ZONE = PRESETS["cardgames-zone"]
DROV_ALL_DEALT = attrs.evolve(DROV, dealer_sits_out=False)
"""Tournament scoring with every seat dealt in, so results need no sitting-out seat."""

TABLE = PointsTable(
    went_out=5, hand_romme=6, not_opened=0, opened=[(10, 3), (50, 2), (None, 1)], sat_out=2
)
"""A points table made up for the tests; it agrees with the known DRoV data points."""


in_play = functools.partial(position, phase=Phase.PLAY)
"""Positions in these tests start in the play phase."""


def went_out(
    winner: int,
    penalties: Sequence[int],
    *,
    opened: Sequence[bool] | None = None,
    dealt_in: Sequence[bool] | None = None,
    hand_romme: bool = False,
) -> RoundResult:
    """A round result in which `winner` went out."""
    seats = len(penalties)
    return RoundResult(
        end=EndReason.WENT_OUT,
        winner=winner,
        hand_romme=hand_romme,
        penalties=tuple(penalties),
        dealt_in=tuple(dealt_in) if dealt_in is not None else (True,) * seats,
        opened=tuple(opened) if opened is not None else (True,) * seats,
    )


def penalty_match(results: Sequence[RoundResult], *, players: int, rules: Rules = CLASSIC) -> Match:
    """A finished match value built directly from its results (its last round played, none in play)."""
    return Match(
        rules=rules,
        players=players,
        seed=1,
        first_dealer=0,
        rounds=len(results),
        limit=rules.match_limit,
        results=results,
        state=None,
    )


def tournament_match(results: Sequence[RoundResult], *, players: int, seed: int = 1) -> Match:
    """A finished tournament match value built directly from its results (DRoV Nr. 12–14)."""
    return Match(
        rules=DROV_ALL_DEALT,
        players=players,
        seed=seed,
        first_dealer=0,
        rounds=len(results),
        limit=None,
        points_table=TABLE,
        results=results,
        state=None,
    )


def play_to_end(
    match: Match, seed: int, *, max_actions: int = 200_000
) -> tuple[Match, list[GameState]]:
    """Play `match` with random legal actions to its end; return it and the first state of each round."""
    rng = random.Random(seed)
    starts = [] if match.state is None else [match.state]
    for _ in range(max_actions):
        if match.state is None:
            return match, starts
        before = match.round
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
        if match.round != before and match.state is not None:
            starts.append(match.state)
    raise AssertionError("the match did not end")


# -- presets ---------------------------------------------------------------------------------


def test_presets_match_settings() -> None:
    """Each preset's match ends as rules §12 says: limit 500, 3 rounds, or the DRoV tournament table (hardening round 3, point 13: the 500 of `ass` and `schmidt` is the house default rules §12 names)."""
    expected = {
        "drov": (MatchScoring.TOURNAMENT, None, None),
        "classic": (MatchScoring.PENALTIES, None, 500),
        "cardgames-zone": (MatchScoring.PENALTIES, 3, None),
        "german-rummy": (MatchScoring.PENALTIES, 3, None),
        "house": (MatchScoring.PENALTIES, None, 500),
        "ass": (MatchScoring.PENALTIES, None, 500),
        "schmidt": (MatchScoring.PENALTIES, None, 500),
        # rules §13: the game forms keep their rule book's scoring.
        "ghidi": (MatchScoring.PENALTIES, None, 500),
        "ass-raeuber": (MatchScoring.PENALTIES, None, 500),
        "schmidt-raeuber": (MatchScoring.PENALTIES, None, 500),
        # ASS with a claim out of turn (rules §13) plays the ASS match.
        "ass-kaufen": (MatchScoring.PENALTIES, None, 500),
        "ass-klopfen": (MatchScoring.PENALTIES, None, 500),
    }
    actual = {
        name: (rules.match_scoring, rules.match_rounds, rules.match_limit)
        for name, rules in PRESETS.items()
    }
    assert expected == actual


@pytest.mark.parametrize(
    ("preset", "rounds", "limit"),
    [
        ("classic", None, 500),
        ("cardgames-zone", 3, None),
        ("german-rummy", 3, None),
        ("house", None, 500),
    ],
)
def test_new_match_takes_rounds_and_limit_from_the_rules(
    preset: str, rounds: int | None, limit: int | None
) -> None:
    """new_match ends by the preset's rounds or limit (rules §11, §12)."""
    match = new_match(PRESETS[preset], 3, seed=2)
    assert (rounds, limit) == (match.rounds, match.limit)
    assert (0, False, (0, 0, 0)) == (match.round, match.is_over, match.totals)


def test_new_match_under_drov_without_points_table_is_refused() -> None:
    """Tournament scoring needs the caller's points table; the library ships none (rules §11, DRoV Nr. 12–14)."""
    with pytest.raises(InvalidRulesError):
        new_match(DROV, 4, seed=1)
    assert new_match(DROV, 4, seed=1, points_table=TABLE).points_table == TABLE


def test_new_match_rounds_override() -> None:
    """A caller may fix the number of rounds (rules §11 `match_rounds`)."""
    assert 2 == new_match(CLASSIC, 3, seed=1, rounds=2).rounds
    with pytest.raises(InvalidPositionError):
        new_match(CLASSIC, 3, seed=1, rounds=0)


# -- the end by rounds ----------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2])
def test_cardgames_zone_match_has_exactly_three_rounds(seed: int) -> None:
    """A cardgames-zone match ends after exactly 3 rounds (rules §11 `match_rounds`, §12)."""
    rules = attrs.evolve(CARDGAMES_ZONE, max_reshuffles=1)
    match, starts = play_to_end(new_match(rules, 3, seed=seed), seed)
    assert 3 == match.round
    assert 3 == len(match.results)
    assert 3 == len(starts)
    assert match.is_over
    assert match.state is None


def test_match_is_not_over_before_its_last_round() -> None:
    """After 2 of 3 rounds a cardgames-zone match deals the third (rules §11 `match_rounds`)."""
    rules = attrs.evolve(CARDGAMES_ZONE, max_reshuffles=1)
    match = new_match(rules, 3, seed=5)
    rng = random.Random(5)
    while match.round < 2:
        assert match.state is not None
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
    assert not match.is_over
    assert match.state is not None
    assert 2 == match.state.dealer


# -- the end by the limit -------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_match_ends_when_a_total_reaches_the_limit(seed: int) -> None:
    """The match ends with the first round after which a total reaches or passes match_limit (rules §11)."""
    rules = attrs.evolve(CLASSIC, match_limit=30, max_reshuffles=1)
    match, _ = play_to_end(new_match(rules, 3, seed=seed), seed)
    totals = [0, 0, 0]
    highest = []
    for result in match.results:
        totals = [total + penalty for total, penalty in zip(totals, result.penalties, strict=True)]
        highest.append(max(totals))
    assert all(high < 30 for high in highest[:-1])
    assert highest[-1] >= 30
    assert tuple(totals) == match.totals


def _last_round(first_penalty: int) -> Match:
    """Classic, 3 seats, round 3 (dealer 2): seat 1 has `first_penalty` + 240 booked and holds K♣ Q♣ (20)."""
    results = (went_out(0, (0, first_penalty, 5)), went_out(0, (0, 240, 5)))
    state = in_play(
        CLASSIC,
        hands=["9♣", "K♣ Q♣", "2♦"],
        table=[("5♥ 6♥ 7♥", 0), ("8♠ 9♠ 10♠", 1)],
        opened=[True, True, False],
        current_player=0,
        dealer=2,
    )
    match = new_match(CLASSIC, 3, seed=1, dealer=0)
    return attrs.evolve(match, results=results, state=state)


def test_total_reaching_500_ends_the_match() -> None:
    """A total of exactly 500 ends a classic match (rules §11: reaches or passes; cardgames.zone §8)."""
    match = _last_round(240).apply(Discard(parse_card("9♣")))
    assert (0, 500, 12) == match.totals
    assert match.is_over
    assert 3 == match.round
    assert (0,) == match.winners()


def test_total_passing_500_ends_the_match() -> None:
    """A total above 500 ends a classic match (rules §11: reaches or passes; cardgames.zone §8)."""
    match = _last_round(250).apply(Discard(parse_card("9♣")))
    assert (0, 510, 12) == match.totals
    assert match.is_over


def test_total_below_500_deals_the_next_round() -> None:
    """At 499 the classic match goes on with the next dealer (rules §11, §2)."""
    match = _last_round(239).apply(Discard(parse_card("9♣")))
    assert (0, 499, 12) == match.totals
    assert not match.is_over
    assert 3 == match.round
    assert 0 == match.dealer
    assert match.state is not None
    assert 0 == match.state.dealer
    assert Phase.PLAY == match.state.phase


def test_apply_after_the_end_is_refused() -> None:
    """A finished match takes no more actions (rules §11)."""
    match = _last_round(240).apply(Discard(parse_card("9♣")))
    with pytest.raises(InvalidPositionError):
        match.apply(Discard(parse_card("9♣")))


def test_advance_with_a_round_of_another_dealer_is_refused() -> None:
    """Match.advance accepts only the round in play: the dealer rotates (rules §2, §11)."""
    match = new_match(CLASSIC, 3, seed=1, dealer=0)
    state = in_play(CLASSIC, hands=["9♣", "K♣ Q♣", "2♦"], table=[("5♥ 6♥ 7♥", 0)], dealer=1)
    with pytest.raises(InvalidPositionError):
        match.advance(state)


# -- winners -----------------------------------------------------------------------------------------


def test_lowest_total_wins() -> None:
    """The lowest penalty total wins the match (rules §11)."""
    match = penalty_match([went_out(1, (40, 0, 12, 300)), went_out(2, (50, 90, 0, 230))], players=4)
    assert (90, 90, 12, 530) == match.totals
    assert (2,) == match.winners()
    assert (2, 0, 1, 3) == match.ranking()


def test_tied_lowest_totals_share_the_win() -> None:
    """Tied players share the win (rules §11)."""
    tied = penalty_match([went_out(1, (70, 0, 50, 300)), went_out(2, (50, 80, 30, 230))], players=4)
    assert (120, 80, 80, 530) == tied.totals
    assert (1, 2) == tied.winners()


def test_everyone_tied_shares_the_win() -> None:
    """All seats tied share the win (rules §11)."""
    match = penalty_match([went_out(0, (0, 0, 0))], players=3)
    assert (0, 1, 2) == match.winners()


# -- scoring through the engine ------------------------------------------------------------------------


def _hand_romme_position(rules: Rules, *, others_opened: bool = False) -> GameState:
    """Seat 0, not opened, holds 10♠ J♠ Q♠ K♠ (40), 5♥ 5♣ 5♦ and 2♦: it can lay out all but 2♦ in one turn."""
    table = [("6♥ 7♥ 8♥", 2)] if others_opened else []
    return in_play(
        rules,
        hands=["10♠ J♠ Q♠ K♠ 5♥ 5♣ 5♦ 2♦", "K♣ 3♦", "A♥"],
        table=table,
        opened=[False, False, others_opened],
        current_player=0,
        dealer=2,
    )


HAND_ROMME = (
    LayDown(parse_cards("10♠ J♠ Q♠ K♠")),
    LayDown(parse_cards("5♥ 5♣ 5♦")),
    Discard(parse_card("2♦")),
)


def _play(state: GameState) -> GameState:
    for action in HAND_ROMME:
        state = apply(state, action)
    return state


def test_hand_romme_doubles_the_others_penalties_under_classic() -> None:
    """After a Hand-Rommé the others pay double under classic: K♣ 3♦ 26, A♥ 22 (cardgames.zone §8, rules §8, §10)."""
    result = score_round(_play(_hand_romme_position(CLASSIC)))
    assert (EndReason.WENT_OUT, 0, True) == (result.end, result.winner, result.hand_romme)
    assert (0, 26, 22) == result.penalties


def test_hand_romme_does_not_double_under_house() -> None:
    """Under house rules a Hand-Rommé changes no penalty: K♣ 3♦ 13, A♥ 11 (house rules, rules §12 multiplier 1)."""
    result = score_round(_play(_hand_romme_position(HOUSE)))
    assert (0, True) == (result.winner, result.hand_romme)
    assert (0, 13, 11) == result.penalties


def test_hand_romme_doubles_the_match_totals() -> None:
    """The doubled penalties of a Hand-Rommé go into the match totals (cardgames.zone §8, rules §11)."""
    match = attrs.evolve(
        new_match(CLASSIC, 3, seed=1, dealer=2), state=_hand_romme_position(CLASSIC)
    )
    for action in HAND_ROMME:
        match = match.apply(action)
    assert (0, 26, 22) == match.totals
    assert 1 == match.round


def test_not_opened_pays_flat_100() -> None:
    """With not_opened_penalty = 100 a player who never opened pays 100, whatever the hand (cardgames.zone §8 variant, rules §10)."""
    rules = attrs.evolve(CLASSIC, not_opened_penalty=100)
    state = in_play(
        rules,
        hands=["9♣", "2♣ 3♦", "K♣"],
        table=[("5♥ 6♥ 7♥", 0), ("8♠ 9♠ 10♠", 2)],
        opened=[True, False, True],
        current_player=0,
        dealer=2,
    )
    match = attrs.evolve(new_match(rules, 3, seed=1, dealer=2), state=state)
    match = match.apply(Discard(parse_card("9♣")))
    assert (0, 100, 10) == match.results[0].penalties
    assert (0, 100, 10) == match.totals


def test_not_opened_pays_the_hand_without_the_variant() -> None:
    """Without not_opened_penalty a player who never opened pays their hand (rules §10)."""
    state = in_play(
        CLASSIC,
        hands=["9♣", "2♣ 3♦", "K♣"],
        table=[("5♥ 6♥ 7♥", 0), ("8♠ 9♠ 10♠", 2)],
        opened=[True, False, True],
        current_player=0,
    )
    assert (0, 5, 10) == score_round(apply(state, Discard(parse_card("9♣")))).penalties


def test_flat_100_is_doubled_after_a_hand_romme() -> None:
    """The flat 100 is paid first, then the Hand-Rommé doubles it (rules §10: "Then hand_romme_multiplier applies")."""
    rules = attrs.evolve(CLASSIC, not_opened_penalty=100)
    result = score_round(_play(_hand_romme_position(rules, others_opened=True)))
    assert (0, True) == (result.winner, result.hand_romme)
    assert (0, 200, 22) == result.penalties


# -- dealer rotation ------------------------------------------------------------------------------------


def test_dealer_rotates_each_round() -> None:
    """The dealer of round k is the first dealer + k, mod the seats (rules §2, §11)."""
    rules = attrs.evolve(CARDGAMES_ZONE, max_reshuffles=1)
    match, starts = play_to_end(new_match(rules, 3, seed=7, dealer=1), 7)
    assert [1, 2, 0] == [state.dealer for state in starts]
    assert 3 == match.round


def test_dealer_rotates_past_the_last_seat() -> None:
    """With 4 seats and first dealer 3 the deal goes 3, 0, 1 (rules §2)."""
    rules = attrs.evolve(CARDGAMES_ZONE, max_reshuffles=1)
    _, starts = play_to_end(new_match(rules, 4, seed=3, dealer=3), 3)
    assert [3, 0, 1] == [state.dealer for state in starts]


def test_dealer_who_sits_out_rotates() -> None:
    """Under DRoV the dealer sits out each round and the deal rotates (DRoV Nr. 2, rules §2)."""
    match = new_match(DROV, 4, seed=2, dealer=0, points_table=TABLE)
    rng = random.Random(2)
    starts = [match.state]
    while match.round < 2:
        assert match.state is not None
        before = match.round
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
        if match.round != before:
            starts.append(match.state)
    dealt = [(state.dealer, state.dealt_in) for state in starts if state is not None]
    expected = [
        (0, (False, True, True, True)),
        (1, (True, False, True, True)),
        (2, (True, True, False, True)),
    ]
    assert expected == dealt
    assert [(False, True, True, True), (True, False, True, True)] == [
        result.dealt_in for result in match.results
    ]


def test_dealer_property_follows_the_rounds_played() -> None:
    """Match.dealer is (first dealer + rounds played) mod seats (rules §2, §11)."""
    match = penalty_match([went_out(0, (0, 1, 2, 3, 4))] * 7, players=5)
    match = attrs.evolve(match, first_dealer=4)
    assert 7 == match.round
    assert 1 == match.dealer


# -- tournament points (DRoV Nr. 12–14) --------------------------------------------------------------


def test_points_table_known_data_points() -> None:
    """Went out 5, opened holding 8 Augen 3, opened holding 87 Augen 1 (DRoV Nr. 14)."""
    result = went_out(0, (0, 8, 87, 40), opened=(True, True, True, False))
    assert [5, 3, 1, 0] == [TABLE.points(result, seat) for seat in range(4)]


def test_points_table_with_a_negative_limit_does_not_load() -> None:
    """A match document whose points table has a band below zero is refused as bad data (DRoV Nr. 12: penalties are 0 or more)."""
    document = to_dict(new_match(PRESETS["drov"], 4, seed=3, points_table=TABLE))
    document["points_table"]["opened"] = [[10, 3], [50, 2], [-1, 1]]
    with pytest.raises(InvalidDataError, match="0 or more"):
        from_dict(document)


def test_points_table_band_limits_are_inclusive() -> None:
    """A penalty equal to a band's limit earns that band's points (DRoV Nr. 14)."""
    result = went_out(0, (0, 10, 11, 50, 51))
    assert [5, 3, 2, 2, 1] == [TABLE.points(result, seat) for seat in range(5)]


def test_points_table_hand_romme_sat_out_and_not_opened() -> None:
    """A Hand-Rommé, a dealer who sat out and a player who never opened get their own points (DRoV Nr. 2, 12–14)."""
    result = went_out(
        1,
        (0, 0, 3, 120),
        opened=(False, True, False, True),
        dealt_in=(False, True, True, True),
        hand_romme=True,
    )
    assert [2, 6, 0, 1] == [TABLE.points(result, seat) for seat in range(4)]


@pytest.mark.parametrize(
    "bands",
    [
        [(50, 2), (10, 3), (None, 1)],
        [(10, 3), (10, 2), (None, 1)],
        [(10, 3), (50, 2)],
        [(10, 3), (None, 2), (None, 1)],
        [],
    ],
)
def test_points_table_bands_must_rise_and_end_open(bands: list[tuple[int | None, int]]) -> None:
    """Bands out of order, repeated, or not ending with None are refused (DRoV Nr. 14)."""
    with pytest.raises(InvalidRulesError):
        PointsTable(went_out=5, hand_romme=5, not_opened=0, opened=bands)


def test_tournament_ranking_most_points_first() -> None:
    """Under tournament scoring the most points rank first (DRoV Nr. 14)."""
    results = [
        went_out(1, (0, 0, 8, 87), dealt_in=(False, True, True, True)),
        went_out(
            3, (40, 0, 60, 0), dealt_in=(True, False, True, True), opened=(True, False, False, True)
        ),
    ]
    match = attrs.evolve(tournament_match(results, players=4), rules=DROV)
    assert (4, 7, 3, 6) == match.points
    assert (40, 0, 68, 87) == match.totals
    assert (1, 3, 0, 2) == match.ranking()
    assert (1,) == match.winners()


def test_tournament_ranking_tie_on_points_goes_to_the_lower_penalty_total() -> None:
    """Equal points: the lower penalty total ranks first (DRoV Nr. 14)."""
    results = [went_out(0, (0, 8, 30)), went_out(1, (9, 0, 40))]
    match = tournament_match(results, players=3)
    assert (8, 8, 4) == match.points
    assert (9, 8, 70) == match.totals
    assert (1, 0, 2) == match.ranking()
    assert (1,) == match.winners()


def test_tournament_ranking_full_tie_is_decided_by_lot_from_the_seed() -> None:
    """Equal points and penalties: lot decides, the same for the same seed (DRoV Nr. 14, rules §11)."""
    results = [went_out(0, (0, 8, 8))]
    orders = set()
    for seed in range(20):
        first = tournament_match(results, players=3, seed=seed).ranking()
        again = tournament_match(results, players=3, seed=seed).ranking()
        assert first == again
        orders.add(first)
    assert {(0, 1, 2), (0, 2, 1)} == orders


def test_points_are_zero_without_points_table() -> None:
    """Without a points table every seat has 0 points (rules §11: the table is the caller's)."""
    match = penalty_match([went_out(0, (0, 8, 87))], players=3)
    assert (0, 0, 0) == match.points


def test_tournament_match_books_points_from_the_engine() -> None:
    """A DRoV round played through the engine earns the table's points (DRoV Nr. 12–14)."""
    state = in_play(
        DROV,
        hands=["", "9♣", "2♣ 6♦", "K♣ Q♣ 10♦ 9♦ 8♦ 7♦ 7♥ A♥ A♦ 4♠"],
        table=[("5♥ 6♥ 7♥ 8♥ 9♥ 10♥", 1), ("J♠ Q♠ K♠", 2)],
        opened=[False, True, True, True],
        current_player=1,
        dealer=0,
    )
    assert (False, True, True, True) == state.dealt_in
    match = attrs.evolve(new_match(DROV, 4, seed=1, dealer=0, points_table=TABLE), state=state)
    match = match.apply(Discard(parse_card("9♣")))
    assert (0, 0, 8, 87) == match.totals
    assert (2, 5, 3, 1) == match.points
