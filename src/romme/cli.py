"""The ``romme`` command: play against the computer, simulate bots, check melds, show rules.

``romme play`` — you against the computer in the terminal;
``romme simulate`` — bots against bots, many rounds, a summary table;
``romme arena`` — bots measured against each other on duplicate deals, with error bars;
``romme check "Q♣ K♣ A♣"`` — is it a meld, what is it worth, why not;
``romme rules [NAME]`` — the presets side by side, or one preset's every field;
``romme schema KIND`` — the JSON Schema of one kind of document;
``romme serve`` — the web table, play in the browser (extra ``[web]``).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import os
import random
import re
import sys
import textwrap
import time
from collections import Counter
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import TextIO

import attrs

from romme.actions import (
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    SwapJoker,
    TakeDiscard,
    parse_action,
)
from romme.bots import Bot, GreedyBot, RandomBot
from romme.cards import JOKER, Card, format_cards
from romme.engine import apply
from romme.errors import (
    IllegalActionError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidRulesError,
    Reason,
)
from romme.legal import legal_actions
from romme.match import Match, new_match
from romme.melds import validate_meld
from romme.rules import PRESETS, MatchScoring, Rules, TakeDiscardMode, find_rules
from romme.schema import SCHEMA_KINDS, json_schema, rules_field_docs
from romme.state import GameState, new_game
from romme.views import PlayerView, view

__all__ = ["main"]

PRESET_SOURCES = {
    "drov": "DRoV tournament rules (Deutscher Rommé-Verband): 40 to open, K-A-2, dealer sits out",
    "classic": "the family classic (cardgames.zone rules): 30 to open, 14 to the first player, no upcard",
    "cardgames-zone": "classic with the discard free to take, three rounds (cardgames.zone rules §10)",
    "german-rummy": "an online site's German Rummy rules: one joker per meld, ace 15 in hand",
    "house": "a house-rules text: 4 jokers, 40 to open, lay off from the next turn",
    "ass": "ASS Altenburger's leaflet: DRoV rules, 30 to open, the dealer plays",
    "schmidt": "Schmidt Spiele's leaflet: DRoV rules, 31 to open, no K-A-2, Hand-Rommé doubles",
}


# -- output helpers ------------------------------------------------------------------


_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
"""An ANSI colour code: it takes no room on the screen."""


def visible_width(text: str) -> int:
    """Return how many columns `text` takes on a terminal (colour codes take none)."""
    return len(_ESCAPE.sub("", text))


def pad(text: str, width: int) -> str:
    """Return `text` padded with spaces to `width` visible columns (colour codes not counted)."""
    return text + " " * max(0, width - len(_ESCAPE.sub("", text)))


def color_wanted(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour `stream`: ``FORCE_COLOR`` forces it, ``NO_COLOR`` turns it off, else a terminal.

    Both variables count when set to anything but the empty string
    (``FORCE_COLOR=0`` turns forcing off), as the conventions of
    no-color.org and force-color.org have it.
    """
    environ = os.environ if environ is None else environ
    force = environ.get("FORCE_COLOR", "")
    if force and force != "0":
        return True
    if environ.get("NO_COLOR", ""):
        return False
    return stream.isatty()


class Output:
    """Writes to a stream, colouring red suits and jokers when colour is on."""

    def __init__(self, stream: TextIO, color: bool | None = None) -> None:
        self.stream = stream
        self.color = color_wanted(stream) if color is None else color

    def card(self, card: Card, *, highlight: bool = False) -> str:
        text = str(card)
        if not self.color:
            return f"[{text}]" if highlight else text
        code = "31" if card.suit is not None and card.suit.is_red else "35" if card.is_joker else ""
        if highlight:
            code = f"{code};7" if code else "7"
        return f"\x1b[{code}m{text}\x1b[0m" if code else text

    def cards(self, cards: Sequence[Card], highlight: Card | None = None) -> str:
        shown = []
        for card in cards:
            mark = highlight is not None and card == highlight
            if mark:
                highlight = None  # one copy only
            shown.append(self.card(card, highlight=mark))
        return " ".join(shown) or "(none)"

    def line(self, text: str = "") -> None:
        self.stream.write(text + "\n")
        self.stream.flush()


def _seat_name(seat: int, human: int | None) -> str:
    return "You" if seat == human else f"Computer {seat}"


