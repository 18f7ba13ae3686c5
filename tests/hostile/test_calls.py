"""Hostile arguments to the library's functions: a library error with a clear message, or a correct answer.

Card and action text, meld validation and search, positions set up from
explicit cards, and wrong types or endless iterables given to every public
function (hardening 2 and 6): each bad input ends in a `RommeError`
subclass (or the `TypeError` the function documents) within bounded work,
never in a bare builtin exception or a hang, and leaves a mutable input as
it was. The caps (`MAX_NOTATION_LENGTH`, `MAX_MELD_CARDS`,
`MAX_SEARCH_CARDS`, `Rules.hand_size` ≤ 15) bound the work
(docs/maintainers.md "Cards", "Melds"). The hostile-input tests are the
three files of this folder: arguments of calls (here), documents
(`test_documents.py`) and the fields of values (`test_values.py`).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import contextlib
import copy
import inspect
import itertools
import json
import random
from collections import Counter
from collections.abc import Callable, Iterable, Iterator
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import romme
from romme import (
    JOKER,
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
    InvalidRulesError,
    JokerDiscard,
    JokerLimit,
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
    is_valid_meld,
    legal_actions,
    loads,
    make_deck,
    new_game,
    new_match,
    new_position,
    parse_action,
    parse_card,
    parse_cards,
    to_dict,
    validate_meld,
    view,
)
from romme import testing as romme_testing
from tests.conftest import examples
from tests.hostile._helpers import (
    ALLOWED_ERRORS,
    HOSTILE_SETTINGS,
    outcome,
    rest_of_deck,
    time_limit,
)

CLASSIC = find_rules("classic")
DROV = find_rules("drov")

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


@pytest.mark.long
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


# -- every notation parser raises only its error (hardening 2) ------------------------------

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


# -- wrong types and endless inputs end in typed errors (hardening 6) --------------------------------------------


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
            stock=rest_of_deck(CLASSIC, "2♣ 3♣"),
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
