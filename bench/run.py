"""The benchmark suite: prints our figures and the peers' (when installed) as a table or JSON.

Run: ``python bench/run.py`` (add ``--json`` for machine-readable figures,
``--quick`` for a short run, ``--presets drov,ass`` or ``--all-presets`` for
the presets of the interleaved random play, ``--blocks`` and ``--seconds``
for its length). The peers (RLCard's and OpenSpiel's gin rummy, PettingZoo's
``gin_rummy_v4``) are measured when installed: ``pip install -e ".[bench]"``.

The comparisons are interleaved: ours and the peers take turns in blocks
(A B C D, B C D A, …; several blocks each, after a warm-up of each), every
run a slice of the process's CPU time (``time.process_time``: other jobs on
a shared machine do not count) of whole rounds, and each ratio is taken
block by block and reported as its median and range over the blocks, so
that a change of load between two runs cannot pass for a change of speed.
Ours runs on both cores: the accelerated one in this process, the pure one
(``ROMME_PURE=1``, read at import) in a second, persistent process of this
script (``--worker``) that takes its turn in the same interleaving, this
process waiting idle while it works. So: random play under each preset
(decisions/s, ours/RLCard and ours/OpenSpiel), the RL environment against
``gin_rummy_v4`` (bench/rl.py's loop, the move drawn from the int8 mask, and
again from the mask viewed as booleans, and by the agent's action space
sampled with the mask as PettingZoo's own API test draws, for both envs), the arena's GreedyBot tables on both
cores, and the latency of `legal_actions` and `apply` per call on positions
of seeded random play (each core in its own process, one after the other:
absolute figures, not ratios). Each of the issue's targets is printed with
whether the figure meets it.

Then ours alone (this process): the floor, where a decision's time goes,
`legal_actions` cold and in play order, worst cases, meld searches and
states; each the median of several repetitions after a warm-up, wall-clock,
so compare figures of one run with each other, not across machines.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import platform
import random
import statistics
import subprocess
import sys
import time
import tracemalloc
from collections.abc import Callable
from typing import Any

import romme
from romme import (
    PRESETS,
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


# -- interleaved runs: ours (both cores) and the peers taking turns --------------------

PEERS = ("rlcard", "openspiel")
TARGETS = {"drov": 1.5}
"""The issue's target for ours (accelerated) over each peer: 1.5x under drov, `OTHER_TARGET` under the rest."""
OTHER_TARGET = 1.2


def play_slice(preset: str, seconds: float, first_seed: int) -> tuple[int, int, float]:
    """Random play of whole rounds from `first_seed` on until `seconds` of CPU time are spent.

    Returns the decisions, the rounds and the CPU seconds they took (the
    clock is read between rounds only).
    """
    rules = find_rules(preset)
    decisions = rounds = 0
    started = time.process_time()
    seed = first_seed
    while time.process_time() - started < seconds:
        state = new_game(rules, 4, seed=seed, dealer=seed % 4)
        chooser = random.Random(seed)
        while not state.is_over:
            state = apply(state, chooser.choice(legal_actions(state)))
            decisions += 1
        rounds += 1
        seed += 1
    return decisions, rounds, time.process_time() - started


def _rlcard_slice() -> Callable[[float, int], tuple[int, int, float]] | None:
    """RLCard's gin rummy game layer, as `play_slice` plays ours; None when not installed."""
    try:
        from rlcard.games.gin_rummy.game import (  # type: ignore[import-untyped, import-not-found, unused-ignore]
            GinRummyGame,
        )
    except ImportError:
        return None
    game = GinRummyGame()

    def play(seconds: float, seed: int) -> tuple[int, int, float]:
        chooser = random.Random(seed)
        decisions = games = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            game.init_game()
            while not game.is_over():
                game.step(chooser.choice(game.judge.get_legal_actions()))
                decisions += 1
            games += 1
        return decisions, games, time.process_time() - started

    return play


