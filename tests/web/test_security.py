"""The web table's security model: tokens, views only, the seat's own moves, hostile bodies, restarts.

Pinned here: a seat's replies hold its view and public facts only (its
own hand, the others as sizes); a token acts only for its seat and on its
turn; a forged, foreign or missing token gets 403 and an unknown game
404; bodies that are not a JSON object of the right fields get 400 (or
413, 415) with a reason and leave the stored game byte for byte
unchanged; a new app on the same SQLite file keeps every game and token.
"""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import pytest

from romme import GreedyBot, PlayerView, from_dict, to_dict, view
from tests.web._helpers import (
    act,
    bearer,
    client,
    create,
    look,
    stored_state,
    stored_text,
    token_of,
)

REPLY_KEYS = {
    "game", "seat", "preset", "step", "view", "my_turn", "legal", "drawn", "staged",
    "seats", "match", "waiting", "claim", "sheets", "events",
}  # fmt: skip
HIDDEN_KEYS = {"hands", "stock", "seed"}


def _keys(value: object) -> set[str]:
    """Every key of every object inside `value`."""
    if isinstance(value, dict):
        return set(value).union(*(_keys(item) for item in value.values()))
    if isinstance(value, list):
        return set().union(*(_keys(item) for item in value))
    return set()


def _check_only_the_view(test_client: Any, game: str, seat: int, reply: dict[str, Any]) -> None:
    state = stored_state(test_client, game)
    assert set(reply) == REPLY_KEYS
    assert set(reply["view"]) == set(to_dict(view(state, seat)))
    assert not _keys(reply) & HIDDEN_KEYS
    assert reply["view"]["player"] == seat
    assert reply["view"]["hand"] == [str(card) for card in state.hands[seat]]
    assert reply["view"]["hand_sizes"] == list(state.hand_sizes())
    assert reply["sheets"] == []
    assert (reply["claim"] is None) == (reply["view"]["turn"].get("claim") is None)
    if not reply["my_turn"]:
        assert reply["legal"] == []
        assert reply["drawn"] is None


def test_every_reply_holds_only_the_seats_view() -> None:
    """Through a round, each seat's replies hold its own hand, the others only as sizes, no hidden field."""
    with client() as test_client:
        created = create(test_client, players=3, humans=[0, 1], seed=3)
        game = created["game"]
        tokens = {0: token_of(created, 0), 1: token_of(created, 1)}
        for _ in range(2000):
            replies = {seat: look(test_client, game, token) for seat, token in tokens.items()}
            if replies[0]["waiting"]:
                break
            for seat, reply in replies.items():
                _check_only_the_view(test_client, game, seat, reply)
            to_act = replies[0]["view"]["current_player"]
            seen = from_dict(replies[to_act]["view"])
            assert isinstance(seen, PlayerView)
            response = act(test_client, game, tokens[to_act], str(GreedyBot().choose(seen)))
            assert response.status_code == 200, response.text
            if not response.json()["waiting"]:
                _check_only_the_view(test_client, game, to_act, response.json())
        else:
            pytest.fail("the round did not end within 2000 moves")


def test_a_token_acts_only_for_its_seat_on_its_turn() -> None:
    """Seat 1's token cannot move while seat 0 is to act, nor name another seat; nothing changes."""
    with client() as test_client:
        created = create(test_client, players=3, humans=[0, 1])
        game = created["game"]
        stored = stored_text(test_client, game)
        hand = look(test_client, game, token_of(created, 0))["view"]["hand"]
        out_of_turn = act(test_client, game, token_of(created, 1), f"discard {hand[0]}")
        naming = act(test_client, game, token_of(created, 1), "draw", seat=0)
        assert stored_text(test_client, game) == stored
    assert (out_of_turn.status_code, out_of_turn.json()["error"]) == (409, "not_your_turn")
    assert (naming.status_code, naming.json()["error"]) == (400, "bad_request")


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Authorization": "Bearer"},
        {"Authorization": "Basic " + "a" * 43},
        {"Authorization": "Bearer " + secrets.token_urlsafe(32)},
        {"Authorization": "Bearer " + "a" * 500},
        {"Authorization": "Bearer not/a+token=="},
    ],
    ids=["missing", "empty", "other-scheme", "forged", "over-long", "malformed"],
)
def test_forged_or_missing_tokens_are_refused(headers: dict[str, str]) -> None:
    """Without a seat's token of this game every game request gets 403 and changes nothing."""
    with client() as test_client:
        created = create(test_client)
        game = created["game"]
        stored = stored_text(test_client, game)
        answers = [
            test_client.get(f"/api/games/{game}", headers=headers),
            test_client.post(
                f"/api/games/{game}/actions", headers=headers, json={"action": "draw"}
            ),
            test_client.post(f"/api/games/{game}/next", headers=headers, json={}),
        ]
        assert stored_text(test_client, game) == stored
    for answer in answers:
        assert answer.status_code == 403
        assert answer.json()["error"] == "forbidden"
        assert answer.json()["message"]


