"""Räuber-Rommé, one test per clause (rules §13): taking cards from the table to meld them anew.

ASS S. 2–3 (Schmidt S. 4 the same): "Du darfst Karten aus ausliegenden
Kombinationen wegnehmen und neu kombinieren, solange keine Gruppe mit
weniger als drei Karten übrig bleibt; zum Auslegen braucht es 40 Augen,
die liegenden Karten zählen mit." cardgames.zone §10: "Players who are out
may rearrange melds, as long as each still has at least 3 cards."
The expected verdicts below are worked out by hand from those sentences.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import attrs
import pytest

from romme import (
    JOKER,
    PRESETS,
    Discard,
    GameState,
    GreedyBot,
    InvalidDataError,
    InvalidPositionError,
    LayDown,
    LayOff,
    Phase,
    RandomBot,
    Reason,
    Rules,
    TableMeld,
    TakeBack,
    TakeFromTable,
    TurnState,
    apply,
    determinize,
    dumps,
    from_dict,
    legal_actions,
    loads,
    new_game,
    new_position,
    parse_action,
    parse_cards,
    to_dict,
    validate_meld,
    view,
)
from romme.game._views import known_in_hand_to_act
from tests.scenarios._helpers import ASS, CARDGAMES_ZONE, SCHMIDT, position, refusal

ASS_RAEUBER = attrs.evolve(ASS, rearrange=True, opening_counts_table_cards=True)
ZONE_RAEUBER = attrs.evolve(CARDGAMES_ZONE, rearrange=True, rearrange_needs_opened=True)

QUEENS = ("Q♣ Q♠ Q♥ Q♦", 1)
HEARTS = ("5♥ 6♥ 7♥ 8♥ 9♥ 10♥ J♥", 1)


def _counting_takes(state: GameState, takes: int) -> GameState:
    """`state` with `takes` cards taken from the table this turn: what a take-back leaves (rules §13).

    A take-back restores the table, the hand and the turn as they were
    before the first card was taken, all but the count of the takes, which
    ``max_table_takes`` bounds for the whole turn.
    """
    return attrs.evolve(state, turn=attrs.evolve(state.turn, table_takes=takes))


def _seat_0_to_play(
    rules: Rules, hand: str, table: tuple[tuple[str, int], ...], *, opened: bool
) -> GameState:
    """Seat 0 holding `hand` in its play phase, opened or not; seat 1 has opened and owns `table`."""
    return position(
        rules, hands=(hand, "2♣ 3♦ 4♥"), table=table, opened=(opened, True), phase=Phase.PLAY
    )


def _robs(state: GameState) -> set[str]:
    return {str(a) for a in legal_actions(state) if isinstance(a, TakeFromTable)}


def test_a_set_of_four_gives_one_card_a_set_of_three_comes_along_whole_ASS_S_2() -> None:
    """ASS S. 2: "solange keine Gruppe mit weniger als drei Karten übrig bleibt": a four-card set keeps three; from a three-card set the two left come along."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS, ("K♣ K♠ K♥", 1)), opened=True)
    after = apply(state, TakeFromTable(0, 2))
    assert "Q♣ Q♠ Q♦" == str(after.table[0].meld)
    assert ["Q♥"] == [str(card) for card in after.turn.borrowed]
    broken = apply(state, TakeFromTable(1, 0))
    assert ["Q♣ Q♠ Q♥ Q♦"] == [str(entry.meld) for entry in broken.table]
    assert ["K♣", "K♠", "K♥"] == [str(card) for card in broken.turn.borrowed]
    assert sorted(["K♣", "K♠", "K♥", "4♣", "2♦"]) == sorted(map(str, broken.hands[0]))
    assert {f"rob {meld} {card}" for meld, size in ((0, 4), (1, 3)) for card in range(size)} == (
        _robs(state)
    )


