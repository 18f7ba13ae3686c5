"""Rules, presets and their validation (rules §2, §12; docs/maintainers.md "Rules").

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from typing import Any, Final

import attrs
import pytest
from hypothesis import given

from romme import (
    PRESETS,
    AdjacentJokers,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    InvalidRulesError,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    Rules,
    StockExhausted,
    SwappedJoker,
    TakeDiscardMode,
    find_rules,
    preset_name,
)
from romme import testing as romme_testing

ANY: Final = object()
"""A table cell of "—": the field does not apply under that preset, any value will do."""

PRESET_NAMES: Final = (
    "drov",
    "classic",
    "cardgames-zone",
    "german-rummy",
    "house",
    "ass",
    "schmidt",
)

# rules §12, written out by hand, one row per field, in the column order
# drov, classic, cardgames-zone, german-rummy, house, ass, schmidt.
# Enum values are written as their lowercase string values.
TABLE: Final[dict[str, tuple[object, ...]]] = {
    "jokers": (6, 6, 6, 6, 4, 6, 6),
    # extra_card / upcard / first_turn_draws: none/yes/yes, first player/no/no,
    # as classic, none/yes/yes, none/yes/yes, as drov, as drov.
    "extra_card": ("none", "first_player", "first_player", "none", "none", "none", "none"),
    "upcard": (True, False, False, True, True, True, True),
    "first_turn_draws": (True, False, False, True, True, True, True),
    "dealer_sits_out": (True, False, False, False, False, False, False),
    "opening_threshold": (40, 30, 30, 30, 40, 30, 31),
    "opening_turn_layoffs": (True, True, True, True, False, True, True),
    "take_discard": (
        "immediate_use",
        "immediate_use",
        "free",
        "free",
        "free",
        "immediate_use",
        "immediate_use",
    ),
    "last_card_stock_only": (True, False, False, False, False, True, True),
    "failed_take": ("end_turn", "redo_turn", ANY, ANY, ANY, "end_turn", "end_turn"),
    "ace_wraps": (True, False, False, False, False, True, False),
    "joker_limit": (
        "minority",
        "none",
        "none",
        "one_per_meld",
        "none",
        "minority",
        "minority",
    ),
    "adjacent_jokers": ("forbidden",) * 7,
    "joker_discard": (
        "last_card_only",
        "allowed",
        "allowed",
        "allowed",
        "allowed",
        "last_card_only",
        "last_card_only",
    ),
    "jokers_only_ends_round": (True, False, False, False, False, True, True),
    "swap_set_needs_four": (True, False, False, False, False, True, True),
    "swapped_joker": (
        "meld_same_turn",
        "meld_same_turn",
        "meld_same_turn",
        "meld_or_discard",
        "to_hand",
        "meld_same_turn",
        "meld_same_turn",
    ),
    "swap_back_same_meld": (True, True, True, False, True, True, True),
    "swap_own_new_joker": (False, True, True, True, True, False, False),
    "hand_romme_waives_threshold": (True, False, False, False, False, True, True),
    "hand_romme_multiplier": (1, 2, 2, 2, 1, 1, 2),
    "stock_exhausted": (
        "end_round",
        "reshuffle",
        "reshuffle",
        "reshuffle",
        "reshuffle",
        "end_round",
        "end_round",
    ),
    "ace_penalty": (11, 11, 11, 15, 11, 11, 11),
    "joker_penalty": (20, 20, 20, 20, 20, 20, 20),
    # match: tournament table (caller's), limit 500, 3 rounds, 3 rounds,
    # limit 500, limit 500, limit 500.
    "match_scoring": (
        "tournament",
        "penalties",
        "penalties",
        "penalties",
        "penalties",
        "penalties",
        "penalties",
    ),
    "match_rounds": (None, None, 3, 3, None, None, None),
    "match_limit": (None, 500, None, None, 500, 500, 500),
    # "Fields not in the table keep their defaults in every preset".
    "decks": (2,) * 7,
    "hand_size": (13,) * 7,
    "first_player": ("left_of_dealer",) * 7,
    "set_distinct_suits": (True,) * 7,
    "opening_sums_melds": (True,) * 7,
    "opening_requires_run": (False,) * 7,
    "opening_allows_jokers": (True,) * 7,
    "rediscard_taken": (False,) * 7,
    "joker_swap": (True,) * 7,
    "discard_to_go_out": (True,) * 7,
    "hand_romme_first_at_table": (False,) * 7,
    "max_reshuffles": (None,) * 7,
    "not_opened_penalty": (None,) * 7,
    # rules §13: the optional rules of the rule books are off in every preset.
    "no_melds_first_go_round": (False,) * 7,
    "ass_bonuses": (False,) * 7,
    "joker_at_cut": (False,) * 7,
    "indirect_layoff_only_to_go_out": (False,) * 7,
    "indirect_layoff_out": ("layoff_leaves_one",) * 7,
    "swap_needs_complete_meld": (False,) * 7,
    "announced_jokers": (False,) * 7,
    "rearrange": (False,) * 7,
    "rearrange_needs_opened": (False,) * 7,
    "opening_counts_table_cards": (False,) * 7,
    # rules §13: the library's bound on the table takes of a turn, the same in every preset.
    "max_table_takes": (15,) * 7,
    "knocking": (False,) * 7,
    "knock_needs_opened": (False,) * 7,
    "buying": (False,) * 7,
    "next_player_buys": (False,) * 7,
    # Not named in §12: a table seats 2–6 (§2), so every preset allows 6.
    "max_players": (6,) * 7,
}


def _plain(value: object) -> object:
    return value.value if isinstance(value, enum.Enum) else value


def test_table_covers_every_field() -> None:
    """The hand-written §12 table names every field of Rules."""
    assert {field.name for field in attrs.fields(Rules)} == set(TABLE)


# rules §13: the game forms the sources name besides the seven rule books, each
# one of them with the fields the form changes, written out by hand.
GAME_FORMS: Final[dict[str, tuple[str, dict[str, object]]]] = {
    # cardgames.zone §10: "Everyone gets 10 cards, the dealer 11 and starts by discarding."
    "ghidi": ("classic", {"hand_size": 10, "extra_card": "dealer", "first_player": "dealer"}),
    # ASS S. 2–3, Schmidt S. 4 (Räuber-Rommé): anyone may take table cards, "zum Auslegen
    # braucht es 40 Augen, die liegenden Karten zählen mit".
    "ass-raeuber": (
        "ass",
        {"rearrange": True, "opening_counts_table_cards": True, "opening_threshold": 40},
    ),
    "schmidt-raeuber": (
        "schmidt",
        {"rearrange": True, "opening_counts_table_cards": True, "opening_threshold": 40},
    ),
    # ASS S. 3: "Jeder darf die oberste abgeworfene Karte „kaufen“".
    "ass-kaufen": ("ass", {"buying": True}),
    # ASS S. 1–2: "Wer eine abgeworfene Karte brauchen kann, klopft".
    "ass-klopfen": ("ass", {"knocking": True}),
}


def test_presets_are_the_seven_of_rules_md_and_the_game_forms() -> None:
    """PRESETS holds drov, classic, cardgames-zone, german-rummy, house, ass, schmidt (rules §12) and the game forms (rules §13)."""
    assert set(PRESET_NAMES) | set(GAME_FORMS) == set(PRESETS)


@pytest.mark.parametrize("name", sorted(GAME_FORMS))
def test_game_form_is_its_rule_book_with_the_changes_of_its_source(name: str) -> None:
    """Rules §13: a game form differs from its rule book in exactly the fields its source changes."""
    base, changes = GAME_FORMS[name]
    form, book = PRESETS[name], PRESETS[base]
    differing = {
        field.name: _plain(getattr(form, field.name))
        for field in attrs.fields(Rules)
        if getattr(form, field.name) != getattr(book, field.name)
    }
    assert changes == differing
    assert name == preset_name(form)


@pytest.mark.parametrize(
    ("name", "aliases"),
    [
        ("ass-kaufen", ("ass-buying", "ASS Kaufen", "ass_kaufen")),
        ("ass-klopfen", ("ass-knocking", "ASS Klopfen", "ass_klopfen")),
        ("ass-raeuber", ("Räuber", "ass_raeuber", "ASS-Rauber")),
        ("schmidt-raeuber", ("Schmidt Räuber", "schmidt_raeuber")),
        ("ghidi", ("Rummy à la Ghidi", "a-la-ghidi")),
    ],
)
def test_game_forms_are_found_by_their_aliases(name: str, aliases: tuple[str, ...]) -> None:
    """Rules §13: find_rules finds each game form by its aliases, whatever the case and accents."""
    for alias in aliases:
        assert PRESETS[name] is find_rules(alias)


@pytest.mark.parametrize("field", sorted(TABLE))
@pytest.mark.parametrize("preset", PRESET_NAMES)
def test_preset_field_has_the_value_of_rules_md_table(preset: str, field: str) -> None:
    """Rules §12: each preset's field has the value the table gives it."""
    expected = TABLE[field][PRESET_NAMES.index(preset)]
    actual = getattr(PRESETS[preset], field)
    if expected is ANY:
        assert isinstance(actual, FailedTake)
    else:
        assert expected == _plain(actual)


