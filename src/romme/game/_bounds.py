"""The bound of a hand (private): the most cards a seat may hold (rules §2, §4, §13).

One bound, stated once, for the values' checks, `new_position`, the
views, the documents and the RL observations alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from romme.game._values import Phase
from romme.rules import Rules

if TYPE_CHECKING:
    from romme.game._checks import Position

__all__ = ["hand_limit", "most_cards", "seat_limit"]


def most_cards(rules: Rules, borrowed: int = 0, *, drawn: bool = True) -> int:
    """The most cards a hand may hold: ``hand_size``, an extra card and a drawn one (rules §2, §4).

    The one bound of a hand, for `GameState`, `new_position`, views,
    `loads` and the observations alike. A seat that is not to act, and the
    seat to act before its draw (`drawn` false), holds at most what the
    deal gave it: ``hand_size`` and the extra card, since every turn
    ends with a discard after one card drawn (or, after a failed take, with
    the hand the turn began with). The seat to act holds one more after its
    draw (`drawn`). Under ``joker_at_cut`` one more, the joker the cutter
    kept (with two seats the cutter is also the first player). With
    ``knocking`` or ``buying`` the deck, since each knock or purchase adds
    two (rules §13); `borrowed` cards taken from the table this turn
    (Räuber-Rommé) wait in the hand to act above that, until they are
    melded again.
    """
    if rules.claims_played:
        return rules.deck_size
    return rules.hand_size + 1 + int(drawn) + int(rules.joker_at_cut) + borrowed


def hand_limit(position: Position, seat: int) -> int:
    """The most cards `seat` may hold in `position` (`seat_limit`)."""
    return seat_limit(
        position.rules, position.phase, seat == position.current_player, len(position.turn.borrowed)
    )


def seat_limit(rules: Rules, phase: Phase, to_act: bool, borrowed: int) -> int:
    """The most cards a seat may hold (`most_cards`): after its draw only while it is to act.

    The seat to act has drawn once the draw phase is over; `borrowed`, the
    cards it took from the table this turn, count for it alone.
    """
    if not to_act:
        return most_cards(rules, drawn=False)
    return most_cards(rules, borrowed, drawn=phase is not Phase.DRAW)