def _openspiel_slice() -> Callable[[float, int], tuple[int, int, float]] | None:
    """OpenSpiel's gin rummy in a Python loop (its chance nodes not counted as decisions); None when not installed."""
    try:
        import pyspiel  # type: ignore[import-untyped, import-not-found, unused-ignore]
    except ImportError:
        return None
    game = pyspiel.load_game("gin_rummy")

    def play(seconds: float, seed: int) -> tuple[int, int, float]:
        chooser = random.Random(seed)
        decisions = games = 0
        started = time.process_time()
        while time.process_time() - started < seconds:
            state = game.new_initial_state()
            while not state.is_terminal():
                if state.is_chance_node():
                    outcomes, _probabilities = zip(*state.chance_outcomes(), strict=True)
                    state.apply_action(chooser.choice(outcomes))
                else:
                    state.apply_action(chooser.choice(state.legal_actions()))
                    decisions += 1
            games += 1
        return decisions, games, time.process_time() - started

    return play


class PureWorker:
    """A second, persistent process of this script on the pure core (``ROMME_PURE=1``, read at its import).

    It answers one task at a time (`WORKER_TASKS`, a JSON line in, a JSON
    line out) and measures its own CPU time; this process waits, idle,
    while it works, so the two take turns like any other pair of runs.
    """

    def __init__(self) -> None:
        self._process = subprocess.Popen(
            [sys.executable, __file__, "--worker"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, "ROMME_PURE": "1"},
        )
        if self.ask("accelerated"):
            raise RuntimeError("the pure worker runs on the accelerator: ROMME_PURE was not read")

    def ask(self, task: str, *args: Any) -> Any:
        assert self._process.stdin is not None
        assert self._process.stdout is not None
        self._process.stdin.write(json.dumps([task, *args]) + "\n")
        self._process.stdin.flush()
        answer = self._process.stdout.readline()
        if not answer:
            raise RuntimeError(f"the pure worker stopped (exit {self._process.wait()})")
        return json.loads(answer)

    def slice(self, task: str, *args: Any) -> tuple[int, int, float]:
        """A task that returns its units of work, its rounds and its CPU seconds."""
        units, rounds, seconds = self.ask(task, *args)
        return int(units), int(rounds), float(seconds)

    def close(self) -> None:
        assert self._process.stdin is not None
        self._process.stdin.close()
        self._process.wait(timeout=60)


def spread(values: list[float]) -> Figures:
    """The median, the least and the greatest of `values`."""
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def interleave(
    runs: dict[str, Callable[[int], tuple[int, int, float]]], blocks: int
) -> dict[str, list[tuple[int, int, float]]]:
    """Run every run once to warm up (as block number `blocks`), then `blocks` times each, taking turns (A B C, B C A, …).

    Each call gets the block's number (for its seeds) and returns its
    units of work, its rounds and its CPU seconds. The order rotates from
    block to block, so that no run always follows the same other run.
    """
    names = list(runs)
    for name in names:
        runs[name](blocks)  # the warm-up, on seeds of its own
    found: dict[str, list[tuple[int, int, float]]] = {name: [] for name in names}
    for block in range(blocks):
        shift = block % len(names)
        for name in names[shift:] + names[:shift]:
            found[name].append(runs[name](block))
    return found


def paired_ratios(
    found: dict[str, list[tuple[int, int, float]]], pairs: list[tuple[str, str]]
) -> Figures:
    """For each pair (a, b): a's rate over b's in each block, and their spread over the blocks."""
    figures: Figures = {}
    for first, second in pairs:
        if first in found and second in found:
            ratios = [
                (a_units / a_seconds) / (b_units / b_seconds)
                for (a_units, _, a_seconds), (b_units, _, b_seconds) in zip(
                    found[first], found[second], strict=True
                )
            ]
            figures[f"{first}/{second}"] = spread(ratios)
    return figures


def rates(found: dict[str, list[tuple[int, int, float]]]) -> Figures:
    """Each run's units per CPU second (the spread over its blocks), rounds per second and units per round."""
    figures: Figures = {}
    for name, blocks in found.items():
        units = sum(block[0] for block in blocks)
        rounds = sum(block[1] for block in blocks)
        seconds = sum(block[2] for block in blocks)
        figures[name] = {
            "per_second": spread([u / s for u, _, s in blocks]),
            "rounds_per_second": rounds / seconds,
            "per_round": units / rounds if rounds else 0.0,
        }
    return figures


