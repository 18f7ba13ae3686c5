"""Opening checks (private): whether the opening or a Hand-Rommé can still be completed this turn (RULES.md §5, §8)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from romme import _search
from romme.cards import JOKER, Card
from romme.errors import Reason
from romme.melds import Meld, MeldKind
from romme.rules import Rules

if TYPE_CHECKING:
    pass

from romme._core import Failure, _locked, _Pos, _waiver


def _shortfall(melds: Sequence[Meld], rules: Rules) -> Failure:
    """Why staged `melds` are not an opening yet (RULES.md §5)."""
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


def _opening_reached(melds: Sequence[Meld], rules: Rules) -> bool:
    """Whether staged `melds` complete the opening (RULES.md §5)."""
    if not melds:
        return False
    if rules.opening_sums_melds:
        if sum(m.value for m in melds) < rules.opening_threshold:
            return False
    elif max(m.value for m in melds) < rules.opening_threshold:
        return False
    return not rules.opening_requires_run or any(m.kind is MeldKind.RUN for m in melds)


def _opening_completable(
    hand: tuple[Card, ...],
    key: int,
    staged: Sequence[Meld],
    pos: _Pos,
    pool: int,
    rules: Rules,
) -> bool:
    """Whether further lay-downs from `hand` can complete the opening under `rules` this turn.

    The cards left over must allow the turn to end: a card that may be
    discarded, or (without ``discard_to_go_out``) none at all.
    """
    jokers_ok = rules.opening_allows_jokers
    locked = _locked(pos)
    staged_value = sum(m.value for m in staged)
    need = rules.opening_threshold - staged_value
    has_run = any(m.kind is MeldKind.RUN for m in staged)
    # Without opening_sums_melds: a staged meld may already be worth the threshold.
    big = any(m.value >= rules.opening_threshold for m in staged)
    simple = rules.opening_sums_melds and (has_run or not rules.opening_requires_run)
    # `pool` (the hand before this action) holds `hand`: its melds are cached already.

    def reachable(rest: int, *, cover: bool, use_jokers: bool = False) -> bool:
        """Whether melds from packed `rest` complete the opening.

        With `cover` they must take every natural card, with `use_jokers`
        every joker too.
        """
        if simple:
            value = _search.packing_value(
                rest, rules, jokers_ok=jokers_ok, cover=cover, use_jokers=use_jokers, pool=pool
            )
            return value >= need
        for meld in _search.melds_in(pool, rules):
            if (meld.jokers and not jokers_ok) or not _search.fits(_search.meld_key(meld), rest):
                continue
            remainder = rest - _search.meld_key(meld)
            after = _search.packing_value(
                remainder, rules, jokers_ok=jokers_ok, cover=cover, use_jokers=use_jokers, pool=pool
            )
            if after < 0:
                continue
            if rules.opening_sums_melds:
                # This meld is the run the opening needs; the rest add up.
                if meld.kind is MeldKind.RUN and meld.value + after >= need:
                    return True
            elif (big or meld.value >= rules.opening_threshold) and (
                has_run
                or not rules.opening_requires_run
                or meld.kind is MeldKind.RUN
                or _has_run(remainder, rules, jokers_ok, pool)
            ):
                return True
        return False

    if not rules.discard_to_go_out and reachable(key, cover=True, use_jokers=True):
        return True  # everything laid: going out by melding
    if simple and not reachable(key, cover=False):
        return False  # even melding every card would not reach it: no need to try each discard
    for card in set(hand):
        if card.is_joker:
            continue
        if locked is not None and card == locked and hand.count(card) == 1:
            continue
        if reachable(key - _search.unit(card.code), cover=False):
            return True
    if JOKER in hand:
        # Keep only jokers: every natural card melded, at least one joker left.
        return reachable(key - _search.JOKER_UNIT, cover=True)
    return False


def _has_run(key: int, rules: Rules, jokers_ok: bool, pool: int) -> bool:
    return any(
        m.kind is MeldKind.RUN
        and (jokers_ok or not m.jokers)
        and _search.fits(_search.meld_key(m), key)
        for m in _search.melds_in(pool, rules)
    )


def _hand_romme_completable(hand: tuple[Card, ...], key: int, pos: _Pos, pool: int) -> bool:
    """Whether own melds from `hand` (packed: `key`) can take every card but a last discard (RULES.md §8)."""
    rules = pos.rules
    jokers_ok = rules.opening_allows_jokers
    if not rules.discard_to_go_out and (
        _search.packing_value(
            key, rules, jokers_ok=jokers_ok, cover=True, use_jokers=True, pool=pool
        )
        >= 0
    ):
        return True
    locked = _locked(pos)
    loose = _search.loose_cards(key, rules, jokers_ok, pool)
    if len(loose) > 1:
        return False  # two cards no meld can take: neither melding nor one discard places both
    # A loose card must be the one kept back for the discard.
    candidates = {Card.from_code(loose[0])} if loose else set(hand)
    for card in candidates:
        if locked is not None and card == locked and hand.count(card) == 1:
            continue
        rest = key - _search.unit(card.code)
        if (
            _search.packing_value(
                rest, rules, jokers_ok=jokers_ok, cover=True, use_jokers=True, pool=pool
            )
            >= 0
        ):
            return True
    return False


def _lay_down_possible(pos: _Pos) -> bool:
    """A quick necessary condition for any lay-down by a player who has not opened.

    Every legal lay-down either leads to an opening (so the staged melds
    and the best packing of the hand reach the threshold) or, under the
    Hand-Rommé waiver, to melding all but a last discard. The generator
    skips the per-meld checks when neither is possible.
    """
    rules = pos.rules
    key = _search.pack_cards(pos.hand)
    staged_value = sum(entry.meld.value for entry in pos.table if entry.staged)
    best = _search.packing_value(key, rules, jokers_ok=rules.opening_allows_jokers)
    if staged_value + best >= rules.opening_threshold:
        return True
    return (
        _waiver(pos)
        and _search.loose_naturals(key, rules, rules.opening_allows_jokers) <= 1
        and _hand_romme_completable(pos.hand, key, pos, key)
    )
