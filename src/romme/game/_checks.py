"""What a position may be (private): the checks `GameState`, `romme.PlayerView` and `loads` share.

Read by `romme._turn.deal`, the views and the turn core.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Protocol

from romme.cards import Card, card_code
from romme.errors import InvalidPositionError
from romme.game._bounds import hand_limit, most_cards
from romme.game._claims import asked_seat, claimants, consenters
from romme.game._scoring import RoundResult, first_to_open_after, result_of
from romme.game._values import (
    Phase,
    TableBefore,
    TableMeld,
    TurnState,
    table_moves,
)
from romme.melds import meld_failure
from romme.rules import (
    MIN_SEATS,
    IndirectLayoffOut,
    Rules,
    TakeDiscardMode,
    make_deck,
)

if TYPE_CHECKING:
    from romme.game._state import GameState


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


class Position(Protocol):
    """What a `GameState` and a `romme.PlayerView` share: the fields the checks and the turn core read."""

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
    def discard_pile(self) -> tuple[Card, ...]: ...
    @property
    def opened(self) -> tuple[bool, ...]: ...
    @property
    def dealt_in(self) -> tuple[bool, ...]: ...
    @property
    def turn(self) -> TurnState: ...
    @property
    def first_to_open(self) -> int | None: ...
    @property
    def result(self) -> RoundResult | None: ...
    @property
    def stock_size(self) -> int: ...
    @property
    def hand(self) -> tuple[Card, ...]: ...


def _claim_problem(position: Position) -> Problem | None:
    """What is impossible about the claim window of `position`, or ``None`` (rules §13)."""
    claim, rules = position.turn.claim, position.rules
    if (position.phase is Phase.CLAIM) != (claim is not None):
        return "turn.claim", "a claim window is open in the claim phase, and only then"
    if claim is None:
        return None
    if not rules.claims_played:
        return "turn.claim", "no claim window opens without knocking or buying"
    players = len(position.dealt_in)
    turn_of = claim.turn_of
    if turn_of >= players or not position.dealt_in[turn_of]:
        return "turn.claim.turn_of", f"seat {turn_of} is not dealt in"
    if claim.buyer is not None and not rules.buying:
        return "turn.claim.buyer", "nobody buys without buying"
    asked = claimants(rules, turn_of, position.opened, position.dealt_in)
    if claim.passed != asked[: len(claim.passed)]:
        return "turn.claim.passed", "not the seats asked, in the order asked"
    if claim.buyer is not None:
        if claim.buyer not in asked or claim.passed != asked[: asked.index(claim.buyer)]:
            return "turn.claim.buyer", "not the next seat asked after those that passed"
        if (
            claim.consented
            != consenters(turn_of, claim.buyer, position.dealt_in)[: len(claim.consented)]
        ):
            return "turn.claim.consented", "not the seats asked, in the order asked"
    if asked_seat(rules, claim, position.opened, position.dealt_in) != position.current_player:
        return "current_player", "not the seat the claim window asks now"
    if not position.discard_pile or position.stock_size == 0:
        return "turn.claim", "a claim needs the top discard and a stock card"
    return None


def common_problem(
    position: Position, players: int, hand: tuple[Card, ...] | None
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
    first = position.first_to_open
    if first is not None and not (first < players and opened[first]):
        return "first_to_open", f"seat {first} has not opened: it cannot have laid out first"
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
    return _claim_problem(position) or _turn_problem(position, hand)


def _turn_problem(position: Position, hand: tuple[Card, ...] | None) -> Problem | None:
    """What the turn bookkeeping says that the hand and the table contradict (rules §4–§6)."""
    turn, rules, phase = position.turn, position.rules, position.phase
    if turn.claim is not None:
        # The window opens as the seat whose turn it is draws: nothing else happened yet.
        if turn.opened_before != position.opened[turn.claim.turn_of]:
            return "turn.opened_before", "at the draw the player has opened before, or not"
        if (
            turn.taken is not None
            or turn.laid_off
            or turn.to_go_out
            or any(e.staged for e in position.table)
        ):
            return "turn", "a claim window opens at the draw, before anything is taken or laid"
        return None
    opened = position.opened[position.current_player]
    staged = [entry for entry in position.table if entry.staged]
    if turn.opened_before and not opened:
        return "turn.opened_before", "the player to act has not opened"
    if staged and turn.opened_before:
        return "turn.opened_before", "a player with staged melds had not opened before"
    if turn.before is not None and (not rules.rearrange or phase is Phase.DRAW):
        return "turn.before", "only a turn's play under rearrange takes cards from the table"
    if turn.table_takes and not rules.rearrange:
        return "turn.table_takes", "only rules with rearrange take cards from the table"
    if turn.borrowed and phase is not Phase.PLAY:
        return "turn.borrowed", "a turn ends only with the table cards melded again"
    if turn.to_go_out and (
        phase is not Phase.PLAY
        or turn.taken is None
        or not opened
        or not rules.indirect_layoff_only_to_go_out
        or rules.indirect_layoff_out is not IndirectLayoffOut.GOES_OUT_THIS_TURN
    ):
        return "turn.to_go_out", (
            "only the play of an opened player who took the discard to go out, under "
            "indirect_layoff_out='goes_out_this_turn', is bound to go out (DRoV Nr. 10)"
        )
    if phase is Phase.DRAW:
        if turn.opened_before != opened:
            return "turn.opened_before", "at the draw the player has opened before, or not"
        if turn.taken is not None or turn.laid_off:
            return "turn", "nothing is taken or laid off before the draw"
        return None
    if phase is not Phase.PLAY:
        return None
    if turn.before is not None:
        problem = _rearranged_problem(position, turn, hand)
        if problem is not None:
            return problem
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


def _rearranged_problem(
    position: Position, turn: TurnState, hand: tuple[Card, ...] | None
) -> Problem | None:
    """What contradicts the cards taken from the table this turn (Räuber-Rommé, rules §13)."""
    before = turn.before
    assert before is not None
    if before.turn.number != turn.number or before.turn.opened_before != turn.opened_before:
        return "turn.before.turn", "is not the same turn"
    then_hand: tuple[Card, ...] | None = None
    if hand is not None:
        if Counter(turn.borrowed) - Counter(hand):
            return "turn.borrowed", "the hand does not hold every card taken from the table"
        then_hand = hand_before(before, position.table, hand)
        if then_hand is None:
            return "turn.before.table", "holds cards that are neither on the table nor in the hand"
    # What a `TakeBack` restores must itself be a position: its table, its opening, its turn.
    restored = _TakenBack(position, before, then_hand)
    problem = common_problem(restored, len(position.dealt_in), then_hand)
    if problem is not None:
        where, message = problem
        return f"turn.before.{where}".rstrip("."), f"after a take-back: {message}"
    return None


def hand_before(
    before: TableBefore, table: tuple[TableMeld, ...], hand: tuple[Card, ...]
) -> tuple[Card, ...] | None:
    """The hand as it was at `before`, or ``None`` if `hand` lacks cards that left the table since.

    The cards are conserved within a turn's play (rules §13): the hand
    then is `hand` less the cards that have left the table since, with
    the cards that came to it, in card order. A `TakeBack` restores it.
    """
    left, came = table_moves(before, table)
    held = Counter(hand)
    if left - held:
        return None
    restored = held - left + came
    return tuple(sorted(restored.elements(), key=card_code))


class _TakenBack:
    """The position a `TakeBack` restores from `position`: the table, opening and turn of ``before``.

    The checks of `common_problem` read it as they read the position
    itself. Its hand is the hand then (`hand_before`) where the hand to
    act is known, else the position's own (a view's seat that is not to
    act keeps its hand through a take-back).
    """

    __slots__ = ("_position", "first_to_open", "hand", "opened", "table", "turn")

    def __init__(
        self, position: Position, before: TableBefore, hand: tuple[Card, ...] | None
    ) -> None:
        seat = position.current_player
        self._position = position
        self.hand = position.hand if hand is None else hand
        self.table = before.table
        self.opened = (*position.opened[:seat], before.opened, *position.opened[seat + 1 :])
        self.turn = before.turn
        self.first_to_open = first_to_open_after(position.first_to_open, seat, before.opened)

    @property
    def rules(self) -> Rules:
        return self._position.rules

    @property
    def dealer(self) -> int:
        return self._position.dealer

    @property
    def current_player(self) -> int:
        return self._position.current_player

    @property
    def phase(self) -> Phase:
        return self._position.phase

    @property
    def discard_pile(self) -> tuple[Card, ...]:
        return self._position.discard_pile

    @property
    def dealt_in(self) -> tuple[bool, ...]:
        return self._position.dealt_in

    @property
    def result(self) -> RoundResult | None:
        return self._position.result

    @property
    def stock_size(self) -> int:
        return self._position.stock_size


def sizes_problem(position: Position, sizes: tuple[int, ...], field: str) -> Problem | None:
    """What the hand sizes `sizes` of `position` make impossible, or ``None`` (rules §2, §4).

    Every hand fits (`hand_limit`; none for a seat not dealt in; not empty
    while the round goes on, but for the player to act, who holds a card
    in the play), and so does the hand a take-back would leave (Räuber-Rommé),
    and a turn starts with cards in the stock. `field` names
    the sizes in the problem (``"hands"`` of a state, ``"hand_sizes"`` of
    a view).
    """
    for seat, size in enumerate(sizes):
        if not position.dealt_in[seat] and size:
            return f"{field}[{seat}]", "a seat not dealt in holds cards"
        limit = hand_limit(position, seat)
        if size > limit:
            return f"{field}[{seat}]", f"{size} cards; a hand never holds more than {limit}"
        if (
            position.result is None
            and position.dealt_in[seat]
            and not size
            and seat != position.current_player
        ):
            return f"{field}[{seat}]", "an empty hand while the round goes on"
    before = position.turn.before
    if before is not None:
        # A take-back returns the cards that have left the table since to it, and those
        # that came to it to the hand (`hand_before`): that hand must fit too.
        left, came = table_moves(before, position.table)
        size = sizes[position.current_player] - left.total() + came.total()
        if size > most_cards(position.rules):
            return "turn.before.table", "a take-back would leave the hand more cards than it holds"
    if position.phase is Phase.DRAW and not position.stock_size:
        return "", "the stock is empty at the start of a turn"
    if position.phase is Phase.PLAY and not sizes[position.current_player]:
        return "", "the player to act holds no cards"
    return None


def state_problem(state: GameState) -> Problem | None:
    """Return what is impossible about `state`, or ``None`` (what `GameState` refuses).

    Besides `common_problem`: the cards are exactly the deck, the hand
    sizes are possible (`sizes_problem`), and a result is the one the
    hands give (rules §10). The structure only, cheaply: whether the
    player to act has a legal action (no dead table) is asked where
    outside data comes in (`romme._turn.stuck_problem`).
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
    problem = sizes_problem(state, tuple(map(len, state.hands)), "hands")
    if problem is not None:
        return problem
    result = state.result
    if result is not None:
        if result.winner is not None and state.hands[result.winner]:
            return "result.winner", f"seat {result.winner} still holds cards"
        expected = result_of(state, result.end, result.winner, result.hand_romme)
        if expected != result:
            return "result", "does not match the final hands, seats and openings"
    return None
