"""The arena's rounds: the bots by name, one round on a duplicate deal, and the summary of many."""

from __future__ import annotations

import hashlib
import importlib
import time
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, Final, Literal

import attrs

from romme import _guard
from romme._turn import apply, new_game
from romme.arena._executors import run_local, run_ray
from romme.arena._stats import bootstrap_interval, elo_ratings, wilson_interval
from romme.game import view
from romme.play import Bot, GreedyBot, RandomBot, SearchBot
from romme.rules import Rules, find_rules, preset_name

__all__ = [
    "BOT_NAMES",
    "ArenaResult",
    "BotStats",
    "Executor",
    "RoundOutcome",
    "derive_seed",
    "make_bot",
    "play_round",
    "run_arena",
]

BOT_NAMES: Final = ("random", "greedy", "search", "evalsearch")
"""The built-in bots `make_bot` knows by name (``evalsearch``: the search on the hand reader and the learnt evaluation, ``romme.play._evalsearch:EvalSearchBot``)."""

Executor = Literal["process", "ray"]
"""The executors `run_arena` spreads rounds over."""


def derive_seed(*parts: int | str) -> int:
    """Return a 63-bit seed from `parts` (SHA-256 of their text): the same on every machine.

    >>> derive_seed(7, 0) == derive_seed(7, 0), derive_seed(7, 0) == derive_seed(7, 1)
    (True, False)
    """
    text = "romme/arena/" + "/".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


def make_bot(spec: str, seed: int) -> Bot:
    """Return a new bot from its name (``random``, ``greedy``, ``search``, ``evalsearch``) or import path.

    An import path ``package.module:Class`` names a class; it is called
    with ``seed=seed`` if it takes a seed, else without arguments.

    Raises:
        ValueError: For an unknown name, a path that does not import, or
            an object that is not a bot.

    >>> make_bot("search", 3)
    SearchBot(seed=3, iterations=24, horizon=4, discards=False)
    """
    name = spec.strip()
    if name.lower() == "random":
        return RandomBot(seed)
    if name.lower() == "greedy":
        return GreedyBot()
    if name.lower() == "search":
        return SearchBot(seed)
    if name.lower() == "evalsearch":
        # Private to romme.play for now: seated by its import path, called with the seed.
        name = "romme.play._evalsearch:EvalSearchBot"
    module_name, colon, attribute = name.partition(":")
    if not colon or not module_name or not attribute:
        raise ValueError(
            f"a bot is one of {', '.join(BOT_NAMES)} or an import path package.module:Class, "
            f"not {spec!r}"
        )
    try:
        factory = getattr(importlib.import_module(module_name), attribute)
    except (ImportError, AttributeError) as error:
        raise ValueError(f"cannot import the bot {spec!r}: {error}") from None
    if not callable(factory):
        raise ValueError(f"{spec!r} is not a class or factory")
    try:
        bot = factory(seed=seed)
    except TypeError:
        bot = factory()
    if not isinstance(bot, Bot):
        raise ValueError(
            f"{spec!r} made a {type(bot).__name__}, which is not a bot (no choose(view) method)"
        )
    return bot


@attrs.frozen(kw_only=True)
class RoundOutcome:
    """One round played in the arena: which bot sat where, and how it ended."""

    index: int
    """The round's index; its deal is ``index // seats``, its rotation ``index % seats``."""
    bots: tuple[str, ...]
    """The bot at each seat."""
    winner: int | None
    """The seat that went out, or ``None``."""
    penalties: tuple[int, ...]
    """Each seat's penalty, any bonus included (`romme.RoundResult.scores`)."""
    dealt_in: tuple[bool, ...]
    """Which seats were dealt cards."""
    end: str
    """How the round ended (an `romme.EndReason` value)."""
    turns: int
    """The turns played."""