def test_enum_fields_hold_enum_members() -> None:
    """Enum fields hold members of their enum, with lowercase string values (docs/maintainers.md "Rules")."""
    drov = PRESETS["drov"]
    assert JokerLimit.MINORITY is drov.joker_limit
    assert AdjacentJokers.FORBIDDEN is drov.adjacent_jokers
    assert TakeDiscardMode.IMMEDIATE_USE is drov.take_discard
    assert ExtraCard.NONE is drov.extra_card
    assert FirstPlayer.LEFT_OF_DEALER is drov.first_player
    assert FailedTake.END_TURN is drov.failed_take
    assert JokerDiscard.LAST_CARD_ONLY is drov.joker_discard
    assert SwappedJoker.MELD_SAME_TURN is drov.swapped_joker
    assert StockExhausted.END_ROUND is drov.stock_exhausted
    assert MatchScoring.TOURNAMENT is drov.match_scoring
    for enum_type in (
        JokerLimit,
        AdjacentJokers,
        TakeDiscardMode,
        ExtraCard,
        FirstPlayer,
        FailedTake,
        JokerDiscard,
        SwappedJoker,
        StockExhausted,
        MatchScoring,
    ):
        for member in enum_type:
            assert member.value.lower() == member.value


def test_default_rules_are_drov_with_the_dealer_playing() -> None:
    """Rules() is DRoV with the dealer playing: it differs from drov only in dealer_sits_out (rules §12)."""
    default, drov = Rules(), PRESETS["drov"]
    differing = {
        field.name
        for field in attrs.fields(Rules)
        if getattr(default, field.name) != getattr(drov, field.name)
    }
    assert {"dealer_sits_out"} == differing
    assert (False, True) == (default.dealer_sits_out, drov.dealer_sits_out)
    assert drov == attrs.evolve(default, dealer_sits_out=True)


