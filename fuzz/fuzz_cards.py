"""Fuzz card text: parse_card, parse_cards and the meld functions that read text.

Promises checked on every input (docs/maintainers.md "Cards", "Melds"):

- ``parse_card`` / ``parse_cards`` return cards whose text reads back to
  the same cards, or raise `romme.InvalidNotationError`;
- ``validate_meld`` / ``is_valid_meld`` agree, and raise only
  `InvalidMeldError`, `InvalidNotationError` or `InputTooLargeError`;
- ``find_melds`` (hands up to 14 cards) returns melds that validate.

Anything else that escapes is a finding.

    python fuzz/fuzz_cards.py -max_total_time=20
    python fuzz/fuzz_cards.py --plain 10000
"""

from __future__ import annotations

from _runner import Finding, main, text_from

from romme import (
    JOKER,
    PRESETS,
    Card,
    InputTooLargeError,
    InvalidMeldError,
    InvalidNotationError,
    Rank,
    Rules,
    Suit,
    find_melds,
    format_cards,
    is_valid_meld,
    make_deck,
    parse_card,
    parse_cards,
    validate_meld,
)


def _spellings(card: Card) -> tuple[str, ...]:
    if card.rank is None or card.suit is None:
        return (str(card), "Jo", "*", "🃏", "joker")
    rank, suit = card.rank.symbol, card.suit
    return (
        str(card),
        f"{suit.symbol}{rank}",
        f"{rank}{suit.letter}".lower(),
        f"{suit.letter}{rank}",
    )


TOKENS = tuple(
    spelling
    for card in make_deck(Rules(decks=1, jokers=1, max_players=2))
    for spelling in _spellings(card)
)
"""Every card in its spellings (docs/maintainers.md "Cards")."""
NEAR_MISSES = (
    "11♥",
    "1♠",
    "0h",
    "♥♥",
    "JKh",
    "Ｊ♥",
    "7❤",
    "7♥\u200d",
    "𝟕♥",
    "٧♥",
    "Ⅶ♥",
    "İ♥",
    "7\x00♥",
)
RULES = tuple(PRESETS.values())
SEARCH_LIMIT = 14
"""find_melds is fuzzed on hands of at most this many cards, to keep the rate high."""


def meld_text(data: bytes) -> str:
    """Text of cards at or near a meld: a stretch of one suit or one rank, some cards jokers."""
    suit = tuple(Suit)[data[0] % 4]
    start, length = data[1] % 13 if len(data) > 1 else 0, 3 + len(data) % 8
    ranks = tuple(Rank)
    if data[0] % 8 < 4:
        cards = [Card(ranks[(start + i) % 13], suit) for i in range(length)]
    else:
        cards = [Card(ranks[start], tuple(Suit)[(data[0] + i) % 4]) for i in range(length % 5)]
    for i, byte in enumerate(data[2:]):
        if cards and byte % 5 == 0:
            cards[i % len(cards)] = JOKER
    return " ".join(str(card) for card in cards)


def one_input(data: bytes) -> str:
    """Check the card parsers and meld functions on the text `data` makes."""
    if data and data[0] % 5 == 4:
        text = meld_text(data[1:] or b"\x00")
    else:
        text = text_from(data, TOKENS, NEAR_MISSES, limit=SEARCH_LIMIT + 2)
    try:
        card = parse_card(text)
    except InvalidNotationError as error:
        if not isinstance(error.token, str):
            raise Finding(f"token is not text: {error.token!r}") from error
    else:
        if parse_card(str(card)) != card:
            raise Finding(f"{text!r}: {card} does not read back")
    try:
        cards = parse_cards(text)
    except InvalidNotationError:
        return "not cards"
    if parse_cards(format_cards(cards)) != cards:
        raise Finding(f"{text!r}: {cards} do not read back")
    rules = RULES[data[-1] % len(RULES)] if data else RULES[0]
    valid = is_valid_meld(cards, rules) if len(cards) <= 120 else None
    try:
        meld = validate_meld(text, rules)
    except (InvalidMeldError, InputTooLargeError):
        if valid:
            raise Finding(f"{text!r}: is_valid_meld says yes, validate_meld no") from None
    else:
        if not valid or sorted(meld.cards) != sorted(cards):
            raise Finding(f"{text!r}: validate_meld gave {meld}, is_valid_meld {valid}")
    if len(cards) <= SEARCH_LIMIT:
        for found in find_melds(cards, rules):
            if validate_meld(found.cards, rules, kind=found.kind) != found:
                raise Finding(f"{text!r}: find_melds gave {found}, which does not validate")
        return "meld" if valid else "cards, no meld"
    return "many cards"


if __name__ == "__main__":
    main(one_input, __doc__ or "")
