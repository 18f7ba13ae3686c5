"""Views (Sicht eines Spielers): what one player may see of a position.

A `PlayerView` holds the player's own hand, the sizes of the other hands
and of the stock, and everything that lies open on the table; never a
hidden card. Bots and frontends work from views; `legal_actions` and
`is_legal` accept the view of the player to act.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

import attrs

from romme import _guard
from romme.cards import Card, card_code
from romme.game._board import board_html, board_text
from romme.game._checks import Problem, common_problem, refuse, sizes_problem
from romme.game._scoring import RoundResult, first_on_table
from romme.game._state import GameState, bool_tuple, card_tuple, phase_of, table_tuple
from romme.game._values import Phase, TableMeld, TurnState, table_moves
from romme.rules import MAX_DECK_SIZE, MAX_RESHUFFLES, MAX_SEATS, Rules, make_deck

__all__ = ["PlayerView", "view"]


def _sorted_cards(value: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(card_tuple(value), key=card_code))


def _sizes(value: Iterable[int]) -> tuple[int, ...]:
    return tuple(
        _guard.integer(size, "a hand size", 0, MAX_DECK_SIZE)
        for size in _guard.bounded(value, MAX_SEATS, "hand_sizes")
    )


@attrs.frozen(kw_only=True)
class PlayerView:
    """One player's view of a position: no card they cannot see.

    Built by `view`; a view built field by field is checked for its
    structure as a `GameState` is (the seats, table and turn, the hand
    sizes and the cards seen against the deck). Whether the player to act
    has a legal action is asked where outside data comes in: a view read
    from a document (`romme.loads`, `romme.from_dict`) and `romme.determinize`.

    Raises:
        TypeError: For a field of the wrong type.
        InvalidPositionError: For a view of no possible position.
    """

    rules: Rules = attrs.field(validator=_guard.is_instance(Rules, "rules"))
    """The rules played."""
    player: int = attrs.field(validator=_guard.is_integer("player"))
    """The seat whose view this is."""
    dealer: int = attrs.field(validator=_guard.is_integer("dealer"))
    """The dealer's seat."""
    current_player: int = attrs.field(validator=_guard.is_integer("current_player"))
    """The seat to act."""
    phase: Phase = attrs.field(converter=phase_of)
    """Where the seat to act is in its turn."""
    hand: tuple[Card, ...] = attrs.field(converter=_sorted_cards)
    """The viewer's own hand, sorted."""
    hand_sizes: tuple[int, ...] = attrs.field(converter=_sizes)
    """The number of cards in every seat's hand."""
    stock_size: int = attrs.field(validator=_guard.is_integer("stock_size", 0, MAX_DECK_SIZE))
    """The number of cards in the stock."""
    discard_pile: tuple[Card, ...] = attrs.field(converter=card_tuple)
    """The discard pile, top card last (it lies open)."""
    table: tuple[TableMeld, ...] = attrs.field(converter=table_tuple)
    """The melds on the table, in the order laid."""
    opened: tuple[bool, ...] = attrs.field(converter=bool_tuple)
    """Whether each seat has opened."""
    dealt_in: tuple[bool, ...] = attrs.field(converter=bool_tuple)
    """Whether each seat was dealt cards."""
    turn: TurnState = attrs.field(validator=_guard.is_instance(TurnState, "turn"))
    """Bookkeeping of the turn in progress (all of it public)."""
    reshuffles: int = attrs.field(validator=_guard.is_integer("reshuffles", 0, MAX_RESHUFFLES))
    """How often the stock has been refilled."""
    result: RoundResult | None = attrs.field(
        validator=_guard.is_instance(RoundResult, "result", optional=True)
    )
    """The result, once the round is over (all hands are then scored openly)."""
    first_to_open: int | None = attrs.field(
        default=attrs.Factory(first_on_table, takes_self=True),
        validator=_guard.is_integer("first_to_open", 0, MAX_SEATS - 1, optional=True),
    )
    """The seat that laid out first this round, or ``None`` (`GameState.first_to_open`)."""

    def __attrs_post_init__(self) -> None:
        refuse(view_problem(self))

    @classmethod
    def _of(
        cls,
        *,
        rules: Rules,
        player: int,
        dealer: int,
        current_player: int,
        phase: Phase,
        hand: tuple[Card, ...],
        hand_sizes: tuple[int, ...],
        stock_size: int,
        discard_pile: tuple[Card, ...],
        table: tuple[TableMeld, ...],
        opened: tuple[bool, ...],
        dealt_in: tuple[bool, ...],
        turn: TurnState,
        reshuffles: int,
        result: RoundResult | None,
        first_to_open: int | None,
    ) -> PlayerView:
        """The view of these fields, unchecked: `view`'s fast path (`romme.GameState._of`)."""
        seen = _new(cls)
        _set_rules(seen, rules)
        _set_player(seen, player)
        _set_dealer(seen, dealer)
        _set_current_player(seen, current_player)
        _set_phase(seen, phase)
        _set_hand(seen, hand)
        _set_hand_sizes(seen, hand_sizes)
        _set_stock_size(seen, stock_size)
        _set_discard_pile(seen, discard_pile)
        _set_table(seen, table)
        _set_opened(seen, opened)
        _set_dealt_in(seen, dealt_in)
        _set_turn(seen, turn)
        _set_reshuffles(seen, reshuffles)
        _set_result(seen, result)
        _set_first_to_open(seen, first_to_open)
        return seen

    @property
    def players(self) -> int:
        """The number of seats."""
        return len(self.hand_sizes)

    @property
    def is_over(self) -> bool:
        """Whether the round has ended."""
        return self.phase is Phase.ROUND_OVER

    @property
    def is_my_turn(self) -> bool:
        """Whether the viewer is the seat to act."""
        return self.player == self.current_player and not self.is_over

    @property
    def top_discard(self) -> Card | None:
        """The top card of the discard pile, or ``None``."""
        return self.discard_pile[-1] if self.discard_pile else None

    def __str__(self) -> str:
        """Return the view as a compact table to read (see `romme.game.board_text`)."""
        return board_text(self)

    def _repr_html_(self) -> str:
        """Return the view as a small HTML table, for notebooks (`romme.game.board_html`)."""
        return board_html(self)