def test_a_run_keeps_the_runs_on_either_side_of_the_card_the_rest_comes_along_ASS_S_2() -> None:
    """ASS S. 2: a run of seven keeps a run of six for an end card, two runs of three for its middle card; shorter sides come along."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (HEARTS,), opened=True)
    assert {f"rob 0 {card}" for card in range(7)} == _robs(state)
    split = apply(state, TakeFromTable(0, 3))
    assert ["5♥ 6♥ 7♥", "9♥ 10♥ J♥"] == [str(entry.meld) for entry in split.table]
    assert [1, 1] == [entry.owner for entry in split.table]
    assert ["8♥"] == [str(card) for card in split.turn.borrowed]
    end = apply(state, TakeFromTable(0, 6))
    assert ["5♥ 6♥ 7♥ 8♥ 9♥ 10♥"] == [str(entry.meld) for entry in end.table]
    short = apply(state, TakeFromTable(0, 1))
    assert ["7♥ 8♥ 9♥ 10♥ J♥"] == [str(entry.meld) for entry in short.table]
    assert ["5♥", "6♥"] == [str(card) for card in short.turn.borrowed]
    both = apply(apply(state, TakeFromTable(0, 5)), TakeFromTable(0, 2))
    assert [] == [str(entry.meld) for entry in both.table]
    assert 7 == len(both.turn.borrowed)
    assert Reason.NO_SUCH_TABLE_CARD == refusal(state, TakeFromTable(0, 7))
    assert Reason.NO_SUCH_MELD == refusal(state, TakeFromTable(1, 0))


def test_a_meld_broken_up_whole_lets_its_cards_join_other_melds_ASS_S_2() -> None:
    """ASS S. 2, "neu kombinieren": the three sevens of a set each extend a run of their suit; no group of fewer than three is left."""
    table = (
        ("7♥ 7♠ 7♦", 1),
        ("4♥ 5♥ 6♥", 1),
        ("4♠ 5♠ 6♠", 1),
        ("8♦ 9♦ 10♦", 1),
    )
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", table, opened=True)
    state = apply(state, TakeFromTable(0, 0))
    assert ["4♥ 5♥ 6♥", "4♠ 5♠ 6♠", "8♦ 9♦ 10♦"] == [str(e.meld) for e in state.table]
    for action in ("layoff 0 7♥", "layoff 1 7♠", "layoff 2 7♦"):
        assert Reason.TABLE_CARDS_IN_HAND == refusal(state, Discard("4♣"))
        state = apply(state, parse_action(action))
    assert ["4♥ 5♥ 6♥ 7♥", "4♠ 5♠ 6♠ 7♠", "7♦ 8♦ 9♦ 10♦"] == [str(e.meld) for e in state.table]
    assert () == state.turn.borrowed
    assert [1, 1, 1] == [entry.owner for entry in state.table]
    assert Discard("4♣") in legal_actions(state)


def test_table_cards_count_towards_the_opening_ASS_S_3() -> None:
    """ASS S. 3: "zum Auslegen braucht es 40 Augen, die liegenden Karten zählen mit": J♥ K♥ A♥ with the Q♥ of a table set make 41."""
    rules = PRESETS["ass-raeuber"]
    assert 40 == rules.opening_threshold
    state = _seat_0_to_play(rules, "J♥ K♥ A♥ 4♣ 2♦", (QUEENS,), opened=False)
    # From the hand alone, J♥ K♥ A♥ is no meld and nothing reaches 40.
    assert not any(isinstance(action, LayDown) for action in legal_actions(state))
    robbed = apply(state, TakeFromTable(0, 2))
    opened = apply(robbed, LayDown("J♥ Q♥ K♥ A♥"))
    assert opened.opened[0]
    assert not opened.table[-1].staged
    assert 0 == opened.table[-1].owner  # the player who lays a meld owns it
    assert () == opened.turn.borrowed
    done = apply(opened, Discard("4♣"))
    assert ["Q♣ Q♠ Q♦", "J♥ Q♥ K♥ A♥"] == [str(entry.meld) for entry in done.table]


def test_table_cards_must_reach_the_threshold_with_the_hand_ASS_S_3() -> None:
    """ASS S. 3: 40 to lay out: J♥ Q♥ K♥ with a table queen make 30, short of 40; the lay-down is refused."""
    state = _seat_0_to_play(PRESETS["ass-raeuber"], "J♥ K♥ 4♣ 2♦", (QUEENS,), opened=False)
    robbed = apply(state, TakeFromTable(0, 2))
    assert Reason.OPENING_BELOW_THRESHOLD == refusal(robbed, LayDown("J♥ Q♥ K♥"))


def test_the_turn_ends_only_with_the_table_cards_melded_again_ASS_S_2() -> None:
    """ASS S. 2: cards are taken to be "neu kombiniert": no discard while one is in the hand, and a take-back restores the turn."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS,), opened=True)
    robbed = apply(state, TakeFromTable(0, 0))
    assert Reason.TABLE_CARDS_IN_HAND == refusal(robbed, Discard("4♣"))
    assert Reason.TABLE_CARDS_IN_HAND == refusal(robbed, Discard("Q♣"))
    assert not any(isinstance(action, Discard) for action in legal_actions(robbed))
    assert TakeBack() in legal_actions(robbed)
    assert _counting_takes(state, 1) == apply(robbed, TakeBack())
    # Laid back onto its set, the card leaves the turn free to end.
    back = apply(robbed, LayOff(0, "Q♣"))
    assert () == back.turn.borrowed
    assert Discard("4♣") in legal_actions(back)