def _play_runs(
    preset: str, seconds: float, worker: PureWorker | None
) -> dict[str, Callable[[int], tuple[int, int, float]]]:
    """Ours under `preset`, in this process and in the pure worker: a block's number in, its run out."""

    def ours(block: int) -> tuple[int, int, float]:
        return play_slice(preset, seconds, 10_000_000 + 100_000 * block)

    def ours_pure(block: int) -> tuple[int, int, float]:
        assert worker is not None
        return worker.slice("play", preset, seconds, 10_000_000 + 100_000 * block)

    runs: dict[str, Callable[[int], tuple[int, int, float]]] = {"ours": ours}
    if worker is not None:
        runs["ours_pure"] = ours_pure
    return runs


def _peer_block(
    play: Callable[[float, int], tuple[int, int, float]], seconds: float, block: int
) -> tuple[int, int, float]:
    return play(seconds, 20_000_000 + block)


def interleaved_play(
    presets: list[str], blocks: int, seconds: float, worker: PureWorker | None
) -> Figures:
    """Random play under each preset, ours and the peers in turn: CPU-time slices of `seconds`.

    Per preset, `blocks` blocks each of: ours in this process (accelerated
    when built), ours on the pure core (the worker), RLCard's and
    OpenSpiel's gin rummy (when installed); every run plays whole rounds
    until its slice of CPU time is spent. Ours on both cores play the same
    deals and (the cores agreeing) the same moves in a block. Ratios are
    taken block by block (a change of load hits both runs of a pair), and
    reported as their median and range.
    """
    peers = {"rlcard": _rlcard_slice(), "openspiel": _openspiel_slice()}
    figures: Figures = {}
    for preset in presets:
        runs = _play_runs(preset, seconds, worker)
        for name, play in peers.items():
            if play is not None:
                runs[name] = functools.partial(_peer_block, play, seconds)
        found = interleave(runs, blocks)
        figures[preset] = {
            "rates": rates(found),
            "ratios": paired_ratios(
                found,
                [("ours", peer) for peer in PEERS]
                + [("ours_pure", peer) for peer in PEERS]
                + [("ours", "ours_pure")],
            ),
        }
    return figures


def env_slice(seconds: float, seed: int) -> tuple[int, int, float]:
    """Our PettingZoo env (bench/rl.py's loop: classic, 2 players, the move drawn from the mask)."""
    import rl

    return rl.env_steps(rl._romme_env, seconds, seed)


def arena_slice(rounds: int, seed: int) -> tuple[int, int, float]:
    """`rounds` arena rounds of four GreedyBots under classic, each its own deal, in this process."""
    from romme.arena import run_arena

    started = time.process_time()
    run_arena(["greedy"] * 4, "classic", rounds, seed, workers=1, duplicate=False)
    return rounds, rounds, time.process_time() - started


def interleaved_rl(
    blocks: int, seconds: float, arena_rounds: int, worker: PureWorker | None
) -> Figures:
    """The RL env against PettingZoo's gin_rummy_v4, and the arena's GreedyBot tables, on both cores, interleaved.

    The env: bench/rl.py's loop (`rl.env_steps`), CPU-time slices of
    `seconds`. The arena: `arena_rounds` rounds a block (a fixed amount of
    work, the same deals on both cores).
    """
    import rl

    runs: dict[str, Callable[[int], tuple[int, int, float]]] = {
        "env": lambda block: env_slice(seconds, 1000 * block)
    }
    if worker is not None:
        runs["env_pure"] = lambda block: worker.slice("env", seconds, 1000 * block)
    try:
        rl._gin_rummy().close()
    except ImportError:
        pass
    else:
        runs["gin_rummy_v4"] = lambda block: rl.env_steps(rl._gin_rummy, seconds, 1000 * block)
        # The same loops with the move drawn from the mask viewed as booleans: numpy's
        # nonzero of an int8 array is some twenty times slower than of a bool array of the
        # same memory, which an action space of tens of thousands of ids feels.
        runs["env_bool"] = lambda block: rl.env_steps(
            rl._romme_env, seconds, 1000 * block, draw="bool_mask"
        )
        runs["gin_rummy_v4_bool"] = lambda block: rl.env_steps(
            rl._gin_rummy, seconds, 1000 * block, draw="bool_mask"
        )
        # And drawn by the agent's action space, sampled with the mask, as PettingZoo's own
        # API test draws its moves (`pettingzoo.test.api_test`).
        runs["env_space"] = lambda block: rl.env_steps(
            rl._romme_env, seconds, 1000 * block, draw="space"
        )
        runs["gin_rummy_v4_space"] = lambda block: rl.env_steps(
            rl._gin_rummy, seconds, 1000 * block, draw="space"
        )
    env = interleave(runs, blocks)
    arena_runs: dict[str, Callable[[int], tuple[int, int, float]]] = {
        "arena": lambda block: arena_slice(arena_rounds, 30_000 + block)
    }
    if worker is not None:
        arena_runs["arena_pure"] = lambda block: worker.slice("arena", arena_rounds, 30_000 + block)
    arena = interleave(arena_runs, blocks)
    return {
        "rates": rates(env) | rates(arena),
        "ratios": paired_ratios(
            env,
            [
                ("env", "gin_rummy_v4"),
                ("env_bool", "gin_rummy_v4_bool"),
                ("env_space", "gin_rummy_v4_space"),
                ("env_pure", "gin_rummy_v4"),
                ("env", "env_pure"),
            ],
        )
        | paired_ratios(arena, [("arena", "arena_pure")]),
    }


