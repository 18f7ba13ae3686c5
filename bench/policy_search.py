"""Tune GreedyBot's discard on the outcome itself: a cross-entropy search against GreedyBot (issue 35).

Run: ``python bench/policy_search.py [GENERATIONS] [ROUNDS] [CHECK] [SEATS] [PRESET]``
from the repository root, ``src`` on the path (default 12 generations of
1,500 rounds, a check of 4,000 rounds, 2 seats, ``classic``).

The learnt evaluation of the search page learns how GreedyBot fares from a
position, not which of two moves is better. This script asks the question
the arena asks instead. `TunedBot` plays GreedyBot's moves but for the
discard, which it chooses by a linear score of six numbers of each card
(`FEATURES`): GreedyBot's own three (the value of the hand's best packing
without the card, the table melds it is close to, its partners in hand),
its penalty, and two of the next seat as `romme.play.HandReader` reads it
(the cards near the known discards that seat took, which it is likely to
take again, and those near the cards it discarded, which it is not). The
weights start where the score chooses as GreedyBot does and are searched
by the cross-entropy method: each generation plays 15 weight vectors drawn
around the mean, and the mean itself, against GreedyBots on the same
`ROUNDS` duplicate rounds (a master seed of its own a generation, each deal
from every seat), and the mean moves to the 4 that won most. Each line
printed is a generation: the best share of rounds won, the mean's, and
the new mean. Last, the final mean plays `CHECK` rounds of master seed 31
(heads-up) or 23 (more seats), the seeds of the search page's other
measurements, with the 95 % Wilson interval. Deterministic: the same
arguments print the same figures.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections.abc import Sequence
from typing import Final

from romme import (
    Action,
    Bot,
    Discard,
    GreedyBot,
    PlayerView,
    apply,
    find_rules,
    legal_actions,
    new_game,
    view,
)
from romme.arena import derive_seed, wilson_interval
from romme.game import card_penalty
from romme.melds import pack_cards, quick_values_without_one
from romme.play import HandReader, near
from romme.play._bots import partners, table_outs

FEATURES: Final = ("kept", "table", "partners", "penalty", "taken_near", "dropped_near")
"""What `TunedBot` weighs in a discard, in the order of its weights."""

GREEDY: Final = (1000.0, -10.0, -10.0, 1.0, 0.0, 0.0)
"""Weights that choose as GreedyBot does: its packing value first, then fewest outs, then the costliest."""

SPREAD: Final = (0.0, 6.0, 6.0, 3.0, 6.0, 6.0)
"""The first generation's spread of each weight (the packing value's stays first: not searched)."""

POPULATION: Final = 15
ELITE: Final = 4


class TunedBot(GreedyBot):
    """GreedyBot but for the discard, chosen by `weights` over `FEATURES`; it reads the next seat."""

    def __init__(self, weights: Sequence[float]) -> None:
        self.weights = tuple(weights)
        self.reader = HandReader()

    def choose(self, view: PlayerView) -> Action:
        """GreedyBot's choice, or where that is a discard, the discard these weights score best."""
        self.reader.observe(view)
        choice = super().choose(view)
        if not isinstance(choice, Discard) or view.turn.borrowed:
            return choice
        hand = view.hand
        rules = view.rules
        wraps = rules.ace_wraps
        kept = quick_values_without_one(pack_cards(hand), rules) if len(hand) >= 5 else {}
        following = (view.player + 1) % len(view.hand_sizes)
        took = self.reader.took(following)
        dropped = self.reader.dropped(following)
        w = self.weights

        def score(action: Discard) -> float:
            card = action.card
            rest = len(hand) - 1
            if card.is_joker:
                # GreedyBot counts a joker's outs as 99: it keeps it unless the packing says not
                return w[0] * (kept[card.code] if rest >= 4 else 0) + w[1] * 99
            return (
                w[0] * (kept[card.code] if rest >= 4 else 0)
                + w[1] * table_outs(card, view)
                + w[2] * (partners(card, hand, wraps) if rest >= 3 else 0)
                + w[3] * card_penalty(card, rules)
                + w[4] * sum(near(card, other, wraps) for other in took)
                + w[5] * sum(other == card or near(card, other, wraps) for other in dropped)
            )

        discards = [a for a in legal_actions(view) if isinstance(a, Discard)]
        return max(discards, key=score) if discards else choice


