"""The JSON the page reads at a claim window (knocking, buying; rules §13) and with cards taken from the table (Räuber-Rommé).

Through Starlette's test client, on fixed seeds found by searching seeds
outside the tests; each names what it gives. The person's seat plays
"draw, then discard the first card of the hand that may be discarded"
until the position comes.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from typing import Any

from tests.web._helpers import act, client, create, look, stored_state, token_of

KLOPFEN_SEED = 14
"""`ass-klopfen`, four seats: at step 8 seat 0 is asked about Computer 1's discard in the
window Computer 2 opened by drawing; Computer 3, asked first, passed."""

KAUFEN_SEED = 3
"""`ass-kaufen`, four seats: seat 0 draws, Computer 1 passes, Computer 2 buys, and seat 0,
the first whose consent the purchase needs, is asked (then Computer 1)."""

RAEUBER_SEED = 2
"""`ass-raeuber`, three seats: at step 10, in seat 0's play phase, meld 1 is J♣ J♠ J♥ J♦."""


def _drive(
    test_client: Any, game: str, token: str, done: Callable[[dict[str, Any]], bool]
) -> dict[str, Any]:
    """Play seat 0 (draw, then discard the first card that may be discarded) until `done(reply)`."""
    reply = look(test_client, game, token)
    for _ in range(60):
        if done(reply):
            return reply
        assert reply["my_turn"], "with delay 0 the computers move before the reply"
        texts = [move["text"] for move in reply["legal"]]
        if "draw" in texts:
            action = "draw"
        else:
            action = next(
                f"discard {card}" for card in reply["view"]["hand"] if f"discard {card}" in texts
            )
        response = act(test_client, game, token, action, step=reply["step"])
        assert response.status_code == 200, response.text
        reply = response.json()
    raise AssertionError("the position did not come within 60 moves")


def _game(test_client: Any, preset: str, players: int, seed: int) -> tuple[str, str]:
    """A new game of `preset` with seat 0 a person: its id and seat 0's token."""
    created = create(test_client, rules=preset, players=players, seed=seed)
    return created["game"], token_of(created, 0)


def _asked(reply: dict[str, Any]) -> bool:
    return bool(reply["my_turn"] and reply["claim"] is not None)


def test_knocking_window_names_the_card_whose_discard_it_is_and_the_answers_ass_s1() -> None:
    """ASS S. 1–2: the seat asked sees the card, whose discard it is, who declined it, who passed, and knock or pass."""
    with client() as test_client:
        game, token = _game(test_client, "ass-klopfen", 4, KLOPFEN_SEED)
        reply = _drive(test_client, game, token, _asked)
        state = stored_state(test_client, game)
        document = test_client.app.state.store.load(game)
    assert reply["step"] == 8
    top, size = str(state.discard_pile[-1]), len(state.discard_pile)
    # Each move logged with the discard pile's size and top after it: a draw and a pass leave it.
    assert document["log"][-3:] == [
        [0, 1, f"discard {top}", size, top, None],
        [0, 2, "draw", size, top, None],
        [0, 3, "pass", size, top, None],
    ]
    assert reply["claim"] == {
        "card": str(state.discard_pile[-1]),
        "discarded_by": 1,
        "kind": "knock",
        "turn_of": 2,
        "asked": 0,
        "buyer": None,
        "claimants": [{"seat": 3, "answer": "passed"}, {"seat": 0, "answer": "asked"}],
        "consents": [],
    }
    assert reply["view"]["phase"] == "claim"
    assert reply["view"]["turn"]["claim"] == {
        "turn_of": 2,
        "passed": [3],
        "buyer": None,
        "consented": [],
    }
    assert reply["legal"] == [
        {"text": "knock", "verb": "knock", "cards": []},
        {"text": "pass", "verb": "pass", "cards": []},
    ]


def test_a_knock_gives_the_card_and_the_top_stock_card_ass_s1() -> None:
    """ASS S. 1–2: after the seat's knock the stored hand holds the discard and the stock's top card, and the log the knock."""
    with client() as test_client:
        game, token = _game(test_client, "ass-klopfen", 4, KLOPFEN_SEED)
        _drive(test_client, game, token, _asked)
        before = stored_state(test_client, game)
        response = act(test_client, game, token, "knock", since=8)
        assert response.status_code == 200, response.text
        after = stored_state(test_client, game)
    reply = response.json()
    under = before.discard_pile[:-1]
    assert reply["events"][0] == {
        "step": 8,
        "round": 0,
        "seat": 0,
        "action": "knock",
        "pile": len(under),
        "top": str(under[-1]) if under else None,
        "taken": None,
        "words": "knock (takes the discard and a penalty card)",
    }
    gained = Counter(after.hands[0]) - Counter(before.hands[0])
    assert gained == Counter([before.discard_pile[-1], before.stock[-1]])
    assert Counter(reply["view"]["hand"]) == Counter(str(card) for card in after.hands[0])


