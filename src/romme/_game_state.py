"""The game state value (private): `GameState` and the engine's cheap copy of it.

Re-exported by `romme.state`, whose names they are.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from typing import Final

import attrs

from romme import _guard
from romme._coded import Coded
from romme._position_checks import first_on_table, refuse, state_problem
from romme._state_values import MAX_SEED, Phase, TableMeld, TurnState
from romme.board import board_html, board_text
from romme.cards import Card, card_code
from romme.rules import (
    MAX_DECK_SIZE,
    MAX_RESHUFFLES,
    MAX_SEATS,
    Rules,
)
from romme.scoring import RoundResult


def _cards_of(value: Iterable[Card], what: str) -> tuple[Card, ...]:
    cards = _guard.bounded(value, MAX_DECK_SIZE, what)
    for card in cards:
        _guard.instance(card, Card, f"each card of {what}")
    return cards


def _hands(value: Iterable[Iterable[Card]]) -> tuple[tuple[Card, ...], ...]:
    return tuple(
        tuple(sorted(_cards_of(hand, "a hand"), key=card_code))
        for hand in _guard.bounded(value, MAX_SEATS, "hands")
    )


def card_tuple(value: Iterable[Card]) -> tuple[Card, ...]:
    return _cards_of(value, "a pile")


def bool_tuple(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(
        _guard.boolean(flag, "a seat's flag") for flag in _guard.bounded(value, MAX_SEATS, "flags")
    )


def table_tuple(value: Iterable[TableMeld]) -> tuple[TableMeld, ...]:
    entries = _guard.bounded(value, MAX_DECK_SIZE // 3, "the table")
    for entry in entries:
        _guard.instance(entry, TableMeld, "each table entry")
    return entries


def phase_of(value: Phase | str) -> Phase:
    return _guard.member(Phase, value, "phase")


@attrs.frozen(kw_only=True)
class GameState(Coded):
    """One position of a round. Immutable: `romme.apply` returns a new state.

    Use `new_game` or `new_position` to make one. A state built field by
    field (or with ``attrs.evolve``) is checked for its structure, cheaply:
    the cards must be the deck, the seats, table and turn bookkeeping must
    agree, every hand must fit. Whether the player to act has a legal
    action is asked where a position comes in from outside (`new_position`,
    `romme.loads`, `romme.determinize`), not here: the constructor never
    runs the move generator.

    Raises:
        TypeError: For a field of the wrong type.
        InvalidPositionError: For a position that cannot occur; its ``where``
            names the field.
    """

    rules: Rules = attrs.field(validator=_guard.is_instance(Rules, "rules"))
    """The rules played."""
    seed: int = attrs.field(validator=_guard.is_integer("seed", 1 - MAX_SEED, MAX_SEED - 1))
    """The seed of the round; reshuffles of the stock draw from it (rules §9)."""
    dealer: int = attrs.field(validator=_guard.is_integer("dealer"))
    """The dealer's seat."""
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    """Each seat's hand, sorted."""
    stock: tuple[Card, ...] = attrs.field(converter=card_tuple)
    """The face-down stock; the top card is the last."""
    discard_pile: tuple[Card, ...] = attrs.field(converter=card_tuple)
    """The face-up discard pile; the top card is the last."""
    table: tuple[TableMeld, ...] = attrs.field(converter=table_tuple)
    """The melds on the table, in the order laid; actions address them by index."""
    opened: tuple[bool, ...] = attrs.field(converter=bool_tuple)
    """Whether each seat has opened (herausgekommen)."""
    dealt_in: tuple[bool, ...] = attrs.field(converter=bool_tuple)
    """Whether each seat was dealt cards (all but a dealer who sits out)."""
    current_player: int = attrs.field(validator=_guard.is_integer("current_player"))
    """The seat to act."""
    phase: Phase = attrs.field(converter=phase_of)
    """Where that seat is in its turn."""
    turn: TurnState = attrs.field(
        default=TurnState(), validator=_guard.is_instance(TurnState, "turn")
    )
    """Bookkeeping of the turn in progress."""
    reshuffles: int = attrs.field(
        default=0, validator=_guard.is_integer("reshuffles", 0, MAX_RESHUFFLES)
    )
    """How often the stock has been refilled from the discard pile."""
    result: RoundResult | None = attrs.field(
        default=None,
        validator=_guard.is_instance(RoundResult, "result", optional=True),
    )
    """The result, once the round is over."""
    first_to_open: int | None = attrs.field(
        default=attrs.Factory(first_on_table, takes_self=True),
        validator=_guard.is_integer("first_to_open", 0, MAX_SEATS - 1, optional=True),
    )
    """The seat that laid out first this round, or ``None`` (ASS S. 2, ``ass_bonuses``).

    By default read off the table, whose melds lie in the order they were
    laid: the owner of the first meld of a seat that has opened. `apply`
    keeps it as the round goes on, also when that meld is broken up
    (Räuber-Rommé).
    """

    def __attrs_post_init__(self) -> None:
        refuse(state_problem(self))

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hands)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.ROUND_OVER

    @property
    def stock_size(self) -> int:
        """The number of cards in the stock."""
        return len(self.stock)

    @property
    def hand(self) -> tuple[Card, ...]:
        """The hand of the player to act."""
        return self.hands[self.current_player]

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, or ``None``."""
        return self.discard_pile[-1] if self.discard_pile else None

    def hand_sizes(self) -> tuple[int, ...]:
        """Return the number of cards in each seat's hand."""
        return tuple(len(hand) for hand in self.hands)

    def __str__(self) -> str:
        """Return the position as a compact table to read (see `romme.board.board_text`)."""
        return board_text(self)

    def _repr_html_(self) -> str:
        """Return the position as a small HTML table, for notebooks (`romme.board.board_html`)."""
        return board_html(self)

    def all_cards(self) -> Counter[Card]:
        """Return every card in play: hands, table, stock and discard pile."""
        counts: Counter[Card] = Counter(self.stock)
        counts.update(self.discard_pile)
        for hand in self.hands:
            counts.update(hand)
        for entry in self.table:
            counts.update(entry.meld.cards)
        return counts


