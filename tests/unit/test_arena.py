"""The arena: duplicate deals, seeds independent of the workers, its statistics and `romme arena`."""

from __future__ import annotations

import io
import json

import pytest

from romme import GreedyBot, RandomBot, Rules, SearchBot, find_rules
from romme.arena import (
    derive_seed,
    make_bot,
    play_round,
    run_arena,
    wilson_interval,
)
from romme.cli import main
from tests.conftest import require_extra

BOTS = ["greedy", "random", "random"]


def test_wilson_interval_matches_the_published_values() -> None:
    """The 95 % Wilson interval of 40/100 is 0.3094–0.4980, of 0/10 is 0–0.2775 (Newcombe 1998)."""
    low, high = wilson_interval(40, 100)
    assert (round(low, 4), round(high, 4)) == (0.3094, 0.4980)
    low, high = wilson_interval(0, 10)
    assert (round(low, 4), round(high, 4)) == (0.0, 0.2775)


def test_duplicate_deals_replay_one_deal_with_the_seats_rotated() -> None:
    """Round i plays deal i // seats with the bots rotated i % seats seats; identical bots replay it identically."""
    rotated = [play_round(BOTS, _classic(), 3, index).bots for index in range(3)]
    assert rotated == [
        ("greedy", "random", "random"),
        ("random", "greedy", "random"),
        ("random", "random", "greedy"),
    ]
    same = [play_round(["greedy"] * 3, _classic(), 3, index) for index in range(3)]
    assert same[0].penalties == same[1].penalties == same[2].penalties
    other_deal = play_round(["greedy"] * 3, _classic(), 3, 3)
    assert other_deal.penalties != same[0].penalties or other_deal.turns != same[0].turns


def _classic() -> Rules:
    return find_rules("classic")


def test_results_are_the_same_for_one_and_two_process_workers() -> None:
    """The rounds' seeds come from the master seed alone: 1 and 2 worker processes give equal results."""
    one = run_arena(BOTS, "classic", 12, seed=9, workers=1)
    two = run_arena(BOTS, "classic", 12, seed=9, workers=2)
    assert one == two
    assert one.to_dict()["stats"] == two.to_dict()["stats"]
    assert run_arena(BOTS, "classic", 12, seed=10) != one


@pytest.mark.slow
def test_results_are_the_same_on_a_local_ray() -> None:
    """Ray workers (a local instance started for the test) give the same result as one process."""
    ray = require_extra("ray", "ray")
    assert not ray.is_initialized()
    local = run_arena(BOTS, "drov", 9, seed=4, workers=1)
    on_ray = run_arena(BOTS, "drov", 9, seed=4, workers=2, executor="ray")
    assert on_ray == local
    assert not ray.is_initialized()


def test_counts_add_up_over_the_rounds() -> None:
    """Each bot's rounds are the seats it was dealt in, and the wins are the rounds someone went out."""
    result = run_arena(["greedy", "random", "random", "random"], "drov", 8, seed=2)
    dealt = sum(sum(outcome.dealt_in) for outcome in result.outcomes)
    assert sum(entry.rounds for entry in result.stats) == dealt == 8 * 3
    went_out = sum(outcome.winner is not None for outcome in result.outcomes)
    assert sum(entry.wins for entry in result.stats) == went_out
    assert sum(count for _, count in result.ends) == 8
    for entry in result.stats:
        assert entry.win_interval[0] <= entry.win_rate <= entry.win_interval[1]
        assert entry.penalty_interval[0] <= entry.average_penalty <= entry.penalty_interval[1]
        assert entry.points_interval[0] <= entry.average_points <= entry.points_interval[1]


def test_rating_ranks_the_stronger_bot_higher_and_equal_bots_equal() -> None:
    """The Elo-scale rating puts greedy above random, and two names of one deterministic bot at 1500 each."""
    result = run_arena(["greedy", "random", "random"], "classic", 9, seed=1)
    assert result.stat("greedy").rating > 1500 > result.stat("random").rating
    twins = run_arena(["greedy", "romme:GreedyBot", "greedy"], "classic", 6, seed=1)
    assert round(twins.stat("greedy").rating, 6) == round(twins.stat("romme:GreedyBot").rating, 6)
    assert round(twins.stat("greedy").rating, 6) == 1500.0


def test_bots_by_name_and_by_import_path() -> None:
    """make_bot knows random, greedy and search, and builds a class from package.module:Class."""
    assert isinstance(make_bot("random", 1), RandomBot)
    assert isinstance(make_bot("greedy", 1), GreedyBot)
    assert isinstance(make_bot("search", 1), SearchBot)
    assert isinstance(make_bot("romme.play._bots:RandomBot", 1), RandomBot)
    assert isinstance(make_bot("romme:GreedyBot", 1), GreedyBot)


