"""Hostile input everywhere a caller can pass data: a library error with a clear message, or a correct answer.

Card and action text, meld validation and search, positions set up from
explicit cards, and JSON documents: each bad input ends in a `RommeError`
subclass (or the `TypeError` the function documents) within bounded work,
never in a bare builtin exception or a hang, and leaves a mutable input as
it was. The caps (`MAX_NOTATION_LENGTH`, `MAX_MELD_CARDS`,
`MAX_SEARCH_CARDS`, `MAX_DOCUMENT_LENGTH`, `Rules.hand_size` ≤ 15) bound
the work (docs/maintainers.md "Cards", "Melds", "Data"; guarantee 6).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar, cast

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from romme import (
    JOKER,
    MAX_DOCUMENT_LENGTH,
    MAX_MELD_CARDS,
    MAX_NOTATION_LENGTH,
    MAX_SEARCH_CARDS,
    Action,
    AdjacentJokers,
    Card,
    Discard,
    Draw,
    GameRecord,
    GameState,
    IllegalActionError,
    InputTooLargeError,
    InvalidDataError,
    InvalidMeldError,
    InvalidNotationError,
    InvalidPositionError,
    JokerDiscard,
    JokerLimit,
    Meld,
    Phase,
    Rank,
    Rules,
    Suit,
    TakeDiscard,
    apply,
    best_melds,
    check,
    dumps,
    find_melds,
    find_rules,
    format_cards,
    from_dict,
    is_legal,
    is_valid_meld,
    legal_actions,
    loads,
    make_deck,
    new_game,
    new_position,
    parse_action,
    parse_card,
    parse_cards,
    to_dict,
    validate_meld,
    view,
)
from romme import testing as romme_testing
from romme.bots import random_choice
from tests.conftest import examples

CLASSIC = find_rules("classic")
DROV = find_rules("drov")
HOSTILE_SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""No deadline (a loaded CI machine is slow), but every input is small: the bound is the caps'."""

MeldFunction = Callable[[Any, Rules], object]
MELD_FUNCTIONS: dict[str, MeldFunction] = {
    "validate_meld": validate_meld,
    "is_valid_meld": is_valid_meld,
    "find_melds": find_melds,
    "best_melds": best_melds,
}
MELD_CAPS = {
    "validate_meld": MAX_MELD_CARDS,
    "is_valid_meld": MAX_MELD_CARDS,
    "find_melds": MAX_SEARCH_CARDS,
    "best_melds": MAX_SEARCH_CARDS,
}


T = TypeVar("T")
E = TypeVar("E", bound=Exception)


def outcome(call: Callable[[], T], error: type[E]) -> T | E:
    """Return what `call` returns, or the `error` it raises (any other exception propagates)."""
    try:
        return call()
    except error as caught:
        return caught


class ReadTooMuchError(Exception):
    """Raised by a test's endless input when the library reads far past every cap."""


def endless(items: Iterable[object], limit: int = 10_000) -> Iterator[object]:
    """Yield `items` over and over; raise ReadTooMuchError after `limit` items instead of hanging."""
    for count, item in enumerate(itertools.cycle(items)):
        if count >= limit:
            raise ReadTooMuchError(f"read {limit} items of an endless input")
        yield item


# -- card text ---------------------------------------------------------------------------

VALID_TOKENS = (
    "7♥",
    "♥7",
    "7h",
    "H7",
    "10♠",
    "Ts",
    "t♦",
    "a♣",
    "Q♧",
    "K♤",
    "2♡",
    "3♢",
    "JK",
    "jo",
    "*",
    "🃏",
    "Joker",
    "7♥\ufe0f",
)
NEAR_MISS_TOKENS = (
    "11♥",
    "1♠",
    "0h",
    "1O♠",
    "10",
    "♥",
    "h",
    "JKh",
    "7♥♥",
    "♥7♥",
    "77♥",
    "7♥7",
    "Ｊ♥",
    "7❤",
    "7♥\u200d",
    "𝟕♥",
    "٧♥",
    "Ⅶ♥",
    "jok",
    "jkr",
    "**",
    "🂡",
    "🃟",
    "A",
    "JJ♥",
    "7\x00♥",
    "\ud83c",
    "İ♥",
)
SEPARATORS = (" ", ",", ";", "\t", "\n", " , ", "\u3000")


