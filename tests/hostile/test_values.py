"""Hostile fields of values: regression tests for what an outside probe broke, one section per finding.

Each section pins the finding and closes its class: every field of every
public value converts or refuses (1), every `Rules` that constructs gives
rounds that end (5), seeds are unguessable (7), and a gap the probe's
mutants showed (8). The probe's other findings are pinned beside the
input they concern: no notation parser raises anything but
`InvalidNotationError` (2) and wrong types and endless inputs end in typed
errors (6) in `test_calls.py`, every document that loads plays on (3) in
`test_documents.py`, a taken joker is locked like a natural card (4) in
the scenario tests. The guarantees are those of the maintainers' page
(guarantee 8: values that construct also format, check, compare and
serialize; documents that load play on; rounds end).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import romme
from romme import (
    JOKER,
    Action,
    Discard,
    Draw,
    GameRecord,
    GameState,
    InvalidRulesError,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    PointsTable,
    Rules,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    apply,
    dumps,
    find_rules,
    is_legal,
    legal_actions,
    loads,
    new_game,
    new_match,
    new_position,
    parse_action,
)
from romme import testing as romme_testing
from romme.play._bots import random_choice
from romme.rules import MAX_RESHUFFLES
from tests.conftest import examples
from tests.hostile._helpers import ALLOWED_ERRORS, rest_of_deck, time_limit

DROV = find_rules("drov")
CLASSIC = find_rules("classic")
ZONE = find_rules("cardgames-zone")
# -- 1. every field of every action converts or refuses ------------------------------------

_FIELD_VALUES = st.one_of(
    st.none(),
    st.sampled_from(
        [
            "low",
            "high",
            "set",
            "run",
            "bogus",
            "",
            "JK",
            "7♠",
            "7♠ 8♠ 9♠",
            "meld 7♠ 8♠ 9♠",
            "layoff 0 JK",
            "discard JK",
            "draw",
            0,
            1,
            -1,
            True,
            2.5,
            10**9,
            Side.LOW,
            Side.HIGH,
            MeldKind.SET,
            MeldKind.RUN,
            JOKER,
            romme.parse_card("9♥"),
            (JOKER,),
            (romme.parse_card("8♥"), JOKER),
            [romme.parse_card("7♠")],
            (),
            object(),
            LayDown("7♠ 8♠ 9♠"),
            LayOff(0, "JK", Side.LOW),
            Discard("JK"),
        ]
    ),
    st.text(max_size=12),
    st.integers(),
)
_ACTION_CLASSES = (Draw, TakeDiscard, LayDown, LayOff, SwapJoker, TakeBack, Discard)


def _position_for_actions() -> GameState:
    """Seat 0 opened, holding JK 8♥ 9♦ next to the table run 9♥ 10♥ J♥ (the probe's position, under drov)."""
    return new_position(
        DROV,
        hands=["JK 8♥ 9♦ 2♣", "", "3♣ 4♣ 5♣", "6♣ 7♣ 8♣"],
        stock=rest_of_deck(DROV, "JK 8♥ 9♦ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♥ 10♥ J♥"),
        table=[("9♥ 10♥ J♥", 0)],
        opened=[True, False, False, False],
        current_player=0,
        phase=Phase.PLAY,
        dealer=1,
    )


@settings(max_examples=300)
@given(cls=st.sampled_from(_ACTION_CLASSES), values=st.lists(_FIELD_VALUES, min_size=0, max_size=3))
def test_every_action_that_constructs_formats_checks_compares_and_serializes(
    cls: type[Action], values: list[Any]
) -> None:
    """Hardening 1: an action with any field values either refuses construction with a typed error, or formats, parses back, compares, hashes, serializes and is checked without a crash."""
    fields = attrs.fields(cls)
    try:
        action = cls(*values[: len(fields)])
    except ALLOWED_ERRORS:
        return
    text = str(action)
    assert action == parse_action(text)
    assert action == loads(dumps(action))
    assert hash(action) == hash(loads(dumps(action)))
    assert repr(action)
    state = _position_for_actions()
    legal = is_legal(state, action)
    if legal:
        after = apply(state, action)
        assert after == loads(dumps(after))
        assert after.table == loads(dumps(after)).table


def test_a_lay_off_side_given_as_text_is_the_side_DRoV_Streitfall_20() -> None:
    """Hardening 1: LayOff(0, "JK", "low") lays the joker at the low end and marks that joker fresh; it may not be swapped back this turn (DRoV Streitfall 20)."""
    state = _position_for_actions()
    action = LayOff(0, "JK", "low")
    assert LayOff(0, (JOKER,), Side.LOW) == action
    assert Side.LOW is action.side
    after = apply(state, action)
    entry = after.table[0]
    assert "JK 9♥ 10♥ J♥" == str(entry.meld)
    assert frozenset({0}) == entry.fresh
    assert not any(isinstance(a, SwapJoker) for a in legal_actions(after))
    assert after == loads(dumps(after))
    record = GameRecord.start(state).add(action)
    assert record == loads(dumps(record))


@pytest.mark.parametrize(
    "make",
    [
        lambda: LayOff(0, "JK", "bogus"),
        lambda: LayOff(0, "JK", 1),  # type: ignore[arg-type]
        lambda: LayDown("7♠ 8♠ 9♠", "sequence"),
        lambda: LayDown("7♠ 8♠ 9♠", 0),  # type: ignore[arg-type]
        lambda: LayOff(-1, "JK"),
        lambda: LayDown(()),
        lambda: LayOff(0, []),
        lambda: LayDown(range(10**9)),  # type: ignore[arg-type]
        lambda: LayOff(0, range(10**9)),  # type: ignore[arg-type]
        lambda: LayDown(itertools.repeat(JOKER)),
    ],
)
def test_action_fields_outside_their_domain_are_refused(make: Callable[[], Action]) -> None:
    """Hardening 1 and 6: a side or kind that is not its enum, a negative meld index, no cards, or endless cards refuse construction (TypeError or ValueError)."""
    with time_limit(10), pytest.raises((TypeError, ValueError)):
        make()


def test_every_public_value_class_refuses_wrong_field_types() -> None:
    """Hardening 1: every attrs class of the public API refuses a field of the wrong type at construction."""
    state = new_game(CLASSIC, 3, seed=1)
    cases: list[Callable[[], object]] = [
        lambda: romme.TableMeld("7♠ 8♠ 9♠", 0),  # type: ignore[arg-type]
        lambda: romme.TableMeld(romme.validate_meld("7♠ 8♠ 9♠", CLASSIC), "0"),  # type: ignore[arg-type]
        lambda: romme.TableMeld(romme.validate_meld("7♠ 8♠ 9♠", CLASSIC), 0, 1),  # type: ignore[arg-type]
        lambda: romme.TableMeld(romme.validate_meld("7♠ 8♠ 9♠", CLASSIC), 0, False, {0}),
        lambda: romme.TurnState(number=-1),
        lambda: romme.TurnState(taken="7♠"),  # type: ignore[arg-type]
        lambda: romme.TurnState(taken_in_hand=True),
        lambda: attrs.evolve(state, phase="bogus"),
        lambda: attrs.evolve(state, rules="classic"),  # type: ignore[arg-type]
        lambda: attrs.evolve(state, reshuffles=10**100),
        lambda: attrs.evolve(state, hands=[["7♠"]] * 3),  # type: ignore[list-item]
        lambda: romme.RoundResult(
            end="bogus",
            winner=0,
            hand_romme=False,
            penalties=(0, 1),
            dealt_in=(True, True),
            opened=(True, True),
        ),
        lambda: romme.RoundResult(
            end="went_out",
            winner=5,
            hand_romme=False,
            penalties=(0, 1),
            dealt_in=(True, True),
            opened=(True, True),
        ),
        lambda: PointsTable(went_out="5", hand_romme=10, not_opened=0, opened=[(None, 1)]),  # type: ignore[arg-type]
        lambda: PointsTable(went_out=5, hand_romme=10, not_opened=0, opened=[(None, "1")]),  # type: ignore[list-item]
        lambda: romme.Meld(kind="set", cards=(), ranks=(), suit=None, value=0, jokers=()),  # type: ignore[arg-type]
        lambda: attrs.evolve(romme.validate_meld("7♠ 8♠ 9♠", CLASSIC), value=3),
        lambda: attrs.evolve(romme.validate_meld("7♠ JK 9♠", CLASSIC), jokers=()),
        lambda: romme.JokerRole("0", romme.Rank.TWO, {romme.Suit.CLUBS}),  # type: ignore[arg-type]
        lambda: romme.JokerRole(0, 2, {romme.Suit.CLUBS}),  # type: ignore[arg-type]
        lambda: romme.JokerRole(0, romme.Rank.TWO, {"clubs"}),  # type: ignore[arg-type]
        lambda: GameRecord(rules=CLASSIC, players=3, dealer=9, seed=1),
        lambda: GameRecord(rules=CLASSIC, players=3, dealer=0, seed="1"),  # type: ignore[arg-type]
        lambda: GameRecord(rules=CLASSIC, players=3, dealer=0, seed=1, actions=["draw"]),  # type: ignore[list-item]
    ]
    for make in cases:
        with time_limit(10), pytest.raises((TypeError, ValueError)):
            make()


def test_a_meld_rebuilt_from_its_own_fields_is_the_meld() -> None:
    """Hardening 1: a Meld built field by field constructs only when the fields are the ones validation gives (so it formats and loads back)."""
    meld = romme.validate_meld("7♠ JK 9♠", CLASSIC)
    assert meld == attrs.evolve(meld)
    assert meld == loads(dumps(attrs.evolve(meld)))


def test_a_state_given_a_phase_as_text_holds_the_phase() -> None:
    """Hardening 1: enum fields of values take their text value ("play"), so the value serializes."""
    state = new_position(
        CLASSIC, hands=["7♠ 8♠ 9♠", "2♣", "3♣"], stock=rest_of_deck(CLASSIC, "7♠ 8♠ 9♠ 2♣ 3♣")
    )
    moved = attrs.evolve(state, phase="play")
    assert Phase.PLAY is moved.phase
    assert moved == loads(dumps(moved))


# -- 5. every Rules that constructs gives rounds that end --------------------------------------


def _round_length(rules: Rules, players: int, seed: int, limit: int) -> int | None:
    """Play a round at random; return the number of decisions, or None if it did not end within `limit`."""
    state = new_game(rules, players, seed=seed)
    chooser = random.Random(seed)
    for decisions in range(limit):
        if state.is_over:
            return decisions
        state = apply(state, random_choice(chooser, legal_actions(state), state.rules))
    return None


@pytest.mark.parametrize(
    "changes",
    [
        {"hand_size": 1},
        {"hand_size": 2, "discard_to_go_out": True},
        {"opening_threshold": 200},
        {"opening_threshold": 120, "decks": 1, "jokers": 0, "max_players": 3},
    ],
    ids=["hand-1", "hand-2", "threshold-200", "threshold-120-one-pack"],
)
def test_rounds_nobody_can_win_end_after_the_last_reshuffle(changes: dict[str, Any]) -> None:
    """Hardening 5 (rules §9): under unlimited reshuffles a round nobody can win ends, stock exhausted, after MAX_RESHUFFLES refills."""
    rules = attrs.evolve(CLASSIC, **changes)
    state = new_game(rules, 2, seed=3)
    chooser = random.Random(3)
    while not state.is_over:
        state = apply(state, random_choice(chooser, legal_actions(state), state.rules))
    assert state.result is not None
    if state.result.end is romme.EndReason.STOCK_EXHAUSTED:
        assert MAX_RESHUFFLES == state.reshuffles or len(state.discard_pile) < 2


def test_max_reshuffles_is_bounded_by_the_library() -> None:
    """Hardening 5: max_reshuffles accepts 0 to MAX_RESHUFFLES (20); more is refused with InvalidRulesError."""
    assert (
        MAX_RESHUFFLES
        == Rules(stock_exhausted="reshuffle", max_reshuffles=MAX_RESHUFFLES).max_reshuffles
    )
    with pytest.raises(InvalidRulesError, match="max_reshuffles must be at most 20"):
        Rules(max_reshuffles=MAX_RESHUFFLES + 1)


_ROUND_LIMIT = 40_000
"""Decisions within which a random round must end: the stock refills at most MAX_RESHUFFLES times."""


@pytest.mark.long
@settings(max_examples=examples(dev=25, ci=300))
@given(rules=romme_testing.rules(max_hand_size=15), seed=st.integers(0, 2**16))
def test_random_play_ends_every_round_under_random_rules(rules: Rules, seed: int) -> None:
    """Hardening 5 (maintainers' guarantee 4): random legal play ends a round under Rules drawn from every field's whole domain: 25 rounds of the fewest seats under ``dev``; 300 of the fewest seats up to two more under ``ci`` (3,000 under ``thorough``)."""
    fewest = 3 if rules.dealer_sits_out else 2
    players = min(fewest + seed % min(3, examples(dev=1, ci=3)), rules.max_players)
    assert _round_length(rules, players, seed, _ROUND_LIMIT) is not None


# -- 7. seeds are secret -------------------------------------------------------------------


def test_a_seedless_deal_draws_128_bits() -> None:
    """Hardening 7: new_game() without a seed draws at least 128 bits from the operating system (a seed rebuilds every hand)."""
    seeds = [new_game(CLASSIC, 3).seed for _ in range(16)]
    assert len(set(seeds)) == 16
    assert max(seeds).bit_length() > 100
    assert all(0 <= seed < 2**128 for seed in seeds)
    assert max(new_match(CLASSIC, 3).seed for _ in range(8)).bit_length() > 100


# -- 8. the gaps the probe's mutants showed ------------------------------------------------------


def test_a_deal_using_the_whole_deck_is_refused_rules_2() -> None:
    """Hardening 8 (rules §2): a deal that uses every card (one pack, no jokers, 4 × 13, no upcard) leaves no stock and is refused."""
    with pytest.raises(InvalidRulesError, match="the stock needs at least one"):
        Rules(decks=1, jokers=0, hand_size=13, max_players=4, upcard=False)
    rules = Rules(decks=1, jokers=0, hand_size=12, max_players=4, upcard=False)
    state = new_game(rules, 4, seed=5)
    assert (12, 12, 12, 12) == state.hand_sizes()
    assert 4 == len(state.stock)
    assert () == state.discard_pile
