"""The game state (Spielstand) of one round: hands, stock, discard pile, table, and whose turn it is.

`new_game` deals a round reproducibly from a seed; `new_position` sets up
any position from explicit cards and checks that they form the deck.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, Literal, Protocol

import attrs

from romme import _guard
from romme.cards import Card, card_code, make_deck
from romme.errors import InvalidMeldError, InvalidPositionError
from romme.melds import Meld, MeldKind, meld_failure, validate_meld
from romme.rules import (
    MAX_DECK_SIZE,
    MAX_RESHUFFLES,
    MAX_SEATS,
    MIN_SEATS,
    ExtraCard,
    FirstPlayer,
    Rules,
    TakeDiscardMode,
)
from romme.scoring import RoundResult, score_hands

__all__ = ["GameState", "Phase", "TableMeld", "TurnState", "new_game", "new_position"]

_MAX_CARDS: Final = MAX_DECK_SIZE

MAX_SEED: Final = 2**128
"""Seeds drawn by `new_game` lie below this bound: 128 bits from the operating system."""
MAX_TURNS: Final = 1_000_000
"""The highest turn number a position may carry (no round comes near it)."""


@enum.unique
class Phase(str, enum.Enum):
    """Where the player to act is in their turn."""

    DRAW = "draw"
    """The turn starts: draw from the stock or take the discard."""
    PLAY = "play"
    """Lay down, lay off, swap jokers, take back, and finally discard."""
    ROUND_OVER = "round_over"
    """The round has ended; nobody acts."""


def _fresh(value: Iterable[int]) -> frozenset[int]:
    return frozenset(
        _guard.integer(p, "a fresh joker's position", 0, 12)
        for p in _guard.bounded(value, 13, "fresh")
    )


def _card_or_none(value: Card | None) -> Card | None:
    return None if value is None else _guard.instance(value, Card, "the taken card")


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

    def __attrs_post_init__(self) -> None:
        cards = self.meld.cards
        if any(p >= len(cards) or not cards[p].is_joker for p in self.fresh):
            raise ValueError(f"fresh names a position of {self.meld} that holds no joker")


@attrs.frozen(kw_only=True)
class TurnState:
    """What the rules remember within one turn.

    Raises:
        TypeError: For a field of the wrong type.
        ValueError: For a negative turn number, or a taken card marked but not named.
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

    def __attrs_post_init__(self) -> None:
        if (self.taken_in_hand or self.taken_staged) and self.taken is None:
            raise ValueError("a taken card is marked but none is named")
        if self.taken_in_hand and self.taken_staged:
            raise ValueError("the taken card is either in the hand or in a staged meld, not both")


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


def _card_tuple(value: Iterable[Card]) -> tuple[Card, ...]:
    return _cards_of(value, "a pile")


def _bool_tuple(value: Iterable[bool]) -> tuple[bool, ...]:
    return tuple(
        _guard.boolean(flag, "a seat's flag") for flag in _guard.bounded(value, MAX_SEATS, "flags")
    )


