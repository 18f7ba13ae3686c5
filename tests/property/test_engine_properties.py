"""docs/maintainers.md guarantees 1–5 as properties of random legal play, for every preset.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme import (
    JOKER,
    PRESETS,
    Action,
    Discard,
    Draw,
    GameState,
    IllegalActionError,
    LayDown,
    LayOff,
    Phase,
    PlayerView,
    Rules,
    StockExhausted,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    apply,
    check,
    is_legal,
    legal_actions,
    make_deck,
    new_game,
    view,
)
from romme._turn.legal import has_legal_action
from romme.game._checks import check_cards
from romme.play._bots import random_choice
from romme.testing import positions
from tests._hidden import shuffle_hidden
from tests.conftest import examples

ENGINE_SETTINGS = settings(
    max_examples=min(6, settings().max_examples),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
PLAY_SETTINGS = settings(ENGINE_SETTINGS, max_examples=examples(dev=1, ci=6))
"""Audited random play: one round per preset under ``dev``, six under ``ci``, sixty under ``thorough``."""
PLAY_SEEDS = (5, 6, 7, 8)[: examples(dev=1, ci=4)]
"""The deals the brute-force comparison plays: one under ``dev``, four under ``ci`` and ``thorough``."""
MAX_STEPS = 3000
"""A round that does not end in this many actions counts as endless (the reshuffles are capped)."""


def _bounded(rules: Rules) -> Rules:
    # Cap only the number of reshuffles, never the rules themselves (issue: random play ends).
    if rules.stock_exhausted is StockExhausted.RESHUFFLE:
        return attrs.evolve(rules, max_reshuffles=2)
    return rules


def _snapshot(state: GameState) -> object:
    """A deep, independent copy of everything in the state."""
    return attrs.asdict(state, recurse=True)


def _near_misses(state: GameState, rng: random.Random) -> list[tuple[Action, int | None]]:
    """Actions close to legal ones that the rules must refuse, with the seat trying them."""
    hand = Counter(state.hand)
    absent = [card for card in make_deck(state.rules) if hand[card] == 0]
    other = (state.current_player + 1) % state.players
    misses: list[tuple[Action, int | None]] = [
        (Discard(rng.choice(absent)), None),  # wrong card
        (LayOff(len(state.table), state.hand[:1]), None),  # wrong meld index
        (SwapJoker(len(state.table) + 3, state.hand[0]), None),
        (Draw(), other),  # not your turn
    ]
    if state.phase is Phase.DRAW:
        misses.append((Discard(state.hand[0]), None))  # wrong phase
        misses.append((TakeBack(), None))
    else:
        misses.append((Draw(), None))  # wrong phase
        misses.append((TakeDiscard(), None))
    if not any(entry.staged for entry in state.table):
        misses.append((TakeBack(), None))
    if len(state.hand) >= 2:
        misses.append((LayDown(state.hand[:2]), None))  # two cards are no meld
    return misses


def _play(rules: Rules, players: int, seed: int, *, audit: bool) -> GameState:
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    rng = random.Random(seed)
    deck = Counter(make_deck(rules))
    for _ in range(MAX_STEPS):
        if state.is_over:
            return state
        actions = legal_actions(state)
        # Guarantee 4: no dead ends.
        assert actions, f"no legal action in {state}"
        assert len(set(actions)) == len(actions), "an action is listed twice"
        if audit:
            _audit(state, actions, rng)
        action = random_choice(rng, actions, rules)
        before = _snapshot(state)
        after = apply(state, action)
        # Guarantee 2: apply never mutates its input; the same action gives the same state.
        assert before == _snapshot(state)
        assert after == apply(state, action)
        # Guarantee 1: cards are conserved.
        assert deck == after.all_cards()
        check_cards(after)
        state = after
    raise AssertionError(f"the round did not end in {MAX_STEPS} actions")


def _audit(state: GameState, actions: tuple[Action, ...], rng: random.Random) -> None:
    # Guarantee 3: generator, is_legal, check and apply agree.
    for action in rng.sample(actions, min(len(actions), 6)):
        assert is_legal(state, action)
        check(state, action)
        apply(state, action)
    for action, player in _near_misses(state, rng):
        if player is None and action in actions:
            continue
        assert not is_legal(state, action, player=player)
        with pytest.raises(IllegalActionError) as refused:
            check(state, action, player=player)
        assert refused.value.reason is not None
        assert refused.value.action == action
        before = _snapshot(state)
        with pytest.raises(IllegalActionError) as applied:
            apply(state, action, player=player)
        assert refused.value.reason is applied.value.reason
        assert before == _snapshot(state)
    # Guarantee 5: the view of the player to act gives the same legal actions, and
    # views hold no hidden card.
    own = view(state, state.current_player)
    assert actions == legal_actions(own)
    for seat in range(state.players):
        seen = view(state, seat)
        assert state.hands[seat] == seen.hand
        assert state.hand_sizes() == seen.hand_sizes
        assert len(state.stock) == seen.stock_size
        if seat != state.current_player:
            assert () == legal_actions(seen)


def _play_audited(preset: str, seed: int) -> None:
    rules = _bounded(PRESETS[preset])
    players = 3 + seed % 2 if rules.dealer_sits_out else 2 + seed % 3
    final = _play(rules, players, seed, audit=True)
    assert final.result is not None
    assert final.result.end.value in ("went_out", "stock_exhausted", "jokers_only")


@pytest.mark.long
@pytest.mark.parametrize("preset", list(PRESETS))
@PLAY_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_random_play_keeps_the_guarantees(preset: str, seed: int) -> None:
    """docs/maintainers.md guarantees 1–5 hold at every step of random legal play (rules §2–§10), over as many rounds as the profile sets."""
    _play_audited(preset, seed)


@pytest.mark.parametrize("preset", list(PRESETS))
def test_random_play_ends_every_round(preset: str) -> None:
    """Random legal play ends every round (docs/maintainers.md guarantee 4; rules §9 bounds the stock)."""
    rules = _bounded(PRESETS[preset])
    for seed in range(3):
        final = _play(rules, 4, 1000 + seed, audit=False)
        assert final.is_over


@ENGINE_SETTINGS
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(0, 40))
def test_views_do_not_depend_on_hidden_cards(seed: int, steps: int) -> None:
    """Positions that differ only in hidden cards give a player equal views (docs/maintainers.md guarantee 5)."""
    rules = PRESETS["classic"]
    state = new_game(rules, 4, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, rng.choice(legal_actions(state)))
    viewer = state.current_player
    if state.is_over:
        return  # the result scores every hand openly: no position differs only in them
    shuffled = shuffle_hidden(state, viewer, rng)
    check_cards(shuffled)
    assert view(state, viewer) == view(shuffled, viewer)
    if not state.is_over:
        assert legal_actions(state) == legal_actions(shuffled)


def test_view_fields_hold_no_hidden_cards() -> None:
    """A PlayerView has no field for other hands, the stock or the seed (docs/maintainers.md guarantee 5)."""
    names = {field.name for field in attrs.fields(type(view(new_game(seed=1), 0)))}
    assert not names & {"hands", "stock", "seed"}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_view_is_the_checked_view_of_the_state_fields(preset: str) -> None:
    """`view` sets its fields unchecked; `PlayerView` built and checked from the same fields is equal (docs/maintainers.md guarantee 5)."""
    state = new_game(PRESETS[preset], 4, seed=5)
    rng = random.Random(5)
    for _ in range(40):
        for seat in range(state.players):
            checked = PlayerView(
                rules=state.rules,
                player=seat,
                dealer=state.dealer,
                current_player=state.current_player,
                phase=state.phase,
                hand=state.hands[seat],
                hand_sizes=tuple(len(hand) for hand in state.hands),
                stock_size=len(state.stock),
                discard_pile=state.discard_pile,
                table=state.table,
                opened=state.opened,
                dealt_in=state.dealt_in,
                turn=state.turn,
                reshuffles=state.reshuffles,
                result=state.result,
                first_to_open=state.first_to_open,
            )
            assert view(state, seat) == checked
        if state.is_over:
            break
        state = apply(state, random_choice(rng, legal_actions(state), state.rules))


def test_same_seed_same_game() -> None:
    """The same seed and actions give the same states (docs/maintainers.md guarantee 2)."""
    first = _play(PRESETS["drov"], 4, 99, audit=False)
    second = _play(PRESETS["drov"], 4, 99, audit=False)
    assert first == second
    assert JOKER in make_deck(first.rules)


def _brute_force(state: GameState) -> list[Action]:
    """A broad set of candidate actions, built without the generator's shortcuts."""
    from itertools import combinations, permutations

    from romme import Side

    hand = state.hand
    distinct = sorted(set(hand))
    found: list[Action] = [Discard(card) for card in distinct]
    found += [Draw(), TakeDiscard(), TakeBack()]
    for size in (3, 4):
        for cards in set(combinations(hand, size)):
            found.append(LayDown(cards))
    for target in range(len(state.table)):
        for place in range(len(state.table[target].meld.cards) + 1):
            found.append(TakeFromTable(target, place))
        for size in (1, 2):
            for cards in set(permutations(hand, size)):
                for side in (None, Side.LOW, Side.HIGH):
                    found.append(LayOff(target, cards, side))
        for card in distinct:
            found.append(SwapJoker(target, card))
            found.append(SwapJoker(target, card, Discard(JOKER)))
            for other in range(len(state.table)):
                found.append(SwapJoker(target, card, LayOff(other, (JOKER,))))
    if state.discard_pile and state.phase is Phase.DRAW:
        top = state.discard_pile[-1]
        for size in (2, 3):
            for cards in set(combinations(hand, size)):
                found.append(TakeDiscard(LayDown((*cards, top))))
        for target in range(len(state.table)):
            for side in (None, Side.LOW, Side.HIGH):
                found.append(TakeDiscard(LayOff(target, (top,), side)))
    return found


