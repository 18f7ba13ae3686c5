"""The CPU time of a bot's decisions in arena rounds (issue 35, point 3: within 1 s a decision).

Run: ``python bench/decision_time.py ROUNDS SEED [BOT] [PRESET] [SEATS]``
from the repository root, ``src`` on the path (default ``evalsearch``,
``drov`` and 4 seats). Round ``r`` is dealt from a seed derived from
``SEED`` and ``r`` (`romme.arena.derive_seed`), the dealer at seat
``r % SEATS`` and ``BOT`` (made by `romme.arena.make_bot`) at the seat
after it, GreedyBots elsewhere. Each of the bot's ``choose`` calls is
timed in CPU time; prints the decisions, their mean, 99th percentile and
maximum, and the slowest decisions with the round, the turn and the size
of the hand. A benchmark, not a test: the machines are shared and noisy.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence

from romme import apply, find_rules, new_game, view
from romme.arena import derive_seed, make_bot


def main(argv: Sequence[str]) -> int:
    """Play the rounds and print the decision times."""
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    rounds, seed = int(argv[0]), int(argv[1])
    name = argv[2] if len(argv) > 2 else "evalsearch"
    preset = argv[3] if len(argv) > 3 else "drov"
    seats = int(argv[4]) if len(argv) > 4 else 4
    print(f"python bench/decision_time.py {rounds} {seed} {name} {preset} {seats}")
    rules = find_rules(preset)
    greedy = make_bot("greedy", 0)
    times: list[float] = []
    slowest: list[tuple[float, int, int, int]] = []
    for index in range(rounds):
        mine = (index + 1) % seats
        bot = make_bot(name, derive_seed(seed, "bot", index))
        state = new_game(rules, seats, seed=derive_seed(seed, "deal", index), dealer=index % seats)
        while not state.is_over:
            seat = state.current_player
            seen = view(state, seat)
            if seat == mine:
                started = time.process_time()
                action = bot.choose(seen)
                spent = time.process_time() - started
                times.append(spent)
                slowest.append((spent, index, state.turn.number, len(seen.hand)))
                slowest = sorted(slowest, reverse=True)[:5]
            else:
                action = greedy.choose(seen)
            state = apply(state, action)
    if not times:
        print("the bot made no decision")
        return 1
    times.sort()
    print(
        f"{rounds} rounds of {preset}, {seats} seats, seed {seed}: {len(times)} decisions of "
        f"{name}, mean {1000 * statistics.fmean(times):.1f} ms, 99th percentile "
        f"{1000 * times[int(0.99 * (len(times) - 1))]:.0f} ms, max {times[-1]:.2f} s"
    )
    for spent, index, turn, cards in slowest:
        print(f"  {spent:.3f} s: round {index}, turn {turn}, {cards} cards in hand")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
