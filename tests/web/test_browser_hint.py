"""The Hint button of the web table, pressed in Debian's Chromium (tables point 9).

As in `tests.web.test_browser`: the app under uvicorn in a thread, the computers moving at once,
the game started on the start page (`tests.web.test_browser_claims._table`).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from romme import Match, from_dict, view
from romme.cli import move_words
from romme.play._searchbot import SearchBot
from tests.web.test_browser import _browser, _wait_step_change
from tests.web.test_browser_claims import _document, _table
from tests.web.test_browser_table import OVERFLOW, _press


def _expected(db: Path) -> tuple[str, str]:
    """The hard computer player's move for seat 0 in the stored round: its text and its words."""
    match = from_dict(_document(db)["match"])
    assert isinstance(match, Match)
    assert match.state is not None
    action = SearchBot(0).choose(view(match.state, 0))
    return str(action), move_words(str(action))


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "width"), [("classic", 1300), ("ass-klopfen", 390)])
def test_tables_point9_the_hint_button_shows_the_hard_players_move_and_why(
    tmp_path: Path, preset: str, width: int
) -> None:
    """Tables point 9: on your turn the Hint button (pressed as a person presses, 200 ms) shows the
    hard computer player's move for your seat with one line of why; played, the hint goes; at a
    phone's width the hint fits the screen."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, preset, 3, 5)
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_selector("#status[data-state='my-turn']")
        assert page.is_visible("#hint")
        action, words = _expected(db)

        _press(page, page.locator("#hint"), 200)
        page.wait_for_function("() => document.getElementById('hint-line').textContent !== ''")
        shown = page.inner_text("#hint-line")
        given = page.get_attribute("#hint-line", "data-action")
        fit = page.evaluate(OVERFLOW)
        box = page.locator("#hint-line").bounding_box()

        step = page.get_attribute("#status", "data-step")
        page.fill("#typed-action", action)
        page.click("#typed button")
        _wait_step_change(page, step)
        page.wait_for_function("() => document.getElementById('hint-line').textContent === ''")
    assert errors == []
    assert action == given
    assert shown.startswith(f"Hint: {words}: ")
    assert len(shown) > len(f"Hint: {words}: ") + 10
    assert fit["scroll"] <= width
    assert box is not None
    assert box["x"] >= 0
    assert box["x"] + box["width"] <= width + 0.5
