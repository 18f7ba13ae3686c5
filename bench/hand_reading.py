"""Measure how well `romme.play.HandReader` reads the hidden hands, against uniform `romme.determinize`.

Run: ``python bench/hand_reading.py [ROUNDS] [SAMPLES] [PRESET ...]`` (default
200 rounds, 20 samples a position, classic and drov). Plays each round with
four GreedyBots from a fixed seed, each seat dealt in feeding a HandReader
every view it is given. At the start of every third turn of a seat (from
its third on) it takes the true hidden hands and prints, for the reader's
weights and for uniform ``determinize``:

- the log-likelihood of the true holdings: each unseen card's log
  probability of being where it truly is (another seat's hand or the
  stock), averaged over the unseen cards; the reader's probabilities are
  the marginals of its weights scaled to the hand sizes (iterative
  proportional fitting), the uniform ones the places' sizes over the
  cards hidden;
- the hit rate: the share of each other seat's true cards that a sample
  puts in that seat's hand, averaged over the seats and over ``SAMPLES``
  samples of each sampler (``HandReader.sample`` and ``determinize``).

Each figure is a mean over the positions with a 95 % interval taken over
the rounds (the positions of one round are not independent), and the
paired difference reader minus uniform with its interval.
"""

from __future__ import annotations

import math
import random
import statistics
import sys
from collections import Counter
from collections.abc import Sequence

from romme import Card, GameState, GreedyBot, Phase, apply, determinize, find_rules, new_game, view
from romme.play import HandReader, unseen_cards

SEED = 1000
"""The seed of round 0; round ``i`` deals from ``SEED + i``.

The reader's weights were chosen on other rounds (seeds 41 to 100), so
that these measure them on deals they were not fitted to."""


def _marginals(
    weights: Sequence[dict[Card, float]], sizes: list[int], pool: Counter[Card]
) -> list[dict[Card, float]]:
    """Each place's share of each card (places: the seats, then the stock), fitted to the sizes."""
    places = len(sizes)
    cards = sorted(pool)
    base = [
        [weights[p].get(c, 1.0) if p < places - 1 else 1.0 for c in cards] for p in range(places)
    ]
    scale = [1.0] * places
    for _ in range(200):
        shares = []
        for index in range(len(cards)):
            total = sum(scale[p] * base[p][index] for p in range(places) if sizes[p])
            shares.append(
                [scale[p] * base[p][index] / total if sizes[p] else 0.0 for p in range(places)]
            )
        for p in range(places):
            got = sum(pool[card] * shares[i][p] for i, card in enumerate(cards))
            if sizes[p] and got > 0:
                scale[p] *= sizes[p] / got
    return [{card: shares[i][p] for i, card in enumerate(cards)} for p in range(places)]


def _measure(
    state: GameState, seat: int, reader: HandReader, samples: int, rng: random.Random
) -> tuple[float, float, float, float]:
    """Log-likelihood per unseen card and hit rate, for the reader and for uniform, at `seat`'s view."""
    seen = view(state, seat)
    pool = Counter(unseen_cards(seen))
    others = [s for s in range(len(state.hands)) if s != seat and state.hands[s]]
    truth = [Counter(state.hands[s]) if s in others else Counter() for s in range(len(state.hands))]
    truth.append(Counter(state.stock))
    sizes = [len(state.hands[s]) if s in others else 0 for s in range(len(state.hands))]
    sizes.append(len(state.stock))
    hidden = sum(sizes)
    weights = reader.weights(seen)
    shares = _marginals(weights, sizes, pool)
    read_ll = uniform_ll = 0.0
    for place, held in enumerate(truth):
        for card, n in held.items():
            read_ll += n * math.log(max(shares[place][card], 1e-12))
            uniform_ll += n * math.log(sizes[place] / hidden)
    read_hits = uniform_hits = 0.0
    for _ in range(samples):
        for sampler, hits in ((reader.sample, "read"), (determinize, "uniform")):
            guess = sampler(seen, rng)
            share = statistics.fmean(
                (Counter(guess.hands[s]) & truth[s]).total() / len(state.hands[s]) for s in others
            )
            if hits == "read":
                read_hits += share
            else:
                uniform_hits += share
    cards = pool.total()
    return read_ll / cards, uniform_ll / cards, read_hits / samples, uniform_hits / samples


def play(preset: str, rounds: int, samples: int) -> list[list[tuple[float, float, float, float]]]:
    """The figures of every measured position, by round."""
    rules = find_rules(preset)
    bot = GreedyBot()
    by_round: list[list[tuple[float, float, float, float]]] = []
    for index in range(rounds):
        state = new_game(rules, 4, seed=SEED + index, dealer=index % 4)
        readers = [HandReader() for _ in range(4)]
        turns = Counter[int]()
        rng = random.Random(SEED + index)
        figures: list[tuple[float, float, float, float]] = []
        while not state.is_over:
            seat = state.current_player
            seen = view(state, seat)
            readers[seat].observe(seen)
            if seen.phase is Phase.DRAW:
                turns[seat] += 1
                if turns[seat] >= 3 and turns[seat] % 3 == 0:
                    figures.append(_measure(state, seat, readers[seat], samples, rng))
            state = apply(state, bot.choose(seen))
        if figures:
            by_round.append(figures)
    return by_round


def _interval(values: list[float]) -> str:
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return f"{mean:+.4f} ({mean - half:+.4f} to {mean + half:+.4f})"


def report(preset: str, by_round: list[list[tuple[float, float, float, float]]]) -> None:
    positions = sum(len(figures) for figures in by_round)
    print(
        f"{preset}: {positions} positions from {len(by_round)} rounds (95 % interval over rounds)"
    )
    names = ("log-likelihood per unseen card", "hit rate")
    for column, name in enumerate(names):
        read = [statistics.fmean(f[2 * column] for f in figures) for figures in by_round]
        uniform = [statistics.fmean(f[2 * column + 1] for f in figures) for figures in by_round]
        gain = [r - u for r, u in zip(read, uniform, strict=True)]
        print(f"  {name}: reader {_interval(read)}, uniform {_interval(uniform)}")
        print(f"    reader - uniform {_interval(gain)}")


def main(argv: list[str]) -> None:
    rounds = int(argv[0]) if argv else 200
    samples = int(argv[1]) if len(argv) > 1 else 20
    presets = argv[2:] or ["classic", "drov"]
    print(f"python bench/hand_reading.py {rounds} {samples} {' '.join(presets)}")
    for preset in presets:
        report(preset, play(preset, rounds, samples))


if __name__ == "__main__":
    main(sys.argv[1:])
