"""romme.testing: the shipped hypothesis strategies produce what they promise.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import importlib
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from typing import TypeVar

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import Phase as HypothesisPhase
from hypothesis import strategies as st

from romme import (
    JOKER,
    PRESETS,
    GameState,
    IllegalActionError,
    InvalidMeldError,
    JokerLimit,
    Meld,
    Reason,
    Rules,
    apply,
    check,
    find_rules,
    is_legal,
    is_valid_meld,
    legal_actions,
    make_deck,
    new_game,
    testing,
    validate_meld,
    view,
)
from romme.game._checks import check_cards

T = TypeVar("T")

PLAY_SETTINGS = settings(
    max_examples=min(25, settings().max_examples),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
"""Few examples where each one plays part of a round."""
SHORT = Rules(decks=1, jokers=0, hand_size=12, max_players=4)
"""One pack dealt to four: three cards in the stock, so rounds end within a few turns (rules §9)."""


def collect(strategy: st.SearchStrategy[T], count: int) -> list[T]:
    """Return `count` values of `strategy`, drawn deterministically (for statements about a sample)."""
    found: list[T] = []

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        phases=[HypothesisPhase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(strategy)
    def run(value: T) -> None:
        found.append(value)

    run()
    return found


# -- the optional dependency ------------------------------------------------------------


def test_importing_romme_does_not_import_hypothesis() -> None:
    """hypothesis is an optional dependency: ``import romme`` does not load it (docs/maintainers.md: attrs and typing-extensions only)."""
    code = "import romme, sys; assert 'hypothesis' not in sys.modules, 'hypothesis imported'"
    completed = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=False
    )
    assert 0 == completed.returncode, completed.stderr


def test_romme_testing_without_hypothesis_names_the_test_extra(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without hypothesis, ``import romme.testing`` raises ImportError saying to install the test extra."""
    monkeypatch.setitem(sys.modules, "hypothesis", None)
    monkeypatch.delitem(sys.modules, "romme.testing")
    with pytest.raises(ImportError, match=r'pip install "romme-rules\[test\]"'):
        importlib.import_module("romme.testing")


# -- cards and hands ----------------------------------------------------------------------


@given(card=testing.cards(), natural=testing.natural_cards())
def test_cards_are_cards_and_natural_cards_are_no_jokers(card: object, natural: object) -> None:
    """cards() gives any card of the deck (rules §2), natural_cards() never the joker."""
    assert card in set(make_deck(Rules()))
    assert natural in set(make_deck(Rules()))
    assert JOKER != natural


@given(
    data=st.data(),
    bounds=st.tuples(st.integers(0, 20), st.integers(0, 20)).map(sorted),
    max_jokers=st.integers(0, 8),
)
def test_hands_are_sub_multisets_of_a_real_deck(
    data: st.DataObject, bounds: list[int], max_jokers: int
) -> None:
    """hands() deals what two packs and the jokers hold: no natural card more than twice (rules §2)."""
    low, high = bounds
    hand = data.draw(testing.hands(low, high, max_jokers))
    assert low <= len(hand) <= high
    counts = Counter(hand)
    assert counts[JOKER] <= max_jokers
    assert all(n <= 2 for card, n in counts.items() if card != JOKER)


@given(data=st.data(), rules=testing.rules())
def test_hands_under_rules_come_from_their_deck(data: st.DataObject, rules: Rules) -> None:
    """hands(rules=…) deals from the deck of the rules: its packs and its jokers (rules §2)."""
    hand = data.draw(testing.hands(0, 16, rules=rules))
    assert not Counter(hand) - Counter(make_deck(rules))


@pytest.mark.parametrize(
    "call",
    [
        lambda: testing.hands(max_jokers=9),
        lambda: testing.hands(max_jokers=-1),
        lambda: testing.hands(5, 4),
        lambda: testing.hands(111, 200),
        lambda: testing.rules(max_hand_size=0),
        lambda: testing.positions(max_steps=-1),
    ],
)
def test_strategies_refuse_impossible_arguments(call: Callable[[], object]) -> None:
    """Arguments no deck or rules can meet raise ValueError when the strategy is made."""
    with pytest.raises(ValueError):  # noqa: PT011 - the message differs per argument
        call()


# -- rules --------------------------------------------------------------------------------