def _take_and_lay_back(state: GameState) -> GameState:
    """Take the first card of table meld 0 and lay it off onto the same meld again."""
    robbed = apply(state, TakeFromTable(0, 0))
    return apply(robbed, LayOff(0, robbed.turn.borrowed))


def test_a_turn_takes_at_most_max_table_takes_cards_from_the_table_rules_13() -> None:
    """Rules §13, `max_table_takes` (the library's bound; the sources set none; hardening round 3, point 6): with a bound of 2, a queen taken and laid back twice spends it; the third take is refused with table_takes_spent, the discard still open, and the next turn counts from 0."""
    rules = attrs.evolve(ASS_RAEUBER, max_table_takes=2)
    state = _seat_0_to_play(rules, "4♣ 2♦", (QUEENS,), opened=True)
    assert 0 == state.turn.table_takes
    once = _take_and_lay_back(state)
    assert (1, state.table[0].meld.cards) == (once.turn.table_takes, once.table[0].meld.cards)
    twice = _take_and_lay_back(once)
    assert 2 == twice.turn.table_takes
    assert state.hands == twice.hands
    assert Reason.TABLE_TAKES_SPENT == refusal(twice, TakeFromTable(0, 0))
    assert set() == _robs(twice)
    assert Discard("4♣") in legal_actions(twice)
    # The next seat's turn starts with no card taken from the table.
    ended = apply(twice, Discard("4♣"))
    assert (1, 0) == (ended.current_player, ended.turn.table_takes)


def test_a_take_back_gives_no_table_take_back_rules_13() -> None:
    """Rules §13, `max_table_takes`: a take-back stays legal and restores the table and the hand, but keeps the count, so that under a bound of 1 no card is taken again after it."""
    rules = attrs.evolve(ASS_RAEUBER, max_table_takes=1)
    state = _seat_0_to_play(rules, "4♣ 2♦", (QUEENS,), opened=True)
    robbed = apply(state, TakeFromTable(0, 2))
    assert Reason.TABLE_TAKES_SPENT == refusal(robbed, TakeFromTable(0, 0))
    assert TakeBack() in legal_actions(robbed)
    back = apply(robbed, TakeBack())
    assert (state.table, state.hands, state.opened) == (back.table, back.hands, back.opened)
    assert (1, None, ()) == (back.turn.table_takes, back.turn.before, back.turn.borrowed)
    assert Reason.TABLE_TAKES_SPENT == refusal(back, TakeFromTable(0, 2))
    assert set() == _robs(back)
    assert back == loads(dumps(back))


@pytest.mark.parametrize("name", ["ass-raeuber", "schmidt-raeuber"])
def test_the_raeuber_presets_allow_fifteen_table_takes_a_turn_rules_13(name: str) -> None:
    """Rules §13: the presets keep the library's default bound, 15 cards taken from the table a turn: the 15th take is legal, the 16th refused with table_takes_spent."""
    state = _seat_0_to_play(PRESETS[name], "4♣ 2♦", (QUEENS,), opened=True)
    assert 15 == PRESETS[name].max_table_takes
    for _ in range(15):
        assert TakeFromTable(0, 0) in legal_actions(state)
        state = _take_and_lay_back(state)
    assert 15 == state.turn.table_takes
    assert Reason.TABLE_TAKES_SPENT == refusal(state, TakeFromTable(0, 0))
    assert Discard("4♣") in legal_actions(state)


def test_a_document_without_table_takes_counts_none_rules_13() -> None:
    """Rules §13: the count of table takes is written only once a card was taken; a document written without it (as before the bound) loads with none taken and plays on."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS,), opened=True)
    assert "table_takes" not in to_dict(state)["turn"]
    robbed = apply(state, TakeFromTable(0, 2))
    document = to_dict(robbed)
    assert 1 == document["turn"]["table_takes"]
    del document["turn"]["table_takes"]
    older = from_dict(document)
    assert 0 == older.turn.table_takes
    assert robbed.turn.borrowed == older.turn.borrowed
    assert 1 == apply(older, TakeFromTable(0, 0)).turn.table_takes


def test_a_turn_counting_table_takes_without_rearrange_is_refused_rules_13() -> None:
    """Rules §13: only rules with rearrange take cards from the table; a turn that counts table takes under `ass` is refused (InvalidPositionError), under `ass-raeuber` it plays on."""
    state = _seat_0_to_play(ASS, "4♣ 2♦", (QUEENS,), opened=True)
    with pytest.raises(InvalidPositionError, match="table_takes"):
        attrs.evolve(state, turn=attrs.evolve(state.turn, table_takes=1))
    raeuber = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS,), opened=True)
    counted = attrs.evolve(raeuber, turn=attrs.evolve(raeuber.turn, table_takes=1))
    assert TakeFromTable(0, 0) in legal_actions(counted)


@pytest.mark.parametrize("value", [-1, 51, "1", None, 1.0])
def test_a_document_with_an_impossible_table_takes_count_is_refused_rules_13(value: object) -> None:
    """Rules §13 (bad input, guarantee 6): a count of table takes that is no integer from 0 to 50 raises InvalidDataError."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS,), opened=True)
    document = to_dict(apply(state, TakeFromTable(0, 2)))
    document["turn"]["table_takes"] = value
    with pytest.raises(InvalidDataError, match="table_takes"):
        from_dict(document)


