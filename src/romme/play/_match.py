"""Matches (Partie): rounds with the dealer rotating, running totals, the end, and the winners.

Rules §11: a match ends after ``match_rounds`` rounds, or when a
player's penalty total reaches or passes ``match_limit``; the lowest total
wins and tied players share the win. Under tournament scoring (DRoV
Nr. 12–14) each player gets points per round from the caller's
`PointsTable`; the ranking is most points, then the lower penalty total,
then lot (drawn from the match's seed). The library ships no points
table: the DRoV's is not published in the sources it follows. Under
``winner_sum`` each round's winner scores the others' penalties as plus
points, and the most points win (the limit then applies to the points).

>>> from romme import find_rules, legal_actions
>>> match = new_match(find_rules("cardgames-zone"), 3, seed=11)
>>> match.round, match.dealer, match.is_over
(0, 0, False)

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Final

import attrs

from romme import _guard
from romme._turn import apply, check_seats, check_seed, new_game
from romme.documents import (
    Reader,
    construct,
    register,
    result_in,
    result_out,
    rules_in,
    rules_out,
    state_in,
    state_out,
)
from romme.errors import InvalidDataError, InvalidPositionError, InvalidRulesError
from romme.game import MAX_ROUND_PENALTY, MAX_SEED, Action, GameState, Problem, RoundResult, refuse
from romme.rules import MatchScoring, Rules

__all__ = ["Match", "PointsTable", "new_match"]


def _band(value: object) -> tuple[int | None, int]:
    if not isinstance(value, tuple | list) or len(value) != 2:
        raise TypeError(
            f"a band of a points table is a (limit, points) pair, not {_guard.shown(value)}"
        )
    limit, points = value
    return (
        _guard.optional_integer(limit, "a band's limit", 0, MAX_ROUND_PENALTY),
        _guard.integer(points, "points", -1_000_000, 1_000_000),
    )


def _bands(value: Iterable[tuple[int | None, int]]) -> tuple[tuple[int | None, int], ...]:
    return tuple(_band(band) for band in _guard.bounded(value, _MAX_BANDS, "bands"))


_MAX_BANDS: Final = 1000
"""The most bands a points table may hold."""


def _points(_: object, attribute: attrs.Attribute[int], value: object) -> None:
    _guard.integer(value, attribute.name, -1_000_000, 1_000_000)


@attrs.frozen(kw_only=True)
class PointsTable:
    """Tournament points (Wertungspunkte) per round, given by the caller (DRoV Nr. 12).

    A player who went out gets `went_out` (`hand_romme` after a Hand-Rommé);
    a player who never opened gets `not_opened`; an opened player gets the
    points of the first band whose limit is at least their penalty (Augen),
    a limit of ``None`` taking any penalty; a dealer who sat out gets
    `sat_out`. The three known DRoV data points (as the Rommé encyclopedia entry reports them): went out 5, opened
    holding 8 Augen 3, opened holding 87 Augen 1.

    Raises:
        TypeError: For points or limits that are not integers.
        ValueError: For points beyond ±1,000,000 or a negative limit.
        InvalidRulesError: If the bands are not in ascending order or do not end with ``None``.
    """

    went_out: int = attrs.field(validator=_points)
    """Points for going out."""
    hand_romme: int = attrs.field(validator=_points)
    """Points for going out by a Hand-Rommé."""
    not_opened: int = attrs.field(validator=_points)
    """Points for a player who never opened."""
    opened: tuple[tuple[int | None, int], ...] = attrs.field(converter=_bands)
    """``(highest penalty, points)`` bands for opened players, ascending, the last limit ``None``."""
    sat_out: int = attrs.field(default=0, validator=_points)
    """Points for a dealer who sat out the round (DRoV Nr. 2)."""

    def __attrs_post_init__(self) -> None:
        limits = [limit for limit, _ in self.opened]
        if not limits or limits[-1] is not None:
            raise InvalidRulesError(
                "the last band of a points table must take any penalty (limit None)"
            )
        numbers = [limit for limit in limits[:-1] if limit is not None]
        if len(numbers) != len(limits) - 1 or numbers != sorted(set(numbers)):
            raise InvalidRulesError(
                "the bands of a points table must rise, with only the last limit None"
            )

    def points(self, result: RoundResult, seat: int) -> int:
        """Return the points `seat` earns for a round with `result`."""
        if not result.dealt_in[seat]:
            return self.sat_out
        if result.winner == seat:
            return self.hand_romme if result.hand_romme else self.went_out
        if not result.opened[seat]:
            return self.not_opened
        penalty = result.penalties[seat]
        for limit, points in self.opened:
            if limit is None or penalty <= limit:
                return points
        raise AssertionError("the last band takes any penalty")  # pragma: no cover


def _results(value: Iterable[RoundResult]) -> tuple[RoundResult, ...]:
    results = _guard.bounded(value, MAX_MATCH_ROUNDS, "results")
    for result in results:
        _guard.instance(result, RoundResult, "each result")
    return results


MAX_MATCH_ROUNDS: Final = 1000
"""The most rounds a match holds (``Rules.match_rounds`` is at most this too)."""


@attrs.frozen(kw_only=True)
class Match:
    """A match in progress or finished. Immutable: `apply` and `advance` return a new match.

    Made by `new_match`; a match built field by field is checked like a
    loaded document (seats, dealer, results per seat, the round in play
    against the rules, seats and dealer, the end against the round count
    and limit).

    Raises:
        TypeError: For a field of the wrong type.
        InvalidPositionError: For a match that cannot occur; its ``where`` names the field.
    """

    rules: Rules = attrs.field(validator=_guard.is_instance(Rules, "rules"))
    """The rules played."""
    players: int = attrs.field(validator=_guard.is_integer("players", 2, 6))
    """The number of seats."""
    seed: int = attrs.field(validator=_guard.is_integer("seed", 1 - MAX_SEED, MAX_SEED - 1))
    """The match's seed: each round's deal and the lot are drawn from it."""
    first_dealer: int = attrs.field(validator=_guard.is_integer("first_dealer", 0, 5))
    """The dealer of the first round; the deal passes one seat to the left each round."""
    rounds: int | None = attrs.field(
        validator=_guard.is_integer("rounds", 1, MAX_MATCH_ROUNDS, optional=True)
    )
    """Rounds to play, or ``None`` for no fixed number."""
    limit: int | None = attrs.field(
        validator=_guard.is_integer("limit", 1, 1_000_000, optional=True)
    )
    """The penalty total that ends the match, or ``None``."""
    points_table: PointsTable | None = attrs.field(
        default=None,
        validator=_guard.is_instance(PointsTable, "points_table", optional=True),
    )
    """Tournament points, under ``match_scoring = tournament``."""
    results: tuple[RoundResult, ...] = attrs.field(default=(), converter=_results)
    """The results of the rounds played."""
    state: GameState | None = attrs.field(
        default=None,
        validator=_guard.is_instance(GameState, "state", optional=True),
    )
    """The round being played, or ``None`` once the match is over."""

    def __attrs_post_init__(self) -> None:
        refuse(_match_problem(self))

    @property
    def round(self) -> int:
        """The number of rounds finished (the index of the round in play)."""
        return len(self.results)

    @property
    def dealer(self) -> int:
        """The dealer of the round in play (rules §2: the deal rotates to the left)."""
        return (self.first_dealer + self.round) % self.players

    @property
    def is_over(self) -> bool:
        """Whether the match has ended."""
        return self.state is None

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's penalty total (Minuspunkte) so far, bonuses included (`RoundResult.scores`).

        Under ``ass_bonuses`` a total can go below zero (ASS S. 2).
        """
        return _totals(self.results, self.players)

    @property
    def points(self) -> tuple[int, ...]:
        """Each seat's plus points so far: tournament points from the points table, or under
        ``winner_sum`` the others' penalties each round's winner scored; all 0 otherwise."""
        return _points_of(self.rules, self.points_table, self.results, self.players)

    def ranking(self) -> tuple[int, ...]:
        """Return the seats from first to last.

        By penalties: lowest total first, ties by seat. Under tournament
        scoring: most points, then the lower penalty total, then lot (DRoV
        Nr. 14). Under ``winner_sum``: most points, then the lower penalty
        total, then seat.
        """
        totals = self.totals
        scoring = self.rules.match_scoring
        if scoring is MatchScoring.PENALTIES:
            return tuple(sorted(range(self.players), key=lambda s: (totals[s], s)))
        points = self.points
        order = list(range(self.players))
        if scoring is MatchScoring.TOURNAMENT:
            random.Random(f"romme/match/{self.seed}/lot").shuffle(order)
        return tuple(
            sorted(range(self.players), key=lambda s: (-points[s], totals[s], order.index(s)))
        )

    def winners(self) -> tuple[int, ...]:
        """Return the seats that win (so far): ties share the win under penalty and ``winner_sum`` scoring."""
        scoring = self.rules.match_scoring
        if scoring is MatchScoring.TOURNAMENT:
            return self.ranking()[:1]
        if scoring is MatchScoring.WINNER_SUM:
            points = self.points
            return tuple(seat for seat in range(self.players) if points[seat] == max(points))
        totals = self.totals
        best = min(totals)
        return tuple(seat for seat in range(self.players) if totals[seat] == best)

    def apply(self, action: Action, *, player: int | None = None) -> Match:
        """Return the match after `action` in the round in play (see `romme.apply`).

        Raises:
            IllegalActionError: If the action is not legal.
            InvalidPositionError: If the match is over.
        """
        if self.state is None:
            raise InvalidPositionError("the match is over")
        return self.advance(apply(self.state, action, player=player))

    def advance(self, state: GameState) -> Match:
        """Return the match with `state` as the round in play; a finished round is booked and the next dealt.

        Raises:
            InvalidPositionError: If the match is over or `state` is not a round of this match.
        """
        if self.state is None:
            raise InvalidPositionError("the match is over")
        _guard.instance(state, GameState, "state")
        if (
            state.rules != self.rules
            or state.players != self.players
            or state.dealer != self.dealer
        ):
            raise InvalidPositionError("the state is not the round in play of this match")
        if state.result is None:
            return attrs.evolve(self, state=state)
        results = (*self.results, state.result)
        over = _ended(self.rules, self.rounds, self.limit, results, self.players)
        return attrs.evolve(
            self,
            results=results,
            state=None
            if over
            else _deal(self.rules, self.players, self.seed, self.first_dealer, len(results)),
        )