@HOSTILE_SETTINGS
@given(text=st.text())
def test_parse_card_answers_any_text_with_a_card_or_invalid_notation(text: str) -> None:
    """parse_card of any text is a card that round-trips, or InvalidNotationError naming the token (docs/maintainers.md "Cards")."""
    card = outcome(lambda: parse_card(text), InvalidNotationError)
    if isinstance(card, InvalidNotationError):
        assert isinstance(card.token, str)
        assert str(card)
    else:
        assert card == parse_card(str(card))


@HOSTILE_SETTINGS
@given(text=st.text())
def test_parse_cards_answers_any_text_with_cards_or_invalid_notation(text: str) -> None:
    """parse_cards of any text is cards that round-trip, or InvalidNotationError (docs/maintainers.md "Cards")."""
    found = outcome(lambda: parse_cards(text), InvalidNotationError)
    if isinstance(found, InvalidNotationError):
        assert isinstance(found.token, str)
    else:
        assert found == parse_cards(format_cards(found))


@HOSTILE_SETTINGS
@given(
    tokens=st.lists(st.sampled_from(VALID_TOKENS + NEAR_MISS_TOKENS), max_size=8),
    separator=st.sampled_from(SEPARATORS),
)
def test_parse_cards_names_the_first_near_miss_token(tokens: list[str], separator: str) -> None:
    """parse_cards reads the card tokens and names the first near-miss token (docs/maintainers.md "Cards")."""
    text = separator.join(tokens)
    bad = [token for token in tokens if token in NEAR_MISS_TOKENS]
    if not bad:
        assert len(tokens) == len(parse_cards(text))
        return
    with pytest.raises(InvalidNotationError) as refused:
        parse_cards(text)
    assert bad[0].strip() == refused.value.token


@pytest.mark.parametrize("token", NEAR_MISS_TOKENS)
def test_parse_card_refuses_near_miss_tokens(token: str) -> None:
    """Tokens that look like cards but are none raise InvalidNotationError naming them (docs/maintainers.md "Cards")."""
    with pytest.raises(InvalidNotationError) as refused:
        parse_card(token)
    assert token.strip() == refused.value.token