@given(rules=testing.rules())
def test_random_rules_construct_and_seat_two_to_four(rules: Rules) -> None:
    """rules() gives valid Rules (no InvalidRulesError, rules §12) that deal 2 to 4 seats."""
    assert rules == Rules(**attrs.asdict(rules, recurse=False))
    fewest = 3 if rules.dealer_sits_out else 2
    for players in range(fewest, 5):
        state = new_game(rules, players, seed=players)
        check_cards(state)


def test_rules_vary_every_field() -> None:
    """rules() changes every field of Rules: each takes at least two values in a sample."""
    sample = collect(testing.rules(), 600)
    for field in attrs.fields(Rules):
        values = {getattr(rules, field.name) for rules in sample}
        assert len(values) >= 2, field.name
    assert set(PRESETS.values()) & set(sample), "the presets are drawn too"


def test_presets_are_the_named_rule_books() -> None:
    """presets() draws exactly the named rule books of rules §12."""
    assert set(PRESETS.values()) == set(collect(testing.presets(), 60))


# -- melds --------------------------------------------------------------------------------


@given(data=st.data(), rules=testing.rules())
def test_melds_are_valid_under_their_rules(data: st.DataObject, rules: Rules) -> None:
    """melds(rules) gives melds validate_meld accepts as they are (rules §3), from the rules' deck."""
    meld = data.draw(testing.melds(rules))
    assert meld == validate_meld(meld.cards, rules, kind=meld.kind)
    assert not Counter(meld.cards) - Counter(make_deck(rules))


@given(meld=testing.melds())
def test_melds_without_rules_are_valid_under_some_rules(meld: Meld) -> None:
    """melds() with random rules gives valid melds (rules §3): three cards or more, a natural card."""
    assert isinstance(meld, Meld)
    assert len(meld) >= 3
    assert meld.natural_count >= 1


def test_melds_cover_sets_runs_and_jokers() -> None:
    """melds() draws sets and runs, with and without jokers, and runs past the corner (rules §3)."""
    sample = collect(testing.melds(find_rules("drov")), 300)
    kinds = {(meld.kind.value, meld.joker_count > 0) for meld in sample}
    assert {("set", False), ("set", True), ("run", False), ("run", True)} == kinds
    assert any(meld.kind.value == "run" and len(meld) >= 8 for meld in sample)


@given(data=st.data(), rules=testing.rules())
def test_near_melds_get_an_answer(data: st.DataObject, rules: Rules) -> None:
    """validate_meld answers every near-meld with a meld or an InvalidMeldError and its Reason (rules §3)."""
    cards = data.draw(testing.near_melds(rules))
    if is_valid_meld(cards, rules):
        assert sorted(cards) == sorted(validate_meld(cards, rules).cards)
    else:
        with pytest.raises(InvalidMeldError) as refused:
            validate_meld(cards, rules)
        assert isinstance(refused.value.reason, Reason)


@given(data=st.data())
def test_near_melds_under_random_rules_get_an_answer(data: st.DataObject) -> None:
    """near_melds() without rules gives cards the meld functions answer (rules §3)."""
    cards = data.draw(testing.near_melds())
    assert isinstance(is_valid_meld(cards, Rules(joker_limit=JokerLimit.NONE)), bool)


def test_near_melds_are_mostly_not_melds() -> None:
    """near_melds() mostly breaks a rule of rules §3, and many different ones."""
    rules = find_rules("drov")
    reasons: Counter[Reason] = Counter()
    valid = 0
    cases = collect(testing.near_melds(rules), 400)
    for cards in cases:
        try:
            validate_meld(cards, rules)
        except InvalidMeldError as error:
            reasons[error.reason] += 1
        else:
            valid += 1
    assert valid < len(cases) // 3
    assert len(reasons) >= 8, reasons


# -- positions and actions ---------------------------------------------------------------


@PLAY_SETTINGS
@given(state=testing.positions(max_steps=30))
def test_positions_conserve_the_cards(state: GameState) -> None:
    """positions() are reached by legal play: the cards are the deck (docs/maintainers.md guarantee 1)."""
    assert Counter(make_deck(state.rules)) == state.all_cards()
    check_cards(state)
    fewest = 3 if state.rules.dealer_sits_out else 2
    assert fewest <= state.players <= 4


@PLAY_SETTINGS
@given(state=testing.positions(max_steps=30, allow_over=False))
def test_positions_in_play_have_a_legal_action(state: GameState) -> None:
    """positions(allow_over=False) are rounds in play, with a legal action (docs/maintainers.md guarantee 4)."""
    assert not state.is_over
    assert legal_actions(state)


