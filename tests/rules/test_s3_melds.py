"""Rules §3, melds: sets, runs, jokers, values, and the meld search under them.

Each test names the rule it pins and its source (DRoV Nr. 8, DRoV Streitfall 13,
cardgames.zone §5, German Rummy page, house rules, Schmidt S. 3); where the presets differ on a rule, the
test runs every preset with the expected outcome written out per preset. Melds as values (their
text, hash and fields, the types `validate_meld` takes) are tested in tests/unit/test_melds.py.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final

import attrs
import pytest

from romme import (
    JOKER,
    PRESETS,
    AdjacentJokers,
    Card,
    InvalidMeldError,
    JokerLimit,
    Meld,
    MeldKind,
    Rank,
    Reason,
    Rules,
    Suit,
    best_melds,
    find_melds,
    is_valid_meld,
    parse_cards,
    validate_meld,
)

PRESET_NAMES: Final = (
    "drov",
    "classic",
    "cardgames-zone",
    "german-rummy",
    "house",
    "ass",
    "schmidt",
)


WRAPPING: Final = frozenset({"drov", "ass"})
"""Presets with ace_wraps (rules §12): K-A-2 is a run (DRoV Nr. 8)."""


MINORITY: Final = frozenset({"drov", "ass", "schmidt"})
"""Presets with joker_limit=minority (DRoV Nr. 8)."""


ONE_PER_MELD: Final = frozenset({"german-rummy"})
"""Presets with joker_limit=one_per_meld (German Rummy page)."""


SET = MeldKind.SET


RUN = MeldKind.RUN


def rules(preset: str, **changes: Any) -> Rules:
    """The preset, with `changes` made by attrs.evolve."""
    return attrs.evolve(PRESETS[preset], **changes)


def reason_of(text: str, rules: Rules, kind: MeldKind | None = None) -> Reason:
    """The reason validate_meld gives for refusing `text`."""
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(text, rules, kind=kind)
    return caught.value.reason


def card(text: str) -> Card:
    (only,) = parse_cards(text)
    return only


def described(melds: tuple[Meld, ...]) -> list[tuple[str, str]]:
    """The melds as sorted (kind, cards in table order) pairs."""
    return sorted((meld.kind.value, str(meld)) for meld in melds)


def joker_cards(meld: Meld) -> list[Card | None]:
    """The card each joker of the meld stands for (None where its suit is open)."""
    return [role.card for role in meld.jokers]


# -- sets (Sätze) ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("7♣ 7♠ 7♥", 21),
        ("7♣ 7♠ 7♥ 7♦", 28),
        ("10♣ 10♠ 10♥", 30),
        ("K♣ K♠ K♥ K♦", 40),
        ("A♣ A♠ A♥", 33),
        ("2♠ 2♥ 2♦", 6),
    ],
)
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_set_of_three_or_four_of_one_rank_DRoV_Nr8(preset: str, text: str, value: int) -> None:
    """A set is 3 or 4 cards of one rank; 2–10 count face value, J/Q/K 10, an ace 11 (DRoV Nr. 8, rules §3)."""
    meld = validate_meld(text, PRESETS[preset])
    assert (SET, value) == (meld.kind, meld.value)


@pytest.mark.parametrize("text", ["7♣ 7♣ 7♥", "7♥ 7♣ 7♥", "7♣ 7♠ 7♥ 7♣", "7♦ 7♦ JK"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_set_with_a_repeated_suit_is_refused_DRoV_Nr8(preset: str, text: str) -> None:
    """A set's suits differ, though the deck holds every card twice (DRoV Nr. 8 "verschiedener Farben")."""
    assert Reason.REPEATED_SUIT == reason_of(text, PRESETS[preset])


@pytest.mark.parametrize(("text", "value"), [("7♣ 7♣ 7♥", 21), ("7♣ 7♠ 7♥ 7♣", 28)])
def test_set_with_a_repeated_suit_allowed_without_set_distinct_suits(text: str, value: int) -> None:
    """With set_distinct_suits=False a set may hold a suit twice (rules §3)."""
    meld = validate_meld(text, rules("drov", set_distinct_suits=False))
    assert (SET, value) == (meld.kind, meld.value)


