"""Hand reading (Karten lesen): the other seats' hidden hands weighed by what their play showed.

A `PlayerView` is a snapshot without history, and a bot sees only the
views of its own turns. `HandReader` is fed every view its bot is given
and reads from two views at the start of consecutive turns of its seat
what happened in between: the discard pile keeps every discard in order
(a card leaves it only from the top, taken by the seat to act, or when
the stock is refilled from it), and the turn number says how many turns
were played, so the cards the other seats discarded and the known
discards they took follow from the pile alone. `HandReader.weights`
turns that evidence into a weight per seat and card, and
`HandReader.sample` deals the unseen cards by them
(`romme.play.deal_weighted`), where `romme.determinize` reads nothing.
"""

from __future__ import annotations

import itertools
import math
import random
from collections import Counter
from typing import Final

from romme.cards import Card
from romme.errors import InvalidInputError
from romme.game import GameState, Phase, PlayerView, card_penalty
from romme.play._bots import near
from romme.play._sampling import deal_weighted, unseen_cards

__all__ = ["HandReader"]

_MAX_BETWEEN: Final = 12
"""The most turns between two of the reader's own that it reads (ways of taking grow as 2 to that)."""


class _Mark:
    """Where the reader's seat stood at the start of one of its turns: the pile and the turn count."""

    __slots__ = ("hand", "number", "pile", "reshuffles", "sight", "took")

    def __init__(
        self, number: int, pile: tuple[Card, ...] | None, reshuffles: int, sight: Counter[Card]
    ) -> None:
        self.number = number
        self.pile = pile  # None for the round's start, before the reader's first turn
        self.reshuffles = reshuffles
        self.sight = sight  # the copies of each card on the table and the pile
        self.took: bool | None = None  # whether the reader's seat took the discard that turn
        self.hand: tuple[Card, ...] | None = None  # its hand at its last decision that turn