@pytest.mark.parametrize("parse", [parse_card, parse_cards, parse_action])
def test_text_over_the_notation_cap_raises_invalid_notation_at_once(
    parse: Callable[[str], object],
) -> None:
    """Text over MAX_NOTATION_LENGTH raises InvalidNotationError, as cards.py documents, naming the length."""
    text = "7♥ " * (MAX_NOTATION_LENGTH // 3 + 1)
    with pytest.raises(InvalidNotationError) as refused:
        parse(text)
    assert InvalidNotationError is type(refused.value)
    assert f"longer than {MAX_NOTATION_LENGTH}" in str(refused.value)
    assert len(refused.value.token) <= 20


def test_a_huge_string_is_refused_without_reading_it() -> None:
    """A string of ten million characters is refused by its length alone (MAX_NOTATION_LENGTH)."""
    huge = "♥" * 10_000_000
    for parse in (parse_card, parse_cards, parse_action):
        with pytest.raises(InvalidNotationError):
            parse(huge)
    with pytest.raises(InvalidNotationError):
        validate_meld(huge, CLASSIC)


def test_text_at_the_notation_cap_is_read() -> None:
    """Text of exactly MAX_NOTATION_LENGTH characters is still read (the cap is inclusive)."""
    text = ("7♥ " * (MAX_NOTATION_LENGTH // 3)).ljust(MAX_NOTATION_LENGTH)
    assert MAX_NOTATION_LENGTH == len(text)
    assert all(card == parse_card("7♥") for card in parse_cards(text))


@pytest.mark.parametrize(
    "value", [None, 7, 7.0, b"7h", ["7h"], ("7h",), Card(Rank.SEVEN, Suit.HEARTS)]
)
def test_parsers_refuse_what_is_not_text(value: object) -> None:
    """parse_card, parse_cards and parse_action read text only: InvalidNotationError otherwise (docs/maintainers.md "Cards")."""
    for parse in (parse_card, parse_cards, parse_action):
        with pytest.raises(InvalidNotationError, match="expected"):
            parse(value)  # type: ignore[arg-type]


# -- action text --------------------------------------------------------------------------

ACTION_WORDS = (
    "draw",
    "Draw",
    "draws",
    "take",
    "takes",
    "meld",
    "Meld",
    "lay",
    "layoff",
    "lay-off",
    "lay_off",
    "swap",
    "then",
    "Then",
    "takeback",
    "undo",
    "discard",
    "drop",
    "set",
    "run",
    "low",
    "high",
    "middle",
    "0",
    "1",
    "-1",
    "01",
    "١",
    "²",
    "1.5",
    "99999999999999999999",
    *VALID_TOKENS[:8],
    *NEAR_MISS_TOKENS[:8],
)


@HOSTILE_SETTINGS
@given(text=st.text())
def test_parse_action_answers_any_text_with_an_action_or_invalid_notation(text: str) -> None:
    """parse_action of any text is an action whose text reads back, or InvalidNotationError (docs/maintainers.md "Actions")."""
    action = outcome(lambda: parse_action(text), InvalidNotationError)
    if isinstance(action, InvalidNotationError):
        assert str(action)
    else:
        assert action == parse_action(str(action))


@HOSTILE_SETTINGS
@given(words=st.lists(st.sampled_from(ACTION_WORDS), min_size=1, max_size=7))
def test_parse_action_answers_near_miss_actions(words: list[str]) -> None:
    """Near-miss action text (wrong verbs, indices, sides, cards) is an action or InvalidNotationError (docs/maintainers.md "Actions")."""
    text = " ".join(words)
    action = outcome(lambda: parse_action(text), InvalidNotationError)
    if isinstance(action, InvalidNotationError):
        assert action.token
    else:
        assert action == parse_action(str(action))


@pytest.mark.parametrize(
    "text",
    [
        "layoff " + "9" * 5000 + " 7♥",
        "swap " + "9" * 5000 + " 7♥",
        "take layoff " + "9" * 5000 + " 7♥",
        "swap 0 7♣ then layoff " + "9" * 5000 + " JK",
    ],
)
def test_parse_action_with_a_meld_index_of_thousands_of_digits_is_invalid_notation(
    text: str,
) -> None:
    """A meld index of 5000 digits (under MAX_NOTATION_LENGTH) raises InvalidNotationError, not a bare ValueError (docs/maintainers.md "Actions")."""
    with pytest.raises(InvalidNotationError):
        parse_action(text)


def test_loads_an_action_document_with_a_meld_index_of_thousands_of_digits_is_invalid_data() -> (
    None
):
    """A document whose action has a 5000-digit meld index raises InvalidDataError (docs/maintainers.md guarantee 6)."""
    document = {"romme": 1, "type": "action", "action": "layoff " + "9" * 5000 + " 7♥"}
    with pytest.raises(InvalidDataError):
        loads(json.dumps(document))


@pytest.mark.parametrize(
    "make",
    [
        lambda: TakeDiscard(use=cast(Any, "meld 7♥ 8♥ 9♥")),
        lambda: TakeDiscard(use=cast(Any, Draw())),
    ],
    ids=["use-text", "use-draw"],
)
def test_take_discard_with_a_use_that_is_no_lay_down_is_refused_with_a_library_error(
    make: Callable[[], Action],
) -> None:
    """TakeDiscard(use=…) that is no LayDown or LayOff raises TypeError or IllegalActionError, not AttributeError (DRoV Nr. 4a/4b)."""
    state = new_game(CLASSIC, 3, seed=1)
    state = apply(state, Discard(state.hand[0]))
    assert Phase.DRAW is state.phase
    try:
        action = make()
    except TypeError:
        return
    with pytest.raises((TypeError, IllegalActionError)):
        check(state, action)


# -- melds: wrong types, endless and enormous inputs ----------------------------------------

JUNK: tuple[object, ...] = (
    None,
    7,
    7.5,
    "7♥",
    b"7h",
    Rank.SEVEN,
    Suit.HEARTS,
    (Rank.SEVEN, Suit.HEARTS),
    ["7♥"],
    {"card": "7♥"},
)


@pytest.mark.parametrize("name", sorted(MELD_FUNCTIONS))
@HOSTILE_SETTINGS
@given(
    cards=st.lists(romme_testing.cards(), max_size=10),
    junk=st.lists(st.sampled_from(JUNK), min_size=1, max_size=3),
    data=st.data(),
)
def test_meld_functions_refuse_elements_that_are_not_cards_with_type_error(
    name: str, cards: list[Card], junk: list[object], data: st.DataObject
) -> None:
    """A card list holding other values raises the documented TypeError and is left unchanged (docs/maintainers.md "Melds")."""
    mixed: list[object] = list(cards)
    for item in junk:
        mixed.insert(data.draw(st.integers(0, len(mixed))), item)
    before = copy.deepcopy(mixed)
    with pytest.raises(TypeError, match="Card"):
        MELD_FUNCTIONS[name](mixed, CLASSIC)
    assert before == mixed


@pytest.mark.parametrize("name", sorted(MELD_FUNCTIONS))
@pytest.mark.parametrize("value", [None, 7, 7.5, Card(Rank.SEVEN, Suit.HEARTS)])
def test_meld_functions_refuse_values_that_are_not_card_collections(
    name: str, value: object
) -> None:
    """Passing a non-iterable where cards belong raises TypeError (docs/maintainers.md "Melds")."""
    with pytest.raises(TypeError):
        MELD_FUNCTIONS[name](value, CLASSIC)


@pytest.mark.parametrize("name", sorted(MELD_FUNCTIONS))
@pytest.mark.parametrize("rules", ["classic"])
def test_meld_functions_refuse_rules_that_are_not_rules_with_type_error(
    name: str, rules: object
) -> None:
    """Rules that are not a Rules value raise TypeError naming Rules, as new_game does (not AttributeError)."""
    with pytest.raises(TypeError, match="Rules"):
        MELD_FUNCTIONS[name]("7♥ 8♥ 9♥", rules)  # type: ignore[arg-type]


@pytest.mark.parametrize("kind", ["suit", 5, [], "SET "])
def test_validate_meld_refuses_an_unknown_kind_with_value_error(kind: object) -> None:
    """validate_meld(kind=…) is a set, a run or None; anything else raises ValueError (docs/maintainers.md "Melds")."""
    with pytest.raises(ValueError, match="kind"):
        validate_meld("7♥ 8♥ 9♥", CLASSIC, kind=kind)  # type: ignore[arg-type]


class Counted:
    """An iterator over `items` that counts how many were read."""

    def __init__(self, items: Iterator[Card]) -> None:
        self.items = items
        self.read = 0

    def __iter__(self) -> Counted:
        return self

    def __next__(self) -> Card:
        card = next(self.items)
        self.read += 1
        return card


@pytest.mark.parametrize("name", sorted(MELD_FUNCTIONS))
@pytest.mark.parametrize(
    "source",
    [
        lambda: itertools.repeat(JOKER),
        lambda: itertools.cycle(parse_cards("7♥ 8♥ 9♥")),
        lambda: (Card.from_code(i % 53) for i in itertools.count()),
    ],
    ids=["repeat-joker", "cycle-run", "count-codes"],
)
def test_endless_card_generators_stop_at_the_cap(
    name: str, source: Callable[[], Iterator[Card]]
) -> None:
    """An endless generator of cards raises InputTooLargeError after reading one card past the cap (MAX_MELD_CARDS, MAX_SEARCH_CARDS)."""
    counted = Counted(source())
    with pytest.raises(InputTooLargeError, match=str(MELD_CAPS[name])):
        MELD_FUNCTIONS[name](counted, CLASSIC)
    assert MELD_CAPS[name] + 1 == counted.read


@pytest.mark.parametrize("name", sorted(MELD_FUNCTIONS))
def test_two_hundred_cards_are_refused_as_too_large(name: str) -> None:
    """200 cards exceed every meld cap: InputTooLargeError, the list unchanged (MAX_MELD_CARDS, MAX_SEARCH_CARDS)."""
    cards = list(make_deck(Rules())) + list(make_deck(Rules()))[:90]
    assert 200 == len(cards)
    before = list(cards)
    with pytest.raises(InputTooLargeError):
        MELD_FUNCTIONS[name](cards, CLASSIC)
    assert before == cards
    with pytest.raises(InputTooLargeError):
        MELD_FUNCTIONS[name](format_cards(cards), CLASSIC)


@pytest.mark.parametrize("name", sorted(MELD_FUNCTIONS))
def test_inputs_at_the_cap_are_answered_and_one_more_is_too_large(name: str) -> None:
    """Exactly the cap's cards get an answer; one card more is InputTooLargeError (the caps are inclusive)."""
    cap = MELD_CAPS[name]
    naturals = [card for card in make_deck(CLASSIC) if not card.is_joker]
    cards = (naturals * 2)[:cap]
    random.Random(cap).shuffle(cards)
    try:
        MELD_FUNCTIONS[name](cards, CLASSIC)
    except InvalidMeldError:
        assert "validate_meld" == name
    with pytest.raises(InputTooLargeError):
        MELD_FUNCTIONS[name]([*cards, naturals[0]], CLASSIC)


PERMISSIVE = Rules(
    joker_limit=JokerLimit.NONE,
    adjacent_jokers=AdjacentJokers.ALLOWED,
    jokers=8,
    jokers_only_ends_round=False,
    joker_discard=JokerDiscard.ALLOWED,
)
"""The rules under which the meld search has the most melds to consider (rules §3)."""


def _worst_search_input() -> tuple[Card, ...]:
    """The worst input the caps allow: MAX_SEARCH_CARDS cards, up to 8 jokers.

    A whole suit, as many jokers as fit (at most 8) and second copies of the
    suit's lowest cards, where any number of jokers may lie side by side: the
    most runs a hand can hold.
    """
    suit = [Card(rank, Suit.HEARTS) for rank in Rank]
    jokers = min(8, MAX_SEARCH_CARDS - len(suit))
    cards = (*suit, *suit[: MAX_SEARCH_CARDS - len(suit) - jokers], *(JOKER,) * jokers)
    assert MAX_SEARCH_CARDS == len(cards)
    return cards


SEARCH_INPUTS = [
    pytest.param((*(Card(rank, Suit.HEARTS) for rank in Rank), JOKER, JOKER), id="suit-2-jokers"),
    pytest.param(_worst_search_input(), id="worst-allowed"),
][: examples(dev=1, ci=2)]
"""A whole suit and two jokers; under ``ci`` and ``thorough`` also the worst input the caps allow."""


@pytest.mark.parametrize("cards", SEARCH_INPUTS)
def test_a_hard_search_input_completes(cards: tuple[Card, ...]) -> None:
    """find_melds and best_melds return for a whole suit and jokers that may lie side by side, up to the worst input the caps allow (MAX_SEARCH_CARDS cards, up to 8 jokers, permissive rules; nothing is timed, the calls must return)."""
    found = find_melds(cards, PERMISSIVE)
    assert found
    best = best_melds(cards, PERMISSIVE)
    assert not Counter(card for meld in best for card in meld.cards) - Counter(cards)


# -- positions set up from explicit cards -----------------------------------------------------


def _deal(seed: int) -> GameState:
    return new_game(CLASSIC, 3, seed=seed)


def _arguments(state: GameState) -> dict[str, Any]:
    """new_position arguments for `state`, as mutable lists."""
    return {
        "hands": [list(hand) for hand in state.hands],
        "stock": list(state.stock),
        "discard_pile": list(state.discard_pile),
        "current_player": state.current_player,
        "phase": state.phase,
        "dealer": state.dealer,
    }


@st.composite
def inconsistent_positions(draw: st.DrawFn) -> dict[str, Any]:
    """new_position arguments of a real deal with one change to the cards: most make them not the deck."""
    arguments = _arguments(_deal(draw(st.integers(0, 2**16))))
    piles = [*arguments["hands"], arguments["stock"], arguments["discard_pile"]]
    pile = draw(st.sampled_from([p for p in piles if p]))
    where = draw(st.integers(0, len(pile) - 1))
    change = draw(
        st.sampled_from(["drop", "duplicate", "replace", "extra_joker", "move", "junk", "text"])
    )
    if change == "drop":
        del pile[where]
    elif change == "duplicate":
        pile.insert(where, pile[where])
    elif change == "replace":
        pile[where] = draw(romme_testing.cards())
    elif change == "extra_joker":
        pile.append(JOKER)
    elif change == "move":
        target = draw(st.sampled_from(piles))
        target.append(pile.pop(where))
    elif change == "junk":
        pile[where] = draw(st.sampled_from(JUNK))
    else:
        pile[where] = str(pile[where])
    return arguments


@HOSTILE_SETTINGS
@given(arguments=inconsistent_positions())
def test_new_position_with_inconsistent_cards_is_refused_or_conserves_the_deck(
    arguments: dict[str, Any],
) -> None:
    """Cards that are not the deck raise InvalidPositionError; a mere rearrangement is a position of the deck (docs/maintainers.md guarantee 1)."""
    before = copy.deepcopy(arguments)
    state = outcome(lambda: new_position(CLASSIC, **arguments), InvalidPositionError)
    if isinstance(state, InvalidPositionError):
        assert str(state)
    else:
        assert Counter(make_deck(CLASSIC)) == state.all_cards()
        if not state.is_over:
            assert legal_actions(state)
    assert before == arguments


@pytest.mark.parametrize(
    ("change", "expected"),
    [
        ({"hands": [[]]}, "players"),
        ({"hands": [[]] * 7}, "players|hands"),
        ({"current_player": 3}, "current_player"),
        ({"current_player": True}, "current_player"),
        ({"dealer": -1}, "dealer"),
        ({"phase": Phase.ROUND_OVER}, "phase"),
        ({"opened": [True, False]}, "opened"),
        ({"opened": [1, 0, 0]}, "opened"),
        ({"table": [("7♥ 8♥ 10♥", 0)]}, "table meld"),
        ({"table": [("7♥ 8♥ 9♥", 5)]}, "owner"),
        ({"table": [5]}, "table entry"),
        ({"seed": "1"}, "seed"),
        ({"reshuffles": -1}, "reshuffles"),
    ],
)
def test_new_position_with_impossible_seats_or_table_is_refused(
    change: dict[str, Any], expected: str
) -> None:
    """Impossible seats, phases, owners and table melds raise InvalidPositionError naming the problem (docs/maintainers.md "Game")."""
    arguments = {**_arguments(_deal(1)), **change}
    before = copy.deepcopy(arguments)
    with pytest.raises(InvalidPositionError, match=expected):
        new_position(CLASSIC, **arguments)
    assert before == arguments


def test_new_position_with_an_oversized_hand_is_refused() -> None:
    """A hand of more than hand_size + 2 cards raises InvalidPositionError (the cap on hands a caller sets up)."""
    arguments = _arguments(_deal(2))
    arguments["hands"][0] += arguments["stock"][:10]
    del arguments["stock"][:10]
    with pytest.raises(InvalidPositionError, match="never holds more than"):
        new_position(CLASSIC, **arguments)


@pytest.mark.parametrize("phase", ["draw", "play"])
def test_new_position_with_a_phase_given_as_text_is_refused_or_playable(phase: str) -> None:
    """A phase given as its text value is refused, or the position plays: no AttributeError later (docs/maintainers.md guarantee 4)."""
    arguments = {**_arguments(_deal(3)), "phase": phase}
    try:
        state = new_position(CLASSIC, **arguments)
    except InvalidPositionError:
        return
    assert legal_actions(state)
    assert state == loads(dumps(state))


@pytest.mark.parametrize("argument", ["hands", "table", "opened"])
def test_new_position_with_a_non_iterable_argument_names_it(argument: str) -> None:
    """hands, table or opened that are not collections raise InvalidPositionError or TypeError naming the argument."""
    arguments = {**_arguments(_deal(4)), argument: 5}
    with pytest.raises((InvalidPositionError, TypeError), match=argument.rstrip("s")):
        new_position(CLASSIC, **arguments)


@pytest.mark.parametrize("argument", ["stock", "discard_pile", "hand", "table"])
def test_new_position_stops_reading_an_endless_generator(argument: str) -> None:
    """An endless generator for a pile, a hand or the table is refused after at most a deck's worth of items (a missing cap)."""
    arguments = _arguments(_deal(5))
    if argument == "hand":
        arguments["hands"][0] = endless(arguments["hands"][0])
    elif argument == "table":
        arguments["table"] = endless([("7♥ 8♥ 9♥", 0)])
    else:
        arguments[argument] = endless(arguments[argument] or [JOKER])
    with pytest.raises((InputTooLargeError, InvalidPositionError)):
        new_position(CLASSIC, **arguments)


# -- JSON documents ----------------------------------------------------------------------------


def _finished_round() -> tuple[GameState, GameRecord]:
    rules = Rules(decks=1, jokers=0, hand_size=12, max_players=4)
    state = new_game(rules, 4, seed=11)
    record = GameRecord.start(state)
    rng = random.Random(11)
    while not state.is_over:
        action = random_choice(rng, legal_actions(state), state.rules)
        record = record.add(action)
        state = apply(state, action)
    return state, record


def _midgame(rules: Rules, steps: int) -> GameState:
    state = new_game(rules, 4, seed=steps)
    rng = random.Random(steps)
    for _ in range(steps):
        state = apply(state, random_choice(rng, legal_actions(state), state.rules))
    return state


FINISHED, RECORD = _finished_round()
MIDGAME = _midgame(CLASSIC, 40)
VALUES: dict[str, object] = {
    "card": parse_card("10♠"),
    "action": parse_action("swap 1 7♣ then meld JK 8♦ 9♦"),
    "meld": validate_meld("5♣ 6♣ JK 8♣", CLASSIC),
    "rules": attrs.evolve(CLASSIC, opening_threshold=35, not_opened_penalty=100),
    "state": MIDGAME,
    "state-drov": _midgame(DROV, 30),
    "state-over": FINISHED,
    "view": view(MIDGAME, 2),
    "result": FINISHED.result,
    "record": RECORD,
}
TEXTS = {name: dumps(value) for name, value in VALUES.items()}
JSON_SNIPPETS = (
    '"',
    "{",
    "}",
    "[",
    "]",
    ",",
    ":",
    "null",
    "true",
    "-1",
    "1e400",
    "0.5",
    "NaN",
    '"JK"',
    '"7♥"',
    "99999999999999999999",
    '"draw"',
    '"play"',
    "[]",
    "{}",
    '"\\ud800"',
    "\\",
)


@st.composite
def mutated_texts(draw: st.DrawFn) -> str:
    """JSON text of a valid document with one to three characters-level edits."""
    text = TEXTS[draw(st.sampled_from(sorted(TEXTS)))]
    for _ in range(draw(st.integers(1, 3))):
        start = draw(st.integers(0, len(text)))
        end = draw(st.integers(start, min(len(text), start + 12)))
        how = draw(st.sampled_from(["delete", "insert", "replace"]))
        new = "" if how == "delete" else draw(st.sampled_from(JSON_SNIPPETS) | st.text(max_size=6))
        text = text[:start] + new + (text[start:] if how == "insert" else text[end:])
    return text


def _loads_or_invalid_data(text: str) -> None:
    value = outcome(lambda: loads(text), InvalidDataError)
    if isinstance(value, InvalidDataError):
        assert str(value)
    else:
        assert value == loads(dumps(value))


@settings(
    HOSTILE_SETTINGS,
    max_examples=max(200, settings().max_examples),
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(text=mutated_texts())
def test_loads_of_mutated_json_text_is_a_value_or_invalid_data(text: str) -> None:
    """JSON text with characters deleted, inserted or replaced loads a value that round-trips, or raises InvalidDataError (docs/maintainers.md guarantee 6)."""
    _loads_or_invalid_data(text)


@HOSTILE_SETTINGS
@given(data=st.binary(max_size=64) | st.text(max_size=64).map(str.encode))
def test_loads_of_random_bytes_is_invalid_data(data: bytes) -> None:
    """Random bytes are no document: InvalidDataError (docs/maintainers.md guarantee 6)."""
    _loads_or_invalid_data(data)  # type: ignore[arg-type]


JSON_VALUES: st.SearchStrategy[object] = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats()
    | st.text(max_size=6)
    | st.sampled_from(["7♥", "JK", "draw", "classic", "play", "run", "went_out"]),
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=8), children, max_size=4)
    ),
    max_leaves=12,
)
DOCUMENT_TYPES = (
    "card",
    "meld",
    "rules",
    "action",
    "state",
    "view",
    "round_result",
    "record",
    "match",
)