@pytest.mark.parametrize("text", ["7♣ 7♠ 7♥ 7♦ 7♣", "7♣ 7♠ 7♥ 7♦ JK", "7♣ 7♠ 7♥ JK JK"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_set_of_five_is_refused_DRoV_Nr8(preset: str, text: str) -> None:
    """A set holds at most four cards (DRoV Nr. 8: 3–4 cards of one rank), even where suits and jokers are free."""
    assert not is_valid_meld(text, PRESETS[preset])
    free = rules(preset, joker_limit=JokerLimit.NONE, set_distinct_suits=False)
    assert Reason.SET_TOO_LARGE == reason_of(text, free)


# -- runs (Folgen): the ace ---------------------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_ace_low_run_A23_counts_6_cardgames_zone_s5(preset: str) -> None:
    """A-2-3 is a run in every preset; the low ace counts 1: 1+2+3 = 6 (cardgames.zone §5, DRoV Nr. 8)."""
    meld = validate_meld("A♠ 2♠ 3♠", PRESETS[preset])
    assert (RUN, 6, (Rank.ACE, Rank.TWO, Rank.THREE)) == (meld.kind, meld.value, meld.ranks)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_ace_high_run_QKA_counts_31_cardgames_zone_s5(preset: str) -> None:
    """Q-K-A is a run in every preset; the high ace counts 11: 10+10+11 = 31 (cardgames.zone §5, DRoV Nr. 8)."""
    meld = validate_meld("Q♣ K♣ A♣", PRESETS[preset])
    assert (RUN, 31) == (meld.kind, meld.value)


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_around_the_corner_KA2_DRoV_Nr8_vs_cardgames_zone_s5(preset: str) -> None:
    """K-A-2 is a run worth 10+11+2 = 23 under drov and ass (DRoV Nr. 8); refused elsewhere (cardgames.zone §5, house rules, Schmidt S. 3)."""
    if preset in WRAPPING:
        meld = validate_meld("K♥ A♥ 2♥", PRESETS[preset])
        assert (RUN, 23) == (meld.kind, meld.value)
    else:
        assert Reason.AROUND_THE_CORNER == reason_of("K♥ A♥ 2♥", PRESETS[preset])


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_around_the_corner_QKA23_DRoV_Nr8(preset: str) -> None:
    """Q-K-A-2-3 is a run worth 10+10+11+2+3 = 36 under drov and ass (DRoV Nr. 8); refused elsewhere (cardgames.zone §5)."""
    if preset in WRAPPING:
        meld = validate_meld("Q♠ K♠ A♠ 2♠ 3♠", PRESETS[preset])
        assert (RUN, 36) == (meld.kind, meld.value)
    else:
        assert Reason.AROUND_THE_CORNER == reason_of("Q♠ K♠ A♠ 2♠ 3♠", PRESETS[preset])


def test_ace_before_the_two_counts_1_even_where_runs_wrap_DRoV_Nr8() -> None:
    """Under drov A-2-3 still counts 6: the ace stands before the 2 (DRoV Nr. 8)."""
    assert 6 == validate_meld("A♦ 2♦ 3♦", PRESETS["drov"]).value


def test_run_of_thirteen_ranks_DRoV_Nr8() -> None:
    """2…A of one suit is a run of 13: 2+…+10 = 54, J/Q/K 30, ace 11: 95 (rules §3)."""
    meld = validate_meld("2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠ J♠ Q♠ K♠ A♠", PRESETS["classic"])
    assert (RUN, 13, 95) == (meld.kind, len(meld), meld.value)


# -- runs: order (DRoV Streitfall 13, rules §3) ----------------------------------------------------


@pytest.mark.parametrize(
    ("given", "table", "value"),
    [
        ("7♣ 5♣ 6♣", "5♣ 6♣ 7♣", 18),
        ("6♣ 7♣ 5♣", "5♣ 6♣ 7♣", 18),
        ("A♣ K♣ Q♣", "Q♣ K♣ A♣", 31),
        ("3♣ A♣ 2♣", "A♣ 2♣ 3♣", 6),
        ("9♥ J♥ 10♥ Q♥", "9♥ 10♥ J♥ Q♥", 39),
    ],
)
def test_jokerless_run_in_wrong_order_is_sorted_DRoV_Streitfall13(
    given: str, table: str, value: int
) -> None:
    """A jokerless run given in another order is sorted low to high (DRoV Streitfall 13)."""
    meld = validate_meld(given, PRESETS["classic"])
    assert (parse_cards(table), value) == (meld.cards, meld.value)


def test_wrapping_run_in_wrong_order_is_sorted_DRoV_Streitfall13() -> None:
    """Under drov 2-A-K is laid as K-A-2 (DRoV Streitfall 13, Nr. 8)."""
    meld = validate_meld("2♣ A♣ K♣", PRESETS["drov"])
    assert (parse_cards("K♣ A♣ 2♣"), 23) == (meld.cards, meld.value)


def test_joker_after_the_run_stands_above_it() -> None:
    """5♣ 6♣ JK: the joker after 6♣ is 7♣, value 18 (rules §3)."""
    meld = validate_meld("5♣ 6♣ JK", PRESETS["classic"])
    assert (parse_cards("5♣ 6♣ JK"), [card("7♣")], 18) == (
        meld.cards,
        joker_cards(meld),
        meld.value,
    )


def test_joker_before_the_run_stands_below_it() -> None:
    """JK 5♣ 6♣: the joker before 5♣ is 4♣, value 15 (rules §3)."""
    meld = validate_meld("JK 5♣ 6♣", PRESETS["classic"])
    assert (parse_cards("JK 5♣ 6♣"), [card("4♣")], 15) == (
        meld.cards,
        joker_cards(meld),
        meld.value,
    )


def test_run_with_a_joker_given_out_of_order_is_sorted() -> None:
    """7♣ JK 5♣ is laid as 5♣ JK 7♣ with the joker as 6♣, value 18 (rules §3, DRoV Streitfall 13)."""
    meld = validate_meld("7♣ JK 5♣", PRESETS["classic"])
    assert (parse_cards("5♣ JK 7♣"), [card("6♣")], 18) == (
        meld.cards,
        joker_cards(meld),
        meld.value,
    )


def test_run_knows_its_suit_and_ranks() -> None:
    """A run's ranks are the ranks its positions stand for, jokers included; a set has no suit."""
    run = validate_meld("JK 5♣ 6♣", PRESETS["classic"])
    assert (Suit.CLUBS, (Rank.FOUR, Rank.FIVE, Rank.SIX), None) == (run.suit, run.ranks, run.rank)
    a_set = validate_meld("9♣ 9♥ JK", PRESETS["classic"])
    assert (None, (Rank.NINE,) * 3, Rank.NINE) == (a_set.suit, a_set.ranks, a_set.rank)


# -- jokers: values ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("preset", "text", "stands_for", "value"),
    [
        ("classic", "7♥ JK 9♥", "8♥", 24),
        ("classic", "2♥ 3♥ JK", "4♥", 9),
        ("classic", "JK 2♥ 3♥", "A♥", 6),
        ("classic", "Q♥ K♥ JK", "A♥", 31),
        ("classic", "JK K♥ A♥", "Q♥", 31),
        ("classic", "J♥ JK K♥", "Q♥", 30),
        ("drov", "K♥ JK 2♥", "A♥", 23),
        ("drov", "K♥ A♥ JK", "2♥", 23),
        ("drov", "JK A♥ 2♥", "K♥", 23),
        ("drov", "A♥ 2♥ JK", "3♥", 6),
        ("drov", "Q♥ JK A♥ 2♥", "K♥", 33),
    ],
)
def test_joker_counts_as_the_card_it_stands_for_DRoV_Nr7(
    preset: str, text: str, stands_for: str, value: int
) -> None:
    """A joker counts the value of the card at its position, the ace 11 after K and 1 before 2 (DRoV Nr. 7, Nr. 8)."""
    meld = validate_meld(text, PRESETS[preset])
    assert ([card(stands_for)], value) == (joker_cards(meld), meld.value)


@pytest.mark.parametrize(
    ("text", "value"),
    [("K♣ K♠ JK", 30), ("A♣ A♠ JK", 33), ("5♣ 5♠ 5♥ JK", 20), ("2♣ JK 2♦", 6)],
)
def test_joker_in_a_set_counts_the_sets_rank_DRoV_Nr7(text: str, value: int) -> None:
    """A joker in a set counts as a card of the set's rank (DRoV Nr. 7)."""
    assert value == validate_meld(text, PRESETS["drov"]).value


def test_joker_in_a_three_card_set_stands_for_one_of_two_suits() -> None:
    """In a 3-card set the joker stands for the rank in one of the two missing suits (rules §3)."""
    meld = validate_meld("K♣ K♠ JK", PRESETS["drov"])
    (role,) = meld.jokers
    assert (JOKER, Rank.KING, frozenset({Suit.HEARTS, Suit.DIAMONDS}), None) == (
        meld.cards[role.position],
        role.rank,
        role.suits,
        role.card,
    )
    assert (True, True, False, False) == (
        role.can_be(card("K♥")),
        role.can_be(card("K♦")),
        role.can_be(card("K♣")),
        role.can_be(card("Q♥")),
    )


def test_joker_in_a_four_card_set_has_its_suit_fixed() -> None:
    """In a 4-card set the joker's suit is fixed: the one missing suit (rules §3, DRoV Streitfall 14)."""
    meld = validate_meld("K♣ K♠ K♥ JK", PRESETS["drov"])
    (role,) = meld.jokers
    assert (frozenset({Suit.DIAMONDS}), card("K♦")) == (role.suits, role.card)
    assert (True, False) == (role.can_be(card("K♦")), role.can_be(card("K♥")))


def test_joker_in_a_run_stands_for_one_card() -> None:
    """In a run the joker stands for exactly one card: its position's rank in the run's suit."""
    meld = validate_meld("5♣ 6♣ JK", PRESETS["drov"])
    (role,) = meld.jokers
    assert (2, Rank.SEVEN, frozenset({Suit.CLUBS}), card("7♣")) == (
        role.position,
        role.rank,
        role.suits,
        role.card,
    )


# -- jokers: how many (joker_limit) ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "kind", "value", "allowed"),
    [
        # "3♠ 3♥ JK JK": two jokers, two natural cards (a set; adjacency is a run rule).
        ("3♠ 3♥ JK JK", None, 12, {"none": True, "one_per_meld": False, "not_majority": True, "minority": False}),
        # "5♥ JK 7♥ JK": 5-6-7-8 with two jokers, not side by side.
        ("5♥ JK 7♥ JK", None, 26, {"none": True, "one_per_meld": False, "not_majority": True, "minority": False}),
        # "5♥ JK 7♥ JK 9♥": 5-…-9, two jokers, three natural cards.
        ("5♥ JK 7♥ JK 9♥", None, 35, {"none": True, "one_per_meld": False, "not_majority": True, "minority": True}),
        # "5♥ JK 7♥": one joker, two natural cards.
        ("5♥ JK 7♥", None, 18, {"none": True, "one_per_meld": True, "not_majority": True, "minority": True}),
        # "JK 5♥ JK" as a run 4-5-6: two jokers, one natural card.
        ("JK 5♥ JK", RUN, 15, {"none": True, "one_per_meld": False, "not_majority": False, "minority": False}),
        # "3♠ JK JK" as a set: two jokers, one natural card.
        ("3♠ JK JK", SET, 9, {"none": True, "one_per_meld": False, "not_majority": False, "minority": False}),
        # "3♠ 3♥ 3♦ JK": one joker, three natural cards.
        ("3♠ 3♥ 3♦ JK", None, 12, {"none": True, "one_per_meld": True, "not_majority": True, "minority": True}),
    ],
)  # fmt: skip
@pytest.mark.parametrize("limit", list(JokerLimit))
def test_joker_limit_on_the_same_cards_german_rummy_DRoV_Nr8(
    limit: JokerLimit, text: str, kind: MeldKind | None, value: int, allowed: dict[str, bool]
) -> None:
    """joker_limit: none (cardgames.zone) | one_per_meld (German Rummy page) | not_majority (jokers ≤ naturals) | minority (jokers < naturals, DRoV Nr. 8)."""
    variant = rules("classic", joker_limit=limit)
    if allowed[limit.value]:
        assert value == validate_meld(text, variant, kind=kind).value
    else:
        assert Reason.JOKER_LIMIT == reason_of(text, variant, kind)


