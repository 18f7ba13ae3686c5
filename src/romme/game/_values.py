"""The values of a position (private): the phase, a table meld, the bookkeeping of a turn.

Imported by `romme` and the modules that read them.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Iterable
from typing import Final, TypeVar

import attrs

from romme import _guard
from romme.cards import Card, card_code
from romme.melds import Meld, MeldKind
from romme.rules import (
    MAX_SEATS,
    MAX_TABLE_TAKES,
)

T = TypeVar("T")

MAX_SEED: Final = 2**128
"""Seeds drawn by `new_game` lie below this bound: 128 bits from the operating system.

A seed a caller gives lies strictly between ``-MAX_SEED`` and ``MAX_SEED``."""
MAX_TURNS: Final = 1_000_000
"""The highest turn number a position may carry (no round comes near it)."""
MAX_BORROWED: Final = 216
"""The most cards a turn may have taken from the table and not melded again (two decks and jokers)."""
MAX_TABLE_MELDS: Final = 216
"""The most melds a table may hold (a bound on input, far above any round)."""


@enum.unique
class Phase(str, enum.Enum):
    """Where the player to act is in their turn."""

    DRAW = "draw"
    """The turn starts: draw from the stock or take the discard."""
    PLAY = "play"
    """Lay down, lay off, swap jokers, take back, and finally discard."""
    ROUND_OVER = "round_over"
    """The round has ended; nobody acts."""
    CLAIM = "claim"
    """A claim window on the top discard (``knocking``, ``buying``): the seat asked answers out of turn."""


def _fresh(value: Iterable[int]) -> frozenset[int]:
    return frozenset(
        _guard.integer(p, "a fresh joker's position", 0, 12)
        for p in _guard.bounded(value, 13, "fresh")
    )


def _announced(value: Iterable[Card]) -> tuple[Card, ...]:
    cards = _guard.bounded(value, 4, "announced")
    for card in cards:
        _guard.instance(card, Card, "an announced card")
        if card.is_joker:
            raise ValueError("a joker is announced as a natural card, not a joker")
    return cards


def _card_or_none(value: Card | None) -> Card | None:
    return None if value is None else _guard.instance(value, Card, "the taken card")


def _items(value: Iterable[T], cls: type[T], limit: int, what: str) -> tuple[T, ...]:
    """The items of `value` as a tuple, each a `cls`, at most `limit` of them."""
    items = _guard.bounded(value, limit, what)
    for item in items:
        _guard.instance(item, cls, f"each of {what}")
    return items


def _borrowed(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(_items(value, Card, MAX_BORROWED, "borrowed"), key=card_code))


def _table_before(value: TableBefore | None) -> TableBefore | None:
    return None if value is None else _guard.instance(value, TableBefore, "before")


def _table_melds(value: Iterable[TableMeld]) -> tuple[TableMeld, ...]:
    return _items(value, TableMeld, MAX_TABLE_MELDS, "the table before")


@attrs.frozen
class TableMeld:
    """A meld on the table with its owner.

    ``staged`` melds were laid this turn by a player who has not reached
    the opening yet; a `TakeBack` returns them (rules §5). ``fresh``
    holds the positions of jokers laid this turn, which may not be swapped
    this turn when ``swap_own_new_joker`` is off (DRoV Streitfall 20).

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For an owner that is no seat, or a fresh position that holds no joker.
    """

    meld: Meld = attrs.field(validator=_guard.is_instance(Meld, "meld"))
    """The meld."""
    owner: int = attrs.field(validator=_guard.is_integer("owner", 0, MAX_SEATS - 1))
    """The seat that laid the meld."""
    staged: bool = attrs.field(default=False, validator=_guard.is_boolean("staged"))
    """Whether the meld is part of an opening not yet complete."""
    fresh: frozenset[int] = attrs.field(default=frozenset(), converter=_fresh)
    """Positions (in ``meld.cards``) of jokers laid this turn."""
    announced: tuple[Card, ...] = attrs.field(default=(), converter=_announced)
    """Under ``announced_jokers``: the cards a set's jokers stand for, one per joker in the order
    of the jokers in ``meld.cards`` (Schmidt S. 3); empty when nothing was announced."""

    @classmethod
    def _of(
        cls,
        *,
        meld: Meld,
        owner: int,
        staged: bool,
        fresh: frozenset[int],
        announced: tuple[Card, ...],
    ) -> TableMeld:
        """The table meld of these fields, in their final form, unchecked: the fast path (`GameState._of`)."""
        entry = _new(cls)
        _set_meld(entry, meld)
        _set_owner(entry, owner)
        _set_staged(entry, staged)
        _set_fresh(entry, fresh)
        _set_announced(entry, announced)
        return entry

    def __attrs_post_init__(self) -> None:
        cards = self.meld.cards
        if any(p >= len(cards) or not cards[p].is_joker for p in self.fresh):
            raise ValueError(f"fresh names a position of {self.meld} that holds no joker")
        if self.announced:
            if self.meld.kind is not MeldKind.SET or len(self.announced) != len(self.meld.jokers):
                raise ValueError(f"announced names one card per joker of a set, not of {self.meld}")
            rank = self.meld.jokers[0].rank
            if any(card.rank is not rank for card in self.announced):
                raise ValueError(f"a joker of {self.meld} is announced as a card of another rank")


def _seats(value: Iterable[int], what: str) -> tuple[int, ...]:
    seats = _guard.bounded(value, MAX_SEATS, what)
    for seat in seats:
        _guard.integer(seat, f"each seat of {what}", 0, MAX_SEATS - 1)
    if len(set(seats)) != len(seats):
        raise ValueError(f"{what} names a seat twice")
    return seats


def _passed(value: Iterable[int]) -> tuple[int, ...]:
    return _seats(value, "passed")


def _consented(value: Iterable[int]) -> tuple[int, ...]:
    return _seats(value, "consented")


@attrs.frozen(kw_only=True)
class ClaimWindow:
    """A claim window on the top discard, open while the seats are asked one at a time (rules §13).

    The next player declined the card by drawing from the stock; the other
    seats are asked in turn order whether they knock (``knocking``) or buy
    (``buying``) it. Under ``buying`` a seat that buys needs the consent of
    every seat whose turn comes before its own, asked in that order. The
    seat asked now is the state's ``current_player``.

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For a seat out of range or named twice, or a consent without a buyer.
    """

    turn_of: int = attrs.field(validator=_guard.is_integer("turn_of", 0, MAX_SEATS - 1))
    """The seat whose turn it is (it drew, declining the card) and who plays on when the window closes."""
    passed: tuple[int, ...] = attrs.field(default=(), converter=_passed)
    """The seats that declined to claim the card, in the order asked."""
    buyer: int | None = attrs.field(
        default=None, validator=_guard.is_integer("buyer", 0, MAX_SEATS - 1, optional=True)
    )
    """Under ``buying``: the seat that asked to buy the card, waiting for consent."""
    consented: tuple[int, ...] = attrs.field(default=(), converter=_consented)
    """Under ``buying``: the seats that consented to the purchase, in the order asked."""

    @classmethod
    def _of(
        cls,
        *,
        turn_of: int,
        passed: tuple[int, ...],
        buyer: int | None,
        consented: tuple[int, ...],
    ) -> ClaimWindow:
        """The claim window of these fields, unchecked: the fast path (`GameState._of`)."""
        window = _new(cls)
        _set_turn_of(window, turn_of)
        _set_passed(window, passed)
        _set_buyer(window, buyer)
        _set_consented(window, consented)
        return window

    def __attrs_post_init__(self) -> None:
        if self.consented and self.buyer is None:
            raise ValueError("consent to a purchase nobody made")
        if self.turn_of in self.passed or self.buyer in (self.turn_of, *self.passed):
            raise ValueError("the seat whose turn it is, or one that passed, claims nothing")


def _claim_or_none(value: ClaimWindow | None) -> ClaimWindow | None:
    return None if value is None else _guard.instance(value, ClaimWindow, "the claim window")


@attrs.frozen(kw_only=True)
class TurnState:
    """What the rules remember within one turn.

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For a negative turn number or count of table takes, a taken card marked but
            not named, or a table before that counts more table takes than the turn.
    """

    number: int = attrs.field(default=0, validator=_guard.is_integer("number", 0, MAX_TURNS))
    """Turns played before this one in the round."""
    opened_before: bool = attrs.field(default=False, validator=_guard.is_boolean("opened_before"))
    """Whether the player had opened before this turn (for Hand-Rommé, rules §8)."""
    taken: Card | None = attrs.field(default=None, converter=_card_or_none)
    """The card taken from the discard pile this turn, if any."""
    taken_in_hand: bool = attrs.field(default=False, validator=_guard.is_boolean("taken_in_hand"))
    """Under ``free``: whether the taken card is still in the hand (``rediscard_taken``)."""
    taken_staged: bool = attrs.field(default=False, validator=_guard.is_boolean("taken_staged"))
    """Under ``immediate_use``: whether the taken card lies in a staged meld (a take-back returns it)."""
    laid_off: bool = attrs.field(default=False, validator=_guard.is_boolean("laid_off"))
    """Whether the player laid off or swapped a joker this turn (DRoV Nr. 10, Hand-Rommé mit Anlegen)."""
    to_go_out: bool = attrs.field(default=False, validator=_guard.is_boolean("to_go_out"))
    """Under ``indirect_layoff_out=goes_out_this_turn``: whether the player took the discard to lay
    it off with hand cards, where it fits only with them, and so must go out this turn (DRoV Nr. 10)."""
    borrowed: tuple[Card, ...] = attrs.field(default=(), converter=_borrowed)
    """Under ``rearrange``: the cards taken from the table this turn that the hand holds and must meld
    again before the turn ends (Räuber-Rommé, ASS S. 2–3), in card order."""
    before: TableBefore | None = attrs.field(default=None, converter=_table_before)
    """Under ``rearrange``: how the table and the turn were before the first card was taken from the
    table this turn, which a `TakeBack` restores; ``None`` when no card was taken."""
    claim: ClaimWindow | None = attrs.field(default=None, converter=_claim_or_none)
    """The claim window open on the top discard (phase ``claim``), if any (rules §13)."""
    table_takes: int = attrs.field(
        default=0, validator=_guard.is_integer("table_takes", 0, MAX_TABLE_TAKES)
    )
    """Under ``rearrange``: how many cards were taken from the table this turn (`TakeFromTable`),
    those a `TakeBack` returned included; ``Rules.max_table_takes`` bounds them (rules §13)."""

    @classmethod
    def _of(
        cls,
        *,
        number: int,
        opened_before: bool,
        taken: Card | None,
        taken_in_hand: bool,
        taken_staged: bool,
        laid_off: bool,
        to_go_out: bool,
        borrowed: tuple[Card, ...],
        before: TableBefore | None,
        claim: ClaimWindow | None,
        table_takes: int,
    ) -> TurnState:
        """The turn of these fields, in their final form, unchecked: the fast path (`GameState._of`)."""
        turn = _new(cls)
        _set_number(turn, number)
        _set_opened_before(turn, opened_before)
        _set_taken(turn, taken)
        _set_taken_in_hand(turn, taken_in_hand)
        _set_taken_staged(turn, taken_staged)
        _set_laid_off(turn, laid_off)
        _set_to_go_out(turn, to_go_out)
        _set_borrowed(turn, borrowed)
        _set_before(turn, before)
        _set_claim(turn, claim)
        _set_table_takes(turn, table_takes)
        return turn

    # The turn core's changes to a turn, one method a kind: each a copy with the fields it
    # changes set again, unchecked as `_of` (the core checked them; `apply` runs them all).

    def _copy(self) -> TurnState:
        """This turn again, every slot set as `_of` sets it: what each change below starts from."""
        turn = _new(TurnState)
        _set_number(turn, self.number)
        _set_opened_before(turn, self.opened_before)
        _set_taken(turn, self.taken)
        _set_taken_in_hand(turn, self.taken_in_hand)
        _set_taken_staged(turn, self.taken_staged)
        _set_laid_off(turn, self.laid_off)
        _set_to_go_out(turn, self.to_go_out)
        _set_borrowed(turn, self.borrowed)
        _set_before(turn, self.before)
        _set_claim(turn, self.claim)
        _set_table_takes(turn, self.table_takes)
        return turn

    def _with_claim(self, claim: ClaimWindow | None) -> TurnState:
        """This turn with the claim window `claim`, ``None`` once it closes (rules §13), unchecked."""
        turn = self._copy()
        _set_claim(turn, claim)
        return turn

    def _with_taken(
        self, *, taken: Card | None, taken_in_hand: bool, taken_staged: bool
    ) -> TurnState:
        """This turn with the card taken from the discard pile and where it lies (rules §4, §5), unchecked."""
        turn = self._copy()
        _set_taken(turn, taken)
        _set_taken_in_hand(turn, taken_in_hand)
        _set_taken_staged(turn, taken_staged)
        return turn

    def _laid_off_now(self) -> TurnState:
        """This turn once the player laid off or swapped a joker (DRoV Nr. 10), unchecked."""
        turn = self._copy()
        _set_laid_off(turn, True)
        return turn

    def _bound_to_go_out(self) -> TurnState:
        """This turn bound to go out: the discard was taken for an indirect lay-off (DRoV Nr. 10), unchecked."""
        turn = self._copy()
        _set_to_go_out(turn, True)
        return turn

    def _with_table_cards(
        self, *, borrowed: tuple[Card, ...], before: TableBefore | None, table_takes: int
    ) -> TurnState:
        """This turn with the table cards held, the table before and the table takes (ASS S. 2–3), unchecked.

        Räuber-Rommé: `borrowed` is in card order, as the constructor keeps it.
        """
        turn = self._copy()
        _set_borrowed(turn, borrowed)
        _set_before(turn, before)
        _set_table_takes(turn, table_takes)
        return turn

    def __attrs_post_init__(self) -> None:
        if (self.taken_in_hand or self.taken_staged) and self.taken is None:
            raise ValueError("a taken card is marked but none is named")
        if self.taken_in_hand and self.taken_staged:
            raise ValueError("the taken card is either in the hand or in a staged meld, not both")
        if self.borrowed and self.before is None:
            raise ValueError("cards taken from the table need the table as it was before")
        if self.before is not None and (
            self.before.turn.before is not None or self.before.turn.borrowed
        ):
            raise ValueError("the turn before the first card was taken holds no taken table cards")
        if self.before is not None and self.before.turn.table_takes > self.table_takes:
            raise ValueError(
                "the turn counts fewer table takes than before the first card was taken"
            )

    def table_cards_in_hand(self, table: Iterable[TableMeld]) -> tuple[Card, ...]:
        """Return the cards the hand of the player to act is known to hold from the table (Räuber-Rommé).

        With `table` the table now: the cards taken from it and not yet
        melded again, and every card that has left it since the first was
        taken (a joker swapped out, say), in card order; every seat sees
        them go. Empty when no card was taken from the table this turn.
        """
        if self.before is None:
            return ()
        left, _came = table_moves(self.before, table)
        known = left | Counter(self.borrowed)
        return tuple(sorted(known.elements(), key=card_code))


@attrs.frozen(kw_only=True)
class TableBefore:
    """The table and the turn as they were before the first card was taken from the table this turn.

    Under ``rearrange`` (Räuber-Rommé) a `TakeBack` restores them: the
    table melds, whether the player to act had opened, and the turn's
    bookkeeping. The hand is not kept: the cards are conserved within a
    turn's play, so the hand then is the hand now with the cards that
    have left the table since, less those that came to it; a view shows
    the table before to every seat without showing a hand.

    Raises:
        TypeError: For a field of the wrong type.
    """

    table: tuple[TableMeld, ...] = attrs.field(converter=_table_melds)
    """The table melds."""
    opened: bool = attrs.field(validator=_guard.is_boolean("opened"))
    """Whether the player to act had opened."""
    turn: TurnState = attrs.field(validator=_guard.is_instance(TurnState, "turn"))
    """The turn's bookkeeping (with no cards taken from the table)."""

    @classmethod
    def _of(cls, *, table: tuple[TableMeld, ...], opened: bool, turn: TurnState) -> TableBefore:
        """The table before of these fields, unchecked: the fast path (`GameState._of`)."""
        before = _new(cls)
        _set_table(before, table)
        _set_opened(before, opened)
        _set_before_turn(before, turn)
        return before


