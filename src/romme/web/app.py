"""The web table's HTTP server (Spieltisch im Browser): a Starlette app over the game store.

`create_app` returns the ASGI app that ``romme serve`` runs with uvicorn:
the pages and their static files, and a small JSON API. Every request for
a game carries a seat's token (``Authorization: Bearer …``); the reply
holds that seat's `romme.view` and nothing else of the hidden state, and
the server applies only that seat's moves, on its turn.

Each game has a lock of its own, and its work (reading the stored
document, the move, the computers' moves, the reply) runs in a worker
thread: a slow request holds up its own game only. A storage fault or a
damaged stored game is answered with the JSON error shape and logged on
the ``romme.web`` logger; the other games are served on.
"""

from __future__ import annotations

import collections
import json
import logging
import math
import os
import re
import secrets
import threading
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Final

import anyio
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import MutableHeaders
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from romme import (
    IllegalActionError,
    InvalidDataError,
    InvalidNotationError,
    Reason,
    RommeError,
    _guard,
    parse_action,
)
from romme._tables import notation_text, refusal_text
from romme.web.document import from_document, to_document
from romme.web.game import (
    GameConflictError,
    Table,
    advice,
    next_round,
    out_of_turn,
    play,
    preset_summaries,
    reply,
    run_computers,
    seat_of,
    start,
)
from romme.web.store import DamagedGameError, GameStore, StoreError

__all__ = [
    "GAMES_PER_MINUTE",
    "MAX_ACTION_LENGTH",
    "MAX_BODY",
    "MAX_GAMES",
    "ApiError",
    "create_app",
]

MAX_BODY: Final = 4096
"""The largest request body accepted, in bytes (larger: 413)."""

MAX_ACTION_LENGTH: Final = 200
"""The longest action text accepted, in characters."""

MAX_GAMES: Final = 10_000
"""The most games a store holds by default; past it a new game is refused (503, ``store_full``)."""

GAMES_PER_MINUTE: Final = 120
"""The most games created in one minute by default, by all clients together (more: 429)."""

STATIC: Final = Path(__file__).parent / "static"
"""The pages, the style sheet and the scripts (plain files, no build step)."""

_GAME_ID = re.compile(r"[A-Za-z0-9_-]{1,64}")
_TOKEN = re.compile(r"[A-Za-z0-9_-]{1,128}")
_SECURITY_HEADERS: Final = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}
"""Sent with every answer: the API's, the pages', the static files' and the errors'."""
_HEADERS: Final = {"Cache-Control": "no-store"}
"""Sent as well with the API's answers and the pages (not with the static files, which may be cached)."""

logger = logging.getLogger("romme.web")


class _SecurityHeaders:
    """ASGI middleware: every HTTP answer carries `_SECURITY_HEADERS` (where it sets none of its own)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = MutableHeaders(scope=message)
                for name, value in _SECURITY_HEADERS.items():
                    if name not in headers:
                        headers[name] = value
            await send(message)

        await self.app(scope, receive, send_with_headers)


class _GameLocks:
    """An event-loop lock per game: a game's requests wait their turn without holding a worker thread."""

    def __init__(self) -> None:
        self._locks: dict[str, tuple[anyio.Lock, int]] = {}

    @asynccontextmanager
    async def hold(self, game: str) -> AsyncIterator[None]:
        lock, users = self._locks.get(game, (anyio.Lock(), 0))
        self._locks[game] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            users = self._locks[game][1] - 1
            if users:
                self._locks[game] = (lock, users)
            else:
                del self._locks[game]


class ApiError(Exception):
    """A refused request: an HTTP status, a short code and the reason in plain words."""

    def __init__(self, status: int, error: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        """The HTTP status."""
        self.error = error
        """A short machine-readable code (a `romme.Reason` value for refused moves)."""
        self.message = message
        """The reason in plain words."""


def _error(status: int, error: str, message: str) -> JSONResponse:
    return JSONResponse(
        {"error": error, "message": message}, status_code=status, headers=dict(_HEADERS)
    )


async def _api_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, ApiError)
    return _error(exc.status, exc.error, exc.message)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    return _error(exc.status_code, "http", str(exc.detail))