@pytest.mark.parametrize("text", ["3♠ 3♥ JK JK", "5♥ JK 7♥ JK"])
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_two_jokers_with_two_natural_cards_per_preset_DRoV_Nr8_german_rummy(
    preset: str, text: str
) -> None:
    """As many jokers as natural cards: refused under minority (drov, ass, schmidt; DRoV Nr. 8) and one_per_meld (german-rummy; German Rummy page), allowed elsewhere (cardgames.zone, house rules)."""
    if preset in MINORITY or preset in ONE_PER_MELD:
        assert Reason.JOKER_LIMIT == reason_of(text, PRESETS[preset])
    else:
        assert is_valid_meld(text, PRESETS[preset])


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_two_jokers_with_three_natural_cards_per_preset_german_rummy(preset: str) -> None:
    """5♥ JK 7♥ JK 9♥ (two jokers, three natural cards) is refused only under one_per_meld (german-rummy; German Rummy page)."""
    if preset in ONE_PER_MELD:
        assert Reason.JOKER_LIMIT == reason_of("5♥ JK 7♥ JK 9♥", PRESETS[preset])
    else:
        assert 35 == validate_meld("5♥ JK 7♥ JK 9♥", PRESETS[preset]).value


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_one_joker_with_two_natural_cards_in_every_preset(preset: str) -> None:
    """One joker with two natural cards is allowed by every preset's joker_limit."""
    assert 18 == validate_meld("5♥ JK 7♥", PRESETS[preset]).value
    assert 30 == validate_meld("K♣ K♠ JK", PRESETS[preset]).value


