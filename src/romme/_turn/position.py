"""The checker's vocabulary (private): a position as the checker reads it, an action's effect, a refusal.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
import operator
from bisect import bisect_left, bisect_right
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, overload

import attrs

from romme._coded import Coded
from romme.cards import JOKER_CODE, Card, card_code, format_cards
from romme.errors import Reason
from romme.game import GameState, Phase, Position, TableMeld, TurnState
from romme.melds import (
    NATURAL_FIELDS,
    Meld,
    Packer,
    codes_in,
    count,
    is_unit,
    pack_cards,
    packer,
    unit,
)
from romme.rules import FailedTake, JokerDiscard, Rules, TakeDiscardMode

if TYPE_CHECKING:
    pass


class Next(enum.Enum):
    """What follows an action."""

    PLAY = "play"
    END_TURN = "end_turn"
    REDRAW = "redraw"
    WENT_OUT = "went_out"
    JOKERS_ONLY = "jokers_only"
    CLAIM = "claim"
    """A claim window opens or goes on: `ClaimEffect.ask` is the seat asked next (rules §13)."""
    RESUME = "resume"
    """The claim window closes: `ClaimEffect.ask` (whose turn it is) plays on; `ClaimEffect.gives` gets the card, if anyone."""


class Effect:
    """What an action does to the position of the player to act (internal).

    ``key`` is ``hand`` as a packed multiset (`romme.melds.pack_cards`);
    ``draw`` says the top stock card joins the hand too, ``hand_romme``
    that the player goes out with a Hand-Rommé.

    A plain class with slots, not an attrs one: one is built for every
    action applied, and plain attribute stores cost less than the frozen
    class's guarded ones. Nothing changes an effect once built.
    """

    __slots__ = (
        "discard_pile",
        "draw",
        "hand",
        "hand_romme",
        "key",
        "next",
        "opened",
        "table",
        "turn",
    )

    def __init__(
        self,
        *,
        hand: tuple[Card, ...],
        key: int,
        table: tuple[TableMeld, ...],
        discard_pile: tuple[Card, ...],
        opened: bool,
        turn: TurnState,
        next: Next,
        draw: bool = False,
        hand_romme: bool = False,
    ) -> None:
        self.hand = hand
        self.key = key
        self.table = table
        self.discard_pile = discard_pile
        self.opened = opened
        self.turn = turn
        self.next = next
        self.draw = draw
        self.hand_romme = hand_romme


class ClaimEffect(Effect):
    """The effect of a draw that opens a claim window, or of an answer in one (rules §13, internal).

    A subclass, so that the effects of the other actions, which the
    generator builds many of, carry no fields they never use. ``ask`` is,
    under `Next.CLAIM`, the seat asked next, under `Next.RESUME` the seat
    that plays on; ``gives``, under `Next.RESUME`, the seat that gets the
    top discard and the top stock card (a knock or purchase).
    """

    __slots__ = ("ask", "gives")

    def __init__(self, effect: Effect, *, ask: int, gives: int | None = None) -> None:
        """`effect`'s fields, with `ask` and `gives`."""
        for name in Effect.__slots__:
            setattr(self, name, getattr(effect, name))
        self.ask = ask
        self.gives = gives


@attrs.frozen
class Failure:
    """Why an action is refused (internal)."""

    reason: Reason
    message: str


class Pos(NamedTuple):
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
    key: int
    """`hand` as a packed multiset (`romme.melds.pack_cards`), for the meld searches."""
    dealt_in: tuple[bool, ...] = ()
    """Whether each seat was dealt in, for the claim windows (rules §13)."""

    def with_hand(self, hand: tuple[Card, ...], **changes: Any) -> Pos:
        """This position with `hand` (and its packed `key`) and the other `changes`."""
        return self._replace(hand=hand, key=pack_cards(hand), **changes)


def seats_to_act(position: Position) -> tuple[int, ...]:
    """Return the seats that may act at this decision point: the player to act, none once the round is over.

    The one place that says who may act: rules that let a seat act out of
    turn (a claim on a discard) name more seats here, and the checker, the
    generator and `apply` follow. A claim window (``knocking``, ``buying``,
    rules §13) asks its seats one at a time in their fixed order of
    priority, so that it names one seat too: the seat asked now, which the
    state holds as its ``current_player``.
    """
    if position.phase is Phase.ROUND_OVER:
        return ()
    return (position.current_player,)


_get_coded: Final = Coded._coded.__get__  # type: ignore[attr-defined]
_set_coded: Final = Coded._coded.__set__  # type: ignore[attr-defined]


