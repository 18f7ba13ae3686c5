"""The command line: the subcommands' parser and each subcommand but ``play`` (``_play``)."""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import random
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Sequence
from typing import TextIO

import attrs

from romme._turn import apply, new_game

# The terminal output and `romme play` live in private modules; their public
# names are this module's (the web table reads the refusal texts and the moves in
# words from here).
from romme.cli._play import (
    LEVELS,
    joker_stands,
    run_play,
)
from romme.cli._terminal import Output
from romme.documents import SCHEMA_KINDS, json_schema, rules_field_docs
from romme.errors import (
    InvalidMeldError,
    InvalidNotationError,
    InvalidRulesError,
)
from romme.game import view
from romme.melds import validate_meld
from romme.play import Bot, GreedyBot, RandomBot
from romme.rules import PRESETS, Rules, find_rules

__all__ = ["main"]

PRESET_SOURCES = {
    "drov": "DRoV tournament rules (Deutscher Rommé-Verband): 40 to open, K-A-2, dealer sits out",
    "classic": "the family classic (cardgames.zone rules): 30 to open, 14 to the first player, no upcard",
    "cardgames-zone": "classic with the discard free to take, three rounds (cardgames.zone rules §10)",
    "german-rummy": "an online site's German Rummy rules: one joker per meld, ace 15 in hand",
    "house": "a house-rules text: 4 jokers, 40 to open, lay off from the next turn",
    "ass": "ASS Altenburger's leaflet: DRoV rules, 30 to open, the dealer plays",
    "schmidt": "Schmidt Spiele's leaflet: DRoV rules, 31 to open, no K-A-2, Hand-Rommé doubles",
    "ass-raeuber": "Räuber-Rommé on the ass rules (ASS S. 2–3): anyone may take table cards to "
    "meld them anew, 40 to open, the table cards counting",
    "schmidt-raeuber": "Räuber-Rommé on the schmidt rules (Schmidt S. 4): anyone may take table "
    "cards to meld them anew, 40 to open, the table cards counting",
    "ghidi": "Rummy à la Ghidi (cardgames.zone §10): classic with 10 cards each, the dealer 11, "
    "who starts by discarding",
    "ass-kaufen": "ass with buying (ASS S. 3): a seat may buy the discard out of turn, with "
    "the consent of the seats before it, and takes the top stock card with it",
    "ass-klopfen": "ass with knocking (ASS S. 1–2): a seat may knock for the discard out of "
    "turn and takes the top stock card with it as a penalty",
}
"""Each preset's source and what sets it apart, in one line (``romme rules``)."""


# -- simulate ------------------------------------------------------------------------

_BOTS = {"greedy": GreedyBot, "random": RandomBot}


def _make_bot(name: str, seed: int) -> Bot:
    if name == "random":
        return RandomBot(seed)
    return GreedyBot()