class HandReader:
    """Reads the other seats' hidden hands from the play one seat sees; `sample` deals by what it read.

    Feed it every view its seat is given, in order (`observe`): a bot
    calls it at the top of ``choose``. At the start of each of its seat's
    turns it compares the discard pile with the one at the start of its
    previous turn: each turn in between took the top card or not and then
    discarded one, so the ways of taking that turn the old pile into the
    new one tell which seat discarded which card and which seat took
    which known card; where more than one way fits, it keeps what they
    all agree on. It reads nothing across a refill of the stock or a gap
    it cannot account for (claims out of turn, a view missed), and starts
    afresh at a new round.

    The weights it reads (`weights`), a factor per seat and card on the
    uniform deal of `romme.determinize`:

    - a known discard a seat took is in its hand almost surely (`HELD`)
      while fewer copies of that card lie open (table and pile) than when
      it took it: a copy come to light is read as the one it took;
    - each card near such a discard still held (`romme.play.near`: same
      rank, or same suit one or two ranks apart) is more likely in its
      hand (`TAKEN_NEAR`, per discard): the seat took it to meld it;
    - each card near a card it discarded, and another copy of that card,
      less likely (`DROPPED_NEAR`, per discard): a seat keeps the cards
      that meld;
    - a seat that has not opened after `LATE_TURNS` turns of its own holds
      fewer costly cards and jokers (`LATE_HIGH`, `LATE_JOKER`).

    The figures are measured against the true hands on the search page of
    the documentation (``bench/hand_reading.py``). No `romme.Bot` needs more than
    ``choose``: the reader sees what its bot sees, nothing else.

    >>> import random
    >>> from romme import GreedyBot, apply, find_rules, new_game, view
    >>> state = new_game(find_rules("classic"), 3, seed=5)
    >>> reader, bot = HandReader(), GreedyBot()
    >>> for _ in range(40):
    ...     seen = view(state, state.current_player)
    ...     if seen.player == 0:
    ...         reader.observe(seen)
    ...     state = apply(state, bot.choose(seen))
    >>> seen = view(state, 0)
    >>> view(reader.sample(seen, random.Random(1)), 0) == seen
    True
    """

    HELD = 40.0
    """The weight of a known discard a seat took in its hand, while fewer copies of it lie open than then."""
    TAKEN_NEAR = 2.0
    """The weight, per such discard still held, of each card near it (`romme.play.near`) in that hand."""
    DROPPED_NEAR = 0.3
    """The weight, per card a seat discarded, of each card near it, or another copy of it, in its hand."""
    LATE_TURNS = 4
    """The turns of its own after which a seat that has not opened is read as holding little value."""
    LATE_HIGH = 0.7
    """The weight of a card of 10 penalty points or more in such a seat's hand."""
    LATE_JOKER = 0.5
    """The weight of a joker in such a seat's hand."""

    def __init__(self) -> None:
        self._player: int | None = None
        self._mark: _Mark | None = None
        self._last: PlayerView | None = None
        self._took: list[Counter[Card]] = []
        self._dropped: list[Counter[Card]] = []
        self._held: list[tuple[int, Card, int]] = []

    @property
    def player(self) -> int | None:
        """The seat whose views the reader is fed (the first view's), or ``None`` before any."""
        return self._player

    def took(self, seat: int) -> tuple[Card, ...]:
        """The known discards `seat` was read to take this round, sorted (empty for an unknown seat)."""
        return tuple(sorted(self._took[seat].elements())) if 0 <= seat < len(self._took) else ()

    def dropped(self, seat: int) -> tuple[Card, ...]:
        """The cards `seat` was read to discard this round, sorted (empty for an unknown seat)."""
        return (
            tuple(sorted(self._dropped[seat].elements())) if 0 <= seat < len(self._dropped) else ()
        )

    def _check_seat(self, view: object) -> None:
        """Refuse `view` if it is no `romme.PlayerView` (`TypeError`) or another seat's than the reader's (`InvalidInputError`)."""
        if not isinstance(view, PlayerView):
            raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
        if self._player is not None and view.player != self._player:
            raise InvalidInputError(
                f"this reader reads the views of seat {self._player}, not of seat {view.player}"
            )

    def observe(self, view: PlayerView) -> None:
        """Read `view`, the next view of the reader's seat.

        Raises:
            TypeError: If `view` is not a `romme.PlayerView`.
            InvalidInputError: If `view` is another seat's than the views
                before; the reader is left unchanged.
        """
        self._check_seat(view)
        self._player = view.player
        last = self._last
        if last is None or _new_round(last, view):
            self._mark = None
            self._took = [Counter() for _ in view.hand_sizes]
            self._dropped = [Counter() for _ in view.hand_sizes]
            self._held = []
        self._last = view
        if view.is_over:
            return
        mark = self._mark
        if view.is_my_turn and view.phase is not Phase.DRAW:
            if mark is not None and mark.number == view.turn.number:
                if mark.took is None:
                    mark.took = view.turn.taken is not None
                mark.hand = view.hand
            return
        if not view.is_my_turn or view.phase is not Phase.DRAW:
            return
        if mark is not None and mark.number == view.turn.number:
            return  # the same start of a turn, seen again
        if mark is None:
            # The first start of a turn this round: the pile began empty at turn 0.
            mark = _Mark(0, None, 0, Counter())
        if mark.reshuffles == view.reshuffles:
            self._read(mark, view)
        self._mark = _Mark(view.turn.number, view.discard_pile, view.reshuffles, _in_sight(view))

    def _read(self, mark: _Mark, view: PlayerView) -> None:
        """Add what the turns from `mark` to `view` show: who discarded and who took which card."""
        turns = view.turn.number - mark.number
        if not 0 < turns <= _MAX_BETWEEN:
            return
        seats = _seats_before(view, turns)
        if mark.pile is not None and seats[0] != view.player:
            return  # the turns do not run from this seat round to it: something out of turn
        new = view.discard_pile
        # The reader's own discard: the card its hand lost since its last decision.
        gone = Counter(mark.hand or ()) - Counter(view.hand)
        mine = next(iter(gone)) if mark.pile is not None and gone.total() == 1 else None
        # At the round's first mark the pile began with the card turned up (``upcard``), maybe taken since.
        starts: list[tuple[Card | None, ...]] = (
            [mark.pile] if mark.pile is not None else [(None,) if view.rules.upcard else ()]
        )
        common: list[tuple[Counter[tuple[int, Card]], Counter[tuple[int, Card]]]] = []
        for old in starts:
            for ways in itertools.product((False, True), repeat=turns):
                if mark.took is not None and ways[0] is not mark.took:
                    continue
                facts = _fit(old, new, seats, ways, mine)
                if facts is not None:
                    common.append(facts)
        if not common:
            return
        took, dropped = common[0]
        for other_took, other_dropped in common[1:]:
            took &= other_took
            dropped &= other_dropped
        me = view.player
        for (seat, card), n in took.items():
            if seat != me:
                self._took[seat][card] += n
                # Held while fewer copies are in sight than when it lay on the pile
                # (the reader's own discard joined those in sight at its turn's start).
                self._held.append((seat, card, mark.sight[card] + (card == mine)))
        for (seat, card), n in dropped.items():
            if seat != me:
                self._dropped[seat][card] += n

    def weights(self, view: PlayerView) -> tuple[dict[Card, float], ...]:
        """The weight of each unseen card in each seat's hand, read from the play (1 where nothing was read).

        One mapping per seat, empty for the viewer; a card missing from a
        mapping weighs 1, as in the stock. `view` is the view to sample
        (normally the last one observed).

        Raises:
            TypeError: If `view` is not a `romme.PlayerView`.
            InvalidInputError: If `view` is another seat's than the reader's.
        """
        self._check_seat(view)
        unseen = sorted(set(unseen_cards(view)))
        players = len(view.hand_sizes)
        dropped = (
            self._dropped if len(self._dropped) == players else [Counter() for _ in range(players)]
        )
        wraps = view.rules.ace_wraps
        sight = _in_sight(view)
        dealt = sum(view.dealt_in) or 1
        result: list[dict[Card, float]] = []
        for seat in range(players):
            if seat == view.player or not view.hand_sizes[seat]:
                result.append({})
                continue
            held = Counter(card for s, card, then in self._held if s == seat and sight[card] < then)
            late = not view.opened[seat] and view.turn.number // dealt >= self.LATE_TURNS
            weights: dict[Card, float] = {}
            for card in unseen:
                log = 0.0
                if card in held:
                    log += math.log(self.HELD)
                for taken, n in held.items():
                    if near(card, taken, wraps):
                        log += n * math.log(self.TAKEN_NEAR)
                for gone, n in dropped[seat].items():
                    if gone == card or near(card, gone, wraps):
                        log += n * math.log(self.DROPPED_NEAR)
                if late:
                    if card.is_joker:
                        log += math.log(self.LATE_JOKER)
                    elif card_penalty(card, view.rules) >= 10:
                        log += math.log(self.LATE_HIGH)
                if log:
                    weights[card] = math.exp(log)
            result.append(weights)
        return tuple(result)

    def sample(self, view: PlayerView, rng: random.Random) -> GameState:
        """A position consistent with `view`, its hidden cards dealt by `weights` (`romme.play.deal_weighted`).

        ``view(reader.sample(v, rng), v.player) == v`` always holds; the
        same state of `rng` gives the same position.

        Raises:
            TypeError: If `view` is not a `romme.PlayerView` or `rng` not a `random.Random`.
            InvalidInputError: If `view` is another seat's than the reader's.
            InvalidPositionError: As `romme.determinize`.
        """
        if not isinstance(rng, random.Random):
            raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
        return deal_weighted(view, rng, self.weights(view))