# -- jokers: side by side (adjacent_jokers) ---------------------------------------------------------------


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_adjacent_jokers_in_a_run_are_refused_cardgames_zone_s5_DRoV_Nr8(preset: str) -> None:
    """No two jokers side by side in a run: every preset forbids it (cardgames.zone §5, DRoV Nr. 8)."""
    if preset in ONE_PER_MELD:  # two jokers also break the German Rummy page's one joker per meld
        assert not is_valid_meld("5♥ 6♥ JK JK 9♥", PRESETS[preset])
    else:
        assert Reason.ADJACENT_JOKERS == reason_of("5♥ 6♥ JK JK 9♥", PRESETS[preset])


@pytest.mark.parametrize(
    ("text", "kind", "value", "allowed"),
    [
        # A run of 3 with two jokers side by side: A-2-3 (no K-A-2 under classic).
        ("A♥ JK JK", RUN, 6, {"forbidden": False, "long_runs": False, "allowed": True}),
        # Runs of 4 and 5 with two jokers side by side.
        ("5♥ JK JK 8♥", None, 26, {"forbidden": False, "long_runs": True, "allowed": True}),
        ("5♥ 6♥ JK JK 9♥", None, 35, {"forbidden": False, "long_runs": True, "allowed": True}),
        # Jokers apart: always fine.
        ("5♥ JK 7♥ JK", None, 26, {"forbidden": True, "long_runs": True, "allowed": True}),
    ],
)  # fmt: skip
@pytest.mark.parametrize("adjacency", list(AdjacentJokers))
def test_adjacent_jokers_forbidden_long_runs_allowed_Schmidt_S3(
    adjacency: AdjacentJokers,
    text: str,
    kind: MeldKind | None,
    value: int,
    allowed: dict[str, bool],
) -> None:
    """adjacent_jokers: forbidden (cardgames.zone §5, DRoV Nr. 8) | long_runs (runs of ≥ 4, Schmidt S. 3 variant) | allowed."""
    variant = rules("classic", adjacent_jokers=adjacency)
    if allowed[adjacency.value]:
        assert value == validate_meld(text, variant, kind=kind).value
    else:
        assert Reason.ADJACENT_JOKERS == reason_of(text, variant, kind)


