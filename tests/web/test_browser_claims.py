"""The web table at a claim window (knocking, buying; rules §13) and in Räuber-Rommé, played by clicking in Chromium.

As in `tests.web.test_browser`: the app under uvicorn in a thread, the
computers moving at once, Debian's chromium driven by Playwright. Each
test plays a fixed seed, found by searching seeds outside the tests, whose
position is named where it is used: the person plays "draw, then discard
the first card the page offers a discard for" until the position comes.
Every wait is for a selector or the status line's step, never a sleep.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from romme import GameState
from tests.web.test_browser import (
    RECORD_STATUS,
    _assert_shown_one_by_one,
    _browser,
    _play_turn,
    _stored_match,
    _wait_step_change,
)

MAX_TURNS = 80

KLOPFEN_SEED = 14
"""`ass-klopfen`, four seats, seat 0 a person: Computer 1 knocks for a discard early on, and at
step 8 the person is asked about Computer 1's discard, in the window Computer 2 opened by
drawing (Computer 3, asked first, passes)."""

KAUFEN_SEED = 3
"""`ass-kaufen`, four seats, seat 0 a person: seat 0 draws, Computer 1 passes, Computer 2 buys,
and the person, the first whose consent the purchase needs, is asked (then Computer 1, who
consents)."""

PURCHASE_REPLAY_SEED = 0
"""`ass-kaufen`, four seats, seat 0 a person: after the person's fourth move the computers'
moves come together, and among them Computer 3 buys Computer 1's discard and Computer 2, the
only seat whose consent it needs, consents, then discards."""

RECORD_PILE = """
window.pileShown = [];
document.addEventListener("DOMContentLoaded", () => {
  const status = document.getElementById("status");
  if (!status) return; // the start page
  new MutationObserver(() => {
    const top = document.querySelector("#discard .card");
    const entry = [status.dataset.state, status.textContent,
      document.getElementById("discard-size").textContent, top ? top.dataset.card || null : null];
    const last = window.pileShown[window.pileShown.length - 1];
    if (!last || last[0] !== entry[0] || last[1] !== entry[1]) window.pileShown.push(entry);
  }).observe(status, { attributes: true, childList: true, characterData: true, subtree: true });
});
"""
"""Records, at every change of the status line, its state and text and the discard pile shown then (size, top card)."""

RAEUBER_SEED = 2
"""`ass-raeuber`, three seats, seat 0 a person: at step 10, in the person's play phase, table
meld 1 is the set J♣ J♠ J♥ J♦; its J♥ (position 2) taken, the set keeps three cards, and the
person's 10♥ Q♥ K♥ with it make the run 10♥ J♥ Q♥ K♥ (40 points, an opening)."""


def _table(browser: Any, base: str, errors: list[str], preset: str, players: int, seed: int) -> Any:
    """A new page, its script errors collected in `errors`, at a new game of `preset` (seat 0 a person)."""
    page = browser.new_page(viewport={"width": 1300, "height": 900})
    page.set_default_timeout(20_000)
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.add_init_script(RECORD_STATUS)
    _start(page, base, preset, players, seed)
    return page


def _start(page: Any, base: str, preset: str, players: int, seed: int) -> None:
    """Choose `preset` on the start page (listed from /api/presets), `players` seats, `seed`; start."""
    page.goto(base + "/")
    page.wait_for_selector(f"#rules option[value='{preset}']", state="attached")
    page.select_option("#rules", preset)
    page.select_option("#players", str(players))
    page.click("details summary")
    page.fill("#seed", str(seed))
    page.click("#start")
    page.wait_for_url("**/g/**")


def _document(db: Path) -> dict[str, Any]:
    """The stored document of the one game in the SQLite file."""
    from romme.web.store import GameStore

    store = GameStore(db)
    try:
        (game,) = store.games()
        document = store.load(game)
    finally:
        store.close()
    assert document is not None
    return document


