"""The ``romme serve`` command: it serves the web table on 127.0.0.1, and ``import romme.cli`` stays free of it."""

from __future__ import annotations

import io
import json
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from romme.cli import main
from tests.web._helpers import need_web


def _free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def test_serve_answers_on_the_given_port_and_keeps_games_in_the_file(tmp_path: Path) -> None:
    """`romme serve --port N --db FILE` serves the API on 127.0.0.1:N and writes its games to FILE."""
    need_web()
    db = tmp_path / "served.sqlite3"
    port = _free_port()
    command = [sys.executable, "-m", "romme.cli", "serve", "--port", str(port), "--db", str(db)]
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with urllib.request.urlopen(base + "/api/presets", timeout=5) as response:
                    presets = json.load(response)["presets"]
                break
            except (urllib.error.URLError, ConnectionError):
                if time.monotonic() > deadline or process.poll() is not None:
                    pytest.fail("romme serve did not answer within 30 s")
                time.sleep(0.1)
        body = json.dumps({"rules": "classic", "players": 3, "humans": [0]}).encode()
        request = urllib.request.Request(
            base + "/api/games", data=body, headers={"Content-Type": "application/json"}
        )
        with urllib.request.urlopen(request, timeout=10) as response:
            assert response.status == 201
            created = json.load(response)
    finally:
        process.terminate()
        out, _ = process.communicate(timeout=30)
    assert "classic" in [p["name"] for p in presets]
    assert f"http://127.0.0.1:{port}/" in out
    assert created["game"] in db.read_bytes().decode("utf-8", "replace")


@pytest.mark.parametrize("value", ["-1", "inf", "nan", "-inf", "abc", "61"])
def test_hardening3_point5_a_delay_the_computers_could_not_keep_is_refused(value: str) -> None:
    """Hardening round 3, point 5: `romme serve --delay` takes 0 to 60 seconds; inf, nan and
    negative pauses (under which the computers never move) exit with status 2, in the words
    `romme play --delay` uses for the same value."""
    said = {}
    for command in ("serve", "play"):
        err = io.StringIO()
        with pytest.raises(SystemExit) as exited:
            main([command, "--delay", value], stdout=io.StringIO(), stderr=err)
        assert exited.value.code == 2
        said[command] = err.getvalue().splitlines()[-1]
    assert said["serve"].startswith("romme serve: error: argument --delay: ")
    assert said["serve"].replace("romme serve", "romme play") == said["play"]


@pytest.mark.parametrize("option", ["--max-games", "--games-per-minute"])
@pytest.mark.parametrize("value", ["0", "-3", "many"])
def test_hardening3_point3_the_game_limits_take_1_or_more(option: str, value: str) -> None:
    """Hardening round 3, point 3: `--max-games` and `--games-per-minute` take a whole number, 1 or more."""
    err = io.StringIO()
    with pytest.raises(SystemExit) as exited:
        main(["serve", option, value], stdout=io.StringIO(), stderr=err)
    assert exited.value.code == 2
    assert f"argument {option}: " in err.getvalue()


def test_importing_the_cli_does_not_import_the_web_table() -> None:
    """`import romme.cli` (and `import romme`) import neither romme.web nor Starlette nor uvicorn."""
    code = (
        "import sys, romme, romme.cli; "
        "print([m for m in ('romme.web', 'starlette', 'uvicorn') if m in sys.modules])"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    )
    assert result.stdout.strip() == "[]"
