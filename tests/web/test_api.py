"""The web table's HTTP API through Starlette's test client, on a real SQLite store.

Pinned here: the preset chooser, creating games, the reply of a seat (its
view, its legal moves, the card it drew, what it has staged towards the
opening), moves and refusals with their `Reason`, the computers' pacing,
the score sheet, the next round and the end of the match, and the pages.
"""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

import pytest

from romme import (
    PRESETS,
    GreedyBot,
    PlayerView,
    find_rules,
    hand_penalty,
    legal_actions,
    loads,
    new_match,
    parse_cards,
    to_dict,
    validate_meld,
    view,
)
from tests.web._helpers import (
    act,
    bearer,
    client,
    create,
    look,
    stored_match,
    stored_state,
    stored_text,
    token_of,
)


def _view(reply: dict[str, Any]) -> PlayerView:
    seen = loads(json.dumps(reply["view"]))
    assert isinstance(seen, PlayerView)
    return seen


def _play_round(test_client: Any, game: str, tokens: dict[int, str]) -> dict[str, Any]:
    """Play the round in play to its end, each person's seat choosing as GreedyBot does."""
    seat = next(iter(tokens))
    reply = look(test_client, game, tokens[seat])
    for _ in range(2000):
        if reply["waiting"] or reply["match"]["over"]:
            return reply
        to_act = reply["view"]["current_player"]
        assert to_act in tokens, "with delay 0 the computers move before the reply"
        mine = look(test_client, game, tokens[to_act])
        action = GreedyBot().choose(_view(mine))
        response = act(test_client, game, tokens[to_act], str(action), step=mine["step"])
        assert response.status_code == 200, response.text
        reply = response.json()
    raise AssertionError("the round did not end within 2000 moves")


def test_presets_are_offered_by_name() -> None:
    """The preset chooser lists every preset of romme.PRESETS with its seat range."""
    with client() as test_client:
        presets = test_client.get("/api/presets").json()["presets"]
    assert [p["name"] for p in presets] == list(PRESETS)
    drov = next(p for p in presets if p["name"] == "drov")
    assert (drov["min_players"], drov["max_players"], drov["opening"]) == (3, 6, 40)


def test_creating_a_game_gives_each_person_a_link() -> None:
    """Creating a game gives a token and a link to each person's seat and none to the computers."""
    with client() as test_client:
        created = create(test_client, players=4, humans=[0, 2])
    seats = created["seats"]
    assert [s["human"] for s in seats] == [True, False, True, False]
    assert seats[1]["token"] is None
    assert "link" not in seats[1]
    assert seats[0]["link"] == f"/g/{created['game']}#{seats[0]['token']}"
    assert seats[0]["token"] != seats[2]["token"]


def test_reply_carries_the_seats_view() -> None:
    """A seat's reply holds to_dict(view(state, seat)) of the stored round in play."""
    with client() as test_client:
        created = create(test_client)
        reply = look(test_client, created["game"], token_of(created, 0))
        state = stored_state(test_client, created["game"])
    assert reply["view"] == to_dict(view(state, 0))
    assert reply["seat"] == 0
    assert reply["preset"] == "classic"


def test_first_round_is_the_matchs_deal() -> None:
    """The game is new_match(rules, players, seed, dealer = the last seat): seat 0 plays first."""
    with client() as test_client:
        created = create(test_client, seed=11)
        reply = look(test_client, created["game"], token_of(created, 0))
    dealt = new_match(find_rules("classic"), 3, seed=11, dealer=2).state
    assert dealt is not None
    assert parse_cards(" ".join(reply["view"]["hand"])) == dealt.hands[0]
    assert reply["view"]["dealer"] == 2
    assert reply["my_turn"]


