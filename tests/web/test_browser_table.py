"""The web table as people play it: presses held as long as a finger holds them, phone widths, and the page's words.

As in `tests.web.test_browser`: the app under uvicorn in a thread, the
computers moving at once, Debian's chromium driven by Playwright, and the
games started on the start page (`tests.web.test_browser_claims._table`).
Each test names the point of "the tables as people play them" it pins.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from tests.web.test_browser import OWN_REPLY, _browser, _play_turn, _wait_step_change
from tests.web.test_browser_claims import _click, _table

HOLDS_MS = (150, 200, 250)
"""How long each press is held: a person's click or a tap on a phone."""

PHONE_WIDTHS = (360, 390, 430)
PHONE_HEIGHT = 844
MAX_TURNS = 120

OVERFLOW = """() => {
  const width = window.innerWidth;
  const cut = [];
  const parts = "#seats .seat, .meld .owner, .meld .card, #hand .card, #moves button, #typed button, #typed input,"
    + " #discard .card, #stock, .bar > *, #log li, #sheet:not([hidden]) .panel, #sheet:not([hidden]) button";
  for (const el of document.querySelectorAll(parts)) {
    const box = el.getBoundingClientRect();
    if (box.width && (box.left < -0.5 || box.right > width + 0.5))
      cut.push((el.id || el.className) + " " + Math.round(box.left) + ".." + Math.round(box.right));
  }
  const sheet = document.getElementById("sheet");
  return {
    scroll: document.documentElement.scrollWidth,
    sheetScroll: sheet.hidden ? 0 : sheet.scrollWidth - sheet.clientWidth,
    width,
    cut,
    melds: document.querySelectorAll("#melds .meld").length,
  };
}"""
"""How far the page reaches past the screen's width: the document's scroll width, the score
sheet's own sideways scroll, and every card, label, button or panel cut at either side."""


def _press(page: Any, locator: Any, hold_ms: int) -> None:
    """Press the mouse on the middle of `locator`, hold it `hold_ms`, and let go there."""
    box = locator.bounding_box()
    assert box is not None
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.down()
    page.wait_for_timeout(hold_ms)
    page.mouse.up()


@pytest.mark.slow
def test_presses_held_like_a_persons_all_register_while_polls_arrive(tmp_path: Path) -> None:
    """Tables as people play them, point 1: presses on the hand held 150–250 ms, on the person's turn while the page polls, each select or unselect their card."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "classic", 3, 5)
        page.wait_for_selector("#status[data-state='my-turn']")
        polls: list[float] = []
        page.on(
            "request",
            lambda request: (
                polls.append(time.monotonic())
                if request.method == "GET" and "/api/games/" in request.url
                else None
            ),
        )
        cards = page.locator("#hand .card")
        missed = []
        presses = 18
        for press in range(presses):
            card = cards.nth(press % 6)
            was = "selected" in (card.get_attribute("class") or "").split()
            _press(page, card, HOLDS_MS[press % len(HOLDS_MS)])
            now = "selected" in (cards.nth(press % 6).get_attribute("class") or "").split()
            if now == was:
                missed.append(press)
    assert errors == []
    assert len(polls) >= 6, "the page did not poll during the presses"
    assert missed == [], f"{len(missed)} of {presses} presses did not register: {missed}"


@pytest.mark.slow
def test_nothing_scrolls_sideways_at_phone_widths_through_a_round_and_its_sheet(
    tmp_path: Path,
) -> None:
    """Tables as people play them, points 2 and 3: at 360, 390 and 430 px wide nothing reaches past the screen through a whole round with a full table, nor on the score sheet; the next round's moves follow a divider in the move log."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    measured: list[dict[str, Any]] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "classic", 4, 5)
        for _ in range(MAX_TURNS):
            page.wait_for_selector("#status[data-state='my-turn'], #status[data-state='sheet']")
            for width in PHONE_WIDTHS:
                page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
                measured.append(page.evaluate(OVERFLOW))
            if page.get_attribute("#status", "data-state") == "sheet":
                break
            page.set_viewport_size({"width": 1300, "height": 900})
            _play_turn(page)
        else:
            pytest.fail(f"the round did not end within {MAX_TURNS} turns")
        page.wait_for_selector("#sheet:not([hidden])")
        for width in PHONE_WIDTHS:
            page.set_viewport_size({"width": width, "height": PHONE_HEIGHT})
            measured.append(page.evaluate(OVERFLOW))
        wide = [m for m in measured if m["scroll"] > m["width"] or m["sheetScroll"] > 0 or m["cut"]]
        assert wide == [], wide[:3]
        page.set_viewport_size({"width": 1300, "height": 900})
        page.click("#next-round")
        page.wait_for_selector("#status[data-state='my-turn']")
        _play_turn(page)  # round 2: the person's move and the computers' after it
        page.wait_for_selector("#status[data-state='my-turn']")
        log = page.locator("#log li").evaluate_all(
            "items => items.map(li => [li.className, li.textContent])"
        )
    assert errors == []
    assert max(m["melds"] for m in measured) >= 6, "the table never held many melds"
    assert len(measured) > 3 * 10, "the person played fewer than ten turns"
    # The log lists newest first: round 2's moves, then one divider, then round 1's moves.
    dividers = [i for i, (kind, _) in enumerate(log) if "round-divider" in kind]
    assert [log[i][1] for i in dividers] == ["Round 2"]
    assert 0 < dividers[0] < len(log) - 1