def test_adjacent_jokers_rule_is_about_runs_not_sets() -> None:
    """Two jokers in a set are not "side by side in a run": 3♠ 3♥ JK JK is a set under classic (rules §3)."""
    assert 12 == validate_meld("3♠ 3♥ JK JK", PRESETS["classic"]).value


def test_jokers_side_by_side_in_a_run_of_three_stand_after_the_card() -> None:
    """With adjacency allowed, A♥ JK JK as a run is A-2-3: the jokers after the ace are 2♥ and 3♥."""
    meld = validate_meld(
        "A♥ JK JK", rules("classic", adjacent_jokers=AdjacentJokers.ALLOWED), kind=RUN
    )
    assert ([card("2♥"), card("3♥")], 6) == (joker_cards(meld), meld.value)


@pytest.mark.parametrize(
    ("text", "value"),
    [("5♣ 6♣ JK", 18), ("JK 5♣ 6♣", 15), ("5♣ JK 7♣", 18), ("K♣ K♠ JK", 30)],
)
def test_a_joker_made_as_Card_melds_like_JOKER(text: str, value: int) -> None:
    """All jokers are equal (rules §2): a joker built as Card() stands and counts like JOKER."""
    cards = [Card() if c.is_joker else c for c in parse_cards(text)]
    assert (parse_cards(text), value) == (
        validate_meld(cards, PRESETS["classic"]).cards,
        validate_meld(cards, PRESETS["classic"]).value,
    )
    assert is_valid_meld(cards, PRESETS["classic"])


