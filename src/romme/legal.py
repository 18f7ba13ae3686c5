"""Legality (Regelprüfung): the one checker, and the legal-move generator built on it.

`_resolve` is the single place where the rules of RULES.md §4–§9 decide
an action: it returns the action's effect or the first `Reason` that
refuses it. `check` raises from it, `is_legal` tests it, `legal_actions`
yields exactly the candidate actions it accepts, and `romme.apply`
builds the next state from the effect it returns.
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterator, Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Final, NamedTuple, Protocol

import attrs
from typing_extensions import assert_never

from romme import _search
from romme.actions import (
    ACTION_TYPES,
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from romme.cards import JOKER, Card, card_code, format_cards
from romme.errors import IllegalActionError, Reason
from romme.melds import Meld, MeldKind, meld_failure
from romme.rules import JokerDiscard, Rules, SwappedJoker
from romme.rules import TakeDiscardMode as TakeMode
from romme.state import Phase, TableMeld, TurnState

if TYPE_CHECKING:
    from romme.state import GameState
    from romme.views import PlayerView

__all__ = ["Position", "check", "is_legal", "legal_actions"]


class Position(Protocol):
    """What the checker reads: a `GameState` or the `PlayerView` of the player to act."""

    @property
    def rules(self) -> Rules: ...
    @property
    def current_player(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def opened(self) -> tuple[bool, ...]: ...
    @property
    def turn(self) -> TurnState: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...


class Next(enum.Enum):
    """What follows an action."""

    PLAY = "play"
    END_TURN = "end_turn"
    REDRAW = "redraw"
    WENT_OUT = "went_out"
    JOKERS_ONLY = "jokers_only"


@attrs.frozen(kw_only=True)
class Effect:
    """What an action does to the position of the player to act (internal)."""

    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    opened: bool
    turn: TurnState
    next: Next
    draw: bool = False
    hand_romme: bool = False


@attrs.frozen
class Failure:
    """Why an action is refused (internal)."""

    reason: Reason
    message: str


class _Pos(NamedTuple):
    """The position of the player to act, as the checker reads it (a cheap tuple)."""

    rules: Rules
    player: int
    phase: Phase
    hand: tuple[Card, ...]
    table: tuple[TableMeld, ...]
    discard_pile: tuple[Card, ...]
    opened: tuple[bool, ...]
    turn: TurnState
    stock_size: int


def _pos(position: Position) -> _Pos:
    return _Pos(
        rules=position.rules,
        player=position.current_player,
        phase=position.phase,
        hand=position.hand,
        table=position.table,
        discard_pile=position.discard_pile,
        opened=position.opened,
        turn=position.turn,
        stock_size=position.stock_size,
    )


# -- helpers ----------------------------------------------------------------------


def _remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None:
    """Return `hand` without `cards` (a multiset difference), or ``None`` if it lacks some."""
    rest = list(hand)
    try:
        for card in cards:
            rest.remove(card)
    except ValueError:
        return None
    return tuple(rest)  # still sorted


def _add(hand: tuple[Card, ...], *cards: Card) -> tuple[Card, ...]:
    return tuple(sorted((*hand, *cards), key=card_code))


def _locked(pos: _Pos) -> Card | None:
    """The taken card that may not be discarded this turn (``rediscard_taken`` off), if in hand."""
    turn = pos.turn
    if turn.taken_in_hand and not pos.rules.rediscard_taken:
        return turn.taken
    return None


def _may_discard(
    card: Card, hand: tuple[Card, ...], rules: Rules, locked: Card | None
) -> Reason | None:
    if card.is_joker:
        if (
            rules.joker_discard is JokerDiscard.LAST_CARD_ONLY
            and len(hand) > 1
            and any(not c.is_joker for c in hand)
        ):
            return Reason.JOKER_DISCARD
        return None
    if locked is not None and card == locked and hand.count(card) == 1:
        return Reason.REDISCARD_TAKEN
    return None


def _can_discard_something(hand: tuple[Card, ...], rules: Rules, locked: Card | None) -> bool:
    return any(_may_discard(card, hand, rules, locked) is None for card in set(hand))


def _hand_romme_possible(pos: _Pos) -> bool:
    """Whether going out this turn would be a Hand-Rommé (RULES.md §8)."""
    if pos.turn.opened_before:
        return False
    if pos.rules.hand_romme_first_at_table:
        return not any(flag for seat, flag in enumerate(pos.opened) if seat != pos.player)
    return True


def _waiver(pos: _Pos) -> bool:
    """Whether a Hand-Rommé of own melds needs no threshold now (DRoV Nr. 10)."""
    return (
        pos.rules.hand_romme_waives_threshold
        and _hand_romme_possible(pos)
        and not pos.turn.laid_off
    )


def _unstage(table: tuple[TableMeld, ...]) -> tuple[TableMeld, ...]:
    """The table with this turn's staged melds made final (the opening is complete)."""
    return tuple(attrs.evolve(e, staged=False) if e.staged else e for e in table)


