"""What the stages ask first (private): the phase, the first go-round, a failed take, the cards held from the table (rules §4, §13).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from romme.cards import Card, format_cards
from romme.errors import Reason
from romme.game import Phase, TurnState
from romme.rules import FailedTake, TakeDiscardMode

if TYPE_CHECKING:
    pass

from romme._turn.hands import remove
from romme._turn.position import Failure, Pos

__all__ = [
    "after_use",
    "borrowed_failure",
    "failed_take_discards",
    "first_go_round",
    "need_phase",
    "not_after_failed_take",
    "not_first_go_round",
]


def first_go_round(pos: Pos) -> bool:
    """Whether melding waits because not every seat has had a turn yet (``no_melds_first_go_round``, ASS S. 1)."""
    rules = pos.rules
    return rules.no_melds_first_go_round and pos.turn.number < rules.players_dealt_in(
        len(pos.opened)
    )


def failed_take_discards(pos: Pos) -> bool:
    """Whether a failed take leaves the player only the discard (``failed_take = discard``, DRoV Streitfall 1, 3).

    Its take-back keeps the returned card named in the turn: only then does
    a player who has not opened hold a taken card that lies in no staged meld.
    """
    rules = pos.rules
    turn = pos.turn
    return (
        rules.failed_take is FailedTake.DISCARD
        and turn.taken is not None
        and not turn.taken_staged
        and not turn.taken_in_hand
        and not pos.opened[pos.player]
        and rules.take_discard is TakeDiscardMode.IMMEDIATE_USE
    )


def after_use(turn: TurnState, cards: Sequence[Card]) -> TurnState:
    """`turn` once `cards` of the hand went to the table: the taken card, or table cards, melded again."""
    if turn.borrowed:
        # Table cards held (Räuber-Rommé) count as melded again first: a copy
        # from the hand and one from the table are the same card. A card that
        # counts so is not also the taken card: that stays in the hand.
        borrowed = turn.borrowed
        turn = turn._with_table_cards(
            borrowed=remove(borrowed, cards, partly=True),
            before=turn.before,
            table_takes=turn.table_takes,
        )
        cards = remove(tuple(cards), borrowed, partly=True)
    if turn.taken_in_hand and turn.taken in cards:
        return turn._with_taken(
            taken=turn.taken, taken_in_hand=False, taken_staged=turn.taken_staged
        )
    return turn


def borrowed_failure(pos: Pos) -> Failure:
    """The refusal of a turn's end while the hand holds cards taken from the table (Räuber-Rommé)."""
    return Failure(
        Reason.TABLE_CARDS_IN_HAND,
        f"{format_cards(pos.turn.borrowed)} taken from the table must be melded again "
        "before the turn ends, or taken back (ASS S. 2–3)",
    )


def need_phase(pos: Pos, phase: Phase, what: str) -> Failure | None:
    if pos.phase is not phase:
        return Failure(
            Reason.WRONG_PHASE,
            f"{what} belongs to the {phase.value} phase, not the {pos.phase.value} phase",
        )
    return None


def not_first_go_round(pos: Pos, what: str) -> Failure | None:
    if first_go_round(pos):
        return Failure(
            Reason.FIRST_GO_ROUND,
            f"{what} waits until every seat has had a turn under these rules (ASS S. 1)",
        )
    return None


def not_after_failed_take(pos: Pos, what: str) -> Failure | None:
    if failed_take_discards(pos):
        return Failure(
            Reason.TURN_ENDS_WITH_DISCARD,
            f"{what} is over for this turn: after the failed take only a discard ends it (DRoV Streitfall 1, 3)",
        )
    return None
