"""The evaluation learnt from self-play and the bot that uses it (issue 35, point 2)."""

from __future__ import annotations

import importlib.util
import json
from importlib import resources
from pathlib import Path

import pytest

from romme import (
    GameState,
    GreedyBot,
    InvalidInputError,
    PlayerView,
    apply,
    find_rules,
    legal_actions,
    new_game,
    parse_cards,
    view,
)
from romme.errors import InvalidDataError
from romme.play._evaluation import (
    FEATURES,
    MODELS,
    EvalBot,
    Evaluation,
    features,
    load_weights,
    parse_weights,
)

TOOL = Path(__file__).parents[2] / "tools" / "train_evaluation.py"


def _start(preset: str = "classic", seats: int = 2, seed: int = 1) -> PlayerView:
    return view(new_game(find_rules(preset), seats, seed=seed), 0)


def test_the_shipped_weights_load_with_one_weight_per_feature() -> None:
    """Issue 35, point 2: the package ships the model as a small JSON file of one weight per feature."""
    models = load_weights()
    assert sorted(models) == sorted(MODELS) == ["out", "score"]
    for means, scales, weights, intercept in models.values():
        assert len(means) == len(scales) == len(weights) == len(FEATURES) == 19
        assert all(scale > 0 for scale in scales)
        assert isinstance(intercept, float)
    shipped = resources.files("romme.play").joinpath("evaluation.json")
    document = json.loads(shipped.read_text(encoding="utf-8"))
    assert document["features"] == list(FEATURES)
    assert len(shipped.read_bytes()) < 20_000
    assert "--seed" in document["training"]["command"]


def test_weights_are_parsed_from_the_text_the_training_script_writes() -> None:
    """Issue 35, point 4 (the learning curve loads other weights): the shipped text parses to the shipped models; text without them is an InvalidDataError."""
    shipped = resources.files("romme.play").joinpath("evaluation.json").read_text(encoding="utf-8")
    assert parse_weights(shipped) == load_weights()
    for text in ("not json", "[]", json.dumps({"features": ["cards"], "models": {}})):
        with pytest.raises(InvalidDataError):
            parse_weights(text)


def test_a_complete_meld_is_judged_better_than_the_same_hand_with_it_broken() -> None:
    """Issue 35, point 2: 7♥ 8♥ 9♥ (a run of 24 points) beats 7♥ 8♥ 9♠ beside the same loose cards.

    Both hands hold the same cards but one, of the same rank and points:
    the first melds three of them, the second none (9♠ meets neither
    heart), so it is left with 24 points more over and fewer partners.
    """
    seen = _start()
    loose = parse_cards("2♣ 5♦ K♠ J♣ 4♠ Q♦ 3♣ 6♦")
    melded = (*parse_cards("7♥ 8♥ 9♥"), *loose)
    broken = (*parse_cards("7♥ 8♥ 9♠"), *loose)
    judge = Evaluation(out_worth=EvalBot.OUT_WORTH)
    assert judge.score(seen, melded) < judge.score(seen, broken)
    assert judge.chance(seen, melded) > judge.chance(seen, broken)
    assert judge.value(seen, melded) < judge.value(seen, broken)


def test_the_evaluation_is_deterministic_and_reads_the_view_by_default() -> None:
    """Issue 35, point 2: the same view and hand give the same features and prediction, the view's hand by default."""
    seen = _start(seed=4)
    judge = Evaluation(out_worth=EvalBot.OUT_WORTH)
    assert judge.value(seen) == Evaluation(EvalBot.OUT_WORTH).value(seen, seen.hand)
    assert judge.score(seen) == judge.score(seen, seen.hand)
    assert features(seen) == features(seen, list(seen.hand))
    assert len(features(seen)) == len(FEATURES)
    without = judge.without_each(seen)
    assert set(without) == set(seen.hand)
    card = seen.hand[0]
    rest = list(seen.hand)
    rest.remove(card)
    assert without[card] == judge.value(seen, rest)


def test_bad_input_to_the_evaluation_is_refused_with_a_typed_error() -> None:
    """Issue 35, point 2: a view of another type, a hand of other things or of too many copies is refused."""
    seen = _start()
    judge = Evaluation()
    with pytest.raises(TypeError, match="PlayerView"):
        judge.score("a view")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="cards only"):
        judge.chance(seen, ["7♥"])  # type: ignore[list-item]
    with pytest.raises(InvalidInputError, match="iterable of cards"):
        judge.value(seen, 7)  # type: ignore[arg-type]
    # Classic plays two decks: a third 7♥ cannot be anywhere.
    with pytest.raises(InvalidInputError, match="more copies of 7♥"):
        judge.without_each(seen, parse_cards("7♥ 7♥ 7♥"))


@pytest.mark.parametrize(("preset", "seats"), [("classic", 2), ("cardgames-zone", 3)])
def test_the_eval_bot_chooses_legal_actions_deterministically(preset: str, seats: int) -> None:
    """Issue 35, point 2: EvalBot's every choice is legal, and a second EvalBot makes the same one."""
    for seed in range(2):
        state: GameState = new_game(find_rules(preset), seats, seed=seed)
        bots = [EvalBot(), *(GreedyBot() for _ in range(seats - 1))]
        while not state.is_over:
            seat = state.current_player
            seen = view(state, seat)
            action = bots[seat].choose(seen)
            assert action in legal_actions(seen)
            if seat == 0:
                assert EvalBot().choose(seen) == action
            state = apply(state, action)


def test_the_training_script_is_reproducible_from_its_seed(tmp_path: Path) -> None:
    """Issue 35, point 2: two runs of tools/train_evaluation.py on a tiny seed write the same model."""
    spec = importlib.util.spec_from_file_location("train_evaluation", TOOL)
    assert spec is not None
    assert spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    first, second = tmp_path / "a.json", tmp_path / "b.json"
    assert tool.main(["--seed", "3", "--rounds", "25", "--out", str(first)]) == 0
    assert tool.main(["--seed", "3", "--rounds", "25", "--out", str(second)]) == 0
    assert first.read_bytes() == second.read_bytes()
    assert json.loads(first.read_text(encoding="utf-8"))["features"] == list(FEATURES)
