"""Opening checks (private): whether the opening or a Hand-Rommé can still be completed this turn (rules §5, §8).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from romme import _search
from romme._state_values import TurnState
from romme.cards import JOKER_CODE
from romme.errors import Reason
from romme.melds import Meld, MeldKind
from romme.rules import Rules

if TYPE_CHECKING:
    pass

from romme._turn.position import Failure, _kept_back, _melds_all_but_a_discard, _Pos, _waiver


class _Worth(Protocol):
    """What the opening reads of a meld laid towards it (rules §5): a `Meld`, or the generator's
    record of a meld it found in the hand (`generator._Found`) before any `Meld` is built."""

    @property
    def value(self) -> int: ...

    @property
    def kind(self) -> MeldKind: ...

    @property
    def joker_count(self) -> int: ...


def _shortfall(melds: Sequence[Meld], rules: Rules) -> Failure:
    """Why staged `melds` are not an opening yet (rules §5)."""
    total = sum(m.value for m in melds)
    if rules.opening_sums_melds:
        points_reached = total >= rules.opening_threshold
    else:
        points_reached = max(m.value for m in melds) >= rules.opening_threshold
    if points_reached:
        return Failure(
            Reason.OPENING_NEEDS_RUN,
            "the opening must include a run; lay one or take the staged melds back",
        )
    if rules.opening_sums_melds:
        return Failure(
            Reason.OPENING_BELOW_THRESHOLD,
            f"the staged melds are worth {total}, below the opening of {rules.opening_threshold}; "
            "complete it or take them back",
        )
    return Failure(
        Reason.OPENING_SINGLE_MELD,
        f"one meld alone must be worth {rules.opening_threshold}; lay one or take the staged melds back",
    )


def _opening_tally(melds: Sequence[_Worth]) -> tuple[int, int, bool]:
    """The total value of `melds`, the greatest value of one, and whether a run is among them."""
    total = top = 0
    has_run = False
    for meld in melds:
        total += meld.value
        top = max(top, meld.value)
        has_run = has_run or meld.kind is MeldKind.RUN
    return total, top, has_run


def _opening_reached_by(total: int, top: int, has_run: bool, rules: Rules) -> bool:
    """Whether staged melds complete the opening (rules §5): worth `total`, the greatest `top`, a run among them if `has_run`.

    `_opening_tally` counts them; the lay-down's verdict adds the meld laid.
    """
    if (total if rules.opening_sums_melds else top) < rules.opening_threshold:
        return False
    return has_run or not rules.opening_requires_run


def _search_pool(key: int, staged: Sequence[Meld]) -> int:
    """The pool whose searches serve the packed hand `key` of a player with `staged` melds.

    The hand before the last staged meld was laid (this turn, from the
    hand or with the taken discard): its searches, made for the position
    before, serve every sub-multiset, so a staged lay-down starts no new
    search. Any pool that holds `key` gives the same verdicts.
    """
    return key + _search.meld_key(staged[-1]) if staged else key


def _opening_completable(
    key: int, staged: Sequence[_Worth], turn: TurnState, pool: int, rules: Rules
) -> bool:
    """Whether further lay-downs from the packed hand `key` can complete the opening under `rules` this turn.

    The opening (rules §5): the `staged` melds (the last one just laid
    from the hand, leaving `key`; `pool` gives the searches, see
    `_search_pool`) and those still to come reach
    ``opening_threshold`` (together, or one meld alone without
    ``opening_sums_melds``), with a run among them under
    ``opening_requires_run``, and no joker without ``opening_allows_jokers``.
    The cards left over must let the turn end: a natural card that may be
    discarded (not the taken card under ``rediscard_taken`` off), or only
    jokers, or (without ``discard_to_go_out``) no card at all.
    """
    searches = _search.packer(pool, rules, rules.opening_allows_jokers)
    threshold = rules.opening_threshold
    need = threshold  # what the staged melds leave to reach
    has_run = big = False
    for meld in staged:
        need -= meld.value
        has_run = has_run or meld.kind is MeldKind.RUN
        big = big or meld.value >= threshold
    kept = _kept_back(key, turn, rules)
    if rules.opening_sums_melds and (has_run or not rules.opening_requires_run):
        return _points_completable(searches, key, need, kept, rules.discard_to_go_out)
    return _run_or_meld_completable(searches, key, need, has_run, big, kept, rules)


def _points_completable(
    searches: _search.Packer, key: int, need: int, kept: int | None, discard_to_go_out: bool
) -> bool:
    """`_opening_completable` when only points are missing: melds from `key` worth `need` more.

    `kept` is the code of a card that may not be the discard.
    """
    if not discard_to_go_out and searches.reaches(key, need, cover=True, use_jokers=True):
        return True  # everything laid: going out by melding
    if not searches.reaches(key, need):
        return False  # even melding every card left would not reach it
    dead = searches.dead(key)
    if kept is not None:
        dead &= ~_search.field(kept)
    if dead:
        # A natural card that no meld can take is discarded at no cost: what
        # is left packs as well as the whole.
        return True
    for code in _search.codes_in(key & _search.NATURAL_FIELDS):
        if code != kept and searches.reaches(key - _search.unit(code), need):
            return True
    if _search.count(key, JOKER_CODE) and kept != JOKER_CODE:
        # Keep only jokers: every natural card melded, at least one joker left
        # (not the one joker taken, which may not go straight back).
        return searches.reaches(key - _search.JOKER_UNIT, need, cover=True)
    return False


def _run_or_meld_completable(
    searches: _search.Packer,
    key: int,
    need: int,
    has_run: bool,
    big: bool,
    kept: int | None,
    rules: Rules,
) -> bool:
    """`_opening_completable` when a run is still to lay, or one meld alone must reach the threshold.

    `need` is what the staged melds miss of the threshold, `has_run`
    whether a run is staged, `big` whether a staged meld alone reaches
    the threshold, `kept` the code of a card that may not be the discard.
    """

    def reachable(cards: int, cover: bool, use_jokers: bool = False) -> bool:
        # Whether melds from `cards` complete the opening; with `cover` they
        # take every natural card, with `use_jokers` every joker too. The
        # search decides only whether the rest reaches what is missing
        # (`Packer.reaches`), never its greatest value.
        if rules.opening_sums_melds:
            # A run is still to lay: one that fits, and the rest add up.
            for packed, value, _ in runs:
                if _search.fits(packed, cards) and searches.reaches(
                    cards - packed, need - value, cover, use_jokers
                ):
                    return True
            return False
        # One meld alone must reach the threshold (or one staged does), with a
        # run among the melds where one is needed.
        for packed, _, is_run in alone:
            if not _search.fits(packed, cards):
                continue
            remainder = cards - packed
            if (
                run_ready or is_run or any(_search.fits(other, remainder) for other, _, _ in runs)
            ) and (not cover or searches.reaches(remainder, 0, cover, use_jokers)):
                return True
        return False

    runs = searches.runs
    alone = searches.melds_worth(0 if big else rules.opening_threshold)
    run_ready = has_run or not rules.opening_requires_run

    if not rules.discard_to_go_out and reachable(key, cover=True, use_jokers=True):
        return True  # everything laid: going out by melding
    dead = searches.dead(key)
    if kept is not None:
        dead &= ~_search.field(kept)
    if dead:
        # A card no meld can take is discarded at no cost (see `_points_completable`).
        return reachable(key, cover=False)
    for code in _search.codes_in(key & _search.NATURAL_FIELDS):
        if code != kept and reachable(key - _search.unit(code), cover=False):
            return True
    if _search.count(key, JOKER_CODE) and kept != JOKER_CODE:
        # Keep only jokers: every natural card melded, at least one joker left
        # (not the one joker taken, which may not go straight back).
        return reachable(key - _search.JOKER_UNIT, cover=True)
    return False


def _hand_romme_completable(
    key: int, turn: TurnState, hand: int, staged: Sequence[Meld], rules: Rules
) -> bool:
    """Whether own melds from the packed hand `key` can take every card but a last discard (rules §8).

    The discard may be any card but the taken one under ``rediscard_taken``
    off; without ``discard_to_go_out``, melding every card is enough.
    `hand` (holding `key`) and the melds `staged` before it was laid from
    give the searches (see `_search_pool`).
    """
    searches = _search.packer(_search_pool(hand, staged), rules, rules.opening_allows_jokers)
    return _melds_all_but_a_discard(searches, key, turn, rules)


def _lay_down_possible(pos: _Pos) -> bool:
    """A quick necessary condition for any lay-down by a player who has not opened.

    Every legal lay-down either leads to an opening (so the staged melds
    and the best packing of the hand reach the threshold, rules §5) or,
    under the Hand-Rommé waiver, to melding all but a last discard
    (rules §8). The generator skips the per-meld checks when neither is
    possible.
    """
    rules = pos.rules
    key = pos.key
    staged = [entry.meld for entry in pos.table if entry.staged]
    pool = _search_pool(key, staged)
    searches = _search.packer(pool, rules, rules.opening_allows_jokers)
    missing = rules.opening_threshold - sum(meld.value for meld in staged)
    # One meld of the hand worth what is missing decides it without a search.
    if (pool == key and searches.top >= missing) or searches.reaches(key, missing):
        return True
    if not _waiver(pos):
        return False
    dead = searches.dead(key)  # cards no meld takes (all of them when the pool is the hand)
    return (not dead or _search.is_unit(dead)) and _hand_romme_completable(
        key, pos.turn, key, staged, rules
    )
