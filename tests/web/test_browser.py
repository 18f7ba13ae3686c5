"""A whole round of the web table played by clicking in headless Chromium (Debian's package, driven by Playwright).

The app runs under uvicorn on 127.0.0.1 in a thread of the test; the test
starts a game on the start page, then on every turn clicks "draw" and a
card of the hand and the "discard" button the page offers for it, until the
score sheet shows; the sheet's penalties are then checked against the
match stored in the SQLite file, and "Next round" deals the second round.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from romme import Match, from_dict
from tests.conftest import require_extra
from tests.web._helpers import need_web

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROUND_SECONDS = 240.0
MAX_TURNS = 300


def _need_chromium() -> None:
    if CHROMIUM.exists():
        return
    message = f"needs Debian's chromium at {CHROMIUM} (apt-get install chromium)"
    if os.environ.get("ROMME_REQUIRE_EXTRAS") == "1":
        pytest.fail(message)
    pytest.skip(message)


@contextmanager
def _serving(db: Path, delay: float) -> Iterator[str]:
    """Run the app under uvicorn on a free port of 127.0.0.1 in a thread; yield its address."""
    import uvicorn

    from romme.web import create_app

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    config = uvicorn.Config(create_app(db, delay=delay), log_level="warning")
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        deadline = time.monotonic() + 30
        while not server.started:
            if time.monotonic() > deadline or not thread.is_alive():
                pytest.fail("the server did not start within 30 s")
            time.sleep(0.05)
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(30)
        sock.close()
        assert not thread.is_alive(), "the server did not stop"


def _wait_step_change(page: Any, step: str) -> None:
    page.wait_for_function(
        "step => document.getElementById('status').dataset.step !== step", arg=step
    )


def _play_turn(page: Any) -> None:
    """Play one turn by clicking: draw if the page offers it, then discard a card."""
    status = page.locator("#status")
    if status.get_attribute("data-phase") == "draw":
        step = status.get_attribute("data-step")
        page.click("#moves button[data-action='draw']")
        _wait_step_change(page, step)
        if status.get_attribute("data-state") != "my-turn":
            return
    cards = page.locator("#hand .card")
    for index in range(cards.count()):
        card = cards.nth(index)
        card.click()
        discard = page.locator("#moves button.discard")
        if discard.count() == 1:
            step = status.get_attribute("data-step")
            assert (
                discard.get_attribute("data-action") == f"discard {card.get_attribute('data-card')}"
            )
            discard.click()
            _wait_step_change(page, step)
            return
        card.click()
    pytest.fail("no card of the hand offered a discard")


@pytest.mark.slow
def test_a_whole_round_is_played_by_clicking(tmp_path: Path) -> None:
    """A person plays a whole round in Chromium by clicking; the score sheet shows the stored result; the next round starts."""
    need_web()
    sync_api = require_extra("playwright.sync_api", "web-test")
    _need_chromium()
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _serving(db, delay=0.0) as base, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1300, "height": 850})
            page.set_default_timeout(20_000)
            page.on("pageerror", lambda error: errors.append(str(error)))
            page.goto(base + "/")
            page.wait_for_selector("#rules option[value='classic']", state="attached")
            page.select_option("#rules", "classic")
            page.select_option("#players", "3")
            page.click("details summary")
            page.fill("#seed", "5")
            page.click("#start")
            page.wait_for_url("**/g/**")
            deadline = time.monotonic() + ROUND_SECONDS
            for _ in range(MAX_TURNS):
                page.wait_for_selector("#status[data-state='my-turn'], #status[data-state='sheet']")
                if page.get_attribute("#status", "data-state") == "sheet":
                    break
                assert time.monotonic() < deadline, "the round took too long"
                _play_turn(page)
            else:
                pytest.fail(f"the round did not end within {MAX_TURNS} turns")
            page.wait_for_selector("#sheet:not([hidden])")
            rows = page.locator("#sheet-table tr")
            penalties = [
                int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(1, rows.count())
            ]
            log = page.locator("#log li").all_inner_texts()
            page.click("#next-round")
            page.wait_for_selector("#sheet[hidden]", state="attached")
            page.wait_for_selector("#status[data-state='my-turn'], #status[data-state='others']")
            next_round = page.inner_text("#match-line")
        finally:
            browser.close()
    assert errors == []
    from romme.web.store import GameStore

    store = GameStore(db)
    try:
        (game,) = store.games()
        document = store.load(game)
        assert document is not None
        match = from_dict(document["match"])
    finally:
        store.close()
    assert isinstance(match, Match)
    assert penalties == list(match.results[0].penalties)
    assert any(line.startswith("You: discard") for line in log)
    assert any(line.startswith("Computer 1: ") for line in log)
    assert "round 2" in next_round