def test_preset_name_names_each_preset() -> None:
    """preset_name gives back the name of each preset and None for a house variant."""
    assert {name: name for name in PRESET_NAMES} == {
        name: preset_name(PRESETS[name]) for name in PRESET_NAMES
    }
    assert preset_name(attrs.evolve(PRESETS["classic"], opening_threshold=35)) is None


# -- find_rules ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", PRESET_NAMES)
def test_find_rules_finds_each_preset_by_name(name: str) -> None:
    """find_rules(name) is PRESETS[name]."""
    assert PRESETS[name] == find_rules(name)


@pytest.mark.parametrize(
    ("alias", "preset"),
    [
        ("DRoV", "drov"),
        ("DROV", "drov"),
        ("tournament", "drov"),
        ("Tournament", "drov"),
        ("CLASSIC", "classic"),
        ("Classic", "classic"),
        ("S000", "classic"),
        ("s000", "classic"),
        ("S001", "german-rummy"),
        ("S003", "house"),
        ("cardgames.zone", "cardgames-zone"),
        ("Cardgames-Zone", "cardgames-zone"),
        ("German Rummy", "german-rummy"),
        ("german_rummy", "german-rummy"),
        ("ASS Altenburger", "ass"),
        ("ASS", "ass"),
        ("Schmidt Spiele", "schmidt"),
        ("SCHMIDT", "schmidt"),
        ("Hausregeln", "house"),
        ("HOUSE", "house"),
    ],
)
def test_find_rules_ignores_case_and_accepts_aliases(alias: str, preset: str) -> None:
    """find_rules is case-insensitive and knows the aliases of docs/maintainers.md "Rules" and the source tags of docs/sources.md."""
    assert PRESETS[preset] == find_rules(alias)


