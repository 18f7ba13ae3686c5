"""Measure GreedyBot against three RandomBots: win rate and average penalties.

Run: ``python bench/bot_strength.py [ROUNDS] [PRESET ...]`` (default 500 rounds,
classic and drov). The greedy seat moves round the table and never deals, so
that it is always dealt in (the DRoV dealer sits out).
"""

from __future__ import annotations

import sys
import time

from romme import Bot, GreedyBot, RandomBot, apply, find_rules, new_game, view


def measure(preset: str, rounds: int) -> dict[str, float]:
    """Play `rounds` seeded rounds and return the greedy bot's figures."""
    rules = find_rules(preset)
    wins = 0
    greedy_penalty = 0.0
    random_penalty = 0.0
    started = time.perf_counter()
    for index in range(rounds):
        dealer = index % 4
        seat = (dealer + 1 + (index // 4) % 3) % 4
        bots: list[Bot] = [RandomBot(index * 4 + other) for other in range(4)]
        bots[seat] = GreedyBot()
        state = new_game(rules, 4, seed=index, dealer=dealer)
        while not state.is_over:
            state = apply(
                state, bots[state.current_player].choose(view(state, state.current_player))
            )
        result = state.result
        assert result is not None
        wins += result.winner == seat
        greedy_penalty += result.penalties[seat]
        others = [q for q in range(4) if q != seat and result.dealt_in[q]]
        random_penalty += sum(result.penalties[q] for q in others) / len(others)
    elapsed = time.perf_counter() - started
    return {
        "win_rate": wins / rounds,
        "greedy_penalty": greedy_penalty / rounds,
        "random_penalty": random_penalty / rounds,
        "rounds_per_second": rounds / elapsed,
    }


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    presets = sys.argv[2:] or ["classic", "drov"]
    print(f"GreedyBot against three RandomBots, {rounds} rounds per preset")
    for preset in presets:
        figures = measure(preset, rounds)
        print(
            f"{preset:<15} wins {figures['win_rate']:6.1%}   average penalty: greedy "
            f"{figures['greedy_penalty']:5.1f}, random {figures['random_penalty']:5.1f}   "
            f"({figures['rounds_per_second']:.1f} rounds/s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