@HOSTILE_SETTINGS
@given(
    kind=st.sampled_from(DOCUMENT_TYPES),
    body=st.dictionaries(
        st.sampled_from(
            [
                "card",
                "kind",
                "cards",
                "preset",
                "action",
                "hands",
                "stock",
                "rules",
                "phase",
                "players",
                "actions",
                "table",
            ]
        )
        | st.text(max_size=6),
        JSON_VALUES,
        max_size=6,
    ),
)
def test_from_dict_of_random_documents_is_invalid_data_and_leaves_them_unchanged(
    kind: str, body: dict[str, object]
) -> None:
    """A random body under a known type raises InvalidDataError (or loads a value), and the dict is not changed (docs/maintainers.md guarantee 6)."""
    document = {"romme": 1, "type": kind, **body}
    before = copy.deepcopy(document)
    value = outcome(lambda: from_dict(document), InvalidDataError)
    if isinstance(value, InvalidDataError):
        assert str(value)
    else:
        assert value == from_dict(to_dict(value))
    assert before == document


def _paths(node: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    found: list[tuple[str | int, ...]] = []
    items: list[tuple[str | int, object]] = []
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    for key, child in items:
        found.append((*prefix, key))
        found.extend(_paths(child, (*prefix, key)))
    return found


@settings(
    HOSTILE_SETTINGS, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large]
)
@given(name=st.sampled_from(sorted(VALUES)), data=st.data())
def test_from_dict_never_changes_the_document_it_reads(name: str, data: st.DataObject) -> None:
    """from_dict leaves its input as it was, for a valid document and one with a value replaced (docs/maintainers.md: callers never copy)."""
    document = to_dict(VALUES[name])
    paths = _paths(document)
    replace = data.draw(st.booleans())
    if paths and replace:
        path = data.draw(st.sampled_from(paths))
        parent: Any = document
        for key in path[:-1]:
            parent = parent[key]
        parent[path[-1]] = data.draw(JSON_VALUES)
    before = copy.deepcopy(document)
    outcome(lambda: from_dict(document), InvalidDataError)
    assert before == document