@pytest.mark.slow
def test_the_page_names_an_unreadable_move_keeps_a_refused_one_and_clears_a_lost_server(
    tmp_path: Path,
) -> None:
    """Tables as people play them, point 3: text that cannot be read is said so (not "Not allowed"), a refused typed move keeps its text, and "the server does not answer" goes on the first good reply."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "classic", 3, 5)
        page.wait_for_selector("#status[data-state='my-turn']")
        page.fill("#typed-action", "fly to the moon")
        page.click("#typed button")
        page.wait_for_selector("#message[data-error='bad_action']")
        unreadable = page.inner_text("#message")
        unreadable_kept = page.input_value("#typed-action")
        # Classic: the first seat begins with 14 cards and discards; drawing is refused.
        page.fill("#typed-action", "draw")
        page.click("#typed button")
        page.wait_for_selector("#message:not([data-error='bad_action']):not([data-error=''])")
        refused = page.inner_text("#message")
        refused_kept = page.input_value("#typed-action")
        page.route("**/api/games/**", lambda route: route.abort())
        page.wait_for_selector("#message:has-text('does not answer')")
        page.unroute("**/api/games/**")
        page.wait_for_function("() => document.getElementById('message').textContent === ''")
        # The lost server is back: a move typed now is made and its text cleared.
        first = page.locator("#hand .card").first.get_attribute("data-card")
        step = page.get_attribute("#status", "data-step")
        page.fill("#typed-action", f"discard {first}")
        page.click("#typed button")
        _wait_step_change(page, step)
        page.wait_for_function("() => document.getElementById('typed-action').value === ''")
    assert errors == []
    assert unreadable.startswith("Cannot read the move: "), unreadable
    assert "Not allowed" not in unreadable
    assert unreadable_kept == "fly to the moon"
    assert refused.startswith("Not allowed: "), refused
    assert refused_kept == "draw"


@pytest.mark.slow
def test_a_link_to_no_game_shows_a_plain_page_with_a_link_to_start_one(tmp_path: Path) -> None:
    """Tables as people play them, point 3: a link to no game, or one with no seat, says so on a plain page that links to the start page, instead of loading forever."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "classic", 3, 5)
        game = page.url.split("/g/")[1].split("#")[0]
        shown = []
        for link in (f"/g/{'x' * 16}#{'t' * 20}", f"/g/{game}#{'t' * 20}", f"/g/{game}"):
            page.goto(base + link)
            page.wait_for_selector("main.no-game h1")
            start = page.locator("main.no-game a[href='/']")
            shown.append(
                (page.inner_text("main.no-game h1"), start.inner_text(), page.inner_text("body"))
            )
        start.click()
        page.wait_for_selector("#start")
    assert errors == []
    assert [heading for heading, _, _ in shown] == [
        "There is no such game",
        "This link opens no seat",
        "This link opens no seat",
    ]
    for _, words, body in shown:
        assert words == "Start a new game"
        assert "Loading" not in body
        assert "Table melds" not in body


JOKER_FITS = """() => {
  const cut = [];
  for (const card of document.querySelectorAll(".cards .card.joker, #discard .card.empty")) {
    const text = document.createRange();
    text.selectNodeContents(card);
    const inner = text.getBoundingClientRect();
    const box = card.getBoundingClientRect();
    const border = parseFloat(getComputedStyle(card).borderLeftWidth);
    if (inner.left < box.left + border + 1 || inner.right > box.right - border - 1) cut.push(card.textContent);
  }
  return cut;
}"""
"""The jokers of table melds and the empty discard pile's word whose text reaches within 1 px of
their card's border, or past it."""

DRAWN_SEED = 0
"""`classic`, three seats, seat 0 a person: at its second turn the person draws the joker and
may meld the set 4♠ 4♥ JK with it."""


@pytest.mark.slow
def test_the_joker_and_the_empty_pile_fit_their_cards_and_a_melded_draw_is_not_named(
    tmp_path: Path,
) -> None:
    """Tables as people play them, point 5: "JK" stays inside a small table card and "empty" off the discard pile's border; "you drew …" goes once the drawn card is melded."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "classic", 3, DRAWN_SEED)
        page.set_viewport_size({"width": 390, "height": PHONE_HEIGHT})
        page.wait_for_selector("#status[data-state='my-turn']")
        # Classic: the first seat discards first, so the pile is empty.
        assert page.locator("#discard .card.empty").count() == 1
        empty_cut = page.evaluate(JOKER_FITS)
        page.set_viewport_size({"width": 1300, "height": 900})
        melded = None
        for _ in range(10):
            page.wait_for_selector("#status[data-state='my-turn']")
            if page.get_attribute("#status", "data-phase") == "draw":
                _click(page, "#moves button[data-action='draw']")
            reply = page.evaluate(OWN_REPLY)
            drawn = reply["drawn"]
            melds = [
                move["text"]
                for move in reply["legal"]
                if move["verb"] in ("meld", "layoff") and drawn in move["cards"]
            ]
            if melds:
                named = page.text_content("#drawn-note")
                page.fill("#typed-action", melds[0])
                step = page.get_attribute("#status", "data-step")
                page.click("#typed button")
                _wait_step_change(page, step)
                melded = (drawn, named, page.text_content("#drawn-note"))
                break
            _play_turn(page)
        jokers = page.locator(".meld .card.joker").count()
        joker_cut = page.evaluate(JOKER_FITS)
    assert errors == []
    assert empty_cut == []
    assert melded is not None, "the person never drew a card to meld"
    drawn, before, after = melded
    assert before == f"· you drew {drawn}"
    assert after == ""
    assert jokers >= 1
    assert joker_cut == []