def test_legal_moves_are_the_librarys_with_their_hand_cards() -> None:
    """The offered moves are legal_actions in order, each with the hand cards it uses."""
    with client() as test_client:
        created = create(test_client)
        reply = look(test_client, created["game"], token_of(created, 0))
        state = stored_state(test_client, created["game"])
    assert [m["text"] for m in reply["legal"]] == [str(a) for a in legal_actions(state)]
    for move in reply["legal"]:
        if move["verb"] == "discard":
            assert move["cards"] == [move["text"].split(" ", 1)[1]]
        if move["verb"] == "meld":
            assert sorted(move["cards"]) == sorted(move["text"].split(" ")[2:])


def test_a_move_is_applied_and_the_computers_answer() -> None:
    """A legal move is applied; with delay 0 the computers move until the person is to act again."""
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        first = look(test_client, game, token)["view"]["hand"][0]
        response = act(test_client, game, token, f"discard {first}")
        assert response.status_code == 200, response.text
        reply = response.json()
    events = reply["events"]
    # cardgames.zone §4: no card is turned up at the deal, so the first discard starts the pile.
    assert events[0] == {
        "step": 0,
        "round": 0,
        "seat": 0,
        "action": f"discard {first}",
        "pile": 1,
        "top": first,
        "taken": None,
        "words": f"discard {first}",
    }
    assert {e["seat"] for e in events[1:]} == {1, 2}
    assert reply["step"] == len(events)
    assert reply["my_turn"]
    assert reply["view"]["phase"] == "draw"


def test_the_drawn_card_is_named_to_its_seat() -> None:
    """After a draw the reply names the card drawn, the one card the hand gained."""
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        first = look(test_client, game, token)["view"]["hand"][0]
        before = act(test_client, game, token, f"discard {first}").json()
        assert before["drawn"] is None
        after = act(test_client, game, token, "draw").json()
    gained = Counter(after["view"]["hand"]) - Counter(before["view"]["hand"])
    assert list(gained) == [after["drawn"]]


def test_an_illegal_move_is_refused_with_its_reason() -> None:
    """An illegal move gets 409 with the Reason value and the reason in words; the game is unchanged."""
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        stored = stored_text(test_client, game)
        hand = look(test_client, game, token)["view"]["hand"]
        missing = next(c for c in ("5♣", "5♠", "9♥", "3♦") if c not in hand)
        response = act(test_client, game, token, f"discard {missing}")
        assert stored_text(test_client, game) == stored
        wrong_phase = act(test_client, game, token, "draw")
    assert response.status_code == 409
    assert response.json()["error"] == "card_not_in_hand"
    assert missing in response.json()["message"]
    assert wrong_phase.json()["error"] == "wrong_phase"


def test_a_meld_with_a_card_not_held_names_that_card_alone() -> None:
    """A meld of two held cards and one not held is refused naming the missing card, not the whole meld."""
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        hand = look(test_client, game, token)["view"]["hand"]
        held = [card for card in hand if card != "JK"][:2]
        missing = next(c for c in ("5♣", "5♠", "9♥", "3♦") if c not in hand)
        response = act(test_client, game, token, f"meld {held[0]} {held[1]} {missing}")
    assert response.status_code == 409
    assert response.json() == {
        "error": "card_not_in_hand",
        "message": f"you do not hold {missing}",
    }


@pytest.mark.parametrize(
    ("rules", "citation"),
    [
        ("classic", "cardgames.zone rules §6"),
        ("schmidt", "Schmidt S. 2"),
        ("ass", "DRoV rule 9"),
    ],
)
def test_a_refused_move_cites_the_presets_own_rule_book(rules: str, citation: str) -> None:
    """Tables point 8 (cardgames.zone §6, Schmidt S. 2, DRoV Nr. 9): a lay-off before the opening is refused
    citing the rule book of the game's preset (under `classic` not DRoV), and the game is unchanged."""
    with client() as test_client:
        created = create(test_client, rules=rules)
        game, token = created["game"], token_of(created, 0)
        reply = look(test_client, game, token)
        if reply["view"]["phase"] == "draw":
            reply = act(test_client, game, token, "draw").json()
        card = reply["view"]["hand"][0]
        stored = stored_text(test_client, game)
        response = act(test_client, game, token, f"layoff 0 {card}")
        assert stored_text(test_client, game) == stored
    assert response.status_code == 409
    assert response.json() == {
        "error": "not_opened",
        "message": f"laying off needs an opened player ({citation})",
    }


