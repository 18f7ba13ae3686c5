"""The engine (Spielablauf): `apply` an action to a state, and score a finished round.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import functools
import random
from typing import Final

from romme._turn.checker import resolve
from romme._turn.hands import add
from romme._turn.legal import end_of_turn_table
from romme._turn.position import ClaimEffect, Effect, Failure, Next, keep_hand_key
from romme.cards import Card
from romme.errors import IllegalActionError, RoundNotOverError
from romme.game import (
    Action,
    EndReason,
    GameState,
    Phase,
    RoundResult,
    TableMeld,
    TurnState,
    first_to_open_after,
    result_of,
)
from romme.melds import unit
from romme.rules import MAX_RESHUFFLES, StockExhausted

__all__ = ["apply", "score_round", "turn_begun"]


def apply(state: GameState, action: Action, *, player: int | None = None) -> GameState:
    """Return the state after the player to act (or `player`) takes `action`.

    The input is never changed. The action is checked first, exactly as
    `check` does.

    Raises:
        IllegalActionError: If the action is not legal; its ``reason``
            names the rule and the state is unchanged.
        TypeError: If `state` is not a `GameState` (a view cannot be played on).

    >>> from romme import Draw, find_rules, new_game
    >>> state = new_game(find_rules("drov"), 4, seed=7)
    >>> after = apply(state, Draw())
    >>> len(after.hand) - len(state.hand), after.phase.value, state.phase.value
    (1, 'play', 'draw')
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    effect = resolve(state, action, player)
    if isinstance(effect, Failure):
        seat = state.current_player if player is None else player
        raise IllegalActionError(
            f"{action}: {effect.message}", reason=effect.reason, action=action, player=seat
        )
    return _carry_out(state, effect, state.current_player if player is None else player)


def _carry_out(state: GameState, effect: Effect, seat: int) -> GameState:
    """The state after `seat` (one of the seats to act) took an action with `effect`.

    While the same seat goes on acting, the new state keeps its hand as a
    packed multiset too (`keep_hand_key`), updated from the effect's, so
    that the next check need not pack it.
    """
    hand = effect.hand
    key = effect.key
    stock = state.stock
    if effect.draw:
        drawn = stock[-1]
        hand = add(hand, drawn)
        key += unit(drawn.code)
        stock = stock[:-1]
    after = _next_state(state, effect, seat, hand, stock)
    if after.current_player == seat and after.phase is not Phase.ROUND_OVER:
        return keep_hand_key(after, key)
    return after


def _next_state(
    state: GameState, effect: Effect, seat: int, hand: tuple[Card, ...], stock: tuple[Card, ...]
) -> GameState:
    """`_carry_out`'s state: `seat` holds `hand` (a drawn card taken from `stock` already)."""
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    opened = state.opened
    first = state.first_to_open
    if opened[seat] != effect.opened:
        opened = (*opened[:seat], effect.opened, *opened[seat + 1 :])
        first = first_to_open_after(first, seat, effect.opened)
    step = effect.next
    if step is Next.END_TURN:
        return _next_turn(
            state, seat, hands, stock, effect.discard_pile, effect.table, opened, first
        )
    if isinstance(effect, ClaimEffect):
        return _claim_step(state, effect, hands, stock)
    after = _new_state(
        rules=state.rules,
        seed=state.seed,
        dealer=state.dealer,
        hands=hands,
        stock=stock,
        discard_pile=effect.discard_pile,
        table=effect.table,
        opened=opened,
        dealt_in=state.dealt_in,
        current_player=state.current_player,
        phase=Phase.DRAW if step is Next.REDRAW else Phase.PLAY,
        turn=effect.turn,
        reshuffles=state.reshuffles,
        result=state.result,
        first_to_open=first,
    )
    if step is Next.PLAY:
        return after
    if step is Next.REDRAW:
        return _enter_draw(after)
    if step is Next.WENT_OUT:
        return _end(after, EndReason.WENT_OUT, seat, effect.hand_romme)
    return _end(after, EndReason.JOKERS_ONLY, None, False)


def _claim_step(
    state: GameState,
    effect: ClaimEffect,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
) -> GameState:
    """The state after a claim window opens, is answered or closes (rules §13).

    `effect.ask` acts next: the seat asked, or once the window closes the
    seat whose turn it is, in its play phase. A knock or a purchase gives
    `effect.gives` the top discard and then the top stock card.
    """
    pile = effect.discard_pile
    gives = effect.gives
    if gives is not None:
        extra = (pile[-1], stock[-1])
        hands = (
            *hands[:gives],
            add(hands[gives], *extra),
            *hands[gives + 1 :],
        )
        pile = pile[:-1]
        stock = stock[:-1]
    return _new_state(
        rules=state.rules,
        seed=state.seed,
        dealer=state.dealer,
        hands=hands,
        stock=stock,
        discard_pile=pile,
        table=state.table,
        opened=state.opened,
        dealt_in=state.dealt_in,
        current_player=effect.ask,
        phase=Phase.CLAIM if effect.next is Next.CLAIM else Phase.PLAY,
        turn=effect.turn,
        reshuffles=state.reshuffles,
        result=state.result,
        first_to_open=state.first_to_open,
    )


