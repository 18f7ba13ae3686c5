"""Read the other hand by the other seat's policy: HandReader's guesses weighed by how GreedyBot would have played (issue 35).

Run: ``python bench/policy_reading.py [ROUNDS] [SAMPLES] [TURNS] [CANDIDATES]``
from the repository root, ``src`` on the path (default 40 rounds, 16
samples a position, 3 turns, 256 candidates). Plays heads-up rounds of
two GreedyBots under ``classic`` from seed 500 on, and at the start of
every second turn of a seat (from the round's fifth turn on) prints, once
at the end, the hit rate of three position dealers: the share of the
other seat's true cards that a dealt position puts in its hand, averaged
over ``SAMPLES`` positions, with a 95 % interval over the rounds:
uniform `romme.determinize`, `romme.play.HandReader.sample`, and
`PolicyReader.sample`, with the paired difference policy minus reader.

`PolicyReader` is a position dealer for heads-up play, kept in the bench
because it models the other seat as GreedyBot: it draws ``CANDIDATES``
hands for the other seat from `HandReader`'s positions and weighs each by
how likely the other seat's last ``TURNS`` turns are under GreedyBot
with that hand (1 for the move GreedyBot makes, `PolicyReader.EPS` for
another), going back turn by turn: the hand before a discard is the hand
after it and the discarded card; the hand before the draw is that, with
the cards laid on the table, less the known discard taken, or less a card
drawn from the stock, one of the hand's drawn at random. A turn whose
position it cannot rebuild (a refill of the stock, claims, a lay-down
with jokers the rules check in the turn) ends the walk back. It deals
a position by the weights from the candidates that still fit the view
(uniformly, as `romme.determinize`, where none does; more than two seats:
as `HandReader`).
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from collections import Counter
from typing import Final

import attrs

from romme import (
    Card,
    Discard,
    Draw,
    GameState,
    GreedyBot,
    Phase,
    PlayerView,
    TakeDiscard,
    TurnState,
    apply,
    determinize,
    find_rules,
    new_game,
    view,
)
from romme.errors import InvalidPositionError
from romme.game import TableMeld
from romme.play import HandReader, unseen_cards
from romme.rules import make_deck

SEED: Final = 500
"""The seed of round 0 of the hit-rate measurement; round ``i`` deals from ``SEED + i``."""


@attrs.frozen
class _OtherTurn:
    """What a turn of the other seat showed, read from the views of the reader's turns around it."""

    number: int
    discarded: Card
    took: Card | None  # the known discard it took, or None for a draw from the stock
    laid: Counter[Card]  # the cards it put on the table
    my_hand: tuple[Card, ...]  # the reader's hand during that turn
    opened_before: tuple[bool, ...]
    opened_after: tuple[bool, ...]
    table_before: tuple[TableMeld, ...]
    table_after: tuple[TableMeld, ...]
    pile_before: tuple[Card, ...]  # at its draw
    pile_after: tuple[Card, ...]  # at its discard, before it


def _table_cards(table: tuple[TableMeld, ...]) -> Counter[Card]:
    cards: Counter[Card] = Counter()
    for entry in table:
        cards.update(entry.meld.cards)
    return cards