def test_a_seat_not_asked_sees_the_window_and_the_computers_answer_paced_ass_s1() -> None:
    """ASS S. 1–2: while a computer is asked the person's reply shows the window with that seat asked and offers no move; the computer's knock comes after the delay, in the moves."""
    now = [1000.0]
    with client(delay=5.0, clock=lambda: now[0]) as test_client:
        game, token = _game(test_client, "ass-klopfen", 4, KLOPFEN_SEED)
        reply = act(test_client, game, token, "draw").json()
        replies = [reply]
        for later in (1.0, 5.0):
            now[0] = 1000.0 + later
            replies.append(look(test_client, game, token))
    assert not reply["my_turn"]
    assert reply["legal"] == []
    # Seat 0 drew: Computers 1 and 2 are asked in turn; the card was turned up at the deal, nobody's discard.
    assert reply["claim"] == {
        "card": reply["view"]["discard_pile"][-1],
        "discarded_by": None,
        "kind": "knock",
        "turn_of": 0,
        "asked": 1,
        "buyer": None,
        "claimants": [{"seat": 1, "answer": "asked"}, {"seat": 2, "answer": "waiting"}],
        "consents": [],
    }
    assert [r["step"] for r in replies] == [1, 1, 2]
    assert replies[1]["claim"] == reply["claim"]
    # Computer 1 knocks once the delay has passed; the window closes and seat 0 plays on.
    # The knock took the card turned up at the deal, the pile's only card.
    assert replies[2]["events"][-1] == {
        "step": 1,
        "round": 0,
        "seat": 1,
        "action": "knock",
        "pile": 0,
        "top": None,
        "taken": None,
        "words": "knock (takes the discard and a penalty card)",
    }
    assert replies[2]["claim"] is None
    assert replies[2]["my_turn"]
    assert replies[2]["view"]["phase"] == "play"


def test_buying_window_names_the_buyer_and_the_consents_asked_ass_s3() -> None:
    """ASS S. 3: asked for consent, the seat sees who is buying, whose consent is needed, and consent or refuse; a refusal ends the purchase."""
    with client() as test_client:
        game, token = _game(test_client, "ass-kaufen", 4, KAUFEN_SEED)
        reply = _drive(test_client, game, token, _asked)
        before = stored_state(test_client, game)
        refused = act(test_client, game, token, "refuse")
        assert refused.status_code == 200, refused.text
        after = stored_state(test_client, game)
    claim = reply["claim"]
    assert (claim["kind"], claim["turn_of"], claim["asked"], claim["buyer"]) == ("buy", 0, 0, 2)
    assert claim["card"] == str(before.discard_pile[-1])
    assert claim["claimants"] == [{"seat": 1, "answer": "passed"}, {"seat": 2, "answer": "buying"}]
    assert claim["consents"] == [{"seat": 0, "answer": "asked"}, {"seat": 1, "answer": "waiting"}]
    assert [move["text"] for move in reply["legal"]] == ["consent", "refuse"]
    # The refusal closes the window: seat 0 plays on, seat 2 gets nothing.
    after_reply = refused.json()
    assert after_reply["claim"] is None
    assert after_reply["view"]["phase"] == "play"
    assert after_reply["my_turn"]
    assert after.hands[2] == before.hands[2]
    assert after.discard_pile == before.discard_pile


def test_the_last_consent_of_a_purchase_is_logged_with_the_card_gone_from_the_pile_ass_s3() -> None:
    """ASS S. 3: when every seat asked consents, the buyer takes the card: the log's last consent shows the pile without it, the first consent with it."""
    with client() as test_client:
        game, token = _game(test_client, "ass-kaufen", 4, KAUFEN_SEED)
        reply = _drive(test_client, game, token, _asked)
        before = stored_state(test_client, game)
        consented = act(test_client, game, token, "consent", since=reply["step"])
        assert consented.status_code == 200, consented.text
        after = stored_state(test_client, game)
    pile = before.discard_pile
    # Seat 0 consents first, then Computer 1, the last whose consent the purchase needs.
    assert [(e["seat"], e["action"], e["pile"], e["top"]) for e in consented.json()["events"]] == [
        (0, "consent", len(pile), str(pile[-1])),
        (1, "consent", len(pile) - 1, str(pile[-2]) if len(pile) > 1 else None),
    ]
    assert after.discard_pile == pile[:-1]
    assert consented.json()["view"]["discard_pile"] == [str(card) for card in pile[:-1]]


