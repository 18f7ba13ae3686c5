"""Several people at one table, in Debian's Chromium (tables point 4): the seat links with a copy
button, out-of-turn refusals by name, the score sheet giving way when another person starts
the next round, and a stale move from a second tab.

As in `tests.web.test_browser`: the app under uvicorn in a thread, the computers moving at once;
each person in a browser context of their own.
"""

from __future__ import annotations

import json
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from romme import GreedyBot, PlayerView, from_dict
from tests.web.test_browser import _browser, _stored_state

MAX_MOVES = 2000


def _http(base: str, method: str, path: str, token: str, body: Any = None) -> tuple[int, Any]:
    """One request to the real server as a seat: its status and its JSON."""
    data = None if body is None else json.dumps(body).encode("utf-8")
    request = urllib.request.Request(base + path, data=data, method=method)
    request.add_header("Authorization", f"Bearer {token}")
    request.add_header("Content-Type", "application/json")
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, json.loads(error.read())


def _play_round_by_api(base: str, game: str, tokens: dict[int, str]) -> None:
    """Play the people's seats with GreedyBot over the API until the round's score sheet."""
    for _ in range(MAX_MOVES):
        for token in tokens.values():
            status, reply = _http(base, "GET", f"/api/games/{game}", token)
            assert status == 200, reply
            if reply["waiting"] or reply["match"]["over"]:
                return
            if reply["my_turn"]:
                seen = from_dict(reply["view"])
                assert isinstance(seen, PlayerView)
                move = str(GreedyBot().choose(seen))
                status, answer = _http(
                    base, "POST", f"/api/games/{game}/actions", token, {"action": move}
                )
                assert status == 200, answer
    pytest.fail(f"the round did not end within {MAX_MOVES} moves")


@pytest.mark.slow
def test_tables_point4_several_people_at_one_table(tmp_path: Path) -> None:
    """Tables point 4: people choose their names on the start page, which the seat links and
    the other seats' pages show; the seat links come with a copy button that copies the whole link; a move
    out of turn is refused naming the seat to act; a move sent from a second tab that is behind
    says "The game moved on; here is the table now." and shows the table as it is; the score
    sheet closes on the other person's page when one person starts the next round."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        first = browser.new_context(viewport={"width": 1300, "height": 850})
        second = browser.new_context(viewport={"width": 1300, "height": 850})
        first.grant_permissions(["clipboard-read", "clipboard-write"], origin=base)
        for context in (first, second):
            context.set_default_timeout(20_000)
        start = first.new_page()
        start.goto(base + "/")
        start.wait_for_selector("#rules option[value='classic']", state="attached")
        start.select_option("#rules", "classic")
        start.select_option("#players", "3")
        start.check("#human-1")
        start.fill("#name-0", "Anna")
        start.fill("#name-1", "Ben")
        unticked_name_shown = start.is_visible("#name-2")
        start.click("details summary")
        start.fill("#seed", "5")
        start.click("#start")
        start.wait_for_selector("#links:not([hidden])")
        links = start.locator("#link-list a").evaluate_all("links => links.map(a => a.href)")
        link_names = start.locator("#link-list a").all_inner_texts()
        start.click("#link-list button.copy[data-seat='1']")
        copied = start.evaluate("navigator.clipboard.readText()")
        copy_label = start.inner_text("#link-list button.copy[data-seat='1']")

        seat0, stale_tab, seat1 = first.new_page(), first.new_page(), second.new_page()
        for page in (seat0, stale_tab, seat1):
            page.on("pageerror", lambda error: errors.append(str(error)))
        seat0.goto(links[0])
        seat1.goto(links[1])
        stale_tab.goto(links[0])
        for page in (seat0, stale_tab):
            page.wait_for_selector("#status[data-state='my-turn']")
        seat1.wait_for_selector("#status[data-state='others']")
        seat0_seats = seat0.inner_text("#seats")
        seat1_seats = seat1.inner_text("#seats")

        # Out of turn: refused by the name of the seat to act, as seat 1 sees it.
        seat1.fill("#typed-action", "draw")
        seat1.click("#typed button")
        seat1.wait_for_selector("#message[data-error='not_your_turn']")
        out_of_turn = seat1.inner_text("#message")

        # The second tab stops hearing from the server while the first tab moves.
        stale_tab.route(lambda url: "?since=" in url, lambda route: route.abort())
        held = stale_tab.get_attribute("#status", "data-step")
        card = seat0.locator("#hand .card").first.get_attribute("data-card")
        seat0.locator("#hand .card").first.click()
        seat0.click("#moves button.discard")
        seat0.wait_for_selector("#status[data-state='others']")
        stale_tab.unroute_all()
        other = stale_tab.locator("#hand .card").nth(1).get_attribute("data-card")
        stale_tab.fill("#typed-action", f"discard {other}")
        stale_tab.click("#typed button")
        stale_tab.wait_for_selector("#message[data-error='stale']")
        stale_words = stale_tab.inner_text("#message")
        moved_on = stale_tab.get_attribute("#status", "data-step")
        state_after = _stored_state(db)

        # A whole round over the API; then seat 0 starts the next one from its score sheet.
        tokens = {0: links[0].split("#")[1], 1: links[1].split("#")[1]}
        game = links[0].split("/g/")[1].split("#")[0]
        _play_round_by_api(base, game, tokens)
        seat0.wait_for_selector("#sheet:not([hidden])")
        seat1.wait_for_selector("#sheet:not([hidden])")
        seat0.click("#next-round")
        seat0.wait_for_selector("#sheet[hidden]", state="attached")
        seat1.wait_for_selector("#sheet[hidden]", state="attached")
        round_line = seat1.inner_text("#match-line")
    assert errors == []
    assert copied == links[1]
    assert copy_label == "Copied"
    assert out_of_turn == "Not allowed: it is Anna's turn, not yours"
    assert ["Seat 0 (Anna)", "Seat 1 (Ben)"] == link_names
    assert not unticked_name_shown  # a computer's seat takes no name
    assert "Anna" in seat1_seats
    assert "Ben" in seat0_seats
    assert stale_words == "The game moved on; here is the table now."
    assert held is not None
    assert moved_on is not None
    assert int(moved_on) > int(held)
    assert card is not None
    assert 13 == len(state_after.hands[0])  # the first tab's discard; the stale one changed nothing
    assert "round 2" in round_line