def test_a_move_that_cannot_be_read_is_explained_in_words() -> None:
    """Text that names no move gets 400 with why, without repeating the text or printing a Python list."""
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        response = act(test_client, game, token, "foo 7♠")
    assert response.status_code == 400
    assert response.json() == {
        "error": "bad_action",
        "message": "unknown verb 'foo'; verbs are buy, consent, discard, draw, knock, layoff, meld, pass, refuse, rob, swap, take, takeback",
    }


def test_a_move_on_a_stale_step_is_refused() -> None:
    """A move sent with a step the game has passed gets 409 stale and changes nothing."""
    with client() as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        hand = look(test_client, game, token)["view"]["hand"]
        assert act(test_client, game, token, f"discard {hand[0]}", step=0).status_code == 200
        stored = stored_text(test_client, game)
        response = act(test_client, game, token, "draw", step=0)
        assert stored_text(test_client, game) == stored
    assert (response.status_code, response.json()["error"]) == (409, "stale")


def test_staged_melds_count_towards_the_opening() -> None:
    """A meld below the opening threshold is staged; the reply says its value and what is missing."""
    with client() as test_client:
        for seed in range(40):
            created = create(test_client, seed=seed)
            game, token = created["game"], token_of(created, 0)
            reply = look(test_client, game, token)
            small = [
                m["text"]
                for m in reply["legal"]
                if m["verb"] == "meld"
                and validate_meld(" ".join(m["cards"]), find_rules("classic")).value < 30
            ]
            if small:
                break
        else:
            pytest.fail("no seed in 40 offers a meld below 30")
        response = act(test_client, game, token, small[0])
        assert response.status_code == 200, response.text
        reply = response.json()
    value = validate_meld(" ".join(small[0].split(" ")[2:]), find_rules("classic")).value
    assert reply["staged"] == {
        "opened": False,
        "value": value,
        "threshold": 30,
        "missing": 30 - value,
        "run_missing": False,
        "needs": f"{30 - value} more",
        "opening": "30",
    }
    assert reply["view"]["table"][-1]["staged"] is True
    assert "takeback" in [m["text"] for m in reply["legal"]]


def test_the_computers_are_paced_by_the_delay() -> None:
    """With a delay the computers make one move per delay, driven by the seats' requests."""
    now = [1000.0]
    with client(delay=5.0, clock=lambda: now[0]) as test_client:
        created = create(test_client)
        game, token = created["game"], token_of(created, 0)
        first = look(test_client, game, token)["view"]["hand"][0]
        steps = [act(test_client, game, token, f"discard {first}").json()["step"]]
        for later in (1.0, 4.9, 5.0, 5.0, 9.9, 10.0):
            now[0] = 1000.0 + later
            steps.append(look(test_client, game, token)["step"])
    assert steps == [1, 1, 1, 2, 2, 2, 3]


def test_round_end_shows_the_score_sheet_and_waits() -> None:
    """At the round's end the score sheet lists every hand left and its penalty, and the next round waits."""
    with client() as test_client:
        created = create(test_client, players=3, humans=[0, 1])
        game = created["game"]
        tokens = {0: token_of(created, 0), 1: token_of(created, 1)}
        reply = _play_round(test_client, game, tokens)
        assert reply["waiting"]
        assert not reply["match"]["over"]
        refused = act(test_client, game, tokens[0], "draw")
        match = stored_match(test_client, game)
        started = test_client.post(f"/api/games/{game}/next", headers=bearer(tokens[1]), json={})
        again = test_client.post(f"/api/games/{game}/next", headers=bearer(tokens[0]), json={})
    (sheet,) = reply["sheets"]
    result = match.results[0]
    assert sheet["penalties"] == list(result.penalties) == reply["match"]["totals"]
    assert sheet["winner"] == result.winner
    rules = find_rules("classic")
    for seat, hand in enumerate(sheet["hands"]):
        if seat == result.winner:
            assert hand == []
        elif result.opened[seat] and not result.hand_romme:
            assert sheet["penalties"][seat] == hand_penalty(parse_cards(" ".join(hand)), rules)
    assert reply["view"]["phase"] == "round_over"
    assert reply["match"]["round"] == 0
    assert (refused.status_code, refused.json()["error"]) == (409, "round_over")
    assert started.status_code == 200
    assert not started.json()["waiting"]
    assert started.json()["match"]["round"] == 1
    assert started.json()["view"]["dealer"] == 0
    assert (again.status_code, again.json()["error"]) == (409, "round_in_play")