# -- reasons ---------------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "preset", "kind", "reason"),
    [
        ("7♣ 7♠", "classic", None, Reason.TOO_FEW_CARDS),
        ("5♣", "classic", None, Reason.TOO_FEW_CARDS),
        ("JK JK JK", "classic", None, Reason.ONLY_JOKERS),
        ("JK JK JK JK", "classic", None, Reason.ONLY_JOKERS),
        ("7♣ 7♠ 7♥ 8♦", "classic", None, Reason.MIXED_RANKS),
        ("5♣ 6♣ 7♣", "classic", SET, Reason.MIXED_RANKS),
        ("5♣ 6♣ 7♣ 8♥", "classic", None, Reason.MIXED_SUITS),
        ("7♣ 7♠ 7♥", "classic", RUN, Reason.MIXED_SUITS),
        ("5♣ 5♣ 6♣", "classic", None, Reason.REPEATED_RANK),
        ("5♣ 6♣ 7♣ 6♣", "classic", None, Reason.REPEATED_RANK),
        ("5♣ 6♣ 9♣", "classic", None, Reason.GAP),
        ("5♣ JK 9♣", "classic", None, Reason.GAP),
        ("2♣ 4♣ 6♣ JK", "drov", None, Reason.GAP),
        ("2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣ J♣ Q♣ K♣ A♣ JK", "classic", None, Reason.RUN_TOO_LONG),
        ("7♣ 7♠ 7♥ 7♦ 7♣", "classic", None, Reason.SET_TOO_LARGE),
        ("7♣ 7♣ 7♥", "classic", None, Reason.REPEATED_SUIT),
        ("3♠ 3♥ JK JK", "drov", None, Reason.JOKER_LIMIT),
        ("5♥ JK JK 8♥", "classic", None, Reason.ADJACENT_JOKERS),
        ("K♥ A♥ 2♥", "classic", None, Reason.AROUND_THE_CORNER),
        ("J♥ Q♥ K♥ A♥ 2♥", "schmidt", None, Reason.AROUND_THE_CORNER),
    ],
)
def test_each_reason_has_a_case_and_the_message_names_the_cards(
    text: str, preset: str, kind: MeldKind | None, reason: Reason
) -> None:
    """Each meld rule refuses with its own Reason, and the message names the cards (rules §3)."""
    with pytest.raises(InvalidMeldError) as caught:
        validate_meld(text, PRESETS[preset], kind=kind)
    assert reason == caught.value.reason
    assert text in str(caught.value)
    assert not is_valid_meld(text, PRESETS[preset], kind=kind)


def test_empty_meld_is_too_few_cards() -> None:
    """No cards at all are too few for a meld."""
    assert Reason.TOO_FEW_CARDS == reason_of("", PRESETS["drov"])
    with pytest.raises(InvalidMeldError):
        validate_meld([], PRESETS["drov"])


# -- kind: cards that form both kinds --------------------------------------------------------------------


def test_kind_forces_set_or_run() -> None:
    """kind= chooses how cards that fit both are read: 7♣ JK JK is a set of sevens (21) or the run 7-8-9 (24)."""
    variant = rules("classic", adjacent_jokers=AdjacentJokers.ALLOWED)
    as_set = validate_meld("7♣ JK JK", variant, kind=SET)
    as_run = validate_meld("7♣ JK JK", variant, kind=RUN)
    assert (SET, 21) == (as_set.kind, as_set.value)
    assert (RUN, 24, [card("8♣"), card("9♣")]) == (as_run.kind, as_run.value, joker_cards(as_run))


def test_kind_refuses_cards_of_the_other_kind() -> None:
    """A set's cards are no run and a run's cards are no set."""
    assert Reason.MIXED_SUITS == reason_of("7♣ 7♠ 7♥", PRESETS["drov"], RUN)
    assert Reason.MIXED_RANKS == reason_of("5♣ 6♣ 7♣", PRESETS["drov"], SET)
    assert is_valid_meld("7♣ 7♠ 7♥", PRESETS["drov"], kind=SET)
    assert is_valid_meld("5♣ 6♣ 7♣", PRESETS["drov"], kind=RUN)


# -- find_melds --------------------------------------------------------------------------------------------------

FIVE_SIX_SEVEN_HAND: Final = "5♣ 6♣ 7♣ 7♥ JK"


FIVE_SIX_SEVEN_MELDS_DROV: Final = [
    ("run", "5♣ 6♣ 7♣"),
    ("run", "5♣ 6♣ 7♣ JK"),
    ("run", "5♣ 6♣ JK"),
    ("run", "5♣ JK 7♣"),
    ("run", "6♣ 7♣ JK"),
    ("run", "JK 5♣ 6♣"),
    ("run", "JK 5♣ 6♣ 7♣"),
    ("run", "JK 6♣ 7♣"),
    ("set", "7♣ 7♥ JK"),
]
"""Every meld of 5♣ 6♣ 7♣ 7♥ JK under drov, enumerated by hand: the one set of sevens,
runs 4-5-6, 5-6-7 (with the joker for any one card), 6-7-8, 4-…-7 and 5-…-8."""