def _ended(
    rules: Rules,
    rounds: int | None,
    limit: int | None,
    results: tuple[RoundResult, ...],
    players: int,
) -> bool:
    """Whether a match with these `results` is over (rules §11).

    The limit ends a match under penalty scoring when a total reaches it,
    and under ``winner_sum`` when a seat's plus points reach it.
    """
    if rounds is not None and len(results) >= rounds:
        return True
    if limit is None or not results:
        return False
    if rules.match_scoring is MatchScoring.PENALTIES:
        return max(_totals(results, players)) >= limit
    if rules.match_scoring is MatchScoring.WINNER_SUM:
        return max(_points_of(rules, None, results, players)) >= limit
    return False


def _points_of(
    rules: Rules, table: PointsTable | None, results: tuple[RoundResult, ...], players: int
) -> tuple[int, ...]:
    """Each seat's plus points over `results` (see `Match.points`)."""
    if rules.match_scoring is MatchScoring.WINNER_SUM:
        return tuple(
            sum(sum(result.penalties) for result in results if result.winner == seat)
            for seat in range(players)
        )
    if table is None:
        return (0,) * players
    return tuple(sum(table.points(result, seat) for result in results) for seat in range(players))


def _totals(results: tuple[RoundResult, ...], players: int) -> tuple[int, ...]:
    """Each seat's total of the round scores in `results` (penalties plus bonuses)."""
    return tuple(sum(result.scores[seat] for result in results) for seat in range(players))


