"""``romme play`` (private): you against the computer in the terminal, round after round of a match.

Part of the interface of `romme.cli`, which parses the command line.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from typing import TextIO

from romme._tables import hint, move_words, notation_text, play_rules, refusal_text
from romme._turn import apply, legal_actions
from romme.cards import JOKER, Card
from romme.cli._terminal import Output, pad, visible_width
from romme.errors import (
    IllegalActionError,
    InvalidNotationError,
)
from romme.game import (
    Action,
    Buy,
    ClaimWindow,
    Consent,
    Discard,
    Draw,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    Refuse,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    parse_action,
    view,
)
from romme.melds import JokerRole, Meld
from romme.play import Bot, GreedyBot, Match, RandomBot, SearchBot, new_match
from romme.rules import MatchScoring, Rules, TakeDiscardMode, find_rules


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
    marked: Sequence[Card] = (),
) -> None:
    """The table, the seats and your hand; `marked` are the cards just come into your hand (a draw, a claim)."""
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
            jokers = "".join(f"; {words}" for words in joker_words(entry.meld))
            out.line(
                f"  [{index}] {pad(text, width)}   {entry.meld.kind.value} of "
                f"{names[entry.owner]}{jokers}{staged}"
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
            # What counts and what is missing, as the opening rule says (rules §5).
            opening = rules.opening
            melds = [e.meld for e in seen.table if e.staged and e.owner == seat]
            if melds:
                worth = opening.worth(melds)
                missing = opening.shortfall(melds)
                opened += f", {worth} of {opening.threshold} staged, needs {missing}"
            else:
                opened += f", {opening} to open"
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
    borrowed = seen.turn.borrowed if seen.current_player == seen.player else ()
    out.line(f"Your hand ({len(seen.hand)}): {out.cards(seen.hand, [*marked, *borrowed])}")
    if borrowed:
        out.line(
            f"Taken from the table, to lay again before you discard: {out.cards(borrowed)} "
            "('takeback' restores the table)"
        )
    claim = seen.turn.claim
    if claim is not None and top is not None:
        out.line(_claim_text(seen, claim, names, out.card(top)))


def _claim_text(seen: PlayerView, claim: ClaimWindow, names: Sequence[str], card: str) -> str:
    """The open claim window as the seat asked reads it: who declined, passed, buys, consented (rules §13)."""
    parts = [f"{names[claim.turn_of]} declined the {card}"]
    if claim.passed:
        parts.append("passed: " + ", ".join(names[s] for s in claim.passed))
    if claim.buyer is not None:
        parts.append(f"{names[claim.buyer]} wants to buy it")
        if claim.consented:
            parts.append("consented: " + ", ".join(names[s] for s in claim.consented))
        answers = "'consent' or 'refuse'"
    elif seen.rules.knocking:
        answers = "'knock' (with a penalty card) or 'pass'"
    else:
        answers = "'buy' (with the top stock card) or 'pass'"
    return f"Claim on the discard: {'; '.join(parts)}. {names[seen.current_player]}: {answers}."


def joker_stands(role: JokerRole) -> str:
    """The card a joker stands for: "8♠" in a run, "8 of ♠ or ♥" in a set (its suit left open)."""
    if role.card:
        return str(role.card)
    return f"{role.rank.symbol} of {' or '.join(s.symbol for s in sorted(role.suits))}"


def joker_words(meld: Meld) -> list[str]:
    """What each joker of `meld` stands for, in words: "JK = 8♠"."""
    return [f"{JOKER} = {joker_stands(role)}" for role in meld.jokers]


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


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
        bonus = f" bonus {result.bonuses[seat]:+d}" if result.bonuses else ""
        out.line(
            f"  {names[seat]:<{width}}   penalty this round {result.penalties[seat]:>4}{bonus}   "
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
    if rules.rearrange:
        out.line("'rob 0 2' takes card 2 (from 0) of table meld 0 into your hand (Räuber-Rommé);")
        out.line("meld it again before you discard, or 'takeback' restores the table.")
    out.line("'help' lists the legal moves (type a number to play one), 'show' redraws the table,")
    out.line("'hint' says what the hard computer player would play in your place, 'quit' stops.")


def _claimed(before: GameState, after: GameState) -> int | None:
    """The seat that got the top discard as a claim window closed (a knock or a purchase), if any."""
    if before.phase is not Phase.CLAIM or after.phase is Phase.CLAIM:
        return None
    for seat, (old, new) in enumerate(zip(before.hands, after.hands, strict=True)):
        if len(new) == len(old) + 2:
            return seat
    return None


def _taken_into_hand(before: GameState, after: GameState | None, seat: int) -> Card | None:
    """The card a draw (or a free take) put into `seat`'s hand, if the turn goes on (a claim window may ask others first)."""
    if after is None or after.is_over:
        return None
    claim = after.turn.claim
    if after.current_player != seat and (claim is None or claim.turn_of != seat):
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
        return SearchBot(seed * 10 + seat)
    return GreedyBot()