def play_round(bots: Sequence[str], rules: Rules, seed: int, index: int) -> RoundOutcome:
    """Play round `index` of an arena with master seed `seed`: deal ``index // seats``, seats rotated by ``index % seats``.

    The deal's seed and each bot's seed are derived from `seed`, the deal
    and the seat (`derive_seed`), never from the process that plays it.

    >>> from romme import find_rules
    >>> outcome = play_round(["greedy", "random", "random"], find_rules("classic"), 1, 4)
    >>> outcome.bots, outcome.winner is not None
    (('random', 'greedy', 'random'), True)
    """
    seats = len(bots)
    deal, rotation = divmod(index, seats)
    seated = tuple(bots[(seat - rotation) % seats] for seat in range(seats))
    players = [
        make_bot(name, derive_seed(seed, deal, rotation, seat)) for seat, name in enumerate(seated)
    ]
    state = new_game(rules, seats, seed=derive_seed(seed, deal), dealer=deal % seats)
    while not state.is_over:
        seat = state.current_player
        state = apply(state, players[seat].choose(view(state, seat)))
    result = state.result
    assert result is not None
    return RoundOutcome(
        index=index,
        bots=seated,
        winner=result.winner,
        penalties=result.scores,
        dealt_in=result.dealt_in,
        end=result.end.value,
        turns=state.turn.number + 1,
    )


def _play_many(
    bots: tuple[str, ...], rules: Rules, seed: int, indices: tuple[int, ...]
) -> list[RoundOutcome]:
    return [play_round(bots, rules, seed, index) for index in indices]


@attrs.frozen(kw_only=True)
class BotStats:
    """One bot's figures over the rounds it was dealt in, pooled over the seats it held."""

    bot: str
    """The bot's name or import path."""
    rounds: int
    """Seat-rounds it was dealt in."""
    wins: int
    """Rounds it went out in."""
    win_rate: float
    """``wins / rounds``."""
    win_interval: tuple[float, float]
    """95 % Wilson interval of the win rate."""
    average_penalty: float
    """Mean penalty per seat-round."""
    penalty_interval: tuple[float, float]
    """95 % bootstrap interval of the mean penalty (deals resampled, fixed seed)."""
    average_points: float
    """Mean points per seat-round: the other seats' mean penalty less its own (zero-sum)."""
    points_interval: tuple[float, float]
    """95 % bootstrap interval of the mean points."""
    rating: float
    """Elo-scale rating (Bradley–Terry fit of pairwise penalties; the bots' geometric mean is 1500)."""