def _table_tuple(value: Iterable[TableMeld]) -> tuple[TableMeld, ...]:
    entries = _guard.bounded(value, MAX_DECK_SIZE // 3, "the table")
    for entry in entries:
        _guard.instance(entry, TableMeld, "each table entry")
    return entries


def _phase(value: Phase | str) -> Phase:
    return _guard.member(Phase, value, "phase")


@attrs.frozen(kw_only=True)
class GameState:
    """One position of a round. Immutable: `romme.apply` returns a new state.

    Use `new_game` or `new_position` to make one. A state built field by
    field (or with ``attrs.evolve``) is checked like a loaded document: the
    cards must be the deck, the seats, table and turn bookkeeping must
    agree, and the player to act must have a legal action.

    Raises:
        TypeError: For a field of the wrong type.
        InvalidPositionError: For a position that cannot occur; its ``where``
            names the field.
    """

    rules: Rules = attrs.field(validator=_guard.is_instance(Rules, "rules"))
    """The rules played."""
    seed: int = attrs.field(validator=_guard.is_integer("seed"))
    """The seed of the round; reshuffles of the stock draw from it (rules §9)."""
    dealer: int = attrs.field(validator=_guard.is_integer("dealer"))
    """The dealer's seat."""
    hands: tuple[tuple[Card, ...], ...] = attrs.field(converter=_hands)
    """Each seat's hand, sorted."""
    stock: tuple[Card, ...] = attrs.field(converter=_card_tuple)
    """The face-down stock; the top card is the last."""
    discard_pile: tuple[Card, ...] = attrs.field(converter=_card_tuple)
    """The face-up discard pile; the top card is the last."""
    table: tuple[TableMeld, ...] = attrs.field(converter=_table_tuple)
    """The melds on the table, in the order laid; actions address them by index."""
    opened: tuple[bool, ...] = attrs.field(converter=_bool_tuple)
    """Whether each seat has opened (herausgekommen)."""
    dealt_in: tuple[bool, ...] = attrs.field(converter=_bool_tuple)
    """Whether each seat was dealt cards (all but a dealer who sits out)."""
    current_player: int = attrs.field(validator=_guard.is_integer("current_player"))
    """The seat to act."""
    phase: Phase = attrs.field(converter=_phase)
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
        from romme.board import board_text

        return board_text(self)

    def _repr_html_(self) -> str:
        """Return the position as a small HTML table, for notebooks (`romme.board.board_html`)."""
        from romme.board import board_html

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
    return new


def _seat_after(seat: int, dealt_in: Sequence[bool]) -> int:
    players = len(dealt_in)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if dealt_in[candidate]:
            return candidate
    raise AssertionError("no seat is dealt in")  # pragma: no cover - Rules ensures two


def check_seats(rules: Rules, players: object, dealer: object) -> None:
    """Raise `InvalidPositionError` unless `players` seats with `dealer` are possible under `rules`."""
    if type(players) is not int:
        raise InvalidPositionError(f"players must be an int, not {players!r}")
    if not 2 <= players <= rules.max_players:
        raise InvalidPositionError(
            f"these rules seat 2 to {rules.max_players} players, not {players}"
        )
    if rules.players_dealt_in(players) < 2:
        raise InvalidPositionError("with dealer_sits_out at least 3 seats are needed")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidPositionError(f"dealer must be a seat from 0 to {players - 1}, not {dealer!r}")


def first_player(rules: Rules, dealer: int, dealt_in: Sequence[bool]) -> int:
    """Return the seat that plays first in a round dealt by `dealer` (rules §2)."""
    if rules.first_player is FirstPlayer.DEALER and dealt_in[dealer]:
        return dealer
    return _seat_after(dealer, dealt_in)


def new_game(
    rules: Rules | None = None, players: int = 4, *, seed: int | None = None, dealer: int = 0
) -> GameState:
    """Deal a new round.

    The deck is shuffled with ``random.Random(seed)``, so the same seed
    gives the same deal on every machine; with `seed` ``None`` a fresh
    seed is drawn and recorded in the state. Cards are dealt one at a
    time, clockwise from the dealer's left, to every seat dealt in
    (rules §2).

    Args:
        rules: The rules; ``Rules()`` if ``None``.
        players: The number of seats, 2 to ``rules.max_players``.
        seed: The seed of the deal.
        dealer: The dealer's seat.

    Raises:
        InvalidPositionError: For an impossible number of players or dealer seat.

    >>> from romme import find_rules
    >>> state = new_game(find_rules("drov"), 4, seed=7)
    >>> state.hand_sizes(), state.current_player, len(state.discard_pile)
    ((0, 13, 13, 13), 1, 1)
    """
    rules = Rules() if rules is None else rules
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    check_seats(rules, players, dealer)
    if seed is None:
        # 128 bits from the operating system: a seed rebuilds every hand, so
        # it must not be guessable from one's own cards (see the data how-to).
        seed = random.SystemRandom().getrandbits(128)
    elif type(seed) is not int:
        raise InvalidPositionError(f"seed must be an int, not {seed!r}")
    stock = list(make_deck(rules))
    random.Random(seed).shuffle(stock)
    dealt_in = tuple(not (rules.dealer_sits_out and seat == dealer) for seat in range(players))
    hands: list[list[Card]] = [[] for _ in range(players)]
    order = []
    seat = dealer
    for _ in range(sum(dealt_in)):
        seat = _seat_after(seat, dealt_in)
        order.append(seat)
    for _ in range(rules.hand_size):
        for seat in order:
            hands[seat].append(stock.pop())
    starter = first_player(rules, dealer, dealt_in)
    if rules.extra_card is ExtraCard.FIRST_PLAYER:
        hands[starter].append(stock.pop())
    elif rules.extra_card is ExtraCard.DEALER:
        hands[dealer].append(stock.pop())
    discard_pile = [stock.pop()] if rules.upcard else []
    return GameState(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=hands,
        stock=stock,
        discard_pile=discard_pile,
        table=(),
        opened=(False,) * players,
        dealt_in=dealt_in,
        current_player=starter,
        phase=Phase.DRAW if rules.first_turn_draws else Phase.PLAY,
        turn=TurnState(),
    )


TableEntry = TableMeld | tuple[Meld | Iterable[Card] | str, int]


def _table_meld(entry: TableEntry, rules: Rules, players: int) -> TableMeld:
    if isinstance(entry, TableMeld):
        cards: Iterable[Card] | str = entry.meld.cards
        kind: MeldKind | None = entry.meld.kind
        owner = entry.owner
    else:
        try:
            source, owner = entry
        except (TypeError, ValueError):
            raise InvalidPositionError(
                f"a table entry is a TableMeld or a (cards, owner) pair, not {entry!r}"
            ) from None
        if isinstance(source, Meld):
            cards, kind = source.cards, source.kind
        else:
            cards, kind = source, None
    if type(owner) is not int or not 0 <= owner < players:
        raise InvalidPositionError(f"a table meld's owner must be a seat, not {owner!r}")
    try:
        meld = validate_meld(cards, rules, kind=kind)
    except InvalidMeldError as error:
        raise InvalidPositionError(f"table meld is not valid: {error}") from error
    if not isinstance(entry, TableMeld):
        return TableMeld(meld, owner)
    # A turn in progress: its staged melds and the jokers laid in it are kept
    # (`GameState` checks them against the turn).
    try:
        return TableMeld(meld, owner, entry.staged, entry.fresh)
    except ValueError as error:
        raise InvalidPositionError(f"table meld {meld}: {error}") from None


StockOrder = Literal["top_last", "top_first"]
"""How `new_position` reads a stock given card by card: ``"top_last"`` or ``"top_first"``."""


def new_position(
    rules: Rules,
    *,
    hands: Sequence[Iterable[Card] | str],
    stock: Iterable[Card] | str | None = None,
    stock_order: StockOrder = "top_last",
    discard_pile: Iterable[Card] | str = (),
    table: Iterable[TableEntry] = (),
    opened: Sequence[bool] | None = None,
    current_player: int = 0,
    phase: Phase = Phase.DRAW,
    dealer: int | None = None,
    seed: int = 0,
    reshuffles: int = 0,
    turn: TurnState | None = None,
) -> GameState:
    """Set up a position from explicit cards, at the start of `current_player`'s turn or later in it.

    Cards may be given as `Card` values or text. With `stock` ``None``
    (the default) the stock is the rest of the deck: every card that the
    hands, the discard pile and the table do not name, in the order of
    `romme.make_deck`, then shuffled with ``random.Random(seed)``; so a
    test names only the cards it is about.
    A stock given card by card is read with its top card last
    (``stock_order="top_last"``, the order of `GameState.stock`) or first
    (``"top_first"``, the way people write a pile down). The discard
    pile's top card is its last. Table entries are ``(cards, owner)``
    pairs or `TableMeld` values; their owners must have opened.

    A position may start in the middle of a turn: pass its bookkeeping as
    `turn` (a card taken this turn, in the hand or in a staged meld; a
    lay-off made) and give the melds laid in it as `TableMeld` values,
    staged (towards the opening of the player to act) or with jokers laid
    this turn (``fresh``). The position is checked like a loaded document:
    the turn must agree with the hand and the table.

    Every seat dealt in holds at least one card (a seat with none would
    have gone out). Under ``dealer_sits_out`` the dealer's hand says
    whether the dealer sits out: a dealer given no cards sits out and never
    acts, and a dealer given cards is read as dealt in, a table where the
    dealer plays this round (not refused). Any other seat with an empty
    hand is refused (`InvalidPositionError`), also under
    ``dealer_sits_out``.

    Args:
        rules: The rules played.
        hands: One hand per seat.
        stock: The stock, or ``None`` for the rest of the deck, shuffled by `seed`.
        stock_order: Where the top card of a given `stock` is: ``"top_last"`` or ``"top_first"``.
        discard_pile: The discard pile, top card last.
        table: The melds on the table and their owners.
        opened: Whether each seat has opened; by default the seats that own a table meld.
        current_player: The seat to act.
        phase: `Phase.DRAW` (the turn's start) or `Phase.PLAY` (after the draw).
        dealer: The dealer's seat; by default the seat before `current_player`.
        seed: The round's seed: it shuffles the rest of the deck and later reshuffles.
        reshuffles: How often the stock has been refilled already.
        turn: The bookkeeping of the turn in progress; by default a turn
            with nothing taken or laid yet.

    Raises:
        InvalidPositionError: If the cards in play are not exactly the
            deck of `rules`, a table meld is invalid, the seats, phase,
            owners or stock order are impossible, or the turn disagrees with
            the hand and the table.

    >>> from romme import find_rules
    >>> rules = find_rules("classic")
    >>> state = new_position(rules, hands=["Q♣ K♣ A♣ 7♥", "2♦ 3♦"], discard_pile="9♠", seed=1)
    >>> state.hand_sizes(), len(state.stock), state.top_discard
    ((4, 2), 103, Card(9♠))
    >>> new_position(rules, hands=["Q♣", ""], stock=None)
    Traceback (most recent call last):
    ...
    romme.errors.InvalidPositionError: seat 1 holds no cards: a seat dealt in with an empty hand would have gone out

    >>> new_position(rules, hands=["Q♣ K♣"], stock="A♣")
    Traceback (most recent call last):
    ...
    romme.errors.InvalidPositionError: these rules seat 2 to 6 players, not 1
    """
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    if isinstance(hands, str) or not isinstance(hands, Sequence):
        raise InvalidPositionError(f"hands must be a sequence of hands, not {hands!r}")
    if len(hands) > MAX_SEATS:
        raise InvalidPositionError(f"at most {MAX_SEATS} hands, not {len(hands)}")
    parsed = [_to_cards(hand, "hand") for hand in hands]
    try:
        phase = Phase(phase)
    except ValueError:
        raise InvalidPositionError(f"no phase {phase!r}") from None
    players = len(parsed)
    dealer = (current_player - 1) % max(players, 1) if dealer is None else dealer
    check_seats(rules, players, dealer)
    if type(current_player) is not int or not 0 <= current_player < players:
        raise InvalidPositionError(f"current_player must be a seat, not {current_player!r}")
    if phase not in (Phase.DRAW, Phase.PLAY):
        raise InvalidPositionError(f"a position is set up in the draw or play phase, not {phase!r}")
    if type(seed) is not int or type(reshuffles) is not int or reshuffles < 0:
        raise InvalidPositionError("seed and reshuffles must be ints (reshuffles 0 or more)")
    for seat, hand in enumerate(parsed):
        if len(hand) > rules.hand_size + 2:
            raise InvalidPositionError(
                f"seat {seat} holds {len(hand)} cards; a hand never holds more than "
                f"{rules.hand_size + 2} (hand_size, an extra card and a drawn one)"
            )
    try:
        table_items = tuple(itertools.islice(table, rules.deck_size + 1))
    except TypeError:
        raise InvalidPositionError(f"table must be (cards, owner) pairs, not {table!r}") from None
    if len(table_items) > rules.deck_size // 3:
        raise InvalidPositionError("more table melds than the deck can make")
    entries = tuple(_table_meld(entry, rules, players) for entry in table_items)
    if opened is not None and not isinstance(opened, Sequence):
        raise InvalidPositionError(f"opened must hold one bool per seat, not {opened!r}")
    if opened is not None and len(opened) != players:
        raise InvalidPositionError(f"opened must hold one bool per seat ({players})")
    opened_flags = (
        tuple(opened)
        if opened is not None
        else tuple(
            any(entry.owner == seat and not entry.staged for entry in entries)
            for seat in range(players)
        )
    )
    if len(opened_flags) != players or not all(type(flag) is bool for flag in opened_flags):
        raise InvalidPositionError("opened must hold one bool per seat")
    for entry in entries:
        if not opened_flags[entry.owner] and not entry.staged:
            raise InvalidPositionError(f"seat {entry.owner} owns a table meld but has not opened")
    if turn is not None and not isinstance(turn, TurnState):
        raise InvalidPositionError(f"turn must be a TurnState, not {type(turn).__name__}")
    dealt_in = tuple(
        not (rules.dealer_sits_out and seat == dealer and not parsed[seat])
        for seat in range(players)
    )
    if not dealt_in[current_player]:
        raise InvalidPositionError("the dealer sits out and cannot be the player to act")
    for seat, hand in enumerate(parsed):
        if dealt_in[seat] and not hand:
            raise InvalidPositionError(
                f"seat {seat} holds no cards: a seat dealt in with an empty hand would have gone out"
                + (
                    f"; only the dealer (seat {dealer}) may sit out"
                    if rules.dealer_sits_out
                    else ""
                )
            )
    if stock_order not in ("top_last", "top_first"):
        raise InvalidPositionError(f"stock_order is 'top_last' or 'top_first', not {stock_order!r}")
    discards = _to_cards(discard_pile, "discard pile")
    if stock is None:
        named: Counter[Card] = Counter(discards)
        for hand in parsed:
            named.update(hand)
        for entry in entries:
            named.update(entry.meld.cards)
        rest = sorted((Counter(make_deck(rules)) - named).elements(), key=card_code)
        random.Random(seed).shuffle(rest)
        stock_cards = tuple(rest)
    else:
        stock_cards = _to_cards(stock, "stock")
        if stock_order == "top_first":
            stock_cards = stock_cards[::-1]
    state = GameState(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=parsed,
        stock=stock_cards,
        discard_pile=discards,
        table=entries,
        opened=opened_flags,
        dealt_in=dealt_in,
        current_player=current_player,
        phase=phase,
        turn=TurnState(opened_before=opened_flags[current_player]) if turn is None else turn,
        reshuffles=reshuffles,
    )
    check_cards(state)
    if phase is Phase.DRAW and not state.stock:
        raise InvalidPositionError("the stock is empty at the start of a turn")
    return state


def _to_cards(value: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
    from romme.cards import parse_cards

    if isinstance(value, str):
        return parse_cards(value)
    try:
        # No pile or hand holds more than a deck: stop reading there.
        result = tuple(itertools.islice(value, _MAX_CARDS + 1))
    except TypeError:
        raise InvalidPositionError(f"the {what} must be cards, not {value!r}") from None
    if len(result) > _MAX_CARDS:
        raise InvalidPositionError(f"the {what} holds more cards than any deck")
    for card in result:
        if not isinstance(card, Card):
            raise InvalidPositionError(f"the {what} holds {card!r}, which is not a Card")
    return result


def check_cards(state: GameState) -> None:
    """Raise `InvalidPositionError` unless the cards in `state` are exactly its rules' deck."""
    expected = Counter(make_deck(state.rules))
    actual = state.all_cards()
    if actual != expected:
        missing = expected - actual
        extra = actual - expected
        parts = []
        if missing:
            parts.append("missing " + " ".join(str(c) for c in sorted(missing.elements())))
        if extra:
            parts.append("too many " + " ".join(str(c) for c in sorted(extra.elements())))
        raise InvalidPositionError("the cards in play are not the deck: " + "; ".join(parts))


Problem = tuple[str, str]
"""What is impossible about a position: the field at fault (``""`` for the whole) and why."""


def refuse(problem: Problem | None) -> None:
    """Raise `InvalidPositionError` for `problem`, naming its field in ``where``; nothing for ``None``."""
    if problem is not None:
        where, message = problem
        raise InvalidPositionError(message, where=where)


class _Position(Protocol):
    """The fields a `GameState` and a `romme.PlayerView` share, as `common_problem` reads them."""

    @property
    def rules(self) -> Rules: ...
    @property
    def dealer(self) -> int: ...
    @property
    def current_player(self) -> int: ...
    @property
    def phase(self) -> Phase: ...
    @property
    def table(self) -> tuple[TableMeld, ...]: ...
    @property
    def opened(self) -> tuple[bool, ...]: ...
    @property
    def dealt_in(self) -> tuple[bool, ...]: ...
    @property
    def turn(self) -> TurnState: ...
    @property
    def result(self) -> RoundResult | None: ...


def common_problem(
    position: _Position, players: int, hand: tuple[Card, ...] | None
) -> Problem | None:
    """Return what is impossible in the fields a state and a view share, or ``None``.

    The seats (rules §2), the table (every meld valid under the rules, its
    owner opened, staged melds only the player to act's before the opening,
    rules §5), the phase and result, and the turn bookkeeping against the
    table and `hand`, the hand of the player to act where it is known
    (rules §4–§6). `loads`, `new_position` and the constructors of
    `GameState` and `romme.PlayerView` all ask this.
    """
    rules = position.rules
    if not MIN_SEATS <= players <= rules.max_players:
        return "", f"these rules seat 2 to {rules.max_players} players, not {players}"
    for name in ("dealer", "current_player"):
        if not 0 <= getattr(position, name) < players:
            return name, f"must be a seat from 0 to {players - 1}, not {getattr(position, name)}"
    for name in ("opened", "dealt_in"):
        if len(getattr(position, name)) != players:
            return name, f"needs one flag per seat ({players})"
    phase, result = position.phase, position.result
    current, opened, dealt_in = position.current_player, position.opened, position.dealt_in
    if (phase is Phase.ROUND_OVER) != (result is not None):
        given = "null" if result is None else "given"
        return "", f"phase {phase.value!r} and result {given} do not agree"
    if result is not None and len(result.penalties) != players:
        return "result", "one penalty per seat is needed"
    if not dealt_in[current]:
        return "current_player", f"seat {current} is not dealt in"
    if sum(dealt_in) < 2 or (sum(dealt_in) < players and not rules.dealer_sits_out):
        return "dealt_in", "not possible under these rules"
    if sum(dealt_in) < players and dealt_in[position.dealer]:
        return "dealt_in", "only the dealer may sit out"
    for i, entry in enumerate(position.table):
        if entry.owner >= players:
            return f"table[{i}].owner", f"no seat {entry.owner}"
        if meld_failure(entry.meld.cards, rules, entry.meld.kind) != entry.meld:
            return f"table[{i}]", f"{entry.meld} is not a valid meld under these rules"
        if entry.staged:
            if entry.owner != current or opened[entry.owner] or phase is not Phase.PLAY:
                return f"table[{i}]", "only the player to act, not yet opened, has staged melds"
        elif not opened[entry.owner]:
            return f"table[{i}]", f"seat {entry.owner} owns a meld but has not opened"
        if entry.fresh and phase is not Phase.PLAY:
            return f"table[{i}]", "jokers laid this turn outside a turn's play"
    return _turn_problem(position, hand)


def _turn_problem(position: _Position, hand: tuple[Card, ...] | None) -> Problem | None:
    """What the turn bookkeeping says that the hand and the table contradict (rules §4–§6)."""
    turn, rules, phase = position.turn, position.rules, position.phase
    opened = position.opened[position.current_player]
    staged = [entry for entry in position.table if entry.staged]
    if turn.opened_before and not opened:
        return "turn.opened_before", "the player to act has not opened"
    if staged and turn.opened_before:
        return "turn.opened_before", "a player with staged melds had not opened before"
    if phase is Phase.DRAW:
        if turn.opened_before != opened:
            return "turn.opened_before", "at the draw the player has opened before, or not"
        if turn.taken is not None or turn.laid_off:
            return "turn", "nothing is taken or laid off before the draw"
        return None
    if phase is not Phase.PLAY:
        return None
    if turn.laid_off and not opened:
        return "turn.laid_off", "only a player who has opened lays off or swaps"
    taken = turn.taken
    if turn.taken_in_hand:
        if rules.take_discard is not TakeDiscardMode.FREE:
            return "turn.taken_in_hand", "only a free take puts the card in the hand"
        if hand is not None and taken not in hand:
            return "turn.taken_in_hand", f"the hand does not hold the taken {taken}"
    if turn.taken_staged:
        if rules.take_discard is not TakeDiscardMode.IMMEDIATE_USE or opened:
            return "turn.taken_staged", "only a take towards the opening lies in a staged meld"
        if not any(taken in entry.meld.cards for entry in staged):
            return "turn.taken_staged", f"no staged meld holds the taken {taken}"
    return None


def state_problem(state: GameState) -> Problem | None:
    """Return what is impossible about `state`, or ``None`` (what `GameState` refuses).

    Besides `common_problem`: the cards are exactly the deck, every hand
    fits (at most ``hand_size`` + 2 cards; none for a seat not dealt in;
    not empty while the round goes on, but for the player to act), a turn
    starts with cards in the stock, a result is the one the hands give
    (rules §10), and the player to act has a legal action (no dead table).
    """
    players = len(state.hands)
    if not 0 <= state.current_player < players:
        return (
            "current_player",
            f"must be a seat from 0 to {players - 1}, not {state.current_player}",
        )
    problem = common_problem(state, players, state.hand)
    if problem is not None:
        return problem
    try:
        check_cards(state)
    except InvalidPositionError as error:
        return "", str(error)
    limit = state.rules.hand_size + 2
    for seat, hand in enumerate(state.hands):
        if not state.dealt_in[seat] and hand:
            return f"hands[{seat}]", "a seat not dealt in holds cards"
        if len(hand) > limit:
            return f"hands[{seat}]", f"{len(hand)} cards; a hand never holds more than {limit}"
        if (
            state.result is None
            and state.dealt_in[seat]
            and not hand
            and seat != state.current_player
        ):
            return f"hands[{seat}]", "an empty hand while the round goes on"
    if state.phase is Phase.DRAW and not state.stock:
        return "", "the stock is empty at the start of a turn"
    if state.phase is Phase.PLAY and not state.hand:
        return "", "the player to act holds no cards"
    result = state.result
    if result is not None:
        if result.winner is not None and state.hands[result.winner]:
            return "result.winner", f"seat {result.winner} still holds cards"
        expected = score_hands(
            state.rules,
            state.hands,
            state.opened,
            state.dealt_in,
            result.end,
            result.winner,
            result.hand_romme,
        )
        if expected != result:
            return "result", "does not match the final hands, seats and openings"
        return None
    from romme.legal import legal_actions

    if not legal_actions(state):
        return "", "the player to act has no legal action"
    return None