def table_moves(
    before: TableBefore, table: Iterable[TableMeld]
) -> tuple[Counter[Card], Counter[Card]]:
    """The cards that have left the table since `before`, and those that came to it, `table` being the table now.

    The cards are conserved within a turn's play (Räuber-Rommé): those that
    left are in the hand to act, and a `TakeBack` returns each card where it
    was. The turn's bookkeeping, the position checks and the turn core all
    read the moves here.
    """
    now = Counter(card for entry in table for card in entry.meld.cards)
    then = Counter(card for entry in before.table for card in entry.meld.cards)
    return then - now, now - then


_new: Final = object.__new__
# The slot setters of each value's fields, in field order, for its `_of`: a field added to a
# value makes its unpacking fail at import until its `_of` sets it too.
(_set_meld, _set_owner, _set_staged, _set_fresh, _set_announced) = (
    getattr(TableMeld, field.name).__set__ for field in attrs.fields(TableMeld)
)
(_set_turn_of, _set_passed, _set_buyer, _set_consented) = (
    getattr(ClaimWindow, field.name).__set__ for field in attrs.fields(ClaimWindow)
)
(
    _set_number,
    _set_opened_before,
    _set_taken,
    _set_taken_in_hand,
    _set_taken_staged,
    _set_laid_off,
    _set_to_go_out,
    _set_borrowed,
    _set_before,
    _set_claim,
    _set_table_takes,
) = (getattr(TurnState, field.name).__set__ for field in attrs.fields(TurnState))
(_set_table, _set_opened, _set_before_turn) = (
    getattr(TableBefore, field.name).__set__ for field in attrs.fields(TableBefore)
)