async def _json_body(request: Request) -> dict[str, Any]:
    """Read a JSON object of at most `MAX_BODY` bytes, or refuse the request."""
    kind = request.headers.get("content-type", "").split(";")[0].strip().lower()
    if kind != "application/json":
        raise ApiError(415, "unsupported_media_type", "send the body as application/json")
    declared = request.headers.get("content-length")
    if declared is not None and (not declared.isdigit() or int(declared) > MAX_BODY):
        raise ApiError(413, "body_too_large", f"the body may hold at most {MAX_BODY} bytes")
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY:
            raise ApiError(413, "body_too_large", f"the body may hold at most {MAX_BODY} bytes")
        chunks.append(chunk)
    try:
        data = json.loads(b"".join(chunks).decode("utf-8"))
    except (ValueError, RecursionError) as error:
        raise ApiError(400, "bad_json", f"the body is not JSON: {error}") from None
    if not isinstance(data, dict):
        raise ApiError(
            400, "bad_request", f"the body must be a JSON object, not {type(data).__name__}"
        )
    return data


def _only(data: dict[str, Any], *allowed: str) -> None:
    unknown = sorted(set(data) - set(allowed))
    if unknown:
        raise ApiError(400, "bad_request", f"unknown field {unknown[0][:40]!r}")


def _field(data: dict[str, Any], name: str, kind: type[Any], *, required: bool = True) -> Any:
    if name not in data or data[name] is None:
        if required:
            raise ApiError(400, "bad_request", f"the field {name!r} is missing")
        return None
    value = data[name]
    if not isinstance(value, kind) or (kind is not bool and isinstance(value, bool)):
        raise ApiError(400, "bad_request", f"the field {name!r} must be {kind.__name__}")
    return value


def _token(request: Request) -> str:
    header = request.headers.get("authorization", "")
    scheme, _, token = header.partition(" ")
    if scheme.lower() != "bearer" or not _TOKEN.fullmatch(token.strip()):
        raise ApiError(403, "forbidden", "this request needs a seat's token (its link)")
    return token.strip()


def _game_id(request: Request) -> str:
    game = str(request.path_params["game"])
    if not _GAME_ID.fullmatch(game):
        raise ApiError(404, "no_such_game", "there is no such game")
    return game