def test_view_document_with_a_hand_larger_than_any_hand_is_refused() -> None:
    """A view whose own hand holds 109 cards raises InvalidDataError, as a state's does (hand_size + 2 cap)."""
    # Loaded, such a view makes legal_actions search a 109-card hand: minutes for one call.
    seen = view(new_game(CLASSIC, 2, seed=1), 0)
    deck = [str(card) for card in make_deck(CLASSIC)]
    document = to_dict(seen)
    document.update(
        hand=deck[:-1],
        discard_pile=deck[-1:],
        hand_sizes=[len(deck) - 1 if seat == seen.player else 0 for seat in range(2)],
        stock_size=0,
        current_player=seen.player,
        phase="play",
    )
    with pytest.raises(InvalidDataError, match="hand"):
        from_dict(document)


def test_document_over_the_length_cap_is_refused_before_parsing() -> None:
    """JSON text longer than MAX_DOCUMENT_LENGTH raises InvalidDataError naming the cap (docs/maintainers.md "Data")."""
    text = TEXTS["card"].ljust(MAX_DOCUMENT_LENGTH + 1)
    with pytest.raises(InvalidDataError, match=str(MAX_DOCUMENT_LENGTH)):
        loads(text)


@pytest.mark.parametrize(
    "text",
    [
        '{"romme": 1, "type": "rules", "preset": "classic", "opening_threshold": NaN}',
        '{"romme": 1, "type": "rules", "preset": "classic", "opening_threshold": Infinity}',
        '{"romme": 1, "type": "rules", "preset": "classic", "hand_size": ' + "9" * 5000 + "}",
        '{"romme": 1, "type": "rules", "preset": "classic", "hand_size": 1e400}',
        '{"romme": 1.0, "type": "card", "card": "7♥"}',
        '{"romme": true, "type": "card", "card": "7♥"}',
        '{"romme": 1, "type": "card", "card": "\\ud800"}',
        '\ufeff{"romme": 1, "type": "card", "card": "7♥"}',
        '{"romme": 1, "type": "action", "action": "' + "draw " * 3000 + '"}',
        '{"romme": 1, "type": "rules", "preset": "' + "x" * 100_000 + '"}',
        '{"romme": 1, "type": "record", "rules": {"preset": "classic"}, "players": 2, "dealer": 0,'
        ' "seed": 1, "initial": null, "actions": ["' + "draw " * 3000 + '"]}',
    ],
    ids=[
        "nan",
        "infinity",
        "5000-digit-int",
        "1e400",
        "float-version",
        "bool-version",
        "lone-surrogate",
        "bom",
        "overlong-action",
        "long-preset-name",
        "record-overlong-action",
    ],
)
def test_special_json_values_are_invalid_data(text: str) -> None:
    """NaN, infinities, huge numbers, a BOM, lone surrogates and over-long text raise InvalidDataError (docs/maintainers.md guarantee 6)."""
    with pytest.raises(InvalidDataError):
        loads(text)