def _match_problem(match: Match) -> Problem | None:
    """Return what is impossible about `match`, or ``None`` (what `Match` refuses)."""
    rules, players = match.rules, match.players
    if not 2 <= players <= rules.max_players or rules.players_dealt_in(players) < 2:
        return "players", f"these rules do not seat {players} players"
    if match.first_dealer >= players:
        return "first_dealer", f"no seat {match.first_dealer}"
    if rules.match_scoring is MatchScoring.TOURNAMENT and match.points_table is None:
        return "points_table", "tournament scoring needs a points table"
    for index, result in enumerate(match.results):
        if len(result.penalties) != players:
            return f"results[{index}]", "one penalty per seat is needed"
    ended = _ended(rules, match.rounds, match.limit, match.results, players)
    state = match.state
    if ended != (state is None):
        if ended:
            return "state", "a finished match has no round in play"
        return "state", "the match is not over but has no round in play"
    if state is not None and state.result is not None:
        return "state", "a finished round is booked in results, not kept in play"
    if state is not None and (
        state.rules != rules or state.players != players or state.dealer != match.dealer
    ):
        return "state", "not the round in play of this match (rules, seats or dealer)"
    return None


_ROUND_SEEDS: Final = 2**63
"""Each round's seed is drawn below this bound from the match's seed."""


def _round_seed(seed: int, round_index: int) -> int:
    return random.Random(f"romme/match/{seed}/round/{round_index}").randrange(_ROUND_SEEDS)


def _deal(rules: Rules, players: int, seed: int, first_dealer: int, round_index: int) -> GameState:
    """The deal of round `round_index` of a match: its seed drawn from the match's, the dealer rotated."""
    dealer = (first_dealer + round_index) % players
    return new_game(rules, players, seed=_round_seed(seed, round_index), dealer=dealer)


