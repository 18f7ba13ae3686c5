"""Hostile documents: every bad document is refused with InvalidDataError saying where (docs/maintainers.md guarantee 6).

JSON text that is no document, wrong fields of every kind, cards that are
not the deck, impossible positions, views, records and matches; mutated
documents and text, random bodies, special JSON values and the length cap
(docs/maintainers.md "Data"); and every document that loads plays on
(hardening 3, guarantee 8).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import contextlib
import copy
import json
import random
from collections.abc import Callable, Sequence
from typing import Any

import attrs
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import romme
from romme import (
    MAX_DOCUMENT_LENGTH,
    PRESETS,
    Discard,
    Draw,
    GameRecord,
    GameState,
    InvalidDataError,
    InvalidPositionError,
    LayDown,
    Match,
    Meld,
    Phase,
    PointsTable,
    RandomBot,
    RoundResult,
    Rules,
    TakeBack,
    TakeDiscard,
    TakeDiscardMode,
    apply,
    check,
    dumps,
    find_rules,
    from_dict,
    is_legal,
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
from romme.play._bots import random_choice
from tests.hostile._helpers import HOSTILE_SETTINGS, outcome, rest_of_deck
from tests.scenarios._helpers import position

CLASSIC = PRESETS["classic"]
ASS = PRESETS["ass"]
DROV = PRESETS["drov"]
ZONE = PRESETS["cardgames-zone"]

Document = dict[str, Any]


def staged_state() -> GameState:
    """Classic: seat 0 has laid 7♠ 8♠ 9♠ (24, below the 30 to open), so the meld is staged (rules §5)."""
    state = position(
        CLASSIC,
        hands=["7♠ 8♠ 9♠ 10♦ J♦ Q♦ 2♣", "K♣ 3♦ 4♦", "A♥ 5♥"],
        current_player=0,
        phase=Phase.PLAY,
    )
    return apply(state, LayDown(parse_cards("7♠ 8♠ 9♠")))


def table_state() -> GameState:
    """ASS: seat 1 has opened with K♠ A♠ 2♠ (a run around the corner, rules §3) and 5♥ 6♥ 7♥."""
    return position(
        ASS,
        hands=["2♣ 3♣", "4♦ 9♦ J♦", "A♥ 5♣"],
        table=[("K♠ A♠ 2♠", 1), ("5♥ 6♥ 7♥", 1)],
        current_player=2,
    )


def finished_state() -> GameState:
    """Classic: seat 0, opened, discards its last card and goes out (rules §7)."""
    state = position(
        CLASSIC,
        hands=["9♣", "K♣ 3♦", "A♥"],
        table=[("5♥ 6♥ 7♥ 8♥", 0), ("Q♠ K♠ A♠", 1)],
        current_player=0,
        phase=Phase.PLAY,
    )
    return apply(state, Discard(parse_card("9♣")))


def random_state(rules: Rules, players: int, seed: int, steps: int) -> GameState:
    """The state after `steps` random legal actions of a seeded round."""
    state = new_game(rules, players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            break
        state = apply(state, random_choice(rng, legal_actions(state), state.rules))
    return state


def short_record() -> GameRecord:
    """A record of the first actions of a seeded classic round."""
    state = new_game(CLASSIC, 3, seed=4)
    record = GameRecord.start(state)
    rng = random.Random(4)
    for _ in range(6):
        action = random_choice(rng, legal_actions(state), state.rules)
        record = record.add(action)
        state = apply(state, action)
    return record


POINTS = PointsTable(
    went_out=5, hand_romme=6, not_opened=0, opened=[(10, 3), (50, 2), (None, 1)], sat_out=2
)


def tournament_match() -> Match:
    """A DRoV match with a points table after one round (DRoV Nr. 12–14)."""
    match = new_match(DROV, 4, seed=3, points_table=POINTS)
    rng = random.Random(3)
    while match.round < 1:
        assert match.state is not None
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
    return match


def classic_match() -> Match:
    """A classic match a few actions into its second round (rules §11)."""
    match = new_match(CLASSIC, 3, seed=8)
    rng = random.Random(8)
    while match.round < 1:
        assert match.state is not None
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
    for _ in range(10):
        assert match.state is not None
        match = match.apply(random_choice(rng, legal_actions(match.state), match.state.rules))
    return match


def doc(value: object) -> Document:
    """A fresh, independent copy of `value`'s document."""
    return copy.deepcopy(to_dict(value))


def _load(data: object) -> object:
    """Load `data`: JSON text or bytes with `loads`, anything else with `from_dict`."""
    if isinstance(data, str | bytes):
        return loads(data)
    return from_dict(data)  # type: ignore[arg-type]


def refusal(data: object) -> str:
    """Return the message of the InvalidDataError that loading `data` raises (a dict, JSON text or bytes)."""
    with pytest.raises(InvalidDataError) as refused:
        _load(data)
    assert isinstance(refused.value, ValueError)
    return str(refused.value)


# -- text that is no document -----------------------------------------------------------


