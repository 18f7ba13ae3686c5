"""Cards, their order and their text notation (docs/maintainers.md "Cards"; rules §1, §2).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from romme import (
    JOKER,
    MAX_NOTATION_LENGTH,
    Card,
    InvalidNotationError,
    Rank,
    Suit,
    find_rules,
    format_cards,
    make_deck,
    parse_card,
    parse_cards,
)
from romme.testing import cards

NATURAL_CARDS: tuple[Card, ...] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
"""The 52 different natural cards, in card order."""
ALL_CARDS: tuple[Card, ...] = (*NATURAL_CARDS, JOKER)
"""Every different card: the 52 natural cards and the joker."""

# Written out by hand from docs/maintainers.md "Cards": the rank tokens, the suit tokens.
RANK_TOKENS = {
    "A": Rank.ACE,
    "2": Rank.TWO,
    "3": Rank.THREE,
    "4": Rank.FOUR,
    "5": Rank.FIVE,
    "6": Rank.SIX,
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "10": Rank.TEN,
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
}
SUIT_TOKENS = {
    "♣": Suit.CLUBS,
    "♠": Suit.SPADES,
    "♥": Suit.HEARTS,
    "♦": Suit.DIAMONDS,
    "c": Suit.CLUBS,
    "s": Suit.SPADES,
    "h": Suit.HEARTS,
    "d": Suit.DIAMONDS,
}
JOKER_TOKENS = ("JK", "jk", "Jk", "jK", "Jo", "jo", "JO", "jO", "*", "🃏")


def seven_of_hearts() -> Card:
    return Card(Rank.SEVEN, Suit.HEARTS)


# -- construction -------------------------------------------------------------


def test_card_holds_rank_and_suit() -> None:
    """Card(Rank.SEVEN, Suit.HEARTS) is the seven of hearts, not a joker."""
    card = Card(Rank.SEVEN, Suit.HEARTS)
    assert (Rank.SEVEN, Suit.HEARTS, False) == (card.rank, card.suit, card.is_joker)


def test_joker_has_neither_rank_nor_suit() -> None:
    """JOKER is Card() with no rank and no suit."""
    assert (None, None, True) == (JOKER.rank, JOKER.suit, JOKER.is_joker)
    assert Card() == JOKER


def test_card_converts_plain_rank_and_suit_values() -> None:
    """Card(7, "hearts") is Card(Rank.SEVEN, Suit.HEARTS)."""
    assert Card(Rank.SEVEN, Suit.HEARTS) == Card(7, "hearts")


@pytest.mark.parametrize(
    ("rank", "suit"),
    [
        (Rank.SEVEN, None),
        (None, Suit.HEARTS),
        (1, Suit.HEARTS),
        (15, Suit.HEARTS),
        (0, Suit.CLUBS),
        (Rank.SEVEN, "stars"),
    ],
)
def test_card_refuses_impossible_values(rank: object, suit: object) -> None:
    """A card has a rank 2–14 and a suit, or neither (the joker); anything else is a ValueError."""
    with pytest.raises(ValueError):  # noqa: PT011 - the type is the contract
        Card(rank, suit)  # type: ignore[arg-type]


def test_card_is_frozen() -> None:
    """Cards are immutable values (docs/maintainers.md: every value is immutable)."""
    card = seven_of_hearts()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        card.rank = Rank.EIGHT  # type: ignore[misc]


# -- str ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("card", "text"),
    [
        (Card(Rank.SEVEN, Suit.HEARTS), "7♥"),
        (Card(Rank.TEN, Suit.SPADES), "10♠"),
        (Card(Rank.TWO, Suit.CLUBS), "2♣"),
        (Card(Rank.JACK, Suit.CLUBS), "J♣"),
        (Card(Rank.QUEEN, Suit.SPADES), "Q♠"),
        (Card(Rank.KING, Suit.HEARTS), "K♥"),
        (Card(Rank.ACE, Suit.DIAMONDS), "A♦"),
        (JOKER, "JK"),
    ],
)
def test_str_is_rank_symbol_then_suit_symbol(card: Card, text: str) -> None:
    """str(card) is 7♥, 10♠, JK (docs/maintainers.md "Cards")."""
    assert text == str(card)


def test_format_cards_joins_with_spaces() -> None:
    """format_cards writes the cards' text forms separated by spaces."""
    assert "Q♣ K♣ A♣ JK" == format_cards(
        [
            Card(Rank.QUEEN, Suit.CLUBS),
            Card(Rank.KING, Suit.CLUBS),
            Card(Rank.ACE, Suit.CLUBS),
            JOKER,
        ]
    )