@attrs.frozen(kw_only=True)
class ArenaResult:
    """What `run_arena` measured. Equal for the same arguments whatever the workers (timing aside)."""

    rules: Rules
    """The rules played."""
    rules_name: str | None
    """The preset's name, if the rules are a preset."""
    bots: tuple[str, ...]
    """The bots, in their seat order for rotation 0."""
    seed: int
    """The master seed."""
    rounds: int
    """The rounds played."""
    duplicate: bool
    """Whether every deal was replayed with the seats rotated."""
    stats: tuple[BotStats, ...]
    """Per distinct bot, in order of first seat."""
    ends: tuple[tuple[str, int], ...]
    """How the rounds ended, counted."""
    average_turns: float
    """Mean turns per round."""
    outcomes: tuple[RoundOutcome, ...] = attrs.field(repr=False)
    """Every round, by index."""
    elapsed: float = attrs.field(default=0.0, eq=False)
    """Seconds of wall time (not part of equality)."""
    workers: int = attrs.field(default=1, eq=False)
    """Workers used (not part of equality)."""

    @property
    def rounds_per_second(self) -> float:
        """Rounds played per second of wall time."""
        return self.rounds / self.elapsed if self.elapsed else 0.0

    def stat(self, bot: str) -> BotStats:
        """Return the figures of `bot`.

        Raises:
            ValueError: If `bot` did not play.
        """
        for entry in self.stats:
            if entry.bot == bot:
                return entry
        raise ValueError(f"{bot!r} did not play in this arena")

    def to_dict(self) -> dict[str, Any]:
        """Return the result as plain JSON-ready data (without the per-round outcomes)."""
        return {
            "rules": self.rules_name,
            "bots": list(self.bots),
            "seed": self.seed,
            "rounds": self.rounds,
            "duplicate": self.duplicate,
            "stats": [attrs.asdict(entry) for entry in self.stats],
            "ends": dict(self.ends),
            "average_turns": self.average_turns,
            "elapsed": self.elapsed,
            "workers": self.workers,
            "rounds_per_second": self.rounds_per_second,
        }

    def table(self) -> str:
        """Return the per-bot figures as a text table."""
        lines = [
            f"{self.rounds} rounds of {self.rules_name or 'custom rules'}, seed {self.seed}"
            + (", duplicate deals" if self.duplicate else ""),
            (
                f"{'bot':<12} {'rounds':>6} {'wins':>5} {'win % (95 % CI)':>22} "
                f"{'avg penalty (95 % CI)':>26} {'points (95 % CI)':>25} {'Elo':>6}"
            ),
        ]
        for entry in self.stats:
            low, high = entry.win_interval
            plow, phigh = entry.penalty_interval
            qlow, qhigh = entry.points_interval
            lines.append(
                f"{entry.bot:<12} {entry.rounds:>6} {entry.wins:>5} "
                f"{100 * entry.win_rate:>6.1f} ({100 * low:5.1f}–{100 * high:5.1f}) "
                f"{entry.average_penalty:>10.1f} ({plow:6.1f}–{phigh:6.1f}) "
                f"{entry.average_points:>9.1f} ({qlow:6.1f}–{qhigh:6.1f}) {entry.rating:>6.0f}"
            )
        lines.append(
            f"ends: {', '.join(f'{k} {v}' for k, v in self.ends)}; average turns "
            f"{self.average_turns:.1f}; {self.rounds_per_second:.2f} rounds/s on {self.workers} "
            f"worker{'s' if self.workers != 1 else ''}"
        )
        return "\n".join(lines)


