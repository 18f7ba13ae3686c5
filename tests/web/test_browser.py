"""The web table played by clicking in headless Chromium (Debian's package, driven by Playwright).

The app runs under uvicorn on 127.0.0.1 in a thread of the test. One test
starts a game on the start page, then on every turn clicks "draw" and a
card of the hand and the "discard" button the page offers for it, until the
score sheet shows; the sheet's penalties are then checked against the
match stored in the SQLite file, and "Next round" deals the second round.
The computers move at once there (``delay=0``), so their moves reach the
page together, and the page must show them one by one. Another test seats
two people at one table, each in a browser context of their own.
"""

from __future__ import annotations

import itertools
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
ROUND_SECONDS = 300.0
MAX_TURNS = 300
PAUSE_SECONDS = 0.3
"""Less than the pause the page makes between two moves that came together (0.6 s)."""

RECORD_STATUS = """
window.statusShown = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("status");
  if (!status) return; // the start page
  new MutationObserver(() => {
    const shown = window.statusShown;
    const last = shown[shown.length - 1];
    const entry = [performance.now(), status.dataset.state, status.textContent];
    if (!last || last[1] !== entry[1] || last[2] !== entry[2]) shown.push(entry);
  }).observe(status, { attributes: true, childList: true, characterData: true, subtree: true });
});
"""
"""Records every state and text of the status line, with the time it was shown (milliseconds)."""


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


@contextmanager
def _browser(db: Path) -> Iterator[tuple[str, Any]]:
    """Serve the app (the computers moving at once) and launch headless Chromium; yield the address and the browser."""
    need_web()
    sync_api = require_extra("playwright.sync_api", "web-test")
    _need_chromium()
    with _serving(db, delay=0.0) as base, sync_api.sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        try:
            yield base, browser
        finally:
            browser.close()


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
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = browser.new_page(viewport={"width": 1300, "height": 850})
        page.set_default_timeout(20_000)
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.add_init_script(RECORD_STATUS)
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
        shown = page.evaluate("window.statusShown")
        page.click("#next-round")
        page.wait_for_selector("#sheet[hidden]", state="attached")
        page.wait_for_selector("#status[data-state='my-turn'], #status[data-state='others']")
        next_round = page.inner_text("#match-line")
    assert errors == []
    match = _stored_match(db)
    assert penalties == list(match.results[0].penalties)
    assert any(line.startswith("You: discard") for line in log)
    assert any(line.startswith("Computer 1: ") for line in log)
    assert "round 2" in next_round
    _assert_shown_one_by_one(shown, log)


def _assert_shown_one_by_one(shown: list[Any], log: list[str]) -> None:
    """The computers' moves that came together were each shown on the status line, in order, with a pause between.

    `shown` lists the status line's changes ``[time_ms, state, text]``; the
    page marks a move shown on its own with the state ``replay``. `log` is
    the move list, newest first.
    """
    batches: list[list[tuple[float, str]]] = []
    for previous, (time_ms, state, text) in zip([None, *shown], shown, strict=False):
        if state != "replay":
            continue
        if previous is None or previous[1] != "replay":
            batches.append([])
        batches[-1].append((time_ms, text))
    assert batches, "no computer moves came together, or the page did not show them one by one"
    assert max(len(batch) for batch in batches) >= 2
    chronological = log[::-1]
    replayed = [text for batch in batches for _, text in batch]
    position = 0
    for text in replayed:  # each one a move of the log, in the log's order
        assert text.startswith("Computer "), text
        assert text in chronological[position:], f"{text!r} not in the log after move {position}"
        position = chronological.index(text, position) + 1
    for batch in batches:
        for (before, _), (after, _) in itertools.pairwise(batch):
            assert after - before >= PAUSE_SECONDS * 1000


OWN_REPLY = """async () => {
  const game = location.pathname.split("/").pop();
  return (await Romme.request("GET", "/api/games/" + game, undefined, location.hash.slice(1))).body;
}"""
"""What the page's own link reads from the server: the reply of its seat."""


def _stored_match(db: Path) -> Match:
    """The match of the one game in the SQLite file (every hand included)."""
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
    return match


