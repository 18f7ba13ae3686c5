"""docs/maintainers.md guarantees 1–6 as a hypothesis state machine: rounds under random valid Rules.

The machine deals a round under `romme.testing.rules()` (presets and
random combinations of every field), plays legal actions and near misses
drawn by `romme.testing`, deals the next round when one ends, and checks
after every step: cards conserved (1), no mutation and the same result
for the same action (2), `legal_actions` / `is_legal` / `check` / `apply`
agreeing (3), a legal action until the round is over (4), views without
hidden cards (5), the state, the view and the record surviving JSON (6),
and the record replaying to the current state.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from romme import (
    Card,
    GameRecord,
    GameState,
    IllegalActionError,
    Rules,
    apply,
    check,
    dumps,
    is_legal,
    legal_actions,
    loads,
    make_deck,
    new_game,
    score_round,
    testing,
    to_dict,
    view,
)
from romme.state import check_cards
from tests._hidden import shuffle_hidden

WARM_UP = 300
"""The most unchecked legal actions played before the checked steps begin."""


def _snapshot(state: GameState) -> object:
    """A deep, independent copy of everything in the state."""
    return attrs.asdict(state, recurse=True)


def _refusal(state: GameState, miss: testing.NearMiss) -> IllegalActionError:
    try:
        check(state, miss.action, player=miss.player)
    except IllegalActionError as error:
        return error
    raise AssertionError(f"check accepted the near miss {miss}")


class RoundMachine(RuleBasedStateMachine):
    """Rounds of Rommé under random valid rules, checked after every action."""

    def __init__(self) -> None:
        super().__init__()
        self.state: GameState = new_game(Rules(), 2, seed=0)
        self.record = GameRecord.start(self.state)
        self.deck: Counter[Card] = Counter(make_deck(self.state.rules))

    def _start(self, state: GameState) -> None:
        self.state = state
        self.record = GameRecord.start(state)
        self.deck = Counter(make_deck(state.rules))

    @initialize(rules=testing.rules(), data=st.data())
    def deal(self, rules: Rules, data: st.DataObject) -> None:
        """Deal 2 to 4 seats (3 or 4 when the dealer sits out, DRoV Nr. 2), maybe play on a while.

        Rounds last longer than the machine's steps, so the checked steps
        start from a fresh deal or from a position up to `WARM_UP` legal
        actions into the round; either way the record starts there.
        """
        fewest = 3 if rules.dealer_sits_out else 2
        players = data.draw(st.integers(fewest, 4), label="players")
        state = data.draw(testing.positions(rules, WARM_UP, players=players), label="start")
        self._start(state)

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def play_a_legal_action(self, data: st.DataObject) -> None:
        """Guarantees 2 and 3: a legal action passes every check; apply is pure and repeatable."""
        state = self.state
        action = data.draw(testing.actions(state), label="action")
        before = _snapshot(state)
        assert is_legal(state, action)
        check(state, action)
        after = apply(state, action)
        assert before == _snapshot(state), "apply changed its input"
        assert after == apply(state, action), "the same action gave another state"
        self.record = self.record.add(action)
        self.state = after

    @precondition(lambda self: not self.state.is_over)
    @rule(data=st.data())
    def try_a_near_miss(self, data: st.DataObject) -> None:
        """Guarantee 3: a near miss is refused by is_legal, check and apply alike, the state untouched."""
        state = self.state
        miss = data.draw(testing.near_miss_actions(state), label="near miss")
        before = _snapshot(state)
        assert not is_legal(state, miss.action, player=miss.player)
        refused = _refusal(state, miss)
        assert refused.reason in miss.reasons
        assert miss.action == refused.action
        with pytest.raises(IllegalActionError) as applied:
            apply(state, miss.action, player=miss.player)
        assert refused.reason is applied.value.reason
        assert before == _snapshot(state), "a refused action changed the state"
        assert miss.action not in legal_actions(state) or miss.player is not None

    @precondition(lambda self: self.state.is_over)
    @rule()
    def deal_the_next_round(self) -> None:
        """A finished round has a result (rules §10); the next round is dealt by the next seat."""
        state = self.state
        result = score_round(state)
        assert state.players == len(result.penalties)
        assert () == legal_actions(state)
        self._start(
            new_game(
                state.rules,
                state.players,
                seed=(state.seed + 1) % 2**32,
                dealer=(state.dealer + 1) % state.players,
            )
        )

    @invariant()
    def cards_are_conserved(self) -> None:
        """Guarantee 1: hands, table, stock and discard pile are the deck."""
        assert self.deck == self.state.all_cards()
        check_cards(self.state)

    @invariant()
    def the_player_to_act_has_a_legal_action(self) -> None:
        """Guarantees 3 and 4: a legal action until the round is over, each listed once, the same from the view."""
        state = self.state
        actions = legal_actions(state)
        if state.is_over:
            assert () == actions
            return
        assert actions, "a dead end: no legal action"
        assert len(set(actions)) == len(actions)
        assert actions == legal_actions(view(state, state.current_player))
        for action in actions[:: max(1, len(actions) // 4)]:
            assert is_legal(state, action)

    @invariant()
    def views_hold_no_hidden_card(self) -> None:
        """Guarantee 5: a view shows the own hand only; shuffling hidden cards leaves it unchanged."""
        state = self.state
        rng = random.Random(state.seed + len(self.record.actions))
        for seat in range(state.players):
            seen = view(state, seat)
            assert state.hands[seat] == seen.hand
            assert state.hand_sizes() == seen.hand_sizes
            assert len(state.stock) == seen.stock_size
            assert not {"hands", "stock", "seed"} & set(to_dict(seen))
        if state.is_over:
            return  # the result scores every hand openly: no position differs only in them
        viewer = rng.randrange(state.players)
        shuffled = shuffle_hidden(state, viewer, rng)
        assert view(state, viewer) == view(shuffled, viewer)

    @invariant()
    def state_and_view_survive_json(self) -> None:
        """Guarantee 6: the state and the view of the player to act survive a JSON round trip."""
        state = self.state
        assert state == loads(dumps(state))
        seen = view(state, state.current_player)
        assert seen == loads(dumps(seen))

    @invariant()
    def the_record_replays(self) -> None:
        """Guarantees 2 and 6: the record replays to the current state and survives JSON."""
        record = self.record
        assert self.state == record.final_state()
        assert record == loads(dumps(record))


TestGuarantees1To6UnderRandomRules = RoundMachine.TestCase
TestGuarantees1To6UnderRandomRules.settings = settings(
    max_examples=min(40, settings().max_examples),
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)