class PolicyReader:
    """A heads-up position dealer: `HandReader`'s guesses of the other hand weighed by GreedyBot's play."""

    EPS: Final = 0.02
    """The likelihood of a move GreedyBot would not make, against 1 for the move it makes."""

    def __init__(self, turns: int = 3, candidates: int = 256) -> None:
        self.turns = turns
        self.candidates = candidates
        self.reader = HandReader()
        self._greedy = GreedyBot()
        self._last: PlayerView | None = None
        self._history: list[_OtherTurn | None] = []
        self._prepared = -1
        self._pool: list[tuple[tuple[Card, ...], float]] = []

    def observe(self, seen: PlayerView) -> None:
        """Read `seen`, the next view of the reader's seat (and feed it to the `HandReader`)."""
        self.reader.observe(seen)
        last = self._last
        if last is not None and (
            seen.turn.number < last.turn.number
            or seen.rules != last.rules
            or seen.dealer != last.dealer
        ):
            last = None
            self._history = []
            self._prepared = -1
        if last is not None and last.turn.number != seen.turn.number and not seen.is_over:
            self._history.append(_read_turn(last, seen))
        self._last = seen

    def sample(self, seen: PlayerView, rng: random.Random) -> GameState:
        """A position consistent with `seen`: the other hand one of the weighed candidates.

        Where no candidate fits the view any more (each holds a card the
        reader's seat has drawn since they were drawn), a uniform position.
        """
        if len(seen.hand_sizes) != 2:
            return self.reader.sample(seen, rng)
        if self._prepared != seen.turn.number:
            self._prepare(seen)
        unseen = Counter(unseen_cards(seen))
        fits = [(hand, weight) for hand, weight in self._pool if not Counter(hand) - unseen]
        guess = determinize(seen, rng)
        if not fits:
            return guess
        (hand,) = rng.choices([hand for hand, _ in fits], [weight for _, weight in fits])
        other = 1 - seen.player
        stock = Counter(guess.stock) + Counter(guess.hands[other]) - Counter(hand)
        rest = list(stock.elements())
        rng.shuffle(rest)
        hands = list(guess.hands)
        hands[other] = hand
        return attrs.evolve(guess, hands=tuple(hands), stock=tuple(rest))

    def _prepare(self, seen: PlayerView) -> None:
        rng = random.Random(f"policy/{seen.turn.number}/{seen.player}")
        other = 1 - seen.player
        hands = [self.reader.sample(seen, rng).hands[other] for _ in range(self.candidates)]
        walk = seen.phase is Phase.DRAW and bool(self._history)
        self._pool = [(hand, self.weight(seen, hand, rng) if walk else 1.0) for hand in hands]
        self._prepared = seen.turn.number

    def weight(self, seen: PlayerView, hand: tuple[Card, ...], rng: random.Random) -> float:
        """The likelihood of the other seat's last turns under GreedyBot, if it holds `hand` now."""
        other = 1 - seen.player
        after = Counter(hand)
        weight = 1.0
        for turn in reversed(self._history[-self.turns :]):
            if turn is None:
                break
            before_discard = after + Counter([turn.discarded])
            if not turn.laid:
                state = _position(seen, turn, before_discard, discarding=True)
                if state is None:
                    break
                move = self._greedy.choose(view(state, other))
                if not (isinstance(move, Discard) and move.card == turn.discarded):
                    weight *= self.EPS
            before_draw = before_discard + turn.laid
            if turn.took is not None:
                if not before_draw[turn.took]:
                    return weight * self.EPS
                before_draw[turn.took] -= 1
            else:
                cards = sorted(before_draw.elements())
                before_draw[cards[rng.randrange(len(cards))]] -= 1
            before_draw = +before_draw
            state = _position(seen, turn, before_draw, discarding=False)
            if state is None:
                break
            move = self._greedy.choose(view(state, other))
            if not isinstance(move, Draw | TakeDiscard) or isinstance(move, TakeDiscard) != (
                turn.took is not None
            ):
                weight *= self.EPS
            after = before_draw
        return weight


def _read_turn(end: PlayerView, start: PlayerView) -> _OtherTurn | None:
    """The other seat's turn between the reader's last decision `end` and the start of its next turn `start`."""
    if (
        len(start.hand_sizes) != 2
        or start.phase is not Phase.DRAW
        or end.phase is not Phase.PLAY
        or start.reshuffles != end.reshuffles
        or start.turn.number != end.turn.number + 2
        or not start.discard_pile
    ):
        return None
    gone = Counter(end.hand) - Counter(start.hand)
    if gone.total() != 1:
        return None
    mine = next(iter(gone))
    pile_before = (*end.discard_pile, mine)
    if len(start.discard_pile) == len(pile_before):
        took: Card | None = mine
    elif len(start.discard_pile) == len(pile_before) + 1:
        took = None
    else:
        return None
    other = 1 - start.player
    return _OtherTurn(
        number=start.turn.number - 1,
        discarded=start.discard_pile[-1],
        took=took,
        laid=_table_cards(start.table) - _table_cards(end.table),
        my_hand=tuple(sorted((Counter(end.hand) - Counter([mine])).elements())),
        opened_before=tuple(
            end.opened[seat] if seat == other else start.opened[seat] for seat in range(2)
        ),
        opened_after=start.opened,
        table_before=end.table,
        table_after=start.table,
        pile_before=pile_before,
        pile_after=start.discard_pile[:-1],
    )