def _target(match: Match) -> str:
    """What ends the match, in words."""
    if match.points_table is not None:
        ends = "most tournament points win"
    else:
        ends = "the lowest penalty total wins"
    if match.rounds is not None and match.limit is not None:
        return f"{match.rounds} rounds or a penalty total of {match.limit}; {ends}"
    if match.rounds is not None:
        return f"{match.rounds} rounds; {ends}"
    if match.limit is not None:
        return f"until a penalty total reaches {match.limit}; {ends}"
    return f"no fixed end; {ends}"


def _round_header(out: Output, match: Match, names: Sequence[str]) -> None:
    rounds = f" of {match.rounds}" if match.rounds is not None else ""
    out.line()
    out.line(f"══ Round {match.round + 1}{rounds} · dealer: {names[match.dealer]} ══")
    out.line(f"Match: {_target(match)}")


def _show(
    out: Output,
    seen: PlayerView,
    names: Sequence[str],
    match: Match,
    drawn: Card | None = None,
) -> None:
    rules = seen.rules
    totals = match.totals
    out.line()
    out.line(
        f"── round {match.round + 1} · turn {seen.turn.number + 1} · "
        f"{names[seen.current_player]} to play ({seen.phase.value} phase) · "
        f"dealer: {names[seen.dealer]} ──"
    )
    if seen.table:
        out.line("Table:")
        texts = [out.cards(entry.meld.cards) for entry in seen.table]
        width = max(visible_width(text) for text in texts)
        for index, (entry, text) in enumerate(zip(seen.table, texts, strict=True)):
            staged = "  (staged: the opening is not complete)" if entry.staged else ""
            out.line(
                f"  [{index}] {pad(text, width)}   {entry.meld.kind.value} of "
                f"{names[entry.owner]}{staged}"
            )
    else:
        out.line("Table: (empty)")
    top = seen.top_discard
    out.line(
        f"Discard pile: {out.card(top) if top else '(empty)'}   Stock: {_count(seen.stock_size, 'card')}"
    )
    # One row per seat, yours included, in columns: cards, opened, penalty total.
    seats = []
    for seat in range(seen.players):
        opened = "opened" if seen.opened[seat] else "not opened"
        if seat == seen.player and not seen.opened[seat]:
            worth = sum(e.meld.value for e in seen.table if e.staged and e.owner == seat)
            need = rules.opening_threshold
            opened += f", {worth} of {need} staged" if worth else f", {need} to open"
        seats.append(
            (
                names[seat],
                _count(seen.hand_sizes[seat], "card") if seen.dealt_in[seat] else "sits out",
                opened if seen.dealt_in[seat] else "",
                f"penalty total {totals[seat]:>{len(str(max(totals)))}}",
            )
        )
    widths = [max(len(row[column]) for row in seats) for column in range(3)]
    for row in seats:
        cells = [
            cell.rjust(width) if column == 1 else cell.ljust(width)
            for column, (cell, width) in enumerate(zip(row[:3], widths, strict=True))
        ]
        out.line("  " + "   ".join([*cells, row[3]]))
    out.line(f"Your hand ({len(seen.hand)}): {out.cards(seen.hand, drawn)}")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def cards_from_hand(action: Action, top: Card | None) -> list[Card]:
    """Return the cards `action` takes from the hand (the taken discard `top` and a freed joker excepted).

    Shared by the terminal and the web table (which offers a move for the
    cards selected in the hand).
    """
    if isinstance(action, Discard):
        return [action.card]
    if isinstance(action, LayDown | LayOff):
        return list(action.cards)
    if isinstance(action, TakeDiscard):
        cards = cards_from_hand(action.use, None) if action.use is not None else []
        if top is not None and top in cards:
            cards.remove(top)
        return cards
    if isinstance(action, SwapJoker):
        then = cards_from_hand(action.then, None) if action.then is not None else []
        if JOKER in then:
            then.remove(JOKER)  # the joker freed by the swap
        return [action.card, *then]
    return []


def refusal_text(
    error: IllegalActionError, action: Action, hand: Sequence[Card], top: Card | None
) -> str:
    """Return the refusal of `action` in plain words, for a player holding `hand`.

    No reason code; a card the hand does not hold is named alone, not the
    whole meld. Shared by the terminal and the web table.
    """
    if error.reason is Reason.CARD_NOT_IN_HAND:
        missing = Counter(cards_from_hand(action, top)) - Counter(hand)
        if missing:
            return f"you do not hold {format_cards(sorted(missing.elements()))}"
    message = str(error)
    _, _, detail = message.partition(": ")
    return detail or message