def _robs_j_hearts(reply: dict[str, Any]) -> bool:
    return any(move["text"] == "rob 1 2" for move in reply["legal"]) and reply["view"]["table"][1][
        "cards"
    ] == ["J♣", "J♠", "J♥", "J♦"]


def test_table_cards_to_take_name_their_meld_and_position_ass_s2() -> None:
    """ASS S. 2–3: each `rob N P` move names the table meld N and the position P of the card it takes."""
    with client() as test_client:
        game, token = _game(test_client, "ass-raeuber", 3, RAEUBER_SEED)
        reply = _drive(test_client, game, token, _robs_j_hearts)
    assert reply["step"] == 10
    robs = [move for move in reply["legal"] if move["verb"] == "rob"]
    assert {"text": "rob 1 2", "verb": "rob", "cards": [], "from_table": [1, 2]} in robs
    for move in robs:
        _, meld, position = move["text"].split()
        assert move["from_table"] == [int(meld), int(position)]
        assert move["cards"] == []
    assert all("from_table" not in move for move in reply["legal"] if move["verb"] != "rob")


def test_borrowed_cards_show_in_the_view_until_laid_or_taken_back_ass_s2() -> None:
    """ASS S. 2–3: a card taken from the table is in the hand and the view's borrowed cards, no discard is offered, and a take-back restores the table."""
    with client() as test_client:
        game, token = _game(test_client, "ass-raeuber", 3, RAEUBER_SEED)
        before = _drive(test_client, game, token, _robs_j_hearts)
        robbed = act(test_client, game, token, "rob 1 2").json()
        back = act(test_client, game, token, "takeback").json()
        again = act(test_client, game, token, "rob 1 2").json()
        laid = act(test_client, game, token, "meld run 10♥ J♥ Q♥ K♥").json()
    assert robbed["view"]["turn"]["borrowed"] == ["J♥"]
    # The log names the card taken: `rob 1 2` is the J♥ of the set J♣ J♠ J♥ J♦.
    assert (robbed["events"][-1]["action"], robbed["events"][-1]["taken"]) == ("rob 1 2", "J♥")
    assert (back["events"][-1]["action"], back["events"][-1]["taken"]) == ("takeback", None)
    assert Counter(robbed["view"]["hand"]) == Counter([*before["view"]["hand"], "J♥"])
    assert robbed["view"]["table"][1]["cards"] == ["J♣", "J♠", "J♦"]
    verbs = {move["verb"] for move in robbed["legal"]}
    assert "takeback" in verbs
    assert "discard" not in verbs
    assert robbed["claim"] is None
    assert "borrowed" not in back["view"]["turn"]
    assert back["view"]["table"] == before["view"]["table"]
    assert back["view"]["hand"] == before["view"]["hand"]
    assert again["view"]["turn"]["borrowed"] == ["J♥"]
    assert "borrowed" not in laid["view"]["turn"]
    assert laid["view"]["table"][-1]["cards"] == ["10♥", "J♥", "Q♥", "K♥"]
    assert laid["staged"]["opened"]
    assert "discard" in {move["verb"] for move in laid["legal"]}


def test_presets_with_claims_or_raeuber_say_so() -> None:
    """The preset chooser's words name knocking (ASS S. 1–2), buying (ASS S. 3) and Räuber-Rommé (ASS S. 2–3)."""
    with client() as test_client:
        presets = {p["name"]: p for p in test_client.get("/api/presets").json()["presets"]}
    assert "knocked for out of turn" in presets["ass-klopfen"]["description"]
    assert "bought out of turn" in presets["ass-kaufen"]["description"]
    assert "Räuber-Rommé" in presets["ass-raeuber"]["description"]
    assert "Räuber-Rommé" in presets["schmidt-raeuber"]["description"]
    for words in ("out of turn", "Räuber"):
        assert words not in presets["ass"]["description"]
        assert words not in presets["classic"]["description"]