def test_only_a_player_who_is_out_may_rearrange_cardgames_zone_10() -> None:
    """cardgames.zone §10: "Players who are out may rearrange melds": an opened player may, one who has not opened may not."""
    table = (QUEENS, ("9♠ 10♠ J♠", 1))
    closed = _seat_0_to_play(ZONE_RAEUBER, "4♣ 2♦ 7♦", table, opened=False)
    assert Reason.NOT_OPENED == refusal(closed, TakeFromTable(0, 0))
    assert set() == _robs(closed)
    out = _seat_0_to_play(ZONE_RAEUBER, "4♣ 2♦ 7♦", table, opened=True)
    robbed = apply(out, TakeFromTable(0, 1))
    moved = apply(robbed, LayOff(1, "Q♠"))
    assert ["Q♣ Q♥ Q♦", "9♠ 10♠ J♠ Q♠"] == [str(entry.meld) for entry in moved.table]
    assert Discard("4♣") in legal_actions(moved)


RULE_BOOKS = ("drov", "classic", "cardgames-zone", "german-rummy", "house", "ass", "schmidt")


@pytest.mark.parametrize("name", RULE_BOOKS)
def test_no_preset_of_the_seven_rule_books_rearranges(name: str) -> None:
    """Rules §13: Räuber-Rommé is a variant; the seven rule books' presets refuse to take a table card."""
    rules = PRESETS[name]
    state = position(
        rules,
        hands=("4♣ 2♦", "2♣ 3♦ 4♥", "5♣ 6♦ 8♥") if rules.dealer_sits_out else ("4♣ 2♦", "2♣ 3♦ 4♥"),
        table=(QUEENS,),
        opened=(True, True, True) if rules.dealer_sits_out else (True, True),
        phase=Phase.PLAY,
        dealer=2 if rules.dealer_sits_out else None,
    )
    assert Reason.REARRANGE_OFF == refusal(state, TakeFromTable(0, 0))
    assert set() == _robs(state)


def test_a_joker_laid_this_turn_stays_marked_through_a_split_DRoV_Streitfall_20() -> None:
    """DRoV Streitfall 20 with ASS S. 2: the joker laid this turn keeps its mark in the part of a split run that holds it."""
    rules = attrs.evolve(ASS_RAEUBER, swap_own_new_joker=False)
    laid = position(
        rules,
        hands=("4♥ 5♥ 6♥ 7♥ JK 9♥ 10♥ 8♥ 4♣", "2♣ 3♦ 4♥"),
        opened=(True, True),
        phase=Phase.PLAY,
    )
    laid = apply(laid, LayDown((*parse_cards("4♥ 5♥ 6♥ 7♥"), JOKER, *parse_cards("9♥ 10♥"))))
    assert frozenset({4}) == laid.table[0].fresh
    split = apply(laid, TakeFromTable(0, 3))
    assert frozenset() == split.table[0].fresh
    assert "JK 9♥ 10♥" == str(split.table[1].meld)
    assert frozenset({0}) == split.table[1].fresh
    assert Reason.SWAP_OWN_NEW_JOKER == refusal(split, parse_action("swap 1 8♥"))