def hand_key(state: GameState, seat: int) -> int:
    """The hand of `seat` in `state` as a packed multiset (`romme.melds.pack_cards`).

    A state keeps the packed hand of the seat that acts in it, once known:
    `apply` hands it on while that seat goes on acting, and a check of the
    state fills it otherwise. Other seats' hands are packed when asked.
    """
    if seat != state.current_player:
        return pack_cards(state.hands[seat])
    try:
        return _get_coded(state)  # type: ignore[no-any-return]
    except AttributeError:
        key = pack_cards(state.hands[seat])
        _set_coded(state, key)
        return key


def kept_hand_key(state: GameState) -> int | None:
    """The packed hand of the seat to act that `state` keeps, if any (for tests: it fills nothing)."""
    try:
        kept: int = _get_coded(state)
    except AttributeError:
        return None
    return kept


def keep_hand_key(state: GameState, key: int) -> GameState:
    """Return `state` keeping `key`, the hand of its seat to act as a packed multiset (`apply` hands it on)."""
    _set_coded(state, key)
    return state


def read_position(position: Position, seat: int) -> Pos:
    """The position as the checker reads it for `seat`, one of `seats_to_act` (a view: its own seat)."""
    if type(position) is GameState:
        hand = position.hands[seat]
        key = hand_key(position, seat)
    else:
        hand = position.hand
        key = pack_cards(hand)
    # Straight from the tuple of its fields, without the named tuple's own `__new__`
    # (a Python function): this runs for every check.
    return _new_pos(
        Pos,
        (
            position.rules,
            seat,
            position.phase,
            hand,
            position.table,
            position.discard_pile,
            position.opened,
            position.turn,
            position.stock_size,
            key,
            position.dealt_in,
        ),
    )


_new_pos: Final = tuple.__new__


# -- helpers ----------------------------------------------------------------------


@overload
def remove(hand: tuple[Card, ...], cards: Sequence[Card]) -> tuple[Card, ...] | None: ...
@overload
def remove(
    hand: tuple[Card, ...], cards: Sequence[Card], *, partly: Literal[True]
) -> tuple[Card, ...]: ...
def remove(
    hand: tuple[Card, ...], cards: Sequence[Card], *, partly: bool = False
) -> tuple[Card, ...] | None:
    """Return `hand` without `cards` (a multiset difference), or ``None`` if it lacks some.

    With `partly`, the cards `hand` lacks are passed over instead. A hand
    is sorted (as every hand is kept), so one card is found by bisection.
    """
    if len(cards) == 1 and not partly:  # a discard, a swap's card: the commonest removal
        code = cards[0].code
        place = bisect_left(hand, code, key=card_code)
        if place == len(hand) or hand[place].code != code:
            return None
        return hand[:place] + hand[place + 1 :]
    rest = list(hand)
    codes = [card.code for card in hand]  # integers compare faster than cards
    for card in cards:
        try:
            place = codes.index(card.code)
        except ValueError:
            if partly:
                continue
            return None
        del codes[place]
        del rest[place]
    return tuple(rest)  # still sorted


def add(hand: tuple[Card, ...], *cards: Card) -> tuple[Card, ...]:
    """`hand` with `cards` added, in card order (the order every hand is kept in)."""
    if len(cards) == 1:  # a draw: one card put in its place
        place = bisect_right(hand, cards[0].code, key=card_code)
        return (*hand[:place], cards[0], *hand[place:])
    return tuple(sorted((*hand, *cards), key=card_code))


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


def first_go_round(pos: Pos) -> bool:
    """Whether melding waits because not every seat has had a turn yet (``no_melds_first_go_round``, ASS S. 1)."""
    rules = pos.rules
    return rules.no_melds_first_go_round and pos.turn.number < rules.players_dealt_in(
        len(pos.opened)
    )


def failed_take_discards(pos: Pos) -> bool:
    """Whether a failed take leaves the player only the discard (``failed_take = discard``, DRoV Streitfall 1, 3).

    Its take-back keeps the returned card named in the turn: only then does
    a player who has not opened hold a taken card that lies in no staged meld.
    """
    rules = pos.rules
    turn = pos.turn
    return (
        rules.failed_take is FailedTake.DISCARD
        and turn.taken is not None
        and not turn.taken_staged
        and not turn.taken_in_hand
        and not pos.opened[pos.player]
        and rules.take_discard is TakeDiscardMode.IMMEDIATE_USE
    )


def waiver_applies(pos: Pos) -> bool:
    """Whether a Hand-Rommé of own melds needs no threshold now (DRoV Nr. 10)."""
    return (
        pos.rules.hand_romme_waives_threshold
        and hand_romme_possible(pos)
        and not pos.turn.laid_off
        and pos.turn.before is None  # no table cards taken: own melds only (Räuber-Rommé)
    )


_is_staged: Final = operator.attrgetter("staged")
_fresh_of: Final = operator.attrgetter("fresh")


