"""A game at the web table (Spieltisch): a match, its seats and tokens, the move log and score sheets.

Everything here is plain library code without the web framework: `start`
seats a new match, `play` applies one seat's action, `run_computers` lets
the computer seats (`romme.GreedyBot`) move, paced, `next_round` starts the
round after a score sheet, and `reply` builds what one seat may see. A
`Table` goes to and from a JSON document in `romme.web.document`.
"""

from __future__ import annotations

import hashlib
import re
import secrets
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any, Final

import attrs

from romme import (
    PRESETS,
    Action,
    Card,
    Draw,
    GameState,
    GreedyBot,
    InvalidDataError,
    Match,
    Phase,
    RoundResult,
    Rules,
    TakeFromTable,
    apply,
    legal_actions,
    new_match,
    to_dict,
    view,
)
from romme._tables import cards_from_hand, hint, move_words, play_rules
from romme.game import claimants, consenters

__all__ = [
    "Event",
    "GameConflictError",
    "Seat",
    "Sheet",
    "Table",
    "advice",
    "next_round",
    "out_of_turn",
    "play",
    "preset_summaries",
    "reply",
    "run_computers",
    "seat_name",
    "seat_of",
    "start",
]

MAX_EVENTS: Final = 200
"""The most moves one reply lists."""

MAX_LOG: Final = 1000
"""The most moves a game's log keeps: older ones are dropped and only counted (`Table.dropped`).

A turn under Räuber-Rommé may take table cards and take them back
without end, so a log kept whole would grow the stored document, which
every request rewrites, without bound. The moves stay legal and the game
goes on: only the oldest entries of the log go, which no reply lists any
more (`MAX_EVENTS`); the steps keep counting every move.
"""

_DISCARD: Final = re.compile(r"(?:^| then )discard (\S+)$")
"""A move's text form that ends with a discard (a swap's included), the card discarded in group 1."""


class GameConflictError(ValueError):
    """A request that the game's current state refuses (answered with HTTP 409)."""

    def __init__(self, error: str, message: str) -> None:
        super().__init__(message)
        self.error = error
        """A short machine-readable code: a `romme.Reason` value or ``round_over``, ``match_over`` …"""


@attrs.frozen
class Seat:
    """A seat: a person (with the hash of their token) or the computer."""

    human: bool
    """Whether a person plays this seat."""
    token_hash: str | None = None
    """The SHA-256 of the seat's token (hex), for a person; the token itself is never stored."""
    name: str | None = None
    """The name the person chose (`seat_name`), or ``None``: the page then says "Player N"."""


@attrs.frozen
class Event:
    """One move in the log: the round, the seat and the action's text form (all public)."""

    round: int
    """The index of the round the move was made in."""
    seat: int
    """The seat that moved."""
    action: str
    """The action, as `str(action)` writes it."""
    pile: int | None = None
    """The size of the discard pile after the move; ``None`` in a log stored before it was kept."""
    top: Card | None = None
    """The top discard after the move (``None`` for an empty pile, or where `pile` is ``None``)."""
    taken: Card | None = None
    """The table card a `romme.TakeFromTable` (``rob N P``, Räuber-Rommé) took; ``None`` for other moves."""


@attrs.frozen
class Sheet:
    """The score sheet (Abrechnung) of a finished round: the result and the hands behind the penalties."""

    round: int
    """The index of the round."""
    dealer: int
    """The round's dealer."""
    result: RoundResult
    """The round's result."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards left in hand when the round ended."""


@attrs.frozen
class Drawn:
    """The card a seat drew from the stock in the turn in play (shown only to that seat)."""

    round: int
    """The round of the draw."""
    turn: int
    """The turn number of the draw."""
    seat: int
    """The seat that drew."""
    card: Card
    """The card drawn."""


