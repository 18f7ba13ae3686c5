"""The one checker (private): `_resolve` decides every action by rules §4–§9.

It returns the action's effect or the first `Reason` that refuses it;
`romme.check`, `romme.is_legal`, `romme.legal_actions` and `romme.apply`
all rest on it.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Final

from typing_extensions import assert_never

from romme._guard import shown
from romme._turn.claiming import claim_effect, claim_window
from romme._turn.ending import (
    can_discard_something,
    finish,
    hand_romme_possible,
    locked_code,
    may_discard,
    not_going_out,
    waiver_applies,
)
from romme._turn.guards import borrowed_failure, need_phase
from romme._turn.hands import add, remove
from romme._turn.laying import (
    indirect_layoff_refused,
    indirect_take,
    lay,
    lay_down,
    lay_off,
)
from romme._turn.opening import shortfall
from romme._turn.position import Effect, Failure, Next, Pos, hand_kept, read_position, seats_to_act
from romme._turn.rearranging import restore, rob
from romme._turn.swapping import swap
from romme._turn.tables import any_staged, staged_melds, unstage
from romme.cards import Card
from romme.errors import Reason
from romme.game import (
    ACTION_TYPES,
    Action,
    Buy,
    Consent,
    Discard,
    Draw,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    Phase,
    PlayerView,
    Refuse,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
)
from romme.melds import codes_in, count, pack_cards, unit
from romme.rules import FailedTake
from romme.rules import TakeDiscardMode as TakeMode

_CARDS = tuple(Card.from_code(code) for code in range(53))
_POSITIONS: Final = (GameState, PlayerView)
"""What the checker reads (a tuple: `isinstance` of a union would build the union at every call)."""


def _resolve(pos: Pos, action: Action) -> Effect | Failure:
    if pos.phase is Phase.ROUND_OVER:
        return Failure(Reason.ROUND_OVER, "the round is over")
    if not isinstance(action, ACTION_TYPES):
        raise TypeError(f"not an action: {action!r}")
    match action:  # the commonest first: a class pattern is an isinstance test
        case Discard():
            return _discard(pos, action)
        case Draw():
            return _draw(pos)
        case TakeDiscard():
            return take(pos, action)
        case LayDown():
            return lay_down(pos, action)
        case LayOff():
            return lay_off(pos, action)
        case SwapJoker():
            return swap(pos, action.target, action.card, action.then)
        case TakeBack():
            return _take_back(pos)
        case TakeFromTable():
            return rob(pos, action)
        case Buy() if pos.phase is Phase.DRAW and pos.rules.next_player_buys:
            return _buy(pos)
        case Knock() | Buy() | Pass() | Consent() | Refuse():
            return claim_effect(pos, action)
        case _:  # pragma: no cover
            assert_never(action)


def draw_refused(pos: Pos) -> Failure | None:
    """Why the player may not draw from the stock now, or ``None`` (rules §4)."""
    wrong = need_phase(pos, Phase.DRAW, "drawing")
    if wrong:
        return wrong
    if pos.stock_size == 0:
        return Failure(Reason.STOCK_EMPTY, "the stock is empty")
    return None


def _draw(pos: Pos) -> Effect | Failure:
    refused = draw_refused(pos)
    if refused:
        return refused
    rules = pos.rules
    opens = claim_window(pos) if rules.claims_played else None
    if opens is None:
        return hand_kept(pos, pos.turn, Next.PLAY, draw=True)
    # Declining the top discard opens a claim window on it (rules §13).
    window, first = opens
    return hand_kept(
        pos,
        pos.turn._with_claim(window),
        Next.CLAIM,
        draw=True,
        ask=first,
    )


def take_refused(pos: Pos) -> Failure | None:
    """Why the top discard may not be taken now at all, or ``None`` (rules §4)."""
    wrong = need_phase(pos, Phase.DRAW, "taking the discard")
    if wrong:
        return wrong
    if not pos.discard_pile:
        return Failure(Reason.DISCARD_PILE_EMPTY, "the discard pile is empty")
    if pos.rules.last_card_stock_only and len(pos.hand) == 1:
        return Failure(
            Reason.LAST_CARD_STOCK_ONLY, "holding one card, draw from the stock (DRoV rule 10)"
        )
    return None


def take(pos: Pos, action: TakeDiscard) -> Effect | Failure:
    refused = take_refused(pos)
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
        hand = add(pos.hand, card)
        turn = pos.turn._with_taken(
            taken=card, taken_in_hand=True, taken_staged=pos.turn.taken_staged
        )
        follow = finish(rules, pos.key + unit(card.code), turn)
        if isinstance(follow, Failure):
            return follow
        return Effect(
            hand=hand,
            key=pos.key + unit(card.code),
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
    taking = with_discard_taken(pos, card)
    if isinstance(use, LayOff):
        refused = indirect_layoff_refused(pos, card, use.cards)
        if refused:
            return refused
        if indirect_take(pos, card, use.cards):
            # indirect_layoff_out=goes_out_this_turn: the turn must go out (DRoV Nr. 10).
            taking = bound_to_go_out(taking)
    return lay(taking, use)


def buy_refused(pos: Pos) -> Failure | None:
    """Why the next player may not buy the top discard in its draw now, or ``None`` (``next_player_buys``, rules §13).

    A purchase takes the top discard and the top stock card: what refuses
    a take or a draw refuses it (the one-card rule of DRoV Nr. 10 included).
    """
    return take_refused(pos) or draw_refused(pos)


def _buy(pos: Pos) -> Effect | Failure:
    """The next player buys the top discard in its draw: it and the top stock card go to the hand (ASS S. 3)."""
    refused = buy_refused(pos)
    if refused:
        return refused
    card = pos.discard_pile[-1]
    return Effect(
        hand=add(pos.hand, card),
        key=pos.key + unit(card.code),
        table=pos.table,
        discard_pile=pos.discard_pile[:-1],
        opened=pos.opened[pos.player],
        turn=pos.turn,
        next=Next.PLAY,
        draw=True,
    )


def bound_to_go_out(pos: Pos) -> Pos:
    """`pos` in a turn that must go out: an indirect lay-off was taken for it (DRoV Nr. 10)."""
    return pos._replace(turn=pos.turn._bound_to_go_out())


def with_discard_taken(pos: Pos, card: Card) -> Pos:
    """The position in which the top discard `card`, taken under ``immediate_use``, is used (rules §4)."""
    return pos._replace(
        hand=add(pos.hand, card),
        key=pos.key + unit(card.code),
        phase=Phase.PLAY,
        discard_pile=pos.discard_pile[:-1],
        turn=pos.turn._with_taken(
            taken=card,
            taken_in_hand=pos.turn.taken_in_hand,
            taken_staged=not pos.opened[pos.player],
        ),
    )


def take_back_refused(pos: Pos) -> Failure | None:
    """Why nothing may be taken back now, or ``None``: there are staged melds or table cards taken (rules §5, §13)."""
    wrong = need_phase(pos, Phase.PLAY, "taking back")
    if wrong:
        return wrong
    if nothing_to_take_back(pos):
        return Failure(Reason.NOTHING_TO_TAKE_BACK, "no staged melds to take back")
    return None


def nothing_to_take_back(pos: Pos) -> bool:
    """Whether there is nothing to take back: no staged melds, no table cards taken (rules §5, §13).

    `take_back_refused` in the play phase, without its refusal (the generator asks only whether).
    """
    return pos.turn.before is None and not any_staged(pos.table)


def _take_back(pos: Pos) -> Effect | Failure:
    refused = take_back_refused(pos)
    if refused:
        return refused
    if pos.turn.before is not None:
        return restore(pos, pos.turn.before)
    staged = [entry for entry in pos.table if entry.staged]
    returned = [card for entry in staged for card in entry.meld.cards]
    table = tuple(entry for entry in pos.table if not entry.staged)
    turn = pos.turn
    pile = pos.discard_pile
    if turn.taken_staged and turn.taken is not None:
        returned.remove(turn.taken)
        pile = (*pile, turn.taken)
        key = pos.key + pack_cards(tuple(returned))
        failed = pos.rules.failed_take
        if failed is FailedTake.DISCARD and can_discard_something(key, pos.rules, None):
            # DRoV Streitfall 1, 3: the turn ends with a discard; the turn keeps the
            # returned card's name, which leaves the player nothing but that discard.
            turn = turn._with_taken(
                taken=turn.taken, taken_in_hand=turn.taken_in_hand, taken_staged=False
            )
            follow = Next.PLAY
        else:
            turn = turn._with_taken(
                taken=None, taken_in_hand=turn.taken_in_hand, taken_staged=False
            )
            follow = Next.REDRAW if failed is FailedTake.REDO_TURN else Next.END_TURN
        return Effect(
            hand=add(pos.hand, *returned),
            key=key,
            table=table,
            discard_pile=pile,
            opened=False,
            turn=turn,
            next=follow,
        )
    if (
        turn.taken is not None
        and turn.taken in returned
        and not turn.taken_in_hand
        and pos.rules.take_discard is TakeMode.FREE
    ):
        # The taken card laid down is back in the hand (rules §4, rediscard_taken: a free take's
        # bookkeeping; a loaded position under immediate_use may name a taken card in a staged meld
        # without marking it staged, and that card goes back to the hand unmarked).
        turn = turn._with_taken(
            taken=turn.taken, taken_in_hand=True, taken_staged=turn.taken_staged
        )
    return Effect(
        hand=add(pos.hand, *returned),
        key=pos.key + pack_cards(tuple(returned)),
        table=table,
        discard_pile=pile,
        opened=False,
        turn=turn,
        next=Next.PLAY,
    )


def _discard_problem(pos: Pos, card: Card, staged: bool) -> Failure | None:
    """Why `card` may not be discarded now, or ``None`` (rules §4, §5, §8); `staged`: melds are staged."""
    wrong = need_phase(pos, Phase.PLAY, "discarding")
    if wrong:
        return wrong
    if not count(pos.key, card.code):
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {card}")
    if pos.turn.borrowed:
        return borrowed_failure(pos)
    if pos.turn.to_go_out and len(pos.hand) > 1:
        return not_going_out(pos.turn)
    if staged and _opening_short(pos):
        return shortfall(staged_melds(pos.table), pos.rules)
    problem = may_discard(card.code, pos.key, pos.rules, locked_code(pos.turn, pos.rules))
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


def _opening_short(pos: Pos) -> bool:
    """Whether the melds staged this turn (there are some) still keep the turn from ending (rules §5, §8).

    They fall short of the opening unless the discard is the hand's last
    card and makes a Hand-Rommé that needs no threshold (`waiver_applies`).
    """
    return len(pos.hand) > 1 or not waiver_applies(pos)


def discardable(pos: Pos) -> list[Card]:
    """The distinct cards `_discard_problem` accepts now, in card order (for the generator)."""
    if pos.phase is not Phase.PLAY or pos.turn.borrowed:
        return []
    if pos.turn.to_go_out and len(pos.hand) > 1:
        return []
    if any_staged(pos.table) and _opening_short(pos):
        return []
    rules = pos.rules
    key = pos.key
    locked = locked_code(pos.turn, rules)
    return [_CARDS[code] for code in codes_in(key) if may_discard(code, key, rules, locked) is None]


def _discard(pos: Pos, action: Discard) -> Effect | Failure:
    card = action.card
    staged = any_staged(pos.table)
    problem = _discard_problem(pos, card, staged)
    if problem is not None:
        return problem
    rules = pos.rules
    rest = remove(pos.hand, (card,))
    assert rest is not None
    # Discarding the last card with staged melds completes a Hand-Rommé (checked above);
    # a player who goes out has laid out all they held, and counts as opened (rules §7, §8).
    opened = pos.opened[pos.player] or staged or not rest
    table = unstage(pos.table) if staged else pos.table
    if not rest:
        nxt = Next.WENT_OUT
    elif card.is_joker and rules.jokers_only_ends_round and all(c.is_joker for c in pos.hand):
        nxt = Next.JOKERS_ONLY
    else:
        nxt = Next.END_TURN
    return Effect(
        hand=rest,
        key=pos.key - unit(card.code),
        table=table,
        discard_pile=(*pos.discard_pile, card),
        opened=opened,
        turn=pos.turn,
        next=nxt,
        hand_romme=nxt is Next.WENT_OUT and hand_romme_possible(pos),
    )


# -- public checks ------------------------------------------------------------------


def position_for(position: GameState | PlayerView, player: int | None) -> Pos | Failure:
    if not isinstance(position, _POSITIONS):
        raise TypeError(
            f"position must be a GameState or a PlayerView, not {type(position).__name__}"
        )
    if player is not None and type(player) is not int:
        raise TypeError(f"player must be a seat number, not {shown(player)}")
    seats = seats_to_act(position)
    if not seats:
        return Failure(Reason.ROUND_OVER, "the round is over")
    viewer = position.player if isinstance(position, PlayerView) else None
    if player is None and viewer is None:
        return read_position(position, seats[0])
    who = f"seat {seats[0]} is to act" if len(seats) == 1 else f"seats {seats} may act"
    if viewer is not None and viewer not in seats:
        return Failure(Reason.NOT_YOUR_TURN, f"this view is seat {viewer}'s; {who}")
    if player is not None and (player not in seats or viewer not in (None, player)):
        return Failure(Reason.NOT_YOUR_TURN, f"seat {shown(player)} tried to act, but {who}")
    seat = player if player is not None else viewer if viewer is not None else seats[0]
    return read_position(position, seat)


def resolve(
    position: GameState | PlayerView, action: Action, player: int | None = None
) -> Effect | Failure:
    """Return the effect of `action` or why it is refused (internal entry point of `apply`)."""
    pos = position_for(position, player)
    if isinstance(pos, Failure):
        return pos
    return _resolve(pos, action)