def _new_round(last: PlayerView, view: PlayerView) -> bool:
    """Whether `view` belongs to another round than `last`: other rules, seats or dealer, or time ran back."""
    return (
        view.rules != last.rules
        or len(view.hand_sizes) != len(last.hand_sizes)
        or view.dealer != last.dealer
        or view.turn.number < last.turn.number
        or view.reshuffles < last.reshuffles
        or (last.is_over and not view.is_over)
    )


def _in_sight(view: PlayerView) -> Counter[Card]:
    """The copies of each card that lie open: on the table and in the discard pile."""
    sight = Counter(view.discard_pile)
    for entry in view.table:
        sight.update(entry.meld.cards)
    return sight


def _seats_before(view: PlayerView, turns: int) -> list[int]:
    """The seats of the last `turns` turns before `view`'s, in order: the seats dealt in, backwards from it."""
    seats: list[int] = []
    seat = view.current_player
    players = len(view.hand_sizes)
    while len(seats) < turns:
        seat = (seat - 1) % players
        if view.dealt_in[seat]:
            seats.append(seat)
    return seats[::-1]


def _fit(
    old: tuple[Card | None, ...],
    new: tuple[Card, ...],
    seats: list[int],
    ways: tuple[bool, ...],
    mine: Card | None,
) -> tuple[Counter[tuple[int, Card]], Counter[tuple[int, Card]]] | None:
    """What the turns of `seats` show if each took the top discard where `ways` says, or ``None`` if the piles do not fit.

    Each turn takes the top card or not, then discards one. An old card
    of ``None`` is one not seen (the card turned up at the deal, taken
    before the reader's first turn); `mine`, where known, is the card the
    first turn discarded (the reader's own). Returns the known cards taken
    and the cards discarded, each by seat.
    """
    if len(old) - sum(ways) + len(ways) != len(new):
        return None
    # A pile entry: the index of an old card (>= 0), or -1 - the turn that discarded it.
    pile = list(range(len(old)))
    taken: list[int | None] = []
    for turn, takes in enumerate(ways):
        if takes:
            if not pile:
                return None
            taken.append(pile.pop())
        else:
            taken.append(None)
        pile.append(-1 - turn)
    dropped: dict[int, Card] = {}
    for entry, card in zip(pile, new, strict=True):
        if entry >= 0:
            if old[entry] not in (None, card):
                return None
        elif entry == -1 and mine is not None and card != mine:
            return None
        else:
            dropped[-1 - entry] = card
    took: Counter[tuple[int, Card]] = Counter()
    gone: Counter[tuple[int, Card]] = Counter()
    for turn, source in enumerate(taken):
        if source is None:
            continue
        known = old[source] if source >= 0 else mine if source == -1 else None
        if known is not None:
            took[seats[turn], known] += 1
    for turn, card in dropped.items():
        gone[seats[turn], card] += 1
    return took, gone