def _position(
    seen: PlayerView, turn: _OtherTurn, hand: Counter[Card], *, discarding: bool
) -> GameState | None:
    """The other seat's position at its draw or its discard in `turn`, holding `hand`; None if none fits."""
    other = 1 - seen.player
    table = turn.table_after if discarding else turn.table_before
    pile = turn.pile_after if discarding else turn.pile_before
    stock = Counter(make_deck(seen.rules)) - Counter(turn.my_hand) - hand
    stock -= _table_cards(table) + Counter(pile)
    in_play = len(turn.my_hand) + hand.total() + _table_cards(table).total() + len(pile)
    if in_play + stock.total() != len(make_deck(seen.rules)):
        return None  # the hand holds a card the deck has no copy left of
    hands = [turn.my_hand, turn.my_hand]
    hands[other] = tuple(sorted(hand.elements()))
    try:
        return GameState(
            rules=seen.rules,
            seed=0,
            dealer=seen.dealer,
            hands=tuple(hands),
            stock=tuple(sorted(stock.elements())),
            discard_pile=pile,
            table=table,
            opened=turn.opened_after if discarding else turn.opened_before,
            dealt_in=seen.dealt_in,
            current_player=other,
            phase=Phase.PLAY if discarding else Phase.DRAW,
            turn=TurnState(
                number=turn.number,
                opened_before=turn.opened_before[other],
                taken=turn.took if discarding else None,
                taken_in_hand=discarding and turn.took is not None,
            ),
            reshuffles=seen.reshuffles,
            first_to_open=seen.first_to_open,
        )
    except (InvalidPositionError, ValueError):
        return None  # a position the rules refuse: jokers laid in the turn, a claim, ...


def hit_rates(
    rounds: int, samples: int, turns: int, candidates: int
) -> list[tuple[float, float, float]]:
    """Each round's mean hit rate of uniform, reader and policy positions (rounds with a measured position)."""
    rules = find_rules("classic")
    greedy = GreedyBot()
    by_round: list[tuple[float, float, float]] = []
    for index in range(rounds):
        state = new_game(rules, 2, seed=SEED + index, dealer=index % 2)
        readers = [PolicyReader(turns, candidates) for _ in range(2)]
        rng = random.Random(SEED + index)
        figures: list[tuple[float, float, float]] = []
        while not state.is_over:
            seat = state.current_player
            seen = view(state, seat)
            readers[seat].observe(seen)
            if seen.phase is Phase.DRAW and seen.turn.number >= 4 and seen.turn.number % 4 < 2:
                truth = Counter(state.hands[1 - seat])
                row = []
                for dealer in (determinize, readers[seat].reader.sample, readers[seat].sample):
                    hits = sum(
                        (Counter(dealer(seen, rng).hands[1 - seat]) & truth).total()
                        for _ in range(samples)
                    )
                    row.append(hits / samples / truth.total())
                figures.append((row[0], row[1], row[2]))
            state = apply(state, greedy.choose(seen))
        if figures:
            means = [statistics.fmean(column) for column in zip(*figures, strict=True)]
            by_round.append((means[0], means[1], means[2]))
    return by_round


def _interval(values: list[float], unit: str = "%") -> str:
    """The mean of `values` in hundredths, with a 95 % interval (normal, over the values)."""
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    spec = "+.1f" if unit == "points" else ".1f"
    low, high = 100 * (mean - half), 100 * (mean + half)
    return f"{100 * mean:{spec}} {unit} ({low:{spec}} to {high:{spec}})"


def main(argv: list[str]) -> None:
    rounds = int(argv[0]) if argv else 40
    samples = int(argv[1]) if len(argv) > 1 else 16
    turns = int(argv[2]) if len(argv) > 2 else 3
    candidates = int(argv[3]) if len(argv) > 3 else 256
    print(f"python bench/policy_reading.py {rounds} {samples} {turns} {candidates}")
    by_round = hit_rates(rounds, samples, turns, candidates)
    uniform, reader, policy = (list(column) for column in zip(*by_round, strict=True))
    print(
        f"classic, heads-up, {len(by_round)} rounds from seed {SEED}: hit rate of the other "
        "hand (95 % interval over rounds)"
    )
    print(f"  uniform {_interval(uniform)}, reader {_interval(reader)}, policy {_interval(policy)}")
    gain = [p - r for p, r in zip(policy, reader, strict=True)]
    print(f"  policy - reader {_interval(gain, 'points')}")


if __name__ == "__main__":
    main(sys.argv[1:])