def run_play(args: argparse.Namespace, out: Output, stdin: TextIO) -> int:
    rules = play_rules(find_rules(args.rules))  # names and aliases
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
    marked: tuple[Card, ...] = ()  # the cards just come into your hand: a draw, a claim
    while not match.is_over:
        state = match.state
        assert state is not None
        seat = state.current_player
        if seat == human:
            seen = view(state, seat)
            if shown != seen:
                _show(out, seen, names, match, marked)
                shown = seen
            assert read is not None
            show = functools.partial(_show, out, seen, names, match, marked)
            advise = functools.partial(_advise, out, seen)
            action = _ask(out, state, read, show, advise)
            if action is None:
                _standings(out, match, names)
                out.line("Bye.")
                return 0
        else:
            if delay:
                time.sleep(delay)
            action = bots[seat].choose(view(state, seat))
        before = match.round
        try:
            played = apply(state, action)
        except IllegalActionError as error:
            out.line(
                "Not allowed: "
                + refusal_text(error, action, state.hand, state.top_discard, rules=state.rules)
            )
            continue
        after = match.advance(played)
        came = Counter(played.hands[seat]) - Counter(state.hands[seat])
        taken = None
        if isinstance(action, TakeFromTable):
            taken = state.table[action.target].meld.cards[action.position]
        words = move_words(str(action), taken, sorted(came.elements()))
        out.line(f"{names[seat]}: {words}")
        if seat == human:
            got = (
                _taken_into_hand(state, after.state, seat)
                if isinstance(action, Draw | TakeDiscard)
                else None
            )
            if got is not None:
                verb = "drew" if isinstance(action, Draw) else "took"
                out.line(f"You {verb} {out.card(got, highlight=True)}.")
                marked = (got,)
            elif isinstance(action, Discard) or after.round != before:
                marked = ()
        claimed, top = _claimed(state, played), state.top_discard
        if claimed is not None and top is not None:
            if claimed == human:
                gained = Counter(played.hands[claimed]) - Counter(state.hands[claimed])
                gained[top] -= 1
                stock = next(gained.elements())
                out.line(
                    f"You take the {out.card(top, highlight=True)} and the top stock card, "
                    f"{out.card(stock, highlight=True)}."
                )
                marked = (top, stock)
            else:
                out.line(f"{names[claimed]} takes the {out.card(top)} and the top stock card.")
        match = after
        if match.round != before:
            marked = ()
            _result_lines(out, played, names, match)
            if match.is_over:
                break
            if auto or read is None:
                return 0
            if not _next_round(out, read):
                _standings(out, match, names)
                out.line("Bye.")
                return 0
            _round_header(out, match, names)
    winners = match.winners()
    out.line(
        f"Match over after {match.round} rounds. Winner: {', '.join(names[s] for s in winners)}"
    )
    _standings(out, match, names)
    return 0


NEXT_ROUND = "Play the next round? [Y/n]"
"""The question after a score sheet: Enter, y or yes play on; n or no stop."""


def _next_round(out: Output, read: Reader) -> bool:
    """Ask `NEXT_ROUND` until it is answered: Enter, y, yes → play on; n, no, the end of input → stop."""
    while True:
        out.line(NEXT_ROUND)
        answer = read("")
        if answer is None:
            return False
        word = answer.strip().lower()
        if word in ("", "y", "yes"):
            return True
        if word in ("n", "no"):
            return False
        out.line(f"Answer y (or Enter) to play the next round, n to stop; not {answer.strip()!r}.")