@pytest.mark.parametrize("value", [object(), None, 7, "7♥", [parse_card("7♥")], {"romme": 1}])
def test_to_dict_of_a_foreign_value_is_type_error(value: object) -> None:
    """to_dict of a value the library does not serialise raises the documented TypeError (docs/maintainers.md "Data")."""
    with pytest.raises(TypeError, match="cannot serialise"):
        to_dict(value)


def test_meld_documents_are_checked_not_trusted() -> None:
    """A meld document with a wrong value loads as InvalidDataError, not as a meld with that value (docs/maintainers.md guarantee 6)."""
    document = to_dict(VALUES["meld"])
    document["value"] = 99
    with pytest.raises(InvalidDataError, match="worth"):
        from_dict(document)
    assert isinstance(from_dict(to_dict(VALUES["meld"])), Meld)


@pytest.mark.parametrize("bad", [None, "state", 3, {"romme": 1}])
def test_positions_that_are_no_positions_are_refused_with_a_type_error(bad: object) -> None:
    """docs/maintainers.md: bad input gets a clear, typed error, never an AttributeError."""
    with pytest.raises(TypeError, match="GameState"):
        legal_actions(bad)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        is_legal(bad, Draw())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        check(bad, Draw())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        apply(bad, Draw())  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="GameState"):
        view(bad, 0)  # type: ignore[arg-type]


def test_a_view_cannot_be_played_on() -> None:
    """apply needs the full state: a view lacks the stock (docs/maintainers.md, views)."""
    state = new_game(find_rules("drov"), 4, seed=1)
    with pytest.raises(TypeError, match="PlayerView"):
        apply(view(state, state.current_player), Draw())  # type: ignore[arg-type]