# -- equality, hashing, order ------------------------------------------------------


def test_equal_cards_are_equal_and_hash_alike() -> None:
    """Cards of equal rank and suit (from the two packs) are indistinguishable (rules §2)."""
    first, second = Card(Rank.SEVEN, Suit.HEARTS), parse_card("7h")
    assert first == second
    assert hash(first) == hash(second)
    assert 1 == len({first, second})


def test_jokers_are_all_equal() -> None:
    """All jokers are equal (rules §2)."""
    assert {JOKER} == {Card(), parse_card("JK"), parse_card("*"), parse_card("🃏")}


def test_different_cards_are_unequal() -> None:
    """Cards differing in rank or suit, or a card and the joker, are unequal."""
    seven = seven_of_hearts()
    assert seven != Card(Rank.EIGHT, Suit.HEARTS)
    assert seven != Card(Rank.SEVEN, Suit.DIAMONDS)
    assert seven != JOKER
    assert 53 == len(set(ALL_CARDS))


def test_card_is_not_equal_to_other_types() -> None:
    """A card never equals its text or a number."""
    assert seven_of_hearts() != "7♥"
    assert seven_of_hearts() != 7


def test_cards_sort_by_suit_then_rank_jokers_last() -> None:
    """Cards sort by suit ♣ ♠ ♥ ♦, then rank 2…10 J Q K A, jokers last (rules §1)."""
    expected = [
        Card(Rank.TWO, Suit.CLUBS),
        Card(Rank.TEN, Suit.CLUBS),
        Card(Rank.JACK, Suit.CLUBS),
        Card(Rank.QUEEN, Suit.CLUBS),
        Card(Rank.KING, Suit.CLUBS),
        Card(Rank.ACE, Suit.CLUBS),
        Card(Rank.TWO, Suit.SPADES),
        Card(Rank.ACE, Suit.SPADES),
        Card(Rank.TWO, Suit.HEARTS),
        Card(Rank.ACE, Suit.HEARTS),
        Card(Rank.TWO, Suit.DIAMONDS),
        Card(Rank.ACE, Suit.DIAMONDS),
        JOKER,
    ]
    assert expected == sorted(expected[7:] + expected[:7])
    assert expected == sorted(parse_cards("JK A♦ 2♦ A♥ 2♥ A♠ 2♠ A♣ K♣ Q♣ J♣ 10♣ 2♣"))


def test_comparison_operators_follow_the_order() -> None:
    """<, <=, >, >= agree with the card order."""
    low, high = Card(Rank.ACE, Suit.CLUBS), Card(Rank.TWO, Suit.SPADES)
    assert (True, True, False, False) == (low < high, low <= high, low > high, low >= high)
    assert (False, True, False, True) == (low < low, low <= low, low > low, low >= low)
    assert high < JOKER


def test_cards_do_not_compare_with_other_types() -> None:
    """Ordering a card against a non-card is a TypeError."""
    with pytest.raises(TypeError):
        _ = seven_of_hearts() < 3  # type: ignore[operator]


@given(cards(), cards())
def test_order_is_total_and_consistent_with_equality(a: Card, b: Card) -> None:
    """Exactly one of a < b, a == b, a > b holds."""
    assert 1 == [a < b, a == b, a > b].count(True)


# -- codes ---------------------------------------------------------------------------


def test_from_code_runs_through_the_card_order() -> None:
    """Codes 0–51 are the natural cards in card order (2♣ first, A♦ last), 52 the joker."""
    assert list(ALL_CARDS) == [Card.from_code(code) for code in range(53)]
    assert Card(Rank.TWO, Suit.CLUBS) == Card.from_code(0)
    assert Card(Rank.ACE, Suit.CLUBS) == Card.from_code(12)
    assert Card(Rank.TWO, Suit.SPADES) == Card.from_code(13)
    assert Card(Rank.ACE, Suit.DIAMONDS) == Card.from_code(51)
    assert JOKER == Card.from_code(52)