def test_find_melds_lists_every_meld_of_a_small_hand() -> None:
    """find_melds gives every distinct meld of the hand, each joker arrangement once (docs/maintainers.md "Melds")."""
    assert FIVE_SIX_SEVEN_MELDS_DROV == described(find_melds(FIVE_SIX_SEVEN_HAND, PRESETS["drov"]))


def test_find_melds_same_for_two_copies_of_each_card() -> None:
    """Two copies of each natural card (two packs) give the same melds as one copy (docs/maintainers.md "Melds")."""
    doubled = "5♣ 5♣ 6♣ 6♣ 7♣ 7♣ 7♥ 7♥ JK"
    melds = find_melds(doubled, PRESETS["drov"])
    assert FIVE_SIX_SEVEN_MELDS_DROV == described(melds)
    assert set(find_melds(FIVE_SIX_SEVEN_HAND, PRESETS["drov"])) == set(melds)


def test_find_melds_does_not_depend_on_the_order_of_the_hand() -> None:
    """The hand is a multiset: its order does not matter."""
    assert set(find_melds(FIVE_SIX_SEVEN_HAND, PRESETS["drov"])) == set(
        find_melds("JK 7♥ 7♣ 6♣ 5♣", PRESETS["drov"])
    )


def test_find_melds_gives_each_joker_arrangement_once() -> None:
    """5♣ 6♣ JK gives JK 5♣ 6♣ (4-5-6, 15) and 5♣ 6♣ JK (5-6-7, 18), once each (rules §3)."""
    melds = find_melds("5♣ 6♣ JK", PRESETS["drov"])
    assert [("run", "5♣ 6♣ JK", 18), ("run", "JK 5♣ 6♣", 15)] == sorted(
        (meld.kind.value, str(meld), meld.value) for meld in melds
    )


@pytest.mark.parametrize(
    ("variant", "expected"),
    [
        pytest.param(
            PRESETS["drov"],
            [("run", "5♣ 6♣ JK"), ("run", "JK 5♣ 6♣")],
            id="drov-minority",
        ),
        pytest.param(
            PRESETS["german-rummy"],
            [("run", "5♣ 6♣ JK"), ("run", "JK 5♣ 6♣")],
            id="german-rummy-one-per-meld",
        ),
        pytest.param(
            rules("classic", joker_limit=JokerLimit.NOT_MAJORITY),
            [("run", "5♣ 6♣ JK"), ("run", "JK 5♣ 6♣"), ("run", "JK 5♣ 6♣ JK")],
            id="not-majority",
        ),
        pytest.param(
            PRESETS["classic"],
            [
                ("run", "5♣ 6♣ JK"),
                ("run", "JK 5♣ 6♣"),
                ("run", "JK 5♣ 6♣ JK"),
                ("run", "JK 5♣ JK"),
                ("run", "JK 6♣ JK"),
                ("set", "5♣ JK JK"),
                ("set", "6♣ JK JK"),
            ],
            id="classic-none",
        ),
    ],
)
def test_find_melds_respects_joker_limit_and_adjacency(
    variant: Rules, expected: list[tuple[str, str]]
) -> None:
    """The melds of 5♣ 6♣ JK JK under each joker_limit, never two jokers side by side (cardgames.zone §5, German Rummy page, DRoV Nr. 8)."""
    assert expected == described(find_melds("5♣ 6♣ JK JK", variant))


@pytest.mark.parametrize(
    ("preset", "expected"),
    [
        ("drov", [("set", "7♣ 7♥ JK")]),
        ("german-rummy", [("set", "7♣ 7♥ JK")]),
        (
            "classic",
            [
                ("run", "JK 7♣ JK"),
                ("run", "JK 7♥ JK"),
                ("set", "7♣ 7♥ JK"),
                ("set", "7♣ 7♥ JK JK"),
                ("set", "7♣ JK JK"),
                ("set", "7♥ JK JK"),
            ],
        ),
    ],
)
def test_find_melds_with_two_jokers_and_a_pair(
    preset: str, expected: list[tuple[str, str]]
) -> None:
    """The melds of 7♣ 7♥ JK JK: minority (DRoV Nr. 8) and one_per_meld (German Rummy page) leave only the set with one joker."""
    assert expected == described(find_melds("7♣ 7♥ JK JK", PRESETS[preset]))


