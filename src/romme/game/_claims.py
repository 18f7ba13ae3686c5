"""Who a claim window asks, in what order (private): knocking and buying on the discard out of turn (rules §13).

Read by the position checks (a claim window handed in must ask the right
seat), the turn core's claim stage and the web table's claim panel.
"""

from __future__ import annotations

from romme.game._values import ClaimWindow
from romme.rules import Rules

__all__ = ["asked_seat", "claimants", "consenters"]


def claimants(
    rules: Rules, turn_of: int, opened: tuple[bool, ...], dealt_in: tuple[bool, ...]
) -> tuple[int, ...]:
    """The seats a claim window asks, in the order asked (rules §13).

    The seats dealt in after `turn_of` (who declined the card), in turn
    order, but the last of them, who discarded it; under
    ``knock_needs_opened`` only those that have opened (Schmidt S. 4).
    """
    players = len(dealt_in)
    ring = [(turn_of + step) % players for step in range(1, players)]
    ring = [seat for seat in ring if dealt_in[seat]][:-1]
    if rules.knock_needs_opened:
        return tuple(seat for seat in ring if opened[seat])
    return tuple(ring)


def consenters(turn_of: int, buyer: int, dealt_in: tuple[bool, ...]) -> tuple[int, ...]:
    """The seats whose consent a purchase by `buyer` needs: those whose turn comes before its own (ASS S. 3)."""
    players = len(dealt_in)
    seats = [turn_of]
    seat = (turn_of + 1) % players
    while seat != buyer:
        if dealt_in[seat]:
            seats.append(seat)
        seat = (seat + 1) % players
    return tuple(seats)


def asked_seat(
    rules: Rules, claim: ClaimWindow, opened: tuple[bool, ...], dealt_in: tuple[bool, ...]
) -> int | None:
    """The seat a claim window asks now, or ``None`` once every seat has answered (rules §13)."""
    if claim.buyer is not None:
        asked = consenters(claim.turn_of, claim.buyer, dealt_in)
        done = len(claim.consented)
    else:
        asked = claimants(rules, claim.turn_of, opened, dealt_in)
        done = len(claim.passed)
    return asked[done] if done < len(asked) else None
