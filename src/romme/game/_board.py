"""Positions as a table to read (Spieltisch): the seats, the melds on the table, the piles, the phase.

`board_text` is what ``str(state)`` and ``str(view)`` print, a compact
multi-line table the way ``print(board)`` shows a chess position;
`board_html` is the same table as HTML, for notebooks (``_repr_html_``).
A state shows every hand; a view shows its own hand and the sizes of the
others.

>>> from romme import find_rules, new_position
>>> state = new_position(
...     find_rules("classic"),
...     hands=["Q♣ K♣ A♣ 7♥", "2♦ 3♦ 9♠"],
...     table=[("4♠ 5♠ 6♠", 1)],
...     discard_pile="8♣ 10♥",
...     seed=1,
... )
>>> print(board_text(state))
classic · turn 1 · seat 0 to draw
    seat  dealer  opened  hand
 >  0             no      4 cards: Q♣ K♣ A♣ 7♥
    1     dealer  yes     3 cards: 9♠ 2♦ 3♦
table:
    [0]  4♠ 5♠ 6♠   run of seat 1
discard pile: 10♥ on top (2 cards) · stock: 98 cards
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, TypeGuard

from romme.cards import Card, format_cards
from romme.game._values import Phase
from romme.rules import preset_name

if TYPE_CHECKING:
    # Only for the types: the values draw themselves with this module, which
    # tells a view from a state by its fields (`_is_view`), so no import circle.
    from romme.game._state import GameState
    from romme.game._views import PlayerView

__all__ = ["board_html", "board_text"]


def _is_view(position: GameState | PlayerView) -> TypeGuard[PlayerView]:
    """Whether `position` is a view: it names the seat that sees it (a state has no ``player``)."""
    return hasattr(position, "player")


def _is_state(position: GameState | PlayerView) -> TypeGuard[GameState]:
    """Whether `position` is a whole state (no view)."""
    return not _is_view(position)


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"


def _header(position: GameState | PlayerView) -> str:
    name = preset_name(position.rules) or "house rules"
    parts = [name, f"turn {position.turn.number + 1}"]
    if position.result is None:
        claim = position.turn.claim
        if claim is not None:
            doing = "answer a claim window" if claim.buyer is None else "consent or refuse"
            parts.append(
                f"seat {position.current_player} to {doing} (turn of seat {claim.turn_of})"
            )
        else:
            doing = "draw" if position.phase is Phase.DRAW else "play"
            parts.append(f"seat {position.current_player} to {doing}")
    else:
        parts.append("round over")
    if _is_view(position):
        parts.append(f"seen by seat {position.player}")
    return " · ".join(parts)


def _hands(position: GameState | PlayerView) -> list[str]:
    cells = []
    for seat in range(position.players):
        if not position.dealt_in[seat]:
            cells.append("sits out")
        elif _is_state(position):
            cells.append(_hand_cell(position.hands[seat]))
        elif _is_view(position):
            if seat == position.player:
                cells.append(_hand_cell(position.hand))
            else:
                cells.append(_count(position.hand_sizes[seat], "card"))
    return cells


def _hand_cell(hand: tuple[Card, ...]) -> str:
    shown = f": {format_cards(hand)}" if hand else ""
    return _count(len(hand), "card") + shown


def _rows(position: GameState | PlayerView) -> list[tuple[str, str, str, str, str]]:
    """One row per seat: marker, seat, dealer, opened, hand."""
    acting = None if position.result is not None else position.current_player
    hands = _hands(position)
    return [
        (
            ">" if seat == acting else "",
            str(seat),
            "dealer" if seat == position.dealer else "",
            ("yes" if position.opened[seat] else "no") if position.dealt_in[seat] else "",
            hands[seat],
        )
        for seat in range(position.players)
    ]


def _melds(position: GameState | PlayerView) -> list[tuple[str, str, str]]:
    """One row per table meld: index, cards, kind and owner (and the staged mark, the announced jokers)."""
    rows = []
    for index, entry in enumerate(position.table):
        note = f"{entry.meld.kind.value} of seat {entry.owner}"
        if entry.staged:
            note += ", staged (the opening is not complete)"
        if entry.announced:
            note += f", jokers announced as {format_cards(entry.announced)}"
        rows.append((f"[{index}]", format_cards(entry.meld.cards), note))
    return rows


def _piles(position: GameState | PlayerView) -> str:
    top = position.discard_pile[-1] if position.discard_pile else None
    pile = (
        f"discard pile: {top} on top ({_count(len(position.discard_pile), 'card')})"
        if top is not None
        else "discard pile: empty"
    )
    stock_size = position.stock_size
    return f"{pile} · stock: {_count(stock_size, 'card')}"


def _extras(position: GameState | PlayerView) -> list[str]:
    lines = []
    if position.turn.taken is not None and position.result is None:
        lines.append(f"taken from the discard pile this turn: {position.turn.taken}")
    result = position.result
    if result is not None:
        if result.winner is None:
            how = f"without a winner ({result.end.value.replace('_', ' ')})"
        else:
            how = f"seat {result.winner} went out" + (" by Hand-Rommé" if result.hand_romme else "")
        penalties = ", ".join(str(points) for points in result.penalties)
        lines.append(f"round over: {how}; penalties by seat: {penalties}")
    return lines


def board_text(position: GameState | PlayerView) -> str:
    """Return `position` as a compact multi-line table: what ``str(position)`` prints.

    The first line names the rules, the turn (counted from 1) and who is
    to act; then one row per seat (``>`` marks the seat to act) with the
    dealer, whether the seat has opened and its hand (the cards where they
    may be seen, else their number); the melds on the table with the index
    actions use, their kind and owner, staged ones marked; the discard
    pile's top card and size, the stock's size; the card taken this turn;
    and the result once the round is over.
    """
    rows = [("", "seat", "dealer", "opened", "hand"), *_rows(position)]
    widths = [max(len(row[column]) for row in rows) for column in range(4)]
    lines = [_header(position)]
    for row in rows:
        cells = [f"{row[0]:>2}"] + [
            f"{cell:<{width}}" for cell, width in zip(row[1:4], widths[1:], strict=True)
        ]
        lines.append(("  ".join(cells) + "  " + row[4]).rstrip())
    melds = _melds(position)
    if melds:
        lines.append("table:")
        width = max(len(cards) for _, cards, _ in melds)
        lines.extend(f"    {index:<4} {cards:<{width}}   {note}" for index, cards, note in melds)
    else:
        lines.append("table: empty")
    lines.append(_piles(position))
    lines.extend(_extras(position))
    return "\n".join(lines)


def board_html(position: GameState | PlayerView) -> str:
    """Return `position` as a small HTML table (what notebooks show), every text escaped.

    It holds what `board_text` prints: a caption with the rules, turn and
    seat to act, one row per seat, then the table melds and the piles.
    """
    escape = html.escape
    out = [
        '<table class="romme-board">',
        f"<caption>{escape(_header(position))}</caption>",
        "<thead><tr><th></th><th>seat</th><th>dealer</th><th>opened</th><th>hand</th></tr></thead>",
        "<tbody>",
    ]
    for row in _rows(position):
        cells = "".join(f"<td>{escape(cell)}</td>" for cell in row)
        out.append(f"<tr>{cells}</tr>")
    out.append("</tbody>")
    footer = [
        *(f"{index} {cards} ({note})" for index, cards, note in _melds(position)),
        _piles(position),
        *_extras(position),
    ]
    if not position.table:
        footer.insert(0, "table: empty")
    out.append("<tfoot>")
    out.extend(f'<tr><td colspan="5">{escape(line)}</td></tr>' for line in footer)
    out.append("</tfoot></table>")
    return "\n".join(out)
