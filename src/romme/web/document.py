"""The stored document of a web game (Spielakte): a `romme.web.game.Table` as JSON and back.

The match, the positions and the results inside are written by
`romme.to_dict` and read by `romme.from_dict`; the seats keep their
tokens' SHA-256 only.
"""

from __future__ import annotations

from typing import Any, Final

from romme import (
    GameState,
    InvalidDataError,
    Match,
    RoundResult,
    from_dict,
    parse_card,
    parse_cards,
    to_dict,
)
from romme.web.game import Drawn, Event, Seat, Sheet, Table, seat_name

__all__ = ["DOCUMENT_FORMAT", "from_document", "to_document"]

DOCUMENT_FORMAT: Final = 1
"""The version of the stored table document."""


def to_document(table: Table) -> dict[str, Any]:
    """Return `table` as a JSON-ready document (the match and positions by `romme.to_dict`)."""
    drawn = table.drawn
    return {
        "format": DOCUMENT_FORMAT,
        "preset": table.preset,
        "seats": [_seat_out(seat) for seat in table.seats],
        "match": to_dict(table.match),
        "log": [_event_out(event) for event in table.log],
        "dropped": table.dropped,
        "sheets": [
            {
                "round": sheet.round,
                "dealer": sheet.dealer,
                "result": to_dict(sheet.result),
                "hands": [" ".join(str(card) for card in hand) for hand in sheet.hands],
            }
            for sheet in table.sheets
        ],
        "final": None if table.final is None else to_dict(table.final),
        "waiting": table.waiting,
        "drawn": None if drawn is None else [drawn.round, drawn.turn, drawn.seat, str(drawn.card)],
        "moved_at": table.moved_at,
    }


def _seat_out(seat: Seat) -> dict[str, Any]:
    """A seat: whether a person plays it, its token's hash, and a chosen name (only when there is one)."""
    out: dict[str, Any] = {"human": seat.human, "token_sha256": seat.token_hash}
    if seat.name is not None:
        out["name"] = seat.name
    return out


def _seat_in(item: Any) -> Seat:
    name = _typed(item, dict, "seats").get("name")
    if name is not None:
        name = _typed(name, str, "name")
        if seat_name(name) != name:
            raise InvalidDataError(f"seats: {name[:40]!r} is no name a person could choose")
    return Seat(_typed(item["human"], bool, "human"), item["token_sha256"], name)


def _event_out(event: Event) -> list[Any]:
    """A move of the log: round, seat, action, the discard pile's size and top after it, the table card taken."""
    top, taken = (None if card is None else str(card) for card in (event.top, event.taken))
    return [event.round, event.seat, event.action, event.pile, top, taken]


def _event_in(item: object) -> Event:
    """Read `_event_out`'s list, or the three of a log stored before the rest was kept."""
    entry = _typed(item, list, "log")
    if len(entry) == 3:
        entry = [*entry, None, None, None]
    round_, seat, action, pile, top, taken = entry
    if pile is not None and (_typed(pile, int, "log") < 0 or (top is None) != (pile == 0)):
        raise InvalidDataError("log: a pile's size and top do not agree")
    if pile is None and top is not None:
        raise InvalidDataError("log: a top discard without the pile's size")
    return Event(
        _typed(round_, int, "log"),
        _typed(seat, int, "log"),
        _typed(action, str, "log"),
        pile,
        *(None if card is None else parse_card(_typed(card, str, "log")) for card in (top, taken)),
    )


def _typed(value: object, kind: type[Any], where: str) -> Any:
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise InvalidDataError(f"{where}: expected {kind.__name__}")
    return value


def from_document(document: object) -> Table:
    """Read a document written by `to_document`.

    Raises:
        InvalidDataError: If the document is not one.
    """
    try:
        doc = _typed(document, dict, "table")
        if doc.get("format") != DOCUMENT_FORMAT:
            raise InvalidDataError(f"table: unknown format {doc.get('format')!r}")
        match = from_dict(doc["match"])
        final = None if doc["final"] is None else from_dict(doc["final"])
        if not isinstance(match, Match) or not (final is None or isinstance(final, GameState)):
            raise InvalidDataError("table: match or final of the wrong type")
        sheets = []
        for item in _typed(doc["sheets"], list, "sheets"):
            result = from_dict(item["result"])
            if not isinstance(result, RoundResult):
                raise InvalidDataError("sheets: expected a round result")
            hands = tuple(parse_cards(hand) for hand in _typed(item["hands"], list, "hands"))
            sheets.append(
                Sheet(
                    _typed(item["round"], int, "round"),
                    _typed(item["dealer"], int, "dealer"),
                    result,
                    hands,
                )
            )
        drawn = doc["drawn"]
        seats = tuple(_seat_in(s) for s in _typed(doc["seats"], list, "seats"))
        waiting = _typed(doc["waiting"], bool, "waiting")
        if len(seats) != match.players:
            raise InvalidDataError("seats: not one per seat of the match")
        if (waiting or match.state is None) and final is None:
            raise InvalidDataError("table: a finished round without its final position")
        if waiting and match.state is None:
            raise InvalidDataError("table: waiting for the next round of a finished match")
        dropped = _typed(doc.get("dropped", 0), int, "dropped")
        if dropped < 0:
            raise InvalidDataError("dropped: a negative number of moves")
        return Table(
            preset=_typed(doc["preset"], str, "preset"),
            seats=seats,
            match=match,
            log=tuple(_event_in(item) for item in _typed(doc["log"], list, "log")),
            dropped=dropped,
            sheets=tuple(sheets),
            final=final,
            waiting=waiting,
            drawn=None
            if drawn is None
            else Drawn(drawn[0], drawn[1], drawn[2], parse_cards(drawn[3])[0]),
            moved_at=float(doc["moved_at"]),
        )
    except (KeyError, TypeError, ValueError, IndexError) as error:
        if isinstance(error, InvalidDataError):
            raise
        raise InvalidDataError(f"table: not a stored table ({error})") from None
