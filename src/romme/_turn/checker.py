"""The one checker (private): `_resolve` decides every action by rules §4–§9.

It returns the action's effect or the first `Reason` that refuses it;
`romme.check`, `romme.is_legal`, `romme.legal_actions` and `romme.apply`
all rest on it.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence

import attrs
from typing_extensions import assert_never

from romme import _search
from romme._turn.opening import (
    _hand_romme_completable,
    _opening_completable,
    _opening_reached,
    _shortfall,
)
from romme._turn.position import (
    Effect,
    Failure,
    Next,
    _add,
    _can_discard_something,
    _first_go_round,
    _hand_romme_possible,
    _locked_code,
    _may_discard,
    _Pos,
    _pos,
    _remove,
    _replace_at,
    _staged,
    _table_meld,
    _turn_with,
    _unstage,
    _waiver,
    seats_to_act,
)
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
from romme.cards import JOKER, Card, format_cards
from romme.errors import Reason
from romme.melds import Meld, MeldKind, meld_failure
from romme.rules import Rules, SwappedJoker
from romme.rules import TakeDiscardMode as TakeMode
from romme.state import GameState, Phase, TableMeld, TurnState
from romme.views import PlayerView

_CARDS = tuple(Card.from_code(code) for code in range(53))


def _finish(rules: Rules, hand: int, turn: TurnState) -> Next | Failure:
    """Whether the turn can go on with the packed `hand` and `turn` after a lay-down, lay-off or swap (rules §4)."""
    if not hand:
        if rules.discard_to_go_out:
            return Failure(
                Reason.MUST_KEEP_A_CARD,
                "the last card must be discarded, so melding may not empty the hand (DRoV Streitfall 7)",
            )
        return Next.WENT_OUT
    if not _can_discard_something(hand, rules, _locked_code(turn, rules)):
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
    if meld.kind is MeldKind.SET:
        if side is not None:
            return Failure(
                Reason.LAYOFF_DOES_NOT_FIT, f"{_onto(cards, meld)}: a set has no low or high end"
            )
        result = meld_failure((*meld.cards, *cards), rules, MeldKind.SET)
        if isinstance(result, Meld):
            return result, None
        return _layoff_failure(result, cards, meld)
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
    return _layoff_failure(failure, cards, meld)


def _onto(cards: tuple[Card, ...], meld: Meld) -> str:
    return f"{format_cards(cards)} onto {meld}"


def _layoff_failure(failure: tuple[Reason, str], cards: tuple[Card, ...], meld: Meld) -> Failure:
    reason, message = failure
    text = _onto(cards, meld)
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
        return _turn_with(turn, taken_in_hand=False)
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


def _take_refused(pos: _Pos) -> Failure | None:
    """Why the top discard may not be taken now at all, or ``None`` (rules §4)."""
    wrong = _need_phase(pos, Phase.DRAW, "taking the discard")
    if wrong:
        return wrong
    if not pos.discard_pile:
        return Failure(Reason.DISCARD_PILE_EMPTY, "the discard pile is empty")
    if pos.rules.last_card_stock_only and len(pos.hand) == 1:
        return Failure(
            Reason.LAST_CARD_STOCK_ONLY, "holding one card, draw from the stock (DRoV rule 10)"
        )
    return None


def _take(pos: _Pos, action: TakeDiscard) -> Effect | Failure:
    refused = _take_refused(pos)
    if refused:
        return refused
    rules = pos.rules
    card = pos.discard_pile[-1]
    pile = pos.discard_pile[:-1]
    if rules.take_discard is TakeMode.FREE:
        if action.use is not None:
            return Failure(
                Reason.TAKE_IS_FREE,
                "under these rules the taken card goes to the hand; play it separately",
            )
        hand = _add(pos.hand, card)
        turn = _turn_with(pos.turn, taken=card, taken_in_hand=True)
        follow = _finish(rules, pos.key + _search.unit(card.code), turn)
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
            f"the taken {card} must be laid down or laid off in the same action (DRoV rule 4a/4b)",
        )
    return _resolve(_taking(pos, card), use)


def _taking(pos: _Pos, card: Card) -> _Pos:
    """The position in which the top discard `card`, taken under ``immediate_use``, is used (rules §4)."""
    return pos.with_hand(
        _add(pos.hand, card),
        phase=Phase.PLAY,
        discard_pile=pos.discard_pile[:-1],
        turn=_turn_with(pos.turn, taken=card, taken_staged=not pos.opened[pos.player]),
    )


def _not_first_go_round(pos: _Pos, what: str) -> Failure | None:
    if _first_go_round(pos):
        return Failure(
            Reason.FIRST_GO_ROUND,
            f"{what} waits until every seat has had a turn under these rules (ASS S. 1)",
        )
    return None


class _Laid(enum.Enum):
    """How a lay-down that the rules allow goes on (`_lay_down_outcome`)."""

    OPENED = "opened"
    """The player had opened, or this meld completes the opening: the staged melds are final."""
    HAND_ROMME = "hand_romme"
    """The last card, melded under the Hand-Rommé waiver (DRoV Nr. 10)."""
    STAGED = "staged"
    """Staged towards an opening the rest of the hand can still complete this turn."""


def _lay_down(pos: _Pos, action: LayDown) -> Effect | Failure:
    wrong = _need_phase(pos, Phase.PLAY, "laying down") or _not_first_go_round(pos, "laying down")
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
    turn = _after_use(pos.turn, action.cards)
    key = pos.key - _search.meld_key(meld)
    outcome = _lay_down_outcome(pos, meld, key, turn)
    if outcome is None:
        return _opening_failure(pos, meld, key, turn)
    if isinstance(outcome, Failure):
        return outcome
    laid, follow = outcome
    fresh = frozenset(role.position for role in meld.jokers)
    if laid is _Laid.STAGED:
        return Effect(
            hand=rest,
            table=(*pos.table, _table_meld(meld, pos.player, True, fresh)),
            discard_pile=pos.discard_pile,
            opened=False,
            turn=turn,
            next=Next.PLAY,
        )
    staged = not pos.opened[pos.player]
    table = _unstage(pos.table) if staged else pos.table
    return Effect(
        hand=rest,
        table=(*table, _table_meld(meld, pos.player, False, fresh)),
        discard_pile=pos.discard_pile,
        opened=True,
        turn=_turn_with(turn, taken_staged=False) if laid is _Laid.OPENED and staged else turn,
        next=follow,
        hand_romme=laid is _Laid.HAND_ROMME
        or (follow is Next.WENT_OUT and _hand_romme_possible(pos)),
    )


def _lay_down_outcome(
    pos: _Pos, meld: Meld, key: int, turn: TurnState
) -> tuple[_Laid, Next] | Failure | None:
    """Whether laying `meld` from the hand, leaving the packed `key` and `turn`, is allowed (rules §5, §8).

    The meld is valid and in hand; this decides the rest: what follows
    once laid, a `Failure`, or ``None`` when the opening can no longer be
    completed this turn (`_opening_failure` names the requirement). The
    checker builds the effect from it; the generator needs only the
    verdict, so it never builds an effect or a refusal's message.
    """
    rules = pos.rules
    if pos.opened[pos.player]:
        follow = _finish(rules, key, turn)
        return follow if isinstance(follow, Failure) else (_Laid.OPENED, follow)
    # Not opened: the meld is staged towards the opening (rules §5).
    if meld.jokers and not rules.opening_allows_jokers:
        return Failure(
            Reason.OPENING_JOKER, f"{meld}: no joker may be part of the opening under these rules"
        )
    staged = [*_staged(pos.table), meld]
    if _opening_reached(staged, rules):
        follow = _finish(rules, key, turn)
        return follow if isinstance(follow, Failure) else (_Laid.OPENED, follow)
    if not key:
        if rules.discard_to_go_out:
            return Failure(
                Reason.MUST_KEEP_A_CARD, "the last card must be discarded (DRoV Streitfall 7)"
            )
        if _waiver(pos):
            return _Laid.HAND_ROMME, Next.WENT_OUT
    # What is left of the hand must complete the opening.
    hand = pos.key
    if _opening_completable(key, staged, turn, hand, rules) or (
        _waiver(pos) and _hand_romme_completable(key, turn, hand, staged[:-1], rules)
    ):
        return _Laid.STAGED, Next.PLAY
    return None


def _opening_failure(pos: _Pos, meld: Meld, key: int, turn: TurnState) -> Failure:
    """Name the requirement of the opening that `meld`, staged, leaves out of reach this turn."""
    rules = pos.rules
    staged = [*_staged(pos.table), meld]
    hand = pos.key
    if rules.opening_requires_run and _opening_completable(
        key, staged, turn, hand, attrs.evolve(rules, opening_requires_run=False)
    ):
        return Failure(
            Reason.OPENING_NEEDS_RUN,
            f"{meld}: the opening must include a run, and none can be laid this turn",
        )
    if not rules.opening_sums_melds and _opening_completable(
        key, staged, turn, hand, attrs.evolve(rules, opening_sums_melds=True)
    ):
        return Failure(
            Reason.OPENING_SINGLE_MELD,
            f"{meld}: one meld alone must be worth {rules.opening_threshold}, and none can be laid this turn",
        )
    return Failure(
        Reason.OPENING_BELOW_THRESHOLD,
        f"{meld}: the opening of {rules.opening_threshold} can no longer be completed this turn",
    )


def _may_lay_off(pos: _Pos, what: str) -> Failure | None:
    first = _not_first_go_round(pos, what)
    if first:
        return first
    if not pos.opened[pos.player]:
        return Failure(Reason.NOT_OPENED, f"{what} needs an opened player (DRoV rule 9)")
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
    rest = _check_cards(pos, action.cards)
    if isinstance(rest, Failure):
        return rest
    fit = _lay_off_fit(pos, entry, action)
    if isinstance(fit, Failure):
        return fit
    meld, side, turn, follow = fit
    new_entry = _table_meld(
        meld, entry.owner, entry.staged, _fresh_after_extend(entry, meld, action.cards, side)
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


def _lay_off_fit(
    pos: _Pos, entry: TableMeld, action: LayOff
) -> tuple[Meld, Side | None, TurnState, Next] | Failure:
    """Whether the cards of `action` (held, by a player who may lay off) fit `entry`, and the turn goes on.

    Returns the meld made, its side, the turn and what follows. The
    generator asks only this of the lay-offs it builds from the hand.
    """
    extended = _extend(entry, action.cards, action.side, pos.rules)
    if isinstance(extended, Failure):
        return extended
    meld, side = extended
    turn = _turn_with(_after_use(pos.turn, action.cards), laid_off=True)
    follow = _finish(pos.rules, pos.key - _search.pack_cards(action.cards), turn)
    if isinstance(follow, Failure):
        return follow
    return meld, side, turn, follow


def _swap(pos: _Pos, action: SwapJoker) -> Effect | Failure:
    """Check and carry out a swap, then place the freed joker."""
    found = _swap_joker(pos, action)
    if isinstance(found, Failure):
        return found
    return _place_joker(pos, action, _swapped(pos, action, *found))


def _swap_joker(pos: _Pos, action: SwapJoker) -> tuple[TableMeld, int] | Failure:
    """Check a swap: the table meld and the position of the joker `action.card` replaces."""
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
            f"{meld}: a joker in a set is swapped only when the set has four cards (DRoV rule 9)",
        )
    if not rules.swap_own_new_joker:
        roles = [role for role in roles if role.position not in entry.fresh]
        if not roles:
            return Failure(
                Reason.SWAP_OWN_NEW_JOKER,
                f"the joker in {meld} was laid this turn and may not be swapped this turn (DRoV Streitfall 20)",
            )
    return entry, roles[0].position


def _swapped(pos: _Pos, action: SwapJoker, entry: TableMeld, position: int) -> _Pos:
    """The position after a checked swap of the joker at `position`: the freed joker in hand."""
    rules = pos.rules
    card = action.card
    meld = entry.meld
    cards = list(meld.cards)
    cards[position] = card
    result = meld_failure(tuple(cards), rules, meld.kind)
    if not isinstance(result, Meld):  # pragma: no cover - a swap never breaks a meld
        raise AssertionError(f"swapping {card} into {meld} broke it: {result}")
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
    table = _replace_at(
        pos.table, action.target, _table_meld(result, entry.owner, entry.staged, fresh)
    )
    rest = _remove(pos.hand, (card,))
    assert rest is not None
    hand = _add(rest, JOKER)
    turn = _turn_with(_after_use(pos.turn, (card,)), laid_off=True)
    return pos.with_hand(hand, table=table, turn=turn)


def _place_joker(pos: _Pos, action: SwapJoker, after: _Pos) -> Effect | Failure:
    """Place the joker a swap freed (`after` is the position with it in hand), as `action` says."""
    rules = pos.rules
    hand, table, turn = after.hand, after.table, after.turn
    then = action.then
    mode = rules.swapped_joker
    if mode is SwappedJoker.TO_HAND:
        if then is not None:
            return Failure(
                Reason.SWAPPED_JOKER_TO_HAND,
                "under these rules the freed joker goes to the hand; play it in a separate action",
            )
        follow = _finish(rules, after.key, turn)
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
            "the freed joker must be placed in the same action (DRoV rule 6, cardgames.zone rules §9)",
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
    if isinstance(then, LayOff) and _back_to_its_meld(action.target, then, rules):
        return Failure(
            Reason.SWAP_BACK_SAME_MELD,
            "the freed joker may not go back into the meld it came from (German Rummy rules)",
        )
    return _resolve(after, then)


def _back_to_its_meld(source: int, then: LayOff, rules: Rules) -> bool:
    """Whether laying the freed joker off by `then` returns it to table meld `source`, which the rules forbid."""
    return then.target == source and not rules.swap_back_same_meld


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
        turn = _turn_with(turn, taken=None, taken_staged=False)
        return Effect(
            hand=_add(pos.hand, *returned),
            table=table,
            discard_pile=pile,
            opened=False,
            turn=turn,
            next=Next.REDRAW if redo else Next.END_TURN,
        )
    if turn.taken is not None and turn.taken in returned and not turn.taken_in_hand:
        # The taken card laid down is back in the hand (rules §4, rediscard_taken).
        turn = _turn_with(turn, taken_in_hand=True)
    return Effect(
        hand=_add(pos.hand, *returned),
        table=table,
        discard_pile=pile,
        opened=False,
        turn=turn,
        next=Next.PLAY,
    )


def _discard_problem(pos: _Pos, card: Card) -> Failure | None:
    """Why `card` may not be discarded now, or ``None`` (rules §4, §5, §8)."""
    wrong = _need_phase(pos, Phase.PLAY, "discarding")
    if wrong:
        return wrong
    hand = pos.hand
    if card not in hand:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {card}")
    if any(entry.staged for entry in pos.table) and (len(hand) > 1 or not _waiver(pos)):
        return _shortfall(_staged(pos.table), pos.rules)
    problem = _may_discard(card.code, pos.key, pos.rules, _locked_code(pos.turn, pos.rules))
    if problem is Reason.JOKER_DISCARD:
        return Failure(
            problem, "a joker may be discarded only as the last card (DRoV rule 4, Streitfall 8)"
        )
    if problem is Reason.REDISCARD_TAKEN:
        return Failure(
            problem,
            f"the {card} taken from the discard pile may not be discarded this turn (cardgames.zone rules §6)",
        )
    return None


def _discardable(pos: _Pos) -> list[Card]:
    """The distinct cards `_discard_problem` accepts now, in card order (for the generator)."""
    if pos.phase is not Phase.PLAY:
        return []
    hand = pos.hand
    if any(entry.staged for entry in pos.table) and (len(hand) > 1 or not _waiver(pos)):
        return []
    rules = pos.rules
    key = pos.key
    locked = _locked_code(pos.turn, rules)
    return [
        _CARDS[code]
        for code in _search.codes_in(key)
        if _may_discard(code, key, rules, locked) is None
    ]


def _discard(pos: _Pos, action: Discard) -> Effect | Failure:
    card = action.card
    problem = _discard_problem(pos, card)
    if problem is not None:
        return problem
    rules = pos.rules
    rest = _remove(pos.hand, (card,))
    assert rest is not None
    staged = any(entry.staged for entry in pos.table)
    # Discarding the last card with staged melds completes a Hand-Rommé (checked above);
    # a player who goes out has laid out all they held, and counts as opened (rules §7, §8).
    opened = pos.opened[pos.player] or staged or not rest
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
    if not isinstance(position, GameState | PlayerView):
        raise TypeError(
            f"position must be a GameState or a PlayerView, not {type(position).__name__}"
        )
    if player is not None and type(player) is not int:
        raise TypeError(f"player must be a seat number, not {player!r}")
    seats = seats_to_act(position)
    if not seats:
        return Failure(Reason.ROUND_OVER, "the round is over")
    who = f"seat {seats[0]} is to act" if len(seats) == 1 else f"seats {seats} may act"
    viewer = getattr(position, "player", None)
    if viewer is not None and viewer not in seats:
        return Failure(Reason.NOT_YOUR_TURN, f"this view is seat {viewer}'s; {who}")
    if player is not None and (player not in seats or viewer not in (None, player)):
        return Failure(Reason.NOT_YOUR_TURN, f"seat {player} tried to act, but {who}")
    seat = player if player is not None else viewer if viewer is not None else seats[0]
    return _pos(position, seat)


def resolve(
    position: GameState | PlayerView, action: Action, player: int | None = None
) -> Effect | Failure:
    """Return the effect of `action` or why it is refused (internal entry point of `apply`)."""
    pos = _position_for(position, player)
    if isinstance(pos, Failure):
        return pos
    return _resolve(pos, action)
