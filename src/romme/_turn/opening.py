"""Opening checks (private): whether the opening or a Hand-Rommé can still be completed this turn (rules §5, §8).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from romme.cards import JOKER_CODE
from romme.errors import Reason
from romme.game import TurnState
from romme.melds import (
    JOKER_UNIT,
    NATURAL_FIELDS,
    Meld,
    MeldKind,
    Packer,
    codes_in,
    count,
    field,
    fits,
    is_unit,
    meld_key,
    packer,
    unit,
)
from romme.rules import Opening, Rules, Shortfall

if TYPE_CHECKING:
    pass

from romme._turn.ending import kept_back, melds_all_but_a_discard, waiver_applies
from romme._turn.position import Failure, Pos


class Worth(Protocol):
    """What the opening reads of a meld laid towards it (rules §5): a `Meld`, or the generator's
    record of a meld it found in the hand (`laying._Worth`) before any `Meld` is built."""

    @property
    def value(self) -> int: ...

    @property
    def kind(self) -> MeldKind: ...

    @property
    def joker_count(self) -> int: ...


def shortfall(melds: Sequence[Meld], rules: Rules) -> Failure:
    """Why staged `melds` are not an opening yet (rules §5), as `Rules.opening` says what they miss."""
    opening = rules.opening
    short = opening.shortfall(melds)
    if not short.points:
        return Failure(
            Reason.OPENING_NEEDS_RUN,
            "the opening must include a run; lay one or take the staged melds back",
        )
    if opening.sums_melds:
        return Failure(
            Reason.OPENING_BELOW_THRESHOLD,
            f"the staged melds are worth {opening.worth(melds)}, below the opening of "
            f"{opening.threshold}; complete it or take them back",
        )
    return Failure(
        Reason.OPENING_SINGLE_MELD,
        f"one meld alone must be worth {opening.threshold}; lay one or take the staged melds back",
    )


def search_pool(key: int, staged: Sequence[Meld]) -> int:
    """The pool whose searches serve the packed hand `key` of a player with `staged` melds.

    The hand before the last staged meld was laid (this turn, from the
    hand or with the taken discard): its searches, made for the position
    before, serve every sub-multiset, so a staged lay-down starts no new
    search. Any pool that holds `key` gives the same verdicts.
    """
    return key + meld_key(staged[-1]) if staged else key


def opening_completable(
    key: int,
    staged: Sequence[Worth],
    turn: TurnState,
    pool: int,
    rules: Rules,
    opening: Opening | None = None,
    short: Shortfall | None = None,
) -> bool:
    """Whether further lay-downs from the packed hand `key` can complete the opening under `rules` this turn.

    The opening (rules §5, `Rules.opening`, or `opening` where given): the
    `staged` melds (the last one just laid from the hand, leaving `key`;
    `pool` gives the searches, see `search_pool`) and those still to come
    make up what the staged ones miss (`Opening.shortfall`, or `short`
    where the caller has it: points, or one meld worth the threshold on
    its own, and a run), with no joker where the opening admits none. The
    cards left over must let the turn end: a natural card that may be
    discarded (not the taken card under ``rediscard_taken`` off), or only
    jokers, or (without ``discard_to_go_out``) no card at all.
    """
    if opening is None:
        opening = rules.opening
    searches = packer(pool, rules, opening.allows_jokers)
    if short is None:
        short = opening.shortfall(staged)
    kept = kept_back(key, turn, rules)
    if opening.sums_melds and not short.run:
        return _points_completable(searches, key, short.points, kept, rules.discard_to_go_out)
    return _run_or_meld_completable(searches, key, opening, short, kept, rules)


def _points_completable(
    searches: Packer, key: int, need: int, kept: int | None, discard_to_go_out: bool
) -> bool:
    """`opening_completable` when only points are missing: melds from `key` worth `need` more.

    `kept` is the code of a card that may not be the discard.
    """
    if not discard_to_go_out and searches.reaches(key, need, cover=True, use_jokers=True):
        return True  # everything laid: going out by melding
    if not searches.reaches(key, need):
        return False  # even melding every card left would not reach it
    dead = searches.dead(key)
    if kept is not None:
        dead &= ~field(kept)
    if dead:
        # A natural card that no meld can take is discarded at no cost: what
        # is left packs as well as the whole.
        return True
    for code in codes_in(key & NATURAL_FIELDS):
        if code != kept and searches.reaches(key - unit(code), need):
            return True
    if count(key, JOKER_CODE) and kept != JOKER_CODE:
        # Keep only jokers: every natural card melded, at least one joker left
        # (not the one joker taken, which may not go straight back).
        return searches.reaches(key - JOKER_UNIT, need, cover=True)
    return False


def _run_or_meld_completable(
    searches: Packer,
    key: int,
    opening: Opening,
    short: Shortfall,
    kept: int | None,
    rules: Rules,
) -> bool:
    """`opening_completable` when a run is still to lay, or one meld alone must reach the threshold.

    `short` is what the staged melds miss of `opening` (`Opening.shortfall`),
    `kept` the code of a card that may not be the discard.
    """
    need = short.points

    def reachable(cards: int, cover: bool, use_jokers: bool = False) -> bool:
        # Whether melds from `cards` complete the opening; with `cover` they
        # take every natural card, with `use_jokers` every joker too. The
        # search decides only whether the rest reaches what is missing
        # (`Packer.reaches`), never its greatest value.
        if opening.sums_melds:
            # A run is still to lay: one that fits, and the rest add up.
            for packed, value, _ in runs:
                if fits(packed, cards) and searches.reaches(
                    cards - packed, need - value, cover, use_jokers
                ):
                    return True
            return False
        # One meld alone must reach the threshold (or one staged does), with a
        # run among the melds where one is needed.
        for packed, _, is_run in alone:
            if not fits(packed, cards):
                continue
            remainder = cards - packed
            if (run_ready or is_run or any(fits(other, remainder) for other, _, _ in runs)) and (
                not cover or searches.reaches(remainder, 0, cover, use_jokers)
            ):
                return True
        return False

    runs = searches.runs
    alone = searches.melds_worth(short.alone)
    run_ready = not short.run

    if not rules.discard_to_go_out and reachable(key, cover=True, use_jokers=True):
        return True  # everything laid: going out by melding
    dead = searches.dead(key)
    if kept is not None:
        dead &= ~field(kept)
    if dead:
        # A card no meld can take is discarded at no cost (see `_points_completable`).
        return reachable(key, cover=False)
    for code in codes_in(key & NATURAL_FIELDS):
        if code != kept and reachable(key - unit(code), cover=False):
            return True
    if count(key, JOKER_CODE) and kept != JOKER_CODE:
        # Keep only jokers: every natural card melded, at least one joker left
        # (not the one joker taken, which may not go straight back).
        return reachable(key - JOKER_UNIT, cover=True)
    return False


def hand_romme_completable(
    key: int, turn: TurnState, hand: int, staged: Sequence[Meld], rules: Rules
) -> bool:
    """Whether own melds from the packed hand `key` can take every card but a last discard (rules §8).

    The discard may be any card but the taken one under ``rediscard_taken``
    off; without ``discard_to_go_out``, melding every card is enough.
    `hand` (holding `key`) and the melds `staged` before it was laid from
    give the searches (see `search_pool`).
    """
    searches = packer(search_pool(hand, staged), rules, rules.opening.allows_jokers)
    return melds_all_but_a_discard(searches, key, turn, rules)


def lay_down_possible(pos: Pos) -> bool:
    """A quick necessary condition for any lay-down by a player who has not opened.

    Every legal lay-down either leads to an opening (so the staged melds
    and the best packing of the hand reach the threshold, rules §5) or,
    under the Hand-Rommé waiver, to melding all but a last discard
    (rules §8). The generator skips the per-meld checks when neither is
    possible.
    """
    rules = pos.rules
    opening = rules.opening
    key = pos.key
    staged = [entry.meld for entry in pos.table if entry.staged]
    pool = search_pool(key, staged)
    searches = packer(pool, rules, opening.allows_jokers)
    # What the staged melds miss of the threshold as the opening counts them
    # (`Opening.shortfall`): melds of the hand worth that much at least.
    missing = opening.shortfall(staged).points
    # One meld of the hand worth what is missing decides it without a search.
    if (pool == key and searches.top >= missing) or searches.reaches(key, missing):
        return True
    if not waiver_applies(pos):
        return False
    dead = searches.dead(key)  # cards no meld takes (all of them when the pool is the hand)
    return (not dead or is_unit(dead)) and hand_romme_completable(key, pos.turn, key, staged, rules)
