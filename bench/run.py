"""The benchmark suite: prints our figures (and the peers', when installed) as a table or JSON.

Run: ``python bench/run.py`` (add ``--json`` for machine-readable figures,
``--quick`` for a short run). Every figure is the median of several
repetitions after a warm-up; timings are wall-clock on this machine, so
compare figures from one run with each other (the ratios), not across
machines. The peers (RLCard's and OpenSpiel's gin rummy) are measured when
installed: ``pip install -e ".[bench]"``.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import statistics
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

from romme import (
    Action,
    AdjacentJokers,
    Card,
    Draw,
    GameState,
    JokerLimit,
    Phase,
    Rules,
    apply,
    best_melds,
    dumps,
    find_melds,
    find_rules,
    legal_actions,
    loads,
    make_deck,
    new_game,
    new_position,
    parse_cards,
    validate_meld,
)

Figures = dict[str, Any]


def clear_caches() -> None:
    """Forget every cached result of the library, so that a timing includes the work.

    Every ``functools`` cache of every loaded ``romme`` module is found and
    cleared, so that a cache added later cannot flatter a figure.
    """
    for name, module in list(sys.modules.items()):
        if not (name == "romme" or name.startswith("romme.")):
            continue
        for value in vars(module).values():
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


def median_of(repeat: int, run: Callable[[], float]) -> float:
    """Run once to warm up, then `repeat` times; return the median result."""
    run()
    return statistics.median(run() for _ in range(repeat))


# -- random play -----------------------------------------------------------------


def random_play(preset: str, rounds: int, repeat: int) -> Figures:
    """Uniform random play, 4 seats: `legal_actions` and `apply` at every decision.

    Each repetition deals its own rounds, so that no repetition finds
    another's positions in the library's caches; the warm-up (other deals
    again) leaves the caches as a program that has been playing for a
    while has them.
    """
    rules = find_rules(preset)

    def once(first_seed: int) -> tuple[int, float]:
        decisions = 0
        started = time.perf_counter()
        for seed in range(first_seed, first_seed + rounds):
            state = new_game(rules, 4, seed=seed, dealer=seed % 4)
            chooser = random.Random(seed)
            while not state.is_over:
                state = apply(state, chooser.choice(legal_actions(state)))
                decisions += 1
        return decisions, time.perf_counter() - started

    clear_caches()
    once(1_000_000)  # the warm-up
    runs = [once(rep * rounds) for rep in range(repeat)]
    return {
        "decisions_per_second": statistics.median(d / elapsed for d, elapsed in runs),
        "rounds_per_second": statistics.median(rounds / elapsed for _, elapsed in runs),
        "decisions_per_round": sum(d for d, _ in runs) / (rounds * repeat),
    }


def time_split(preset: str, rounds: int) -> Figures:
    """Where random play spends its time: legal_actions by kind of decision, and apply.

    Fresh deals after a warm-up on others; per kind, the share of the
    decisions, the mean time of a call and its part of an average
    decision (all parts add up to the time of a decision).
    """
    rules = find_rules(preset)
    totals: dict[str, float] = {}
    counts: dict[str, int] = {}

    def play(first_seed: int) -> None:
        for seed in range(first_seed, first_seed + rounds):
            state = new_game(rules, 4, seed=seed, dealer=seed % 4)
            chooser = random.Random(seed)
            while not state.is_over:
                opened = "opened" if state.opened[state.current_player] else "not opened"
                staged = ", melds staged" if any(entry.staged for entry in state.table) else ""
                kind = f"legal_actions, {state.phase.value} phase, {opened}{staged}"
                started = time.perf_counter()
                actions = legal_actions(state)
                listed = time.perf_counter()
                state = apply(state, chooser.choice(actions))
                applied = time.perf_counter()
                for name, spent in ((kind, listed - started), ("apply", applied - listed)):
                    totals[name] = totals.get(name, 0.0) + spent
                    counts[name] = counts.get(name, 0) + 1

    clear_caches()
    play(2_000_000)  # the warm-up
    totals.clear()
    counts.clear()
    play(3_000_000)
    decisions = counts["apply"]
    return {
        name: {
            "share_of_decisions": counts[name] / decisions,
            "mean_us": totals[name] / counts[name] * 1e6,
            "us_per_decision": totals[name] / decisions * 1e6,
        }
        for name in sorted(totals, key=lambda name: -totals[name])
    }


def floor_play(rounds: int, repeat: int) -> Figures:
    """The engine's floor under drov: every player only draws and discards.

    The same `apply` and the same discard listing as `legal_actions`, but no
    meld is ever looked for: what random play would cost if Rommé had no
    melds. It bounds what any speed-up of the meld work can reach.
    """
    from romme._turn.legal import discards

    rules = find_rules("drov")
    draw = Draw()

    def once(first_seed: int) -> tuple[int, float]:
        decisions = 0
        started = time.perf_counter()
        for seed in range(first_seed, first_seed + rounds):
            state = new_game(rules, 4, seed=seed, dealer=seed % 4)
            chooser = random.Random(seed)
            while not state.is_over:
                if state.phase is Phase.DRAW:
                    action: Action = draw
                else:
                    action = chooser.choice(discards(state))
                state = apply(state, action)
                decisions += 1
        return decisions, time.perf_counter() - started

    once(1_000_000)  # the warm-up
    runs = [once(rep * rounds) for rep in range(repeat)]
    return {"decisions_per_second": statistics.median(d / elapsed for d, elapsed in runs)}


def sample_positions(preset: str, rounds: int) -> list[GameState]:
    rules = find_rules(preset)
    positions = []
    for seed in range(rounds):
        state = new_game(rules, 4, seed=1000 + seed, dealer=seed % 4)
        chooser = random.Random(seed)
        while not state.is_over:
            positions.append(state)
            state = apply(state, chooser.choice(legal_actions(state)))
    return positions


def time_calls(items: list[Any], call: Callable[[Any], object], *, cold: bool) -> list[float]:
    """Time `call` on each item (after clearing the caches when `cold`), in seconds."""
    times = []
    for item in items:
        if cold:
            clear_caches()
        started = time.perf_counter()
        call(item)
        times.append(time.perf_counter() - started)
    return times


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def legal_actions_figures(positions: list[GameState]) -> Figures:
    """legal_actions per call: each call with every cache cleared, and in play order.

    In play order the positions follow one another as in the games they
    come from, after one clearing of the caches: what a program playing
    those games from a fresh start pays for each decision.
    """
    cold = time_calls(positions, legal_actions, cold=True)
    clear_caches()
    in_order = time_calls(positions, legal_actions, cold=False)
    return {
        "median_us": statistics.median(cold) * 1e6,
        "p99_us": percentile(cold, 0.99) * 1e6,
        "in_play_median_us": statistics.median(in_order) * 1e6,
        "in_play_p99_us": percentile(in_order, 0.99) * 1e6,
    }


def worst_cases(repeat: int) -> Figures:
    """legal_actions on constructed worst cases: 14 cards with 4 and 6 jokers, 15 melds on the table."""
    figures: Figures = {}
    rules = find_rules("classic")
    table_text = [
        "2♣ 3♣ 4♣", "6♣ 7♣ 8♣", "10♣ J♣ Q♣", "2♠ 3♠ 4♠", "6♠ 7♠ 8♠", "10♠ J♠ Q♠",
        "2♥ 3♥ 4♥", "6♥ 7♥ 8♥", "10♥ J♥ Q♥", "2♦ 3♦ 4♦", "6♦ 7♦ 8♦", "10♦ J♦ Q♦",
        "K♣ K♠ K♥", "A♣ A♠ A♥", "9♣ 9♠ 9♥",
    ]  # fmt: skip
    for jokers in (4, 6):
        hand = (
            parse_cards("5♣ 5♠ 5♥ 5♦ 9♦ K♦ A♦ Q♣ 3♦ 7♥")[: 14 - jokers]
            + (parse_cards("JK")[0],) * jokers
        )
        used = [card for text in table_text for card in parse_cards(text)] + list(hand)
        stock = _rest(rules, used)
        state = new_position(
            rules,
            hands=[hand, stock[:13], stock[13:26]],
            stock=stock[26:],
            table=[(text, 1) for text in table_text],
            opened=[True, True, False],
            phase=Phase.PLAY,
        )

        def once(state: GameState = state) -> float:
            clear_caches()
            started = time.perf_counter()
            legal_actions(state)
            return time.perf_counter() - started

        figures[f"{jokers}_jokers_ms"] = median_of(repeat, once) * 1e3
        figures[f"{jokers}_jokers_actions"] = len(legal_actions(state))
    return figures


def _rest(rules: Rules, used: list[Card]) -> list[Card]:
    rest = list(make_deck(rules))
    for card in used:
        rest.remove(card)
    random.Random(0).shuffle(rest)
    return rest


def meld_figures(repeat: int) -> Figures:
    rules = find_rules("drov")
    melds = [
        parse_cards(text)
        for text in ("Q♣ K♣ A♣", "7♥ 7♠ 7♦", "5♦ JK 7♦ 8♦", "9♠ 9♥ 9♣ JK", "A♥ 2♥ 3♥ 4♥ 5♥")
    ]
    calls = 20_000

    def once() -> float:
        started = time.perf_counter()
        for index in range(calls):
            validate_meld(melds[index % len(melds)], rules)
        return time.perf_counter() - started

    figures: Figures = {"validate_meld_per_second": calls / median_of(repeat, once)}
    # The same without the cache: every meld new to the library.
    pool: list[tuple[Card, ...]] = []
    deck = list(make_deck(rules))
    for seed in range(400):
        hand = random.Random(seed).sample(deck, 14)
        pool.extend(meld.cards for meld in find_melds(hand, rules) if len(meld) <= 5)
    pool = list(dict.fromkeys(pool))  # each meld once: none is in the cache when asked

    def cold() -> float:
        clear_caches()
        started = time.perf_counter()
        for cards in pool:
            validate_meld(cards, rules)
        return time.perf_counter() - started

    figures["validate_meld_uncached_per_second"] = len(pool) / median_of(repeat, cold)
    permissive = Rules(joker_limit=JokerLimit.NONE, adjacent_jokers=AdjacentJokers.ALLOWED)
    deck = [card for card in make_deck(permissive) if not card.is_joker]
    joker = parse_cards("JK")[0]
    for jokers in (0, 2, 4, 6):
        hands = [
            tuple(random.Random(seed).sample(deck, 14 - jokers)) + (joker,) * jokers
            for seed in range(30)
        ]
        find_times = time_calls(hands, lambda hand: find_melds(hand, rules), cold=True)
        best_times = time_calls(hands, lambda hand: best_melds(hand, rules), cold=True)
        figures[f"find_melds_{jokers}_jokers_us"] = statistics.median(find_times) * 1e6
        figures[f"best_melds_{jokers}_jokers_us"] = statistics.median(best_times) * 1e6
    return figures


def state_figures(positions: list[GameState]) -> Figures:
    chooser = random.Random(1)
    pairs = [(state, chooser.choice(legal_actions(state))) for state in positions[:400]]
    apply_times = time_calls(pairs, lambda pair: apply(*pair), cold=False)
    middle = positions[len(positions) // 2]
    json_times = time_calls([middle] * 200, lambda state: loads(dumps(state)), cold=False)
    # Memory held per state when a whole round's states are kept.
    rules = find_rules("drov")
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    state = new_game(rules, 4, seed=5)
    chooser = random.Random(5)
    kept = [state]
    while not state.is_over:
        state = apply(state, chooser.choice(legal_actions(state)))
        kept.append(state)
    clear_caches()
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    grown = sum(stat.size_diff for stat in after.compare_to(before, "filename"))
    return {
        "apply_median_us": statistics.median(apply_times) * 1e6,
        "json_round_trip_us": statistics.median(json_times) * 1e6,
        "bytes_per_stored_state": grown / len(kept),
    }


# -- peers --------------------------------------------------------------------------


def rlcard_figures(games: int, repeat: int) -> Figures | None:
    """RLCard's gin rummy game layer: legal actions listed and one applied per decision."""
    try:
        from rlcard.games.gin_rummy.game import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
            GinRummyGame,
        )
    except ImportError:
        return None
    game = GinRummyGame()
    chooser = random.Random(0)

    def once() -> tuple[int, float]:
        decisions = 0
        started = time.perf_counter()
        for _ in range(games):
            game.init_game()
            while not game.is_over():
                game.step(chooser.choice(game.judge.get_legal_actions()))
                decisions += 1
        return decisions, time.perf_counter() - started

    once()  # the warm-up
    runs = [once() for _ in range(repeat)]  # each with its own deals
    return {
        "decisions_per_second": statistics.median(d / elapsed for d, elapsed in runs),
        "games_per_second": statistics.median(games / elapsed for _, elapsed in runs),
        "decisions_per_game": sum(d for d, _ in runs) / (games * repeat),
    }


