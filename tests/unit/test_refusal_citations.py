"""Tables point 8 (issue 33): a refusal the terminal and the web table show cites the chosen preset's own rule book.

The expected citations are written by hand from the sources page of the
documentation (docs/sources.md: "DRoV rule *n*", "ASS S. *n*", "Schmidt S. *n*",
"cardgames.zone rules §*n*", "German Rummy rules", "house rules ¶*n*") and
the seed rule books it describes; a rule a preset's book says nothing about,
and every rule of a `Rules` value that is no preset, cites the rules page
("rules §*n*", docs/rules.md). The web table's refusals are pinned in
`tests/web/test_api.py`.
"""

from __future__ import annotations

import ast
import io
import re
from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import attrs
import pytest

import romme
from romme import (
    PRESETS,
    GreedyBot,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    apply,
    find_rules,
    make_deck,
    new_match,
    new_position,
    parse_action,
    parse_cards,
    view,
)
from romme._tables import BOOKS, CITATIONS, refusal_citation, uncited
from romme.cli import main, play_rules, refusal_text
from romme.game._state import GameState

OTHERS = ["3♣ 4♣ 9♥ 10♦", "5♦ 6♦ 7♦ 8♥"]
"""The hands of seats 1 and 2 (three seats, as a dealer who sits out needs)."""

CUSTOM = attrs.evolve(find_rules("classic"), opening_threshold=35)
"""`classic` with 35 to open: a `Rules` value that is no preset, so no rule book is its own."""


def deal(
    rules: Rules,
    hand: str,
    *,
    table: Sequence[tuple[str, int]] = (),
    discard: str = "",
    **setup: Any,
) -> GameState:
    """Seat 0 holds `hand`, seats 1 and 2 `OTHERS`, with these table melds; the other cards form the stock."""
    hands = [hand, *OTHERS]
    named = parse_cards(" ".join([*hands, discard, *(cards for cards, _ in table)]))
    stock = sorted((Counter(make_deck(rules)) - Counter(named)).elements())
    return new_position(rules, hands=hands, stock=stock, discard_pile=discard, table=table, **setup)


def shown(state: GameState, text: str) -> str:
    """The refusal of the move `text` as the tables show it (the move must be refused)."""
    action = parse_action(text)
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action)
    return refusal_text(refused.value, action, state.hand, state.top_discard, rules=state.rules)


def rules_named(name: str) -> Rules:
    return CUSTOM if name == "custom" else find_rules(name)


# -- each preset's own rule book ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "citation"),
    [
        ("drov", "DRoV rule 9"),
        ("classic", "cardgames.zone rules §6"),
        ("ass", "DRoV rule 9"),  # ASS's leaflet as reported: the DRoV rules, 30 to open
        ("schmidt", "Schmidt S. 2"),  # "ebenso Schmidt S. 2"
        ("german-rummy", "German Rummy rules"),
        ("house", "house rules ¶4"),
        ("custom", "rules §5"),
    ],
)
def test_laying_off_before_the_opening_cites_the_presets_book(name: str, citation: str) -> None:
    """Tables point 8 (DRoV Nr. 9, Schmidt S. 2, cardgames.zone §6, German Rummy page, house rules ¶4):
    a lay-off before the opening is refused citing the preset's own rule book, the rules page for no preset."""
    state = deal(rules_named(name), "7♣ 8♦ 9♦ 2♥ 3♥", table=[("5♣ 6♣ JK", 1)], phase=Phase.PLAY)

    assert shown(state, "layoff 0 7♣") == f"laying off needs an opened player ({citation})"


@pytest.mark.parametrize(
    ("name", "threshold", "citation"),
    [
        ("drov", 40, "DRoV rule 6"),
        ("classic", 30, "cardgames.zone rules §6"),
        ("ass", 30, "ASS S. 1"),
        ("schmidt", 31, "Schmidt S. 2"),
        ("ass-raeuber", 40, "ASS S. 2–3"),
        ("schmidt-raeuber", 40, "Schmidt S. 4"),
        ("german-rummy", 30, "German Rummy rules"),
        ("house", 40, "house rules ¶3"),
        ("custom", 35, "rules §5"),
    ],
)
def test_an_opening_out_of_reach_cites_where_the_presets_book_sets_the_threshold(
    name: str, threshold: int, citation: str
) -> None:
    """Tables point 8 (DRoV Nr. 6: 40; ASS S. 1: 30; Schmidt S. 2: 31; ASS S. 2–3, Schmidt S. 4: 40
    under Räuber-Rommé; cardgames.zone §6: 30; house rules ¶3: 40): the page that sets the threshold."""
    state = deal(rules_named(name), "7♠ 8♠ 9♠ 2♥ 2♦ 5♣", phase=Phase.PLAY)

    assert shown(state, "meld 7♠ 8♠ 9♠") == (
        f"7♠ 8♠ 9♠: the opening of {threshold} can no longer be completed this turn ({citation})"
    )


