"""The engine (Spielablauf): `apply` an action to a state, and score a finished round.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random

import attrs

from romme._checker import resolve
from romme._core import Effect, Failure, Next
from romme.actions import Action
from romme.cards import Card, card_code
from romme.errors import IllegalActionError, RoundNotOverError
from romme.rules import StockExhausted
from romme.scoring import EndReason, RoundResult, hand_penalty
from romme.state import GameState, Phase, TableMeld, TurnState, replace_state

__all__ = ["apply", "score_round"]


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
    return _carry_out(state, effect)


def _carry_out(state: GameState, effect: Effect) -> GameState:
    seat = state.current_player
    hand = effect.hand
    stock = state.stock
    if effect.draw:
        hand = tuple(sorted((*hand, stock[-1]), key=card_code))
        stock = stock[:-1]
    hands = (*state.hands[:seat], hand, *state.hands[seat + 1 :])
    opened = state.opened
    if opened[seat] != effect.opened:
        opened = (*opened[:seat], effect.opened, *opened[seat + 1 :])
    step = effect.next
    if step is Next.END_TURN:
        return _next_turn(state, hands, stock, effect.discard_pile, effect.table, opened)
    after = replace_state(
        state,
        hands=hands,
        stock=stock,
        discard_pile=effect.discard_pile,
        table=effect.table,
        opened=opened,
        turn=effect.turn,
        phase=Phase.DRAW if step is Next.REDRAW else Phase.PLAY,
    )
    if step is Next.PLAY:
        return after
    if step is Next.REDRAW:
        return _enter_draw(after)
    if step is Next.WENT_OUT:
        return _end(after, EndReason.WENT_OUT, seat, effect.hand_romme)
    return _end(after, EndReason.JOKERS_ONLY, None, False)


def _next_turn(
    state: GameState,
    hands: tuple[tuple[Card, ...], ...],
    stock: tuple[Card, ...],
    discard_pile: tuple[Card, ...],
    table: tuple[TableMeld, ...],
    opened: tuple[bool, ...],
) -> GameState:
    """The state after the turn ends with these cards: the next seat dealt in is to draw."""
    if any(entry.fresh for entry in table):
        table = tuple(
            attrs.evolve(entry, fresh=frozenset()) if entry.fresh else entry for entry in table
        )
    seat = state.current_player
    players = len(hands)
    dealt_in = state.dealt_in
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if dealt_in[candidate]:
            seat = candidate
            break
    turn = TurnState(number=state.turn.number + 1, opened_before=opened[seat])
    return _enter_draw(
        replace_state(
            state,
            hands=hands,
            stock=stock,
            discard_pile=discard_pile,
            table=table,
            opened=opened,
            current_player=seat,
            phase=Phase.DRAW,
            turn=turn,
        )
    )


def _enter_draw(state: GameState) -> GameState:
    """Refill an empty stock before a draw, or end the round (rules §9)."""
    if state.stock:
        return state
    rules = state.rules
    if rules.stock_exhausted is StockExhausted.END_ROUND:
        return _end(state, EndReason.STOCK_EXHAUSTED, None, False)
    if len(state.discard_pile) < 2 or (
        rules.max_reshuffles is not None and state.reshuffles >= rules.max_reshuffles
    ):
        return _end(state, EndReason.STOCK_EXHAUSTED, None, False)
    pile = list(state.discard_pile[:-1])
    # A string seed is hashed with SHA-512 by random.Random: the same on every machine.
    random.Random(f"romme/reshuffle/{state.seed}/{state.reshuffles + 1}").shuffle(pile)
    return attrs.evolve(
        state,
        stock=tuple(pile),
        discard_pile=state.discard_pile[-1:],
        reshuffles=state.reshuffles + 1,
    )


def _end(state: GameState, end: EndReason, winner: int | None, hand_romme: bool) -> GameState:
    rules = state.rules
    penalties = []
    for seat, hand in enumerate(state.hands):
        if seat == winner or not state.dealt_in[seat]:
            penalties.append(0)
            continue
        if not state.opened[seat] and rules.not_opened_penalty is not None:
            penalty = rules.not_opened_penalty
        else:
            penalty = hand_penalty(hand, rules)
        if hand_romme:
            penalty *= rules.hand_romme_multiplier
        penalties.append(penalty)
    result = RoundResult(
        end=end,
        winner=winner,
        hand_romme=hand_romme,
        penalties=tuple(penalties),
        dealt_in=state.dealt_in,
        opened=state.opened,
    )
    table = tuple(
        attrs.evolve(entry, fresh=frozenset()) if entry.fresh else entry for entry in state.table
    )
    return replace_state(state, table=table, phase=Phase.ROUND_OVER, result=result)


def score_round(state: GameState) -> RoundResult:
    """Return the result of a finished round: how it ended, who went out, every penalty (rules §10).

    Raises:
        RoundNotOverError: If the round is still being played.
    """
    if state.result is None:
        raise RoundNotOverError("the round is not over yet")
    return state.result
