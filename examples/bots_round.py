"""Play one round between a greedy bot and two random bots, and print the result.

Run: ``python examples/bots_round.py``
"""

from __future__ import annotations

from romme import Bot, GreedyBot, RandomBot, apply, find_rules, new_game, score_round, view


def main() -> None:
    rules = find_rules("classic")
    bots: list[Bot] = [GreedyBot(), RandomBot(seed=1), RandomBot(seed=2)]
    state = new_game(rules, players=3, seed=2026)
    actions = 0
    while not state.is_over:
        seat = state.current_player
        state = apply(state, bots[seat].choose(view(state, seat)))
        actions += 1
    result = score_round(state)
    print(f"{actions} actions; the round ended: {result.end.value}, winner seat {result.winner}")
    for seat, penalty in enumerate(result.penalties):
        print(f"  seat {seat} ({type(bots[seat]).__name__}): {penalty} penalty points")


if __name__ == "__main__":
    main()