class _Keep(enum.Enum):
    KEEP = "keep"


_KEEP: Final = _Keep.KEEP
# The slot descriptors of GameState: setting through them skips attrs' frozen guard.
_SLOTS: Final = {field.name: getattr(GameState, field.name) for field in attrs.fields(GameState)}
_put_rules = _SLOTS["rules"].__set__
_put_seed = _SLOTS["seed"].__set__
_put_dealer = _SLOTS["dealer"].__set__
_put_hands = _SLOTS["hands"].__set__
_put_stock = _SLOTS["stock"].__set__
_put_discard_pile = _SLOTS["discard_pile"].__set__
_put_table = _SLOTS["table"].__set__
_put_opened = _SLOTS["opened"].__set__
_put_dealt_in = _SLOTS["dealt_in"].__set__
_put_current_player = _SLOTS["current_player"].__set__
_put_phase = _SLOTS["phase"].__set__
_put_turn = _SLOTS["turn"].__set__
_put_reshuffles = _SLOTS["reshuffles"].__set__
_put_result = _SLOTS["result"].__set__
_put_first_to_open = _SLOTS["first_to_open"].__set__


def replace_state(
    state: GameState,
    *,
    hands: tuple[tuple[Card, ...], ...] | _Keep = _KEEP,
    stock: tuple[Card, ...] | _Keep = _KEEP,
    discard_pile: tuple[Card, ...] | _Keep = _KEEP,
    table: tuple[TableMeld, ...] | _Keep = _KEEP,
    opened: tuple[bool, ...] | _Keep = _KEEP,
    current_player: int | _Keep = _KEEP,
    phase: Phase | _Keep = _KEEP,
    turn: TurnState | _Keep = _KEEP,
    reshuffles: int | _Keep = _KEEP,
    result: RoundResult | _Keep | None = _KEEP,
    first_to_open: int | _Keep | None = _KEEP,
) -> GameState:
    """Return a copy of `state` with the given fields, skipping the converters (internal, for the engine).

    The engine only passes values already in their final form (sorted
    tuples), so running the converters again would only cost time. Every
    field of `GameState` is copied (a test checks that none is missed);
    the ones the engine never changes are not parameters.
    """
    new = object.__new__(GameState)
    _put_rules(new, state.rules)
    _put_seed(new, state.seed)
    _put_dealer(new, state.dealer)
    _put_dealt_in(new, state.dealt_in)
    _put_hands(new, state.hands if hands is _KEEP else hands)
    _put_stock(new, state.stock if stock is _KEEP else stock)
    _put_discard_pile(new, state.discard_pile if discard_pile is _KEEP else discard_pile)
    _put_table(new, state.table if table is _KEEP else table)
    _put_opened(new, state.opened if opened is _KEEP else opened)
    _put_current_player(new, state.current_player if current_player is _KEEP else current_player)
    _put_phase(new, state.phase if phase is _KEEP else phase)
    _put_turn(new, state.turn if turn is _KEEP else turn)
    _put_reshuffles(new, state.reshuffles if reshuffles is _KEEP else reshuffles)
    _put_result(new, state.result if result is _KEEP else result)
    _put_first_to_open(new, state.first_to_open if first_to_open is _KEEP else first_to_open)
    return new
