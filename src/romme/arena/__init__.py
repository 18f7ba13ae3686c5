"""The arena (Turnier der Computerspieler): bots against bots over many duplicate rounds, with error bars.

`run_arena` plays seeded rounds between bots named by `make_bot`'s names
or import paths, replays every deal with the seats rotated (duplicate
deals take out the luck of the cards), and reports per bot its wins,
average penalty and points, each with a 95 % interval, and a rating on
the Elo scale. The rounds are spread over local processes or a Ray
cluster; every round's seeds come from the master seed and the round's
index alone, so the results are identical for any number of workers.
"""

from romme.arena._run import (
    BOT_NAMES,
    ArenaResult,
    BotStats,
    Executor,
    RoundOutcome,
    derive_seed,
    make_bot,
    play_round,
    run_arena,
)
from romme.arena._stats import wilson_interval

__all__ = [
    "BOT_NAMES",
    "ArenaResult",
    "BotStats",
    "Executor",
    "RoundOutcome",
    "derive_seed",
    "make_bot",
    "play_round",
    "run_arena",
    "wilson_interval",
]