@given(cards())
def test_code_round_trips(card: Card) -> None:
    """Card.from_code(card.code) is the card."""
    assert card == Card.from_code(card.code)


@pytest.mark.parametrize("code", [-1, 53, 1000])
def test_from_code_refuses_out_of_range(code: int) -> None:
    """Card.from_code accepts 0–52 only."""
    with pytest.raises(ValueError, match="code"):
        Card.from_code(code)


# -- deck --------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "size", "jokers"),
    [
        ("drov", 110, 6),
        ("classic", 110, 6),
        ("cardgames-zone", 110, 6),
        ("german-rummy", 110, 6),
        ("house", 108, 4),
        ("ass", 110, 6),
        ("schmidt", 110, 6),
    ],
)
def test_make_deck_holds_two_packs_and_the_jokers(preset: str, size: int, jokers: int) -> None:
    """The deck is 2 × 52 cards + the preset's jokers: 110, or 108 with 4 jokers (rules §2, §12)."""
    deck = make_deck(find_rules(preset))
    assert size == len(deck)
    counts = Counter(deck)
    assert jokers == counts[JOKER]
    assert dict.fromkeys(NATURAL_CARDS, 2) == {
        card: n for card, n in counts.items() if card != JOKER
    }


def test_make_deck_with_one_pack() -> None:
    """With decks=1 the deck is 52 cards + the jokers, each natural card once."""
    rules = attrs.evolve(find_rules("classic"), decks=1, jokers=4, max_players=2)
    deck = make_deck(rules)
    assert 56 == len(deck)
    assert {**dict.fromkeys(NATURAL_CARDS, 1), JOKER: 4} == dict(Counter(deck))


def test_make_deck_is_sorted() -> None:
    """make_deck returns the deck in card order."""
    deck = make_deck(find_rules("drov"))
    assert sorted(deck) == list(deck)


# -- parsing: accepted tokens -------------------------------------------------------------


def _accepted_tokens() -> dict[str, Card]:
    """Every rank token (any case) with every suit token (any case), in either order."""
    tokens: dict[str, Card] = {}
    for rank_text, rank in RANK_TOKENS.items():
        for suit_text, suit in SUIT_TOKENS.items():
            card = Card(rank, suit)
            for r in {rank_text, rank_text.lower()}:
                for s in {suit_text, suit_text.upper()}:
                    tokens[r + s] = card
                    tokens[s + r] = card
    return tokens


def test_every_rank_and_suit_token_in_either_order_and_any_case() -> None:
    """Rank A 2…10 T J Q K and suit ♣♠♥♦/c s h d, any case, either order: 7♥ ♥7 7h h7 (docs/maintainers.md "Cards")."""
    expected = _accepted_tokens()
    # 19 rank forms (2…10, and A T J Q K in two cases) × 12 suit forms × 2 orders.
    assert 19 * 12 * 2 == len(expected)
    assert expected == {token: parse_card(token) for token in expected}


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("7♥", Card(Rank.SEVEN, Suit.HEARTS)),
        ("♥7", Card(Rank.SEVEN, Suit.HEARTS)),
        ("7h", Card(Rank.SEVEN, Suit.HEARTS)),
        ("h7", Card(Rank.SEVEN, Suit.HEARTS)),
        ("H7", Card(Rank.SEVEN, Suit.HEARTS)),
        ("10♠", Card(Rank.TEN, Suit.SPADES)),
        ("Ts", Card(Rank.TEN, Suit.SPADES)),
        ("♠t", Card(Rank.TEN, Suit.SPADES)),
        ("s10", Card(Rank.TEN, Suit.SPADES)),
        ("jh", Card(Rank.JACK, Suit.HEARTS)),
        ("hj", Card(Rank.JACK, Suit.HEARTS)),
        ("qD", Card(Rank.QUEEN, Suit.DIAMONDS)),
        ("Kc", Card(Rank.KING, Suit.CLUBS)),
        ("a♣", Card(Rank.ACE, Suit.CLUBS)),
        ("2♦", Card(Rank.TWO, Suit.DIAMONDS)),
    ],
)
def test_parse_card_examples(token: str, card: Card) -> None:
    """Examples of the accepted tokens of docs/maintainers.md "Cards", J as jack when a suit follows or precedes it."""
    assert card == parse_card(token)


