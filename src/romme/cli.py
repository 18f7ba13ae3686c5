"""The ``romme`` command: play against the computer, simulate bots, check melds, show rules.

``romme play`` — you against the computer in the terminal;
``romme simulate`` — bots against bots, many rounds, a summary table;
``romme arena`` — bots measured against each other on duplicate deals, with error bars;
``romme check "Q♣ K♣ A♣"`` — is it a meld, what is it worth, why not;
``romme rules [NAME]`` — the presets side by side, or one preset's every field.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import random
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

import attrs

from romme.actions import Action, parse_action
from romme.bots import Bot, GreedyBot, RandomBot
from romme.cards import Card
from romme.engine import apply
from romme.errors import (
    IllegalActionError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidRulesError,
)
from romme.legal import legal_actions
from romme.match import Match, new_match
from romme.melds import validate_meld
from romme.rules import PRESETS, MatchScoring, Rules, find_rules
from romme.scoring import RoundResult
from romme.state import GameState, Phase, new_game
from romme.views import PlayerView, view

__all__ = ["main"]

PRESET_SOURCES = {
    "drov": "DRoV tournament rules (Deutscher Rommé-Verband): 40 to open, K-A-2, dealer sits out",
    "classic": "the family classic (S000): 30 to open, 14 cards to the first player, no upcard",
    "cardgames-zone": "classic with the discard free to take, three rounds (S000 §10)",
    "german-rummy": "an online 'German Rummy' (S001): one joker per meld, ace 15 in hand",
    "house": "a house-rules text (S003): 4 jokers, 40 to open, lay off from the next turn",
    "ass": "ASS Altenburger's leaflet (S002): DRoV rules, 30 to open, the dealer plays",
    "schmidt": "Schmidt Spiele's leaflet (S002): DRoV rules, 31 to open, no K-A-2, Hand-Rommé doubles",
}


# -- output helpers ------------------------------------------------------------------


class Output:
    """Writes to a stream, colouring red suits when the stream is a terminal."""

    def __init__(self, stream: TextIO, color: bool | None = None) -> None:
        self.stream = stream
        if color is None:
            color = stream.isatty() and "NO_COLOR" not in os.environ
        self.color = color

    def card(self, card: Card) -> str:
        text = str(card)
        if self.color and card.suit is not None and card.suit.is_red:
            return f"\x1b[31m{text}\x1b[0m"
        if self.color and card.is_joker:
            return f"\x1b[35m{text}\x1b[0m"
        return text

    def cards(self, cards: Sequence[Card]) -> str:
        return " ".join(self.card(card) for card in cards) or "(none)"

    def line(self, text: str = "") -> None:
        self.stream.write(text + "\n")
        self.stream.flush()


def _seat_name(seat: int, human: int | None) -> str:
    return "You" if seat == human else f"Computer {seat}"


def _show(out: Output, seen: PlayerView, names: Sequence[str], totals: Sequence[int]) -> None:
    rules = seen.rules
    out.line()
    out.line(
        f"── turn {seen.turn.number + 1} · {names[seen.current_player]} to play ({seen.phase.value} phase) ──"
    )
    if seen.table:
        out.line("Table:")
        for index, entry in enumerate(seen.table):
            staged = "  [staged]" if entry.staged else ""
            out.line(
                f"  [{index}] {out.cards(entry.meld.cards):<30} {entry.meld.kind.value} of {names[entry.owner]}{staged}"
            )
    else:
        out.line("Table: (empty)")
    top = seen.top_discard
    out.line(
        f"Discard pile: {out.card(top) if top else '(empty)'}   Stock: {seen.stock_size} cards"
    )
    others = []
    for seat in range(seen.players):
        if seat == seen.player:
            continue
        status = "opened" if seen.opened[seat] else "not opened"
        if not seen.dealt_in[seat]:
            status = "sits out"
        others.append(
            f"{names[seat]}: {_count(seen.hand_sizes[seat], 'card')}, {status}, "
            f"{_count(totals[seat], 'point')}"
        )
    out.line("   ".join(others))
    state = (
        "you have opened"
        if seen.opened[seen.player]
        else f"you need {rules.opening_threshold} to open"
    )
    out.line(f"Your hand ({len(seen.hand)}): {out.cards(seen.hand)}   ({state})")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _reason_text(error: IllegalActionError) -> str:
    message = str(error)
    _, _, detail = message.partition(": ")
    return f"{detail or message} [{error.reason.value}]"


def _result_lines(out: Output, result: RoundResult, names: Sequence[str], match: Match) -> None:
    if result.winner is not None:
        kind = "Hand-Rommé!" if result.hand_romme else "went out"
        out.line(f"Round over: {names[result.winner]} {kind}")
    else:
        out.line(f"Round over without a winner ({result.end.value.replace('_', ' ')})")
    for seat in range(match.players):
        out.line(
            f"  {names[seat]:<12} {result.penalties[seat]:>4} penalty   total {match.totals[seat]:>5}"
        )


# -- play ----------------------------------------------------------------------------


def _play_rules(name: str) -> Rules:
    rules = find_rules(name)
    if rules.match_scoring is MatchScoring.TOURNAMENT:
        # No tournament points table is published; at home the penalties add up.
        rules = attrs.evolve(rules, match_scoring=MatchScoring.PENALTIES, match_limit=500)
    return rules


def _lines(stream: TextIO) -> Iterator[str]:
    for line in stream:
        yield line.rstrip("\n")


LEVELS = ("easy", "medium", "hard")
"""The levels of ``romme play``: random-ish, GreedyBot, SearchBot."""


def _level_bot(level: str, seed: int, seat: int) -> Bot:
    """The computer player of a level: ``easy`` RandomBot, ``medium`` GreedyBot, ``hard`` SearchBot."""
    if level == "easy":
        return RandomBot(seed * 10 + seat)
    if level == "hard":
        from romme.searchbot import SearchBot

        return SearchBot(seed * 10 + seat)
    return GreedyBot()


def _play(args: argparse.Namespace, out: Output, stdin: TextIO) -> int:
    rules = _play_rules(args.rules)
    players = args.players
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(2**31)
    lines: Iterator[str] | None = None
    if not args.auto:
        if stdin.isatty():
            lines = _lines(stdin)
        else:
            given = stdin.read().splitlines()
            lines = iter(given) if any(line.strip() for line in given) else None
    auto = lines is None
    human = None if auto else 0
    names = [_seat_name(seat, human) for seat in range(players)]
    bots = [_level_bot(args.level, seed, seat) for seat in range(players)]
    match = new_match(rules, players, seed=seed, dealer=players - 1)
    out.line(f"Rommé · rules {args.rules} · {players} players · seed {seed}")
    if auto:
        out.line(
            "No moves given: watching the computer play a round (use a terminal to play yourself)."
        )
    else:
        out.line("Type an action ('draw', 'take', 'meld 7♠ 8♠ 9♠', 'layoff 0 Q♥', 'discard K♣' …),")
        out.line("'help' for the legal moves now, 'quit' to stop.")
    shown: tuple[int, int, Phase] | None = None
    while not match.is_over:
        state = match.state
        assert state is not None
        seat = state.current_player
        if seat == human:
            if shown != (match.round, state.turn.number, state.phase):
                _show(out, view(state, seat), names, match.totals)
                shown = (match.round, state.turn.number, state.phase)
            assert lines is not None
            show = functools.partial(_show, out, view(state, seat), names, match.totals)
            action = _ask(out, state, lines, show)
            if action is None:
                out.line("Bye.")
                return 0
        else:
            action = bots[seat].choose(view(state, seat))
            out.line(f"{names[seat]}: {action}")
        before = match.round
        try:
            match = match.apply(action)
        except IllegalActionError as error:
            out.line(f"Not allowed: {_reason_text(error)}")
            continue
        if match.round != before:
            _result_lines(out, match.results[-1], names, match)
            if match.is_over:
                break
            if auto:
                return 0
            out.line("Play the next round? [Y/n]")
            answer = next(lines, "n") if lines is not None else "n"
            if answer.strip().lower() in ("n", "no", "q", "quit"):
                return 0
    winners = match.winners()
    out.line(
        f"Match over after {match.round} rounds. Winner: {', '.join(names[s] for s in winners)}"
    )
    return 0


def _ask(
    out: Output, state: GameState, lines: Iterator[str], show: Callable[[], None]
) -> Action | None:
    legal = legal_actions(state)
    while True:
        out.stream.write("> ")
        out.stream.flush()
        try:
            text = next(lines).strip()
        except StopIteration:
            out.line()
            return None
        if not text:
            continue
        word = text.lower()
        if word in ("quit", "exit", "q"):
            return None
        if word in ("help", "?", "h"):
            out.line("Legal now:")
            for index, action in enumerate(legal):
                out.line(f"  {index:>3}. {action}")
            out.line("Type an action, or its number from this list.")
            continue
        if word.isdigit() and word.isascii():
            index = int(word)
            if index < len(legal):
                out.line(f"You: {legal[index]}")
                return legal[index]
            out.line(f"There is no move {index}; 'help' lists {len(legal)}.")
            continue
        if word in ("show", "hand", "look"):
            show()
            continue
        try:
            return parse_action(text)
        except InvalidNotationError as error:
            out.line(f"Cannot read that: {error}. 'help' lists the legal moves.")


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
        out.line(f"Not a meld under {args.rules}: {error} [{error.reason.value}]")
        return 1
    out.line(
        f"Valid {meld.kind.value} under {args.rules}: {out.cards(meld.cards)}, worth {meld.value}"
    )
    for role in meld.jokers:
        card = role.card
        stands = (
            str(card)
            if card
            else f"{role.rank.symbol} of {' or '.join(s.symbol for s in sorted(role.suits))}"
        )
        out.line(f"  the joker at position {role.position + 1} stands for {stands}")
    return 0


def _value(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


def _rules(args: argparse.Namespace, out: Output) -> int:
    fields = [field.name for field in attrs.fields(Rules)]
    if args.name:
        rules = find_rules(args.name)
        name = next((key for key, preset in PRESETS.items() if preset == rules), args.name)
        out.line(f"{name}: {PRESET_SOURCES.get(name, '')}")
        for field in fields:
            out.line(f"  {field:<28} {_value(getattr(rules, field))}")
        return 0
    names = list(PRESETS)
    width = max(len(field) for field in fields)
    columns = [
        max(len(name), *(len(_value(getattr(PRESETS[name], field))) for field in fields))
        for name in names
    ]
    header = " ".join(f"{name:>{column}}" for name, column in zip(names, columns, strict=True))
    out.line(" " * (width + 1) + header)
    for field in fields:
        cells = " ".join(
            f"{_value(getattr(PRESETS[name], field)):>{column}}"
            for name, column in zip(names, columns, strict=True)
        )
        out.line(f"{field:<{width}} {cells}")
    return 0


# -- entry point ---------------------------------------------------------------------


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="romme",
        description="Rommé (German rummy): play against the computer, simulate bots, check melds.",
    )
    parser.add_argument(
        "--color",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="colour red suits (default: when writing to a terminal)",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help="play against the computer",
        description="You (seat 0) against the computer. Without a terminal and without moves on standard input, watch the computer play a round.",
    )
    play.add_argument("--rules", default="classic", help="preset name (default: classic)")
    play.add_argument(
        "--players", type=int, default=3, help="number of seats, you included (default: 3)"
    )
    play.add_argument("--seed", type=int, help="seed of the match (default: random)")
    play.add_argument("--auto", action="store_true", help="watch the computer play a round")
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
    simulate.add_argument("--rounds", type=int, default=100, help="rounds to play (default: 100)")
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
        "wins, penalties and points with 95 %% intervals and an Elo-scale rating.",
    )
    arena.add_argument("--rules", default="classic", help="preset name (default: classic)")
    arena.add_argument("--rounds", type=int, default=100, help="rounds to play (default: 100)")
    arena.add_argument(
        "--bots",
        default="search,greedy,greedy,greedy",
        help="comma-separated bots, one per seat: random, greedy, search or package.module:Class",
    )
    arena.add_argument("--seed", type=int, help="master seed (default: random)")
    arena.add_argument("--json", action="store_true", help="print machine-readable results")
    arena.add_argument("--workers", type=int, default=1, help="worker processes (default: 1)")
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
            if not 2 <= args.players <= 6:
                raise InvalidRulesError("--players takes 2 to 6")
            return _play(args, out, stdin)
        if args.command == "simulate":
            if args.rounds < 1:
                raise InvalidRulesError("--rounds takes 1 or more")
            return _simulate(args, out, stderr)
        if args.command == "arena":
            return _arena(args, out, stderr)
        if args.command == "check":
            return _check(args, out, stderr)
        if args.command == "rules":
            return _rules(args, out)
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
