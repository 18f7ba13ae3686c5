"""Rearranging the table (private): the stages of Räuber-Rommé (rules §13).

Under ``rearrange`` a player takes one card at a time from a table meld
into the hand (`TakeFromTable`). What is left of the meld and is still a
meld stays on the table: a set's other cards, the run on either side of
the card (two runs where it lay inside). A group left that is no meld
comes along into the hand with the card (ASS S. 2–3: "solange keine Gruppe
mit weniger als drei Karten übrig bleibt"), so that a meld may be broken up
whole and its cards melded anew. Every card taken is melded again with the
existing `LayDown` and `LayOff` before the turn ends (the discard refuses
while the turn holds such a card), and a `TakeBack` restores the table,
the hand and the turn as they were before the first card was taken. So
the table holds nothing but melds after every step, every arrangement of
the table cards and the hand into melds is reached (break up the melds
that change, lay the new ones), and the turn always has a way on.

A turn takes at most ``max_table_takes`` cards from the table, and a
take-back does not give the count back (it restores all else), so that
every turn ends; 15 takes break up seven melds or more (rules §13).

`rob_parts` is the one statement of what a card's removal leaves; the
checker (`rob`) builds its effect, and the generator (`robs`) lists
every card of every meld not staged this turn.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Final, TypeAlias

from romme._turn.guards import need_phase, not_after_failed_take, not_first_go_round
from romme._turn.hands import add
from romme._turn.position import Effect, Failure, Next, Pos
from romme._turn.tables import replace_at, table_meld
from romme.cards import Card
from romme.errors import Reason
from romme.game import Phase, TableBefore, TableMeld, TakeFromTable, hand_before
from romme.melds import Meld, MeldKind, meld_failure, pack_cards, unit
from romme.rules import Rules


def _rob_refused(pos: Pos) -> Failure | None:
    """Why no card may be taken from the table now at all, or ``None`` (rules §13, Räuber-Rommé).

    A turn takes at most ``max_table_takes`` cards from the table, those a
    take-back returned counted too, so that every turn ends.
    """
    if not pos.rules.rearrange:
        return Failure(
            Reason.REARRANGE_OFF, "these rules do not let a player take cards from the table"
        )
    wrong = (
        need_phase(pos, Phase.PLAY, "taking a table card")
        or not_first_go_round(pos, "taking a table card")
        or not_after_failed_take(pos, "taking a table card")
    )
    if wrong:
        return wrong
    if pos.rules.rearrange_needs_opened and not pos.opened[pos.player]:
        return Failure(
            Reason.NOT_OPENED,
            "taking a table card needs a player who has opened (cardgames.zone §10)",
        )
    if pos.turn.table_takes >= pos.rules.max_table_takes:
        return Failure(
            Reason.TABLE_TAKES_SPENT,
            f"this turn has taken {pos.turn.table_takes} cards from the table, the most these "
            f"rules allow a turn (max_table_takes {pos.rules.max_table_takes}); a take-back gives "
            "none back",
        )
    return None


def _run_part(cards: tuple[Card, ...], rules: Rules) -> Meld | None:
    """The run `cards` make in this order, or ``None``."""
    if len(cards) < _MIN_LEFT:
        return None  # the cheap half, asked first: too short to be checked at all
    result = meld_failure(cards, rules, MeldKind.RUN)
    if isinstance(result, Meld) and result.cards == cards:
        return result
    return None


def rob_parts(entry: TableMeld, position: int, rules: Rules) -> _Parts:
    """What is left of `entry` without its card at `position`, and what comes along into the hand.

    The parts still melds stay on the table: a set's other cards, a run's
    cards on either side of the card (two runs where it lay inside). A
    group left that is no meld comes along with the card (ASS S. 2–3: no
    group of fewer than three cards stays behind). The parts keep the
    owner and the staged flag; a joker laid this turn stays marked in the
    part that holds it.
    """
    meld = entry.meld
    cards = meld.cards
    if meld.kind is MeldKind.SET:
        rest = (*cards[:position], *cards[position + 1 :])
        result = meld_failure(rest, rules, MeldKind.SET) if len(rest) >= _MIN_LEFT else None
        if not isinstance(result, Meld):
            return None, None, rest
        count = len(entry.fresh - {position})
        jokers = [p for p, card in enumerate(result.cards) if card.is_joker]
        fresh = frozenset(jokers[len(jokers) - count :]) if count else frozenset()
        return (
            table_meld(
                result, entry.owner, entry.staged, fresh, _announced_without(entry, position)
            ),
            None,
            (),
        )
    before, after = cards[:position], cards[position + 1 :]
    left, right = _run_part(before, rules), _run_part(after, rules)
    along = (*(() if left else before), *(() if right else after))
    kept = (
        None
        if left is None
        else table_meld(
            left, entry.owner, entry.staged, frozenset(p for p in entry.fresh if p < position)
        ),
        None
        if right is None
        else table_meld(
            right,
            entry.owner,
            entry.staged,
            frozenset(p - position - 1 for p in entry.fresh if p > position),
        ),
    )
    return *kept, along


def _announced_without(entry: TableMeld, position: int) -> tuple[Card, ...]:
    """The announcements of a set's jokers (Schmidt S. 3) once the card at `position` has left it.

    A set's jokers lie last, each announced in their order; a joker taken
    from the table takes its announcement with it (it is announced anew
    when it is laid again), a natural card leaves them all.
    """
    announced = entry.announced
    cards = entry.meld.cards
    if not announced or not cards[position].is_joker:
        return announced
    index = position - (len(cards) - len(announced))
    return (*announced[:index], *announced[index + 1 :])


def rob(pos: Pos, action: TakeFromTable) -> Effect | Failure:
    """Check a `TakeFromTable` and build its effect (rules §13, Räuber-Rommé)."""
    refused = _rob_refused(pos)
    if refused:
        return refused
    count = len(pos.table)
    if action.target >= count:
        return Failure(
            Reason.NO_SUCH_MELD, f"there is no table meld {action.target}: the table holds {count}"
        )
    entry = pos.table[action.target]
    if action.position >= len(entry.meld.cards):
        return Failure(
            Reason.NO_SUCH_TABLE_CARD,
            f"{entry.meld} has {len(entry.meld.cards)} cards, numbered from 0",
        )
    if entry.staged:
        return Failure(
            Reason.STAGED_TABLE_CARD,
            f"{entry.meld} is staged towards the opening: a take-back returns it whole",
        )
    return _robbed(pos, action, rob_parts(entry, action.position, pos.rules))


def _robbed(pos: Pos, action: TakeFromTable, parts: _Parts) -> Effect:
    """The effect of a checked `TakeFromTable`: the card in hand, what is left of its meld in its place.

    The left part keeps the meld's index (its identity), or the right part
    where no left one is left; the right part of a split run is a new meld
    at the end of the table. A meld that leaves nothing behind leaves the
    table, the melds after it moving up one place. The cards that came
    along wait in the hand with the card.
    """
    card = pos.table[action.target].meld.cards[action.position]
    left, right, along = parts
    if left is None:
        left, right = right, None
    if left is None:
        table = (*pos.table[: action.target], *pos.table[action.target + 1 :])
    else:
        table = replace_at(pos.table, action.target, left)
    if right is not None:
        table = (*table, right)
    turn = pos.turn
    before = turn.before
    if before is None:
        before = TableBefore._of(table=pos.table, opened=pos.opened[pos.player], turn=turn)
    taken = (card, *along)
    borrowed = add(turn.borrowed, *taken)
    key = pos.key
    for each in taken:
        key += unit(each.code)
    return Effect(
        hand=add(pos.hand, *taken),
        key=key,
        table=table,
        discard_pile=pos.discard_pile,
        opened=pos.opened[pos.player],
        turn=turn._with_table_cards(
            borrowed=borrowed, before=before, table_takes=turn.table_takes + 1
        ),
        next=Next.PLAY,
    )


def restore(pos: Pos, before: TableBefore) -> Effect:
    """The effect of a `TakeBack` after table cards were taken: the table, hand and turn as they were before.

    The cards are conserved within a turn's play, so the hand then is the
    hand now with the cards that came to the table since, less those
    that left it.
    """
    hand = hand_before(before, pos.table, pos.hand)
    if hand is None:  # pragma: no cover - a position's checks keep the cards conserved
        raise AssertionError("the hand lacks cards that left the table this turn")
    return Effect(
        hand=hand,
        key=pack_cards(hand),
        table=before.table,
        discard_pile=pos.discard_pile,
        opened=before.opened,
        turn=before.turn._with_table_cards(
            borrowed=before.turn.borrowed,
            before=before.turn.before,
            table_takes=pos.turn.table_takes,
        ),
        next=Next.PLAY,
    )


def robs(pos: Pos) -> Iterator[TakeFromTable]:
    """Every `TakeFromTable` the checker accepts now: each card of each meld not staged this turn."""
    if _rob_refused(pos):
        return
    for index, entry in enumerate(pos.table):
        if entry.staged:
            continue  # a staged meld gives no card away
        for position in range(len(entry.meld.cards)):
            yield TakeFromTable._of(target=index, position=position)


_MIN_LEFT: Final = 3
"""No meld has fewer cards (ASS S. 2–3: "keine Gruppe mit weniger als drei Karten")."""

_Parts: TypeAlias = tuple[TableMeld | None, TableMeld | None, tuple[Card, ...]]
"""What a card's removal leaves of a meld: the left part (or a set's rest), the right part, the cards that come along."""
