"""The web table under a hostile client and storage faults (hardening round 3).

Pinned here, each test naming its point: a request holds up only its own
game (a lock per game, the work in a worker thread), shown against a real
server while a client grows a 40-card hand by knocking; the move log and the
number of games are bounded and a new game makes no computer move in its
creating request; storage faults (a deleted, read-only or removed file, a
damaged or tampered row) are answered in the JSON error shape and logged,
every other game served on; the static files carry the security headers.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import sqlite3
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import attrs
import pytest

from romme import parse_action
from tests.web._helpers import act, bearer, client, create, look, need_web, token_of

RAEUBER_SEED = 2
"""`ass-raeuber`, three seats: at step 10, in seat 0's play phase, `rob 1 2` takes the J♥ of J♣ J♠ J♥ J♦."""

KNOCK_SEED = 1
"""`ass-klopfen`, three seats all people: seat 0 knocking whenever asked holds 40 cards after 117 moves."""

SECURITY_HEADERS = {
    "content-security-policy": "default-src 'self'; img-src 'self' data:; frame-ancestors 'none'",
    "x-content-type-options": "nosniff",
    "referrer-policy": "no-referrer",
    "x-frame-options": "DENY",
}


# -- a real server ----------------------------------------------------------------


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _call(
    base: str, method: str, path: str, body: Any = None, token: str | None = None
) -> tuple[int, Any]:
    """One HTTP request to the real server: the status and the JSON answer."""
    headers = {} if token is None else bearer(token)
    data = None
    if body is not None:
        data = json.dumps(body).encode()
        headers["Content-Type"] = "application/json"
    request = urllib.request.Request(base + path, data=data, headers=headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, json.load(response)
    except urllib.error.HTTPError as error:
        return error.code, json.load(error)


@contextmanager
def _serve_subprocess(db: Path) -> Iterator[str]:
    """`romme serve --delay 0` on a free port of 127.0.0.1 in a process of its own; yield its address."""
    port = _free_port()
    command = [sys.executable, "-m", "romme.cli", "serve", "--port", str(port), "--db", str(db)]
    command += ["--delay", "0"]
    process = subprocess.Popen(
        command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/api/presets", timeout=5):
                    break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or process.poll() is not None:
                    pytest.fail("romme serve did not answer within 30 s")
                time.sleep(0.1)
        yield base
    finally:
        process.terminate()
        _, err = process.communicate(timeout=30)
    assert "Traceback" not in err, err


@contextmanager
def _serve_thread(app: Any) -> Iterator[str]:
    """Run `app` under uvicorn on a free port of 127.0.0.1 in a thread of the test; yield its address."""
    import uvicorn

    port = _free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        if time.monotonic() > deadline or not thread.is_alive():
            pytest.fail("uvicorn did not start within 30 s")
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=30)


# -- point 1: a request holds up only its own game ----------------------------------


def _knocker_move(reply: dict[str, Any]) -> str:
    """Seat 0 knocks whenever asked and never melds; every seat passes, draws and discards."""
    texts = [move["text"] for move in reply["legal"]]
    if reply["seat"] == 0:
        knocks = [text for text in texts if text.startswith("knock")]
        if knocks:
            return str(knocks[0])
    for verb in ("pass", "draw"):
        if verb in texts:
            return verb
    return str(next(text for text in texts if text.startswith("discard ")))


@pytest.mark.slow
def test_hardening3_point1_a_bystander_is_answered_while_a_knocker_grows_a_40_card_hand(
    tmp_path: Path,
) -> None:
    """Hardening round 3, point 1: against `romme serve`, a client holding every seat of an
    `ass-klopfen` game knocks with seat 0 until it holds 40 cards, with legal moves only, while
    two more threads poll that game's 40-card hand without pause; a bystander polling a game of
    its own is answered every time, and more than 20 times during the attack. That its request
    waits on no other game's lock is pinned without a clock by the two lock tests below; how
    long it waits is a benchmark's question, not a test's."""
    need_web()
    with _serve_subprocess(tmp_path / "games.sqlite3") as base:
        status, attack = _call(
            base,
            "POST",
            "/api/games",
            {"rules": "ass-klopfen", "players": 3, "humans": [0, 1, 2], "seed": KNOCK_SEED},
        )
        assert status == 201
        status, mine = _call(
            base, "POST", "/api/games", {"rules": "classic", "players": 3, "humans": [0]}
        )
        assert status == 201
        game, tokens = attack["game"], [seat["token"] for seat in attack["seats"]]
        stop = threading.Event()
        polls = 0
        failures: list[str] = []

        def bystander() -> None:
            path = f"/api/games/{mine['game']}"
            nonlocal polls
            while not stop.is_set():
                status, _ = _call(base, "GET", path, token=mine["seats"][0]["token"])
                polls += 1
                if status != 200:
                    failures.append(f"bystander: {status}")
                time.sleep(0.02)

        def hammer() -> None:
            while not stop.is_set():
                status, _ = _call(base, "GET", f"/api/games/{game}", token=tokens[0])
                if status != 200:
                    failures.append(f"attacker's poll: {status}")

        threads = [threading.Thread(target=bystander)]
        threads += [threading.Thread(target=hammer) for _ in range(2)]
        for thread in threads:
            thread.start()
        try:
            hand = 13
            for _ in range(400):
                status, seen = _call(base, "GET", f"/api/games/{game}", token=tokens[0])
                assert status == 200
                hand = len(seen["view"]["hand"])
                if hand >= 40 or seen["waiting"]:
                    break
                seat = seen["view"]["current_player"]
                status, reply = _call(base, "GET", f"/api/games/{game}", token=tokens[seat])
                move = {"action": _knocker_move(reply), "step": reply["step"]}
                status, _ = _call(base, "POST", f"/api/games/{game}/actions", move, tokens[seat])
                assert status == 200, move
        finally:
            stop.set()
            for thread in threads:
                thread.join(timeout=120)
    assert hand >= 40
    assert failures == []
    assert polls > 20


def test_hardening3_point1_a_game_held_by_one_thread_leaves_the_others_free(
    tmp_path: Path,
) -> None:
    """Hardening round 3, point 1: on a real SQLite file, while one thread holds a game's lock,
    another thread reads, changes and writes another game; a second thread asking for the
    held game waits until it is let go."""
    need_web()
    from romme.web.store import GameStore

    store = GameStore(tmp_path / "games.sqlite3")
    store.save("a", {"n": 0}, now=0.0)
    store.save("b", {"n": 0}, now=0.0)
    held, release = threading.Event(), threading.Event()
    done: list[str] = []

    def holder() -> None:
        with store.locked("a"):
            held.set()
            release.wait(60)
            done.append("a let go")

    def change(game: str) -> None:
        with store.locked(game):
            document = store.load(game)
            assert document is not None
            store.save(game, {"n": document["n"] + 1}, now=1.0)
            done.append(f"{game} changed")

    first = threading.Thread(target=holder)
    first.start()
    assert held.wait(60)
    other = threading.Thread(target=change, args=("b",))
    other.start()
    other.join(60)
    waiting = threading.Thread(target=change, args=("a",))
    waiting.start()
    waiting.join(0.5)
    assert done == ["b changed"]
    release.set()
    for thread in (first, waiting):
        thread.join(60)
    store.close()
    assert done == ["b changed", "a let go", "a changed"]
    again = GameStore(tmp_path / "games.sqlite3")
    assert (again.load("a"), again.load("b")) == ({"n": 1}, {"n": 1})
    again.close()


def test_hardening3_point1_a_request_held_up_in_its_game_leaves_the_server_free(
    tmp_path: Path,
) -> None:
    """Hardening round 3, point 1: under uvicorn, while a game's lock is held (its request
    stalled however long), a request on another game is answered and the held game's own
    request is answered once the lock is let go."""
    need_web()
    from romme.web import create_app

    app = create_app(tmp_path / "games.sqlite3", delay=0)
    with _serve_thread(app) as base:
        games = []
        for _ in range(2):
            status, created = _call(
                base, "POST", "/api/games", {"rules": "classic", "players": 3, "humans": [0]}
            )
            assert status == 201
            games.append((created["game"], created["seats"][0]["token"]))
        (held_game, held_token), (free_game, free_token) = games
        answers: list[int] = []
        stalled = threading.Thread(
            target=lambda: answers.append(
                _call(base, "GET", f"/api/games/{held_game}", token=held_token)[0]
            )
        )
        with app.state.store.locked(held_game):
            stalled.start()
            for _ in range(3):
                status, reply = _call(base, "GET", f"/api/games/{free_game}", token=free_token)
                assert (status, reply["game"]) == (200, free_game)
            stalled.join(0.5)
            assert answers == []
        stalled.join(60)
        assert answers == [200]


# -- point 3: bounded log, bounded games, no round in the creating request --------------


def _stored_table(test_client: Any, game: str) -> Any:
    from romme.web.document import from_document

    return from_document(test_client.app.state.store.load(game))


def test_hardening3_point3_the_log_keeps_its_last_1000_moves_and_counts_the_rest() -> None:
    """Hardening round 3, point 3: taking a table card and taking it back (Räuber-Rommé, ASS S. 2)
    grows the log by two moves a time; the stored log keeps the last 1000 and the number of moves
    dropped, the steps count every move, a move sent on the step reached is taken, and the reply
    lists the moves from `since` on, never one dropped. A turn takes at most
    `Rules.max_table_takes` cards from the table (rules §13, tested in
    tests/rules/test_s13_raeuber.py): here the turn's count is set back between bursts, as if
    turns had passed, since the log's bound is the point."""
    need_web()
    from romme.web.document import to_document
    from romme.web.game import play

    with client() as test_client:
        created = create(test_client, rules="ass-raeuber", players=3, seed=RAEUBER_SEED)
        game, token = created["game"], token_of(created, 0)
        reply = look(test_client, game, token)
        while reply["step"] < 10:
            texts = [move["text"] for move in reply["legal"]]
            action = "draw" if "draw" in texts else f"discard {reply['view']['hand'][0]}"
            reply = act(test_client, game, token, action).json()
        assert reply["step"] == 10
        assert "rob 1 2" in [move["text"] for move in reply["legal"]]
        table = _stored_table(test_client, game)
        for _ in range(600):
            table = play(table, 0, parse_action("rob 1 2"), now=0.0)
            table = play(table, 0, parse_action("takeback"), now=0.0)
            state = table.match.state
            assert state is not None
            if state.turn.table_takes == state.rules.max_table_takes:
                fresh = attrs.evolve(state, turn=attrs.evolve(state.turn, table_takes=0))
                table = attrs.evolve(table, match=attrs.evolve(table.match, state=fresh))
        test_client.app.state.store.save(game, to_document(table), now=0.0)
        document = test_client.app.state.store.load(game)
        assert (len(document["log"]), document["dropped"]) == (1000, 10 + 1200 - 1000)
        assert document["log"][-1][2] == "takeback"
        seen = look(test_client, game, token, since=5)
        assert seen["step"] == 1210
        assert [event["step"] for event in seen["events"]] == list(range(1010, 1210))
        response = act(test_client, game, token, "rob 1 2", step=1210, since=1209)
        assert response.status_code == 200, response.text
        after = response.json()
        assert after["step"] == 1211
        assert [(e["step"], e["action"]) for e in after["events"]] == [
            (1209, "takeback"),
            (1210, "rob 1 2"),
        ]
        stale = act(test_client, game, token, "takeback", step=1000)
        assert (stale.status_code, stale.json()["error"]) == (409, "stale")
        document = test_client.app.state.store.load(game)
        assert (len(document["log"]), document["dropped"]) == (1000, 211)


def test_hardening3_point3_new_games_past_the_limits_are_refused_in_json() -> None:
    """Hardening round 3, point 3: past `games_per_minute` new games in 60 seconds a new game
    gets 429 `too_many_games`, and past `max_games` stored games 503 `store_full`, each in the
    JSON error shape, nothing stored; a minute later new games are taken again."""
    now = [1000.0]
    with client(max_games=3, games_per_minute=2, clock=lambda: now[0]) as test_client:
        body = {"rules": "classic", "players": 3, "humans": [0]}
        assert [test_client.post("/api/games", json=body).status_code for _ in range(2)] == [
            201,
            201,
        ]
        busy = test_client.post("/api/games", json=body)
        assert busy.status_code == 429
        assert busy.json() == {
            "error": "too_many_games",
            "message": "at most 2 new games a minute: try again in 60 s",
        }
        now[0] += 59.5
        assert test_client.post("/api/games", json=body).status_code == 429
        now[0] += 0.5
        assert test_client.post("/api/games", json=body).status_code == 201
        now[0] += 60
        full = test_client.post("/api/games", json=body)
        assert full.status_code == 503
        assert full.json()["error"] == "store_full"
        assert len(test_client.app.state.store.games()) == 3


@pytest.mark.parametrize("option", ["max_games", "games_per_minute"])
def test_hardening3_point3_create_app_refuses_limits_below_one(option: str) -> None:
    """Hardening round 3, point 3: `create_app` takes the game limits as whole numbers, 1 or more."""
    need_web()
    from romme.web import create_app

    for value in (0, -1, 2.5, True):
        options: dict[str, Any] = {option: value}
        with pytest.raises(ValueError, match=option):
            create_app(":memory:", **options)


def test_hardening3_point3_a_new_game_makes_no_computer_move_in_its_request() -> None:
    """Hardening round 3, point 3: an `ass` game of four where the person deals, and so sits out
    the round (ASS S. 1), is stored as dealt, no computer move made in the creating request, even
    with `delay` 0; the person's first look lets the computers play the round."""
    with client() as test_client:
        created = create(test_client, rules="ass", players=4, humans=[3])
        game, token = created["game"], token_of(created, 3)
        table = _stored_table(test_client, game)
        assert (table.log, table.step) == ((), 0)
        assert table.match.state is not None
        assert table.match.state.turn.number == 0
        reply = look(test_client, game, token)
        assert reply["step"] > 0


# -- point 4: storage faults ------------------------------------------------------------


def _games(test_client: Any, count: int) -> list[tuple[str, str]]:
    """`count` new games (classic, seat 0 a person, seed 5): their ids and seat 0's tokens."""
    made = [create(test_client) for _ in range(count)]
    return [(created["game"], token_of(created, 0)) for created in made]


def _error(response: Any, status: int, error: str) -> None:
    assert response.status_code == status, response.text
    assert response.headers["content-type"] == "application/json"
    assert response.json()["error"] == error
    assert set(response.json()) == {"error", "message"}


def _discard(test_client: Any, game: str, token: str) -> Any:
    reply = look(test_client, game, token)
    return act(test_client, game, token, f"discard {reply['view']['hand'][0]}")


def test_hardening3_point4_a_file_deleted_under_the_server_is_written_anew(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Hardening round 3, point 4: the SQLite file deleted while the app runs is written anew,
    every game in it, at the next change (a warning logged); a server started again on it finds
    every game with that change."""
    db = tmp_path / "games.sqlite3"
    with caplog.at_level(logging.WARNING, logger="romme.web"), client(db) as test_client:
        games = _games(test_client, 3)
        db.unlink()
        response = _discard(test_client, *games[0])
        assert response.status_code == 200, response.text
        step = response.json()["step"]
        assert db.exists()
    assert any("was deleted" in record.getMessage() for record in caplog.records)
    with client(db) as test_client:
        assert sorted(test_client.app.state.store.games()) == sorted(g for g, _ in games)
        assert look(test_client, *games[0])["step"] == step


@contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """Make `path` (a file or a folder) read-only: by its mode, or as root, which the mode does not
    stop, by the immutable attribute."""
    mode = path.stat().st_mode
    path.chmod(0o555 if path.is_dir() else 0o444)
    root = os.geteuid() == 0
    if root:
        subprocess.run(["chattr", "+i", str(path)], check=True, capture_output=True)
    try:
        yield
    finally:
        if root:
            subprocess.run(["chattr", "-i", str(path)], check=True, capture_output=True)
        path.chmod(mode)


def _refused_while_read_only(test_client: Any, games: list[tuple[str, str]]) -> str:
    """A move on the first game answers 503 in JSON; a look at the second answers 200; the first's stored text."""
    (game, token), (other, other_token) = games
    before = test_client.app.state.store.load_text(game)
    _error(_discard(test_client, game, token), 503, "store_unavailable")
    assert look(test_client, other, other_token)["game"] == other
    assert isinstance(before, str)
    return before


def test_hardening3_point4_a_read_only_file_answers_503_in_json_and_serves_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Hardening round 3, point 4: a server started on a read-only SQLite file answers a move
    with 503 `store_unavailable` in JSON, logged, the game as it was, and still shows every game;
    started again once the file is writable, it takes the same move."""
    db = tmp_path / "games.sqlite3"
    with client(db) as test_client:
        games = _games(test_client, 2)
        for game, token in games:
            look(test_client, game, token)
    with (
        _read_only(db),
        caplog.at_level(logging.ERROR, logger="romme.web"),
        client(db) as test_client,
    ):
        before = _refused_while_read_only(test_client, games)
    assert any("cannot write" in record.getMessage() for record in caplog.records)
    with client(db) as test_client:
        assert test_client.app.state.store.load_text(games[0][0]) == before
        assert _discard(test_client, *games[0]).status_code == 200


def test_hardening3_point4_a_read_only_folder_answers_503_in_json_and_serves_on(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Hardening round 3, point 4: with the SQLite file's folder made read-only under the running
    app (no journal can be written), a move answers 503 `store_unavailable` in JSON, logged, the
    game as it was, and every game is still shown; once writable again the same move is taken."""
    folder = tmp_path / "store"
    folder.mkdir()
    with client(folder / "games.sqlite3") as test_client:
        games = _games(test_client, 2)
        for game, token in games:
            look(test_client, game, token)
        with _read_only(folder), caplog.at_level(logging.ERROR, logger="romme.web"):
            before = _refused_while_read_only(test_client, games)
        assert any("cannot write" in record.getMessage() for record in caplog.records)
        assert test_client.app.state.store.load_text(games[0][0]) == before
        assert _discard(test_client, *games[0]).status_code == 200


def test_hardening3_point4_a_removed_folder_answers_503_in_json(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Hardening round 3, point 4: with the SQLite file's folder removed under the app, the file
    cannot be written anew: a move answers 503 `store_unavailable` in JSON, logged, and a look
    at a game still answers from the open file."""
    folder = tmp_path / "store"
    folder.mkdir()
    with client(folder / "games.sqlite3") as test_client:
        (game, token), (other, other_token) = _games(test_client, 2)
        look(test_client, game, token)
        (folder / "games.sqlite3").unlink()
        folder.rmdir()
        with caplog.at_level(logging.ERROR, logger="romme.web"):
            _error(_discard(test_client, game, token), 503, "store_unavailable")
        assert any("cannot write" in record.getMessage() for record in caplog.records)
        assert look(test_client, game, token)["game"] == game
        assert look(test_client, other, other_token)["game"] == other


def _row_bytes_damaged(db: Path, needle: str) -> None:
    """Overwrite, in the SQLite file itself, the bytes of `needle` (inside one row) with 0xFF."""
    data = db.read_bytes()
    where = data.find(needle.encode())
    assert where > 0
    assert data.count(needle.encode()) == 1
    db.write_bytes(data[:where] + b"\xff" * len(needle) + data[where + len(needle) :])


def test_hardening3_point4_one_damaged_row_after_a_restart_spares_the_other_games(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Hardening round 3, point 4: after a restart on a file where the bytes of one game's row
    were damaged, that game answers 500 `damaged_game` in JSON, logged; the other nine answer
    200 and take moves."""
    db = tmp_path / "games.sqlite3"
    with client(db) as test_client:
        games = _games(test_client, 10)
        damaged = games[4]
        hashes = json.loads(test_client.app.state.store.load_text(damaged[0]))["seats"]
    _row_bytes_damaged(db, hashes[0]["token_sha256"])
    with caplog.at_level(logging.ERROR, logger="romme.web"), client(db) as test_client:
        response = test_client.get(f"/api/games/{damaged[0]}", headers=bearer(damaged[1]))
        _error(response, 500, "damaged_game")
        for game, token in games:
            if game != damaged[0]:
                assert _discard(test_client, game, token).status_code == 200
    assert any(damaged[0] in record.getMessage() for record in caplog.records)


@pytest.mark.parametrize(
    "tamper",
    [
        {"waiting": True, "final": None},
        {"format": 0},
        {"seats": []},
        {"log": [[0, 0, "draw", -1, None, None]]},
    ],
    ids=["waiting-without-final", "format", "no-seats", "log"],
)
def test_hardening3_point4_a_tampered_row_answers_500_in_json_and_spares_the_others(
    tmp_path: Path, tamper: dict[str, Any], caplog: pytest.LogCaptureFixture
) -> None:
    """Hardening round 3, point 4: a row changed by hand so that it is no table any more (a score
    sheet waiting without the round's final position, among others) answers 500 `damaged_game`
    in JSON, logged, for a look and a move alike; the other game answers 200."""
    db = tmp_path / "games.sqlite3"
    with client(db) as test_client:
        (game, token), (other, other_token) = _games(test_client, 2)
        document = test_client.app.state.store.load(game)
        document.update(tamper)
        with sqlite3.connect(db) as connection:
            connection.execute(
                "UPDATE games SET document = ? WHERE id = ?", (json.dumps(document), game)
            )
        connection.close()
        with caplog.at_level(logging.ERROR, logger="romme.web"):
            _error(
                test_client.get(f"/api/games/{game}", headers=bearer(token)), 500, "damaged_game"
            )
            _error(act(test_client, game, token, "draw"), 500, "damaged_game")
        assert _discard(test_client, other, other_token).status_code == 200
    assert any(game in record.getMessage() for record in caplog.records)


def test_hardening3_point4_a_file_that_is_no_store_stops_romme_serve_in_words(
    tmp_path: Path,
) -> None:
    """Hardening round 3, point 4: `romme serve --db` on a file that is not an SQLite store exits
    with status 2 and says so, without a traceback."""
    need_web()
    db = tmp_path / "games.sqlite3"
    db.write_bytes(b"not a database, " * 512)
    result = subprocess.run(
        [sys.executable, "-m", "romme.cli", "serve", "--db", str(db), "--port", "1"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 2
    assert result.stderr.startswith(f"romme: cannot open the game store {db}: ")
    assert "Traceback" not in result.stderr


# -- point 5: security headers everywhere -----------------------------------------------


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/g/abc",
        "/static/game.js",
        "/static/index.js",
        "/static/cards.js",
        "/static/claims.js",
        "/static/romme.css",
        "/static/missing.js",
        "/api/presets",
        "/api/games/abc",
    ],
)
def test_hardening3_point5_every_answer_carries_the_security_headers(path: str) -> None:
    """Hardening round 3, point 5: the pages, their scripts and style sheet, a missing static
    file and the API's answers (an error included) carry the same Content-Security-Policy,
    X-Content-Type-Options, Referrer-Policy and X-Frame-Options."""
    with client() as test_client:
        response = test_client.get(path)
    assert {name: response.headers.get(name) for name in SECURITY_HEADERS} == SECURITY_HEADERS


@pytest.mark.parametrize("delay", [float("inf"), float("nan"), -0.5, float("-inf")])
def test_hardening3_point5_create_app_refuses_a_delay_that_never_ends(delay: float) -> None:
    """Hardening round 3, point 5: `create_app` refuses an infinite, nan or negative delay."""
    need_web()
    from romme.web import create_app

    with pytest.raises(ValueError, match="delay must be a finite number of seconds"):
        create_app(":memory:", delay=delay)