@pytest.mark.long
@pytest.mark.parametrize("seed", PLAY_SEEDS)
@pytest.mark.parametrize("preset", list(PRESETS))
def test_every_legal_action_is_generated(preset: str, seed: int) -> None:
    """Whatever the checker accepts, legal_actions offers an action with the same outcome (guarantee 3), on as many deals as the profile sets."""
    rules = _bounded(PRESETS[preset])
    state = new_game(rules, 4, seed=seed)
    rng = random.Random(seed)
    step = 0
    while not state.is_over and step < 150:
        actions = legal_actions(state)
        if step % 3 == 0:
            outcomes = {apply(state, action) for action in actions}
            for action in _brute_force(state):
                if is_legal(state, action):
                    assert apply(state, action) in outcomes, f"{action} is legal but not offered"
        state = apply(state, random_choice(rng, actions, rules))
        step += 1


@settings(ENGINE_SETTINGS, max_examples=min(25, settings().max_examples))
@given(state=positions(max_steps=30))
def test_has_legal_action_is_whether_legal_actions_lists_one(state: GameState) -> None:
    """Guarantee 1 (the player to act has a legal action), as construction and loading ask it.

    `GameState` and a view built from a document ask only whether a move
    exists, stopping at the first one listed: for the state and every
    seat's view that answer is whether `legal_actions` lists any.
    """
    seen: list[GameState | PlayerView] = [state]
    seen.extend(view(state, seat) for seat in range(state.players))
    for position in seen:
        assert has_legal_action(position) == bool(legal_actions(position))