@pytest.mark.parametrize(
    ("name", "citation"),
    [
        ("drov", "DRoV Streitfall 7"),
        ("classic", "cardgames.zone rules §8"),
        ("ass", "DRoV Streitfall 7"),
        ("schmidt", "Schmidt S. 3"),  # "ebenso Schmidt S. 3"
        ("german-rummy", "German Rummy rules"),
        ("house", "house rules ¶7"),
        ("custom", "rules §7"),
    ],
)
def test_melding_the_last_card_cites_the_presets_book(name: str, citation: str) -> None:
    """Tables point 8 (DRoV Streitfall 7, Schmidt S. 3, cardgames.zone §8, German Rummy page, house
    rules ¶7): the last card is discarded, each rule book in its own words."""
    state = deal(
        rules_named(name),
        "10♣ 10♠ 10♥",
        table=[("Q♥ K♥ A♥", 1)],
        opened=(True, True, False),
        phase=Phase.PLAY,
    )

    assert shown(state, "meld 10♣ 10♠ 10♥") == (
        f"the last card must be discarded, so melding may not empty the hand ({citation})"
    )


@pytest.mark.parametrize(
    ("name", "citation"),
    [
        ("classic", "cardgames.zone rules §5"),
        ("schmidt", "Schmidt S. 3"),
        ("house", "house rules bullet 2"),
        ("german-rummy", "rules §3"),  # the page says nothing of K-A-2: the library's reading
        ("custom", "rules §3"),
    ],
)
def test_a_run_around_the_corner_cites_the_presets_book(name: str, citation: str) -> None:
    """Tables point 8 (cardgames.zone §5 "no king-ace-2", Schmidt S. 3, house rules bullet 2): a book silent
    on the corner (German Rummy page) is not cited; the rules page is."""
    state = deal(rules_named(name), "K♠ A♠ 2♠ 9♦", opened=(True, True, False), phase=Phase.PLAY)

    assert shown(state, "meld K♠ A♠ 2♠") == (
        f"K♠ A♠ 2♠: a run may not go around the corner (K-A-2) under these rules ({citation})"
    )


@pytest.mark.parametrize(
    ("rules", "citation"),
    [
        (find_rules("drov"), "DRoV rule 10"),
        (find_rules("ass"), "DRoV rule 10"),
        (attrs.evolve(find_rules("classic"), last_card_stock_only=True), "rules §4"),
    ],
)
def test_the_one_card_draw_cites_drov_only_where_the_preset_is_drov(
    rules: Rules, citation: str
) -> None:
    """Tables point 8 (DRoV Nr. 10): holding one card, draw from the stock; `classic` with the rule
    added is no preset, and cardgames.zone says nothing of it, so the rules page is cited."""
    state = deal(rules, "9♦", table=[("Q♥ K♥ A♥", 1)], discard="J♥", opened=(True, True, False))

    assert shown(state, "take layoff 0 J♥") == f"holding one card, draw from the stock ({citation})"


@pytest.mark.parametrize(
    ("name", "citation"),
    [("drov", "DRoV rule 4a/4b"), ("classic", "cardgames.zone rules §6"), ("custom", "rules §4")],
)
def test_a_take_without_its_use_cites_the_presets_book(name: str, citation: str) -> None:
    """Tables point 8 (DRoV Nr. 4a/4b, cardgames.zone §6 "you must use it in a meld in the same turn")."""
    state = deal(rules_named(name), "7♠ 8♠ 2♥ 5♦", discard="9♠")

    assert shown(state, "take") == (
        f"the taken 9♠ must be laid down or laid off in the same action ({citation})"
    )


@pytest.mark.parametrize(
    ("name", "answer", "words"),
    [
        ("ass-kaufen", "knock", "knocking is not played under these rules (ASS S. 3)"),
        ("ass-kaufen", "consent", "nobody is buying the card (ASS S. 3)"),
        ("ass-klopfen", "buy", "buying is not played under these rules (ASS S. 1–2)"),
        ("ass-klopfen", "consent", "nobody is buying the card (rules §13)"),
    ],
)
def test_claims_cite_the_leaflets_page_of_the_claim_the_preset_plays(
    name: str, answer: str, words: str
) -> None:
    """Tables point 8 (ASS S. 3 buying, ASS S. 1–2 knocking; rules §13): at a claim window, a refusal
    cites the page of the claim the preset plays, and the leaflet's buying page never under knocking."""
    state = apply(deal(find_rules(name), "7♠ 8♠ 2♥ 5♦", discard="9♠"), parse_action("draw"))
    assert (state.phase, state.current_player) == (Phase.CLAIM, 1)

    assert shown(state, answer) == words


