"""The web table's hint (tables point 9): ``GET /api/games/{game}/hint`` gives the seat to act
the hard computer player's move for its view, in words with one line of why, under every
preset; the page's Hint button shows it (tests/web/test_browser_table.py drives the button).

Real app, real SQLite store (in memory), through Starlette's test client.
"""

from __future__ import annotations

import pytest

from romme import PRESETS, is_legal, view
from romme.cli import hint
from romme.play._searchbot import SearchBot
from tests.web._helpers import bearer, client, create, look, stored_state, token_of


def get_hint(test_client: object, game: str, token: str) -> object:
    return test_client.get(f"/api/games/{game}/hint", headers=bearer(token))  # type: ignore[attr-defined]


@pytest.mark.parametrize("preset", list(PRESETS))
def test_tables_point9_the_web_hint_is_the_hard_players_move_under_every_preset(
    preset: str,
) -> None:
    """Tables point 9: on the seat's turn, under every preset, the hint is SearchBot's move for
    the seat's view: one of the legal moves the reply lists, in the terminal's words, with a
    line of why; the answer holds nothing but the hint and its step."""
    players = 4 if PRESETS[preset].dealer_sits_out else 3
    with client() as test_client:
        created = create(test_client, rules=preset, players=players, humans=[0])
        game, token = created["game"], token_of(created, 0)
        reply = look(test_client, game, token)
        assert reply["my_turn"], "seat 0 plays first in the first round"
        state = stored_state(test_client, game)
        response = get_hint(test_client, game, token)

    assert 200 == response.status_code, response.text  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert ["hint"] == list(body)
    given = body["hint"]
    assert {"step", "action", "words", "why"} == set(given)
    expected = SearchBot(0).choose(view(state, 0))
    assert str(expected) == given["action"]
    assert given["action"] in [move["text"] for move in reply["legal"]]
    assert is_legal(view(state, 0), expected)
    assert reply["step"] == given["step"]
    assert str(hint(view(state, 0))) == f"{given['words']}: {given['why']}"


def test_tables_point9_no_hint_out_of_turn_or_for_another_token() -> None:
    """Tables point 9: a seat not to act gets 409 not_your_turn; a token of no seat 403; the
    game does not move for asking."""
    with client() as test_client:
        created = create(test_client, players=3, humans=[0, 1])
        game = created["game"]
        before = look(test_client, game, token_of(created, 1))
        assert not before["my_turn"]

        waiting = get_hint(test_client, game, token_of(created, 1))
        stranger = get_hint(test_client, game, "not-a-token")
        after = look(test_client, game, token_of(created, 1))

    assert 409 == waiting.status_code  # type: ignore[attr-defined]
    assert "not_your_turn" == waiting.json()["error"]  # type: ignore[attr-defined]
    assert "on your turn" in waiting.json()["message"]  # type: ignore[attr-defined]
    assert 403 == stranger.status_code  # type: ignore[attr-defined]
    assert before["step"] == after["step"]