def _standings(out: Output, match: Match, names: Sequence[str]) -> None:
    """The standings of the match so far, first to last (`Match.ranking`): penalty totals, and points where the match keeps them."""
    out.line(f"Standings after {_count(match.round, 'round')} ({_target(match).split('; ')[-1]}):")
    width = max(len(name) for name in names)
    totals, points = match.totals, match.points
    keeps_points = match.rules.match_scoring is not MatchScoring.PENALTIES
    ranking = match.ranking()
    score_of = {seat: (-points[seat], totals[seat]) for seat in ranking}
    for seat in ranking:
        place = 1 + sum(score_of[other] < score_of[seat] for other in ranking)  # ties share a place
        score = f"   points {points[seat]:>4}" if keeps_points else ""
        out.line(f"  {place}. {names[seat]:<{width}}{score}   penalty total {totals[seat]:>5}")


PAGE_ROWS = 30
"""The most rows one page of 'help' prints: with the table above it, a page fits a 40-row screen."""

_GROUPS: tuple[tuple[str, tuple[type, ...]], ...] = (
    ("Draws and claims", (Draw, TakeDiscard, Knock, Buy, Pass, Consent, Refuse)),
    ("Lay-downs", (LayDown,)),
    ("Lay-offs", (LayOff,)),
    ("Swaps of a joker", (SwapJoker,)),
    ("Table cards taken, taken back", (TakeFromTable, TakeBack)),
    ("Discards", (Discard,)),
)
"""The groups 'help' lists the legal moves in, in this order."""


def help_pages(legal: Sequence[Action]) -> list[list[str]]:
    """The pages of 'help': the legal moves grouped (`_GROUPS`), each with its number in `legal`, `PAGE_ROWS` rows a page at most."""
    rows: list[tuple[str, str]] = []  # (group, row)
    for title, kinds in _GROUPS:
        rows.extend(
            (title, f"  {index:>3}. {action}")
            for index, action in enumerate(legal)
            if isinstance(action, kinds)
        )
    pages: list[list[str]] = [[]]
    group = None
    for title, row in rows:
        page = pages[-1]
        if len(page) + 1 + (title != group) > PAGE_ROWS:
            pages.append(page := [])
            page.append(f"{title}{' (continued)' if title == group else ''}:")
        elif title != group:
            page.append(f"{title}:")
        group = title
        page.append(row)
    return pages


def _verbs(rules: Rules) -> list[str]:
    """The verbs of the moves `rules` know: knock, buy, the answers and rob only under the rules that use them."""
    verbs = ["draw", "take", "meld", "layoff", "swap", "takeback", "discard"]
    if rules.knocking:
        verbs += ["knock", "pass"]
    if rules.buying:
        verbs += ["buy", "pass", "consent", "refuse"]
    if rules.rearrange:
        verbs.append("rob")
    return verbs


def _advise(out: Output, seen: PlayerView) -> None:
    """Print the hint for the seat of `seen`: the hard computer player's move and why."""
    out.line(f"Hint: {hint(seen)}")


def _ask(
    out: Output,
    state: GameState,
    read: Reader,
    show: Callable[[], None],
    advise: Callable[[], None],
) -> Action | None:
    legal = legal_actions(state)
    pages = help_pages(legal)
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
        asked = re.fullmatch(r"(?:help|\?|h)(?: +([0-9]+))?", word)
        if asked is not None:
            number = int(asked[1]) if asked[1] and asked[1].isascii() else 1
            if not 1 <= number <= len(pages):
                out.line(f"'help' has pages 1 to {len(pages)}.")
                continue
            more = f" (page {number} of {len(pages)})" if len(pages) > 1 else ""
            out.line(f"Legal now{more}:")
            for line in pages[number - 1]:
                out.line(line)
            if number < len(pages):
                out.line(f"Type an action, or its number; 'help {number + 1}' shows the next page.")
            else:
                out.line("Type an action, or its number from this list.")
            continue
        if word.isdigit() and word.isascii():
            index = int(word)
            if index < len(legal):
                return legal[index]
            numbered = (
                "the only move is 0" if len(legal) == 1 else f"the moves are 0 to {len(legal) - 1}"
            )
            out.line(f"There is no move {index}: {numbered} ('help' lists them).")
            continue
        if word in ("show", "hand", "look"):
            show()
            continue
        if word == "hint":
            advise()
            continue
        try:
            return parse_action(text)
        except InvalidNotationError as error:
            why = notation_text(error)
            if why.startswith("unknown verb "):
                verb = text.split()[0]
                why = f"unknown verb {verb!r}; verbs are {', '.join(sorted(set(_verbs(state.rules))))}"
            out.line(f"Cannot read that: {why}. 'help' lists the legal moves.")