def openspiel_figures(games: int, repeat: int) -> Figures | None:
    try:
        import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")
    chooser = random.Random(0)

    def once() -> tuple[int, int, float]:
        decisions = 0
        actions = 0
        started = time.perf_counter()
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, _probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(chooser.choice(outcomes))
                else:
                    state.apply_action(chooser.choice(state.legal_actions()))
                    decisions += 1
                actions += 1
        return decisions, actions, time.perf_counter() - started

    once()  # the warm-up
    runs = [once() for _ in range(repeat)]  # each with its own deals
    return {
        "decisions_per_second": statistics.median(d / elapsed for d, _, elapsed in runs),
        "actions_per_second": statistics.median(a / elapsed for _, a, elapsed in runs),
        "games_per_second": statistics.median(games / elapsed for _, _, elapsed in runs),
    }


# -- report ---------------------------------------------------------------------------


def collect(quick: bool) -> Figures:
    repeat = 3 if quick else 5
    rounds = 4 if quick else 20
    figures: Figures = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "processor": platform.machine(),
            "date": time.strftime("%Y-%m-%d"),
        },
        "random_play": {
            p: random_play(p, rounds, repeat) for p in ("drov", "classic", "german-rummy")
        },
    }
    figures["floor"] = floor_play(rounds, repeat)
    figures["time_split"] = time_split("drov", 4 if quick else 30)
    positions = sample_positions("drov", 3 if quick else 10)
    figures["legal_actions"] = legal_actions_figures(positions[: 300 if quick else 1500])
    figures["legal_actions_worst"] = worst_cases(repeat)
    figures["legal_actions_raeuber"] = {
        preset: legal_actions_figures(sample_positions(preset, 3 if quick else 10)[:1500])
        for preset in ("ass", "ass-raeuber", "schmidt-raeuber")
    }
    figures["melds"] = meld_figures(repeat)
    figures["state"] = state_figures(positions)
    peers = {}
    rl = rlcard_figures(20 if quick else 100, repeat)
    if rl is not None:
        peers["rlcard_gin_rummy"] = rl
    spiel = openspiel_figures(20 if quick else 100, repeat)
    if spiel is not None:
        peers["openspiel_gin_rummy"] = spiel
    figures["peers"] = peers
    return figures