def test_the_notation_and_documents_round_trip_mid_rearrangement() -> None:
    """A position holding a table card reads back from JSON; `rob N P` reads back from its text."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (HEARTS,), opened=True)
    robbed = apply(state, TakeFromTable(0, 3))
    assert robbed == loads(dumps(robbed))
    assert parse_action("rob 0 3") == TakeFromTable(0, 3)
    assert "rob 0 3" == str(TakeFromTable(0, 3))


@pytest.mark.parametrize("name", ["drov", "classic", "cardgames-zone", "ass", "schmidt"])
def test_documents_of_the_other_rules_hold_no_rearranging_fields(name: str) -> None:
    """A state of rules without Räuber-Rommé writes the document it wrote before (no ``borrowed``, ``before`` or ``table_takes``)."""
    state = new_game(PRESETS[name], 3, seed=7)
    text = dumps(state)
    assert '"borrowed"' not in text
    assert '"before"' not in text
    assert '"table_takes"' not in text
    assert state == loads(text)


def test_greedy_bot_takes_a_table_card_to_open_ASS_S_3() -> None:
    """ASS S. 3 with the GreedyBot heuristic: it takes the Q♥ that lets J♥ K♥ A♥ reach 40, lays it down, and discards."""
    state = _seat_0_to_play(PRESETS["ass-raeuber"], "J♥ K♥ A♥ 4♣ 2♦", (QUEENS,), opened=False)
    bot = GreedyBot()
    chosen = []
    while state.current_player == 0:
        action = bot.choose(view(state, 0))
        chosen.append(str(action))
        state = apply(state, action)
    assert ["rob 0 2", "meld run J♥ Q♥ K♥ A♥"] == chosen[:2]
    assert chosen[2].startswith("discard")
    assert state.opened[0]


def test_greedy_bot_breaks_up_a_set_of_three_to_open_ASS_S_3() -> None:
    """ASS S. 3 (40 to lay out, table cards counting): the K♥ of a set of three makes 10♥ J♥ Q♥ K♥, its K♣ K♠ with the K♦ in hand a set again: 70 to open."""
    rules = PRESETS["ass-raeuber"]
    state = _seat_0_to_play(rules, "10♥ J♥ Q♥ K♦ 5♣", (("K♣ K♠ K♥", 1),), opened=False)
    # From the hand alone nothing reaches 40: 10♥ J♥ Q♥ makes 30.
    assert not any(isinstance(action, LayDown) for action in legal_actions(state))
    chosen = []
    while state.current_player == 0 and not state.is_over:
        action = GreedyBot().choose(view(state, 0))
        chosen.append(str(action))
        state = apply(state, action)
    assert chosen[0].startswith("rob 0 ")
    assert "takeback" not in chosen
    assert chosen[-1] == "discard 5♣"
    assert state.opened[0]
    assert sorted(str(entry.meld) for entry in state.table) == ["10♥ J♥ Q♥ K♥", "K♣ K♠ K♦"]
    assert [0, 0] == [entry.owner for entry in state.table]
    assert 1 == state.first_to_open  # seat 1 laid out first, though its meld is gone


def test_fresh_greedy_bots_play_raeuber_rounds_without_taking_back() -> None:
    """Rules §13: a new GreedyBot for every move (as the web table asks them) takes table cards, never takes a turn back, and ends the rounds."""
    robbed = 0
    for preset in ("ass-raeuber", "schmidt-raeuber"):
        for seed in range(6):
            state = new_game(PRESETS[preset], 4, seed=seed, dealer=seed % 4)
            for _ in range(400):
                if state.is_over:
                    break
                action = GreedyBot().choose(view(state, state.current_player))
                assert not isinstance(action, TakeBack)
                robbed += isinstance(action, TakeFromTable)
                state = apply(state, action)
            assert state.is_over
    assert robbed > 0


def test_random_bot_plays_rounds_of_raeuber_to_the_end() -> None:
    """Rules §13 (hardening round 3, point 6): random play under both Räuber presets takes table cards and ends every round, the cards conserved."""
    robbed = 0
    for name in ("ass-raeuber", "schmidt-raeuber"):
        for seed in range(3):
            state = new_game(PRESETS[name], 3, seed=seed)
            bot = RandomBot(seed=seed)
            deck = state.all_cards()
            while not state.is_over:
                action = bot.choose(view(state, state.current_player))
                robbed += isinstance(action, TakeFromTable)
                state = apply(state, action)
                assert deck == state.all_cards()
    assert robbed > 0


def test_a_meld_staged_this_turn_gives_no_card_away_ASS_S_2() -> None:
    """ASS S. 2 speaks of melds "ausliegend", laid out: a meld staged towards the opening this turn is the player's own and gives no card."""
    state = _seat_0_to_play(
        PRESETS["ass-raeuber"], "8♣ 8♠ 8♥ 8♦ K♣ K♠ K♥ 4♣", (QUEENS,), opened=False
    )
    staged = apply(state, LayDown("8♣ 8♠ 8♥ 8♦"))
    assert staged.table[1].staged
    assert Reason.STAGED_TABLE_CARD == refusal(staged, TakeFromTable(1, 0))
    assert {"rob 0 0", "rob 0 1", "rob 0 2", "rob 0 3"} == _robs(staged)