@pytest.mark.parametrize("name", ["poker", "", "drov2", "S004"])
def test_find_rules_refuses_unknown_names_listing_known_ones(name: str) -> None:
    """An unknown name raises InvalidRulesError whose message lists the known preset names."""
    with pytest.raises(InvalidRulesError) as caught:
        find_rules(name)
    message = str(caught.value)
    assert [] == [known for known in PRESET_NAMES if known not in message]


def test_invalid_rules_error_is_a_value_error() -> None:
    """InvalidRulesError is a ValueError (docs/maintainers.md "Rules")."""
    assert issubclass(InvalidRulesError, ValueError)


# -- impossible values ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "changes",
    [
        pytest.param({"opening_threshold": -1}, id="negative-threshold"),
        pytest.param({"decks": 0}, id="no-decks"),
        pytest.param({"decks": 3}, id="three-decks"),
        pytest.param({"jokers": -1}, id="negative-jokers"),
        pytest.param({"jokers": 9}, id="more-than-eight-jokers"),
        pytest.param({"hand_size": 0}, id="empty-hands"),
        pytest.param({"hand_size": 20}, id="deal-larger-than-deck"),
        pytest.param({"max_players": 1}, id="one-seat"),
        pytest.param({"max_players": 7}, id="seven-seats"),
        pytest.param({"dealer_sits_out": True, "max_players": 2}, id="dealer-out-two-seats"),
        pytest.param(
            {"dealer_sits_out": True, "first_player": FirstPlayer.DEALER},
            id="dealer-out-yet-first",
        ),
        pytest.param(
            {"dealer_sits_out": True, "extra_card": ExtraCard.DEALER},
            id="dealer-out-yet-extra-card",
        ),
        pytest.param({"opening_threshold": "40"}, id="threshold-as-text"),
        pytest.param({"opening_threshold": 40.0}, id="threshold-as-float"),
        pytest.param({"opening_threshold": None}, id="threshold-none"),
        pytest.param({"ace_wraps": 1}, id="bool-as-int"),
        pytest.param({"hand_romme_multiplier": 0}, id="zero-multiplier"),
        pytest.param({"ace_penalty": -1}, id="negative-ace-penalty"),
        pytest.param({"joker_penalty": -5}, id="negative-joker-penalty"),
        pytest.param({"match_rounds": 0}, id="zero-match-rounds"),
        pytest.param({"match_limit": 0}, id="zero-match-limit"),
        pytest.param({"max_table_takes": 0}, id="no-table-takes"),
        pytest.param({"max_table_takes": 51}, id="table-takes-past-50"),
        pytest.param({"max_table_takes": None}, id="table-takes-unbounded"),
        pytest.param(
            {"jokers_only_ends_round": True, "joker_discard": JokerDiscard.ALLOWED},
            id="jokers-only-ends-round-needs-last-card-only",
        ),
    ],
)
def test_impossible_rules_raise_invalid_rules_error(changes: dict[str, object]) -> None:
    """Impossible values and combinations raise InvalidRulesError (rules §2, §4; docs/maintainers.md "Rules")."""
    with pytest.raises(InvalidRulesError):
        Rules(**changes)  # type: ignore[arg-type]


def test_deal_must_fit_the_deck_for_max_players() -> None:
    """15 cards for 6 players and one deck (91) exceed 58 cards; for 3 players (46) they fit (rules §2)."""
    with pytest.raises(InvalidRulesError):
        Rules(hand_size=15, decks=1)
    assert 15 == Rules(hand_size=15, decks=1, max_players=3).hand_size


def test_hand_size_is_capped_at_15() -> None:
    """hand_size above 15 (no rule book deals more) is refused: it bounds the meld search."""
    with pytest.raises(InvalidRulesError, match="hand_size"):
        Rules(hand_size=16, max_players=2)


