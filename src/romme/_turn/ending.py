"""The end of a turn (private): the discard, going out, Hand-Rommé (rules §4, §7, §8), as every stage asks them.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from romme.cards import JOKER_CODE
from romme.errors import Reason
from romme.game import TurnState
from romme.melds import (
    NATURAL_FIELDS,
    Packer,
    codes_in,
    count,
    is_unit,
    packer,
    unit,
)
from romme.rules import JokerDiscard, Rules

if TYPE_CHECKING:
    pass

from romme._turn.position import Failure, Next, Pos

__all__ = [
    "can_discard_something",
    "finish",
    "finisher",
    "hand_romme_possible",
    "kept_back",
    "locked_code",
    "may_discard",
    "melds_all_but_a_discard",
    "not_going_out",
    "waiver_applies",
]


def locked_code(turn: TurnState, rules: Rules) -> int | None:
    """The code of the taken card that may not be discarded this turn (``rediscard_taken`` off), if in hand."""
    if turn.taken_in_hand and not rules.rediscard_taken and turn.taken is not None:
        return turn.taken.code
    return None


def may_discard(code: int, key: int, rules: Rules, locked: int | None) -> Reason | None:
    """Why the card of `code` may not leave the packed hand `key` as the discard, or ``None`` (rules §4, §7).

    The one statement of both discard rules: the checker asks it of one
    card, the generator and the end-of-turn test of every card in hand.
    """
    if (
        code == JOKER_CODE
        and rules.joker_discard is JokerDiscard.LAST_CARD_ONLY
        and key & NATURAL_FIELDS
    ):
        # A joker goes only as the last card, or with nothing but jokers left.
        return Reason.JOKER_DISCARD
    # The card taken may not go straight back (rules §4), a joker no more than
    # a natural card; with a second copy in hand the other may go.
    if code == locked and count(key, code) == 1:
        return Reason.REDISCARD_TAKEN
    return None


def can_discard_something(key: int, rules: Rules, locked: int | None) -> bool:
    """Whether some card of the packed hand `key` may be the discard (`may_discard`)."""
    if locked is None:
        # `may_discard` refuses only a joker beside natural cards, which may go
        # themselves: with no card locked, any hand that holds a card has a discard.
        return key != 0
    return any(may_discard(code, key, rules, locked) is None for code in codes_in(key))


def hand_romme_possible(pos: Pos) -> bool:
    """Whether going out this turn would be a Hand-Rommé (rules §8)."""
    if pos.turn.opened_before:
        return False
    if pos.rules.hand_romme_first_at_table:
        return not any(flag for seat, flag in enumerate(pos.opened) if seat != pos.player)
    return True


def waiver_applies(pos: Pos) -> bool:
    """Whether a Hand-Rommé of own melds needs no threshold now (DRoV Nr. 10)."""
    return (
        pos.rules.hand_romme_waives_threshold
        and hand_romme_possible(pos)
        and not pos.turn.laid_off
        and pos.turn.before is None  # no table cards taken: own melds only (Räuber-Rommé)
    )


def finish(rules: Rules, hand: int, turn: TurnState) -> Next | Failure:
    """Whether the turn can go on with the packed `hand` and `turn` after a lay-down, lay-off or swap (rules §4)."""
    if not hand:
        if rules.discard_to_go_out:
            return Failure(
                Reason.MUST_KEEP_A_CARD,
                "the last card must be discarded, so melding may not empty the hand (DRoV Streitfall 7)",
            )
        return Next.WENT_OUT
    if not can_discard_something(hand, rules, locked_code(turn, rules)):
        return Failure(Reason.NO_DISCARD_LEFT, "no card would be left that may be discarded")
    if turn.to_go_out and not _goes_out(hand, turn, rules):
        return not_going_out(turn)
    return Next.PLAY


def finisher(rules: Rules, turn: TurnState) -> Callable[[int], bool]:
    """Whether `finish` lets the turn go on, with `rules` and `turn` fixed, as a function of the packed hand.

    For the many lay-downs of one position: with no card locked
    (`locked_code`) and the turn not bound to go out, any hand that holds a
    card has a discard (`can_discard_something`), and an empty one goes out
    unless ``discard_to_go_out``, so only whether the hand is empty is asked.
    """
    if locked_code(turn, rules) is None and not turn.to_go_out:
        return bool if rules.discard_to_go_out else _goes_on
    return lambda hand: not isinstance(finish(rules, hand, turn), Failure)


def _goes_on(hand: int) -> bool:
    return True


def not_going_out(turn: TurnState) -> Failure:
    """Why a turn bound to go out (``TurnState.to_go_out``, DRoV Nr. 10) may not go on so."""
    return Failure(
        Reason.INDIRECT_LAYOFF_NOT_OUT,
        f"the {turn.taken} was taken to go out this turn (DRoV Nr. 10): the turn ends only "
        "with the other cards melded and the last one discarded",
    )


def _goes_out(hand: int, turn: TurnState, rules: Rules) -> bool:
    """Whether the packed `hand` of a player who has opened can go out this turn (rules §13, DRoV Nr. 10).

    Under ``indirect_layoff_out=goes_out_this_turn``, after a take laid off
    with hand cards: melds of the hand's own cards take every card but one
    to discard (lay-offs onto the table are not looked for), or every card
    without ``discard_to_go_out``. One card left is discarded to go out.
    """
    if is_unit(hand):
        return True
    searches = packer(hand, rules, True)
    return melds_all_but_a_discard(searches, hand, turn, rules)


def kept_back(key: int, turn: TurnState, rules: Rules) -> int | None:
    """The code of the taken card that may not be discarded this turn, if the packed `key` holds it once.

    ``rediscard_taken`` off (rules §4, as `locked_code`): with a second copy
    in hand the other may go.
    """
    code = locked_code(turn, rules)
    if code is None:
        return None
    return code if count(key, code) == 1 else None


def melds_all_but_a_discard(searches: Packer, key: int, turn: TurnState, rules: Rules) -> bool:
    """Whether melds of `searches` take every card of the packed `key` but a last discard (rules §7, §8).

    The discard may be any card but the taken one under ``rediscard_taken``
    off; without ``discard_to_go_out``, melding every card is enough. A
    Hand-Rommé (`_hand_romme_completable`) and going out after an indirect
    lay-off (`_goes_out`) both ask it.
    """

    def melded(cards: int) -> bool:
        return searches.reaches(cards, 0, cover=True, use_jokers=True)

    if not rules.discard_to_go_out and melded(key):
        return True
    dead = searches.dead(key)
    if dead and not is_unit(dead):
        return False  # two cards no meld can take: neither melding nor one discard places both
    # A card no meld can take must be the one kept back for the discard.
    kept = kept_back(key, turn, rules)
    if not searches.exact:
        # A hand grown by claims (rules §13): one search for every card left out.
        return searches.melds_all_but_one(key, kept)
    # Where the cards of the pool outside `key` (a lay-down's) can be melded
    # themselves, `key` without a card melds completely only if the pool
    # without it does: a question of the pool, known once for every key.
    spare = searches.pool - key
    bound = bool(spare) and melded(spare)
    for code in codes_in(dead or key):
        if code == kept or (bound and not searches.melds_all_but(code)):
            continue
        if melded(key - unit(code)):
            return True
    return False
