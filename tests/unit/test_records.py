"""Game records: recording a round, replaying it, and storing it as JSON (docs/maintainers.md "Data", guarantee 6).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random

import attrs
import pytest

from romme import (
    PRESETS,
    Discard,
    Draw,
    GameRecord,
    GameState,
    IllegalActionError,
    LayDown,
    Phase,
    Reason,
    ReplayError,
    Rules,
    StockExhausted,
    apply,
    dumps,
    from_dict,
    legal_actions,
    loads,
    new_game,
    parse_action,
    parse_card,
    parse_cards,
    to_dict,
)
from romme.play._bots import random_choice
from tests.scenarios._helpers import position

CLASSIC = PRESETS["classic"]


def opening_position() -> GameState:
    """Classic, 2 seats: seat 0 to play holds two melds worth 24 and 30, K♣ and 2♣."""
    return position(
        CLASSIC,
        hands=["7♠ 8♠ 9♠ 10♦ J♦ Q♦ 2♣ K♣", "3♥ 4♥ 9♣"],
        current_player=0,
        phase=Phase.PLAY,
    )


SHORT_GAME = ("meld 7♠ 8♠ 9♠", "meld 10♦ J♦ Q♦", "discard K♣", "draw", "discard JK")
"""Seat 0 opens with 24 + 30 (cardgames.zone: 30 to open) and discards; seat 1 draws the top card, a joker, and discards it."""


def short_record() -> GameRecord:
    record = GameRecord.start(opening_position())
    return record.add(*(parse_action(text) for text in SHORT_GAME))


def _bounded(rules: Rules) -> Rules:
    if rules.stock_exhausted is StockExhausted.RESHUFFLE:
        return attrs.evolve(rules, max_reshuffles=1)
    return rules


def _record_random_round(
    rules: Rules, players: int, seed: int
) -> tuple[GameRecord, list[GameState]]:
    """Play a round with random legal actions, recording it; return the record and every state."""
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    record = GameRecord.start(state)
    states = [state]
    rng = random.Random(seed)
    while not state.is_over:
        action = random_choice(rng, legal_actions(state), state.rules)
        record = record.add(action)
        state = apply(state, action)
        states.append(state)
    return record, states


# -- recording and replaying ------------------------------------------------------------------


@pytest.mark.parametrize("preset", list(PRESETS))
@pytest.mark.parametrize("seed", [1, 2])
def test_replay_reproduces_every_state(preset: str, seed: int) -> None:
    """Replaying a recorded round gives every state of the round exactly (docs/maintainers.md: replaying reproduces every state)."""
    rules = _bounded(PRESETS[preset])
    record, states = _record_random_round(rules, 4, seed)
    assert tuple(states) == record.replay()
    assert states[-1] == record.final_state()
    assert len(states) - 1 == len(record.actions)


@pytest.mark.parametrize("preset", ["drov", "classic", "house"])
def test_replay_after_json_reproduces_every_state(preset: str) -> None:
    """A recorded round loaded from JSON replays every state exactly (docs/maintainers.md guarantee 6)."""
    rules = _bounded(PRESETS[preset])
    record, states = _record_random_round(rules, 3 if preset == "drov" else 2, 3)
    loaded = loads(dumps(record))
    assert record == loaded
    assert tuple(states) == loaded.replay()
    assert record == from_dict(to_dict(record))


def test_record_of_a_dealt_round_stores_only_the_seed() -> None:
    """A round dealt by new_game is stored by its seed, the deal being reproducible (rules §2)."""
    state = new_game(CLASSIC, 3, seed=4, dealer=2)
    record = GameRecord.start(state)
    assert record.initial is None
    expected = {
        "romme": 1,
        "type": "record",
        "rules": {"preset": "classic"},
        "players": 3,
        "dealer": 2,
        "seed": 4,
        "initial": None,
        "actions": [],
    }
    assert expected == to_dict(record)
    assert state == record.initial_state()
    assert (state,) == record.replay()


def test_record_started_mid_round_stores_the_position() -> None:
    """A record started after the deal stores its start in `initial` (docs/maintainers.md "Data": seed or initial deal)."""
    state = new_game(CLASSIC, 3, seed=4)
    for _ in range(3):
        state = apply(state, legal_actions(state)[0])
    record = GameRecord.start(state)
    assert state == record.initial
    assert state == record.initial_state()
    assert record == loads(dumps(record))


def test_record_of_new_position_stores_initial_and_round_trips() -> None:
    """A record of a position set up with new_position stores it whole and survives JSON (docs/maintainers.md guarantee 6)."""
    start = opening_position()
    record = short_record()
    assert start == record.initial
    document = to_dict(record)
    assert document["initial"] is not None
    assert 2 == document["players"]
    assert ["2♣", "K♣", "7♠", "8♠", "9♠", "10♦", "J♦", "Q♦"] == document["initial"]["hands"][0]
    loaded = loads(dumps(record))
    assert record == loaded
    assert record == from_dict(document)
    assert record.replay() == loaded.replay()


def test_short_record_replays_to_the_expected_position() -> None:
    """The short game opens seat 0 with 54 (cardgames.zone: 30 to open) and passes the turn twice (rules §4)."""
    final = short_record().final_state()
    assert [("7♠ 8♠ 9♠", 0), ("10♦ J♦ Q♦", 0)] == [
        (" ".join(str(card) for card in entry.meld.cards), entry.owner) for entry in final.table
    ]
    assert (True, False) == final.opened
    assert (parse_card("2♣"),) == final.hands[0]
    assert parse_cards("9♣ 3♥ 4♥") == final.hands[1]
    assert parse_cards("K♣ JK") == final.discard_pile
    assert (0, Phase.DRAW) == (final.current_player, final.phase)


def test_record_document_lists_the_action_texts_in_order() -> None:
    """The record document holds the actions as their text form, in order (docs/maintainers.md "Actions", "Data")."""
    record = short_record()
    text = dumps(record)
    expected = '"actions": ["meld 7♠ 8♠ 9♠", "meld 10♦ J♦ Q♦", "discard K♣", "draw", "discard JK"]'
    assert expected in text
    assert list(SHORT_GAME) == to_dict(record)["actions"]


def test_add_returns_a_new_record() -> None:
    """GameRecord.add returns a new record and leaves the old one alone (docs/maintainers.md: every value is immutable)."""
    empty = GameRecord.start(opening_position())
    longer = empty.add(Draw())
    assert () == empty.actions
    assert (Draw(),) == longer.actions


# -- illegal actions --------------------------------------------------------------------------


def test_replay_of_illegal_action_raises_replay_error_naming_its_index() -> None:
    """An illegal action in a record raises ReplayError with its index (docs/maintainers.md "Data": replaying)."""
    record = GameRecord.start(opening_position()).add(
        parse_action("meld 7♠ 8♠ 9♠"),
        parse_action("meld 10♦ J♦ Q♦"),
        parse_action("discard 3♥"),
        parse_action("draw"),
    )
    with pytest.raises(ReplayError) as refused:
        record.replay()
    error = refused.value
    assert isinstance(error, IllegalActionError)
    assert isinstance(error, ValueError)
    assert 2 == error.index
    assert Reason.CARD_NOT_IN_HAND == error.reason
    assert Discard(parse_card("3♥")) == error.action
    assert 0 == error.player
    assert str(error).startswith("action 2 of the record (discard 3♥): ")


def test_final_state_of_illegal_record_raises_replay_error() -> None:
    """final_state refuses a record whose first action is illegal, naming index 0 (docs/maintainers.md "Data")."""
    record = GameRecord.start(opening_position()).add(Draw())
    with pytest.raises(ReplayError) as refused:
        record.final_state()
    assert 0 == refused.value.index
    assert Reason.WRONG_PHASE == refused.value.reason
    assert "action 0 of the record (draw)" in str(refused.value)


def test_illegal_action_survives_json_and_is_refused_on_replay() -> None:
    """A record loaded from JSON holding an illegal action is refused on replay at its index (docs/maintainers.md "Data")."""
    record = GameRecord.start(opening_position()).add(
        LayDown(parse_cards("7♠ 8♠ 9♠")), Discard(parse_card("2♣"))
    )
    loaded = loads(dumps(record))
    with pytest.raises(ReplayError) as refused:
        loaded.replay()
    # cardgames.zone §9: the staged 7♠ 8♠ 9♠ (24) is below 30, so the turn cannot end with a discard.
    assert 1 == refused.value.index
    assert "action 1 of the record (discard 2♣)" in str(refused.value)
