"""Readable positions: str(state) and str(view) print a compact table; repr stays attrs'; HTML for notebooks."""

from __future__ import annotations

from collections import Counter
from html.parser import HTMLParser

from romme import (
    GameState,
    Phase,
    Rules,
    apply,
    find_rules,
    make_deck,
    new_position,
    parse_action,
    parse_cards,
    view,
)

CLASSIC = find_rules("classic")
HOME = Rules()
"""Rules() is no preset: the tournament rules with the dealer playing."""


def staged() -> GameState:
    """Seat 0, in the play phase, has staged a 9-point run towards the 30 it needs to open."""
    state = new_position(
        CLASSIC,
        hands=["2♣ 3♣ 4♣ Q♥ K♥ A♥ 5♦", "2♦ 3♦ 9♠"],
        discard_pile="8♣ 10♥",
        phase=Phase.PLAY,
        seed=4,
    )
    return apply(state, parse_action("meld 2♣ 3♣ 4♣"))


def finished() -> GameState:
    """Seat 0, opened before, melds its run and discards its last card: the round is over."""
    state = new_position(
        CLASSIC,
        hands=["7♠ 8♠ 9♠ 5♦", "2♦ 3♦", "K♣ JK"],
        table=[("Q♥ K♥ A♥", 0)],
        phase=Phase.PLAY,
        seed=4,
        dealer=2,
    )
    state = apply(state, parse_action("meld 7♠ 8♠ 9♠"))
    return apply(state, parse_action("discard 5♦"))


STAGED_STATE = """\
classic · turn 1 · seat 0 to play
    seat  dealer  opened  hand
 >  0             no      4 cards: Q♥ K♥ A♥ 5♦
    1     dealer  no      3 cards: 9♠ 2♦ 3♦
table:
    [0]  2♣ 3♣ 4♣   run of seat 0, staged (the opening is not complete)
discard pile: 10♥ on top (2 cards) · stock: 98 cards"""

STAGED_VIEW = """\
classic · turn 1 · seat 0 to play · seen by seat 1
    seat  dealer  opened  hand
 >  0             no      4 cards
    1     dealer  no      3 cards: 9♠ 2♦ 3♦
table:
    [0]  2♣ 3♣ 4♣   run of seat 0, staged (the opening is not complete)
discard pile: 10♥ on top (2 cards) · stock: 98 cards"""

FINISHED_STATE = """\
classic · turn 1 · round over
    seat  dealer  opened  hand
    0             yes     0 cards
    1             no      2 cards: 2♦ 3♦
    2     dealer  no      2 cards: K♣ JK
table:
    [0]  Q♥ K♥ A♥   run of seat 0
    [1]  7♠ 8♠ 9♠   run of seat 0
discard pile: 5♦ on top (1 card) · stock: 99 cards
round over: seat 0 went out; penalties by seat: 0, 5, 30"""


def test_str_of_a_state_is_a_table_of_seats_melds_and_piles() -> None:
    """str(state): rules, turn and seat to act; a row per seat with every hand; melds by index with owner and staged mark; piles."""
    assert STAGED_STATE == str(staged())


def test_str_of_a_view_shows_only_the_viewers_cards() -> None:
    """str(view): the viewer's own cards, the other hands by their size only."""
    assert STAGED_VIEW == str(view(staged(), 1))
    assert "Q♥" not in str(view(staged(), 1))


def test_str_of_a_finished_round_shows_the_result() -> None:
    """str(state) of a finished round: no seat to act, and who went out with each seat's penalty."""
    assert FINISHED_STATE == str(finished())


def test_str_of_a_dealer_sitting_out_and_the_table_empty() -> None:
    """A dealer who sits out shows as such, and an empty table says so."""
    state = new_position(
        find_rules("drov"), hands=["", "5♥ 6♥", "8♦ 9♦", "9♣ 10♣"], current_player=1, dealer=0
    )
    lines = str(state).splitlines()
    assert "drov · turn 1 · seat 1 to draw" == lines[0]
    assert "    0     dealer          sits out" == lines[2]
    assert " >  1             no      2 cards: 5♥ 6♥" == lines[3]
    assert "table: empty" == lines[6]


def test_repr_stays_the_attrs_repr() -> None:
    """repr(state) and repr(view) are still the attrs reprs, field by field."""
    state = staged()
    assert repr(state).startswith("GameState(rules=Rules(decks=2, ")
    assert "current_player=0, phase=<Phase.PLAY: 'play'>" in repr(state)
    assert repr(view(state, 1)).startswith("PlayerView(rules=Rules(")


class _Text(HTMLParser):
    """The text of each table row, and the tags met."""

    def __init__(self) -> None:
        super().__init__()
        self.rows: list[list[str]] = []
        self.tags: list[str] = []

    def handle_starttag(self, tag: str, attrs: object) -> None:
        self.tags.append(tag)
        if tag == "tr":
            self.rows.append([])

    def handle_data(self, data: str) -> None:
        if self.rows and data.strip():
            self.rows[-1].append(data)


def test_repr_html_is_a_table_of_the_same_rows() -> None:
    """_repr_html_ gives an HTML table: a header row, one row per seat, then the melds and the piles."""
    parser = _Text()
    parser.feed(view(staged(), 1)._repr_html_())
    assert "table" == parser.tags[0]
    assert [
        ["seat", "dealer", "opened", "hand"],
        [">", "0", "no", "4 cards"],
        ["1", "dealer", "no", "3 cards: 9♠ 2♦ 3♦"],
        ["[0] 2♣ 3♣ 4♣ (run of seat 0, staged (the opening is not complete))"],
        ["discard pile: 10♥ on top (2 cards) · stock: 98 cards"],
    ] == parser.rows


def test_repr_html_escapes_its_text() -> None:
    """Text in the HTML is escaped: a finished round's result shows with no raw markup characters."""
    page = finished()._repr_html_()
    assert "<caption>classic · turn 1 · round over</caption>" in page
    assert "seat 0 went out; penalties by seat: 0, 5, 30" in page
    assert page.count("<") == page.count(">")


def test_str_names_the_card_taken_this_turn() -> None:
    """After a take from the discard pile, the table names the taken card (its use is locked this turn)."""
    state = new_position(
        find_rules("cardgames-zone"), hands=["2♣ 3♣ 9♥", "5♦ 6♦"], discard_pile="K♠ 4♣", seed=2
    )
    state = apply(state, parse_action("take"))
    assert str(state).endswith(
        "discard pile: K♠ on top (1 card) · stock: 103 cards\n"
        "taken from the discard pile this turn: 4♣"
    )


def test_str_of_a_round_ended_without_a_winner_and_html_of_an_empty_table() -> None:
    """A round that ends with the stock empty says so; the HTML of an empty table says it is empty."""
    rest = Counter(make_deck(HOME)) - Counter(parse_cards("2♣ 3♣ 5♦ 9♦ 6♣"))
    state = new_position(
        HOME, hands=["2♣ 3♣", "5♦ 9♦"], discard_pile=sorted(rest.elements()), stock="6♣"
    )
    state = apply(state, parse_action("draw"))
    state = apply(state, parse_action("discard 2♣"))
    assert str(state).startswith("house rules · turn 2 · round over\n")
    assert str(state).endswith(
        "discard pile: 2♣ on top (106 cards) · stock: 0 cards\n"
        "round over: without a winner (stock exhausted); penalties by seat: 9, 14"
    )
    assert '<td colspan="5">table: empty</td>' in state._repr_html_()