def create_app(
    db_path: str | os.PathLike[str],
    *,
    delay: float = 0.8,
    clock: Callable[[], float] = time.time,
    max_games: int = MAX_GAMES,
    games_per_minute: int = GAMES_PER_MINUTE,
) -> Starlette:
    """Return the ASGI app of the web table, its games kept in the SQLite file `db_path`.

    Args:
        db_path: The SQLite file (``":memory:"`` for a store that lives as long as the app).
        delay: Seconds between two computer moves (0: the computers move at once).
        clock: The time source for pacing and for counting new games per minute (seconds).
        max_games: The most games the store may hold; a new game past it is refused (503).
        games_per_minute: The most games created in any 60 seconds, by all clients
            together; more are refused (429).

    Raises:
        ValueError: If `delay` is not a finite number of seconds, 0 or more, or
            `max_games` or `games_per_minute` is less than 1.
        StoreError: If `db_path` cannot be opened as a game store.
    """
    try:
        pacing = math.isfinite(delay) and delay >= 0
    except (OverflowError, TypeError):
        pacing = False  # an integer too large for a float, or no number at all
    if not pacing:
        raise ValueError(
            f"delay must be a finite number of seconds, 0 or more, not {_guard.shown(delay)}"
        )
    for name, limit in (("max_games", max_games), ("games_per_minute", games_per_minute)):
        if type(limit) is not int or limit < 1:
            raise ValueError(f"{name} must be 1 or more, not {_guard.shown(limit)}")
    store = GameStore(db_path)
    locks = _GameLocks()
    created: collections.deque[float] = collections.deque()
    creating = threading.Lock()

    def load(game: str) -> Table:
        document = store.load(game)
        if document is None:
            raise ApiError(404, "no_such_game", "there is no such game")
        try:
            return from_document(document)
        except InvalidDataError as error:
            raise DamagedGameError(f"game {game}: {error}") from None

    def save(game: str, table: Table) -> None:
        store.save(game, to_document(table), now=clock())

    def authorised(game: str, token: str) -> tuple[Table, int]:
        table = load(game)
        seat = seat_of(table, token)
        if seat is None:
            raise ApiError(403, "forbidden", "this token is not a seat of this game")
        return table, seat

    def advance(game: str, table: Table) -> Table:
        moved = run_computers(table, now=clock(), delay=delay)
        if moved != table:
            save(game, moved)
        return moved

    def admit() -> None:
        """Refuse a new game past `games_per_minute` or `max_games`; count it otherwise."""
        now = clock()
        while created and created[0] <= now - 60:
            created.popleft()
        if len(created) >= games_per_minute:
            wait = max(1, math.ceil(created[0] + 60 - now))
            raise ApiError(
                429,
                "too_many_games",
                f"at most {games_per_minute} new games a minute: try again in {wait} s",
            )
        if store.count() >= max_games:
            raise ApiError(
                503, "store_full", f"the server holds its most games ({max_games}): try again later"
            )
        created.append(now)

    def create(data: dict[str, Any]) -> dict[str, Any]:
        _only(data, "rules", "players", "humans", "seed", "rounds", "names")
        preset = _field(data, "rules", str)
        players = _field(data, "players", int)
        humans = _field(data, "humans", list)
        seed = _field(data, "seed", int, required=False)
        rounds = _field(data, "rounds", int, required=False)
        names = _field(data, "names", list, required=False)
        if names is not None and (
            len(names) != players or not all(n is None or type(n) is str for n in names)
        ):
            raise ApiError(400, "bad_request", "names is a list of one name or null per seat")
        if len(preset) > 40 or not all(type(seat) is int for seat in humans):
            raise ApiError(400, "bad_request", "rules is a preset name, humans a list of seats")
        if seed is not None and not 0 <= seed < 2**63:
            raise ApiError(400, "bad_request", "seed must lie from 0 to 2**63 - 1")
        if rounds is not None and not 1 <= rounds <= 100:
            raise ApiError(400, "bad_request", "rounds must lie from 1 to 100")
        try:
            chosen = {seat: name for seat, name in enumerate(names or ()) if name is not None}
            table, tokens = start(
                preset, players, humans, seed=seed, rounds=rounds, names=chosen, now=clock()
            )
        except (RommeError, ValueError) as error:
            raise ApiError(400, "bad_request", str(error)) from None
        game = secrets.token_urlsafe(12)
        with creating:
            admit()
            # The computers' first moves are made by the seats' first requests.
            save(game, table)
        seats = [
            {"seat": seat, "human": seat in tokens, "token": tokens.get(seat)}
            | ({"link": f"/g/{game}#{tokens[seat]}"} if seat in tokens else {})
            | ({"name": table.seats[seat].name} if table.seats[seat].name else {})
            for seat in range(players)
        ]
        return {"game": game, "seats": seats}

    def show(game: str, token: str, since: int) -> dict[str, Any]:
        with store.locked(game):
            table, seat = authorised(game, token)
            table = advance(game, table)
        return reply(table, game, seat, since)

    def act(game: str, token: str, data: dict[str, Any]) -> dict[str, Any]:
        _only(data, "action", "step", "since")
        text = _field(data, "action", str)
        step = _field(data, "step", int, required=False)
        since = _field(data, "since", int, required=False) or 0
        if len(text) > MAX_ACTION_LENGTH:
            raise ApiError(
                400, "bad_request", f"an action has at most {MAX_ACTION_LENGTH} characters"
            )
        try:
            action = parse_action(text)
        except InvalidNotationError as error:
            raise ApiError(400, "bad_action", notation_text(error)) from None
        except ValueError as error:
            raise ApiError(400, "bad_action", str(error)) from None
        with store.locked(game):
            table, seat = authorised(game, token)
            if step is not None and step != table.step:
                raise ApiError(409, "stale", "the game has moved on since: look again")
            before = table.match.state
            try:
                table = play(table, seat, action, now=clock())
            except IllegalActionError as error:
                assert before is not None  # play refuses a finished match first
                if error.reason is Reason.NOT_YOUR_TURN:
                    words = out_of_turn(table, seat)
                else:
                    words = refusal_text(
                        error,
                        action,
                        before.hands[seat],
                        before.top_discard,
                        rules=before.rules,
                    )
                raise ApiError(409, error.reason.value, words) from None
            except GameConflictError as error:
                raise ApiError(409, error.error, str(error)) from None
            save(game, table)
            table = advance(game, table)
        return reply(table, game, seat, since)

    def advise(game: str, token: str) -> dict[str, Any]:
        with store.locked(game):
            table, seat = authorised(game, token)
            table = advance(game, table)
        try:
            return {"hint": advice(table, seat)}
        except GameConflictError as error:
            raise ApiError(409, error.error, str(error)) from None

    def begin_round(game: str, token: str) -> dict[str, Any]:
        with store.locked(game):
            table, seat = authorised(game, token)
            try:
                table = next_round(table, now=clock())
            except GameConflictError as error:
                raise ApiError(409, error.error, str(error)) from None
            save(game, table)
            table = advance(game, table)
        return reply(table, game, seat, table.step)

    async def in_worker(game: str | None, work: Callable[..., Any], *args: Any) -> Any:
        """Run `work` in a worker thread, after the game's earlier requests; storage faults answered in JSON."""
        try:
            if game is None:
                return await run_in_threadpool(work, *args)
            async with locks.hold(game):
                return await run_in_threadpool(work, *args)
        except ApiError:
            raise
        except (DamagedGameError, InvalidDataError) as error:
            words = str(error) if isinstance(error, DamagedGameError) else f"game {game}: {error}"
            logger.error("%s: not served until its row is mended or deleted", words)
            raise ApiError(
                500,
                "damaged_game",
                "this game's stored record cannot be read: the server's log says why",
            ) from None
        except StoreError as error:
            logger.error("%s", error)
            raise ApiError(
                503,
                "store_unavailable",
                "the game store cannot be read or written now (the server's log says why): "
                "look at the game again later",
            ) from None
        except Exception:
            logger.exception("request on game %s failed", game)
            raise ApiError(500, "internal_error", "the server failed: its log says why") from None

    def answer(body: dict[str, Any], status: int = 200) -> JSONResponse:
        return JSONResponse(body, status_code=status, headers=dict(_HEADERS))

    async def presets(request: Request) -> Response:
        return answer({"presets": preset_summaries()})

    async def new_game(request: Request) -> Response:
        data = await _json_body(request)
        return answer(await in_worker(None, create, data), 201)

    async def get_game(request: Request) -> Response:
        game, token = _game_id(request), _token(request)
        since = request.query_params.get("since", "0")
        if not (since.isdigit() and since.isascii() and len(since) < 10):
            raise ApiError(400, "bad_request", "since must be a step number")
        return answer(await in_worker(game, show, game, token, int(since)))

    async def post_action(request: Request) -> Response:
        game, token = _game_id(request), _token(request)
        data = await _json_body(request)
        return answer(await in_worker(game, act, game, token, data))

    async def get_hint(request: Request) -> Response:
        game, token = _game_id(request), _token(request)
        return answer(await in_worker(game, advise, game, token))

    async def post_next(request: Request) -> Response:
        game, token = _game_id(request), _token(request)
        _only(await _json_body(request))
        return answer(await in_worker(game, begin_round, game, token))

    def page(name: str) -> Callable[[Request], Any]:
        async def serve(request: Request) -> Response:
            return FileResponse(STATIC / name, headers=dict(_HEADERS))

        return serve

    @asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        yield
        store.close()

    app = Starlette(
        routes=[
            Route("/", page("index.html")),
            Route("/g/{game}", page("game.html")),
            Route("/api/presets", presets),
            Route("/api/games", new_game, methods=["POST"]),
            Route("/api/games/{game}", get_game),
            Route("/api/games/{game}/actions", post_action, methods=["POST"]),
            Route("/api/games/{game}/next", post_next, methods=["POST"]),
            Route("/api/games/{game}/hint", get_hint),
            Mount("/static", StaticFiles(directory=STATIC), name="static"),
        ],
        middleware=[Middleware(_SecurityHeaders)],
        exception_handlers={ApiError: _api_error, HTTPException: _http_error},
        lifespan=lifespan,
    )
    app.state.store = store
    return app