def test_a_joker_taken_from_a_set_takes_its_announcement_with_it_Schmidt_S_3_and_S_4() -> None:
    """Schmidt S. 4 (Räuber-Rommé) with S. 3 (announced jokers): a joker taken from a set leaves the other announcements.

    The set K♣ K♠ JK JK has its jokers announced as K♥ and K♦. Taking the
    second joker leaves K♣ K♠ JK with the joker still announced as K♥;
    taking K♣ leaves both announcements.
    """
    rules = attrs.evolve(
        SCHMIDT,
        rearrange=True,
        opening_counts_table_cards=True,
        announced_jokers=True,
        joker_limit="none",
    )
    state = _seat_0_to_play(rules, "4♣ 2♦", (("K♣ K♠ JK JK", 1),), opened=True)
    state = new_position(
        rules,
        hands=list(state.hands),
        stock=state.stock,
        discard_pile=state.discard_pile,
        table=[
            TableMeld(
                validate_meld("K♣ K♠ JK JK", rules),
                owner=1,
                announced=parse_cards("K♥ K♦"),
            )
        ],
        opened=(True, True),
        phase=Phase.PLAY,
    )
    joker_gone = apply(state, TakeFromTable(0, 3))
    assert "K♣ K♠ JK" == str(joker_gone.table[0].meld)
    assert parse_cards("K♥") == joker_gone.table[0].announced
    king_gone = apply(state, TakeFromTable(0, 0))
    assert "K♠ JK JK" == str(king_gone.table[0].meld)
    assert parse_cards("K♥ K♦") == king_gone.table[0].announced


def test_the_first_to_lay_out_stays_first_when_the_meld_is_broken_up_ASS_S_2() -> None:
    """ASS S. 2: "wer zuerst auslegt und trotzdem nicht gewinnt, bekommt 20 dazu": seat 1 laid out first, and stays so after seat 0 breaks up its only meld."""
    rules = attrs.evolve(ASS_RAEUBER, ass_bonuses=True)
    state = _seat_0_to_play(rules, "K♦ 2♦", (("K♣ K♠ K♥", 1), ("4♥ 5♥ 6♥", 0)), opened=True)
    assert 1 == state.first_to_open  # read off the table: seat 1's meld lies first
    broken = apply(state, TakeFromTable(0, 1))
    relaid = apply(broken, LayDown("K♣ K♠ K♥ K♦"))
    assert [0, 0] == [entry.owner for entry in relaid.table]
    assert 1 == relaid.first_to_open
    assert relaid == loads(dumps(relaid))
    assert '"first_to_open": 1' in dumps(relaid)
    done = apply(relaid, Discard("2♦"))
    assert done.result is not None
    assert 0 == done.result.winner
    # Seat 0 went out (40 struck off), seat 1 laid out first and did not win (20 added).
    assert (-40, 20) == done.result.bonuses


def test_the_first_to_lay_out_is_written_only_where_the_table_does_not_show_it() -> None:
    """Documents keep their shape: ``first_to_open`` is written only when the table's order does not give it."""
    state = _seat_0_to_play(ASS_RAEUBER, "K♦ 2♦", (("K♣ K♠ K♥", 1),), opened=True)
    assert "first_to_open" not in dumps(state)
    assert "first_to_open" not in dumps(view(state, 1))
    assert 1 == view(state, 0).first_to_open


def test_the_seat_that_opens_first_is_first_to_lay_out_ASS_S_2() -> None:
    """ASS S. 2 ("wer zuerst auslegt"): nobody is first before an opening, the first seat to open is; a seat that has not opened cannot be."""
    state = _seat_0_to_play(PRESETS["ass-raeuber"], "J♥ Q♥ K♥ A♥ 4♣ 2♦", (), opened=False)
    state = attrs.evolve(state, opened=(False, False))
    assert state.first_to_open is None
    opened = apply(state, LayDown("J♥ Q♥ K♥ A♥"))
    assert (True, 0) == (opened.opened[0], opened.first_to_open)
    with pytest.raises(InvalidPositionError, match="first_to_open"):
        attrs.evolve(state, first_to_open=1)


