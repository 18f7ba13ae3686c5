"""The benchmark command runs on a fresh checkout and reports every figure (issue: performance).

Only that it runs and what it reports are checked here: speed is measured
by the command itself, never asserted in a test (shared machines are noisy).
"""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

import romme
from romme import (
    GreedyBot,
    Phase,
    TakeDiscard,
    apply,
    determinize,
    find_rules,
    new_game,
    view,
)
from tests.conftest import require_extra

BENCH = Path(__file__).parent.parent / "bench"
SCRIPT = BENCH / "run.py"


def _bench(
    script: Path, *args: str, timeout: int = 600, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """Run a bench script in a process of its own with this interpreter, its output captured as text."""
    return subprocess.run(
        [sys.executable, str(script), *args],
        capture_output=True,
        text=True,
        timeout=timeout,
        check=check,
    )


@pytest.mark.slow
def test_bench_quick_run_reports_every_figure() -> None:
    """The quick benchmark prints every figure (a run of about 30 s: in the slow run); issue 34, items 6 and the targets: the interleaved ratios with their spread, both cores, the RL env and the arena, the latency per call."""
    for module in ("rlcard", "pyspiel", "pettingzoo"):
        require_extra(module, "bench")
    done = _bench(SCRIPT, "--quick", "--json")
    figures = json.loads(done.stdout)
    interleaved = figures["interleaved"]
    assert set(interleaved["random_play"]) == {"drov", "classic", "german-rummy"}
    for row in interleaved["random_play"].values():
        # issue 34, item 6: every run takes its turn in every block, ratios paired by block
        assert {"ours", "rlcard", "openspiel"} <= set(row["rates"])
        assert {"ours/rlcard", "ours/openspiel"} <= set(row["ratios"])
        for ratio in row["ratios"].values():
            assert 0 < ratio["min"] <= ratio["median"] <= ratio["max"]
    rl = interleaved["rl"]
    assert {"env", "gin_rummy_v4", "arena"} <= set(rl["rates"])
    assert {"env/gin_rummy_v4", "env_bool/gin_rummy_v4_bool"} <= set(rl["ratios"])
    cores = {"accelerated", "pure"} if figures["accelerated"] else {"pure"}
    assert set(figures["latency"]) == {"drov", "german-rummy"}
    assert all(set(row) == cores for row in figures["latency"].values())
    if figures["accelerated"]:
        # the pure core in its own process, in the same interleaving
        assert {"ours/ours_pure", "env/env_pure", "arena/arena_pure"} <= set(
            interleaved["random_play"]["drov"]["ratios"]
        ) | set(rl["ratios"])
    for row in (row for both in figures["latency"].values() for row in both.values()):
        assert row["positions"] > 0
        assert 0 < row["legal_actions"]["p50_us"] <= row["legal_actions"]["p99_us"]
        assert 0 < row["apply"]["p50_us"] <= row["apply"]["p99_us"]
        assert set(row["by_phase"]) == {"draw", "play"}
        assert sum(part["positions"] for part in row["by_phase"].values()) == row["positions"]
    assert set(figures["random_play"]) == {"drov", "classic", "german-rummy"}
    for row in figures["random_play"].values():
        assert row["decisions_per_second"] > 0
        assert row["decisions_per_round"] > 0
    assert figures["floor"]["decisions_per_second"] > 0
    split = figures["time_split"]
    assert split["apply"]["share_of_decisions"] == 1
    assert abs(sum(row["share_of_decisions"] for row in split.values()) - 2) < 1e-9
    assert {"median_us", "p99_us", "in_play_median_us", "in_play_p99_us"} <= set(
        figures["legal_actions"]
    )
    assert {"4_jokers_ms", "6_jokers_ms"} <= set(figures["legal_actions_worst"])
    assert {"ass", "ass-raeuber", "schmidt-raeuber"} == set(figures["legal_actions_raeuber"])
    for row in figures["legal_actions_raeuber"].values():
        assert {"median_us", "p99_us", "in_play_median_us", "in_play_p99_us"} <= set(row)
    melds = figures["melds"]
    assert melds["validate_meld_uncached_per_second"] > 0
    assert all(f"best_melds_{jokers}_jokers_us" in melds for jokers in (0, 2, 4, 6))
    assert {"apply_median_us", "json_round_trip_us", "bytes_per_stored_state"} <= set(
        figures["state"]
    )


def test_memory_bench_reports_the_resident_set_size() -> None:
    """bench/memory.py runs and reports the resident set size of each sample and the core it ran on (docs/performance.md; issue 34, memory)."""
    done = _bench(BENCH / "memory.py", "--rounds", "6", "--every", "3", "--json")
    figures = json.loads(done.stdout)
    assert figures["core"] == ("accelerated" if romme.accelerated else "pure")
    assert figures["rounds"] == 6
    assert figures["decisions"] > 0
    assert set(figures["rss_mb"]) == {"0", "3", "6"}
    assert all(megabytes > 0 for megabytes in figures["rss_mb"].values())
    assert {"growth_from_settled_mb", "largest_swing_after_settled_mb"} <= set(figures)


def test_instruction_count_workload_plays_and_reports_its_decisions() -> None:
    """bench/instructions.py's workload (what valgrind counts) plays seeded rounds and prints their decisions."""
    done = _bench(BENCH / "instructions.py", "--workload", "drov", "--rounds", "1")
    assert int(done.stdout.split()[-1]) > 0


def test_big_hands_bench_reports_every_rules_and_column() -> None:
    """bench/big_hands.py (docs/performance.md, big hands) times every preset and random Rules."""
    done = _bench(
        BENCH / "big_hands.py", "--cases", "1", "--random", "2", "--limit", "60", timeout=900
    )
    lines = done.stdout.splitlines()
    assert lines[0].split()[:3] == ["rules", "hands", "cards"]
    named = {line.split()[0] for line in lines[1:] if line and line[0] != " "}
    assert {"drov", "classic", "ass-klopfen", "random"} <= named
    assert lines[-2].startswith("worst of all: new_position ")
    assert lines[-1].startswith("peak memory of a process: ")


def test_raeuber_bench_reports_the_length_of_random_play() -> None:
    """bench/raeuber.py plays uniformly random rounds under both Räuber presets and reports their length; no turn takes more than the 15 table cards of rules §13."""
    done = _bench(BENCH / "raeuber.py", "--rounds", "2", "--json")
    figures = json.loads(done.stdout)
    assert set(figures) == {"ass-raeuber", "schmidt-raeuber"}
    for row in figures.values():
        assert row["rounds"] == 2
        assert 0 < row["median_decisions"] <= row["max_decisions"]
        assert row["cut_off"] == 0
        assert 0 <= row["most_takes_a_turn"] <= 15
        assert row["longest_turn"] > 0


def test_hand_reading_bench_reports_both_samplers() -> None:
    """bench/hand_reading.py (issue 35, point 1; the search page's figures) plays a few rounds and reports the log-likelihood and the hit rate of the reader and of uniform determinize, with their difference."""
    script = BENCH / "hand_reading.py"
    done = _bench(script, "4", "2", "classic")
    lines = done.stdout.splitlines()
    assert lines[0] == "python bench/hand_reading.py 4 2 classic"
    assert lines[1].startswith("classic: ")
    assert "positions from" in lines[1]
    assert lines[2].startswith("  log-likelihood per unseen card: reader ")
    assert ", uniform " in lines[2]
    assert lines[3].startswith("    reader - uniform ")
    assert lines[4].startswith("  hit rate: reader ")
    assert lines[5].startswith("    reader - uniform ")


@pytest.mark.slow
def test_asan_bench_finds_no_error_and_fails_on_a_leak() -> None:
    """bench/asan.py (issue 34, memory: no leak under an ASan build) builds the accelerator with AddressSanitizer and plays clean; a reference leaked on purpose fails it."""
    script = BENCH / "asan.py"
    clean = _bench(script, "--rounds", "3", check=False)
    assert clean.returncode == 0, clean.stdout + clean.stderr
    assert "-fsanitize=address" in clean.stdout
    assert "leaks at exit: 0 (0 bytes)" in clean.stdout
    assert clean.stdout.rstrip().endswith("no error and no leak of the extension")
    leaking = _bench(script, "--rounds", "15", "--show-a-leak", check=False)
    assert leaking.returncode == 1, leaking.stdout + leaking.stderr
    assert "FAILED:" in leaking.stdout
    assert "the live objects grew by" in leaking.stdout


def test_eval_curve_bench_plays_each_weights_file(tmp_path: Path) -> None:
    """bench/eval_curve.py (issue 35, point 4: the learning curve in the arena) plays heads-up rounds on each weights file it is given."""
    script = BENCH / "eval_curve.py"
    shipped = Path(romme.__file__).parent / "play" / "evaluation.json"
    document = json.loads(shipped.read_text(encoding="utf-8"))
    document["training"]["rounds"] = 1
    copy = tmp_path / "weights.json"
    copy.write_text(json.dumps(document), encoding="utf-8")
    done = _bench(script, "2", "31", "romme.play._evaluation:EvalBot", "shipped", str(copy))
    lines = done.stdout.splitlines()
    assert lines[0].startswith("python bench/eval_curve.py 2 31 ")
    heads = [line for line in lines if line.startswith("weights ")]
    assert heads[0].startswith("weights shipped: 6000 self-play rounds, ")
    assert (
        heads[1]
        == f"weights {copy}: 1 self-play rounds, {document['training']['positions']} training positions"
    )
    assert sum(line.startswith("2 rounds of classic, seed 31") for line in lines) == 2


@pytest.mark.slow
def test_match_strength_bench_plays_duplicate_matches() -> None:
    """bench/match_strength.py (issue 35, point 4: whole matches to 500) plays each deal sequence from both seats; GreedyBot against itself wins exactly half."""
    script = BENCH / "match_strength.py"
    done = _bench(script, "2", "7", "greedy")
    lines = done.stdout.splitlines()
    assert lines[0] == "python bench/match_strength.py 2 7 greedy greedy classic"
    assert lines[1].startswith("2 matches of classic, heads-up, seed 7: greedy wins 1 (50.0 %")
    assert lines[2].startswith("rounds a match ")


@pytest.mark.slow
def test_decision_time_bench_times_the_bots_decisions() -> None:
    """bench/decision_time.py (issue 35, point 3: within 1 s a decision) times every decision of the bot it names, and only those."""
    script = BENCH / "decision_time.py"
    done = _bench(script, "2", "5", "greedy", "classic", "2")
    lines = done.stdout.splitlines()
    assert lines[0] == "python bench/decision_time.py 2 5 greedy classic 2"
    assert lines[1].startswith("2 rounds of classic, 2 seats, seed 5: ")
    assert " decisions of greedy, mean " in lines[1]
    assert len(lines) == 2 + 5


@pytest.mark.slow
def test_policy_search_bench_starts_from_greedybot_and_prints_each_generation() -> None:
    """bench/policy_search.py (issue 35: a player tuned on the outcome itself): a line a generation, then the check; the start's weights play exactly as GreedyBot (the mean's first share is a half of duplicate heads-up rounds)."""
    script = BENCH / "policy_search.py"
    done = _bench(script, "1", "12", "8", "2", "classic")
    lines = done.stdout.splitlines()
    assert lines[0] == "python bench/policy_search.py 1 12 8 2 classic"
    assert lines[1].startswith("generation 0: best ")
    # every deal from both seats, GreedyBot against GreedyBot: each deal won once
    assert ", the mean's 50.0 %; new mean kept 1000.00, table " in lines[1]
    assert lines[2].startswith(
        "the final mean against 1 GreedyBot(s) under classic, 8 rounds of seed 31: "
    )
    assert len(lines) == 3


@pytest.mark.slow
def test_search_strength_bench_plays_the_hand_seeing_player_at_any_seats() -> None:
    """bench/search_strength.py --hands (issue 35: what reading the other hands could give at best) plays each deal from every seat dealt in, heads-up too."""
    script = BENCH / "search_strength.py"
    done = _bench(script, "--hands", "1", "1", "1", "2", "classic")
    (line,) = done.stdout.splitlines()
    assert line.startswith(
        "player seeing the hands, 1 stock shuffles, under classic, 2 seats, 1 deals, seed 17: "
    )
    assert " wins of 2 rounds, " in line


@pytest.mark.slow
def test_search_strength_bench_plays_the_same_search_on_sampled_positions() -> None:
    """bench/search_strength.py --sampled (issue 35, point 3: determinized search over the reader's samples) plays the search on positions dealt from the view alone, by either sampler, and refuses another."""
    script = BENCH / "search_strength.py"
    for sampler in ("reader", "policy", "uniform", "known:0.5"):
        done = _bench(script, "--sampled", sampler, "1", "1", "2", "2", "classic")
        (line,) = done.stdout.splitlines()
        assert line.startswith(
            f"player seeing its view, 2 positions dealt by the {sampler} sampler, under classic, "
            "2 seats, 1 deals, seed 17: "
        )
        assert " wins of 2 rounds, " in line
    refused = _bench(script, "--sampled", "oracle", "1", "1", "2", "2", check=False)
    assert refused.returncode == 1
    assert "--sampled takes reader, policy, uniform or known:SHARE, not 'oracle'" in refused.stderr


def _bench_module(name: str) -> ModuleType:
    """Import the bench script `name` (``bench/NAME.py``) as a module."""
    spec = importlib.util.spec_from_file_location(name, BENCH / f"{name}.py")
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_policy_reading_bench_reports_the_three_dealers() -> None:
    """bench/policy_reading.py (issue 35, point 1: the other hand read by the other seat's play) reports the hit rate of uniform, reader and policy positions, and the paired difference."""
    done = _bench(BENCH / "policy_reading.py", "2", "2", "1", "16")
    lines = done.stdout.splitlines()
    assert lines[0] == "python bench/policy_reading.py 2 2 1 16"
    assert lines[1].startswith("classic, heads-up, 2 rounds from seed 500: hit rate of the other")
    assert lines[2].startswith("  uniform ")
    assert ", reader " in lines[2]
    assert ", policy " in lines[2]
    assert lines[3].startswith("  policy - reader ")
    assert lines[3].endswith(")")


def test_the_policy_reader_deals_the_view_and_weighs_greedybots_true_hand_by_its_draw_alone() -> (
    None
):
    """Issue 35, point 1: the policy reader's positions keep everything the view shows; and
    walking back one turn of a GreedyBot it never doubts the true hand's discard: GreedyBot
    chooses by what its view shows, so the hand it held then discards the card it discarded.
    The true hand weighs 1 where that turn took the known discard (the walk back is exact),
    else 1 or EPS (the card it drew from the stock is guessed), where most hands dealt
    uniformly weigh less."""
    module = _bench_module("policy_reading")
    rules = find_rules("classic")
    greedy = GreedyBot()
    exact = guessed = doubted = 0
    for index in range(10):
        state = new_game(rules, 2, seed=40 + index, dealer=index % 2)
        reader = module.PolicyReader(turns=1, candidates=8)
        took = False
        while not state.is_over:
            seat = state.current_player
            seen = view(state, seat)
            if seat == 0:
                reader.observe(seen)
                if seen.phase is Phase.DRAW and seen.turn.number >= 2:
                    rng = random.Random(index)
                    assert view(reader.sample(seen, rng), 0) == seen
                    guess = determinize(seen, rng).hands[1]
                    doubted += reader.weight(seen, guess, rng) < 1.0
                    weight = reader.weight(seen, state.hands[1], rng)
                    if took:
                        assert weight == 1.0
                        exact += 1
                    else:
                        assert weight in (1.0, module.PolicyReader.EPS)
                        guessed += 1
            action = greedy.choose(seen)
            if seat == 1 and seen.phase is Phase.DRAW:
                took = isinstance(action, TakeDiscard)
            state = apply(state, action)
    assert exact > 0
    assert guessed > 0
    # while a hand dealt uniformly from the view is mostly doubted: the walk back weighs
    assert doubted > (exact + guessed) // 2


def test_the_knowing_dealer_keeps_the_view_and_its_share_of_the_other_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 35 (the bound on a reader finding a share of the other hand): search_strength.py's
    `known:SHARE` positions keep the view, and put at least that share of the other seat's true
    cards in its hand (half of 13 rounds down to 6); a share of 1 deals the true hand, of 0 at
    random."""
    monkeypatch.syspath_prepend(str(BENCH))
    module = _bench_module("search_strength")
    state = new_game(find_rules("classic"), 2, seed=3, dealer=1)
    greedy = GreedyBot()
    for _ in range(9):
        state = apply(state, greedy.choose(view(state, state.current_player)))
    me = state.current_player
    seen = view(state, me)
    truth = Counter(state.hands[1 - me])
    rng = random.Random(5)
    for share, least in ((0.5, len(state.hands[1 - me]) // 2), (1.0, truth.total())):
        dealer = module.knowing_dealer(state, me, share)
        for _ in range(20):
            guess = dealer(seen, rng)
            assert view(guess, me) == seen
            assert (Counter(guess.hands[1 - me]) & truth).total() >= least
    guesses = [module.knowing_dealer(state, me, 0.0)(seen, rng) for _ in range(20)]
    assert any((Counter(g.hands[1 - me]) & truth).total() < truth.total() // 2 for g in guesses)