def win_share(
    weights: Sequence[float], preset: str, seats: int, seed: int, rounds: int
) -> tuple[int, int]:
    """The rounds `TunedBot` won against GreedyBots, and those it was dealt in: `romme arena`'s deals.

    Round ``i`` deals from ``derive_seed(seed, i // seats)`` with the tuned
    bot in seat ``i % seats``, as the arena deals and rotates.
    """
    rules = find_rules(preset)
    greedy = GreedyBot()
    wins = dealt = 0
    for index in range(rounds):
        deal, me = divmod(index, seats)
        bots: list[Bot] = [greedy] * seats
        bots[me] = TunedBot(weights)
        state = new_game(rules, seats, seed=derive_seed(seed, deal), dealer=deal % seats)
        while not state.is_over:
            seat = state.current_player
            state = apply(state, bots[seat].choose(view(state, seat)))
        result = state.result
        if result is not None and result.dealt_in[me]:
            dealt += 1
            wins += result.winner == me
    return wins, dealt


def search(generations: int, rounds: int, seats: int, preset: str) -> tuple[float, ...]:
    """The cross-entropy search: prints a line a generation, returns the final mean."""
    rng = random.Random(35)
    mean = list(GREEDY)
    spread = list(SPREAD)
    for generation in range(generations):
        population = [
            [m + rng.gauss(0.0, s) for m, s in zip(mean, spread, strict=True)]
            for _ in range(POPULATION)
        ]
        population.append(list(mean))
        seed = derive_seed("policy_search", generation)
        shares = []
        for weights in population:
            wins, dealt = win_share(weights, preset, seats, seed, rounds)
            shares.append(wins / dealt)
        ranked = sorted(range(len(population)), key=lambda i: -shares[i])
        elite = [population[i] for i in ranked[:ELITE]]
        mean = [statistics.fmean(column) for column in zip(*elite, strict=True)]
        spread = [
            max(statistics.pstdev(column), 0.5) if first else 0.0
            for column, first in zip(zip(*elite, strict=True), SPREAD, strict=True)
        ]
        print(
            f"generation {generation}: best {100 * shares[ranked[0]]:.1f} %, "
            f"the mean's {100 * shares[-1]:.1f} %; new mean "
            + ", ".join(f"{name} {value:.2f}" for name, value in zip(FEATURES, mean, strict=True)),
            flush=True,
        )
    return tuple(mean)


def main() -> None:
    args = sys.argv[1:]
    generations = int(args[0]) if args else 12
    rounds = int(args[1]) if len(args) > 1 else 1500
    check = int(args[2]) if len(args) > 2 else 4000
    seats = int(args[3]) if len(args) > 3 else 2
    preset = args[4] if len(args) > 4 else "classic"
    print(f"python bench/policy_search.py {generations} {rounds} {check} {seats} {preset}")
    mean = search(generations, rounds, seats, preset)
    seed = 31 if seats == 2 else 23
    wins, dealt = win_share(mean, preset, seats, seed, check)
    low, high = wilson_interval(wins, dealt)
    print(
        f"the final mean against {seats - 1} GreedyBot(s) under {preset}, {check} rounds of "
        f"seed {seed}: {wins} of {dealt} won, {100 * wins / dealt:.1f} % "
        f"({100 * low:.1f}–{100 * high:.1f}); GreedyBot's weights win {100 / seats:.1f} % "
        "by construction"
    )


if __name__ == "__main__":
    main()
