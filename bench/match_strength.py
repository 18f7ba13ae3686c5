"""Whole matches between two bots: who wins a match to the limit, heads-up (issue 35, point 4).

Run: ``python bench/match_strength.py MATCHES SEED BOT [OTHER] [PRESET]``
from the repository root, ``src`` on the path (default ``greedy`` and
``classic``, whose match ends when a penalty total reaches 500, rules §11).
Match ``m`` is dealt from a seed derived from ``SEED`` and ``m // 2``
(`romme.arena.derive_seed`), with ``BOT`` in seat ``m % 2``: each deal
sequence is played from both seats (duplicate matches). The bots are made
by `romme.arena.make_bot` (a name or an import path), one per seat and
match, seeded from the master seed, the match and the seat. A tied match
counts half a win to each. Prints the matches won with a 95 % Wilson
interval, the mean rounds of a match and the mean penalty totals.
"""

from __future__ import annotations

import statistics
import sys
import time
from collections.abc import Sequence

from romme import find_rules, new_match, view
from romme.arena import derive_seed, make_bot
from romme.arena._stats import wilson_interval


def play_match(
    bots: Sequence[str], preset: str, seed: int, index: int
) -> tuple[float, int, int, int]:
    """Match `index`: the first bot's share of the win, the rounds, and both bots' penalty totals."""
    deal = index // 2
    first = index % 2  # the seat of the first bot
    names = [bots[1], bots[1]]
    names[first] = bots[0]
    players = [
        make_bot(name, derive_seed(seed, "match", index, seat)) for seat, name in enumerate(names)
    ]
    match = new_match(find_rules(preset), 2, seed=derive_seed(seed, "deal", deal), dealer=deal % 2)
    while match.state is not None:
        state = match.state
        seat = state.current_player
        match = match.apply(players[seat].choose(view(state, seat)))
    winners = match.winners()
    share = (first in winners) / len(winners)
    totals = match.totals
    return share, len(match.results), totals[first], totals[1 - first]


def main(argv: Sequence[str]) -> int:
    """Play the matches and print the summary."""
    if len(argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    matches, seed, bot = int(argv[0]), int(argv[1]), argv[2]
    other = argv[3] if len(argv) > 3 else "greedy"
    preset = argv[4] if len(argv) > 4 else "classic"
    print(f"python bench/match_strength.py {matches} {seed} {bot} {other} {preset}")
    started = time.process_time()
    wins = 0.0
    rounds: list[int] = []
    mine: list[int] = []
    theirs: list[int] = []
    for index in range(matches):
        share, played, own, their = play_match((bot, other), preset, seed, index)
        wins += share
        rounds.append(played)
        mine.append(own)
        theirs.append(their)
    low, high = wilson_interval(round(wins), matches)
    print(
        f"{matches} matches of {preset}, heads-up, seed {seed}: {bot} wins {wins:g} "
        f"({100 * wins / matches:.1f} %, 95 % interval {100 * low:.1f}–{100 * high:.1f} %), "
        f"{other} {matches - wins:g}"
    )
    print(
        f"rounds a match {statistics.fmean(rounds):.1f}; penalty totals {bot} "
        f"{statistics.fmean(mine):.0f}, {other} {statistics.fmean(theirs):.0f}; "
        f"{time.process_time() - started:.0f} s of CPU"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