def test_the_match_ends_with_its_winners() -> None:
    """After the last round the reply shows the match over, its totals and the lowest totals winning."""
    with client() as test_client:
        created = create(test_client, rounds=1)
        game, token = created["game"], token_of(created, 0)
        reply = _play_round(test_client, game, {0: token})
        refused = act(test_client, game, token, "draw")
        assert look(test_client, game, token)["match"]["over"]
    totals = reply["match"]["totals"]
    assert reply["match"]["over"]
    assert not reply["waiting"]
    assert reply["match"]["winners"] == [s for s in range(3) if totals[s] == min(totals)]
    assert (refused.status_code, refused.json()["error"]) == (409, "match_over")


@pytest.mark.parametrize(
    ("body", "words"),
    [
        ({"rules": "nonsense", "players": 3, "humans": [0]}, "unknown preset"),
        ({"rules": "classic", "players": 7, "humans": [0]}, "2 to 6 seats"),
        ({"rules": "drov", "players": 2, "humans": [0]}, "3 to 6 seats"),
        ({"rules": "classic", "players": 3, "humans": []}, "one or more"),
        ({"rules": "classic", "players": 3, "humans": [0, 0]}, "distinct"),
        ({"rules": "classic", "players": 3, "humans": [3]}, "from 0 to 2"),
        ({"rules": "classic", "players": 3, "humans": [0], "seed": -1}, "seed"),
        ({"rules": "classic", "players": 3, "humans": [0], "rounds": 0}, "rounds"),
        ({"rules": "classic", "players": "3", "humans": [0]}, "'players' must be int"),
        ({"rules": "classic", "players": True, "humans": [0]}, "'players' must be int"),
        ({"rules": "classic", "players": 3, "humans": ["0"]}, "humans a list of seats"),
        ({"rules": "classic", "players": 3}, "'humans' is missing"),
        ({"rules": "classic", "players": 3, "humans": [0], "admin": True}, "unknown field"),
    ],
)
def test_impossible_games_are_refused(body: dict[str, Any], words: str) -> None:
    """Creating a game with an unknown preset, an impossible seating or wrong types gets 400 with the reason."""
    with client() as test_client:
        response = test_client.post("/api/games", json=body)
        assert test_client.app.state.store.games() == []
    assert response.status_code == 400
    assert words in response.json()["message"]


def test_pages_and_static_files_are_served() -> None:
    """The start page, the game page and their scripts are served, the pages with a strict CSP."""
    with client() as test_client:
        start = test_client.get("/")
        game = test_client.get("/g/anything")
        scripts = [test_client.get(f"/static/{name}.js") for name in ("cards", "claims", "game")]
        missing = test_client.get("/static/nothing.js")
    assert start.status_code == game.status_code == 200
    assert [script.status_code for script in scripts] == [200, 200, 200]
    assert all(f'<script src="/static/{n}.js"' in game.text for n in ("cards", "claims", "game"))
    assert "new-game" in start.text
    assert 'id="hand"' in game.text
    assert start.headers["content-security-policy"].startswith("default-src 'self'")
    assert missing.status_code == 404
    assert missing.json()["error"] == "http"