def report(figures: Figures) -> str:
    lines = [
        f"romme benchmark · Python {figures['machine']['python']} · {figures['machine']['platform']} · {figures['machine']['date']}",
        "",
        "random play, 4 seats          decisions/s   rounds/s   decisions/round",
    ]
    for preset, row in figures["random_play"].items():
        lines.append(
            f"  {preset:<27} {row['decisions_per_second']:>11,.0f} {row['rounds_per_second']:>10.1f} {row['decisions_per_round']:>17.1f}"
        )
    floor = figures["floor"]["decisions_per_second"]
    lines.append(
        f"  {'drov, draw and discard only':<27} {floor:>11,.0f}   (the floor: apply and discards, no melds)"
    )
    lines += [
        "",
        "where random play (drov) spends a decision            share   mean µs   µs/decision",
    ]
    for name, row in figures["time_split"].items():
        lines.append(
            f"  {name:<51} {row['share_of_decisions']:>5.0%} {row['mean_us']:>9.0f} {row['us_per_decision']:>13.1f}"
        )
    legal = figures["legal_actions"]
    worst = figures["legal_actions_worst"]
    lines += [
        "",
        f"legal_actions on sampled positions, caches cleared per call: median {legal['median_us']:.0f} µs, 99th percentile {legal['p99_us']:.0f} µs",
        f"legal_actions on the same positions in play order: median {legal['in_play_median_us']:.0f} µs, 99th percentile {legal['in_play_p99_us']:.0f} µs",
        (
            f"legal_actions worst cases (15 table melds): 4 jokers {worst['4_jokers_ms']:.2f} ms "
            f"({worst['4_jokers_actions']} actions), 6 jokers {worst['6_jokers_ms']:.2f} ms "
            f"({worst['6_jokers_actions']} actions)"
        ),
    ]
    lines.append(
        "legal_actions, Räuber-Rommé against its rule book (rules §13), caches cleared per call:"
    )
    for preset, row in figures["legal_actions_raeuber"].items():
        lines.append(
            f"  {preset:<17} median {row['median_us']:>6.0f} µs, 99th percentile {row['p99_us']:>6.0f} µs; "
            f"in play order median {row['in_play_median_us']:>5.0f} µs, 99th percentile {row['in_play_p99_us']:>6.0f} µs"
        )
    melds = figures["melds"]
    lines.append(
        f"validate_meld (3–5 cards): {melds['validate_meld_per_second']:,.0f} calls/s repeated (cached), "
        f"{melds['validate_meld_uncached_per_second']:,.0f} calls/s on melds new to the cache"
    )
    for jokers in (0, 2, 4, 6):
        lines.append(
            f"14-card hand, {jokers} jokers: find_melds {melds[f'find_melds_{jokers}_jokers_us']:.0f} µs, "
            f"best_melds {melds[f'best_melds_{jokers}_jokers_us']:.0f} µs"
        )
    state = figures["state"]
    lines += [
        f"apply: median {state['apply_median_us']:.1f} µs; JSON dump + load of a mid-game state: {state['json_round_trip_us']:.0f} µs",
        f"memory per stored state (a whole round kept): {state['bytes_per_stored_state']:,.0f} bytes",
    ]
    peers = figures["peers"]
    if peers:
        ours = figures["random_play"]["drov"]["decisions_per_second"]
        lines += [
            "",
            "peers, uniform random play        decisions/s   games/s   ours (drov) / theirs",
        ]
        for name, row in peers.items():
            lines.append(
                f"  {name:<31} {row['decisions_per_second']:>11,.0f} {row['games_per_second']:>9.1f} {ours / row['decisions_per_second']:>10.2f}"
            )
    else:
        lines += ["", "peers: not installed (pip install -e '.[bench]')"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions and rounds")
    args = parser.parse_args()
    figures = collect(args.quick)
    print(json.dumps(figures, indent=2) if args.json else report(figures))


if __name__ == "__main__":
    main()