def test_truncated_json_is_refused() -> None:
    """Truncated JSON text is refused at the document (docs/maintainers.md guarantee 6)."""
    text = dumps(staged_state())
    assert refusal(text[: len(text) // 2]).startswith("document: not valid JSON")


@pytest.mark.parametrize("text", ["", "hello", "{'romme': 1}", "{romme: 1}", '{"romme": 1,}'])
def test_non_json_text_is_refused(text: str) -> None:
    """Text that is not JSON is refused at the document (docs/maintainers.md guarantee 6)."""
    assert refusal(text).startswith("document: not valid JSON")


def test_bytes_that_are_not_utf8_are_refused() -> None:
    """Bytes that are not UTF-8 are refused at the document (docs/maintainers.md guarantee 6)."""
    assert refusal(b'\xff\xfe{"romme": 1}').startswith("document: not UTF-8 text")


def test_utf8_bytes_are_read() -> None:
    """UTF-8 bytes of a valid document load like the text (docs/maintainers.md guarantee 6)."""
    assert parse_card("7♥") == loads('{"romme": 1, "type": "card", "card": "7♥"}'.encode())


@pytest.mark.parametrize(
    ("text", "kind"),
    [("[1, 2]", "a list"), ("42", "a number"), ('"card"', "text"), ("null", "null")],
)
def test_top_level_non_object_is_refused(text: str, kind: str) -> None:
    """A JSON array, number, string or null at top level is refused (docs/maintainers.md guarantee 6)."""
    assert f"document: expected an object, got {kind}" == refusal(text)


def test_missing_format_version_is_refused() -> None:
    """A document without "romme" is refused (docs/maintainers.md: documents carry a format version)."""
    assert "document: missing field 'romme'" == refusal('{"type": "card", "card": "7♥"}')


def test_future_format_version_is_refused() -> None:
    """A document of format version 2 is refused as newer (docs/maintainers.md: documents carry a format version)."""
    message = refusal('{"romme": 2, "type": "card", "card": "7♥"}')
    assert message.startswith("document.romme: format version 2 is newer")


@pytest.mark.parametrize("version", ["1", 1.0, True, None, 0, -1])
def test_bad_format_version_is_refused(version: object) -> None:
    """A format version that is no positive integer is refused at document.romme (docs/maintainers.md guarantee 6)."""
    assert refusal({"romme": version, "type": "card", "card": "7♥"}).startswith("document.romme")


def test_unknown_type_is_refused() -> None:
    """A document of an unknown type is refused at document.type (docs/maintainers.md guarantee 6)."""
    assert refusal('{"romme": 1, "type": "poker", "card": "7♥"}').startswith(
        "document.type: unknown type 'poker'"
    )


@pytest.mark.parametrize("kind", [None, 3, ["card"]])
def test_type_that_is_not_text_is_refused(kind: object) -> None:
    """A document whose type is not text is refused at document.type (docs/maintainers.md guarantee 6)."""
    assert refusal({"romme": 1, "type": kind, "card": "7♥"}).startswith("document.type")


def test_deeply_nested_json_is_refused() -> None:
    """Deeply nested JSON text is refused, never a RecursionError (docs/maintainers.md guarantee 6)."""
    assert "document: the JSON is nested too deeply" == refusal("[" * 100_000 + "]" * 100_000)


def test_deeply_nested_json_inside_a_document_is_refused() -> None:
    """A deeply nested value in a field is refused, never a RecursionError (docs/maintainers.md guarantee 6)."""
    deep = "[" * 50_000 + "]" * 50_000
    text = '{"romme": 1, "type": "state", "rules": {"preset": "classic", "upcard": ' + deep + "}}"
    assert refusal(text).startswith("document")


def test_deeply_nested_value_in_a_dict_is_refused() -> None:
    """A deeply nested Python value handed to from_dict is refused, never a RecursionError (docs/maintainers.md guarantee 6)."""
    deep: object = []
    for _ in range(100_000):
        deep = [deep]
    data = doc(staged_state())
    data["rules"]["take_discard"] = deep
    assert refusal(data).startswith("state")


# -- wrong types for every kind of field ------------------------------------------------


def _set(path: Sequence[str | int], value: object) -> Callable[[Document], None]:
    def change(data: Document) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        target[path[-1]] = value

    return change


def _drop(path: Sequence[str | int]) -> Callable[[Document], None]:
    def change(data: Document) -> None:
        target: Any = data
        for key in path[:-1]:
            target = target[key]
        del target[path[-1]]

    return change


STATE_CHANGES: list[tuple[Callable[[Document], None], str]] = [
    # a number, a list or null where a card is expected
    (_set(["hands", 1, 1], 7), 'state.hands[1][1]: expected a card such as "7♥", got a number'),
    (_set(["hands", 1, 2], None), 'state.hands[1][2]: expected a card such as "7♥", got null'),
    (_set(["stock", 0], ["7♥"]), 'state.stock[0]: expected a card such as "7♥", got a list'),
    (_set(["hands", 2, 0], "7x"), "state.hands[2][0]: "),
    (_set(["hands", 0], "7♠ 8♠"), "state.hands[0]: expected a list of cards, got text"),
    (_set(["hands"], {"0": []}), "state.hands: expected a list, got an object"),
    (_set(["stock"], None), "state.stock: expected a list of cards, got null"),
    # a string, a float or a bool where an int is expected
    (_set(["dealer"], "2"), "state.dealer: expected an integer, got text"),
    (_set(["seed"], 0.0), "state.seed: expected an integer, got a number"),
    (_set(["seed"], 1.5), "state.seed: expected an integer, got a number"),
    (_set(["reshuffles"], True), "state.reshuffles: expected an integer, got a boolean"),
    (_set(["current_player"], False), "state.current_player: expected an integer, got a boolean"),
    (_set(["turn", "number"], "3"), "state.turn.number: expected an integer, got text"),
    (_set(["table", 0, "owner"], 0.0), "state.table[0].owner: expected an integer, got a number"),
    (_set(["table", 0, "fresh"], [True]), "state.table[0].fresh[0]: expected an integer"),
    # out of range
    (_set(["dealer"], 3), "state.dealer: 3 is above 2"),
    (_set(["current_player"], -1), "state.current_player: -1 is below 0"),
    (_set(["reshuffles"], -1), "state.reshuffles: -1 is below 0"),
    (_set(["table", 0, "owner"], 5), "state.table[0].owner: 5 is above 2"),
    (_set(["table", 0, "fresh"], [7]), "state.table[0].fresh[0]: 7 is above 2"),
    # an int or text where a bool is expected
    (_set(["opened", 0], 1), "state.opened[0]: expected true or false, got a number"),
    (_set(["dealt_in", 2], "yes"), "state.dealt_in[2]: expected true or false, got text"),
    (_set(["opened"], [False, False]), "state.opened: expected a list of 3 booleans"),
    (_set(["table", 0, "staged"], None), "state.table[0].staged: expected true or false, got null"),
    (_set(["turn", "laid_off"], 0), "state.turn.laid_off: expected true or false, got a number"),
    # enums
    (_set(["phase"], "dance"), "state.phase: 'dance' is not one of"),
    (_set(["phase"], 1), "state.phase: expected text, got a number"),
    (_set(["table", 0, "kind"], "heap"), "state.table[0].kind: 'heap' is not one of"),
    (_set(["rules", "take_discard"], "sometimes"), "state.rules.take_discard: 'sometimes'"),
    (_set(["rules", "take_discard"], 1), "state.rules.take_discard: 1 is not one of"),
    # rules
    (_set(["rules", "preset"], "bridge"), "state.rules.preset: no preset called 'bridge'"),
    (_set(["rules", "preset"], 7), "state.rules.preset: expected a preset name or null"),
    (_set(["rules", "opening_threshold"], "30"), "state.rules: opening_threshold must be"),
    (_set(["rules", "upcard"], 1), "state.rules: upcard must be True or False"),
    (_set(["rules", "jokers"], 2.0), "state.rules: jokers must be an integer"),
    (_set(["rules", "colour"], "red"), "state.rules: unknown field 'colour'"),
    (_set(["rules"], "classic"), "state.rules: expected an object, got text"),
    # objects
    (_set(["turn"], []), "state.turn: expected an object, got a list"),
    (_set(["table", 0], ["7♠", "8♠", "9♠"]), "state.table[0]: expected an object, got a list"),
    (_set(["table"], {}), "state.table: expected a list, got an object"),
    (_set(["turn", "taken"], 12), 'state.turn.taken: expected a card such as "7♥", got a number'),
    # missing and extra fields
    (_drop(["stock"]), "state: missing field 'stock'"),
    (_drop(["rules"]), "state: missing field 'rules'"),
    (_drop(["hands"]), "state: missing field 'hands'"),
    (_set(["colour"], "red"), "state: unknown field 'colour'"),
    (_drop(["turn", "laid_off"]), "state.turn: missing field 'laid_off'"),
    (_set(["turn", "colour"], "red"), "state.turn: unknown field 'colour'"),
    (_drop(["table", 0, "owner"]), "state.table[0]: missing field 'owner'"),
    (_drop(["table", 0, "cards"]), "state.table[0]: missing field 'cards'"),
    (_set(["table", 0, "colour"], "red"), "state.table[0]: unknown field 'colour'"),
    # seats
    (_set(["hands"], [["7♠"]]), "state.hands: expected 2 to 6 hands, got 1"),
]


@pytest.mark.parametrize(("change", "where"), STATE_CHANGES)
def test_state_with_bad_field_is_refused(change: Callable[[Document], None], where: str) -> None:
    """A state document with a field of the wrong type, out of range, missing or extra is refused, saying where (docs/maintainers.md guarantee 6)."""
    data = doc(staged_state())
    change(data)
    message = refusal(data)
    assert where == message[: len(where)]


def test_state_changes_start_from_a_valid_document() -> None:
    """The document the changes above start from loads (docs/maintainers.md guarantee 6)."""
    state = staged_state()
    assert state == from_dict(doc(state))
    assert [True] == [entry.staged for entry in state.table]


def _two_seat_result(data: Document) -> None:
    data["result"]["penalties"] = [0, 13]
    data["result"]["dealt_in"] = [True, True]
    data["result"]["opened"] = [True, False]


RESULT_CHANGES: list[tuple[Callable[[Document], None], str]] = [
    (_drop(["result", "opened"]), "state.result: missing field 'opened'"),
    (_drop(["result", "winner"]), "state.result: missing field 'winner'"),
    (_set(["result", "colour"], 1), "state.result: unknown field 'colour'"),
    (_set(["result", "winner"], "0"), "state.result.winner: expected an integer, got text"),
    (_set(["result", "winner"], 3), "state.result.winner: no seat 3"),
    (_set(["result", "end"], "boredom"), "state.result.end: 'boredom' is not one of"),
    (_set(["result", "hand_romme"], 0), "state.result.hand_romme: expected true or false"),
    (_set(["result", "penalties", 1], 13.0), "state.result.penalties[1]: expected an integer"),
    (_set(["result", "penalties", 1], -13), "state.result.penalties[1]: -13 is below 0"),
    (_set(["result", "penalties", 0], 5), "state.result.penalties: the winner scores 0"),
    (_two_seat_result, "state.result: one penalty per seat is needed"),
    (_set(["result"], None), "state: phase 'round_over' and result null do not agree"),
    (_set(["result", "end"], "stock_exhausted"), "state.result: a round that ended by"),
    (_set(["result", "opened", 0], False), "state.result: the winner must have been dealt in"),
]


@pytest.mark.parametrize(("change", "where"), RESULT_CHANGES)
def test_finished_state_with_bad_result_is_refused(
    change: Callable[[Document], None], where: str
) -> None:
    """A round-over state whose result is malformed is refused, saying where (rules §10, docs/maintainers.md guarantee 6)."""
    data = doc(finished_state())
    change(data)
    message = refusal(data)
    assert where == message[: len(where)]


def test_round_result_document_with_missing_and_extra_fields_is_refused() -> None:
    """A round_result document with a missing or an extra field is refused (docs/maintainers.md guarantee 6)."""
    result = finished_state().result
    assert isinstance(result, RoundResult)
    data = doc(result)
    del data["dealt_in"]
    assert "round_result: missing field 'dealt_in'" == refusal(data)
    data = doc(result)
    data["bonus"] = 40
    assert "round_result: unknown field 'bonus'" == refusal(data)


def test_round_result_hand_romme_without_winner_is_refused() -> None:
    """A Hand-Rommé without a winner is refused (rules §8, docs/maintainers.md guarantee 6)."""
    data = {
        "romme": 1,
        "type": "round_result",
        "end": "stock_exhausted",
        "winner": None,
        "hand_romme": True,
        "penalties": [3, 4],
        "dealt_in": [True, True],
        "opened": [True, False],
    }
    assert "round_result: a Hand-Rommé needs a winner" == refusal(data)


# -- cards that are not the deck --------------------------------------------------------


def test_duplicated_card_in_a_state_is_refused() -> None:
    """A state holding a card three times and missing another is refused (rules §2: the cards form the deck)."""
    data = doc(finished_state())
    assert ["K♣", "3♦"] == data["hands"][1]
    data["hands"][1][0] = "A♥"
    expected = "state: the cards in play are not the deck: missing K♣; too many A♥"
    assert expected == refusal(data)


def test_missing_card_in_a_state_is_refused() -> None:
    """A state with a card gone from a hand is refused (rules §2: the cards form the deck)."""
    data = doc(finished_state())
    data["hands"][1] = ["3♦"]
    assert "state: the cards in play are not the deck: missing K♣" == refusal(data)


def test_extra_card_in_a_state_is_refused() -> None:
    """A state with one card too many is refused (rules §2: the cards form the deck)."""
    data = doc(finished_state())
    data["hands"][2].append("JK")
    assert "state: the cards in play are not the deck: too many JK" == refusal(data)


def test_state_of_a_one_pack_deck_under_two_pack_rules_is_refused() -> None:
    """The cards are checked against the document's rules (rules §2: decks, jokers)."""
    data = doc(finished_state())
    data["rules"]["jokers"] = 4
    assert "state: the cards in play are not the deck: too many JK JK" == refusal(data)


# -- melds -------------------------------------------------------------------------------


def test_table_meld_invalid_under_the_documents_rules_is_refused() -> None:
    """K♠ A♠ 2♠ lies on an ASS table but is no run under classic (cardgames.zone §5: no run around the corner)."""
    data = doc(table_state())
    assert ["K♠", "A♠", "2♠"] == data["table"][0]["cards"]
    assert {"preset": "ass"} == data["rules"]
    data["rules"] = {"preset": "classic"}
    message = refusal(data)
    assert message.startswith("state.table[0]: not a valid meld under the document's rules")


def test_table_meld_not_in_table_order_is_refused() -> None:
    """A table run whose cards are not low to high is refused (rules §3: the table order)."""
    data = doc(table_state())
    data["table"][1]["cards"] = ["7♥", "5♥", "6♥"]
    assert refusal(data).startswith("state.table[1]: the cards are not in table order")


def test_table_meld_of_the_wrong_kind_is_refused() -> None:
    """A table run stored as a set is refused (rules §3)."""
    data = doc(table_state())
    data["table"][1]["kind"] = "set"
    assert refusal(data).startswith("state.table[1]: not a valid meld")


def test_table_meld_fresh_position_without_joker_is_refused() -> None:
    """A fresh-joker position that holds no joker is refused (DRoV Streitfall 20)."""
    data = doc(staged_state())
    data["table"][0]["fresh"] = [1]
    assert "state.table[0].fresh: names a position that holds no joker" == refusal(data)


def test_meld_document_not_in_table_order_is_refused() -> None:
    """A meld document whose run is not low to high is refused (rules §3: the table order)."""
    data = {"romme": 1, "type": "meld", "kind": "run", "cards": ["9♠", "7♠", "8♠"], "jokers": []}
    assert refusal(data).startswith("meld: the cards are not in table order")


def test_meld_document_that_is_no_meld_is_refused() -> None:
    """A meld document of two cards is refused (rules §3: at least 3 cards)."""
    data = {"romme": 1, "type": "meld", "kind": "run", "cards": ["8♠", "9♠"], "jokers": []}
    assert refusal(data).startswith("meld: not a valid meld")


def test_meld_document_with_wrong_value_is_refused() -> None:
    """A meld document whose value is not the meld's is refused (rules §3: meld value)."""
    data = doc(validate_meld(parse_cards("7♠ 8♠ 9♠"), CLASSIC))
    assert 24 == data["value"]
    data["value"] = 25
    assert "meld.value: the meld is worth 24" == refusal(data)
    data["value"] = "24"
    assert "meld.value: the meld is worth 24" == refusal(data)


def test_meld_document_with_wrong_joker_details_is_refused() -> None:
    """A meld document whose joker does not stand for the stored card is refused (rules §3)."""
    data = doc(validate_meld(parse_cards("5♣ 6♣ JK"), CLASSIC))
    assert [{"position": 2, "rank": "7", "suits": ["clubs"]}] == data["jokers"]
    data["jokers"][0]["rank"] = "4"
    assert "meld.jokers: does not match what the jokers stand for" == refusal(data)


@pytest.mark.parametrize("suits", [None, 4, True, 2.5])
def test_meld_document_with_joker_suits_not_a_list_is_refused(suits: object) -> None:
    """A meld document whose joker's suits are not a list is refused, not a TypeError (docs/maintainers.md guarantee 6)."""
    data = doc(validate_meld(parse_cards("5♣ 6♣ JK"), CLASSIC))
    data["jokers"][0]["suits"] = suits
    assert refusal(data).startswith("meld.jokers")


def test_meld_document_with_extra_field_is_refused() -> None:
    """A meld document with an unknown field is refused (docs/maintainers.md guarantee 6)."""
    data = doc(validate_meld(parse_cards("7♠ 8♠ 9♠"), CLASSIC))
    data["owner"] = 0
    assert "meld: unknown field 'owner'" == refusal(data)


def test_card_and_action_documents_with_wrong_types_are_refused() -> None:
    """Card and action documents holding numbers or bad text are refused, saying where (docs/maintainers.md guarantee 6)."""
    assert refusal({"romme": 1, "type": "card", "card": 7}).startswith("card.card: expected a card")
    assert refusal({"romme": 1, "type": "card", "card": "7x"}).startswith("card.card: ")
    assert refusal({"romme": 1, "type": "card"}) == "card: missing field 'card'"
    extra = {"romme": 1, "type": "card", "card": "7♥", "suit": "hearts"}
    assert "card: unknown field 'suit'" == refusal(extra)
    assert refusal({"romme": 1, "type": "action", "action": 5}).startswith(
        "action.action: expected text"
    )
    assert refusal({"romme": 1, "type": "action", "action": "fly away"}).startswith(
        "action.action: cannot read action"
    )


# -- impossible positions ------------------------------------------------------------------


def test_round_over_phase_without_result_is_refused() -> None:
    """Phase round_over with result null is refused (rules §10: a finished round has a result)."""
    data = doc(finished_state())
    data["result"] = None
    assert "state: phase 'round_over' and result null do not agree" == refusal(data)


def test_play_phase_with_result_is_refused() -> None:
    """A result in a round still in play is refused (rules §10)."""
    finished = doc(finished_state())
    data = doc(staged_state())
    data["result"] = finished["result"]
    assert "state: phase 'play' and result given do not agree" == refusal(data)


def test_staged_meld_of_another_seat_is_refused() -> None:
    """A staged meld owned by a seat not to act is refused (rules §5: only this turn's melds are staged)."""
    data = doc(staged_state())
    data["table"][0]["owner"] = 1
    assert refusal(data).startswith("state.table[0]: only the player to act, not yet opened")


def test_staged_meld_in_draw_phase_is_refused() -> None:
    """A staged meld at the start of a turn is refused (rules §5)."""
    data = doc(staged_state())
    data["phase"] = "draw"
    assert refusal(data).startswith("state.table[0]: only the player to act, not yet opened")


def test_meld_of_a_seat_that_has_not_opened_is_refused() -> None:
    """A final table meld owned by a seat that has not opened is refused (rules §5)."""
    data = doc(table_state())
    data["opened"][1] = False
    assert "state.table[0]: seat 1 owns a meld but has not opened" == refusal(data)


def test_current_player_not_dealt_in_is_refused() -> None:
    """The dealer who sits out cannot be the player to act (DRoV Nr. 2)."""
    data = doc(new_game(DROV, 4, seed=7, dealer=0))
    assert [False, True, True, True] == data["dealt_in"]
    data["current_player"] = 0
    assert "state.current_player: seat 0 is not dealt in" == refusal(data)


def test_seat_sitting_out_without_dealer_sits_out_is_refused() -> None:
    """A seat sitting out is refused when the rules deal everyone (rules §2)."""
    data = doc(new_game(DROV, 4, seed=7, dealer=0))
    data["rules"] = {"preset": "ass"}
    assert "state.dealt_in: not possible under these rules" == refusal(data)


def test_seat_sitting_out_that_is_not_the_dealer_is_refused() -> None:
    """Only the dealer may sit out (DRoV Nr. 2)."""
    data = doc(new_game(DROV, 4, seed=7, dealer=0))
    data["dealer"] = 2
    assert "state.dealt_in: only the dealer may sit out" == refusal(data)


def test_taken_flag_without_taken_card_is_refused() -> None:
    """A turn marking a taken card without naming it is refused (rules §4)."""
    data = doc(staged_state())
    data["turn"]["taken_in_hand"] = True
    assert "state.turn: a taken card is marked but none is named" == refusal(data)


def test_draw_phase_with_empty_stock_is_refused() -> None:
    """A turn cannot start with an empty stock (rules §9)."""
    data = doc(table_state())
    data["discard_pile"] = data["stock"]
    data["stock"] = []
    assert "state: the stock is empty at the start of a turn" == refusal(data)


def test_too_many_seats_for_the_rules_is_refused() -> None:
    """A state with more seats than its rules allow is refused (rules §2: 2–6 seats)."""
    data = doc(finished_state())
    data["rules"]["max_players"] = 2
    assert refusal(data).startswith("state: these rules seat 2 to 2, not 3")


# -- views ---------------------------------------------------------------------------------


def test_view_with_wrong_hand_size_is_refused() -> None:
    """A view whose own hand disagrees with hand_sizes is refused (docs/maintainers.md guarantee 5 and 6)."""
    data = doc(view(staged_state(), 1))
    data["hand_sizes"][1] = 4
    assert "view.hand: 3 cards, but hand_sizes says 4" == refusal(data)


def test_view_with_hand_sizes_no_state_can_have_is_refused() -> None:
    """A view is refused where its hand sizes are impossible for every state, as a state's hands are (rules §2, §9): another seat's hand empty while the round goes on, or a turn starting with an empty stock."""
    data = doc(view(staged_state(), 1))
    data["stock_size"] += data["hand_sizes"][2]
    data["hand_sizes"][2] = 0
    assert "view.hand_sizes[2]: an empty hand while the round goes on" == refusal(data)
    state = table_state()
    drawing = doc(view(state, 0))
    assert drawing["phase"] == "draw"
    drawing["discard_pile"] += doc(state)["stock"]  # the stock turned up on the discard pile
    drawing["stock_size"] = 0
    assert "view: the stock is empty at the start of a turn" == refusal(drawing)


def test_view_with_too_many_cards_is_refused() -> None:
    """A view whose counts do not add up to the deck is refused (rules §2)."""
    data = doc(view(staged_state(), 1))
    data["stock_size"] += 1
    assert "view: 111 cards in play, but the deck holds 110" == refusal(data)


def test_view_with_a_card_more_often_than_the_deck_is_refused() -> None:
    """A view showing a card three times is refused (rules §2: two packs)."""
    data = doc(view(staged_state(), 1))
    assert ["K♣", "3♦", "4♦"] == data["hand"]
    data["hand"][1] = "7♠"
    data["discard_pile"] = ["7♠"]
    data["stock_size"] -= 1
    assert "view: more copies of a card than the deck holds" == refusal(data)


def test_view_with_bad_player_is_refused() -> None:
    """A view of a seat that does not exist is refused (docs/maintainers.md guarantee 6)."""
    data = doc(view(staged_state(), 1))
    data["player"] = 3
    assert "view.player: 3 is above 2" == refusal(data)


# -- records and matches ---------------------------------------------------------------------


def test_record_with_unparsable_action_is_refused() -> None:
    """A record whose action text does not parse is refused at its index (docs/maintainers.md guarantee 6)."""
    data = doc(short_record())
    data["actions"][1] = "draw two"
    assert refusal(data).startswith("record.actions[1]: cannot read action 'draw two'")


def test_record_with_action_that_is_not_text_is_refused() -> None:
    """A record whose action is a number is refused at its index (docs/maintainers.md guarantee 6)."""
    data = doc(short_record())
    data["actions"][2] = 3
    assert "record.actions[2]: expected action text" == refusal(data)


def test_record_with_missing_and_extra_fields_is_refused() -> None:
    """A record with a missing or an extra field is refused (docs/maintainers.md guarantee 6)."""
    data = doc(short_record())
    del data["seed"]
    assert "record: missing field 'seed'" == refusal(data)
    data = doc(short_record())
    data["winner"] = 0
    assert "record: unknown field 'winner'" == refusal(data)


def test_record_whose_initial_state_disagrees_is_refused() -> None:
    """A record whose initial position has another dealer is refused (docs/maintainers.md guarantee 6)."""
    state = staged_state()
    data = doc(GameRecord.start(state))
    assert data["initial"] is not None
    data["dealer"] = 0
    assert data["initial"]["dealer"] != 0
    assert refusal(data).startswith("record.initial: does not match")


def test_record_with_bad_initial_state_is_refused() -> None:
    """A record whose initial position breaks the deck is refused, saying where (docs/maintainers.md guarantee 6)."""
    data = doc(GameRecord.start(finished_state()))
    data["initial"]["hands"][1][0] = 7
    assert refusal(data).startswith("record.initial.hands[1][0]: expected a card")


def test_match_whose_state_is_not_the_round_in_play_is_refused() -> None:
    """A match whose state is dealt by another seat is refused (rules §11: the dealer rotates)."""
    match = classic_match()
    data = doc(match)
    assert 1 == data["state"]["dealer"]
    data["state"]["dealer"] = 2
    assert refusal(data).startswith("match.state: not the round in play of this match")


def test_match_whose_state_has_other_rules_is_refused() -> None:
    """A match whose round is played under other rules is refused (rules §11)."""
    data = doc(classic_match())
    data["state"]["rules"] = {"preset": "classic", "opening_threshold": 40}
    assert refusal(data).startswith("match.state: not the round in play of this match")


def test_match_with_finished_round_in_play_is_refused() -> None:
    """A match keeping a finished round in play is refused (rules §11: the round is booked)."""
    data = doc(classic_match())
    finished = doc(finished_state())
    del finished["romme"], finished["type"]
    data["state"] = finished
    data["state"]["dealer"] = 1
    assert refusal(data).startswith("match.state: a finished round is booked in results")


def test_finished_match_with_round_in_play_is_refused() -> None:
    """A match past its rounds that still has a round in play is refused (rules §11)."""
    data = doc(classic_match())
    data["rounds"] = 1
    assert refusal(data).startswith("match.state: a finished match has no round in play")


def test_unfinished_match_without_round_in_play_is_refused() -> None:
    """A match that is not over but has no round in play is refused (rules §11)."""
    data = doc(classic_match())
    data["state"] = None
    assert refusal(data).startswith("match.state: the match is not over but has no round")


def test_match_with_points_table_bands_out_of_order_is_refused() -> None:
    """A points table whose bands fall is refused (DRoV Nr. 12–14: bands rise)."""
    data = doc(tournament_match())
    assert [[10, 3], [50, 2], [None, 1]] == data["points_table"]["opened"]
    data["points_table"]["opened"] = [[50, 2], [10, 3], [None, 1]]
    assert refusal(data).startswith("match.points_table: the bands of a points table must rise")


@pytest.mark.parametrize(
    ("bands", "where"),
    [
        ([[10, 3], [50, 2]], "match.points_table: the last band"),
        ([[10, 3], [None, 2], [None, 1]], "match.points_table: the bands"),
        ([], "match.points_table: the last band"),
        ([[10, 3, 1], [None, 1]], "match.points_table.opened[0]: expected [limit or null, points]"),
        ([[10.0, 3], [None, 1]], "match.points_table.opened[0]: expected [limit or null, points]"),
        ([[10, 3], [None, "1"]], "match.points_table.opened[1]: expected [limit or null, points]"),
        ([[True, 3], [None, 1]], "match.points_table.opened[0]: expected [limit or null, points]"),
        ("10:3", "match.points_table.opened: expected a list"),
    ],
)
def test_match_with_malformed_points_table_is_refused(bands: object, where: str) -> None:
    """A malformed points table is refused, saying where (DRoV Nr. 12–14, docs/maintainers.md guarantee 6)."""
    data = doc(tournament_match())
    data["points_table"]["opened"] = bands
    message = refusal(data)
    assert where == message[: len(where)]


def test_tournament_match_without_points_table_is_refused() -> None:
    """A DRoV match without the caller's points table is refused (DRoV Nr. 12–14)."""
    data = doc(tournament_match())
    data["points_table"] = None
    assert "match.points_table: tournament scoring needs a points table" == refusal(data)


def test_match_result_with_wrong_number_of_seats_is_refused() -> None:
    """A booked round with a penalty per seat of another table size is refused (rules §11)."""
    data = doc(classic_match())
    data["results"][0]["penalties"].append(0)
    data["results"][0]["dealt_in"].append(True)
    data["results"][0]["opened"].append(False)
    assert "match.results[0]: one penalty per seat is needed" == refusal(data)


# -- mutated documents never crash ----------------------------------------------------------


def _valid_documents() -> dict[str, Document]:
    midgame = random_state(CLASSIC, 4, seed=3, steps=60)
    drov_midgame = random_state(DROV, 4, seed=5, steps=40)
    finished = finished_state()
    result = finished.result
    assert result is not None
    values: dict[str, object] = {
        "card": parse_card("10♠"),
        "action-draw": Draw(),
        "action-swap": parse_action("swap 1 7♣ then meld JK 8♦ 9♦"),
        "meld-run": validate_meld(parse_cards("5♣ 6♣ JK 8♣"), CLASSIC),
        "meld-set": validate_meld(parse_cards("5♣ 5♠ JK"), CLASSIC),
        "rules-preset": DROV,
        "rules-variant": Rules(opening_threshold=31, not_opened_penalty=100),
        "state-staged": staged_state(),
        "state-table": table_state(),
        "state-midgame": midgame,
        "state-drov": drov_midgame,
        "state-over": finished,
        "view": view(midgame, 1),
        "view-staged": view(staged_state(), 0),
        "view-over": view(finished, 2),
        "round-result": result,
        "record": short_record(),
        "record-initial": GameRecord.start(staged_state()).add(Discard(parse_card("2♣"))),
        "match": classic_match(),
        "match-tournament": tournament_match(),
    }
    return {name: to_dict(value) for name, value in values.items()}


VALID_DOCUMENTS = _valid_documents()

_INTERESTING = st.sampled_from(
    [
        "7♥",
        "JK",
        "A♠",
        "10♦",
        "draw",
        "discard 7♥",
        "classic",
        "drov",
        "run",
        "set",
        "play",
        "draw",
        "round_over",
        "went_out",
        "free",
        "",
        0,
        1,
        2,
        3,
        -1,
        30,
        500,
        2**64,
        [],
        {},
        ["7♥", "8♥", "9♥"],
        [True, True, True, True],
        [0, 0, 0, 0],
    ]
)
JSON_VALUES: st.SearchStrategy[object] = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8) | _INTERESTING,
    lambda children: (
        st.lists(children, max_size=4) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=6,
)


def _paths(node: object, prefix: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """Every position in a document below the top, containers and leaves."""
    found: list[tuple[str | int, ...]] = []
    items: list[tuple[str | int, object]] = []
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    for key, child in items:
        path = (*prefix, key)
        found.append(path)
        found.extend(_paths(child, path))
    return found


@st.composite
def mutated_documents(draw: st.DrawFn, name: str) -> Document:
    """A valid document with one random key dropped, one value replaced, or one key added."""
    data = copy.deepcopy(VALID_DOCUMENTS[name])
    path = draw(st.sampled_from(_paths(data)))
    parent: Any = data
    for key in path[:-1]:
        parent = parent[key]
    how = draw(st.sampled_from(["drop", "replace", "replace", "add"]))
    if how == "drop":
        del parent[path[-1]]
    elif how == "replace":
        parent[path[-1]] = draw(JSON_VALUES)
    elif isinstance(parent, dict):
        parent[draw(st.text(max_size=6))] = draw(JSON_VALUES)
    else:
        parent.insert(draw(st.integers(0, len(parent))), draw(JSON_VALUES))
    return data


def _load_or_refuse(data: Document) -> None:
    """Loading gives a value a valid document could give, or InvalidDataError; nothing else; the document stays as it was."""
    before = copy.deepcopy(data)
    try:
        value = from_dict(data)
    except InvalidDataError:
        pass
    else:
        # A value that a valid document could give is what its own document gives back.
        assert value == loads(dumps(value))
    # from_dict leaves its input as it was (docs/maintainers.md: callers never copy).
    assert before == data
    with contextlib.suppress(InvalidDataError):
        loads(json.dumps(data, ensure_ascii=False))


@pytest.mark.parametrize("name", sorted(VALID_DOCUMENTS))
def test_valid_documents_load(name: str) -> None:
    """The documents the mutations start from are valid, and from_dict leaves them as they were (docs/maintainers.md guarantee 6)."""
    data = copy.deepcopy(VALID_DOCUMENTS[name])
    assert data == to_dict(from_dict(data))
    assert VALID_DOCUMENTS[name] == data


@pytest.mark.parametrize("name", sorted(VALID_DOCUMENTS))
@settings(
    max_examples=min(100, settings().max_examples),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(data=st.data())
def test_mutated_documents_load_or_raise_invalid_data(name: str, data: st.DataObject) -> None:
    """A valid document with a key dropped, a value replaced or a key added loads or raises InvalidDataError, nothing else, and from_dict leaves it as it was (docs/maintainers.md guarantee 6)."""
    _load_or_refuse(data.draw(mutated_documents(name)))


# -- JSON text and random documents ------------------------------------------------------------


TEXTS = {
    name: json.dumps(document, ensure_ascii=False) for name, document in VALID_DOCUMENTS.items()
}
"""The JSON text of every valid document the mutations start from."""
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


BODY_VALUES: st.SearchStrategy[object] = st.recursive(
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
        BODY_VALUES,
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
    document = copy.deepcopy(VALID_DOCUMENTS["meld-run"])
    document["value"] = 99
    with pytest.raises(InvalidDataError, match="worth"):
        from_dict(document)
    assert isinstance(from_dict(VALID_DOCUMENTS["meld-run"]), Meld)


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


# -- every document that loads plays on (hardening 3) ---------------------------------------------------


def _nine_taken_into_a_staged_run() -> GameState:
    """Seat 0, not opened, took the 9♠ under immediate_use into a staged 7♠ 8♠ 9♠ (rules §4, §5)."""
    state = new_position(
        CLASSIC,
        hands=["7♠ 8♠ 10♥ J♥ Q♥ 2♣", "3♣ 4♣", "5♣ 6♦"],
        stock=rest_of_deck(CLASSIC, "7♠ 8♠ 10♥ J♥ Q♥ 2♣ 3♣ 4♣ 5♣ 6♦ 9♠ 5♦"),
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
        stock=rest_of_deck(ZONE, "7♠ 8♠ 9♠ 3♣ 4♣ 5♣ 6♦ K♦"),
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
        stock=rest_of_deck(ZONE, "7♠ 8♠ 9♠ 3♣ 4♣ 5♣ 6♦ K♦ 2♠ 3♠ 4♠"),
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
