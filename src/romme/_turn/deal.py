"""The start of a round (Austeilen): a deal from a seed, or a position handed in from outside.

`new_game` deals a round reproducibly from a seed; `new_position` sets up
any position from explicit cards, checks that they form the deck, and
asks the turn core (`stuck_problem`) that its player to act can act,
which is why the deal sits here and not beside the values in
`romme.game`.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Final, Literal

from romme._guard import shown
from romme._turn.legal import stuck_problem
from romme.cards import Card, card_code, parse_cards
from romme.errors import InvalidMeldError, InvalidPositionError

# The values and the checks of a position live in private modules; they are
# this module's names (the engine, views and serialize import them from here).
from romme.game import (
    MAX_SEED,
    GameState,
    Phase,
    TableMeld,
    TurnState,
    check_cards,
    refuse,
    seat_limit,
)
from romme.melds import Meld, MeldKind, validate_meld
from romme.rules import (
    MAX_DECK_SIZE,
    MAX_SEATS,
    ExtraCard,
    FirstPlayer,
    Rules,
    make_deck,
)

__all__ = [
    "new_game",
    "new_position",
]


def _seat_after(seat: int, dealt_in: Sequence[bool]) -> int:
    players = len(dealt_in)
    for step in range(1, players + 1):
        candidate = (seat + step) % players
        if dealt_in[candidate]:
            return candidate
    raise AssertionError("no seat is dealt in")  # pragma: no cover - Rules ensures two


def check_seed(seed: object) -> None:
    """Raise `InvalidPositionError` unless `seed` is an int of magnitude below `MAX_SEED` (2**128)."""
    if type(seed) is not int:
        raise InvalidPositionError(f"seed must be an int, not {shown(seed)}")
    if not -MAX_SEED < seed < MAX_SEED:
        raise InvalidPositionError(
            f"seed must be from -(2**128 - 1) to 2**128 - 1, not {shown(seed)}"
        )


def check_seats(rules: Rules, players: object, dealer: object) -> None:
    """Raise `InvalidPositionError` unless `players` seats with `dealer` are possible under `rules`."""
    if type(players) is not int:
        raise InvalidPositionError(f"players must be an int, not {shown(players)}")
    if not 2 <= players <= rules.max_players:
        raise InvalidPositionError(
            f"these rules seat 2 to {rules.max_players} players, not {shown(players)}"
        )
    if rules.players_dealt_in(players) < 2:
        raise InvalidPositionError("with dealer_sits_out at least 3 seats are needed")
    if type(dealer) is not int or not 0 <= dealer < players:
        raise InvalidPositionError(
            f"dealer must be a seat from 0 to {players - 1}, not {shown(dealer)}"
        )


def _cut(stock: list[Card], rng: random.Random, cutter: list[Card]) -> None:
    """Cut the shuffled `stock` (its top card last) for the seat on the dealer's right (rules §2).

    The cutter lifts one to all but one card from the top and the dealer
    puts the rest on them, so the card the cutter saw (the bottom card of
    the lifted packet) ends up at the bottom. Under ``joker_at_cut`` a
    joker seen so is kept: it goes to `cutter`, who starts with it.
    """
    lifted = rng.randrange(1, len(stock))
    stock[:] = stock[-lifted:] + stock[:-lifted]
    if stock[0].is_joker:
        cutter.append(stock.pop(0))


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
    else:
        check_seed(seed)
    stock = list(make_deck(rules))
    rng = random.Random(seed)
    rng.shuffle(stock)
    dealt_in = tuple(not (rules.dealer_sits_out and seat == dealer) for seat in range(players))
    hands: list[list[Card]] = [[] for _ in range(players)]
    if rules.joker_at_cut:
        _cut(stock, rng, hands[(dealer - 1) % players])
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
    discard_pile = (stock.pop(),) if rules.upcard else ()
    # The deal is the library's own, a deck of these rules shuffled and dealt: built
    # unchecked, as `apply` builds its states, with the hands in card order as the
    # constructor keeps them (tests/property/test_deal.py: the constructor accepts it).
    return GameState._of(
        rules=rules,
        seed=seed,
        dealer=dealer,
        hands=tuple(tuple(sorted(hand, key=card_code)) for hand in hands),
        stock=tuple(stock),
        discard_pile=discard_pile,
        table=(),
        opened=(False,) * players,
        dealt_in=dealt_in,
        current_player=starter,
        phase=Phase.DRAW if rules.first_turn_draws else Phase.PLAY,
        turn=_NO_TURN,
        reshuffles=0,
        result=None,
        first_to_open=None,
    )


_NO_TURN: Final = TurnState()
"""The bookkeeping of a round's first turn, before anything is done (`GameState`'s default)."""


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
        raise InvalidPositionError(f"a table meld's owner must be a seat, not {shown(owner)}")
    try:
        meld = validate_meld(cards, rules, kind=kind)
    except InvalidMeldError as error:
        raise InvalidPositionError(f"table meld is not valid: {error}") from error
    if not isinstance(entry, TableMeld):
        return TableMeld(meld, owner)
    # A turn in progress: its staged melds and the jokers laid in it are kept
    # (`GameState` checks them against the turn).
    try:
        return TableMeld(meld, owner, entry.staged, entry.fresh, entry.announced)
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
            owners or stock order are impossible, the turn disagrees with
            the hand and the table, or the player to act has no legal
            action (a dead table; the `GameState` constructor checks the
            structure only).

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
        raise InvalidPositionError(f"current_player must be a seat, not {shown(current_player)}")
    if phase not in (Phase.DRAW, Phase.PLAY):
        raise InvalidPositionError(f"a position is set up in the draw or play phase, not {phase!r}")
    check_seed(seed)
    if type(reshuffles) is not int or reshuffles < 0:
        raise InvalidPositionError("reshuffles must be an int, 0 or more")
    borrowed = len(turn.borrowed) if isinstance(turn, TurnState) else 0
    for seat, hand in enumerate(parsed):
        limit = seat_limit(rules, phase, seat == current_player, borrowed)
        if len(hand) > limit:
            raise InvalidPositionError(
                f"seat {seat} holds {len(hand)} cards; a hand never holds more than "
                f"{limit} here (hand_size, an extra card, and a drawn one for the seat "
                "to act after its draw)"
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
    refuse(stuck_problem(state))
    check_cards(state)
    if phase is Phase.DRAW and not state.stock:
        raise InvalidPositionError("the stock is empty at the start of a turn")
    return state


def _to_cards(value: Iterable[Card] | str, what: str) -> tuple[Card, ...]:
    if isinstance(value, str):
        return parse_cards(value)
    try:
        # No pile or hand holds more than a deck: stop reading there.
        result = tuple(itertools.islice(value, MAX_DECK_SIZE + 1))
    except TypeError:
        raise InvalidPositionError(f"the {what} must be cards, not {value!r}") from None
    if len(result) > MAX_DECK_SIZE:
        raise InvalidPositionError(f"the {what} holds more cards than any deck")
    for card in result:
        if not isinstance(card, Card):
            raise InvalidPositionError(f"the {what} holds {card!r}, which is not a Card")
    return result
