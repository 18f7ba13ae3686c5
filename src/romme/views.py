"""Views (Sicht eines Spielers): what one player may see of a position.

A `PlayerView` holds the player's own hand, the sizes of the other hands
and of the stock, and everything that lies open on the table; never a
hidden card. Bots and frontends work from views; `legal_actions` and
`is_legal` accept the view of the player to act.
"""

from __future__ import annotations

import attrs

from romme.cards import Card
from romme.rules import Rules
from romme.scoring import RoundResult
from romme.state import GameState, Phase, TableMeld, TurnState

__all__ = ["PlayerView", "view"]


@attrs.frozen(kw_only=True)
class PlayerView:
    """One player's view of a position: no card they cannot see."""

    rules: Rules
    """The rules played."""
    player: int
    """The seat whose view this is."""
    dealer: int
    """The dealer's seat."""
    current_player: int
    """The seat to act."""
    phase: Phase
    """Where the seat to act is in its turn."""
    hand: tuple[Card, ...]
    """The viewer's own hand, sorted."""
    hand_sizes: tuple[int, ...]
    """The number of cards in every seat's hand."""
    stock_size: int
    """The number of cards in the stock."""
    discard_pile: tuple[Card, ...]
    """The discard pile, top card last (it lies open)."""
    table: tuple[TableMeld, ...]
    """The melds on the table, in the order laid."""
    opened: tuple[bool, ...]
    """Whether each seat has opened."""
    dealt_in: tuple[bool, ...]
    """Whether each seat was dealt cards."""
    turn: TurnState
    """Bookkeeping of the turn in progress (all of it public)."""
    reshuffles: int
    """How often the stock has been refilled."""
    result: RoundResult | None
    """The result, once the round is over (all hands are then scored openly)."""

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
        """Return the view as a compact table to read (see `romme.board.board_text`)."""
        from romme.board import board_text

        return board_text(self)

    def _repr_html_(self) -> str:
        """Return the view as a small HTML table, for notebooks (`romme.board.board_html`)."""
        from romme.board import board_html

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
        raise ValueError(f"player must be a seat from 0 to {state.players - 1}, not {player!r}")
    return PlayerView(
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
    )