def latency(preset: str, rounds: int, passes: int) -> Figures:
    """`legal_actions` and `apply` per call on the positions of seeded random play, each timed in `passes` passes.

    The positions are those of `rounds` seeded rounds of uniformly random
    play, each with the move played there (a listed move). A pass clears
    the library's caches once, then times, in play order, `legal_actions`
    of every position and `apply` of its move (the caches as a program
    playing those rounds has them). A position's time is its median over
    the passes; the figures are the 50th and the 99th percentile over the
    positions, in µs, the clock's own cost (an empty timed call, also
    reported) included; and the same over the positions of each phase
    apart (the C core answers much of the draw
    phase, the Python core the play phase).
    """
    rules = find_rules(preset)
    pairs: list[tuple[GameState, Action]] = []
    for seed in range(rounds):
        state = new_game(rules, 4, seed=40_000 + seed, dealer=seed % 4)
        chooser = random.Random(seed)
        while not state.is_over:
            action = chooser.choice(legal_actions(state))
            pairs.append((state, action))
            state = apply(state, action)
    listing: list[list[int]] = [[] for _ in pairs]
    applying: list[list[int]] = [[] for _ in pairs]
    clock = time.perf_counter_ns
    for _ in range(passes):
        clear_caches()
        for index, (state, action) in enumerate(pairs):
            started = clock()
            legal_actions(state)
            listed = clock()
            apply(state, action)
            applying[index].append(clock() - listed)
            listing[index].append(listed - started)
    empty = []
    for _ in range(1000):
        started = clock()
        empty.append(clock() - started)

    def percentiles(times: list[list[int]], phase: Phase | None = None) -> Figures:
        each = [
            statistics.median(found) / 1000
            for found, (state, _) in zip(times, pairs, strict=True)
            if phase is None or state.phase is phase
        ]
        return {"p50_us": percentile(each, 0.5), "p99_us": percentile(each, 0.99)}

    return {
        "positions": len(pairs),
        "passes": passes,
        "legal_actions": percentiles(listing),
        "apply": percentiles(applying),
        "clock_us": statistics.median(empty) / 1000,
        "by_phase": {
            phase.value: {
                "positions": sum(state.phase is phase for state, _ in pairs),
                "legal_actions": percentiles(listing, phase),
                "apply": percentiles(applying, phase),
            }
            for phase in Phase
            if any(state.phase is phase for state, _ in pairs)
        },
    }


WORKER_TASKS: dict[str, Callable[..., Any]] = {
    "accelerated": lambda: romme.accelerated,
    "play": play_slice,
    "env": env_slice,
    "arena": arena_slice,
    "latency": latency,
}
"""What the pure worker does: a task's name and its arguments in, its answer out (JSON)."""


def serve() -> None:
    """The pure worker's loop (``--worker``): one JSON line in, one out, until stdin closes."""
    for line in sys.stdin:
        task, *args = json.loads(line)
        print(json.dumps(WORKER_TASKS[task](*args)), flush=True)


# -- report ---------------------------------------------------------------------------


DEFAULT_PRESETS = ("drov", "classic", "german-rummy")
LATENCY_PRESETS = ("drov", "german-rummy")
"""The presets of the latency figures: the draw phase in C under `german-rummy` (a free take), less of it under `drov`."""