def test_a_table_before_that_a_take_back_cannot_restore_does_not_load_ASS_S_2() -> None:
    """ASS S. 2 (a turn that does not meld every table card again is taken back): a document whose table before the first take would restore an impossible table is refused, not played into one.

    The table before may hold only what the table may hold: staged melds
    only of the player to act before the opening, other melds only of
    seats that have opened.
    """
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS, ("K♣ K♠ K♥", 1)), opened=True)
    taken = apply(state, TakeFromTable(0, 2))
    assert taken.turn.before is not None
    text = dumps(taken)
    assert loads(text) == taken
    assert TakeBack() in legal_actions(taken)
    assert loads(dumps(apply(taken, TakeBack()))) == _counting_takes(state, 1)

    staged_elsewhere = to_dict(taken)
    staged_elsewhere["turn"]["before"]["table"][1]["staged"] = True  # seat 1 is not to act
    with pytest.raises(InvalidDataError, match=r"turn\.before\.table\[1\]: after a take-back"):
        from_dict(staged_elsewhere)

    not_opened = to_dict(taken)
    not_opened["turn"]["before"]["opened"] = False  # seat 0 owns no meld, so the table stays
    not_opened["turn"]["before"]["table"][0]["owner"] = 0  # ... but now owns the queens
    with pytest.raises(InvalidDataError, match=r"turn\.before\.table\[0\]: after a take-back"):
        from_dict(not_opened)


def test_a_view_refuses_table_cards_in_the_hand_to_act_that_cannot_be_there_ASS_S_2() -> None:
    """ASS S. 2: the cards taken from the table go to the hand to act in every seat's sight; a view whose hand sizes or cards leave no room for them is refused, so that `determinize` can always deal it."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS, ("K♣ K♠ K♥", 1)), opened=True)
    seen = view(apply(state, TakeFromTable(0, 2)), 1)
    assert ["Q♥"] == [str(card) for card in seen.turn.table_cards_in_hand(seen.table)]
    assert loads(dumps(seen)) == seen

    both_in_sight = to_dict(seen)
    both_in_sight["hand"] = ["2♣", "Q♥", "Q♥"]  # the deck's two Q♥ in the viewer's hand
    with pytest.raises(InvalidDataError, match=r"view\.turn: the hand to act is seen to hold Q♥"):
        from_dict(both_in_sight)

    kings = view(apply(state, TakeFromTable(1, 0)), 1)  # the three kings come along
    assert 3 == len(kings.turn.table_cards_in_hand(kings.table))
    no_room = to_dict(kings)
    no_room["hand_sizes"][0] = 2
    no_room["stock_size"] += 3
    with pytest.raises(InvalidDataError, match=r"view\.hand_sizes\[0\]: fewer cards than the 3"):
        from_dict(no_room)


def test_a_take_back_that_would_overfill_the_hand_does_not_load_ASS_S_2() -> None:
    """ASS S. 2 (a turn taken back restores the table and the hand): a state or view whose table before the first take would, taken back, leave the hand more cards than a hand holds is refused; a view checks it from the hand's size alone."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS, ("K♣ K♠ K♥", 1)), opened=True)
    taken = apply(state, TakeFromTable(0, 2))
    seen = to_dict(view(taken, 1))
    del seen["turn"]["before"]["table"][1]  # the kings would come to the hand on a take-back
    seen["hand_sizes"][0] = 15  # 15 - Q♥ + three kings: 17, above the 15 of ASS (13 + 2)
    seen["stock_size"] -= 12
    with pytest.raises(InvalidDataError, match=r"view\.turn\.before\.table: a take-back would"):
        from_dict(seen)
    seen["hand_sizes"][0] = 13  # 13 - 1 + 3 = 15: the hand then fits
    seen["stock_size"] += 2
    assert from_dict(seen).hand_sizes[0] == 13


def test_a_table_before_with_a_meld_these_rules_forbid_is_refused_ASS_S_2() -> None:
    """ASS S. 2 (a turn taken back restores the table): the table before the first take must be a table of these rules, as the table a take-back restores.

    K♠ A♠ 2♠ 3♠ 4♠ is a run where the ace joins king and two (ASS S. 1,
    "um die Ecke"), not where it may not: the same position under rules
    without it is refused, as the table is, the table before named.
    """
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (("K♠ A♠ 2♠ 3♠ 4♠", 1),), opened=True)
    taken = apply(state, TakeFromTable(0, 0))
    assert ["A♠ 2♠ 3♠ 4♠"] == [str(entry.meld) for entry in taken.table]
    no_corner = attrs.evolve(ASS_RAEUBER, ace_wraps=False)
    with pytest.raises(InvalidPositionError, match=r"^table\[0\]: K♠ A♠ 2♠ 3♠ 4♠ is not a valid"):
        attrs.evolve(state, rules=no_corner)  # as the table now, so the table before
    with pytest.raises(
        InvalidPositionError, match=r"turn\.before\.table\[0\]: after a take-back: "
    ):
        attrs.evolve(taken, rules=no_corner)