def _simulate(args: argparse.Namespace, out: Output, err: TextIO) -> int:
    rules = find_rules(args.rules)
    names = [name.strip().lower() for name in args.bots.split(",") if name.strip()]
    unknown = [name for name in names if name not in _BOTS]
    if unknown or not 2 <= len(names) <= rules.max_players:
        raise InvalidRulesError(
            f"--bots takes 2 to {rules.max_players} of {sorted(_BOTS)}, comma-separated; got {args.bots!r}"
        )
    players = len(names)
    if rules.players_dealt_in(players) < 2:
        raise InvalidRulesError("these rules need at least 3 seats (the dealer sits out)")
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    wins = [0] * players
    penalties = [0] * players
    dealt = [0] * players
    hand_rommes = [0] * players
    ends: Counter[str] = Counter()
    turns = 0
    decisions = 0
    progress = err.isatty() and not args.json
    started = time.perf_counter()
    for index in range(args.rounds):
        bots = [
            _make_bot(name, seed * 1000 + index * players + seat) for seat, name in enumerate(names)
        ]
        state = new_game(rules, players, seed=seed + index, dealer=index % players)
        while not state.is_over:
            seat = state.current_player
            state = apply(state, bots[seat].choose(view(state, seat)))
            decisions += 1
        result = state.result
        assert result is not None
        ends[result.end.value] += 1
        turns += state.turn.number + 1
        for seat in range(players):
            if result.dealt_in[seat]:
                dealt[seat] += 1
                penalties[seat] += result.penalties[seat]
        if result.winner is not None:
            wins[result.winner] += 1
            hand_rommes[result.winner] += result.hand_romme
        if progress and (index % 5 == 4 or index + 1 == args.rounds):
            done = (index + 1) / args.rounds
            bar = "#" * int(done * 30)
            err.write(f"\r[{bar:<30}] {index + 1}/{args.rounds} rounds")
            err.flush()
    if progress:
        err.write("\n")
    elapsed = time.perf_counter() - started
    seats = [
        {
            "seat": seat,
            "bot": names[seat],
            "rounds": dealt[seat],
            "wins": wins[seat],
            "win_rate": wins[seat] / dealt[seat] if dealt[seat] else 0.0,
            "average_penalty": penalties[seat] / dealt[seat] if dealt[seat] else 0.0,
            "hand_rommes": hand_rommes[seat],
        }
        for seat in range(players)
    ]
    summary = {
        "rules": args.rules,
        "seed": seed,
        "rounds": args.rounds,
        "seats": seats,
        "ends": dict(sorted(ends.items())),
        "average_turns": turns / args.rounds if args.rounds else 0.0,
        "rounds_per_second": args.rounds / elapsed if elapsed else 0.0,
        "decisions_per_second": decisions / elapsed if elapsed else 0.0,
    }
    if args.json:
        out.line(json.dumps(summary, indent=2))
        return 0
    out.line(f"{args.rounds} rounds of {args.rules}, seed {seed}")
    out.line(
        f"{'seat':<5} {'bot':<8} {'rounds':>6} {'wins':>5} {'win %':>6} {'avg penalty':>12} {'Hand-Rommé':>11}"
    )
    for row in seats:
        out.line(
            f"{row['seat']:<5} {row['bot']:<8} {row['rounds']:>6} {row['wins']:>5} "
            f"{100 * row['win_rate']:>5.1f}% {row['average_penalty']:>12.1f} {row['hand_rommes']:>11}"
        )
    out.line(
        f"ends: {', '.join(f'{k} {v}' for k, v in sorted(ends.items()))}; "
        f"average turns {summary['average_turns']:.1f}; {summary['rounds_per_second']:.1f} rounds/s"
    )
    return 0


# -- arena ---------------------------------------------------------------------------