def _state(db: Path) -> GameState:
    state = _stored_match(db).state
    assert state is not None
    return state


def _click(page: Any, selector: str) -> None:
    """Click `selector` and wait until the page shows the reply (the status line's step moves on)."""
    step = page.get_attribute("#status", "data-step")
    page.click(selector)
    _wait_step_change(page, step)


def _play_until(page: Any, found: Callable[[], bool]) -> bool:
    """Play the person's seat (draw; discard the first card offered a discard) until `found()` on its move."""
    for _ in range(MAX_TURNS):
        page.wait_for_selector("#status[data-state='my-turn']")
        if found():
            return True
        if page.get_attribute("#status", "data-phase") == "draw":
            _click(page, "#moves button[data-action='draw']")
        else:
            _play_turn(page)
    return False


def _play_to_a_window(page: Any) -> None:
    """Play the person's seat until it is asked at a claim window."""
    if not _play_until(page, lambda: page.get_attribute("#status", "data-phase") == "claim"):
        pytest.fail(f"the person was not asked at a claim window within {MAX_TURNS} moves")


@pytest.mark.slow
def test_a_person_knocks_at_a_claim_window_by_clicking_ass_s1(tmp_path: Path) -> None:
    """ASS S. 1–2 (Klopfen): asked at a claim window, the person sees the card and the answers so far, knocks by clicking, and gets the card and a penalty card."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "ass-klopfen", 4, KLOPFEN_SEED)
        _play_to_a_window(page)
        before = _state(db)
        claim = before.turn.claim
        assert claim is not None
        assert before.current_player == 0
        card = str(before.discard_pile[-1])
        page.wait_for_selector(f"#claim:not([hidden])[data-card='{card}'][data-kind='knock']")
        head = page.inner_text("#claim .claim-head")
        answers = page.locator("#claim .claim-answers li").all_inner_texts()
        status = page.inner_text("#status")
        buttons = page.locator("#moves button[data-action]")
        offered = dict(
            zip(
                buttons.evaluate_all("bs => bs.map(b => b.dataset.action)"),
                buttons.all_inner_texts(),
                strict=True,
            )
        )
        log_before = page.locator("#log li").all_inner_texts()
        shown = page.evaluate("window.statusShown")
        page.click("#moves button[data-action='knock']")
        # The reply to the knock is saved before it reaches the page.
        page.wait_for_selector("#log li:has-text('You: knock')")
        after = _state(db)
        steps = len(_document(db)["log"])
        page.wait_for_selector(f"#status[data-step='{steps}']")
        hand_shown = page.locator("#hand .card").evaluate_all("cs => cs.map(c => c.dataset.card)")
        claimed = page.locator("#hand .card.claimed").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        note = page.text_content("#drawn-note")
    assert errors == []
    # The page named the window's card and seats, and the seat asked.
    assert head.startswith("Computer 1's discard")
    assert head.endswith("is offered: Computer 2 drew from the stock instead of taking it.")
    assert answers == ["Computer 3: passed", "You: asked now…"]
    assert status == f"Knock or pass: {card} is offered"
    assert offered == {
        "knock": f"Knock: take {card} and a penalty card",
        "pass": f"Pass: leave {card}",
    }
    # Computer 1's knock, earlier, is in the log in words; the computers' moves that came
    # together, Computer 3's pass among them, were shown one by one on the status line.
    assert "Computer 1: knock (takes the discard and a penalty card)" in log_before
    _assert_shown_one_by_one(shown, log_before)
    assert [0, 3, "pass"] in [entry[:3] for entry in _document(db)["log"]]
    assert ["replay", "Computer 3: pass (claims nothing)"] in [entry[1:] for entry in shown]
    # The stored game: the knock in the log, the card and the stock's top card in the hand.
    assert [0, 0, "knock"] in [entry[:3] for entry in _document(db)["log"]]
    gained = Counter(after.hands[0]) - Counter(before.hands[0])
    penalty = before.stock[-1]
    assert gained == Counter([before.discard_pile[-1], penalty])
    assert len(after.hands[0]) == len(before.hands[0]) + 2
    assert sorted(hand_shown) == sorted(str(c) for c in after.hands[0])
    # The page marks the two cards the knock brought.
    assert sorted(claimed) == sorted([card, str(penalty)])
    assert note == f"· your claim brought {card} and, from the stock, {penalty}"


@pytest.mark.slow
def test_a_person_robs_a_table_card_takes_back_and_lays_it_again_ass_s2(tmp_path: Path) -> None:
    """ASS S. 2–3 (Räuber-Rommé): the person clicks a table card to take it, sees it marked in the hand, takes back, takes it again and lays it in a new meld."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    rob = "#melds .card[data-rob='rob 1 2'][data-card='J♥']"
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "ass-raeuber", 3, RAEUBER_SEED)
        if not _play_until(page, lambda: page.locator(rob).count() == 1):
            pytest.fail(f"the table's J♥ was not offered within {MAX_TURNS} moves")
        table_before = _state(db).table
        # A click on the table card offers to take it into the hand.
        page.click(rob)
        offer = page.inner_text("#moves button[data-action='rob 1 2']")
        _click(page, "#moves button[data-action='rob 1 2']")
        marked = page.locator("#hand .card.borrowed").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        note = page.inner_text("#borrowed-note")
        meld_after_rob = page.locator("#melds li[data-index='1'] .card").evaluate_all(
            "cs => cs.map(c => c.dataset.card)"
        )
        # No discard is offered while the card is out of the table.
        page.locator("#hand .card:not(.borrowed)").first.click()
        discards = page.locator("#moves button.discard").count()
        page.locator("#hand .card.selected").first.click()
        takeback = page.inner_text("#moves button[data-action='takeback']")
        _click(page, "#moves button[data-action='takeback']")
        page.wait_for_selector("#borrowed-note", state="hidden")
        after_takeback = _state(db)
        marked_after_takeback = page.locator("#hand .card.borrowed").count()
        # Taken again and laid in the run 10♥ J♥ Q♥ K♥ (the borrowed J♥ selected among them).
        page.click(rob)
        _click(page, "#moves button[data-action='rob 1 2']")
        for text in ("10♥", "J♥", "Q♥", "K♥"):
            kind = ".borrowed" if text == "J♥" else ":not(.borrowed)"
            page.locator(f"#hand .card{kind}[data-card='{text}']").first.click()
        meld = "meld run 10♥ J♥ Q♥ K♥"
        _click(page, f"#moves button[data-action='{meld}']")
        page.wait_for_selector("#borrowed-note", state="hidden")
        laid = _state(db)
        status = page.inner_text("#status")
        logged = page.locator("#log li").all_inner_texts()
        _play_turn(page)
    assert errors == []
    assert offer == "Take J♥ from meld 1 into your hand"
    assert marked == ["J♥"]
    assert note.startswith("Taken from the table:")
    assert "before you discard" in note
    assert meld_after_rob == ["J♣", "J♠", "J♦"]
    assert discards == 0
    assert takeback == "Take back: the table as it was"
    assert after_takeback.table == table_before
    assert after_takeback.turn.borrowed == ()
    assert marked_after_takeback == 0
    assert status == "Your turn: meld, lay off, then discard"
    assert logged.count("You: rob 1 2 (takes J♥ from meld 1)") == 2
    # The stored game: the moves in the log, the set of three and the person's run on the table.
    log = [entry for entry in _document(db)["log"] if entry[1] == 0]
    moves = [entry[2] for entry in log]
    assert moves[moves.index("rob 1 2") :][:4] == ["rob 1 2", "takeback", "rob 1 2", meld]
    assert [str(c) for c in laid.table[1].meld.cards] == ["J♣", "J♠", "J♦"]
    run = laid.table[-1]
    assert ([str(c) for c in run.meld.cards], run.owner) == (["10♥", "J♥", "Q♥", "K♥"], 0)
    assert laid.opened[0]
    assert laid.turn.borrowed == ()


