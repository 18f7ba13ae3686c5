"""Shared setup of the web table's tests: a test client on a fresh store, games, and a seat's requests."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from romme import GameState, Match, from_dict
from tests.conftest import require_extra


def need_web() -> None:
    """Skip (or, under ROMME_REQUIRE_EXTRAS=1, fail) where the [web] extra or its test client is missing."""
    require_extra("starlette", "web")
    require_extra("uvicorn", "web")
    require_extra("httpx2", "web-test")


@contextmanager
def client(
    db: str | os.PathLike[str] = ":memory:", *, delay: float = 0.0, **options: Any
) -> Iterator[Any]:
    """Yield a Starlette test client of a fresh app (its store closed at the end)."""
    need_web()
    from starlette.testclient import TestClient

    from romme.web import create_app

    with TestClient(create_app(db, delay=delay, **options)) as test_client:
        yield test_client


def bearer(token: str) -> dict[str, str]:
    """The header that carries a seat's token."""
    return {"Authorization": f"Bearer {token}"}


def create(test_client: Any, **body: Any) -> dict[str, Any]:
    """Create a game (classic, 3 seats, seat 0 a person, seed 5 unless told) and return the reply."""
    request = {"rules": "classic", "players": 3, "humans": [0], "seed": 5, **body}
    response = test_client.post("/api/games", json=request)
    assert response.status_code == 201, response.text
    reply: dict[str, Any] = response.json()
    return reply


def token_of(created: dict[str, Any], seat: int) -> str:
    """The token the creation reply gave `seat`."""
    token = created["seats"][seat]["token"]
    assert isinstance(token, str)
    return token


def stored_text(test_client: Any, game: str) -> str:
    """The game's document exactly as the store holds it."""
    text = test_client.app.state.store.load_text(game)
    assert isinstance(text, str)
    return text


def stored_match(test_client: Any, game: str) -> Match:
    """The match in the stored document, read by the library."""
    document = test_client.app.state.store.load(game)
    match = from_dict(document["match"])
    assert isinstance(match, Match)
    return match


def stored_state(test_client: Any, game: str) -> GameState:
    """The round in play in the stored document (the whole state, hidden cards included)."""
    state = stored_match(test_client, game).state
    assert state is not None
    return state


def look(test_client: Any, game: str, token: str, since: int = 0) -> dict[str, Any]:
    """GET the game as the seat of `token`; the reply must be 200."""
    response = test_client.get(f"/api/games/{game}?since={since}", headers=bearer(token))
    assert response.status_code == 200, response.text
    reply: dict[str, Any] = response.json()
    return reply


def act(test_client: Any, game: str, token: str, action: str, **extra: Any) -> Any:
    """POST an action as the seat of `token`; return the response."""
    return test_client.post(
        f"/api/games/{game}/actions", headers=bearer(token), json={"action": action, **extra}
    )