@pytest.mark.parametrize("token", JOKER_TOKENS)
def test_joker_tokens(token: str) -> None:
    """The joker is JK, Jo (any case), * or 🃏 (docs/maintainers.md "Cards")."""
    assert JOKER == parse_card(token)


def test_parse_card_ignores_surrounding_white_space() -> None:
    """Leading and trailing white space around one card is ignored."""
    assert seven_of_hearts() == parse_card("  7♥\t")


def test_parse_cards_reads_a_list() -> None:
    """parse_cards splits on white space, commas and semicolons and keeps the order."""
    expected = (
        Card(Rank.QUEEN, Suit.CLUBS),
        Card(Rank.SEVEN, Suit.HEARTS),
        JOKER,
        Card(Rank.TEN, Suit.SPADES),
        Card(Rank.SEVEN, Suit.HEARTS),
    )
    assert expected == parse_cards("Q♣ 7h, jk;10♠   ♥7")


def test_parse_cards_returns_a_tuple() -> None:
    """parse_cards returns a tuple (docs/maintainers.md "Cards")."""
    assert isinstance(parse_cards("7♥ 8♥ 9♥"), tuple)


# -- parsing: refused text -----------------------------------------------------------------


def test_invalid_notation_error_is_a_value_error() -> None:
    """InvalidNotationError is a ValueError (docs/maintainers.md "Cards")."""
    assert issubclass(InvalidNotationError, ValueError)


@pytest.mark.parametrize(
    "token",
    [
        "",
        "7",
        "♥",
        "10",
        "1♥",
        "11♥",
        "0♥",
        "1O♥",
        "7x",
        "x7",
        "7♥♥",
        "♥7♥",
        "77",
        "♥♥",
        "JKK",
        "B♥",
        "Z",
        "K",
        "7 ♥",
    ],
)
def test_parse_card_names_the_bad_token(token: str) -> None:
    """Bad text raises InvalidNotationError whose token is the bad text (docs/maintainers.md "Cards")."""
    with pytest.raises(InvalidNotationError) as caught:
        parse_card(token)
    assert token.strip() == caught.value.token


@pytest.mark.parametrize(
    ("text", "bad"),
    [
        ("7♥ 8x 9y", "8x"),
        ("7♥, x, 8♥", "x"),
        ("1♣ 2♣ 3♣", "1♣"),
        ("Q♣ K♣ A♣ 2♣ ♣3♣", "♣3♣"),
    ],
)
def test_parse_cards_names_the_first_bad_token(text: str, bad: str) -> None:
    """parse_cards names the first token that is not a card (docs/maintainers.md "Cards")."""
    with pytest.raises(InvalidNotationError) as caught:
        parse_cards(text)
    assert bad == caught.value.token
    assert bad in str(caught.value)


def test_parse_card_refuses_over_long_text() -> None:
    """Text longer than MAX_NOTATION_LENGTH is refused at once."""
    with pytest.raises(InvalidNotationError):
        parse_card(" " * MAX_NOTATION_LENGTH + "7♥")


def test_parse_cards_refuses_over_long_text() -> None:
    """A card list longer than MAX_NOTATION_LENGTH characters is refused at once."""
    with pytest.raises(InvalidNotationError):
        parse_cards("7♥ " * (MAX_NOTATION_LENGTH // 3 + 1))


def test_parse_cards_reads_text_of_exactly_the_maximum_length() -> None:
    """Text of exactly MAX_NOTATION_LENGTH characters is still read."""
    text = "7♥" + " " * (MAX_NOTATION_LENGTH - 2)
    assert MAX_NOTATION_LENGTH == len(text)
    assert (seven_of_hearts(),) == parse_cards(text)


# -- round trips ----------------------------------------------------------------------------


@given(cards())
def test_parse_card_of_str_is_the_card(card: Card) -> None:
    """parse_card(str(c)) == c for every card (docs/maintainers.md "Cards")."""
    assert card == parse_card(str(card))


@given(st.lists(cards(), max_size=30).map(tuple))
def test_parse_cards_of_format_cards_is_the_cards(hand: tuple[Card, ...]) -> None:
    """parse_cards(format_cards(cs)) == cs."""
    assert hand == parse_cards(format_cards(hand))