def new_match(
    rules: Rules | None = None,
    players: int = 4,
    *,
    seed: int | None = None,
    dealer: int = 0,
    rounds: int | None = None,
    points_table: PointsTable | None = None,
) -> Match:
    """Start a match and deal its first round.

    Args:
        rules: The rules; ``Rules()`` if ``None``.
        players: The number of seats.
        seed: The match's seed (a fresh one if ``None``).
        dealer: The first dealer.
        rounds: Rounds to play; ``rules.match_rounds`` if ``None``.
        points_table: Tournament points; required under ``match_scoring = tournament``.

    Raises:
        TypeError: If `rules` is no `Rules` or `points_table` no `PointsTable`.
        InvalidRulesError: If tournament scoring has no points table.
        InvalidPositionError: For an impossible number of players, dealer, seed or round count.
    """
    rules = Rules() if rules is None else _guard.instance(rules, Rules, "rules")
    check_seats(rules, players, dealer)
    if seed is not None:
        check_seed(seed)
    if points_table is not None:
        _guard.instance(points_table, PointsTable, "points_table")
    if rules.match_scoring is MatchScoring.TOURNAMENT and points_table is None:
        raise InvalidRulesError(
            "tournament scoring needs the caller's points table (PointsTable): the DRoV table "
            "is not published in the sources; or evolve the rules to match_scoring='penalties'"
        )
    if seed is None:
        seed = random.SystemRandom().getrandbits(128)
    if rounds is not None and (type(rounds) is not int or rounds < 1):
        raise InvalidPositionError(f"rounds must be 1 or more, not {_guard.shown(rounds)}")
    return Match(
        rules=rules,
        players=players,
        seed=seed,
        first_dealer=dealer,
        rounds=rules.match_rounds if rounds is None else rounds,
        limit=rules.match_limit,
        points_table=points_table,
        state=_deal(rules, players, seed, dealer, 0),
    )


# -- JSON ------------------------------------------------------------------------


def _table_out(table: PointsTable | None) -> object:
    if table is None:
        return None
    return {
        "went_out": table.went_out,
        "hand_romme": table.hand_romme,
        "not_opened": table.not_opened,
        "opened": [[limit, points] for limit, points in table.opened],
        "sat_out": table.sat_out,
    }


def _table_in(reader: Reader) -> PointsTable:
    bands = []
    for index, band in enumerate(reader.get_list("opened")):
        if (
            not isinstance(band, list)
            or len(band) != 2
            or not (band[0] is None or type(band[0]) is int)
            or type(band[1]) is not int
        ):
            raise InvalidDataError(
                f"{reader.where('opened')}[{index}]: expected [limit or null, points]"
            )
        bands.append((band[0], band[1]))
    try:
        table = PointsTable(
            went_out=reader.get_int("went_out"),
            hand_romme=reader.get_int("hand_romme"),
            not_opened=reader.get_int("not_opened"),
            opened=bands,
            sat_out=reader.get_int("sat_out"),
        )
    except (InvalidRulesError, ValueError, TypeError) as error:  # a negative limit, say
        raise InvalidDataError(f"{reader.path}: {error}") from None
    reader.done()
    return table


def _match_out(match: Match) -> dict[str, object]:
    return {
        "rules": rules_out(match.rules),
        "players": match.players,
        "seed": match.seed,
        "first_dealer": match.first_dealer,
        "rounds": match.rounds,
        "limit": match.limit,
        "points_table": _table_out(match.points_table),
        "results": [result_out(result) for result in match.results],
        "state": None if match.state is None else state_out(match.state),
    }


def _match_in(reader: Reader) -> Match:
    rules = rules_in(reader.get_object("rules"))
    players = reader.get_int("players", minimum=2, maximum=rules.max_players)
    table = (
        None if reader.raw("points_table") is None else _table_in(reader.get_object("points_table"))
    )
    results = tuple(
        result_in(Reader(item, f"{reader.where('results')}[{i}]"))
        for i, item in enumerate(reader.get_list("results"))
    )
    state = None if reader.raw("state") is None else state_in(reader.get_object("state"))
    fields = {
        "rules": rules,
        "players": players,
        "seed": reader.get_int("seed"),
        "first_dealer": reader.get_int("first_dealer", minimum=0, maximum=players - 1),
        "rounds": reader.get_optional_int("rounds", minimum=1),
        "limit": reader.get_optional_int("limit", minimum=1),
        "points_table": table,
        "results": results,
        "state": state,
    }
    reader.done()
    return construct(Match, reader.path, **fields)


register("match", Match, _match_out, _match_in)
