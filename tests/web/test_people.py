"""Several people at one table, over the API (tables point 4): a move out of turn is refused by
the name of the seat to act, as the refused seat names it.

Real app, real SQLite store (in memory), through Starlette's test client; the page's side is in
tests/web/test_browser_people.py.
"""

from __future__ import annotations

import pytest

from romme import GreedyBot, PlayerView, from_dict
from tests.web._helpers import act, client, create, look, need_web, stored_text, token_of


def test_tables_point4_a_move_out_of_turn_names_the_seat_to_act() -> None:
    """Tables point 4: out of turn, the refusal names the seat to act as the refused seat sees it
    ("Player 0", "Computer 2"), not by a seat number; the game does not move."""
    with client() as test_client:
        created = create(test_client, players=3, humans=[0, 1])
        game = created["game"]
        before = look(test_client, game, token_of(created, 1))
        refused = act(test_client, game, token_of(created, 1), "draw")
        after = look(test_client, game, token_of(created, 1))

    assert 409 == refused.status_code
    assert "not_your_turn" == refused.json()["error"]
    assert "it is Player 0's turn, not yours" == refused.json()["message"]
    assert before["step"] == after["step"]


def test_tables_point4_out_of_turn_at_a_claim_window_names_the_seat_asked() -> None:
    """Tables point 4, ASS S. 1–2: while a claim window asks another person, a move is refused
    naming the seat asked and the card it is asked about."""
    found = None
    with client() as test_client:
        created = create(test_client, rules="ass-klopfen", players=3, humans=[0, 1], seed=5)
        game = created["game"]
        tokens = {0: token_of(created, 0), 1: token_of(created, 1)}
        for _ in range(400):
            reply = look(test_client, game, tokens[1])
            if reply["claim"] is not None and reply["view"]["current_player"] == 0:
                found = reply
                break
            assert not reply["waiting"], "the round ended before seat 0 was asked about a discard"
            seat = next(
                s for s, token in tokens.items() if look(test_client, game, token)["my_turn"]
            )
            seen = from_dict(look(test_client, game, tokens[seat])["view"])
            assert isinstance(seen, PlayerView)
            assert (
                200
                == act(test_client, game, tokens[seat], str(GreedyBot().choose(seen))).status_code
            )
        assert found is not None
        refused = act(test_client, game, tokens[1], "pass")

    assert 409 == refused.status_code
    assert "not_your_turn" == refused.json()["error"]
    card = found["claim"]["card"]
    assert f"Player 0 is asked about the {card} now, not you" == refused.json()["message"]


def test_tables_point4_people_choose_their_names() -> None:
    """Tables point 4: people name their seats when the game is created; every other seat sees
    the name (your own seat stays "You"), a refusal out of turn uses it, and the stored game
    keeps it (a seat without a name stays "Player N")."""
    with client() as test_client:
        created = create(
            test_client, players=4, humans=[0, 1, 2], names=["  Anna  Lena ", "Ben", None, None]
        )
        game = created["game"]
        seen_by_1 = look(test_client, game, token_of(created, 1))
        seen_by_2 = look(test_client, game, token_of(created, 2))
        refused = act(test_client, game, token_of(created, 1), "draw")
        stored = stored_text(test_client, game)

    assert ["Anna Lena", "Ben"] == [created["seats"][s]["name"] for s in (0, 1)]
    assert "name" not in created["seats"][2]
    assert ["Anna Lena", "You", "Player 2", "Computer 3"] == [s["name"] for s in seen_by_1["seats"]]
    assert ["Anna Lena", "Ben", "You", "Computer 3"] == [s["name"] for s in seen_by_2["seats"]]
    assert "it is Anna Lena's turn, not yours" == refused.json()["message"]
    assert '"name": "Ben"' in stored or '"name":"Ben"' in stored


@pytest.mark.parametrize(
    ("names", "says"),
    [
        (["", None, None], "1 to 20 printable characters"),
        (["   ", None, None], "1 to 20 printable characters"),
        (["x" * 21, None, None], "1 to 20 printable characters"),
        (["Anna\x07", None, None], "1 to 20 printable characters"),
        (["You", None, None], "a name the table gives itself"),
        (["computer 2", None, None], "a name the table gives itself"),
        (["Player 1", None, None], "a name the table gives itself"),
        (["Anna", "anna", None], "the same name"),
        (["Anna", None, "Carl"], "no person's seat"),
        (["Anna", None], "one name or null per seat"),
        ([7, None, None], "one name or null per seat"),
        ("Anna", "must be list"),
    ],
)
def test_tables_point4_a_name_that_is_no_name_is_refused(names: object, says: str) -> None:
    """Tables point 4: a name must be 1 to 20 printable characters, not one of the page's own
    words, not taken twice, and only for a person's seat; otherwise 400 with the reason, and
    no game is created."""
    with client() as test_client:
        response = test_client.post(
            "/api/games",
            json={"rules": "classic", "players": 3, "humans": [0, 1], "seed": 5, "names": names},
        )
        games = test_client.app.state.store.count()

    assert 400 == response.status_code
    assert "bad_request" == response.json()["error"]
    assert says in response.json()["message"]
    assert 0 == games


def test_tables_point4_a_stored_name_that_is_no_name_is_a_damaged_game() -> None:
    """Tables point 4: a stored document whose seat name no person could choose is not read as a
    table (InvalidDataError), and an older document without names reads as before."""
    need_web()
    from romme import InvalidDataError
    from romme.web.document import from_document, to_document
    from romme.web.game import start

    table, _ = start("classic", 3, [0, 1], seed=5, names={0: "Anna"}, now=0.0)
    document = to_document(table)
    assert "Anna" == from_document(document).seats[0].name
    del document["seats"][0]["name"]
    assert from_document(document).seats[0].name is None
    document["seats"][0]["name"] = "You"
    with pytest.raises(InvalidDataError):
        from_document(document)
    document["seats"][0] = ["not", "a", "seat"]
    with pytest.raises(InvalidDataError):
        from_document(document)
