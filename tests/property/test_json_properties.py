"""docs/maintainers.md guarantee 6 as properties: every value of random legal play survives a JSON round trip.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import json
import random
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from romme import (
    FORMAT_VERSION,
    PRESETS,
    Action,
    ExtraCard,
    GameRecord,
    GameState,
    Match,
    MatchScoring,
    PointsTable,
    Rules,
    StockExhausted,
    TakeDiscardMode,
    apply,
    dumps,
    from_dict,
    legal_actions,
    loads,
    new_game,
    new_match,
    score_round,
    to_dict,
    view,
)
from romme import testing as romme_testing
from romme.play._bots import random_choice
from tests.conftest import examples

PLAY_SETTINGS = settings(max_examples=examples(dev=3, ci=8), deadline=None)
"""Few examples for the properties that play whole rounds or matches (marked ``long``): three under ``dev``, eight under ``ci``."""
MAX_STEPS = 3000
"""A round that does not end in this many actions counts as endless (the reshuffles are capped)."""
SEEDS = st.integers(min_value=0, max_value=2**63 - 1)


def assert_round_trips(value: object, kind: str) -> None:
    """Assert `value` survives loads(dumps(x)) and from_dict(to_dict(x)) unchanged (docs/maintainers.md guarantee 6)."""
    document = to_dict(value)
    assert FORMAT_VERSION == document["romme"]
    assert kind == document["type"]
    text = dumps(value)
    assert value == loads(text)
    assert value == from_dict(document)
    # The dict is JSON-ready: it is exactly what the text holds.
    assert document == json.loads(text)


def _bounded(rules: Rules) -> Rules:
    """Cap the reshuffles so random play ends quickly (rules §9 `max_reshuffles`)."""
    if rules.stock_exhausted is StockExhausted.RESHUFFLE:
        return attrs.evolve(rules, max_reshuffles=1)
    return rules


def _seats(rules: Rules, seed: int) -> int:
    return 3 + seed % 2 if rules.dealer_sits_out else 2 + seed % 3


@attrs.frozen
class Step:
    """One position of random play: the state, its legal actions and the action chosen."""

    state: GameState
    actions: tuple[Action, ...]
    chosen: Action


def _random_round(rules: Rules, players: int, seed: int) -> tuple[list[Step], GameState]:
    """Play one round with random legal actions; return the steps and the final state."""
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    steps: list[Step] = []
    for _ in range(MAX_STEPS):
        if state.is_over:
            return steps, state
        actions = legal_actions(state)
        chosen = random_choice(rng, actions, state.rules)
        steps.append(Step(state, actions, chosen))
        state = apply(state, chosen)
    raise AssertionError(f"the round did not end in {MAX_STEPS} actions")


# -- states, views, actions, results, records --------------------------------------------


@pytest.mark.long
@pytest.mark.parametrize("preset", list(PRESETS))
@PLAY_SETTINGS
@given(seed=SEEDS)
def test_random_play_round_trips(preset: str, seed: int) -> None:
    """Every state, views, legal actions, the result and the record of random play survive JSON (docs/maintainers.md guarantee 6)."""
    rules = _bounded(PRESETS[preset])
    steps, final = _random_round(rules, _seats(rules, seed), seed)
    rng = random.Random(seed)
    for index, step in enumerate(steps):
        state = step.state
        assert_round_trips(state, "state")
        # One seat's view at every step, every seat's at the first step.
        seats = range(state.players) if index == 0 else [rng.randrange(state.players)]
        for seat in seats:
            assert_round_trips(view(state, seat), "view")
        assert_round_trips(step.chosen, "action")
        for action in rng.sample(step.actions, min(3, len(step.actions))):
            assert_round_trips(action, "action")
    assert_round_trips(final, "state")
    for seat in range(final.players):
        assert_round_trips(view(final, seat), "view")
    # rules §10: the round's result.
    assert_round_trips(score_round(final), "round_result")
    # A record made during play replays every state, and survives JSON.
    record = GameRecord.start(steps[0].state if steps else final)
    for step in steps:
        record = record.add(step.chosen)
    assert (*(step.state for step in steps), final) == record.replay()
    assert_round_trips(record, "record")
    loaded: GameRecord = loads(dumps(record))
    assert final == loaded.final_state()


@pytest.mark.long
@PLAY_SETTINGS
@given(rules=romme_testing.rules(), seed=SEEDS, steps=st.integers(0, 60))
def test_states_under_evolved_rules_round_trip(rules: Rules, seed: int, steps: int) -> None:
    """States under rules that are no preset keep those rules through JSON (docs/maintainers.md guarantee 6)."""
    rules = _bounded(rules)
    state = new_game(rules, _seats(rules, seed), seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        assert_round_trips(state, "state")
        if state.is_over:
            break
        state = apply(state, random_choice(rng, legal_actions(state), state.rules))
    assert_round_trips(state, "state")
    assert_round_trips(view(state, state.current_player), "view")


# -- rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
def test_preset_rules_document_names_the_preset(preset: str) -> None:
    """A preset is stored by its name alone (rules §12, docs/maintainers.md guarantee 6)."""
    rules = PRESETS[preset]
    expected = {"romme": 1, "type": "rules", "preset": preset}
    assert expected == to_dict(rules)
    assert_round_trips(rules, "rules")


def test_evolved_rules_document_lists_the_differences() -> None:
    """A house variant is stored as its nearest preset and the fields that differ (docs/maintainers.md guarantee 6)."""
    rules = attrs.evolve(PRESETS["classic"], opening_threshold=40, not_opened_penalty=100)
    expected = {
        "romme": 1,
        "type": "rules",
        "preset": "classic",
        "opening_threshold": 40,
        "not_opened_penalty": 100,
    }
    assert expected == to_dict(rules)
    assert_round_trips(rules, "rules")


def test_default_rules_round_trip() -> None:
    """`Rules()` (DRoV with the dealer playing, rules §12) survives JSON unchanged."""
    assert_round_trips(Rules(), "rules")


@st.composite
def _house_variants(draw: st.DrawFn) -> Rules:
    """A rules value: random rules (`romme.testing.rules`) with random values for many other fields."""
    base = draw(romme_testing.rules())
    changes: dict[str, Any] = {
        "opening_threshold": draw(st.integers(0, 80)),
        "ace_penalty": draw(st.integers(0, 30)),
        "joker_penalty": draw(st.integers(0, 50)),
        "hand_romme_multiplier": draw(st.integers(1, 4)),
        "not_opened_penalty": draw(st.none() | st.integers(0, 200)),
        "max_reshuffles": draw(st.none() | st.integers(0, 5)),
        "match_rounds": draw(st.none() | st.integers(1, 20)),
        "match_limit": draw(st.none() | st.integers(1, 1000)),
        "match_scoring": draw(st.sampled_from(tuple(MatchScoring))),
        "take_discard": draw(st.sampled_from(tuple(TakeDiscardMode))),
        "stock_exhausted": draw(st.sampled_from(tuple(StockExhausted))),
        "opening_requires_run": draw(st.booleans()),
        "opening_allows_jokers": draw(st.booleans()),
        "hand_romme_first_at_table": draw(st.booleans()),
        "rediscard_taken": draw(st.booleans()),
        "max_table_takes": draw(st.integers(1, 50)),
    }
    if not base.dealer_sits_out:
        changes["extra_card"] = draw(st.sampled_from(tuple(ExtraCard)))
    fields = draw(st.lists(st.sampled_from(sorted(changes)), unique=True))
    return attrs.evolve(base, **{name: changes[name] for name in fields})


@given(rules=_house_variants())
def test_evolved_rules_round_trip(rules: Rules) -> None:
    """Any `attrs.evolve`'d rules value survives JSON unchanged (docs/maintainers.md guarantee 6)."""
    assert_round_trips(rules, "rules")