@pytest.mark.parametrize("name", ["drov", "classic", "ass", "schmidt", "custom"])
def test_a_refusal_that_is_no_rule_cites_nothing(name: str) -> None:
    """Tables point 8 (rules §4): a card not held, or a move out of its phase, is no rule of a rule book."""
    state = deal(rules_named(name), "7♠ 8♠ 2♥ 5♦", phase=Phase.PLAY)

    assert shown(state, "discard 9♣") == "you do not hold 9♣"
    assert shown(state, "draw") == "drawing belongs to the draw phase, not the play phase"


# -- the table itself --------------------------------------------------------------------------

BOOK_WORDS = {
    "DRoV": ("DRoV rule ", "DRoV Streitfall "),
    "ASS": ("ASS S. ",),
    "ASS Räuber-Rommé": ("ASS S. 2–3",),
    "ASS Kaufen": ("ASS S. 3",),
    "ASS Klopfen": ("ASS S. 1–2",),
    "Schmidt": ("Schmidt S. ",),
    "Schmidt Räuber-Rommé": ("Schmidt S. 4",),
    "cardgames.zone": ("cardgames.zone rules §",),
    "German Rummy": ("German Rummy rules",),
    "house rules": ("house rules ¶", "house rules bullet "),
}
"""How each rule book is cited in a message (docs/sources.md), written out here by hand."""


def test_every_reason_and_every_preset_is_in_the_table() -> None:
    """Tables point 8: a new `Reason` or a new preset fails here until its citation is decided."""
    assert set(CITATIONS) == set(Reason)
    assert set(BOOKS) == set(PRESETS)
    assert {book for books in BOOKS.values() for book in books} == set(BOOK_WORDS)


def test_a_rule_book_is_cited_only_in_its_own_words() -> None:
    """Tables point 8: under each rule book's key stands that book's citation, never another book's
    number; the fallback is a section of the rules page (rules §3–§13)."""
    for reason, cited in CITATIONS.items():
        if cited is None:
            continue
        assert re.fullmatch(r"rules §(?:[3-7]|13)", cited.section), reason
        for book, words in cited.books.items():
            assert words.startswith(BOOK_WORDS[book]), (reason, book, words)


@pytest.mark.parametrize("name", ["classic", "cardgames-zone", "ghidi", "german-rummy", "house"])
def test_no_drov_citation_under_a_preset_whose_book_is_not_drov(name: str) -> None:
    """Tables point 8: "Under `classic`, refusals cite DRoV rule numbers" no more. Rounds of `name` played by
    GreedyBot, and at each step a spread of moves tried: no refusal names DRoV, ASS or Schmidt,
    nor a book other than the preset's own."""
    rules = find_rules(name)
    own = {"german-rummy": "German Rummy", "house": "house rules"}.get(name, "cardgames.zone")
    foreign = [
        book
        for book in ("DRoV", "ASS", "Schmidt", "cardgames.zone", "German Rummy", "house rules")
        if book != own
    ]
    refusals: dict[Reason, str] = {}
    for seed in range(2):
        state = new_match(rules, 3, seed=seed).state
        assert state is not None
        for _ in range(60):
            if state.is_over:
                break
            for text in _tries(state):
                action = parse_action(text)
                try:
                    apply(state, action)
                except IllegalActionError as error:
                    words = refusal_text(error, action, state.hand, state.top_discard, rules=rules)
                    refusals.setdefault(error.reason, words)
                    assert not any(book in words for book in foreign), words
            state = apply(state, GreedyBot().choose(view(state, state.current_player)))
    cited_reasons = {reason for reason in refusals if CITATIONS[reason] is not None}
    assert len(cited_reasons) >= 3, refusals  # the sweep met rules that cite, not only slips


def _tries(state: GameState) -> list[str]:
    """Moves to try in `state`, legal or not: each hand card discarded and laid off, three of them
    laid down, the draws, a swap, a knock and a take-back."""
    hand = [str(card) for card in state.hand]
    tries = ["draw", "take", "takeback", "knock", "buy", "consent", "rob 0 0"]
    tries += [f"discard {card}" for card in hand[:4]]
    tries += [f"layoff 0 {card}" for card in hand[:3]]
    tries += [f"swap 0 {card}" for card in hand[:2]]
    if len(hand) >= 3:
        tries += [f"meld {' '.join(hand[i : i + 3])}" for i in range(0, len(hand) - 2, 3)]
    if state.top_discard is not None and len(hand) >= 2:
        tries.append(f"take meld {hand[0]} {hand[1]} {state.top_discard}")
    return tries


# -- the checker's own citations are taken out --------------------------------------------------

BOOK_NAME = re.compile(r"DRoV|ASS S\.|Schmidt S\.|cardgames\.zone|German Rummy|house rules")


