"""Regression tests for what an outside probe broke, one section per finding.

Each section pins the finding and closes its class: every field of every
public value converts or refuses (1), no notation parser raises anything
but `InvalidNotationError` (2), every document that loads plays on (3),
a taken joker is locked like a natural card (4, in the scenario tests),
every `Rules` that constructs gives rounds that end (5), wrong types and
endless inputs end in typed errors (6), seeds are unguessable (7), and the
two gaps the probe's mutants showed (8). The guarantees are those of the
maintainers' page (guarantee 8: values that construct also format, check,
compare and serialize; documents that load play on; rounds end).
"""

from __future__ import annotations

import contextlib
import inspect
import itertools
import random
import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
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
    InvalidDataError,
    InvalidNotationError,
    InvalidPositionError,
    InvalidRulesError,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    PointsTable,
    RandomBot,
    RommeError,
    Rules,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeDiscardMode,
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
    to_dict,
    view,
)
from romme import testing as romme_testing
from romme.bots import random_choice
from romme.rules import MAX_RESHUFFLES
from tests.conftest import examples

DROV = find_rules("drov")
CLASSIC = find_rules("classic")
ZONE = find_rules("cardgames-zone")
ALLOWED_ERRORS = (RommeError, TypeError, ValueError)
"""What a constructor or function may raise for bad input (RommeError subclasses ValueError)."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail the test if the block runs longer than `seconds` (an endless input must not hang)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"did not return within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


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
        stock=_rest(DROV, "JK 8♥ 9♦ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♥ 10♥ J♥"),
        table=[("9♥ 10♥ J♥", 0)],
        opened=[True, False, False, False],
        current_player=0,
        phase=Phase.PLAY,
        dealer=1,
    )


def _rest(rules: Rules, named: str) -> list[romme.Card]:
    rest = list(romme.make_deck(rules))
    for card in romme.parse_cards(named):
        rest.remove(card)
    return rest


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
        CLASSIC, hands=["7♠ 8♠ 9♠", "2♣", "3♣"], stock=_rest(CLASSIC, "7♠ 8♠ 9♠ 2♣ 3♣")
    )
    moved = attrs.evolve(state, phase="play")
    assert Phase.PLAY is moved.phase
    assert moved == loads(dumps(moved))


# -- 2. only InvalidNotationError comes out of a notation parser ------------------------------

_NESTED_TEXTS = [
    "take " * 1000 + "draw",
    "take " * 2000,
    "swap 0 7♣ then " * 600 + "discard JK",
    "take swap 0 7♣ then take meld 7♠ 8♠ 9♠",
    "swap 0 7♣ then take meld 7♠ 8♠ 9♠",
    "meld ,",
    "layoff 0 ;",
    "layoff 0 low",
    "take take",
    "then " * 3000,
]


@pytest.mark.parametrize("text", _NESTED_TEXTS, ids=range(len(_NESTED_TEXTS)))
def test_deeply_nested_or_empty_action_text_is_invalid_notation(text: str) -> None:
    """Hardening 2: text that nests verbs or names no cards is InvalidNotationError, never RecursionError or ValueError."""
    with pytest.raises(InvalidNotationError):
        parse_action(text)


_VERB_WORDS = st.sampled_from(
    ["take", "meld", "layoff", "swap", "then", "discard", "draw", "takeback", "0", "low", "set"]
)
_CARD_WORDS = st.sampled_from(["7♠", "8♠", "9♠", "JK", "Q♥", ",", ";", "x", "10♠", "♥7"])


@settings(max_examples=500)
@given(words=st.lists(st.one_of(_VERB_WORDS, _CARD_WORDS, st.text(max_size=4)), max_size=40))
def test_any_word_sequence_parses_or_is_invalid_notation(words: list[str]) -> None:
    """Hardening 2: for any text, parse_action returns an action that reads back or raises InvalidNotationError."""
    text = " ".join(words)
    try:
        action = parse_action(text)
    except InvalidNotationError:
        return
    assert action == parse_action(str(action))


@settings(max_examples=300)
@given(text=st.text(max_size=60))
def test_every_text_parser_raises_only_its_error(text: str) -> None:
    """Hardening 2: the card, cards, action, preset and document readers raise only their library error for any text."""
    for parse, error in (
        (romme.parse_card, InvalidNotationError),
        (romme.parse_cards, InvalidNotationError),
        (parse_action, InvalidNotationError),
        (find_rules, InvalidRulesError),
        (loads, InvalidDataError),
    ):
        with contextlib.suppress(error):
            parse(text)


# -- 3. every document that loads plays on ---------------------------------------------------


def _nine_taken_into_a_staged_run() -> GameState:
    """Seat 0, not opened, took the 9♠ under immediate_use into a staged 7♠ 8♠ 9♠ (rules §4, §5)."""
    state = new_position(
        CLASSIC,
        hands=["7♠ 8♠ 10♥ J♥ Q♥ 2♣", "3♣ 4♣", "5♣ 6♦"],
        stock=_rest(CLASSIC, "7♠ 8♠ 10♥ J♥ Q♥ 2♣ 3♣ 4♣ 5♣ 6♦ 9♠ 5♦"),
        discard_pile="5♦ 9♠",
    )
    return apply(state, TakeDiscard(LayDown("7♠ 8♠ 9♠")))


def test_a_state_whose_taken_staged_card_lies_in_no_staged_meld_is_refused() -> None:
    """Hardening 3: taken_staged naming a card in no staged meld does not load (a take-back would break)."""
    state = _nine_taken_into_a_staged_run()
    assert state.turn.taken_staged
    data = to_dict(state)
    data["turn"]["taken"] = "5♦"
    with pytest.raises(InvalidDataError, match=r"state\.turn\.taken_staged: no staged meld holds"):
        romme.from_dict(data)
    with pytest.raises(InvalidPositionError):
        attrs.evolve(state, turn=attrs.evolve(state.turn, taken=romme.parse_card("5♦")))
    assert TakeBack() in legal_actions(state)


def test_a_taken_card_marked_as_another_take_mode_leaves_it_is_refused_rules_4() -> None:
    """Hardening 3, rules §4: under immediate_use the taken card goes to a meld, never the hand; under free it goes to the hand, never to a staged meld. A turn marked the other way is refused, naming the field."""
    state = _nine_taken_into_a_staged_run()
    assert (romme.parse_card("9♠"), True) == (state.turn.taken, state.turn.taken_staged)
    in_hand = attrs.evolve(
        state.turn, taken=romme.parse_card("2♣"), taken_in_hand=True, taken_staged=False
    )
    with pytest.raises(InvalidPositionError, match=r"^turn\.taken_in_hand: only a free take"):
        attrs.evolve(state, turn=in_hand)
    free = attrs.evolve(CLASSIC, take_discard=TakeDiscardMode.FREE)
    with pytest.raises(InvalidPositionError, match=r"^turn\.taken_staged: only a take towards"):
        attrs.evolve(state, rules=free)


def test_a_view_whose_taken_discard_cannot_be_in_the_hand_to_act_is_refused() -> None:
    """Hardening 3 (cardgames.zone rules, a free take): every seat sees the discard go to the hand to act; a view with both copies of it in sight elsewhere is refused, so that `determinize` can always deal it."""
    state = new_position(
        ZONE,
        hands=["7♠ 8♠ 9♠", "3♣ 4♣", "5♣ 6♦"],
        stock=_rest(ZONE, "7♠ 8♠ 9♠ 3♣ 4♣ 5♣ 6♦ K♦"),
        discard_pile="K♦",
    )
    seen = view(apply(state, TakeDiscard()), 1)
    assert seen.turn.taken_in_hand
    assert romme.determinize(seen, random.Random(0)).hands[0].count(romme.parse_card("K♦")) == 1
    data = to_dict(seen)
    data["hand"] = ["K♦", "K♦"]  # the deck's two K♦ in the viewer's hand
    with pytest.raises(InvalidDataError, match=r"view\.turn: the hand to act is seen to hold K♦"):
        romme.from_dict(data)


def test_a_play_phase_state_holding_only_the_locked_taken_card_is_refused() -> None:
    """Hardening 3 (cardgames.zone rules): a hand of only the taken card, which may not be discarded, is a dead table and does not load, as a state or as a view that shows that hand."""
    state = new_position(
        ZONE,
        hands=["7♠ 8♠ 9♠", "3♣ 4♣", "5♣ 6♦"],
        stock=_rest(ZONE, "7♠ 8♠ 9♠ 3♣ 4♣ 5♣ 6♦ K♦ 2♠ 3♠ 4♠"),
        discard_pile="K♦",
        table=[("2♠ 3♠ 4♠", 0)],
        opened=[True, False, False],
    )
    state = apply(state, TakeDiscard())
    data = to_dict(state)
    data["hands"][0] = ["K♦"]
    data["stock"] = [*data["stock"], "7♠", "8♠", "9♠"]
    with pytest.raises(InvalidDataError, match="no legal action"):
        romme.from_dict(data)
    # Another seat's view shows that whole hand (the taken card alone): refused too.
    seen = to_dict(view(state, 1))
    seen["hand_sizes"][0] = 1
    seen["stock_size"] += 3
    with pytest.raises(InvalidDataError, match=r"^view: the player to act has no legal action"):
        romme.from_dict(seen)


_TURN_MUTATIONS: dict[str, st.SearchStrategy[Any]] = {
    "number": st.integers(0, 5),
    "opened_before": st.booleans(),
    "taken": st.none() | st.sampled_from(["JK", "7♠", "K♦", "A♣", "2♥", "10♦"]),
    "taken_in_hand": st.booleans(),
    "taken_staged": st.booleans(),
    "laid_off": st.booleans(),
}


@st.composite
def _mutated_documents(draw: st.DrawFn) -> dict[str, Any]:
    rules = draw(romme_testing.presets())
    state = draw(romme_testing.positions(rules, 30, allow_over=False))
    data = to_dict(state)
    for name in draw(st.sets(st.sampled_from(sorted(_TURN_MUTATIONS)), min_size=1)):
        data["turn"][name] = draw(_TURN_MUTATIONS[name])
    if draw(st.booleans()):
        data["phase"] = draw(st.sampled_from(["draw", "play"]))
    if data["table"] and draw(st.booleans()):
        entry = draw(st.sampled_from(data["table"]))
        entry["staged"] = not entry["staged"]
    if data["hands"][state.current_player] and draw(st.booleans()):
        # Move one card of the hand to the stock: the hand no longer holds what the turn says.
        card = data["hands"][state.current_player].pop()
        data["stock"].append(card)
    return data


@settings(max_examples=150)
@given(data=_mutated_documents(), seed=st.integers(0, 2**16))
def test_every_state_document_that_loads_plays_on(data: dict[str, Any], seed: int) -> None:
    """Hardening 3: a state document with its turn bookkeeping mutated either is refused, or loads and plays on to the round's end (maintainers' guarantee 8)."""
    try:
        state = romme.from_dict(data)
    except InvalidDataError:
        return
    chooser = random.Random(seed)
    for _ in range(400):
        if state.is_over:
            break
        actions = legal_actions(state)
        assert actions, "a loaded document left the player to act without a move"
        state = apply(state, random_choice(chooser, actions, state.rules))
        assert state == loads(dumps(state))


def test_a_take_back_of_a_loaded_unmarked_taken_card_still_round_trips() -> None:
    """Hardening 3 (a case the test above found): under immediate_use a loaded turn may name the taken
    card in a staged meld without marking it staged; a take-back returns it to the hand unmarked
    (``taken_in_hand`` is a free take's bookkeeping, rules §4), and the state still writes and reads back."""
    drov = romme.PRESETS["drov"]
    meld = romme.TableMeld(romme.validate_meld("8♠ 8♦ 8♥", drov), 1, True)
    state = romme.new_position(
        drov,
        hands=("", "4♣ 10♣ J♣", "5♠ 6♥ 10♠"),
        table=[meld],
        opened=(False, False, False),
        current_player=1,
        dealer=0,
        phase=romme.Phase.PLAY,
        turn=romme.TurnState(taken=romme.parse_card("8♦")),
    )
    after = apply(state, romme.TakeBack())
    assert (False, True) == (after.turn.taken_in_hand, romme.parse_card("8♦") in after.hand)
    assert after == loads(dumps(after))


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


@settings(max_examples=examples(dev=25, ci=300))
@given(rules=romme_testing.rules(max_hand_size=15), seed=st.integers(0, 2**16))
def test_random_play_ends_every_round_under_random_rules(rules: Rules, seed: int) -> None:
    """Hardening 5 (maintainers' guarantee 4): random legal play ends a round of the fewest seats up to two more under Rules drawn from every field's whole domain (25 rounds under ``dev``, 300 under ``ci``)."""
    fewest = 3 if rules.dealer_sits_out else 2
    players = min(fewest + seed % 3, rules.max_players)
    assert _round_length(rules, players, seed, _ROUND_LIMIT) is not None


# -- 6. typed errors and bounded work at the edges --------------------------------------------


@pytest.mark.parametrize(
    "call",
    [
        lambda: new_match(CLASSIC, 3, dealer=9),
        lambda: new_match(CLASSIC, 3, seed="abc"),  # type: ignore[arg-type]
        lambda: new_match(CLASSIC, 0),
        lambda: new_match("classic", 3),  # type: ignore[arg-type]
        lambda: new_match(DROV, 4, points_table="5:3"),  # type: ignore[arg-type]
        lambda: romme.make_deck("classic"),  # type: ignore[arg-type]
        lambda: romme.card_penalty("7♠", CLASSIC),  # type: ignore[arg-type]
        lambda: romme.card_penalty(JOKER, "classic"),  # type: ignore[arg-type]
        lambda: romme.hand_penalty("7♠ 8♠", CLASSIC),  # type: ignore[arg-type]
        lambda: romme.hand_penalty(itertools.repeat(JOKER), CLASSIC),
        lambda: romme.format_cards(itertools.repeat(JOKER)),
        lambda: romme.format_cards(["7♠"]),  # type: ignore[list-item]
        lambda: romme.score_round(view(new_game(CLASSIC, 3, seed=1), 0)),  # type: ignore[arg-type]
        lambda: GameRecord.start(view(new_game(CLASSIC, 3, seed=1), 0)),  # type: ignore[arg-type]
        lambda: GameRecord(
            rules=CLASSIC, players=3, dealer=0, seed=1, actions=itertools.repeat(Draw())
        ),
        lambda: new_match(CLASSIC, 3, seed=1).advance("state"),  # type: ignore[arg-type]
        lambda: new_position(
            CLASSIC,
            hands=["2♣", "3♣"],
            stock=_rest(CLASSIC, "2♣ 3♣"),
            opened=range(10**9),  # type: ignore[arg-type]
        ),
    ],
)
def test_wrong_types_and_endless_inputs_end_in_typed_errors(call: Callable[[], object]) -> None:
    """Hardening 6: wrong types and endless or huge iterables raise TypeError, ValueError or a RommeError quickly, never AttributeError, ZeroDivisionError or a hang."""
    with time_limit(10), pytest.raises(ALLOWED_ERRORS):
        call()


def test_every_public_function_refuses_wrong_types_with_typed_errors() -> None:
    """Hardening 6, the whole class: every public function of romme, given a wrong-typed value for each parameter, raises only TypeError, ValueError or a RommeError (never AttributeError, KeyError, IndexError, ZeroDivisionError, RecursionError)."""
    state = new_game(CLASSIC, 3, seed=1)
    good: dict[str, Any] = {
        "rules": CLASSIC,
        "state": state,
        "position": state,
        "player": 0,
        "players": 3,
        "action": Draw(),
        "card": JOKER,
        "cards": (JOKER,),
        "text": "7♠",
        "name": "classic",
        "value": JOKER,
        "data": to_dict(JOKER),
    }
    hostile: list[object] = [None, 5, -1, "x", 2.5, object(), [object()], {"a": 1}, range(10**12)]
    skipped = {"GreedyBot", "RandomBot", "Bot"}  # classes of bots take a seed only
    functions = [
        (name, obj)
        for name, obj in vars(romme).items()
        if name in romme.__all__ and inspect.isfunction(obj) and name not in skipped
    ]
    assert len(functions) > 20
    for name, function in functions:
        signature = inspect.signature(function)
        parameters = [p for p in signature.parameters.values() if p.kind is not p.VAR_KEYWORD]
        for index, parameter in enumerate(parameters):
            for bad in hostile:
                arguments = [good.get(p.name, JOKER) for p in parameters if p.default is p.empty]
                keywords: dict[str, object] = {}
                if parameter.default is parameter.empty:
                    arguments[index] = bad
                elif (
                    parameter.kind is parameter.KEYWORD_ONLY
                    or parameter.kind is parameter.POSITIONAL_OR_KEYWORD
                ):
                    keywords[parameter.name] = bad
                else:
                    continue
                try:
                    with time_limit(20):
                        function(*arguments, **keywords)
                except ALLOWED_ERRORS:
                    pass
                except Exception as error:  # the point of the test: nothing else may escape
                    pytest.fail(
                        f"{name}({parameter.name}={bad!r:.40}) raised {type(error).__name__}: {error}"
                    )


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


def test_random_bots_answer_every_loaded_decision() -> None:
    """Hardening 3: a RandomBot plays a loaded document's position to the end (the document plays on)."""
    state = new_game(ZONE, 3, seed=8)
    bot = RandomBot(seed=8)
    for _ in range(25):
        state = apply(state, bot.choose(view(state, state.current_player)))
    state = loads(dumps(state))
    while not state.is_over:
        state = apply(state, bot.choose(view(state, state.current_player)))
    assert state.result is not None