# -- matches -------------------------------------------------------------------------------


def _play_match(match: Match, rng: random.Random, *, max_actions: int) -> list[Match]:
    """Play `match` with random legal actions; return it at each round's start, at random points and at the end."""
    snapshots = [match]
    for _ in range(max_actions):
        if match.state is None:
            break
        round_before = match.round
        state = match.state
        match = match.apply(random_choice(rng, legal_actions(state), state.rules))
        if match.round != round_before or rng.random() < 0.02:
            snapshots.append(match)
    snapshots.append(match)
    return snapshots


@pytest.mark.long
@PLAY_SETTINGS
@given(seed=SEEDS)
def test_classic_match_round_trips_to_its_end(seed: int) -> None:
    """A classic match of 3 played to the 500 limit survives JSON at every round (rules §11, docs/maintainers.md guarantee 6)."""
    match = new_match(PRESETS["classic"], 3, seed=seed, dealer=seed % 3)
    snapshots = _play_match(match, random.Random(seed), max_actions=100_000)
    assert snapshots[-1].is_over
    for snapshot in snapshots:
        assert_round_trips(snapshot, "match")


@pytest.mark.long
@PLAY_SETTINGS
@given(seed=SEEDS, players=st.integers(2, 6))
def test_cardgames_zone_match_round_trips_to_its_end(seed: int, players: int) -> None:
    """A cardgames-zone match of 3 rounds survives JSON at every round (rules §11, docs/maintainers.md guarantee 6)."""
    rules = attrs.evolve(PRESETS["cardgames-zone"], max_reshuffles=1)
    match = new_match(rules, players, seed=seed)
    snapshots = _play_match(match, random.Random(seed), max_actions=100_000)
    assert snapshots[-1].is_over
    assert 3 == snapshots[-1].round
    for snapshot in snapshots:
        assert_round_trips(snapshot, "match")


@pytest.mark.long
@PLAY_SETTINGS
@given(seed=SEEDS)
def test_tournament_match_with_points_table_round_trips(seed: int) -> None:
    """A DRoV match keeps the caller's points table through JSON (DRoV Nr. 12–14, docs/maintainers.md guarantee 6)."""
    table = PointsTable(
        went_out=5, hand_romme=6, not_opened=0, opened=[(10, 3), (50, 2), (None, 1)], sat_out=2
    )
    match = new_match(PRESETS["drov"], 4, seed=seed, points_table=table)
    rng = random.Random(seed)
    snapshots = [match]
    while match.round < 2:
        assert match.state is not None
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
        if rng.random() < 0.05:
            snapshots.append(match)
    snapshots.append(match)
    for snapshot in snapshots:
        assert_round_trips(snapshot, "match")
