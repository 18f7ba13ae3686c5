"""Actions (Spielzüge) and their text form: `parse_action` and ``str(action)`` round trips (docs/maintainers.md, Actions).

Every action kind has a short text form documented in one table in
`romme.game._actions`; ``parse_action(str(action)) == action`` always, aliases
and other card notations read to the same action, and bad text raises
`InvalidNotationError` (a `ValueError`).
"""

from __future__ import annotations

from typing import Final

import pytest

from romme import (
    JOKER,
    MAX_NOTATION_LENGTH,
    Action,
    Card,
    Discard,
    Draw,
    InvalidNotationError,
    LayDown,
    LayOff,
    MeldKind,
    Rank,
    Side,
    Suit,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    parse_action,
)

SEVEN_CLUBS: Final = Card(Rank.SEVEN, Suit.CLUBS)
QUEEN_HEARTS: Final = Card(Rank.QUEEN, Suit.HEARTS)

CANONICAL: Final[tuple[tuple[Action, str], ...]] = (
    (Draw(), "draw"),
    (TakeDiscard(), "take"),
    (TakeDiscard(LayDown("7♠ 8♠ 9♠")), "take meld 7♠ 8♠ 9♠"),
    (TakeDiscard(LayDown("5♣ JK JK", MeldKind.SET)), "take meld set 5♣ JK JK"),
    (TakeDiscard(LayDown("5♣ 6♣ JK", MeldKind.RUN)), "take meld run 5♣ 6♣ JK"),
    (TakeDiscard(LayOff(2, "9♠")), "take layoff 2 9♠"),
    (TakeDiscard(LayOff(0, "J♥ Q♥", Side.HIGH)), "take layoff 0 high J♥ Q♥"),
    (TakeDiscard(LayOff(3, "10♦", Side.LOW)), "take layoff 3 low 10♦"),
    (LayDown("7♠ 8♠ 9♠"), "meld 7♠ 8♠ 9♠"),
    (LayDown("10♣ 10♠ 10♦"), "meld 10♣ 10♠ 10♦"),
    (LayDown("5♣ JK JK", MeldKind.SET), "meld set 5♣ JK JK"),
    (LayDown("JK 5♣ 6♣", MeldKind.RUN), "meld run JK 5♣ 6♣"),
    (LayOff(2, "Q♥"), "layoff 2 Q♥"),
    (LayOff(2, "JK Q♥", Side.HIGH), "layoff 2 high JK Q♥"),
    (LayOff(0, "4♥", Side.LOW), "layoff 0 low 4♥"),
    (LayOff(12, "A♣ 2♣ 3♣"), "layoff 12 A♣ 2♣ 3♣"),
    (SwapJoker(1, "7♣"), "swap 1 7♣"),
    (SwapJoker(1, "7♣", LayDown("JK 8♦ 9♦")), "swap 1 7♣ then meld JK 8♦ 9♦"),
    (SwapJoker(1, "7♣", LayDown("8♦ 8♠ JK", MeldKind.SET)), "swap 1 7♣ then meld set 8♦ 8♠ JK"),
    (SwapJoker(0, "9♥", LayOff(2, "JK")), "swap 0 9♥ then layoff 2 JK"),
    (SwapJoker(0, "9♥", LayOff(2, "JK", Side.LOW)), "swap 0 9♥ then layoff 2 low JK"),
    (SwapJoker(4, "10♠", Discard("JK")), "swap 4 10♠ then discard JK"),
    (TakeBack(), "takeback"),
    (Discard("K♣"), "discard K♣"),
    (Discard("JK"), "discard JK"),
)


@pytest.mark.parametrize(("action", "text"), CANONICAL)
def test_str_is_the_documented_text_form(action: Action, text: str) -> None:
    """docs/maintainers.md (Actions): each action has a short text form, as in the table of romme.game._actions."""
    assert text == str(action)


@pytest.mark.parametrize(("action", "text"), CANONICAL)
def test_parse_reads_the_text_form(action: Action, text: str) -> None:
    """docs/maintainers.md (Actions): parse_action reads the text form back to the same action."""
    assert action == parse_action(text)


@pytest.mark.parametrize(("action", "text"), CANONICAL)
def test_round_trip(action: Action, text: str) -> None:
    """docs/maintainers.md (Actions): parse_action(str(action)) == action and str(parse_action(text)) == text."""
    assert action == parse_action(str(action))
    assert text == str(parse_action(text))


def test_action_fields_from_text_and_cards() -> None:
    """docs/maintainers.md (Actions): actions are frozen values; cards may be given as Card values or as text."""
    assert LayDown((SEVEN_CLUBS, JOKER)) == LayDown("7♣ JK")
    assert LayOff(0, (JOKER, QUEEN_HEARTS), Side.HIGH) == LayOff(0, "JK Q♥", Side.HIGH)
    assert Discard(SEVEN_CLUBS) == Discard("7c")
    assert SwapJoker(1, SEVEN_CLUBS) == SwapJoker(1, "♣7")
    assert (SEVEN_CLUBS, JOKER) == LayDown("7♣ JK").cards
    assert hash(Discard("K♣")) == hash(Discard("K♣"))