@attrs.frozen(kw_only=True)
class Table:
    """A game at the web table. Immutable: every function here returns a new table."""

    preset: str
    """The name of the preset played."""
    seats: tuple[Seat, ...]
    """The seats, people and computers."""
    match: Match
    """The match; its `state` is the round in play (already dealt while a score sheet waits)."""
    log: tuple[Event, ...] = ()
    """The moves so far, the last `MAX_LOG` of them."""
    dropped: int = 0
    """How many moves were made before the first one `log` keeps."""
    sheets: tuple[Sheet, ...] = ()
    """The score sheets of the finished rounds."""
    final: GameState | None = None
    """The last finished round's final position."""
    waiting: bool = False
    """Whether a score sheet waits for a person to start the next round."""
    drawn: Drawn | None = None
    """The card drawn in the turn in play."""
    moved_at: float = 0.0
    """When the last move was made (seconds since the epoch), for pacing the computers."""

    @property
    def step(self) -> int:
        """The number of moves made so far, those dropped from the log included."""
        return self.dropped + len(self.log)


MAX_NAME: Final = 20
"""The most characters of a name a person chooses for their seat."""


def seat_name(text: str) -> str:
    """Return the name a person chose for a seat, its spaces trimmed.

    Raises:
        ValueError: For a name that is empty, longer than `MAX_NAME`, holds a character that is
            not printable, or could be taken for the page's own words ("You", "Computer 2").
    """
    name = " ".join(text.split())
    if not 1 <= len(name) <= MAX_NAME or not name.isprintable():
        raise ValueError(f"a name has 1 to {MAX_NAME} printable characters, not {text[:40]!r}")
    folded = name.casefold()
    if folded == "you" or re.fullmatch(r"(computer|player|person) ?\d*", folded):
        raise ValueError(f"{name!r} is a name the table gives itself: choose another")
    return name