def _result_lines(out: Output, final: GameState, names: Sequence[str], match: Match) -> None:
    """The score sheet of the round that ended in `final`: each seat's penalty, total and the cards behind them."""
    result = final.result
    assert result is not None
    if result.winner is not None:
        kind = "Hand-Rommé!" if result.hand_romme else "went out"
        out.line(f"Round over: {names[result.winner]} {kind}")
    else:
        out.line(f"Round over without a winner ({result.end.value.replace('_', ' ')})")
    width = max(len(name) for name in names)
    for seat in range(match.players):
        out.line(
            f"  {names[seat]:<{width}}   penalty this round {result.penalties[seat]:>4}   "
            f"penalty total {match.totals[seat]:>5}"
        )
        if not result.dealt_in[seat]:
            behind = "sat out this round"
        elif seat == result.winner:
            behind = "went out"
        else:
            behind = f"cards left: {out.cards(final.hands[seat])}"
            if not result.opened[seat]:
                behind += " (not opened)"
        out.line(f"  {'':<{width}}   {behind}")


# -- play ----------------------------------------------------------------------------


def _play_rules(name: str) -> Rules:
    rules = find_rules(name)
    if rules.match_scoring is MatchScoring.TOURNAMENT:
        # No tournament points table is published; at home the penalties add up.
        rules = attrs.evolve(rules, match_scoring=MatchScoring.PENALTIES, match_limit=500)
    return rules


Reader = Callable[[str], "str | None"]
"""Reads one typed line after showing a prompt; ``None`` at the end of the input."""


def _reader(stdin: TextIO, out: Output) -> Reader | None:
    """How the human's lines are read, or ``None`` when nobody plays (a demo round).

    On the real terminal, lines are read with `input`, with line editing
    and history from `readline` where the platform has it; another
    terminal-like stream is read line by line; piped input is read whole
    first, and is no player when it holds no moves.
    """
    if stdin.isatty():
        if stdin is sys.stdin and out.stream is sys.stdout:
            with contextlib.suppress(ImportError):  # not on every platform
                import readline  # noqa: F401 - importing it gives input() editing and history

            def typed(prompt: str) -> str | None:
                try:
                    return input(prompt)
                except EOFError:
                    out.line()
                    return None

            return typed
        lines: Iterator[str] = (line.rstrip("\n") for line in stdin)
    else:
        given = stdin.read().splitlines()
        if not any(line.strip() for line in given):
            return None
        lines = iter(given)

    def scripted(prompt: str) -> str | None:
        out.stream.write(prompt)
        out.stream.flush()
        line = next(lines, None)
        if line is None:
            out.line()
        return line

    return scripted


def _banner(out: Output, rules: Rules) -> None:
    if rules.take_discard is TakeDiscardMode.FREE:
        take = "'take' (the top discard)"
    else:
        take = "'take meld 7♥ 8♥ 9♥' (the top discard with its first use)"
    out.line(f"Type a move: 'draw', {take}, 'meld 7♠ 8♠ 9♠',")
    out.line("'layoff 0 Q♥' (table melds are numbered from 0), 'discard K♣' …")
    out.line("'help' lists the legal moves (type a number to play one), 'show' redraws the table,")
    out.line("'quit' stops.")