def _replace_at(
    table: tuple[TableMeld, ...], index: int, entry: TableMeld
) -> tuple[TableMeld, ...]:
    return (*table[:index], entry, *table[index + 1 :])


def _staged(table: tuple[TableMeld, ...]) -> list[Meld]:
    return [entry.meld for entry in table if entry.staged]


def _shortfall(melds: Sequence[Meld], rules: Rules) -> Failure:
    """Why staged `melds` are not an opening yet (RULES.md §5)."""
    total = sum(m.value for m in melds)
    if rules.opening_sums_melds or total < rules.opening_threshold:
        if total >= rules.opening_threshold:
            return Failure(
                Reason.OPENING_NEEDS_RUN,
                "the opening must include a run; lay one or take the staged melds back",
            )
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
    hand: tuple[Card, ...], staged: Sequence[Meld], pos: _Pos, pool: int, rules: Rules
) -> bool:
    """Whether further lay-downs from `hand` can complete the opening under `rules` this turn.

    The cards left over must allow the turn to end: a card that may be
    discarded, or (without ``discard_to_go_out``) none at all.
    """
    jokers_ok = rules.opening_allows_jokers
    locked = _locked(pos)
    key = _search.pack_cards(hand)
    staged_value = sum(m.value for m in staged)
    need = rules.opening_threshold - staged_value
    has_run = any(m.kind is MeldKind.RUN for m in staged)
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
            elif meld.value >= rules.opening_threshold and (
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


def _hand_romme_completable(hand: tuple[Card, ...], pos: _Pos, pool: int) -> bool:
    """Whether own melds from `hand` can take every card but a last discard (RULES.md §8)."""
    rules = pos.rules
    jokers_ok = rules.opening_allows_jokers
    key = _search.pack_cards(hand)
    if not rules.discard_to_go_out and (
        _search.packing_value(
            key, rules, jokers_ok=jokers_ok, cover=True, use_jokers=True, pool=pool
        )
        >= 0
    ):
        return True
    locked = _locked(pos)
    for card in set(hand):
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


def _finish(pos: _Pos, hand: tuple[Card, ...]) -> Next | Failure:
    """Whether the turn can go on with `hand` after a lay-down, lay-off or swap (RULES.md §4)."""
    if not hand:
        if pos.rules.discard_to_go_out:
            return Failure(
                Reason.MUST_KEEP_A_CARD,
                "the last card must be discarded, so melding may not empty the hand (DRoV Streitfall 7)",
            )
        return Next.WENT_OUT
    if not _can_discard_something(hand, pos.rules, _locked(pos)):
        return Failure(Reason.NO_DISCARD_LEFT, "no card would be left that may be discarded")
    return Next.PLAY


def _fresh_after_extend(
    entry: TableMeld, meld: Meld, added: Sequence[Card], side: Side | None
) -> frozenset[int]:
    new_jokers = sum(1 for card in added if card.is_joker)
    if meld.kind is MeldKind.SET:
        count = len(entry.fresh) + new_jokers
        positions = [p for p, card in enumerate(meld.cards) if card.is_joker]
        return frozenset(positions[len(positions) - count :]) if count else frozenset()
    if side is Side.LOW:
        shift = len(added)
        return frozenset(
            {p + shift for p in entry.fresh} | {p for p, card in enumerate(added) if card.is_joker}
        )
    base = len(entry.meld.cards)
    return frozenset(entry.fresh | {base + p for p, card in enumerate(added) if card.is_joker})


def _extend(
    entry: TableMeld, cards: tuple[Card, ...], side: Side | None, rules: Rules
) -> tuple[Meld, Side | None] | Failure:
    """Return the meld `cards` laid off onto `entry` make, or why they do not fit."""
    meld = entry.meld
    text = f"{format_cards(cards)} onto {meld}"
    if meld.kind is MeldKind.SET:
        if side is not None:
            return Failure(Reason.LAYOFF_DOES_NOT_FIT, f"{text}: a set has no low or high end")
        result = meld_failure((*meld.cards, *cards), rules, MeldKind.SET)
        if isinstance(result, Meld):
            return result, None
        return _layoff_failure(result, text)
    failure: tuple[Reason, str] | None = None
    for try_side in (Side.HIGH, Side.LOW) if side is None else (side,):
        sequence = (*meld.cards, *cards) if try_side is Side.HIGH else (*cards, *meld.cards)
        result = meld_failure(sequence, rules, MeldKind.RUN)
        if isinstance(result, Meld):
            if result.cards == sequence:
                return result, try_side
            failure = failure or (
                Reason.LAYOFF_DOES_NOT_FIT,
                f"the cards do not continue the run at its {try_side.value} end",
            )
        else:
            failure = failure or result
    assert failure is not None
    return _layoff_failure(failure, text)


def _layoff_failure(failure: tuple[Reason, str], text: str) -> Failure:
    reason, message = failure
    if reason in (Reason.JOKER_LIMIT, Reason.ADJACENT_JOKERS, Reason.AROUND_THE_CORNER):
        return Failure(reason, f"{text}: {message}")
    return Failure(Reason.LAYOFF_DOES_NOT_FIT, f"{text} does not make a valid meld ({message})")


def _check_cards(pos: _Pos, cards: Sequence[Card]) -> tuple[Card, ...] | Failure:
    rest = _remove(pos.hand, cards)
    if rest is None:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {format_cards(cards)}")
    return rest


def _after_use(turn: TurnState, cards: Sequence[Card]) -> TurnState:
    if turn.taken_in_hand and turn.taken in cards:
        return attrs.evolve(turn, taken_in_hand=False)
    return turn


# -- the checker --------------------------------------------------------------------


def _resolve(pos: _Pos, action: Action) -> Effect | Failure:
    if pos.phase is Phase.ROUND_OVER:
        return Failure(Reason.ROUND_OVER, "the round is over")
    if not isinstance(action, ACTION_TYPES):
        raise TypeError(f"not an action: {action!r}")
    match action:
        case Draw():
            return _draw(pos)
        case TakeDiscard():
            return _take(pos, action)
        case LayDown():
            return _lay_down(pos, action)
        case LayOff():
            return _lay_off(pos, action)
        case SwapJoker():
            return _swap(pos, action)
        case TakeBack():
            return _take_back(pos)
        case Discard():
            return _discard(pos, action)
        case _:  # pragma: no cover
            assert_never(action)


def _need_phase(pos: _Pos, phase: Phase, what: str) -> Failure | None:
    if pos.phase is not phase:
        return Failure(
            Reason.WRONG_PHASE,
            f"{what} belongs to the {phase.value} phase, not the {pos.phase.value} phase",
        )
    return None


def _draw(pos: _Pos) -> Effect | Failure:
    wrong = _need_phase(pos, Phase.DRAW, "drawing")
    if wrong:
        return wrong
    if pos.stock_size == 0:
        return Failure(Reason.STOCK_EMPTY, "the stock is empty")
    return Effect(
        hand=pos.hand,
        table=pos.table,
        discard_pile=pos.discard_pile,
        opened=pos.opened[pos.player],
        turn=pos.turn,
        next=Next.PLAY,
        draw=True,
    )


def _take(pos: _Pos, action: TakeDiscard) -> Effect | Failure:
    wrong = _need_phase(pos, Phase.DRAW, "taking the discard")
    if wrong:
        return wrong
    rules = pos.rules
    if not pos.discard_pile:
        return Failure(Reason.DISCARD_PILE_EMPTY, "the discard pile is empty")
    if rules.last_card_stock_only and len(pos.hand) == 1:
        return Failure(
            Reason.LAST_CARD_STOCK_ONLY, "holding one card, draw from the stock (DRoV Nr. 10)"
        )
    card = pos.discard_pile[-1]
    pile = pos.discard_pile[:-1]
    if rules.take_discard is TakeMode.FREE:
        if action.use is not None:
            return Failure(
                Reason.TAKE_IS_FREE,
                "under these rules the taken card goes to the hand; play it separately",
            )
        hand = _add(pos.hand, card)
        turn = attrs.evolve(pos.turn, taken=card, taken_in_hand=True)
        follow = _finish(pos._replace(hand=hand, turn=turn), hand)
        if isinstance(follow, Failure):
            return follow
        return Effect(
            hand=hand,
            table=pos.table,
            discard_pile=pile,
            opened=pos.opened[pos.player],
            turn=turn,
            next=Next.PLAY,
        )
    use = action.use
    if use is None or card not in use.cards:
        return Failure(
            Reason.TAKEN_CARD_NOT_USED,
            f"the taken {card} must be laid down or laid off in the same action (DRoV Nr. 4a/4b)",
        )
    turn = attrs.evolve(pos.turn, taken=card)
    staging = not pos.opened[pos.player]
    inner = pos._replace(
        phase=Phase.PLAY,
        hand=_add(pos.hand, card),
        discard_pile=pile,
        turn=attrs.evolve(turn, taken_staged=staging),
    )
    return _resolve(inner, use)


def _lay_down(pos: _Pos, action: LayDown) -> Effect | Failure:
    wrong = _need_phase(pos, Phase.PLAY, "laying down")
    if wrong:
        return wrong
    rules = pos.rules
    rest = _check_cards(pos, action.cards)
    if isinstance(rest, Failure):
        return rest
    result = meld_failure(action.cards, rules, action.kind)
    if not isinstance(result, Meld):
        return Failure(*result)
    meld = result
    fresh = frozenset(role.position for role in meld.jokers)
    turn = _after_use(pos.turn, action.cards)
    if pos.opened[pos.player]:
        follow = _finish(pos._replace(turn=turn), rest)
        if isinstance(follow, Failure):
            return follow
        return Effect(
            hand=rest,
            table=(*pos.table, TableMeld(meld, pos.player, False, fresh)),
            discard_pile=pos.discard_pile,
            opened=True,
            turn=turn,
            next=follow,
            hand_romme=follow is Next.WENT_OUT and _hand_romme_possible(pos),
        )
    # Not opened: the meld is staged towards the opening (RULES.md §5).
    if meld.jokers and not rules.opening_allows_jokers:
        return Failure(
            Reason.OPENING_JOKER, f"{meld}: no joker may be part of the opening under these rules"
        )
    staged = [*_staged(pos.table), meld]
    after = pos._replace(turn=turn, hand=rest)
    pool = _search.pack_cards(pos.hand)
    if _opening_reached(staged, rules):
        follow = _finish(after, rest)
        if isinstance(follow, Failure):
            return follow
        table = _unstage(pos.table)
        return Effect(
            hand=rest,
            table=(*table, TableMeld(meld, pos.player, False, fresh)),
            discard_pile=pos.discard_pile,
            opened=True,
            turn=attrs.evolve(turn, taken_staged=False),
            next=follow,
            hand_romme=follow is Next.WENT_OUT and _hand_romme_possible(pos),
        )
    waiver = _waiver(pos)
    if not rest:
        if rules.discard_to_go_out:
            return Failure(
                Reason.MUST_KEEP_A_CARD, "the last card must be discarded (DRoV Streitfall 7)"
            )
        if waiver:
            table = _unstage(pos.table)
            return Effect(
                hand=rest,
                table=(*table, TableMeld(meld, pos.player, False, fresh)),
                discard_pile=pos.discard_pile,
                opened=True,
                turn=turn,
                next=Next.WENT_OUT,
                hand_romme=True,
            )
    if not (
        _opening_completable(rest, staged, after, pool, rules)
        or (waiver and _hand_romme_completable(rest, after, pool))
    ):
        # Name the requirement that fails: the run, the one meld, or the points.
        if rules.opening_requires_run and _opening_completable(
            rest, staged, after, pool, attrs.evolve(rules, opening_requires_run=False)
        ):
            return Failure(
                Reason.OPENING_NEEDS_RUN,
                f"{meld}: the opening must include a run, and none can be laid this turn",
            )
        if not rules.opening_sums_melds and _opening_completable(
            rest, staged, after, pool, attrs.evolve(rules, opening_sums_melds=True)
        ):
            return Failure(
                Reason.OPENING_SINGLE_MELD,
                f"{meld}: one meld alone must be worth {rules.opening_threshold}, and none can be laid this turn",
            )
        return Failure(
            Reason.OPENING_BELOW_THRESHOLD,
            f"{meld}: the opening of {rules.opening_threshold} can no longer be completed this turn",
        )
    return Effect(
        hand=rest,
        table=(*pos.table, TableMeld(meld, pos.player, True, fresh)),
        discard_pile=pos.discard_pile,
        opened=False,
        turn=turn,
        next=Next.PLAY,
    )


def _may_lay_off(pos: _Pos, what: str) -> Failure | None:
    if not pos.opened[pos.player]:
        return Failure(Reason.NOT_OPENED, f"{what} needs an opened player (DRoV Nr. 9)")
    if not pos.turn.opened_before and not pos.rules.opening_turn_layoffs:
        return Failure(
            Reason.NOT_IN_OPENING_TURN,
            f"{what} is allowed only from the turn after opening under these rules",
        )
    return None


def _target(pos: _Pos, target: int) -> TableMeld | Failure:
    if not 0 <= target < len(pos.table):
        return Failure(
            Reason.NO_SUCH_MELD, f"there is no table meld {target} (the table has {len(pos.table)})"
        )
    return pos.table[target]


def _lay_off(pos: _Pos, action: LayOff) -> Effect | Failure:
    wrong = _need_phase(pos, Phase.PLAY, "laying off") or _may_lay_off(pos, "laying off")
    if wrong:
        return wrong
    entry = _target(pos, action.target)
    if isinstance(entry, Failure):
        return entry
    if not action.cards:
        return Failure(Reason.LAYOFF_DOES_NOT_FIT, "a lay-off needs at least one card")
    rest = _check_cards(pos, action.cards)
    if isinstance(rest, Failure):
        return rest
    extended = _extend(entry, action.cards, action.side, pos.rules)
    if isinstance(extended, Failure):
        return extended
    meld, side = extended
    turn = attrs.evolve(_after_use(pos.turn, action.cards), laid_off=True)
    follow = _finish(pos._replace(turn=turn), rest)
    if isinstance(follow, Failure):
        return follow
    new_entry = attrs.evolve(
        entry, meld=meld, fresh=_fresh_after_extend(entry, meld, action.cards, side)
    )
    table = _replace_at(pos.table, action.target, new_entry)
    return Effect(
        hand=rest,
        table=table,
        discard_pile=pos.discard_pile,
        opened=True,
        turn=turn,
        next=follow,
        hand_romme=follow is Next.WENT_OUT and _hand_romme_possible(pos),
    )


def _swap(pos: _Pos, action: SwapJoker, *, probe: bool = False) -> Effect | Failure:
    """Check and carry out a swap; with `probe`, stop before the freed joker's new place."""
    rules = pos.rules
    wrong = _need_phase(pos, Phase.PLAY, "swapping a joker") or _may_lay_off(
        pos, "swapping a joker"
    )
    if wrong:
        return wrong
    if not rules.joker_swap:
        return Failure(Reason.SWAP_NOT_ALLOWED, "these rules do not allow joker swaps")
    entry = _target(pos, action.target)
    if isinstance(entry, Failure):
        return entry
    card = action.card
    meld = entry.meld
    if card.is_joker:
        return Failure(Reason.WRONG_SWAP_CARD, "a joker is swapped for a natural card, not a joker")
    if card not in pos.hand:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {card}")
    if not meld.jokers:
        return Failure(Reason.NO_JOKER_THERE, f"table meld {action.target} ({meld}) holds no joker")
    roles = [role for role in meld.jokers if role.can_be(card)]
    if not roles:
        return Failure(Reason.WRONG_SWAP_CARD, f"no joker in {meld} stands for {card}")
    if rules.swap_set_needs_four and meld.kind is MeldKind.SET and len(meld) < 4:
        return Failure(
            Reason.SWAP_NEEDS_FOUR,
            f"{meld}: a joker in a set is swapped only when the set has four cards (DRoV Nr. 9)",
        )
    if not rules.swap_own_new_joker:
        roles = [role for role in roles if role.position not in entry.fresh]
        if not roles:
            return Failure(
                Reason.SWAP_OWN_NEW_JOKER,
                f"the joker in {meld} was laid this turn and may not be swapped this turn (DRoV Streitfall 20)",
            )
    return _swapped(pos, action, entry, roles[0].position, probe)


def _swapped(
    pos: _Pos, action: SwapJoker, entry: TableMeld, position: int, probe: bool
) -> Effect | Failure:
    """Carry out a checked swap of the joker at `position`, then place the freed joker."""
    rules = pos.rules
    card = action.card
    meld = entry.meld
    cards = list(meld.cards)
    cards[position] = card
    result = meld_failure(tuple(cards), rules, meld.kind)
    if not isinstance(result, Meld):  # pragma: no cover - a swap never breaks a meld
        return Failure(*result)
    if meld.kind is MeldKind.SET:
        fresh_count = (
            sum(1 for p in entry.fresh if p != position)
            if position in entry.fresh
            else len(entry.fresh)
        )
        joker_positions = [p for p, c in enumerate(result.cards) if c.is_joker]
        fresh = (
            frozenset(joker_positions[len(joker_positions) - fresh_count :])
            if fresh_count
            else frozenset()
        )
    else:
        fresh = entry.fresh - {position}
    table = _replace_at(pos.table, action.target, attrs.evolve(entry, meld=result, fresh=fresh))
    rest = _remove(pos.hand, (card,))
    assert rest is not None
    hand = _add(rest, JOKER)
    turn = attrs.evolve(_after_use(pos.turn, (card,)), laid_off=True)
    after = pos._replace(hand=hand, table=table, turn=turn)
    then = action.then
    mode = rules.swapped_joker
    if probe:
        return Effect(
            hand=hand,
            table=table,
            discard_pile=pos.discard_pile,
            opened=True,
            turn=turn,
            next=Next.PLAY,
        )
    if mode is SwappedJoker.TO_HAND:
        if then is not None:
            return Failure(
                Reason.SWAPPED_JOKER_TO_HAND,
                "under these rules the freed joker goes to the hand; play it in a separate action",
            )
        follow = _finish(after, hand)
        if isinstance(follow, Failure):
            return follow
        return Effect(
            hand=hand,
            table=table,
            discard_pile=pos.discard_pile,
            opened=True,
            turn=turn,
            next=follow,
        )
    if then is None:
        return Failure(
            Reason.SWAPPED_JOKER_NOT_PLACED,
            "the freed joker must be placed in the same action (DRoV Nr. 6, S000 §9)",
        )
    if isinstance(then, Discard):
        if mode is not SwappedJoker.MELD_OR_DISCARD or not then.card.is_joker:
            return Failure(
                Reason.SWAPPED_JOKER_NOT_PLACED,
                "the freed joker must be laid down or laid off in the same action",
            )
        pile = (*pos.discard_pile, JOKER)
        hand_after = _remove(hand, (JOKER,))
        assert hand_after is not None
        return Effect(
            hand=hand_after,
            table=table,
            discard_pile=pile,
            opened=True,
            turn=turn,
            next=Next.END_TURN if hand_after else Next.WENT_OUT,
            hand_romme=not hand_after and _hand_romme_possible(pos),
        )
    if not any(c.is_joker for c in then.cards):
        return Failure(
            Reason.SWAPPED_JOKER_NOT_PLACED,
            "the freed joker must be part of the meld or lay-off that follows the swap",
        )
    if isinstance(then, LayOff) and then.target == action.target and not rules.swap_back_same_meld:
        return Failure(
            Reason.SWAP_BACK_SAME_MELD,
            "the freed joker may not go back into the meld it came from (S001)",
        )
    return _resolve(after, then)


def _take_back(pos: _Pos) -> Effect | Failure:
    wrong = _need_phase(pos, Phase.PLAY, "taking back")
    if wrong:
        return wrong
    staged = [entry for entry in pos.table if entry.staged]
    if not staged:
        return Failure(Reason.NOTHING_TO_TAKE_BACK, "no staged melds to take back")
    returned = [card for entry in staged for card in entry.meld.cards]
    table = tuple(entry for entry in pos.table if not entry.staged)
    turn = pos.turn
    pile = pos.discard_pile
    if turn.taken_staged and turn.taken is not None:
        returned.remove(turn.taken)
        pile = (*pile, turn.taken)
        redo = pos.rules.failed_take.value == "redo_turn"
        turn = attrs.evolve(turn, taken=None, taken_staged=False)
        return Effect(
            hand=_add(pos.hand, *returned),
            table=table,
            discard_pile=pile,
            opened=False,
            turn=turn,
            next=Next.REDRAW if redo else Next.END_TURN,
        )
    if turn.taken is not None and turn.taken in returned and not turn.taken_in_hand:
        # The taken card laid down is back in the hand (RULES.md §4, rediscard_taken).
        turn = attrs.evolve(turn, taken_in_hand=True)
    return Effect(
        hand=_add(pos.hand, *returned),
        table=table,
        discard_pile=pile,
        opened=False,
        turn=turn,
        next=Next.PLAY,
    )


def _discard_problem(pos: _Pos, card: Card) -> Failure | None:
    """Why `card` may not be discarded now, or ``None`` (RULES.md §4, §5, §8)."""
    wrong = _need_phase(pos, Phase.PLAY, "discarding")
    if wrong:
        return wrong
    hand = pos.hand
    if card not in hand:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {card}")
    if any(entry.staged for entry in pos.table) and (len(hand) > 1 or not _waiver(pos)):
        return _shortfall(_staged(pos.table), pos.rules)
    problem = _may_discard(card, hand, pos.rules, _locked(pos))
    if problem is Reason.JOKER_DISCARD:
        return Failure(
            problem, "a joker may be discarded only as the last card (DRoV Nr. 4, Streitfall 8)"
        )
    if problem is Reason.REDISCARD_TAKEN:
        return Failure(
            problem,
            f"the {card} taken from the discard pile may not be discarded this turn (S000 §6)",
        )
    return None


def _discard(pos: _Pos, action: Discard) -> Effect | Failure:
    card = action.card
    problem = _discard_problem(pos, card)
    if problem is not None:
        return problem
    rules = pos.rules
    rest = _remove(pos.hand, (card,))
    assert rest is not None
    staged = any(entry.staged for entry in pos.table)
    # Discarding the last card with staged melds completes a Hand-Rommé (checked above).
    opened = pos.opened[pos.player] or staged
    table = _unstage(pos.table) if staged else pos.table
    if not rest:
        nxt = Next.WENT_OUT
    elif card.is_joker and rules.jokers_only_ends_round and all(c.is_joker for c in pos.hand):
        nxt = Next.JOKERS_ONLY
    else:
        nxt = Next.END_TURN
    return Effect(
        hand=rest,
        table=table,
        discard_pile=(*pos.discard_pile, card),
        opened=opened,
        turn=pos.turn,
        next=nxt,
        hand_romme=nxt is Next.WENT_OUT and _hand_romme_possible(pos),
    )


# -- public checks ------------------------------------------------------------------


def _position_for(position: GameState | PlayerView, player: int | None) -> _Pos | Failure:
    acting = position.current_player
    viewer = getattr(position, "player", None)
    if position.phase is Phase.ROUND_OVER:
        return Failure(Reason.ROUND_OVER, "the round is over")
    if viewer is not None and viewer != acting:
        return Failure(
            Reason.NOT_YOUR_TURN, f"this view is seat {viewer}'s; seat {acting} is to act"
        )
    if player is not None and player != acting:
        return Failure(
            Reason.NOT_YOUR_TURN, f"seat {player} tried to act, but seat {acting} is to act"
        )
    return _pos(position)


def resolve(
    position: GameState | PlayerView, action: Action, player: int | None = None
) -> Effect | Failure:
    """Return the effect of `action` or why it is refused (internal entry point of `apply`)."""
    pos = _position_for(position, player)
    if isinstance(pos, Failure):
        return pos
    return _resolve(pos, action)


def check(position: GameState | PlayerView, action: Action, *, player: int | None = None) -> None:
    """Raise if `action` is not legal for the player to act (or for `player`).

    Args:
        position: The game state, or the view of the player to act.
        action: The action to check.
        player: The seat trying the action; the player to act by default.

    Raises:
        IllegalActionError: With the `Reason` of the first rule the action
            breaks (for example ``Reason.NOT_YOUR_TURN``,
            ``Reason.OPENING_BELOW_THRESHOLD``, ``Reason.JOKER_DISCARD``).
    """
    result = resolve(position, action, player)
    if isinstance(result, Failure):
        viewer = getattr(position, "player", None)
        seat = (
            player
            if player is not None
            else viewer
            if viewer is not None
            else position.current_player
        )
        raise IllegalActionError(
            f"{action}: {result.message}", reason=result.reason, action=action, player=seat
        )


def is_legal(
    position: GameState | PlayerView, action: Action, *, player: int | None = None
) -> bool:
    """Return whether `action` is legal for the player to act (or for `player`)."""
    return not isinstance(resolve(position, action, player), Failure)


# -- the generator ------------------------------------------------------------------

_MAX_LAYOFF: Final = 13


def _run_extensions(entry: TableMeld, hand_counts: Counter[Card], jokers: int) -> Iterator[LayOff]:
    """Every sequence of hand cards that continues a run at either end (not yet checked)."""
    # Ranks are followed cyclically (…, K, A, 2, …): the checker refuses
    # what these rules do not allow, such as K-A-2 without ace_wraps.
    meld = entry.meld
    first = meld.ranks[0] - 2
    last = meld.ranks[-1] - 2
    suit_base = next(card.code for card in meld.cards if not card.is_joker) // 13 * 13
    room = 13 - len(meld)
    for side in (Side.HIGH, Side.LOW):
        indices = [
            (last + 1 + depth) % 13 if side is Side.HIGH else (first - 1 - depth) % 13
            for depth in range(room)
        ]
        naturals = [Card.from_code(suit_base + index) for index in indices]
        yield from _extend_run(naturals, side, [], hand_counts, jokers)


def _extend_run(
    naturals: list[Card],
    side: Side,
    sequence: list[Card],
    hand_counts: Counter[Card],
    jokers: int,
) -> Iterator[LayOff]:
    depth = len(sequence)
    if depth >= len(naturals):
        return
    natural = naturals[depth]
    options = [natural] if hand_counts[natural] > 0 else []
    if jokers > 0:
        options.append(JOKER)
    for option in options:
        sequence.append(option)
        cards = tuple(sequence) if side is Side.HIGH else tuple(reversed(sequence))
        yield LayOff(0, cards, side)
        if option is JOKER:
            yield from _extend_run(naturals, side, sequence, hand_counts, jokers - 1)
        else:
            hand_counts[option] -= 1
            yield from _extend_run(naturals, side, sequence, hand_counts, jokers)
            hand_counts[option] += 1
        sequence.pop()


def _layoff_candidates(pos: _Pos, hand: tuple[Card, ...]) -> Iterator[LayOff]:
    counts = Counter(hand)
    jokers = counts[JOKER]
    for index, entry in enumerate(pos.table):
        meld = entry.meld
        if meld.kind is MeldKind.SET:
            room = 4 - len(meld)
            if room <= 0:
                continue
            rank = meld.ranks[0]
            copies = 1 if pos.rules.set_distinct_suits else room
            naturals = [
                c
                for c in sorted(set(hand))
                if c.rank is rank
                for _ in range(min(copies, counts[c]))
            ]
            for size in range(room + 1):
                for chosen in sorted(set(combinations(naturals, size))):
                    for extra in range(min(jokers, room - size) + 1):
                        if size + extra:
                            yield LayOff(index, (*chosen, *(JOKER,) * extra), None)
        else:
            for layoff in _run_extensions(entry, counts, jokers):
                yield attrs.evolve(layoff, target=index)


def _play_candidates(pos: _Pos) -> Iterator[Action]:
    hand = pos.hand
    for meld in _search.melds_in(_search.pack_cards(hand), pos.rules):
        yield LayDown(meld.cards, meld.kind)
    if pos.opened[pos.player]:
        yield from _layoff_candidates(pos, hand)


def _candidates(pos: _Pos) -> Iterator[Action]:
    rules = pos.rules
    if pos.phase is Phase.DRAW:
        yield Draw()
        if not pos.discard_pile:
            return
        if rules.take_discard is TakeMode.FREE:
            yield TakeDiscard()
            return
        card = pos.discard_pile[-1]
        inner = pos._replace(hand=_add(pos.hand, card), phase=Phase.PLAY)
        for use in _play_candidates(inner):
            if isinstance(use, LayDown | LayOff) and card in use.cards:
                yield TakeDiscard(use)
        return
    if any(entry.staged for entry in pos.table):
        yield TakeBack()
    yield from _play_candidates(pos)
    if pos.opened[pos.player] and rules.joker_swap:
        yield from _swap_candidates(pos)


def _swap_candidates(pos: _Pos) -> Iterator[SwapJoker]:
    rules = pos.rules
    naturals = sorted({c for c in pos.hand if not c.is_joker})
    for index, entry in enumerate(pos.table):
        for card in naturals:
            if not any(role.can_be(card) for role in entry.meld.jokers):
                continue
            base = SwapJoker(index, card)
            mode = rules.swapped_joker
            if mode is SwappedJoker.TO_HAND:
                yield base
                continue
            probe = _swap(pos, base, probe=True)
            if isinstance(probe, Failure):
                continue
            swapped = pos._replace(hand=probe.hand, table=probe.table, turn=probe.turn)
            for then in _play_candidates(swapped):
                if isinstance(then, LayDown | LayOff) and JOKER in then.cards:
                    yield SwapJoker(index, card, then)
            if mode is SwappedJoker.MELD_OR_DISCARD:
                yield SwapJoker(index, card, Discard(JOKER))


_DISCARDS: Final = tuple(Discard(Card.from_code(code)) for code in range(53))


def legal_actions(position: GameState | PlayerView) -> tuple[Action, ...]:
    """Return every legal move of the player to act, each once.

    Each move is listed in one spelling: lay-downs with their cards in
    table order and their kind, lay-offs onto runs with their side. Other
    spellings of the same move (a run given out of order, a lay-off
    without a side) are legal too, and `is_legal` accepts them.

    Accepts the full state or the `PlayerView` of the player to act (for
    another seat's view the result is empty).

    >>> from romme import find_rules, new_game
    >>> state = new_game(find_rules("classic"), 3, seed=1)
    >>> [str(a) for a in legal_actions(state)][:2]
    ['discard 9♣', 'discard 10♣']
    """
    pos = _position_for(position, None)
    if isinstance(pos, Failure):
        return ()
    seen: dict[Action, None] = {}
    if pos.phase is Phase.PLAY:
        # Discards first, checked without building their effect.
        for card in sorted(set(pos.hand), key=card_code):
            if _discard_problem(pos, card) is None:
                seen[_DISCARDS[card.code]] = None
    for action in _candidates(pos):
        if action not in seen and not isinstance(_resolve(pos, action), Failure):
            seen[action] = None
    return tuple(seen)