def test_dealer_sits_out_needs_two_players_dealt_in() -> None:
    """With dealer_sits_out at least 2 players must be dealt in: 3 seats are fine, 2 are not (rules §2)."""
    with pytest.raises(InvalidRulesError):
        Rules(dealer_sits_out=True, max_players=2)
    assert 3 == Rules(dealer_sits_out=True, max_players=3).max_players


def test_jokers_only_ends_round_needs_last_card_only() -> None:
    """jokers_only_ends_round is refused with joker_discard=allowed (rules §4, DRoV Streitfall 8)."""
    with pytest.raises(InvalidRulesError):
        attrs.evolve(PRESETS["drov"], joker_discard=JokerDiscard.ALLOWED)
    relaxed = attrs.evolve(
        PRESETS["drov"], joker_discard=JokerDiscard.ALLOWED, jokers_only_ends_round=False
    )
    assert JokerDiscard.ALLOWED is relaxed.joker_discard


def test_rules_are_keyword_only() -> None:
    """Rules takes keyword arguments only (docs/maintainers.md "Rules")."""
    with pytest.raises(TypeError):
        Rules(2)  # type: ignore[call-arg]


# -- variants, hashing, immutability ----------------------------------------------------------------


def test_evolve_makes_a_house_variant() -> None:
    """attrs.evolve(rules, opening_threshold=40) changes that field and keeps the others (docs/maintainers.md "Rules")."""
    classic = find_rules("classic")
    variant = attrs.evolve(classic, opening_threshold=40)
    assert 40 == variant.opening_threshold
    assert attrs.evolve(variant, opening_threshold=30) == classic
    assert TakeDiscardMode.IMMEDIATE_USE is variant.take_discard


@pytest.mark.parametrize(
    "changes",
    [
        {"opening_threshold": 35},
        {"joker_limit": JokerLimit.NOT_MAJORITY},
        {"adjacent_jokers": AdjacentJokers.LONG_RUNS},
        {"not_opened_penalty": 100},
        {"joker_penalty": 25},
        {"opening_requires_run": True, "opening_allows_jokers": False},
        {"decks": 1, "jokers": 2, "max_players": 2},
        {"jokers": 0},
        {"jokers": 8},
    ],
)
def test_evolve_accepts_valid_variants(changes: dict[str, Any]) -> None:
    """Variants with possible values are valid Rules."""
    variant = attrs.evolve(find_rules("classic"), **changes)
    assert changes == {name: getattr(variant, name) for name in changes}


def test_evolve_validates_too() -> None:
    """attrs.evolve into an impossible value raises InvalidRulesError."""
    with pytest.raises(InvalidRulesError):
        attrs.evolve(find_rules("classic"), opening_threshold=-10)


def test_rules_are_frozen() -> None:
    """Rules values are immutable (docs/maintainers.md "Rules")."""
    rules = Rules()
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        rules.opening_threshold = 30  # type: ignore[misc]


def test_presets_mapping_is_read_only() -> None:
    """PRESETS cannot be changed by a caller."""
    with pytest.raises(TypeError):
        PRESETS["mine"] = Rules()  # type: ignore[index]


def test_rules_are_hashable() -> None:
    """Equal Rules hash alike and collapse in a set."""
    assert hash(Rules()) == hash(Rules())
    assert 1 == len({Rules(), Rules(), attrs.evolve(PRESETS["drov"], dealer_sits_out=False)})
    assert len(PRESETS) == len(set(PRESETS.values()))  # no two presets are equal


@given(romme_testing.rules())
def test_generated_rules_are_valid_and_hashable(rules: Rules) -> None:
    """Every generated Rules value equals a copy of itself and hashes alike."""
    copy = attrs.evolve(rules)
    assert rules == copy
    assert hash(rules) == hash(copy)


def test_enum_fields_take_their_text_values() -> None:
    """An enum field given its text value holds the member, in Rules() and attrs.evolve (hardening: values that construct also serialize)."""
    rules = attrs.evolve(Rules(), take_discard="free", joker_limit="one_per_meld")
    assert TakeDiscardMode.FREE is rules.take_discard
    assert JokerLimit.ONE_PER_MELD is rules.joker_limit
    assert Rules(take_discard=TakeDiscardMode.FREE, joker_limit=JokerLimit.ONE_PER_MELD) == rules