@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_find_melds_around_the_corner_DRoV_Nr8(preset: str) -> None:
    """K♠ A♠ 2♠ holds the meld K-A-2 only under drov and ass (DRoV Nr. 8; cardgames.zone §5)."""
    expected = [("run", "K♠ A♠ 2♠")] if preset in WRAPPING else []
    assert expected == described(find_melds("2♠ K♠ A♠", PRESETS[preset]))


@pytest.mark.parametrize("text", ["", "JK JK JK", "2♣ 5♥ 9♠ K♦", "7♣ 7♠"])
def test_find_melds_of_hands_without_melds(text: str) -> None:
    """A hand without three cards that meld has no melds; jokers alone make none."""
    assert () == find_melds(text, PRESETS["classic"])


# -- best_melds ---------------------------------------------------------------------------------------------------


def best(text: str, variant: Rules) -> tuple[list[str], int]:
    """best_melds as sorted texts (each meld's cards sorted) and their total value."""
    melds = best_melds(text, variant)
    return (
        sorted(" ".join(map(str, sorted(meld.cards))) for meld in melds),
        sum(meld.value for meld in melds),
    )


@pytest.mark.parametrize(
    ("text", "preset", "melds", "total"),
    [
        # 9-10-J-Q with the joker as Q♥ (39) beats 8-…-J (37) and 9♥ 9♦ JK (27).
        ("9♥ 9♦ JK 10♥ J♥ 2♣", "classic", ["9♥ 10♥ J♥ JK"], 39),
        # Q-K-A-2-3 (36) under drov; without ace_wraps Q-K-A (31) beats A-2-3 (6).
        ("Q♣ K♣ A♣ 2♣ 3♣", "drov", ["2♣ 3♣ Q♣ K♣ A♣"], 36),
        ("Q♣ K♣ A♣ 2♣ 3♣", "classic", ["Q♣ K♣ A♣"], 31),
        # The set of three sevens (21) and the run 7♣ 8♣ 9♣ (24) beat four sevens (28).
        ("7♣ 7♠ 7♥ 7♦ 8♣ 9♣", "classic", ["7♣ 8♣ 9♣", "7♠ 7♥ 7♦"], 45),
        # K♠ K♥ K♦ (30) with A-2-3 (6) beat K-A-2-3 (26) under drov, too.
        ("K♥ A♥ 2♥ 3♥ K♠ K♦", "drov", ["2♥ 3♥ A♥", "K♠ K♥ K♦"], 36),
        ("K♥ A♥ 2♥ 3♥ K♠ K♦", "classic", ["2♥ 3♥ A♥", "K♠ K♥ K♦"], 36),
        # Two packs: the same run twice.
        ("5♥ 6♥ 7♥ 5♥ 6♥ 7♥", "drov", ["5♥ 6♥ 7♥", "5♥ 6♥ 7♥"], 36),
        # The joker as 8♣ (26) beats the joker as 4♣ (22) and the set 7♣ 7♥ JK (21).
        ("5♣ 6♣ 7♣ 7♥ JK", "drov", ["5♣ 6♣ 7♣ JK"], 26),
        # Two jokers with a pair: 7♣ 7♥ JK JK (28) where jokers may be as many as natural cards.
        ("JK JK JK 7♣ 7♥", "classic", ["7♣ 7♥ JK JK"], 28),
        ("JK JK JK 7♣ 7♥", "drov", ["7♣ 7♥ JK"], 21),
        ("JK JK JK 7♣ 7♥", "german-rummy", ["7♣ 7♥ JK"], 21),
        # Nothing melds.
        ("2♣ 5♥ 9♠ K♦", "classic", [], 0),
        ("", "classic", [], 0),
        ("JK JK", "classic", [], 0),
    ],
)
def test_best_melds_hand_checked(text: str, preset: str, melds: list[str], total: int) -> None:
    """best_melds packs disjoint melds of the greatest total value (docs/maintainers.md "Melds"; values by rules §3)."""
    assert (sorted(melds), total) == best(text, PRESETS[preset])


def test_best_melds_uses_only_the_hands_cards() -> None:
    """best_melds never uses a card more often than the hand holds it."""
    hand = parse_cards("5♥ 6♥ 7♥ 8♥ 9♥ 5♥ JK")
    used = Counter(c for meld in best_melds(hand, PRESETS["drov"]) for c in meld.cards)
    assert Counter() == used - Counter(hand)
