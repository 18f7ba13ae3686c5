"""Claims on the discard out of turn (private): knocking and buying (rules §13).

A claim window opens when the next player declines the top discard by
drawing from the stock (`claim_window`), under ``knocking`` (klopfen, ASS S. 1–2)
or ``buying`` (kaufen, ASS S. 3). The other seats are asked one at a time
in turn order (`romme.game._claims.claimants`), so that each decision
point still names one seat; this is the same as asking them together with
the next seat's priority first, since a claim by a seat asked earlier wins
anyway. `_claim_refused` is the one verdict on an answer, read by the
checker (`claim_effect`) and the generator (`claim_answers`).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

from romme._turn.guards import need_phase
from romme._turn.position import Effect, Failure, Next, Pos, hand_kept
from romme.errors import Reason
from romme.game import Buy, ClaimWindow, Consent, Knock, Pass, Phase, Refuse, asked_seat, claimants

ClaimAnswer = Knock | Buy | Pass | Consent | Refuse

_ANSWERS: Final[tuple[ClaimAnswer, ...]] = (Knock(), Buy(), Pass(), Consent(), Refuse())


def claim_window(pos: Pos) -> tuple[ClaimWindow, int] | None:
    """The claim window that opens as the player to act draws from the stock, and the seat it asks first, if any (rules §13).

    It opens under ``knocking`` or ``buying`` when there is a top discard to
    claim, a stock card will be left after the draw (the knocker's penalty
    card, or the card a buyer takes with the discard; with none left no
    claim is offered), and some seat may be asked.
    """
    rules = pos.rules
    if not rules.claims_played or not pos.discard_pile or pos.stock_size < 2:
        return None
    asked = claimants(rules, pos.player, pos.opened, pos.dealt_in)
    if not asked:
        return None
    window = ClaimWindow._of(turn_of=pos.player, passed=(), buyer=None, consented=())
    return window, asked[0]


def _claim_refused(pos: Pos, action: ClaimAnswer) -> Failure | None:
    """Why `action` is not an answer the seat asked may give now, or ``None`` (rules §13)."""
    wrong = need_phase(pos, Phase.CLAIM, f"'{action}'")
    if wrong:
        return wrong
    claim = pos.turn.claim
    assert claim is not None  # the position checks: a claim phase has its window
    rules = pos.rules
    if isinstance(action, Knock) and not rules.knocking:
        return Failure(Reason.CLAIM_NOT_PLAYED, "knocking is not played under these rules")
    if isinstance(action, Buy) and not rules.buying:
        return Failure(Reason.CLAIM_NOT_PLAYED, "buying is not played under these rules")
    pending = claim.buyer is not None
    if isinstance(action, Consent | Refuse):
        if not pending:
            return Failure(Reason.NO_PURCHASE, "nobody is buying the card (ASS S. 3)")
    elif pending:
        return Failure(
            Reason.CONSENT_PENDING,
            f"seat {claim.buyer} is buying the card: consent or refuse (ASS S. 3)",
        )
    return None


def claim_effect(pos: Pos, action: ClaimAnswer) -> Effect | Failure:
    """The effect of an answer in a claim window, or why it is refused (rules §13)."""
    refused = _claim_refused(pos, action)
    if refused:
        return refused
    claim = pos.turn.claim
    assert claim is not None
    seat = pos.player
    if isinstance(action, Knock):
        return _answered(pos, None, gives=seat)
    if isinstance(action, Refuse):
        return _answered(pos, None)
    if isinstance(action, Buy):
        after = _trusted_window(claim, claim.passed, seat, ())
    elif isinstance(action, Pass):
        after = _trusted_window(claim, (*claim.passed, seat), None, ())
    else:
        after = _trusted_window(claim, claim.passed, claim.buyer, (*claim.consented, seat))
    ask = asked_seat(pos.rules, after, pos.opened, pos.dealt_in)
    if ask is not None:
        return _answered(pos, after, ask=ask)
    # Every seat passed (the card stays), or every seat in between consented (the buyer gets it).
    return _answered(pos, None, gives=after.buyer)


def claim_answers(pos: Pos) -> tuple[ClaimAnswer, ...]:
    """The answers `_claim_refused` accepts now, for the generator."""
    return tuple(answer for answer in _ANSWERS if _claim_refused(pos, answer) is None)


def _trusted_window(
    claim: ClaimWindow, passed: tuple[int, ...], buyer: int | None, consented: tuple[int, ...]
) -> ClaimWindow:
    return ClaimWindow._of(turn_of=claim.turn_of, passed=passed, buyer=buyer, consented=consented)


def _answered(
    pos: Pos, claim: ClaimWindow | None, *, ask: int | None = None, gives: int | None = None
) -> Effect:
    """The effect of an answer: the window goes on with `claim` asking `ask`, or closes (``None``)."""
    window = pos.turn.claim
    assert window is not None
    if claim is None:
        return hand_kept(
            pos,
            pos.turn._with_claim(None),
            Next.RESUME,
            ask=window.turn_of,
            gives=gives,
        )
    return hand_kept(
        pos,
        pos.turn._with_claim(claim),
        Next.CLAIM,
        ask=ask,
    )