def _next_turn(
    state: GameState,
    seat: int,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    opened: tuple[bool, ...],
    first_to_open: int | None,
) -> GameState:
    """The state after `seat`'s turn ends with these cards: the next seat dealt in is to draw."""
    table = end_of_turn_table(table)
    players = len(hands)
    dealt_in = state.dealt_in
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if dealt_in[candidate]:
            seat = candidate
            break
    turn = turn_begun(state.turn.number + 1, opened[seat])
    return _enter_draw(
        _new_state(
            rules=state.rules,
            seed=state.seed,
            dealer=state.dealer,
            hands=hands,
            stock=stock,
            discard_pile=discard_pile,
            table=table,
            opened=opened,
            dealt_in=dealt_in,
            current_player=seat,
            phase=Phase.DRAW,
            turn=turn,
            reshuffles=state.reshuffles,
            result=state.result,
            first_to_open=first_to_open,
        )
    )


# The engine's states and turns are made of fields the checker accepted: built unchecked.
_new_state: Final = GameState._of
_new_turn: Final = TurnState._of


@functools.lru_cache(maxsize=1024)
def turn_begun(number: int, opened_before: bool) -> TurnState:
    """The bookkeeping of turn `number` as it begins: nothing taken, laid off or borrowed yet.

    A value, so every state that reaches the same turn shares one (a
    bounded cache: a round has at most ``MAX_TURNS`` turns, each seen by
    a player who has opened or not). The accelerator's discard
    (csrc/discard.c) begins the next turn with it too.
    """
    return _new_turn(
        number=number,
        opened_before=opened_before,
        taken=None,
        taken_in_hand=False,
        taken_staged=False,
        laid_off=False,
        to_go_out=False,
        borrowed=(),
        before=None,
        claim=None,
        table_takes=0,
    )


def _enter_draw(state: GameState) -> GameState:
    """Refill an empty stock before a draw, or end the round (rules §9)."""
    if state.stock:
        return state
    rules = state.rules
    if rules.stock_exhausted is StockExhausted.END_ROUND:
        return _end(state, EndReason.STOCK_EXHAUSTED, None, False)
    # No rule book limits the refills; the library does (MAX_RESHUFFLES), so that
    # a round nobody can win still ends (rules §9).
    limit = MAX_RESHUFFLES if rules.max_reshuffles is None else rules.max_reshuffles
    if len(state.discard_pile) < 2 or state.reshuffles >= limit:
        return _end(state, EndReason.STOCK_EXHAUSTED, None, False)
    pile = list(state.discard_pile[:-1])
    # A string seed is hashed with SHA-512 by random.Random: the same on every machine.
    random.Random(f"romme/reshuffle/{state.seed}/{state.reshuffles + 1}").shuffle(pile)
    return _new_state(
        rules=state.rules,
        seed=state.seed,
        dealer=state.dealer,
        hands=state.hands,
        stock=tuple(pile),
        discard_pile=state.discard_pile[-1:],
        table=state.table,
        opened=state.opened,
        dealt_in=state.dealt_in,
        current_player=state.current_player,
        phase=state.phase,
        turn=state.turn,
        reshuffles=state.reshuffles + 1,
        result=state.result,
        first_to_open=state.first_to_open,
    )


def _end(state: GameState, end: EndReason, winner: int | None, hand_romme: bool) -> GameState:
    return _new_state(
        rules=state.rules,
        seed=state.seed,
        dealer=state.dealer,
        hands=state.hands,
        stock=state.stock,
        discard_pile=state.discard_pile,
        table=end_of_turn_table(state.table),
        opened=state.opened,
        dealt_in=state.dealt_in,
        current_player=state.current_player,
        phase=Phase.ROUND_OVER,
        turn=state.turn,
        reshuffles=state.reshuffles,
        result=result_of(state, end, winner, hand_romme),
        first_to_open=state.first_to_open,
    )


def score_round(state: GameState) -> RoundResult:
    """Return the result of a finished round: how it ended, who went out, every penalty (rules §10).

    Raises:
        RoundNotOverError: If the round is still being played.
        TypeError: If `state` is no `GameState`.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    if state.result is None:
        raise RoundNotOverError("the round is not over yet")
    return state.result