def _taken_into_hand(before: GameState, after: GameState | None, seat: int) -> Card | None:
    """The card a draw (or a free take) put into `seat`'s hand, if the turn goes on."""
    if after is None or after.current_player != seat or after.is_over:
        return None
    gained = Counter(after.hands[seat]) - Counter(before.hands[seat])
    return next(iter(gained), None) if sum(gained.values()) == 1 else None


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
    read = None if args.auto else _reader(stdin, out)
    auto = read is None
    human = None if auto else 0
    delay = args.delay
    if delay is None:
        delay = 0.6 if not auto and stdin.isatty() and out.stream.isatty() else 0.0
    names = [_seat_name(seat, human) for seat in range(players)]
    bots = [_level_bot(args.level, seed, seat) for seat in range(players)]
    match = new_match(rules, players, seed=seed, dealer=players - 1)
    out.line(f"Rommé · rules {args.rules} · {players} players · seed {seed}")
    if auto:
        out.line(
            "No moves given: watching the computer play a round (use a terminal to play yourself)."
        )
    else:
        _banner(out, rules)
    _round_header(out, match, names)
    shown: object = None
    drawn: Card | None = None
    while not match.is_over:
        state = match.state
        assert state is not None
        seat = state.current_player
        if seat == human:
            seen = view(state, seat)
            if shown != seen:
                _show(out, seen, names, match, drawn)
                shown = seen
            assert read is not None
            show = functools.partial(_show, out, seen, names, match, drawn)
            action = _ask(out, state, read, show)
            if action is None:
                out.line("Bye.")
                return 0
        else:
            if delay:
                time.sleep(delay)
            action = bots[seat].choose(view(state, seat))
            out.line(f"{names[seat]}: {action}")
        before = match.round
        try:
            played = apply(state, action)
        except IllegalActionError as error:
            out.line(f"Not allowed: {refusal_text(error, action, state.hand, state.top_discard)}")
            continue
        after = match.advance(played)
        if seat == human:
            out.line(f"You: {action}")
            got = (
                _taken_into_hand(state, after.state, seat)
                if isinstance(action, Draw | TakeDiscard)
                else None
            )
            if got is not None:
                verb = "drew" if isinstance(action, Draw) else "took"
                out.line(f"You {verb} {out.card(got, highlight=True)}.")
                drawn = got
            elif isinstance(action, Discard) or after.round != before:
                drawn = None
        match = after
        if match.round != before:
            drawn = None
            _result_lines(out, played, names, match)
            if match.is_over:
                break
            if auto or read is None:
                return 0
            out.line("Play the next round? [Y/n]")
            answer = read("") or "n"
            if answer.strip().lower() in ("n", "no", "q", "quit"):
                return 0
            _round_header(out, match, names)
    winners = match.winners()
    out.line(
        f"Match over after {match.round} rounds. Winner: {', '.join(names[s] for s in winners)}"
    )
    return 0


def notation_text(error: InvalidNotationError) -> str:
    """Return why a typed move cannot be read, without repeating the move and without list brackets.

    Shared by the terminal and the web table.
    """
    words = str(error)
    if words.startswith("cannot read action "):
        words = words.partition("': ")[2] or words
    return re.sub(r"\['([^\]]*)'\]", lambda found: found[1].replace("', '", ", "), words)


def _ask(out: Output, state: GameState, read: Reader, show: Callable[[], None]) -> Action | None:
    legal = legal_actions(state)
    while True:
        text = read("> ")
        if text is None:
            return None
        text = text.strip()
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
                return legal[index]
            out.line(f"There is no move {index}; 'help' lists {len(legal)}.")
            continue
        if word in ("show", "hand", "look"):
            show()
            continue
        try:
            return parse_action(text)
        except InvalidNotationError as error:
            out.line(f"Cannot read that: {notation_text(error)}. 'help' lists the legal moves.")


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
        card = role.card
        stands = (
            str(card)
            if card
            else f"{role.rank.symbol} of {' or '.join(s.symbol for s in sorted(role.suits))}"
        )
        out.line(f"  the joker at position {role.position} (counted from 0) stands for {stands}")
    return 0


def _value(value: object) -> str:
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(getattr(value, "value", value))


WIDTH = 100
"""The widest line ``romme rules`` prints."""


def _explain(out: Output, text: str, indent: int) -> None:
    for line in textwrap.wrap(
        text, WIDTH, initial_indent=" " * indent, subsequent_indent=" " * indent
    ):
        out.line(line)


def _rules(args: argparse.Namespace, out: Output) -> int:
    fields = [field.name for field in attrs.fields(Rules)]
    docs = rules_field_docs()
    if args.name:
        rules = find_rules(args.name)
        name = next((key for key, preset in PRESETS.items() if preset == rules), args.name)
        out.line(f"{name}: {PRESET_SOURCES.get(name, '')}")
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
    if args.delay < 0:
        raise InvalidRulesError("--delay takes 0 or more seconds")
    try:
        import uvicorn

        from romme.web import create_app
    except ImportError as error:
        err.write(f"romme serve needs the [web] extra: pip install 'romme-rules[web]' ({error})\n")
        return 2
    app = create_app(args.db, delay=args.delay)
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
        "--players", type=int, default=3, help="number of seats, you included (default: 3)"
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
        "--delay", type=float, default=0.8, help="seconds between computer moves (default: 0.8)"
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


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