def run_arena(
    bots: Sequence[str],
    rules: Rules | str,
    rounds: int,
    seed: int,
    *,
    workers: int = 1,
    executor: Executor = "process",
    duplicate: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> ArenaResult:
    """Play `rounds` rounds between `bots` (one per seat) and return their figures.

    With `duplicate` (the default), round ``i`` plays deal ``i // seats``
    with the bots rotated by ``i % seats`` seats, so every deal is played
    from every seat by every bot (the rounds should be a multiple of the
    seats); without it every round has a deal of its own, the seats still
    rotating. The dealer of deal ``d`` is seat ``d % seats``. Each round's
    seeds are derived from `seed` and the round alone, so the result is the
    same for any `workers` and either executor.

    Args:
        bots: Bot names (`BOT_NAMES`) or import paths, one per seat.
        rules: The rules, or a preset name.
        rounds: Rounds to play (at least 1).
        seed: The master seed.
        workers: Processes (or Ray tasks at once, for a local Ray) to play on.
        executor: ``"process"`` (a local process pool; one worker plays in
            this process) or ``"ray"`` (the ``[ray]`` extra: the cluster at
            ``RAY_ADDRESS`` when set, otherwise a local Ray started and
            stopped here).
        duplicate: Whether to replay every deal with the seats rotated.
        progress: Called with (rounds done, rounds) as rounds finish.

    Raises:
        ValueError: For an unknown bot or executor, a bad number of seats,
            rounds or workers, or Ray missing for ``executor="ray"``.
        InvalidRulesError: For an unknown preset name.

    >>> result = run_arena(["greedy", "random", "random"], "classic", 6, seed=1)
    >>> result.stat("greedy").rounds, result.stat("random").rounds
    (6, 12)
    """
    if isinstance(rules, str):
        rules = find_rules(rules)
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value or a preset name, not {type(rules).__name__}")
    names = tuple(str(bot).strip() for bot in bots)
    if not 2 <= len(names) <= rules.max_players:
        raise ValueError(f"these rules seat 2 to {rules.max_players} bots, not {len(names)}")
    if rules.players_dealt_in(len(names)) < 2:
        raise ValueError("these rules need at least 3 seats (the dealer sits out)")
    for name in dict.fromkeys(names):
        make_bot(name, 0)
    if type(rounds) is not int or rounds < 1:
        raise ValueError(f"rounds must be an int of 1 or more, not {_guard.shown(rounds)}")
    if type(workers) is not int or workers < 1:
        raise ValueError(f"workers must be an int of 1 or more, not {_guard.shown(workers)}")
    if type(seed) is not int:
        raise ValueError(f"seed must be an int, not {_guard.shown(seed)}")
    if executor not in ("process", "ray"):
        raise ValueError(f"executor must be 'process' or 'ray', not {executor!r}")
    seats = len(names)
    indices = list(range(rounds)) if duplicate else [seats * i + i % seats for i in range(rounds)]
    started = time.perf_counter()
    run = run_ray if executor == "ray" else run_local
    played = run(_play_many, names, rules, seed, indices, workers, progress)
    elapsed = time.perf_counter() - started
    outcomes = tuple(sorted(played, key=lambda outcome: outcome.index))
    return _summarize(names, rules, seed, rounds, duplicate, outcomes, elapsed, workers)


def _summarize(
    names: tuple[str, ...],
    rules: Rules,
    seed: int,
    rounds: int,
    duplicate: bool,
    outcomes: tuple[RoundOutcome, ...],
    elapsed: float,
    workers: int,
) -> ArenaResult:
    distinct = list(dict.fromkeys(names))
    seats = len(names)
    ratings = elo_ratings(((o.bots, o.dealt_in, o.penalties) for o in outcomes), distinct)
    stats = []
    for number, name in enumerate(distinct):
        wins = 0
        count = 0
        penalty_total = 0.0
        points_total = 0.0
        by_deal: dict[int, list[float]] = {}
        for outcome in outcomes:
            dealt = [s for s in range(seats) if outcome.dealt_in[s]]
            for seat in dealt:
                if outcome.bots[seat] != name:
                    continue
                others = [outcome.penalties[s] for s in dealt if s != seat]
                points = sum(others) / len(others) - outcome.penalties[seat]
                count += 1
                wins += outcome.winner == seat
                penalty_total += outcome.penalties[seat]
                points_total += points
                group = by_deal.setdefault(outcome.index // seats, [0.0, 0.0, 0.0])
                group[0] += outcome.penalties[seat]
                group[1] += points
                group[2] += 1
        groups = list(by_deal.values())
        stats.append(
            BotStats(
                bot=name,
                rounds=count,
                wins=wins,
                win_rate=wins / count if count else 0.0,
                win_interval=wilson_interval(wins, count),
                average_penalty=penalty_total / count if count else 0.0,
                penalty_interval=bootstrap_interval(
                    [(g[0], int(g[2])) for g in groups], derive_seed(seed, "penalty", number)
                ),
                average_points=points_total / count if count else 0.0,
                points_interval=bootstrap_interval(
                    [(g[1], int(g[2])) for g in groups], derive_seed(seed, "points", number)
                ),
                rating=ratings[name],
            )
        )
    ends = Counter(outcome.end for outcome in outcomes)
    return ArenaResult(
        rules=rules,
        rules_name=preset_name(rules),
        bots=names,
        seed=seed,
        rounds=rounds,
        duplicate=duplicate,
        stats=tuple(stats),
        ends=tuple(sorted(ends.items())),
        average_turns=sum(o.turns for o in outcomes) / len(outcomes) if outcomes else 0.0,
        outcomes=outcomes,
        elapsed=elapsed,
        workers=workers,
    )