def any_staged(table: tuple[TableMeld, ...]) -> bool:
    """Whether a meld of `table` is staged: laid this turn towards an opening not yet complete (rules §5)."""
    return any(map(_is_staged, table))


def any_fresh(table: tuple[TableMeld, ...]) -> bool:
    """Whether a meld of `table` holds a joker laid this turn."""
    return any(map(_fresh_of, table))


def unstage(table: tuple[TableMeld, ...]) -> tuple[TableMeld, ...]:
    """The table with this turn's staged melds made final (the opening is complete)."""
    return tuple(
        table_meld(e.meld, e.owner, False, e.fresh, e.announced) if e.staged else e for e in table
    )


def table_meld(
    meld: Meld,
    owner: int,
    staged: bool,
    fresh: frozenset[int],
    announced: tuple[Card, ...] = (),
) -> TableMeld:
    """``TableMeld(meld, owner, staged, fresh, announced)`` of values the checker made, without checking them again."""
    return _new_table_meld(meld=meld, owner=owner, staged=staged, fresh=fresh, announced=announced)


# The core's table melds are made of fields it checked: built unchecked (`GameState._of`); its
# turns likewise, through the changes `TurnState` offers the core (`TurnState._with_claim`, ...).
_new_table_meld: Final = TableMeld._of


def replace_at(table: tuple[TableMeld, ...], index: int, entry: TableMeld) -> tuple[TableMeld, ...]:
    return (*table[:index], entry, *table[index + 1 :])


def staged_melds(table: tuple[TableMeld, ...]) -> list[Meld]:
    return [entry.meld for entry in table if entry.staged]


def hand_kept(
    pos: Pos,
    turn: TurnState,
    nxt: Next,
    *,
    draw: bool = False,
    ask: int | None = None,
    gives: int | None = None,
) -> Effect:
    """The effect of an action that leaves the hand, the table and the discard pile as they are.

    A draw, or with `ask` a draw that opens a claim window or an answer in
    one (a `ClaimEffect`, rules §13).
    """
    effect = Effect(
        hand=pos.hand,
        key=pos.key,
        table=pos.table,
        discard_pile=pos.discard_pile,
        opened=pos.opened[pos.player],
        turn=turn,
        next=nxt,
        draw=draw,
    )
    if ask is None:
        return effect
    return ClaimEffect(effect, ask=ask, gives=gives)


# -- what every stage checks ----------------------------------------------------------


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


def check_cards(pos: Pos, cards: Sequence[Card]) -> tuple[Card, ...] | Failure:
    rest = remove(pos.hand, cards)
    if rest is None:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {format_cards(cards)}")
    return rest


def after_use(turn: TurnState, cards: Sequence[Card]) -> TurnState:
    """`turn` once `cards` of the hand went to the table: the taken card, or table cards, melded again."""
    if turn.borrowed:
        # Table cards held (Räuber-Rommé) count as melded again first: a copy
        # from the hand and one from the table are the same card. A card that
        # counts so is not also the taken card: that stays in the hand.
        borrowed = turn.borrowed
        turn = turn._with_table_cards(
            borrowed=remove(borrowed, cards, partly=True),
            before=turn.before,
            table_takes=turn.table_takes,
        )
        cards = remove(tuple(cards), borrowed, partly=True)
    if turn.taken_in_hand and turn.taken in cards:
        return turn._with_taken(
            taken=turn.taken, taken_in_hand=False, taken_staged=turn.taken_staged
        )
    return turn


def borrowed_failure(pos: Pos) -> Failure:
    """The refusal of a turn's end while the hand holds cards taken from the table (Räuber-Rommé)."""
    return Failure(
        Reason.TABLE_CARDS_IN_HAND,
        f"{format_cards(pos.turn.borrowed)} taken from the table must be melded again "
        "before the turn ends, or taken back (ASS S. 2–3)",
    )


def need_phase(pos: Pos, phase: Phase, what: str) -> Failure | None:
    if pos.phase is not phase:
        return Failure(
            Reason.WRONG_PHASE,
            f"{what} belongs to the {phase.value} phase, not the {pos.phase.value} phase",
        )
    return None


def not_first_go_round(pos: Pos, what: str) -> Failure | None:
    if first_go_round(pos):
        return Failure(
            Reason.FIRST_GO_ROUND,
            f"{what} waits until every seat has had a turn under these rules (ASS S. 1)",
        )
    return None


def not_after_failed_take(pos: Pos, what: str) -> Failure | None:
    if failed_take_discards(pos):
        return Failure(
            Reason.TURN_ENDS_WITH_DISCARD,
            f"{what} is over for this turn: after the failed take only a discard ends it (DRoV Streitfall 1, 3)",
        )
    return None