def _stored_state(db: Path) -> Any:
    """The round in play of the one game in the SQLite file."""
    return _stored_match(db).state


def _hand_shown(page: Any) -> list[str]:
    cards: list[str] = page.locator("#hand .card").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    return cards


@pytest.mark.slow
def test_two_people_at_one_table_each_see_their_own_hand_and_act_only_on_their_turn(
    tmp_path: Path,
) -> None:
    """Two seats of one table in two browser contexts: each link shows its own hand only, and a seat acts only on its turn."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        first = browser.new_context(viewport={"width": 1300, "height": 850})
        second = browser.new_context(viewport={"width": 1300, "height": 850})
        start = first.new_page()
        for context in (first, second):
            context.set_default_timeout(20_000)
        start.goto(base + "/")
        start.wait_for_selector("#rules option[value='classic']", state="attached")
        start.select_option("#rules", "classic")
        start.select_option("#players", "3")
        start.check("#human-1")
        start.click("details summary")
        start.fill("#seed", "5")
        start.click("#start")
        start.wait_for_selector("#links:not([hidden])")
        links = start.locator("#link-list a").evaluate_all("links => links.map(a => a.href)")
        assert len(links) == 2
        assert links[0].split("#")[0] == links[1].split("#")[0]
        assert links[0].split("#")[1] != links[1].split("#")[1]
        seat0 = first.new_page()
        seat1 = second.new_page()
        for page in (seat0, seat1):
            page.on("pageerror", lambda error: errors.append(str(error)))
        seat0.goto(links[0])
        seat1.goto(links[1])
        # Classic: the dealer is seat 2, so seat 0 plays first.
        seat0.wait_for_selector("#status[data-state='my-turn']")
        seat1.wait_for_selector("#status[data-state='others']")
        state = _stored_state(db)
        assert sorted(_hand_shown(seat0)) == sorted(str(card) for card in state.hands[0])
        assert sorted(_hand_shown(seat1)) == sorted(str(card) for card in state.hands[1])
        assert seat1.locator("#moves button[data-action]").count() == 0
        # Not its turn: the second seat's typed move is refused and changes nothing.
        seat1.fill("#typed-action", "draw")
        seat1.click("#typed button")
        seat1.wait_for_selector("#message[data-error='not_your_turn']")
        assert _stored_state(db) == state
        # The first seat discards; then it is the second seat's turn, not the first's.
        seat0.locator("#hand .card").first.click()
        seat0.click("#moves button.discard")
        seat1.wait_for_selector("#status[data-state='my-turn'][data-phase='draw']")
        seat0.wait_for_selector("#status[data-state='others']")
        assert seat0.locator("#moves button[data-action]").count() == 0
        seat1.click("#moves button[data-action='draw']")
        seat1.wait_for_selector("#status[data-state='my-turn'][data-phase='play']")
        drawn = seat1.get_attribute("#hand .card.drawn", "data-card")
        assert drawn is not None
        seat1.locator("#hand .card").first.click()
        seat1.click("#moves button.discard")
        # The computer at seat 2 moves, and it is the first seat's turn again.
        seat0.wait_for_selector("#status[data-state='my-turn'][data-phase='draw']")
        seat1.wait_for_selector("#status[data-state='others']")
        seat0.wait_for_selector("#log li:has-text('Player 1: draw')")
        seat0_log = seat0.locator("#log li").all_inner_texts()
        replies = [page.evaluate(OWN_REPLY) for page in (seat0, seat1)]
        state = _stored_state(db)
        assert sorted(_hand_shown(seat0)) == sorted(str(card) for card in state.hands[0])
        assert sorted(_hand_shown(seat1)) == sorted(str(card) for card in state.hands[1])
    assert errors == []
    assert [line.split(":")[0] for line in seat0_log[::-1][:3]] == ["You", "Player 1", "Player 1"]
    for seat, reply in enumerate(replies):
        assert (seat, seat) == (reply["seat"], reply["view"]["player"])
        assert "hands" not in reply["view"]
        assert sorted(reply["view"]["hand"]) == sorted(str(card) for card in state.hands[seat])