def view(state: GameState, player: int) -> PlayerView:
    """Return what `player` sees of `state`.

    >>> from romme import find_rules, new_game
    >>> seen = view(new_game(find_rules("drov"), 4, seed=7), 2)
    >>> seen.hand_sizes, seen.stock_size, len(seen.hand)
    ((0, 13, 13, 13), 70, 13)

    Raises:
        TypeError: If `state` is not a `GameState`.
        ValueError: If `player` is not a seat of the state.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"state must be a GameState, not {type(state).__name__}")
    if type(player) is not int or not 0 <= player < state.players:
        raise ValueError(
            f"player must be a seat from 0 to {state.players - 1}, not {_guard.shown(player)}"
        )
    return PlayerView._of(  # the fields of a state, not checked again
        rules=state.rules,
        player=player,
        dealer=state.dealer,
        current_player=state.current_player,
        phase=state.phase,
        hand=state.hands[player],
        hand_sizes=state.hand_sizes(),
        stock_size=len(state.stock),
        discard_pile=state.discard_pile,
        table=state.table,
        opened=state.opened,
        dealt_in=state.dealt_in,
        turn=state.turn,
        reshuffles=state.reshuffles,
        result=state.result,
        first_to_open=state.first_to_open,
    )


def view_problem(seen: PlayerView) -> Problem | None:
    """Return what is impossible about the view `seen`, or ``None`` (what `PlayerView` refuses).

    The fields a state shares (`romme._turn.deal.common_problem`), the hand
    sizes (possible for a state, `romme._turn.deal.sizes_problem`; the viewer's
    agrees with the hand),
    and the cards: those seen are part of the deck, with the cards unseen
    they make up the deck exactly, and the cards seen to go to another
    seat's hand this turn (`known_in_hand_to_act`) are among the unseen and
    fit in that hand. The structure only: whether the player to act has a
    legal action is asked of `acting_view` where outside data comes in.
    """
    players = len(seen.hand_sizes)
    acting = seen.hand if seen.player == seen.current_player else None
    problem = common_problem(seen, players, acting)
    if problem is not None:
        return problem
    if not 0 <= seen.player < players:
        return "player", f"must be a seat from 0 to {players - 1}, not {_guard.shown(seen.player)}"
    rules = seen.rules
    problem = sizes_problem(seen, seen.hand_sizes, "hand_sizes")
    if problem is not None:
        return problem
    if seen.hand_sizes[seen.player] != len(seen.hand):
        return "hand", f"{len(seen.hand)} cards, but hand_sizes says {seen.hand_sizes[seen.player]}"
    visible = [*seen.hand, *seen.discard_pile, *(c for e in seen.table for c in e.meld.cards)]
    total = sum(seen.hand_sizes) - len(seen.hand) + len(visible) + seen.stock_size
    if total != rules.deck_size:
        return "", f"{total} cards in play, but the deck holds {rules.deck_size}"
    unseen = Counter(make_deck(rules))
    unseen.subtract(visible)
    if any(count < 0 for count in unseen.values()):
        return "", "more copies of a card than the deck holds"
    known = known_in_hand_to_act(seen)
    if Counter(known) - unseen:
        cards = " ".join(str(card) for card in sorted((Counter(known) - unseen).elements()))
        return "turn", f"the hand to act is seen to hold {cards}, but every copy is in sight"
    if len(known) > seen.hand_sizes[seen.current_player]:
        return (
            f"hand_sizes[{seen.current_player}]",
            f"fewer cards than the {len(known)} the hand to act is seen to hold",
        )
    return None


def acting_view(seen: PlayerView) -> PlayerView | None:
    """The view of the seat to act that `seen` shows whole, or ``None`` (over, or a hand unseen).

    `seen` itself where its seat is to act; where every card of the hand
    to act is in sight (`known_in_hand_to_act`), `seen` as that seat would
    see it, so that whether it has a legal action can be judged.
    """
    if seen.result is not None:
        return None
    if seen.player == seen.current_player:
        return seen
    known = known_in_hand_to_act(seen)
    if known and len(known) == seen.hand_sizes[seen.current_player]:
        return _seen_by(seen, seen.current_player, tuple(sorted(known, key=card_code)))
    return None


def _seen_by(seen: PlayerView, player: int, hand: tuple[Card, ...]) -> PlayerView:
    """`seen` as `player` would see it holding `hand` (its other fields copied, not checked again)."""
    return PlayerView._of(
        rules=seen.rules,
        player=player,
        dealer=seen.dealer,
        current_player=seen.current_player,
        phase=seen.phase,
        hand=hand,
        hand_sizes=seen.hand_sizes,
        stock_size=seen.stock_size,
        discard_pile=seen.discard_pile,
        table=seen.table,
        opened=seen.opened,
        dealt_in=seen.dealt_in,
        turn=seen.turn,
        reshuffles=seen.reshuffles,
        result=seen.result,
        first_to_open=seen.first_to_open,
    )


def known_in_hand_to_act(seen: PlayerView) -> tuple[Card, ...]:
    """The cards `seen` shows in the hand of the player to act, when that is another seat's hand.

    A discard taken this turn under ``take_discard=free`` that is still in
    the hand (``turn.taken_in_hand``), and the cards taken from the table
    this turn (Räuber-Rommé, `TurnState.table_cards_in_hand`): every seat
    sees them go. And a discard taken into the hand before the first card
    was taken from the table: the hand then held it, and the cards are
    conserved within a turn, so the hand now holds it still unless a copy
    came to the table since. Empty where the viewer is to act or the round
    is over. `view_problem` checks that they can be in that hand;
    `romme.determinize` deals them to it.
    """
    if seen.player == seen.current_player or seen.result is not None:
        return ()
    turn = seen.turn
    taken = (turn.taken,) if turn.taken is not None and turn.taken_in_hand else ()
    known = (*taken, *turn.table_cards_in_hand(seen.table))
    before = turn.before
    if before is None or before.turn.taken is None or not before.turn.taken_in_hand:
        return known
    # The hand now is the hand then with the cards that left the table, less those that came.
    left, came = table_moves(before, seen.table)
    held: Counter[Card] = Counter(known)
    held |= Counter((before.turn.taken,)) + left - came
    return tuple(sorted(held.elements(), key=card_code))


_new = object.__new__
(
    _set_rules,
    _set_player,
    _set_dealer,
    _set_current_player,
    _set_phase,
    _set_hand,
    _set_hand_sizes,
    _set_stock_size,
    _set_discard_pile,
    _set_table,
    _set_opened,
    _set_dealt_in,
    _set_turn,
    _set_reshuffles,
    _set_result,
    _set_first_to_open,
) = (getattr(PlayerView, field.name).__set__ for field in attrs.fields(PlayerView))
"""The slot setters of `PlayerView`'s fields, in field order, for `PlayerView._of`.

A field added to `PlayerView` makes this unpacking fail at import until `_of`
sets it; a test compares `_of` with the view checked from the same fields.
"""
