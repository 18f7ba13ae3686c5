"""The web table's stored document and the hand cards of a move, as plain functions without HTTP."""

from __future__ import annotations

import json
from typing import Any

import pytest

from romme import InvalidDataError, LayDown, LayOff, SwapJoker, TakeDiscard, parse_card, parse_cards
from tests.web._helpers import act, client, create, look, need_web, token_of


def _stored_after_a_draw() -> dict[str, Any]:
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        first = look(test_client, game, token)["view"]["hand"][0]
        act(test_client, game, token, f"discard {first}")
        act(test_client, game, token, "draw")
        document: dict[str, Any] = test_client.app.state.store.load(game)
    return document


def test_a_stored_document_reads_back_as_written() -> None:
    """from_document(to_document(table)) is the table, drawn card and log included."""
    need_web()
    from romme.web.document import from_document, to_document

    document = _stored_after_a_draw()
    table = from_document(document)
    assert to_document(table) == document
    assert table.drawn is not None
    assert table.log[0].action.startswith("discard ")


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(format=2),
        lambda d: d.pop("seats"),
        lambda d: d.update(seats="all"),
        lambda d: d.update(waiting="no"),
        lambda d: d.update(match={"romme": 1, "type": "card", "card": "7♥"}),
        lambda d: d.update(final={"romme": 1, "type": "card", "card": "7♥"}),
        lambda d: d.update(
            sheets=[
                {
                    "round": 0,
                    "dealer": 0,
                    "result": {"romme": 1, "type": "card", "card": "7♥"},
                    "hands": [],
                }
            ]
        ),
        lambda d: d.update(drawn=[0, 0, 0]),
        lambda d: d.update(moved_at="soon"),
        lambda d: d.update(log="moves"),
        lambda d: d.update(log=[[0, 0, "draw", 1, "7♥"]]),
        lambda d: d.update(log=[["0", 0, "draw"]]),
        lambda d: d.update(log=[[0, 0, 7]]),
        lambda d: d.update(log=[[0, 0, "draw", -1, None, None]]),
        lambda d: d.update(log=[[0, 0, "draw", 1, None, None]]),
        lambda d: d.update(log=[[0, 0, "draw", 0, "7♥", None]]),
        lambda d: d.update(log=[[0, 0, "draw", None, "7♥", None]]),
        lambda d: d.update(log=[[0, 0, "draw", 1, "7x", None]]),
        lambda d: d.update(log=[[0, 0, "rob 0 0", 1, "7♥", "7y"]]),
        lambda d: d.update(log=[[0, 0, "rob 0 0", 1, "7♥", 7]]),
    ],
)
def test_a_broken_document_is_refused(change: Any) -> None:
    """A stored document that is not one written by to_document raises InvalidDataError."""
    need_web()
    from romme.web.document import from_document

    document = json.loads(json.dumps(_stored_after_a_draw()))
    change(document)
    with pytest.raises(InvalidDataError):
        from_document(document)
    with pytest.raises(InvalidDataError):
        from_document([document])


def test_a_log_stored_without_the_pile_reads_with_the_pile_unknown() -> None:
    """A move of a log stored before the discard pile was logged reads with its size and top unknown, and is written back in the new form."""
    need_web()
    from romme.web.document import from_document, to_document

    document = json.loads(json.dumps(_stored_after_a_draw()))
    first, *_, before_draw, draw = document["log"]
    assert first[3:] == [1, first[2].split()[1], None]  # the first discard starts the pile
    assert draw[2:] == ["draw", *before_draw[3:5], None]  # a draw leaves the pile as it was
    document["log"] = [entry[:3] for entry in document["log"]]
    table = from_document(document)
    unknown = [(event.pile, event.top, event.taken) for event in table.log]
    assert unknown == [(None, None, None)] * len(table.log)
    assert to_document(table)["log"][0] == [*first[:3], None, None, None]


def test_hand_cards_leave_out_the_taken_discard_and_the_freed_joker() -> None:
    """The hand cards of a take exclude the top discard; those of a swap exclude the joker it frees."""
    need_web()
    from romme.web.game import hand_cards

    take = TakeDiscard(use=LayDown("JK 5♣ 6♣"))
    assert hand_cards(take, parse_card("6♣")) == list(parse_cards("JK 5♣"))
    swap_meld = SwapJoker(0, "4♣", then=LayDown("JK 9♥ 10♥"))
    assert hand_cards(swap_meld, None) == list(parse_cards("4♣ 9♥ 10♥"))
    swap_layoff = SwapJoker(0, "4♣", then=LayOff(1, "JK"))
    assert hand_cards(swap_layoff, None) == [parse_card("4♣")]
    assert hand_cards(SwapJoker(0, "4♣"), None) == [parse_card("4♣")]
