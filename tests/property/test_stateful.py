"""docs/maintainers.md guarantees 1–6 as a hypothesis state machine: rounds under random valid Rules.

And guarantees 4 and 8 under Räuber-Rommé: uniformly random legal play
under random Rules with ``rearrange`` ends every round, no turn taking more
than ``max_table_takes`` cards from the table (rules §13).

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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from romme import (
    Card,
    GameRecord,
    GameState,
    IllegalActionError,
    Rules,
    StockExhausted,
    TakeFromTable,
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
from romme.game._checks import check_cards
from romme.rules import MAX_TABLE_TAKES
from tests._hidden import shuffle_hidden
from tests.conftest import examples

WARM_UP = 300
"""The most unchecked legal actions played before the checked steps begin."""
ROUND_BOUND = 20_000
"""The most decisions a round of uniformly random play may take under ``rearrange`` (rules §13)."""


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


TestGuarantees1To6UnderRandomRules = pytest.mark.long(RoundMachine.TestCase)
TestGuarantees1To6UnderRandomRules.settings = settings(
    max_examples=examples(dev=15, ci=40),
    stateful_step_count=60,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
)


def _rearranging(rules: Rules, needs_opened: bool, takes: int) -> Rules:
    """`rules` with Räuber-Rommé in one of its two readings and `takes` table takes a turn (rules §13).

    The bound is drawn over its whole range, not only where
    `romme.testing.rules` changes it. The stock is refilled once at most,
    as in the other random-play tests: each refill plays the stock again
    (rules §9), a length of its own.
    """
    rearranging = attrs.evolve(
        rules,
        rearrange=True,
        rearrange_needs_opened=needs_opened,
        opening_counts_table_cards=not needs_opened,
        max_table_takes=takes,
    )
    if rules.stock_exhausted is StockExhausted.RESHUFFLE:
        most = 1 if rules.max_reshuffles is None else min(1, rules.max_reshuffles)
        return attrs.evolve(rearranging, max_reshuffles=most)
    return rearranging


def _uniform_round(rules: Rules, players: int, seed: int) -> GameState:
    """Play one round by uniformly random legal actions; check the table takes of every turn.

    Fails when a turn takes more than ``max_table_takes`` cards from the
    table, or the round is not over after `ROUND_BOUND` decisions.
    """
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    for _ in range(ROUND_BOUND):
        if state.is_over:
            return state
        action = rng.choice(legal_actions(state))
        after = apply(state, action)
        if after.turn.number == state.turn.number:
            assert after.turn.table_takes == state.turn.table_takes + isinstance(
                action, TakeFromTable
            )
        assert after.turn.table_takes <= rules.max_table_takes
        state = after
    raise AssertionError(f"the round did not end in {ROUND_BOUND} decisions")


_ROUND_LENGTH = {
    "rules": testing.rules(),
    "needs_opened": st.booleans(),
    "takes": st.integers(1, 20) | st.integers(1, MAX_TABLE_TAKES),
    "players": st.integers(2, 4),
    "seed": st.integers(0, 2**32),
}


def _check_round_length(
    rules: Rules, needs_opened: bool, takes: int, players: int, seed: int
) -> None:
    rules = _rearranging(rules, needs_opened, takes)
    players = max(players, 3) if rules.dealer_sits_out else players
    assert _uniform_round(rules, players, seed).is_over


@pytest.mark.long
@settings(max_examples=examples(dev=10, ci=200), deadline=None)
@given(**_ROUND_LENGTH)
def test_uniform_random_play_ends_every_round_under_rearrange(
    rules: Rules, needs_opened: bool, takes: int, players: int, seed: int
) -> None:
    """Rules §13, `max_table_takes` (guarantees 4 and 8; hardening round 3, point 6): under random Rules with Räuber-Rommé, uniformly random legal play ends the round within 20,000 decisions, no turn taking more than max_table_takes cards from the table, a take-back giving none back (10 rounds under ``dev``, 200 under ``ci``)."""
    _check_round_length(rules, needs_opened, takes, players, seed)