def token_hash(token: str) -> str:
    """Return the hex SHA-256 of `token`: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def preset_summaries() -> list[dict[str, Any]]:
    """Return every preset with the few facts a person chooses by, for the preset chooser."""
    summaries = []
    for name in PRESETS:
        rules = play_rules(name)
        facts = [f"{rules.opening} to open"]
        facts.append(
            "the discard is taken only to use at once"
            if rules.take_discard.value == "immediate_use"
            else "the discard may be taken freely"
        )
        if rules.dealer_sits_out:
            facts.append("the dealer sits out")
        if rules.ace_wraps:
            facts.append("runs may go K-A-2")
        if rules.knocking:
            facts.append("a discard may be knocked for out of turn, with a penalty card")
        if rules.buying:
            facts.append("a discard may be bought out of turn, with the top stock card")
        if rules.rearrange:
            facts.append("cards may be taken from the table melds (Räuber-Rommé)")
        end = f"{rules.match_rounds} rounds" if rules.match_rounds else None
        if rules.match_limit:
            end = (
                f"{end} or {rules.match_limit} points" if end else f"to {rules.match_limit} points"
            )
        summaries.append(
            {
                "name": name,
                "min_players": 3 if rules.dealer_sits_out else 2,
                "max_players": rules.max_players,
                "opening": rules.opening.threshold,
                "match": end or "one round at a time",
                "description": ", ".join(facts),
            }
        )
    return summaries


def start(
    preset: str,
    players: int,
    humans: Sequence[int],
    *,
    seed: int | None = None,
    rounds: int | None = None,
    names: Mapping[int, str] | None = None,
    now: float,
) -> tuple[Table, dict[int, str]]:
    """Seat a new match; return the table and each person's token (``secrets.token_urlsafe(32)``).

    `names` gives people's seats the names they chose (`seat_name`); a seat left out is
    "Player N" (or "Person N" alone at the table).

    Raises:
        ValueError: For an unknown preset, an impossible seating (a `romme.RommeError`
            included), or a name that is no name, names a computer's seat or is taken twice.
    """
    rules = play_rules(preset)
    if not 2 <= players <= rules.max_players or rules.players_dealt_in(players) < 2:
        raise ValueError(
            f"{preset} is played by {3 if rules.dealer_sits_out else 2} to {rules.max_players} seats"
        )
    chosen = set(humans)
    if not chosen or len(chosen) != len(humans) or not chosen <= set(range(players)):
        raise ValueError(
            f"humans must name one or more distinct seats from 0 to {players - 1}, got {list(humans)}"
        )
    named = {}
    for seat, text in (names or {}).items():
        if seat not in chosen:
            raise ValueError(f"seat {seat} is no person's seat: only people choose names")
        named[seat] = seat_name(text)
    if len({name.casefold() for name in named.values()}) != len(named):
        raise ValueError("two seats have the same name: choose another")
    match = new_match(rules, players, seed=seed, dealer=players - 1, rounds=rounds)
    tokens = {seat: secrets.token_urlsafe(32) for seat in sorted(chosen)}
    seats = tuple(
        Seat(True, token_hash(tokens[seat]), named.get(seat)) if seat in chosen else Seat(False)
        for seat in range(players)
    )
    return Table(preset=preset, seats=seats, match=match, moved_at=now), tokens


def seat_of(table: Table, token: str) -> int | None:
    """Return the seat whose token is `token`, or ``None`` (compared in constant time)."""
    given = token_hash(token)
    found = None
    for seat, info in enumerate(table.seats):
        if info.token_hash is not None and secrets.compare_digest(given, info.token_hash):
            found = seat
    return found


def _state(table: Table) -> GameState:
    if table.match.state is None:
        raise GameConflictError("match_over", "the match is over")
    if table.waiting:
        raise GameConflictError("round_over", "the round is over: start the next round first")
    return table.match.state


def _act(table: Table, seat: int, action: Action, now: float) -> Table:
    state = _state(table)
    after = apply(state, action, player=seat)
    drawn = table.drawn
    if isinstance(action, Draw) and table.seats[seat].human:
        new = Counter(after.hands[seat]) - Counter(state.hands[seat])
        drawn = Drawn(table.match.round, state.turn.number, seat, next(iter(new)))
    pile = after.discard_pile
    taken = None
    if isinstance(action, TakeFromTable):
        taken = state.table[action.target].meld.cards[action.position]
    event = Event(
        table.match.round, seat, str(action), len(pile), pile[-1] if pile else None, taken
    )
    match = table.match.advance(after)
    log = (*table.log, event)
    changes: dict[str, Any] = {
        "match": match,
        "log": log[-MAX_LOG:],
        "dropped": table.dropped + max(0, len(log) - MAX_LOG),
        "drawn": drawn,
        "moved_at": now,
    }
    if after.result is not None:
        sheet = Sheet(table.match.round, state.dealer, after.result, after.hands)
        changes.update(
            sheets=(*table.sheets, sheet), final=after, waiting=not match.is_over, drawn=None
        )
    return attrs.evolve(table, **changes)


def play(table: Table, seat: int, action: Action, *, now: float) -> Table:
    """Apply `action` for `seat`, a person's seat.

    Raises:
        GameConflictError: If the round or the match is over.
        IllegalActionError: If the action is not legal for `seat` now (not its turn included).
    """
    return _act(table, seat, action, now)


def advice(table: Table, seat: int) -> dict[str, Any]:
    """Return the hint for `seat`: what the hard computer player would play in its place, and why.

    The hint reads the seat's view only (`romme.cli.hint`), so it names no
    card the seat cannot see. ``step`` is the table's step it was given at.

    Raises:
        GameConflictError: If the round or the match is over, or it is not `seat`'s turn.
    """
    state = _state(table)
    seen = view(state, seat)
    if not seen.is_my_turn:
        raise GameConflictError("not_your_turn", "a hint is given on your turn")
    given = hint(seen)
    return {
        "step": table.step,
        "action": str(given.action),
        "words": given.words,
        "why": given.why,
    }


def run_computers(table: Table, *, now: float, delay: float, limit: int = 10_000) -> Table:
    """Let the computer seats move while they are to act.

    With ``delay > 0`` at most one move is made, and only once `delay`
    seconds have passed since the last move: the person's client sees the
    moves one by one as it polls. With ``delay == 0`` every move up to a
    person's turn (or the round's end) is made at once, `limit` at most.
    """
    moves = 0
    while not table.waiting and table.match.state is not None and moves < limit:
        state = table.match.state
        seat = state.current_player
        if table.seats[seat].human:
            break
        if delay > 0 and (moves or now - table.moved_at < delay):
            break
        table = _act(table, seat, GreedyBot().choose(view(state, seat)), now)
        moves += 1
    return table


def next_round(table: Table, *, now: float) -> Table:
    """Close the score sheet and start the round already dealt.

    Raises:
        GameConflictError: If no score sheet waits.
    """
    if not table.waiting:
        raise GameConflictError("round_in_play", "the round is still in play")
    return attrs.evolve(table, waiting=False, moved_at=now)


# -- what one seat sees ---------------------------------------------------------


hand_cards = cards_from_hand
"""The cards of the hand that an action uses (the taken discard and a freed joker excluded)."""


def _verb(action: Action) -> str:
    return str(action).split(" ", 1)[0]


def _names(table: Table, seat: int) -> list[str]:
    several = sum(info.human for info in table.seats) > 1
    names = []
    for index, info in enumerate(table.seats):
        if index == seat:
            names.append("You")
        elif info.name is not None:
            names.append(info.name)
        elif info.human:
            names.append(f"Player {index}" if several else f"Person {index}")
        else:
            names.append(f"Computer {index}")
    return names


def out_of_turn(table: Table, seat: int) -> str:
    """The refusal of a move out of turn as `seat` reads it: the seat to act by its name."""
    state = _state(table)
    names = _names(table, seat)
    if state.phase is Phase.CLAIM and state.top_discard is not None:
        return f"{names[state.current_player]} is asked about the {state.top_discard} now, not you"
    return f"it is {names[state.current_player]}'s turn, not yours"


def _sheet(sheet: Sheet, rules: Rules) -> dict[str, Any]:
    result = sheet.result
    return {
        "round": sheet.round,
        "dealer": sheet.dealer,
        "end": result.end.value,
        "winner": result.winner,
        "hand_romme": result.hand_romme,
        "penalties": list(result.penalties),
        "bonuses": list(result.bonuses),
        "opened": list(result.opened),
        "dealt_in": list(result.dealt_in),
        "hands": [[str(card) for card in hand] for hand in sheet.hands],
        "not_opened_penalty": rules.not_opened_penalty,
    }


def _move(action: Action, top: Card | None) -> dict[str, Any]:
    """One legal move as the page offers it; a card to take from the table names its meld and position."""
    move: dict[str, Any] = {
        "text": str(action),
        "verb": _verb(action),
        "cards": [str(c) for c in hand_cards(action, top)],
    }
    if isinstance(action, TakeFromTable):
        move["from_table"] = [action.target, action.position]
    return move


def _discarded_by(table: Table, card: str) -> int | None:
    """The seat whose discard `card`, the top of the pile, is: the last discard of the round in the log (``None`` for the card turned up at the deal, or a discard older than the log keeps)."""
    for event in reversed(table.log):
        if event.round != table.match.round:
            return None
        found = _DISCARD.search(event.action)
        if found:
            return event.seat if found.group(1) == card else None
    return None


def _claim(table: Table, state: GameState) -> dict[str, Any] | None:
    """The claim window open on the top discard, for the page: the card, whose discard it is, who declined it, who answered what (rules §13).

    ``claimants`` lists the seats asked whether they claim the card, in the
    order asked, each with its answer so far (``passed``, ``buying``,
    ``asked`` for the seat asked now, ``waiting``); under ``buying``,
    ``consents`` lists the seats whose consent a purchase needs, likewise
    (``consented``, ``asked``, ``waiting``).
    """
    claim = state.turn.claim
    if claim is None or not state.discard_pile:
        return None
    asked, buyer = state.current_player, claim.buyer

    def claimant(seat: int) -> str:
        if seat in claim.passed:
            return "passed"
        if seat == buyer:
            return "buying"
        return "asked" if seat == asked and buyer is None else "waiting"

    def consent(seat: int) -> str:
        return "consented" if seat in claim.consented else "asked" if seat == asked else "waiting"

    seats = claimants(state.rules, claim.turn_of, state.opened, state.dealt_in)
    needed = () if buyer is None else consenters(claim.turn_of, buyer, state.dealt_in)
    card = str(state.discard_pile[-1])
    return {
        "card": card,
        "discarded_by": _discarded_by(table, card),
        "kind": "buy" if state.rules.buying else "knock",
        "turn_of": claim.turn_of,
        "asked": asked,
        "buyer": buyer,
        "claimants": [{"seat": seat, "answer": claimant(seat)} for seat in seats],
        "consents": [{"seat": seat, "answer": consent(seat)} for seat in needed],
    }


def reply(table: Table, game: str, seat: int, since: int = 0) -> dict[str, Any]:
    """Return what `seat` may see: its view and the public facts of the game.

    The view is ``to_dict(view(state, seat))``; the rest is public: seat
    names, the match totals, the moves since step `since` (their text
    form, and in words as the terminal says them: `romme.cli.move_words`), the score sheets of finished rounds, the claim window open on
    the top discard (`_claim`), and, for `seat` alone, the legal moves and
    the card it has just drawn.
    """
    match = table.match
    state = match.state if match.state is not None and not table.waiting else table.final
    if state is None:
        raise InvalidDataError("table: a finished round without its final position")
    seen = view(state, seat)
    my_turn = seen.is_my_turn and not table.waiting and match.state is not None
    top = seen.top_discard
    legal = [_move(action, top) for action in legal_actions(state)] if my_turn else []
    staged = [entry.meld for entry in seen.table if entry.staged and entry.owner == seat]
    opening = seen.rules.opening
    missing = None if seen.opened[seat] else opening.shortfall(staged)
    drawn = table.drawn
    show_drawn = (
        drawn is not None
        and drawn.seat == seat
        and drawn.round == match.round
        and drawn.turn == seen.turn.number
        and not table.waiting
    )
    names = _names(table, seat)
    step = table.step
    since = max(0, min(since, step))
    start_at = max(since, step - MAX_EVENTS, table.dropped)
    return {
        "game": game,
        "seat": seat,
        "preset": table.preset,
        "step": step,
        "view": to_dict(seen),
        "my_turn": my_turn,
        "legal": legal,
        "drawn": str(drawn.card) if show_drawn and drawn is not None else None,
        "staged": {
            "opened": seen.opened[seat],
            "value": opening.worth(staged),
            "threshold": opening.threshold,
            "missing": 0 if missing is None else missing.points,
            "run_missing": missing is not None and missing.run,
            "needs": None if missing is None else str(missing),
            "opening": str(opening),
        },
        "seats": [
            {"seat": index, "name": names[index], "human": info.human}
            for index, info in enumerate(table.seats)
        ],
        "match": {
            "round": match.round - 1 if table.waiting or match.is_over else match.round,
            "rounds": match.rounds,
            "limit": match.limit,
            "totals": list(match.totals),
            "over": match.is_over,
            "winners": list(match.winners()) if match.is_over else [],
        },
        "waiting": table.waiting,
        "claim": None if table.waiting else _claim(table, state),
        "sheets": [_sheet(sheet, match.rules) for sheet in table.sheets],
        "events": [
            {
                "step": index,
                "round": event.round,
                "seat": event.seat,
                "action": event.action,
                "pile": event.pile,
                "top": None if event.top is None else str(event.top),
                "taken": None if event.taken is None else str(event.taken),
                "words": move_words(event.action, event.taken),
            }
            for index, event in enumerate(table.log[start_at - table.dropped :], start=start_at)
        ],
    }