def _both_aces_of_spades_taken() -> GameState:
    """Seat 0 took A♠ from the discard pile (cardgames.zone's free take) and the other A♠ from the set on the table."""
    state = position(
        ZONE_RAEUBER,
        hands=("Q♠ K♠ 5♣ 9♦", "2♣ 3♦ 4♥"),
        table=(("A♠ A♥ A♦ A♣", 1), ("7♥ 8♥ 9♥", 0)),
        opened=(True, True),
        discard="A♠",
    )
    taken = apply(state, parse_action("take"))
    aces = [str(card) for card in taken.table[0].meld.cards]
    return apply(taken, TakeFromTable(0, aces.index("A♠")))


def test_one_card_laid_is_the_table_card_melded_again_or_the_taken_card_not_both() -> None:
    """ASS S. 2 ("neu kombinieren": the cards taken from the table are melded again) with cardgames.zone §6 (the discard taken may not be discarded in the same turn).

    Seat 0 takes A♠ from the discard pile and the other A♠ from a set on the
    table, then lays one A♠ in a run: it counts as the table's card melded
    again (rules §13), so the taken A♠ is still in the hand, and locked.
    """
    robbed = _both_aces_of_spades_taken()
    assert (["A♠"], True) == ([str(c) for c in robbed.turn.borrowed], robbed.turn.taken_in_hand)
    laid = apply(robbed, parse_action("meld run Q♠ K♠ A♠"))
    assert ["5♣", "A♠", "9♦"] == [str(card) for card in laid.hand]
    assert ((), True) == (laid.turn.borrowed, laid.turn.taken_in_hand)
    assert Reason.REDISCARD_TAKEN == refusal(laid, Discard(parse_cards("A♠")[0]))
    assert {"discard 5♣", "discard 9♦"} == {
        str(action) for action in legal_actions(laid) if isinstance(action, Discard)
    }
    assert loads(dumps(laid)) == laid


def test_a_view_keeps_the_discard_taken_before_the_first_take_from_the_table_ASS_S_2() -> None:
    """ASS S. 2 with cardgames.zone §6: the discard taken into the hand before the first card taken from the table was in the hand then, so another seat's view keeps it there, and `determinize` deals it.

    The view below says the taken A♠ is no longer marked in the hand now,
    but the table shows no A♠ come to it since the first take (the run's
    A♠ is the set's, moved): the hand to act must hold it still.
    """
    laid = apply(_both_aces_of_spades_taken(), parse_action("meld run Q♠ K♠ A♠"))
    unmarked = to_dict(view(laid, 1))
    assert unmarked["turn"]["taken_in_hand"] is True
    assert unmarked["turn"]["before"]["turn"]["taken_in_hand"] is True
    unmarked["turn"]["taken_in_hand"] = False
    seen = from_dict(unmarked)
    assert "A♠" in [str(card) for card in known_in_hand_to_act(seen)]
    for seed in range(20):
        dealt = determinize(seen, random.Random(seed))
        assert "A♠" in [str(card) for card in dealt.hands[0]]
        assert view(dealt, 1) == seen


def _before_changed(now: TurnState, /, **fields: Any) -> TurnState:
    """`now` with fields of its table before changed."""
    assert now.before is not None
    return attrs.evolve(now, before=attrs.evolve(now.before, **fields))


@pytest.mark.parametrize(
    ("change", "refused"),
    [
        (
            lambda t: _before_changed(
                t, turn=attrs.evolve(t, number=t.number + 1, borrowed=(), before=None)
            ),
            "turn.before.turn: is not the same turn",
        ),
        (
            lambda t: attrs.evolve(t, borrowed=parse_cards("Q♥ K♦")),
            "turn.borrowed: the hand does not hold every card taken from the table",
        ),
        (
            lambda t: _before_changed(
                t,
                table=(
                    *(t.before.table if t.before else ()),
                    TableMeld(meld=validate_meld(parse_cards("5♠ 6♠ 7♠"), ASS_RAEUBER), owner=1),
                ),
            ),
            "turn.before.table: holds cards that are neither on the table nor in the hand",
        ),
    ],
)
def test_a_turn_whose_table_before_contradicts_the_cards_is_refused_ASS_S_2(
    change: Callable[[TurnState], TurnState], refused: str
) -> None:
    """ASS S. 2 (the cards taken from the table are the player's to meld again this turn, a take-back restores the table): the table before belongs to this turn, and its cards are on the table or in the hand, the cards taken from it in the hand; a state saying otherwise is refused, naming the field."""
    state = _seat_0_to_play(ASS_RAEUBER, "4♣ 2♦", (QUEENS, ("K♣ K♠ K♥", 1)), opened=True)
    taken = apply(state, TakeFromTable(0, 2))
    with pytest.raises(InvalidPositionError) as error:
        attrs.evolve(taken, turn=change(taken.turn))
    assert str(error.value).startswith(refused)
