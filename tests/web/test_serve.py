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


def test_a_negative_delay_is_refused() -> None:
    """`romme serve --delay -1` exits with status 2 and says why."""
    err = io.StringIO()
    assert main(["serve", "--delay", "-1"], stdout=io.StringIO(), stderr=err) == 2
    assert "--delay" in err.getvalue()


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