@pytest.mark.parametrize(
    "spec", ["clever", "romme:NoSuchBot", "no_such_module:Bot", "romme:Rules", "romme:"]
)
def test_unknown_bots_are_refused(spec: str) -> None:
    """An unknown name, a missing path or an object that is not a bot is a ValueError."""
    with pytest.raises(ValueError, match=r"bot|import"):
        make_bot(spec, 0)


@pytest.mark.parametrize(
    "options",
    [
        {"bots": ["greedy"]},
        {"rounds": 0},
        {"workers": 0},
        {"executor": "threads"},
        {"bots": ["greedy", "random"], "rules": "drov"},
    ],
)
def test_bad_arena_arguments_are_refused(options: dict[str, object]) -> None:
    """Too few seats, no rounds, no workers or an unknown executor is a ValueError."""
    arguments: dict[str, object] = {"bots": BOTS, "rules": "classic", "rounds": 3, "seed": 1}
    arguments.update(options)
    with pytest.raises(ValueError, match=r"seat|rounds|workers|executor"):
        run_arena(**arguments)  # type: ignore[arg-type]


def test_derived_seeds_depend_on_every_part() -> None:
    """derive_seed gives 63-bit seeds that change with each part."""
    seeds = {derive_seed(1, 0), derive_seed(1, 1), derive_seed(2, 0), derive_seed(1, 0, 0)}
    assert len(seeds) == 4
    assert all(0 <= seed < 2**63 for seed in seeds)


def _cli(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    status = main(argv, stdin=io.StringIO(), stdout=out, stderr=err)
    return status, out.getvalue(), err.getvalue()


def test_arena_command_json_is_run_arenas_result() -> None:
    """`romme arena --json` prints the figures run_arena gives for the same flags."""
    status, out, _ = _cli(
        ["arena", "--bots", "greedy,random,random", "--rounds", "6", "--seed", "3", "--json"]
    )
    assert status == 0
    printed = json.loads(out)
    expected = run_arena(BOTS, "classic", 6, seed=3).to_dict()
    assert printed["stats"] == json.loads(json.dumps(expected["stats"]))
    assert printed["rounds"] == 6


def test_arena_command_prints_a_table_with_every_bot() -> None:
    """`romme arena` prints one row per distinct bot with its win rate and interval."""
    status, out, _ = _cli(
        [
            "arena",
            "--bots",
            "greedy,random,random",
            "--rounds",
            "3",
            "--seed",
            "3",
            "--workers",
            "2",
        ]
    )
    assert status == 0
    rows = [line.split()[0] for line in out.splitlines()[2:4]]
    assert rows == ["greedy", "random"]
    assert "95 % CI" in out


def test_arena_command_bad_bot_exits_2() -> None:
    """An unknown bot is reported on stderr with exit status 2."""
    status, _, err = _cli(["arena", "--bots", "greedy,clever,random", "--rounds", "1"])
    assert status == 2
    assert "clever" in err


@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_play_level_plays_a_demo_round(level: str) -> None:
    """`romme play --level` plays a whole round with the level's bots."""
    status, out, _ = _cli(["play", "--auto", "--seed", "2", "--level", level])
    assert status == 0
    assert "Round over" in out


@pytest.mark.parametrize("workers", [1, 2])
def test_progress_is_reported_up_to_every_round(workers: int) -> None:
    """The progress callback hears (done, total) as rounds finish, ending with every round done."""
    heard: list[tuple[int, int]] = []
    run_arena(
        BOTS, "classic", 6, seed=2, workers=workers, progress=lambda d, t: heard.append((d, t))
    )
    assert heard[-1] == (6, 6)
    assert [done for done, _ in heard] == sorted(done for done, _ in heard)


def test_odd_arguments_get_typed_errors() -> None:
    """A bot that did not play, rules that are no Rules, a seed that is no int, a non-callable path: typed errors."""
    result = run_arena(BOTS, "classic", 3, seed=2)
    with pytest.raises(ValueError, match="did not play"):
        result.stat("search")
    with pytest.raises(TypeError):
        run_arena(BOTS, 3, 3, seed=2)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="seed"):
        run_arena(BOTS, "classic", 3, seed="2")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="not a class"):
        make_bot("romme.arena:BOT_NAMES", 0)
    assert wilson_interval(0, 0) == (0.0, 1.0)