def _checker_messages() -> list[str]:
    """The strings of every module that writes refusals (calls `Failure`, `IllegalActionError` or `InvalidMeldError`),
    but for docstrings, f-string fields as "X": those that name a rule book. A message built in
    pieces (a variable put into an f-string) is covered piece by piece."""
    found = []
    for path in Path(romme.__file__).parent.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        calls = {
            node.func.id
            for node in ast.walk(tree)
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Name)
        }
        if not calls & {"Failure", "IllegalActionError", "InvalidMeldError"}:
            continue
        docstrings = {
            id(node.value)
            for node in ast.walk(tree)
            if isinstance(node, ast.Expr) and isinstance(node.value, ast.Constant)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.JoinedStr):
                found.append(
                    "".join(
                        part.value
                        if isinstance(part, ast.Constant) and isinstance(part.value, str)
                        else "X"
                        for part in node.values
                    )
                )
            elif (
                isinstance(node, ast.Constant)
                and isinstance(node.value, str)
                and id(node) not in docstrings
            ):
                found.append(node.value)
    return [text for text in found if BOOK_NAME.search(text)]


def test_every_citation_the_checker_writes_is_taken_out() -> None:
    """Tables point 8: the checker's messages cite the book each check was written from (DRoV Nr. 10,
    Schmidt S. 3, cardgames.zone §9, …); the tables take every such citation out before adding the
    preset's own. Read from the source, so that a new message with a citation is covered too."""
    messages = _checker_messages()
    assert len(messages) >= 15, messages
    for message in messages:
        assert not BOOK_NAME.search(uncited(message)), message


def test_taking_a_citation_out_keeps_the_words_around_it() -> None:
    """Tables point 8: a citation alone in a parenthesis goes with it; one after "; " leaves the rest
    of the parenthesis; a parenthesis of other words stays (DRoV Nr. 10, Schmidt S. 3)."""
    assert uncited("holding one card, draw from the stock (DRoV rule 10)") == (
        "holding one card, draw from the stock"
    )
    assert uncited("the 7♣ was taken to go out this turn (DRoV Nr. 10): the turn ends") == (
        "the 7♣ was taken to go out this turn: the turn ends"
    )
    assert uncited("K♣ K♠ JK: announce one card (announced nothing; Schmidt S. 3)") == (
        "K♣ K♠ JK: announce one card (announced nothing)"
    )
    assert uncited("must be placed (DRoV rule 6, cardgames.zone rules §9)") == "must be placed"
    assert uncited("a run may not go around the corner (K-A-2) here") == (
        "a run may not go around the corner (K-A-2) here"
    )


# -- romme play --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "before", "citation"),
    [
        ("classic", "", "cardgames.zone rules §6"),
        ("schmidt", "draw\n", "Schmidt S. 2"),
        ("ass", "draw\n", "DRoV rule 9"),
    ],
)
def test_romme_play_cites_the_chosen_presets_book(name: str, before: str, citation: str) -> None:
    """Tables point 8 (cardgames.zone §6, Schmidt S. 2, DRoV Nr. 9), in `romme play`: a lay-off before the
    opening and a set with a suit twice (cardgames.zone §5) are refused in the preset's words."""
    out, err = io.StringIO(), io.StringIO()
    typed = f"{before}layoff 0 6♣\nmeld 6♣ 6♦ 6♦\nquit\n"

    status = main(
        ["play", "--rules", name, "--seed", "5"], stdin=io.StringIO(typed), stdout=out, stderr=err
    )

    assert (status, err.getvalue()) == (0, "")
    assert f"Not allowed: laying off needs an opened player ({citation})\n" in out.getvalue()
    repeated = {"classic": "cardgames.zone rules §5", "schmidt": "DRoV rule 8", "ass": "ASS S. 1"}[
        name
    ]
    assert (
        f"Not allowed: 6♣ 6♦ 6♦: a set may not hold a suit twice ({repeated})\n" in out.getvalue()
    )


@pytest.mark.parametrize("name", ["drov", "schmidt", "classic"])
def test_a_preset_scored_by_penalties_at_the_tables_still_cites_its_book(name: str) -> None:
    """Tables point 8: both tables score a preset played in tournament points (``drov``) by penalties
    (`romme.cli.play_rules`); the rules of play are still the preset's, and so is the citation
    (DRoV Nr. 9 for a lay-off before the opening under drov)."""
    expected = {
        "drov": "DRoV rule 9",
        "schmidt": "Schmidt S. 2",
        "classic": "cardgames.zone rules §6",
    }
    assert refusal_citation(Reason.NOT_OPENED, play_rules(name)) == expected[name]
    house = attrs.evolve(PRESETS[name], opening_threshold=35)  # a house rule of play: no book
    assert refusal_citation(Reason.NOT_OPENED, house) == "rules §5"