def collect(quick: bool, presets: list[str], blocks: int | None, seconds: float | None) -> Figures:
    """Every figure: the interleaved runs first (random play, latency, the RL env and the arena), then ours alone."""
    repeat = 3 if quick else 5
    rounds = 4 if quick else 20
    blocks = blocks or (4 if quick else 10)
    seconds = seconds or (0.2 if quick else 0.5)
    figures: Figures = {
        "machine": {
            "python": sys.version.split()[0],
            "platform": platform.platform(),
            "processor": platform.machine(),
            "date": time.strftime("%Y-%m-%d"),
        },
        "accelerated": romme.accelerated,
        "interleaved": {"blocks": blocks, "cpu_seconds_per_run": seconds},
    }
    worker = PureWorker() if romme.accelerated else None
    try:
        play = interleaved_play(presets, blocks, seconds, worker)
        figures["interleaved"]["random_play"] = play
        core = "accelerated" if romme.accelerated else "pure"
        latency_rounds, passes = (2, 5) if quick else (10, 15)
        figures["latency"] = {}
        for preset in LATENCY_PRESETS:
            figures["latency"][preset] = {core: latency(preset, latency_rounds, passes)}
            if worker is not None:
                figures["latency"][preset]["pure"] = worker.ask(
                    "latency", preset, latency_rounds, passes
                )
        figures["interleaved"]["rl"] = interleaved_rl(blocks, seconds, 15 if quick else 40, worker)
    finally:
        if worker is not None:
            worker.close()
    figures["random_play"] = {
        preset: {
            "decisions_per_second": row["rates"]["ours"]["per_second"]["median"],
            "rounds_per_second": row["rates"]["ours"]["rounds_per_second"],
            "decisions_per_round": row["rates"]["ours"]["per_round"],
        }
        for preset, row in play.items()
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
    return figures


def _verdict(found: Figures, target: float, *, at_most: bool = False) -> str:
    """Whether a figure (its median, and its whole range where it has one) meets a target."""
    low, middle, high = found["min"], found["median"], found["max"]
    if at_most:
        low, high = -high, -low
        middle, target = -middle, -target
    if low >= target:
        return "met"
    if middle >= target:
        return "met at the median, not in every block"
    return "missed"


def _range(found: Figures, form: str) -> str:
    return f"{found['median']:{form}} [{found['min']:{form}}–{found['max']:{form}}]"


def report(figures: Figures) -> str:
    interleaved = figures["interleaved"]
    lines = [
        f"romme benchmark · Python {figures['machine']['python']} · {figures['machine']['platform']} · {figures['machine']['date']}",
        f"this process runs the {'accelerated' if figures['accelerated'] else 'pure'} core"
        + ("; a second process the pure one (ROMME_PURE=1)" if figures["accelerated"] else ""),
        "",
        (
            f"interleaved: every run in turn, {interleaved['blocks']} blocks of "
            f"{interleaved['cpu_seconds_per_run']:g} CPU s each; median [min–max] over the blocks"
        ),
        "random play, 4 seats                  decisions/s, median [range]   rounds/s   decisions/round",
    ]
    names = {
        "ours": "ours, accelerated" if figures["accelerated"] else "ours (not built: pure)",
        "ours_pure": "ours, pure core",
        "rlcard": "RLCard gin rummy",
        "openspiel": "OpenSpiel gin rummy",
        "env": "our PettingZoo env",
        "env_pure": "our PettingZoo env, pure core",
        "gin_rummy_v4": "PettingZoo gin_rummy_v4",
        "env_bool": "our PettingZoo env, bool mask",
        "gin_rummy_v4_bool": "PettingZoo gin_rummy_v4, bool mask",
        "env_space": "our PettingZoo env, space.sample(mask)",
        "gin_rummy_v4_space": "gin_rummy_v4, space.sample(mask)",
        "arena": "arena, 4 GreedyBots",
        "arena_pure": "arena, 4 GreedyBots, pure core",
    }
    for preset, row in interleaved["random_play"].items():
        for name, rate in row["rates"].items():
            lines.append(
                f"  {preset + ': ' + names[name]:<35} {_range(rate['per_second'], '>8,.0f'):>30} "
                f"{rate['rounds_per_second']:>10.1f} {rate['per_round']:>17.1f}"
            )
    lines += ["", "ratios of paired blocks            median [min–max]       target"]
    for preset, row in interleaved["random_play"].items():
        target = TARGETS.get(preset, OTHER_TARGET)
        for pair, found in row["ratios"].items():
            first, second = pair.split("/")
            text = f"  {preset}: {names[first]} / {names[second]}"
            if first == "ours" and figures["accelerated"] and second in PEERS:
                verdict = f"≥ {target:g}×: {_verdict(found, target)}"
            else:
                verdict = ""
            lines.append(f"{text:<55} {_range(found, '.2f'):<20} {verdict}")
    lines += [
        "",
        "per call, on the positions of seeded random play, in play order, caches cleared once a pass",
    ]
    for preset, core, row in (
        (preset, core, row)
        for preset, cores in figures["latency"].items()
        for core, row in cores.items()
    ):
        legal, applied = row["legal_actions"], row["apply"]
        targets = (
            f"  [legal_actions p99 ≤ 100 µs: {'met' if legal['p99_us'] <= 100 else 'missed'}; "
            f"apply median ≤ 3 µs: {'met' if applied['p50_us'] <= 3 else 'missed'}]"
            if core == "accelerated"
            else ""
        )
        lines.append(
            f"  {preset + ', ' + core:<25} legal_actions p50 {legal['p50_us']:7.1f} µs, p99 {legal['p99_us']:7.1f} µs; "
            f"apply p50 {applied['p50_us']:5.1f} µs, p99 {applied['p99_us']:6.1f} µs"
            f" ({row['positions']} positions × {row['passes']} passes, the clock {row['clock_us']:.2f} µs){targets}"
        )
        for phase, part in row["by_phase"].items():
            legal, applied = part["legal_actions"], part["apply"]
            lines.append(
                f"    {phase + ' phase':<23} legal_actions p50 {legal['p50_us']:7.1f} µs, p99 {legal['p99_us']:7.1f} µs; "
                f"apply p50 {applied['p50_us']:5.1f} µs, p99 {applied['p99_us']:6.1f} µs ({part['positions']} positions)"
            )
    rl = interleaved["rl"]
    lines += [
        "",
        "the RL env (classic, 2 players) and the arena (classic), interleaved    per CPU s, median [range]",
    ]
    for name, rate in rl["rates"].items():
        unit = "rounds" if name.startswith("arena") else "steps"
        lines.append(f"  {names[name]:<35} {_range(rate['per_second'], '>8,.1f'):>30} {unit}/s")
    for pair, found in rl["ratios"].items():
        first, second = pair.split("/")
        verdict = ""
        if figures["accelerated"] and pair in ("env/gin_rummy_v4", "env_space/gin_rummy_v4_space"):
            verdict = f"≥ 2×: {_verdict(found, 2)}"
        elif figures["accelerated"] and pair == "arena/arena_pure":
            verdict = f"≥ 2× (the pure core for today's): {_verdict(found, 2)}"
        lines.append(
            f"  {names[first] + ' / ' + names[second]:<53} {_range(found, '.2f'):<20} {verdict}"
        )
    lines += ["", "ours alone, this process"]
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
    if not any(
        name in PEERS for row in interleaved["random_play"].values() for name in row["rates"]
    ):
        lines += ["", "peers: not installed (pip install -e '.[bench]')"]
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument("--quick", action="store_true", help="fewer blocks, repetitions and rounds")
    parser.add_argument(
        "--presets",
        default=",".join(DEFAULT_PRESETS),
        help="the presets of the interleaved random play, comma-separated (default: %(default)s)",
    )
    parser.add_argument(
        "--all-presets", action="store_true", help="interleaved random play under every preset"
    )
    parser.add_argument("--blocks", type=int, help="blocks of the interleaved runs (10; 4 --quick)")
    parser.add_argument(
        "--seconds", type=float, help="CPU seconds of each run in a block (0.5; 0.2 --quick)"
    )
    parser.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker:
        serve()
        return
    presets = list(PRESETS) if args.all_presets else args.presets.split(",")
    unknown = [preset for preset in presets if preset not in PRESETS]
    if unknown:
        parser.error(f"unknown presets {unknown}; the presets are {', '.join(PRESETS)}")
    figures = collect(args.quick, presets, args.blocks, args.seconds)
    print(json.dumps(figures, indent=2) if args.json else report(figures))


if __name__ == "__main__":
    main()