def test_positions_with_players_deal_that_many_seats() -> None:
    """positions(players=n) deals n seats (rules §2)."""
    for state in collect(testing.positions(find_rules("classic"), 5, players=6), 5):
        assert 6 == state.players


def test_positions_reach_finished_rounds() -> None:
    """positions() can end the round (rules §7, §9): a finished round is a position too."""
    assert any(state.is_over for state in collect(testing.positions(SHORT, 30, players=4), 20))


@PLAY_SETTINGS
@given(data=st.data(), state=testing.positions(max_steps=30, allow_over=False))
def test_actions_are_legal(data: st.DataObject, state: GameState) -> None:
    """actions(state) is legal: is_legal, check and apply accept it, and cards are conserved (docs/maintainers.md guarantees 1, 3)."""
    action = data.draw(testing.actions(state))
    assert is_legal(state, action)
    check(state, action)
    after = apply(state, action)
    assert Counter(make_deck(state.rules)) == after.all_cards()
    assert action in legal_actions(view(state, state.current_player))


def test_actions_of_a_finished_round_cannot_be_drawn() -> None:
    """actions() of a finished round raises ValueError: no action is legal then (rules §7)."""
    finished = next(s for s in collect(testing.positions(SHORT, 30, players=4), 20) if s.is_over)
    with pytest.raises(ValueError, match="no action is legal"):
        testing.actions(finished)


def test_near_miss_actions_of_finished_rounds_are_refused_as_round_over() -> None:
    """In a finished round every near miss is refused with Reason.ROUND_OVER (rules §7)."""
    finished = [s for s in collect(testing.positions(SHORT, 30, players=4), 20) if s.is_over]
    assert finished
    for miss in collect(testing.near_miss_actions(finished[0]), 20):
        assert "round_over" == miss.kind
        _assert_refused(finished[0], miss)


def _assert_refused(position: object, miss: testing.NearMiss) -> None:
    assert isinstance(position, GameState)
    before = attrs.asdict(position, recurse=True)
    assert not is_legal(position, miss.action, player=miss.player)
    with pytest.raises(IllegalActionError) as checked:
        check(position, miss.action, player=miss.player)
    with pytest.raises(IllegalActionError) as applied:
        apply(position, miss.action, player=miss.player)
    assert checked.value.reason is applied.value.reason
    assert checked.value.reason in miss.reasons, (miss, checked.value)
    assert before == attrs.asdict(position, recurse=True)


@PLAY_SETTINGS
@given(data=st.data(), state=testing.positions(max_steps=30))
def test_near_miss_actions_are_refused(data: st.DataObject, state: GameState) -> None:
    """near_miss_actions(state) are refused alike by is_legal, check and apply, with a reason it names (docs/maintainers.md guarantee 3)."""
    for _ in range(4):
        _assert_refused(state, data.draw(testing.near_miss_actions(state)))


@PLAY_SETTINGS
@given(data=st.data(), state=testing.positions(max_steps=30))
def test_near_miss_actions_of_views_are_refused(data: st.DataObject, state: GameState) -> None:
    """near_miss_actions(view) are refused for every seat's view (docs/maintainers.md guarantees 3, 5)."""
    seat = data.draw(st.integers(0, state.players - 1))
    seen = view(state, seat)
    miss = data.draw(testing.near_miss_actions(seen))
    assert not is_legal(seen, miss.action, player=miss.player)
    with pytest.raises(IllegalActionError) as refused:
        check(seen, miss.action, player=miss.player)
    assert refused.value.reason in miss.reasons


def test_near_miss_actions_cover_every_kind() -> None:
    """near_miss_actions() makes all its kinds of mistake, in both phases (rules §4)."""
    states = collect(testing.positions(find_rules("classic"), 40), 30)
    pairs = st.sampled_from(states).flatmap(
        lambda state: st.tuples(st.just(state), testing.near_miss_actions(state))
    )
    sample = collect(pairs, 300)
    kinds = {miss.kind for _, miss in sample}
    assert {"not_your_turn", "wrong_phase", "wrong_card", "wrong_meld"} <= kinds
    reasons = set()
    for state, miss in sample:
        _assert_refused(state, miss)
        with pytest.raises(IllegalActionError) as refused:
            check(state, miss.action, player=miss.player)
        reasons.add(refused.value.reason)
    assert {
        Reason.NOT_YOUR_TURN,
        Reason.WRONG_PHASE,
        Reason.CARD_NOT_IN_HAND,
        Reason.NOT_OPENED,
    } <= reasons