def test_table_meld_index_must_be_an_int() -> None:
    """docs/maintainers.md (Actions): actions address a table meld by its int index."""
    with pytest.raises(TypeError):
        LayOff("0", "Q♥")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        SwapJoker(True, "7♣")
    with pytest.raises(TypeError):
        LayDown(["7♣", "8♣", "9♣"])  # type: ignore[list-item]


ALIASES: Final[tuple[tuple[str, Action], ...]] = (
    ("stock", Draw()),
    ("DRAW", Draw()),
    ("  draw  ", Draw()),
    ("pick", TakeDiscard()),
    ("Take", TakeDiscard()),
    ("pick meld 7s 8s 9s", TakeDiscard(LayDown("7♠ 8♠ 9♠"))),
    ("take lay 7s 8s 9s", TakeDiscard(LayDown("7♠ 8♠ 9♠"))),
    ("take add 2 9s", TakeDiscard(LayOff(2, "9♠"))),
    ("Take Meld Run 5c 6c JK", TakeDiscard(LayDown("5♣ 6♣ JK", MeldKind.RUN))),
    ("lay 7s 8s 9s", LayDown("7♠ 8♠ 9♠")),
    ("laydown SET 5c jk jk", LayDown("5♣ JK JK", MeldKind.SET)),
    ("meld 7s,8s,9s", LayDown("7♠ 8♠ 9♠")),
    ("meld ♠7 ♠8 ♠9", LayDown("7♠ 8♠ 9♠")),
    ("meld Tc Jc Qc", LayDown("10♣ J♣ Q♣")),
    ("meld 5c Jo *", LayDown("5♣ JK JK")),
    ("lay-off 0 LOW 4h", LayOff(0, "4♥", Side.LOW)),
    ("add 2 high jk qh", LayOff(2, "JK Q♥", Side.HIGH)),
    ("layoff 07 qh", LayOff(7, "Q♥")),
    ("Swap 1 7c Then Layoff 0 High jk", SwapJoker(1, "7♣", LayOff(0, "JK", Side.HIGH))),
    ("swap 1 c7 then lay jk 8d 9d", SwapJoker(1, "7♣", LayDown("JK 8♦ 9♦"))),
    ("swap 4 Ts then drop Jo", SwapJoker(4, "10♠", Discard("JK"))),
    ("take-back", TakeBack()),
    ("undo", TakeBack()),
    ("TAKEBACK", TakeBack()),
    ("drop kc", Discard("K♣")),
    ("discard ♣K", Discard("K♣")),
    ("discard 🃏", Discard("JK")),
)


@pytest.mark.parametrize(("text", "action"), ALIASES)
def test_aliases_and_notations(text: str, action: Action) -> None:
    """docs/maintainers.md (Actions, Cards): verb aliases, any case, and every card notation read to the same action."""
    assert action == parse_action(text)


BAD: Final = (
    "",
    "   ",
    "jump",
    "jump 7♠",
    "meld",
    "meld set",
    "meld run",
    "layoff",
    "layoff 0",
    "layoff 0 high",
    "layoff x 7♥",
    "layoff -1 7♥",
    "layoff 7♥",
    "swap",
    "swap 0",
    "swap x 7♥",
    "swap 0 7♥ meld JK 8♥ 9♥",
    "swap 0 7♥ then",
    "swap 0 7♥ then draw",
    "swap 0 7♥ then takeback",
    "swap 0 7♥ then swap 1 8♥",
    "swap 0 7♥ then take meld JK 8♥ 9♥",
    "discard",
    "discard 7♥ 8♥",
    "take draw",
    "take discard 7♥",
    "take takeback",
    "take swap 0 7♥",
    "take take meld 7♠ 8♠ 9♠",
    "draw now",
    "draw 7♥",
    "takeback 1",
    "meld 7♠ 8♠ 9z",
    "meld 7♠ 8♠ 11♠",
    "layoff 0 Q♥ X",
    "discard 1x",
    "swap 0 77",
)


@pytest.mark.parametrize("text", BAD)
def test_bad_text_raises_invalid_notation(text: str) -> None:
    """docs/maintainers.md (Actions): text that is not an action raises InvalidNotationError, a ValueError."""
    with pytest.raises(InvalidNotationError):
        parse_action(text)
    with pytest.raises(ValueError, match=r"."):
        parse_action(text)


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("jump 7♠", "jump"),
        ("draw now", "now"),
        ("takeback 1", "1"),
        ("meld 7♠ 8♠ 9z", "9z"),
        ("discard 1x", "1x"),
    ],
)
def test_bad_text_names_the_bad_token(text: str, token: str) -> None:
    """docs/maintainers.md (Cards, Actions): the error names the offending token."""
    with pytest.raises(InvalidNotationError) as error:
        parse_action(text)
    assert token == error.value.token


def test_non_text_and_overlong_text_raise_invalid_notation() -> None:
    """docs/maintainers.md (Actions): only text is parsed, and not more than MAX_NOTATION_LENGTH characters."""
    with pytest.raises(InvalidNotationError):
        parse_action(42)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        parse_action(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidNotationError):
        parse_action("draw" + " " * MAX_NOTATION_LENGTH)
