"""The game state value (private): `GameState`, and `GameState._of`, the engine's fast path.

Imported by `romme` and the modules that read them.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Final

import attrs

from romme import _guard
from romme._coded import Coded
from romme.cards import Card, card_code
from romme.game._board import board_html, board_text
from romme.game._checks import refuse, state_problem
from romme.game._scoring import RoundResult, first_on_table
from romme.game._values import MAX_SEED, Phase, TableMeld, TurnState
from romme.rules import (
    MAX_DECK_SIZE,
    MAX_RESHUFFLES,
    MAX_SEATS,
    Rules,
)


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

    @classmethod
    def _of(
        cls,
        *,
        rules: Rules,
        seed: int,
        dealer: int,
        hands: tuple[tuple[Card, ...], ...],
        stock: tuple[Card, ...],
        discard_pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        opened: tuple[bool, ...],
        dealt_in: tuple[bool, ...],
        current_player: int,
        phase: Phase,
        turn: TurnState,
        reshuffles: int,
        result: RoundResult | None,
        first_to_open: int | None,
    ) -> GameState:
        """The state of these fields, in their final form, unchecked: the engine's one fast path.

        `apply` makes a state from a state and an action the checker
        accepted, so its fields are already valid and sorted; the
        constructor's converters and checks (the cards against the deck
        among them) would cost more than the rest of a decision. Each
        value the turn core builds has an ``_of`` of the same shape
        (`TurnState._of`, `TableMeld._of`, `romme.melds.Meld._of`, the
        generated actions'): every field by keyword, each set through its
        slot, as attrs' ``__init__`` does; a field left out is a
        `TypeError`, and a test compares each with the checked
        constructor. Callers outside the library use the constructor.
        """
        state = _new(cls)
        _set_rules(state, rules)
        _set_seed(state, seed)
        _set_dealer(state, dealer)
        _set_hands(state, hands)
        _set_stock(state, stock)
        _set_discard_pile(state, discard_pile)
        _set_table(state, table)
        _set_opened(state, opened)
        _set_dealt_in(state, dealt_in)
        _set_current_player(state, current_player)
        _set_phase(state, phase)
        _set_turn(state, turn)
        _set_reshuffles(state, reshuffles)
        _set_result(state, result)
        _set_first_to_open(state, first_to_open)
        return state

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
        """Return the position as a compact table to read (see `romme.game.board_text`)."""
        return board_text(self)

    def _repr_html_(self) -> str:
        """Return the position as a small HTML table, for notebooks (`romme.game.board_html`)."""
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


_new: Final = object.__new__
# The slot setters of GameState's fields, in field order, for `GameState._of`: a field added to
# the state makes this unpacking fail at import until `_of` sets it too.
(
    _set_rules,
    _set_seed,
    _set_dealer,
    _set_hands,
    _set_stock,
    _set_discard_pile,
    _set_table,
    _set_opened,
    _set_dealt_in,
    _set_current_player,
    _set_phase,
    _set_turn,
    _set_reshuffles,
    _set_result,
    _set_first_to_open,
) = (getattr(GameState, field.name).__set__ for field in attrs.fields(GameState))