@pytest.mark.slow
def test_a_person_consents_to_a_purchase_by_clicking_ass_s3(tmp_path: Path) -> None:
    """ASS S. 3 (Kaufen): asked to consent, the person sees the buyer and the consents needed, consents by clicking, and the buyer gets the card and the top stock card."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "ass-kaufen", 4, KAUFEN_SEED)
        _play_to_a_window(page)
        before = _state(db)
        card = str(before.discard_pile[-1])
        page.wait_for_selector(f"#claim:not([hidden])[data-card='{card}'][data-kind='buy']")
        lists = [
            page.locator("#claim .claim-answers").nth(i).locator("li").all_inner_texts()
            for i in range(2)
        ]
        status = page.inner_text("#status")
        labels = page.locator("#moves button[data-action]").all_inner_texts()
        _click(page, "#moves button[data-action='consent']")
        page.wait_for_selector("#log li:has-text('Computer 1: consent (to the purchase)')")
        closed = page.locator("#claim").is_hidden()
    after = _state(db)
    assert errors == []
    assert lists == [
        ["Computer 1: passed", "Computer 2: wants to buy"],
        ["You: asked now…", "Computer 1: not asked yet"],
    ]
    assert status == f"Computer 2 wants to buy {card}: consent or refuse"
    assert labels == [
        f"Consent: Computer 2 may buy {card}",
        f"Refuse: Computer 2 may not buy {card}",
    ]
    assert closed
    log = _document(db)["log"]
    pile = before.discard_pile
    # Computer 1's consent, the last the purchase needs, leaves the pile without the card bought.
    assert log[[entry[:3] for entry in log].index([0, 0, "consent"]) + 1] == [
        0,
        1,
        "consent",
        len(pile) - 1,
        str(pile[-2]) if len(pile) > 1 else None,
        None,
    ]
    gained = Counter(after.hands[2]) - Counter(before.hands[2])
    assert gained == Counter([before.discard_pile[-1], before.stock[-1]])


@pytest.mark.slow
def test_computers_moves_shown_one_by_one_show_the_pile_a_purchase_leaves_ass_s3(
    tmp_path: Path,
) -> None:
    """ASS S. 3: replaying the computers' moves, the page shows after the last consent of a purchase the pile without the card bought, and after the next discard that card on it."""
    db = tmp_path / "games.sqlite3"
    errors: list[str] = []
    with _browser(db) as (base, browser):
        page = _table(browser, base, errors, "ass-kaufen", 4, PURCHASE_REPLAY_SEED)
        page.add_init_script(RECORD_PILE)
        page.reload()

        def bought() -> bool:
            log = _document(db)["log"]
            return any(entry[1:3] == [3, "buy"] for entry in log[:-2])

        found = _play_until(page, bought)
        shown = page.evaluate("window.pileShown")
        log = _document(db)["log"]
    assert errors == []
    assert found, f"Computer 3 bought no card within {MAX_TURNS} moves"
    buy = next(i for i, entry in enumerate(log) if entry[1:3] == [3, "buy"])
    consent, discard = log[buy + 1], log[buy + 2]
    assert (consent[1:3], discard[1]) == ([2, "consent"], 2)
    assert consent[3] == log[buy][3] - 1  # the card bought left the pile
    replayed = [entry for entry in shown if entry[0] == "replay"]
    texts = [text for _, text, _, _ in replayed]
    at_consent = replayed[texts.index("Computer 2: consent (to the purchase)")]
    at_discard = replayed[texts.index(f"Computer 2: discard {discard[2].split()[1]}")]
    assert at_consent[2:] == [f"{consent[3]} cards", consent[4]]
    assert at_discard[2:] == [f"{discard[3]} cards", discard[4]]
