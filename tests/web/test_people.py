"""Several people at one table, over the API (tables point 4): a move out of turn is refused by
the name of the seat to act, as the refused seat names it.

Real app, real SQLite store (in memory), through Starlette's test client; the page's side is in
tests/web/test_browser_people.py.
"""

from __future__ import annotations

from romme import GreedyBot, PlayerView, from_dict
from tests.web._helpers import act, client, create, look, token_of


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