def _arena(args: argparse.Namespace, out: Output, err: TextIO) -> int:
    from romme.arena import run_arena

    rules = find_rules(args.rules)
    names = [name.strip() for name in args.bots.split(",") if name.strip()]
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    progress = None
    if err.isatty() and not args.json:

        def progress(done: int, total: int) -> None:
            bar = "#" * (30 * done // total)
            err.write(f"\r[{bar:<30}] {done}/{total} rounds")
            err.flush()

    result = run_arena(
        names,
        rules,
        args.rounds,
        seed,
        workers=args.workers,
        executor=args.executor,
        progress=progress,
    )
    if progress is not None:
        err.write("\n")
    if args.json:
        summary = result.to_dict()
        summary["rules"] = args.rules
        out.line(json.dumps(summary, indent=2))
    else:
        out.line(result.table())
    return 0


# -- check and rules -------------------------------------------------------------


def _check(args: argparse.Namespace, out: Output, err: TextIO) -> int:
    rules = find_rules(args.rules)
    text = " ".join(args.cards)
    try:
        meld = validate_meld(text, rules)
    except InvalidNotationError as error:
        err.write(f"romme: cannot read the cards: {error}\n")
        return 2
    except InvalidMeldError as error:
        out.line(f"Not a meld under {args.rules}: {error}")
        return 1
    out.line(
        f"Valid {meld.kind.value} under {args.rules}: {out.cards(meld.cards)}, worth {meld.value}"
    )
    for role in meld.jokers:
        out.line(
            f"  the joker at position {role.position} (counted from 0) stands for {joker_stands(role)}"
        )
    return 0


def _value(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


WIDTH = 100
"""The widest line ``romme rules`` prints."""


def _explain(out: Output, text: str, indent: int, hanging: int = 0) -> None:
    for line in textwrap.wrap(
        text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * (indent + hanging)
    ):
        out.line(line)


def _rules(args: argparse.Namespace, out: Output) -> int:
    fields = [field.name for field in attrs.fields(Rules)]
    docs = rules_field_docs()
    if args.name:
        rules = find_rules(args.name)
        name = next((key for key, preset in PRESETS.items() if preset == rules), args.name)
        _explain(out, f"{name}: {PRESET_SOURCES[name]}", 0, hanging=4)
        width = max(len(field) for field in fields)
        for field in fields:
            out.line(f"  {field:<{width}}  {_value(getattr(rules, field))}")
            _explain(out, docs.get(field, ""), 6)
        return 0
    names = list(PRESETS)
    width = max(len(field) for field in fields)
    columns = {
        name: max(len(name), *(len(_value(getattr(PRESETS[name], field))) for field in fields))
        for name in names
    }
    # As many presets side by side as fit in WIDTH columns; the rest in the next block.
    blocks: list[list[str]] = [[]]
    for name in names:
        used = width + sum(columns[other] + 1 for other in blocks[-1])
        if blocks[-1] and used + columns[name] + 1 > WIDTH:
            blocks.append([])
        blocks[-1].append(name)
    for number, block in enumerate(blocks):
        if number:
            out.line()
        out.line(" " * (width + 1) + " ".join(f"{name:>{columns[name]}}" for name in block))
        for field in fields:
            cells = " ".join(
                f"{_value(getattr(PRESETS[name], field)):>{columns[name]}}" for name in block
            )
            out.line(f"{field:<{width}} {cells}")
    out.line()
    out.line("The presets:")
    for name in names:
        _explain(out, f"{name}: {PRESET_SOURCES[name]}", 2, hanging=2)
    out.line()
    out.line("What the fields mean ('romme rules NAME' shows one preset with them):")
    for field in fields:
        out.line(f"  {field}")
        _explain(out, docs.get(field, ""), 6)
    return 0


def _schema(args: argparse.Namespace, out: Output) -> int:
    out.line(json.dumps(json_schema(args.kind), ensure_ascii=False, indent=2))
    return 0


# -- serve -----------------------------------------------------------------------


def _serve(args: argparse.Namespace, out: Output, err: TextIO) -> int:
    try:
        import uvicorn

        from romme.web import StoreError, create_app
    except ImportError as error:
        err.write(f"romme serve needs the [web] extra: pip install 'romme-rules[web]' ({error})\n")
        return 2
    try:
        app = create_app(
            args.db,
            delay=args.delay,
            max_games=args.max_games,
            games_per_minute=args.games_per_minute,
        )
    except StoreError as error:
        err.write(f"romme: {error}\n")
        return 2
    out.line(f"Rommé at http://{args.host}:{args.port}/ · games kept in {args.db}")
    uvicorn.run(app, host=args.host, port=args.port, log_level="warning")
    return 0


# -- entry point ---------------------------------------------------------------------


def _version() -> str:
    import romme

    return romme.__version__


def _seconds(text: str) -> float:
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number of seconds: {text!r}") from None
    if not 0 <= value <= 60:  # also refuses nan
        raise argparse.ArgumentTypeError(f"takes 0 to 60 seconds, not {text}")
    return value


def _whole(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None


def _at_least_one(text: str) -> int:
    value = _whole(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"takes 1 or more, not {text}")
    return value


def _seats(text: str) -> int:
    value = _whole(text)
    if not 2 <= value <= 6:
        raise argparse.ArgumentTypeError(f"takes 2 to 6 seats, not {text}")
    return value


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="romme",
        description="Rommé (German rummy): play against the computer, simulate bots, check melds.",
    )
    parser.add_argument("--version", action="version", version=f"romme {_version()}")
    parser.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour red suits and jokers (default: on a terminal, unless NO_COLOR is set; "
        "FORCE_COLOR forces it)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play against the computer",
        description="You (seat 0) against the computer. Without a terminal and without moves on standard input, watch the computer play a round.",
    )
    play.add_argument("--rules", default="classic", help="preset name (default: classic)")
    play.add_argument(
        "--players",
        type=_seats,
        default=3,
        help="number of seats, you included, 2 to 6 (default: 3)",
    )
    play.add_argument("--seed", type=int, help="seed of the match (default: random)")
    play.add_argument("--auto", action="store_true", help="watch the computer play a round")
    play.add_argument(
        "--delay",
        type=_seconds,
        metavar="SECONDS",
        help="pause before each of the computer's moves (default: 0.6 on a terminal, else 0)",
    )
    play.add_argument(
        "--level",
        choices=LEVELS,
        default="medium",
        help="the computer's strength: easy (random), medium (greedy), hard (search); default: medium",
    )
    simulate = commands.add_parser(
        "simulate",
        help="bots against bots, many rounds",
        description="Play many rounds between bots and print a summary.",
    )
    simulate.add_argument("--rules", default="classic", help="preset name (default: classic)")
    simulate.add_argument(
        "--rounds", type=_at_least_one, default=100, help="rounds to play (default: 100)"
    )
    simulate.add_argument(
        "--bots",
        default="greedy,random,random,random",
        help="comma-separated bots, one per seat: greedy, random",
    )
    simulate.add_argument("--seed", type=int, help="seed (default: random)")
    simulate.add_argument("--json", action="store_true", help="print machine-readable results")
    arena = commands.add_parser(
        "arena",
        help="measure bots against each other, with error bars",
        description="Play duplicate rounds between bots (by name or package.module:Class) and print "
        "wins, penalties and points with 95 % intervals and an Elo-scale rating.",
        epilog="The columns: 'win %' the share of its rounds a bot won; 'avg penalty' its mean "
        "penalty in a round it was dealt in; 'points' the other seats' mean penalty less its own "
        "in each such round, averaged (zero-sum: above 0 is better than the table); 'Elo' a "
        "rating from the penalties of each pair of bots, 1500 on average. The intervals are "
        "95 % confidence intervals.",
    )
    arena.add_argument("--rules", default="classic", help="preset name (default: classic)")
    arena.add_argument(
        "--rounds", type=_at_least_one, default=100, help="rounds to play (default: 100)"
    )
    arena.add_argument(
        "--bots",
        default="search,greedy,greedy,greedy",
        help="comma-separated bots, one per seat: random, greedy, search, evalsearch or "
        "package.module:Class (default: search,greedy,greedy,greedy)",
    )
    arena.add_argument("--seed", type=int, help="master seed (default: random)")
    arena.add_argument("--json", action="store_true", help="print machine-readable results")
    arena.add_argument(
        "--workers", type=_at_least_one, default=1, help="worker processes (default: 1)"
    )
    arena.add_argument(
        "--executor",
        choices=("process", "ray"),
        default="process",
        help="local processes (default) or Ray (the [ray] extra; RAY_ADDRESS or a local Ray)",
    )
    check = commands.add_parser(
        "check",
        help="check a meld",
        description="Say whether cards form a meld, what kind, its value and what each joker stands for, or why not.",
    )
    check.add_argument("cards", nargs="+", help='the cards, e.g. "Q♣ K♣ A♣"')
    check.add_argument("--rules", default="classic", help="preset name (default: classic)")
    rules = commands.add_parser(
        "rules",
        help="show the presets",
        description="Show the presets side by side, or one preset's every field.",
    )
    rules.add_argument("name", nargs="?", help="a preset name or alias")
    schema = commands.add_parser(
        "schema",
        help="print the JSON Schema of a document",
        description="Print the JSON Schema (draft 2020-12) of one kind of document that romme.dumps writes.",
    )
    schema.add_argument("kind", choices=SCHEMA_KINDS, help="the document's type")
    serve = commands.add_parser(
        "serve",
        help="play in the browser",
        description="Serve the web table: play against the computer, or with others, in the browser (extra [web]).",
    )
    serve.add_argument(
        "--host", default="127.0.0.1", help="address to listen on (default: 127.0.0.1)"
    )
    serve.add_argument("--port", type=int, default=8000, help="port (default: 8000)")
    serve.add_argument(
        "--db",
        default="romme-games.sqlite3",
        help="SQLite file keeping the games (default: romme-games.sqlite3; ':memory:' keeps none)",
    )
    serve.add_argument(
        "--delay",
        type=_seconds,
        default=0.8,
        metavar="SECONDS",
        help="seconds between computer moves, 0 to 60 (default: 0.8)",
    )
    serve.add_argument(
        "--max-games",
        type=_at_least_one,
        default=10_000,
        metavar="N",
        help="the most games the file holds; past it new games are refused (default: 10000)",
    )
    serve.add_argument(
        "--games-per-minute",
        type=_at_least_one,
        default=120,
        metavar="N",
        help="the most new games in any minute, all clients together (default: 120)",
    )
    return parser


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    """Run the ``romme`` command; return its exit status."""
    stdin = sys.stdin if stdin is None else stdin
    stdout = sys.stdout if stdout is None else stdout
    stderr = sys.stderr if stderr is None else stderr
    parser = _parser()
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(stderr):
        args = parser.parse_args(argv)
    out = Output(stdout, args.color)
    try:
        if args.command == "play":
            return run_play(args, out, stdin)
        if args.command == "simulate":
            return _simulate(args, out, stderr)
        if args.command == "arena":
            return _arena(args, out, stderr)
        if args.command == "check":
            return _check(args, out, stderr)
        if args.command == "rules":
            return _rules(args, out)
        if args.command == "schema":
            return _schema(args, out)
        if args.command == "serve":
            return _serve(args, out, stderr)
    except (InvalidRulesError, ValueError) as error:
        stderr.write(f"romme: {error}\n")
        return 2
    except KeyboardInterrupt:  # pragma: no cover - interactive only
        stderr.write("\n")
        return 130
    except BrokenPipeError:  # pragma: no cover - e.g. `romme rules | head`
        # Python would complain again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    parser.print_help(stdout)
    return 0