def test_a_token_of_another_game_is_refused() -> None:
    """A seat's token opens only its own game: 403 in another, 404 for a game that does not exist."""
    with client() as test_client:
        first, second = create(test_client), create(test_client)
        foreign = test_client.get(
            f"/api/games/{second['game']}", headers=bearer(token_of(first, 0))
        )
        unknown = test_client.get("/api/games/nosuchgame", headers=bearer(token_of(first, 0)))
        odd = test_client.get("/api/games/" + "x" * 65, headers=bearer(token_of(first, 0)))
    assert foreign.status_code == 403
    assert unknown.status_code == odd.status_code == 404
    assert unknown.json()["error"] == "no_such_game"


HOSTILE = [
    (b"[]", 400, "must be a JSON object"),
    (b"null", 400, "must be a JSON object"),
    (b"1", 400, "must be a JSON object"),
    (b'"draw"', 400, "must be a JSON object"),
    (b"{", 400, "not JSON"),
    (b"\xff\xfe", 400, "not JSON"),
    (b"[" * 3000 + b"]" * 3000, 413, "at most"),
    (b"[" * 2000 + b"]" * 2000, 400, ""),
    (b"{}", 400, "'action' is missing"),
    (b'{"action": null}', 400, "'action' is missing"),
    (b'{"action": 5}', 400, "'action' must be str"),
    (b'{"action": ["draw"]}', 400, "'action' must be str"),
    (b'{"action": "' + b"x" * 201 + b'"}', 400, "at most 200"),
    (b'{"action": "fly away"}', 400, "unknown verb 'fly'"),
    (b'{"action": "meld 7\xe2\x99\xa0 8\xe2\x99\xa0 Z\xe2\x99\xa0"}', 400, "not a card"),
    (b'{"action": "draw", "step": "0"}', 400, "'step' must be int"),
    (b'{"action": "draw", "step": true}', 400, "'step' must be int"),
    (b'{"action": "draw", "why": 1}', 400, "unknown field"),
    (b'{"action": "' + b"x" * 5000 + b'"}', 413, "at most 4096 bytes"),
]


@pytest.mark.parametrize(("body", "status", "words"), HOSTILE)
def test_hostile_bodies_are_refused_and_change_nothing(
    body: bytes, status: int, words: str
) -> None:
    """A body that is not a bounded JSON object of the action's fields gets 400/413 with a reason; the game is unchanged."""
    with client() as test_client:
        created = create(test_client)
        game = created["game"]
        stored = stored_text(test_client, game)
        response = test_client.post(
            f"/api/games/{game}/actions",
            headers={**bearer(token_of(created, 0)), "Content-Type": "application/json"},
            content=body,
        )
        assert stored_text(test_client, game) == stored
    assert response.status_code == status
    assert response.json()["message"]
    assert words in response.json()["message"]


def test_a_body_that_is_not_json_by_type_is_refused() -> None:
    """A body sent as anything but application/json gets 415 (no form post from another site acts)."""
    with client() as test_client:
        created = create(test_client)
        game = created["game"]
        stored = stored_text(test_client, game)
        response = test_client.post(
            f"/api/games/{game}/actions",
            headers={**bearer(token_of(created, 0)), "Content-Type": "text/plain"},
            content=b'{"action": "draw"}',
        )
        assert stored_text(test_client, game) == stored
    assert (response.status_code, response.json()["error"]) == (415, "unsupported_media_type")


def test_tokens_are_long_random_and_not_stored() -> None:
    """Tokens carry 256 random bits (43 URL-safe characters), all differ, and the store keeps only hashes."""
    with client() as test_client:
        games = [create(test_client, players=4, humans=[0, 1, 2, 3]) for _ in range(10)]
        tokens = [s["token"] for g in games for s in g["seats"]]
        texts = [stored_text(test_client, g["game"]) for g in games]
    assert len(set(tokens)) == len(tokens) == 40
    assert all(len(token) >= 43 for token in tokens)
    assert not any(token in text for token in tokens for text in texts)


def test_a_restart_keeps_every_game_and_its_tokens(tmp_path: Path) -> None:
    """A new app on the same SQLite file serves every game as it was, to the same tokens only."""
    db = tmp_path / "games.sqlite3"
    with client(db) as test_client:
        games = [create(test_client, seed=seed, humans=[0, 2]) for seed in (1, 2, 3)]
        hand = look(test_client, games[0]["game"], token_of(games[0], 0))["view"]["hand"]
        assert (
            act(
                test_client, games[0]["game"], token_of(games[0], 0), f"discard {hand[0]}"
            ).status_code
            == 200
        )
        before = {
            (g["game"], seat): look(test_client, g["game"], token_of(g, seat))
            for g in games
            for seat in (0, 2)
        }
        texts = {g["game"]: stored_text(test_client, g["game"]) for g in games}
    with client(db) as test_client:
        after = {
            (game, seat): look(test_client, game, token_of(g, seat))
            for g in games
            for game, seat in [(g["game"], 0), (g["game"], 2)]
        }
        assert {game: stored_text(test_client, game) for game in texts} == texts
        forged = test_client.get(
            f"/api/games/{games[0]['game']}", headers=bearer(secrets.token_urlsafe(32))
        )
        assert sorted(test_client.app.state.store.games()) == sorted(texts)
    assert after == before
    assert forged.status_code == 403
