"""The OpenSpiel game python_romme passes OpenSpiel's random_sim_test and plays with its bots."""

from __future__ import annotations

import pytest

from tests.conftest import examples, require_extra

pyspiel = require_extra("pyspiel", "openspiel")
np = require_extra("numpy", "openspiel")

import romme.rl.openspiel  # noqa: E402 - registers python_romme

_MAIN_PRESETS: list[dict[str, object]] = [
    {"rules": rules, "players": 3}
    for rules in ("classic", "cardgames-zone", "german-rummy", "house")
]
SIM_PARAMS: list[dict[str, object]] = [
    {"rules": "classic", "players": 2, "max_moves": 300},
    {"rules": "drov", "players": 3},
    *_MAIN_PRESETS,
][: examples(dev=2, ci=6)]
"""Two games under ``dev``; under ``ci`` and ``thorough`` also the other main presets."""


@pytest.mark.long
@pytest.mark.parametrize("params", SIM_PARAMS)
def test_random_sim_test(params: dict[str, object]) -> None:
    """OpenSpiel's random_sim_test with serialization accepts the game: 2 whole rounds each under ``dev``, 4 under ``ci``, 40 under ``thorough``."""
    game = pyspiel.load_game("python_romme", params)
    pyspiel.random_sim_test(game, num_sims=examples(dev=2, ci=4), serialize=True, verbose=False)


def test_observations_hold_the_own_hand_only() -> None:
    """After the deal, observation_tensor counts the seat's own hand, and the string names it."""
    game = pyspiel.load_game("python_romme", {"rules": "classic", "players": 2})
    state = game.new_initial_state()
    assert state.is_chance_node()
    state.apply_action(7)
    for seat in range(2):
        tensor = np.asarray(state.observation_tensor(seat))
        hand = state.position.hands[seat]
        assert int(tensor[:53].sum()) == len(hand)
        assert state.observation_string(seat).startswith("romme observation v1")
    assert state.observation_tensor(0) != state.observation_tensor(1)


def test_mcts_and_uniform_random_bots_play_a_game() -> None:
    """OpenSpiel's MCTSBot (random rollouts) and uniform random bots play rounds to the end."""
    mcts = require_extra("open_spiel.python.algorithms.mcts", "openspiel")
    evaluate_bots = require_extra("open_spiel.python.algorithms.evaluate_bots", "openspiel")
    game = pyspiel.load_game("python_romme", {"rules": "classic", "players": 2, "max_moves": 40})
    rng = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bots = [
        mcts.MCTSBot(game, 1.4, 4, evaluator, random_state=rng, solve=False),
        pyspiel.make_uniform_random_bot(1, 5),
    ]
    returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
    assert len(returns) == 2
    low, high = game.min_utility(), game.max_utility()
    assert all(low <= value <= high for value in returns)


def test_serialization_round_trips() -> None:
    """serialize_game_and_state and its inverse give back the same state."""
    game = pyspiel.load_game("python_romme", {"rules": "house", "players": 2})
    state = game.new_initial_state()
    state.apply_action(11)
    for _ in range(5):
        state.apply_action(state.legal_actions()[0])
    text = pyspiel.serialize_game_and_state(game, state)
    _, again = pyspiel.deserialize_game_and_state(text)
    assert again.history() == state.history()
    assert again.observation_string(0) == state.observation_string(0)


def test_parameters_are_checked() -> None:
    """An unknown preset or a deals count of 0 is refused."""
    with pytest.raises(Exception, match="no preset"):
        pyspiel.load_game("python_romme", {"rules": "nonesuch"})
    with pytest.raises(ValueError, match="deals"):
        romme.rl.openspiel.RommeGame({"deals": 0})


def test_observer_and_action_strings() -> None:
    """The observer refuses perfect recall; actions and the chance node print as text."""
    game = pyspiel.load_game("python_romme", {"rules": "classic", "players": 2})
    with pytest.raises(ValueError, match="perfect-recall"):
        game.make_py_observer(pyspiel.IIGObservationType(perfect_recall=True))
    with pytest.raises(ValueError, match="parameters"):
        game.make_py_observer(None, {"x": 1})
    state = game.new_initial_state()
    assert state.action_to_string(pyspiel.PlayerId.CHANCE, 3) == "deal 3"
    assert str(state) == "before the deal"
    assert state.observation_string(0) == "before the deal"
    state.apply_action(3)
    action = state.legal_actions()[0]
    assert state.action_to_string(state.current_player(), action).startswith("discard")
    assert "seat 0:" in str(state)


@pytest.mark.parametrize("outside", [1000, 10**6, 2**62])
def test_the_chance_node_refuses_a_deal_outside_the_deals(outside: int) -> None:
    """Hardening round 3, point 9: a deal outside 0 to deals - 1 is an ActionSpaceError; the state stays at the chance node."""
    from romme.rl.spaces import ActionSpaceError

    game = pyspiel.load_game("python_romme", {"rules": "classic", "players": 2})
    state = game.new_initial_state()
    with pytest.raises(ActionSpaceError, match="deal"):
        state.apply_action(outside)
    assert state.is_chance_node()
    assert state.position is None
    state.apply_action(999)
    assert not state.is_chance_node()


def test_the_python_state_refuses_ids_that_are_no_integers() -> None:
    """Hardening round 3, point 9: the state's own _apply_action refuses 5.9, "5" and True, the position unchanged."""
    from romme.rl.spaces import ActionSpaceError

    game = pyspiel.load_game("python_romme", {"rules": "classic", "players": 2})
    state = game.new_initial_state()
    for wrong in (5.9, "5", True):
        with pytest.raises(TypeError):
            state._apply_action(wrong)
    with pytest.raises(ActionSpaceError):
        state._apply_action(1000)
    assert state.position is None
    state.apply_action(7)
    before = state.position
    for wrong in (5.9, "5", True):
        with pytest.raises(TypeError):
            state._apply_action(wrong)
    with pytest.raises(ActionSpaceError):
        state._apply_action(-1)
    assert state.position is before
