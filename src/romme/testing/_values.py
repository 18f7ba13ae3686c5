"""Strategies for the library's values (private): cards, hands, rules, melds and near melds.

`romme.testing` re-exports the public strategies (their home, with the
documentation of the whole set). "rules §N" cites section N of the rules
page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import Any, Final, Literal, TypeAlias

import attrs
from hypothesis import reject  # romme.testing says how to install it when missing
from hypothesis import strategies as st

from romme import (
    JOKER,
    PRESETS,
    AdjacentJokers,
    Card,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    IndirectLayoffOut,
    InvalidMeldError,
    InvalidRulesError,
    JokerDiscard,
    JokerLimit,
    MatchScoring,
    Meld,
    MeldKind,
    Rank,
    Rules,
    StockExhausted,
    Suit,
    SwappedJoker,
    TakeDiscardMode,
    find_melds,
    make_deck,
    validate_meld,
)
from romme.rules import (
    MAX_HAND_SIZE,
    MAX_JOKERS,
    MAX_OPENING_THRESHOLD,
    MAX_RESHUFFLES,
    MAX_SEATS,
    MAX_TABLE_TAKES,
    jokers_may_touch,
    most_jokers_among,
)

__all__ = [
    "MAX_SEED",
    "PLAYABLE_SEATS",
    "NearMeldChange",
    "any_rules",
    "card_sequences",
    "cards",
    "dense_hands",
    "hands",
    "meld_shapes",
    "melds",
    "natural_cards",
    "near_melds",
    "presets",
    "rules",
]

_NATURALS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
_ALL_CARDS: Final[tuple[Card, ...]] = (*_NATURALS, JOKER)
_RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
_SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
_DECK_JOKERS: Final = 6
"""The jokers of the standard 110-card deck (DRoV Nr. 1)."""
PLAYABLE_SEATS: Final = 4
"""Random rules seat at least this many players, and `positions` deals at most this many."""
MAX_SEED: Final = 2**32 - 1


# -- cards and hands ---------------------------------------------------------------


def cards() -> st.SearchStrategy[Card]:
    """Any card: one of the 52 natural cards or the joker.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, database=None)
    ... @given(card=cards())
    ... def test_notation_round_trips(card):
    ...     from romme import parse_card
    ...     assert parse_card(str(card)) == card
    >>> test_notation_round_trips()
    """
    return st.sampled_from(_ALL_CARDS)


def natural_cards() -> st.SearchStrategy[Card]:
    """Any natural card (never the joker)."""
    return st.sampled_from(_NATURALS)


def hands(
    min_size: int = 0,
    max_size: int = 14,
    max_jokers: int = _DECK_JOKERS,
    *,
    rules: Rules | None = None,
) -> st.SearchStrategy[tuple[Card, ...]]:
    """A hand: cards a real deck can deal, in random order.

    The hand is a sub-multiset of the deck: two packs (each natural card at
    most twice) and `max_jokers` jokers, or the deck of `rules` (its
    ``decks`` and at most ``min(rules.jokers, max_jokers)`` jokers).

    Args:
        min_size: The fewest cards.
        max_size: The most cards (at most the deck's size).
        max_jokers: The most jokers, 0 to 8.
        rules: Take the deck from these rules instead of two packs.

    Raises:
        ValueError: For sizes the deck cannot deal or a joker count outside 0–8.

    >>> from hypothesis import given, settings
    >>> @settings(max_examples=20, database=None)
    ... @given(hand=hands(max_size=5, max_jokers=0))
    ... def test_small_hands(hand):
    ...     assert len(hand) <= 5 and all(not card.is_joker for card in hand)
    >>> test_small_hands()
    """
    if not 0 <= max_jokers <= MAX_JOKERS:
        raise ValueError(f"max_jokers must be between 0 and {MAX_JOKERS}, not {max_jokers}")
    if rules is None:
        deck = _NATURALS * 2 + (JOKER,) * max_jokers
    else:
        deck = tuple(card for card in make_deck(rules) if not card.is_joker)
        deck += (JOKER,) * min(rules.jokers, max_jokers)
    if not 0 <= min_size <= max_size:
        raise ValueError(f"need 0 <= min_size <= max_size, not {min_size} and {max_size}")
    if min_size > len(deck):
        raise ValueError(f"the deck holds {len(deck)} cards, fewer than min_size={min_size}")
    return _sub_multisets(deck, min_size, min(max_size, len(deck)))


def _sub_multisets(
    deck: tuple[Card, ...], min_size: int, max_size: int
) -> st.SearchStrategy[tuple[Card, ...]]:
    positions = st.lists(
        st.integers(0, len(deck) - 1), min_size=min_size, max_size=max_size, unique=True
    )
    return positions.map(lambda chosen: tuple(deck[i] for i in chosen))


# -- rules --------------------------------------------------------------------------


def presets() -> st.SearchStrategy[Rules]:
    """One of the named rule books in `romme.PRESETS` (rules §12)."""
    return st.sampled_from(tuple(PRESETS.values()))


def rules(*, max_hand_size: int = MAX_HAND_SIZE) -> st.SearchStrategy[Rules]:
    """A valid `romme.Rules` value: a preset, or a preset with any fields changed.

    The changed fields take random values that fit together, so every value
    constructs (no `romme.InvalidRulesError`); every field of `romme.Rules` can
    change. Random rules seat at least 4 players (``max_players`` 4 to 6),
    so `positions` can deal 2 to 4 seats under them. Shrinking leads back
    to a preset.

    Args:
        max_hand_size: The largest ``hand_size`` of random rules (1 up to
            the largest the rules allow); smaller hands keep the meld
            search and so the tests fast.

    >>> from hypothesis import given, settings
    >>> from romme import new_game
    >>> @settings(max_examples=10, database=None)
    ... @given(rules=rules())
    ... def test_every_rules_value_deals(rules):
    ...     assert new_game(rules, 4, seed=1).players == 4
    >>> test_every_rules_value_deals()
    """
    if not 1 <= max_hand_size <= MAX_HAND_SIZE:
        raise ValueError(
            f"max_hand_size must be between 1 and {MAX_HAND_SIZE}, not {max_hand_size}"
        )
    return st.one_of(presets(), _changed_rules(max_hand_size))


@st.composite
def _changed_rules(draw: st.DrawFn, max_hand_size: int) -> Rules:
    base = draw(presets())
    values = draw(_rules_fields(max_hand_size))
    names = draw(st.sets(st.sampled_from(sorted(values))))
    try:
        return attrs.evolve(base, **{name: values[name] for name in names})
    except InvalidRulesError:
        # The changes clash with the preset's other values; all fields drawn together fit.
        return attrs.evolve(base, **values)


@st.composite
def _rules_fields(draw: st.DrawFn, max_hand_size: int) -> dict[str, Any]:
    """A value for every field of `Rules`, drawn so that they fit together."""
    sits_out = draw(st.booleans())
    extra_card = draw(
        st.sampled_from((ExtraCard.NONE, ExtraCard.FIRST_PLAYER) if sits_out else tuple(ExtraCard))
    )
    upcard = draw(st.booleans())
    joker_at_cut = draw(st.booleans())
    decks = draw(st.integers(1, 2))
    jokers = draw(st.integers(0, MAX_JOKERS))
    max_players = draw(st.integers(PLAYABLE_SEATS, MAX_SEATS))
    dealt_in = max_players - 1 if sits_out else max_players
    # The deal must leave the stock at least one card (rules §2).
    room = (
        decks * 52
        + jokers
        - 1
        - int(extra_card is not ExtraCard.NONE)
        - int(upcard)
        - int(joker_at_cut)
    )
    hand_size = draw(st.integers(1, min(max_hand_size, room // dealt_in)))
    joker_discard = draw(st.sampled_from(tuple(JokerDiscard)))
    rearrange = draw(st.booleans())
    needs_opened = draw(st.booleans())
    optional = st.none()
    # A claim window asks one kind of claim: knocking (Schmidt: by opened seats only) or
    # buying, or neither (rules §13).
    claims = draw(st.sampled_from(("none", "knocking", "knocking_opened", "buying")))
    fields: dict[str, Any] = {
        "decks": decks,
        "jokers": jokers,
        "hand_size": hand_size,
        "max_players": max_players,
        "extra_card": extra_card,
        "upcard": upcard,
        "first_player": draw(
            st.sampled_from((FirstPlayer.LEFT_OF_DEALER,) if sits_out else tuple(FirstPlayer))
        ),
        "first_turn_draws": draw(st.booleans()),
        "joker_at_cut": joker_at_cut,
        "dealer_sits_out": sits_out,
        "set_distinct_suits": draw(st.booleans()),
        "ace_wraps": draw(st.booleans()),
        "joker_limit": draw(st.sampled_from(tuple(JokerLimit))),
        "adjacent_jokers": draw(st.sampled_from(tuple(AdjacentJokers))),
        "take_discard": draw(st.sampled_from(tuple(TakeDiscardMode))),
        "rediscard_taken": draw(st.booleans()),
        "last_card_stock_only": draw(st.booleans()),
        "failed_take": draw(st.sampled_from(tuple(FailedTake))),
        "opening_threshold": draw(st.integers(0, 80) | st.integers(0, MAX_OPENING_THRESHOLD)),
        "opening_sums_melds": draw(st.booleans()),
        "opening_requires_run": draw(st.booleans()),
        "opening_allows_jokers": draw(st.booleans()),
        "opening_turn_layoffs": draw(st.booleans()),
        "no_melds_first_go_round": draw(st.booleans()),
        "knocking": claims.startswith("knocking"),
        "knock_needs_opened": claims == "knocking_opened",
        "buying": claims == "buying",
        "joker_swap": draw(st.booleans()),
        "swap_set_needs_four": draw(st.booleans()),
        "swapped_joker": draw(st.sampled_from(tuple(SwappedJoker))),
        "swap_back_same_meld": draw(st.booleans()),
        "swap_own_new_joker": draw(st.booleans()),
        # Räuber-Rommé: table cards count towards the opening exactly when a
        # player who has not opened may take them (the two sources' readings).
        "rearrange": rearrange,
        "rearrange_needs_opened": rearrange and needs_opened,
        "opening_counts_table_cards": rearrange and not needs_opened,
        "joker_discard": joker_discard,
        # DRoV Streitfall 8 needs jokers discarded only as the last card.
        "jokers_only_ends_round": (
            draw(st.booleans()) if joker_discard is JokerDiscard.LAST_CARD_ONLY else False
        ),
        "discard_to_go_out": draw(st.booleans()),
        "hand_romme_waives_threshold": draw(st.booleans()),
        "hand_romme_first_at_table": draw(st.booleans()),
        "hand_romme_multiplier": draw(st.integers(1, 4) | st.integers(1, 10)),
        "stock_exhausted": draw(st.sampled_from(tuple(StockExhausted))),
        "max_reshuffles": draw(optional | st.integers(0, 5) | st.integers(0, MAX_RESHUFFLES)),
        "ace_penalty": draw(st.integers(0, 30) | st.integers(0, 1000)),
        "joker_penalty": draw(st.integers(0, 50) | st.integers(0, 1000)),
        "not_opened_penalty": draw(optional | st.integers(0, 200) | st.integers(0, 10_000)),
        "ass_bonuses": draw(st.booleans()),
        "match_scoring": draw(st.sampled_from(tuple(MatchScoring))),
        "match_rounds": draw(optional | st.integers(1, 20) | st.integers(1, 1000)),
        "match_limit": draw(optional | st.integers(1, 1000) | st.integers(1, 1_000_000)),
        # The optional rules added later draw last, so that the earlier fields keep their draws.
        "indirect_layoff_only_to_go_out": draw(st.booleans()),
        "swap_needs_complete_meld": draw(st.booleans()),
        "announced_jokers": draw(st.booleans()),
        "next_player_buys": draw(st.booleans()) and claims == "buying",
        "max_table_takes": draw(st.integers(1, 20) | st.integers(1, MAX_TABLE_TAKES)),
    }
    # DRoV Nr. 10's readings of "zum Beenden", under indirect_layoff_only_to_go_out.
    out = draw(st.sampled_from(tuple(IndirectLayoffOut)))
    if fields["indirect_layoff_only_to_go_out"]:
        fields["indirect_layoff_out"] = out
    return fields


def any_rules() -> st.SearchStrategy[Rules]:
    return rules()


# -- melds --------------------------------------------------------------------------


def melds(rules: Rules | None = None) -> st.SearchStrategy[Meld]:
    """A valid meld under `rules` (random rules from `rules()` if ``None``).

    Sets and runs are built directly (any rank, suit, length, and jokers
    within the rules' limits) or picked from `romme.find_melds` of a dense
    hand. Every meld comes from `romme.validate_meld`, and its cards can
    come from the deck of the rules (no more copies or jokers than it holds).

    >>> from hypothesis import given, settings
    >>> from romme import find_rules, is_valid_meld
    >>> @settings(max_examples=20, database=None)
    ... @given(meld=melds(find_rules("drov")))
    ... def test_melds_validate(meld):
    ...     assert is_valid_meld(meld.cards, find_rules("drov"), kind=meld.kind)
    >>> test_melds_validate()
    """
    if rules is None:
        return any_rules().flatmap(_melds_under)
    return _melds_under(rules)


def _melds_under(rules: Rules) -> st.SearchStrategy[Meld]:
    return st.one_of(_built_melds(rules), _found_melds(rules))


@st.composite
def _built_melds(draw: st.DrawFn, rules: Rules) -> Meld:
    kind = draw(st.sampled_from(tuple(MeldKind)))
    chosen = _set_cards(draw, rules) if kind is MeldKind.SET else _run_cards(draw, rules)
    try:
        return validate_meld(chosen, rules, kind=kind)
    except InvalidMeldError:  # pragma: no cover - the construction keeps to the rules
        reject()


def _set_cards(draw: st.DrawFn, rules: Rules) -> tuple[Card, ...]:
    rank = draw(st.sampled_from(_RANKS))
    size = draw(st.integers(3, 4))
    jokers = draw(st.integers(0, min(most_jokers_among(rules.joker_limit, size), rules.jokers)))
    naturals = size - jokers
    # Without distinct suits a suit may repeat, as often as the deck holds it.
    pool = _SUITS if rules.set_distinct_suits else _SUITS * rules.decks
    picked = draw(
        st.lists(st.integers(0, len(pool) - 1), min_size=naturals, max_size=naturals, unique=True)
    )
    return (*(Card(rank, pool[i]) for i in picked), *(JOKER,) * jokers)


def _run_cards(draw: st.DrawFn, rules: Rules) -> tuple[Card, ...]:
    suit = draw(st.sampled_from(_SUITS))
    length = draw(st.integers(3, 13))
    # Start -1 is the low ace (A-2-3); without ace_wraps the run ends at the ace.
    start = draw(st.integers(-1, 11 if rules.ace_wraps else 13 - length))
    budget = min(most_jokers_among(rules.joker_limit, length), rules.jokers)
    wanted = draw(st.lists(st.integers(0, length - 1), unique=True, max_size=budget))
    no_adjacent = not jokers_may_touch(rules.adjacent_jokers, length)
    places: set[int] = set()
    for place in sorted(wanted):
        if no_adjacent and place - 1 in places:
            continue
        places.add(place)
    return tuple(
        JOKER if p in places else Card(_RANKS[(start + p) % 13], suit) for p in range(length)
    )


@st.composite
def _found_melds(draw: st.DrawFn, rules: Rules) -> Meld:
    suits = draw(st.lists(st.sampled_from(_SUITS), min_size=1, max_size=4, unique=True))
    start = draw(st.integers(0, 12))
    width = draw(st.integers(3, 6))
    window = [_RANKS[(start + i) % 13] for i in range(width)]
    pool = tuple(Card(rank, suit) for suit in suits for rank in window) * rules.decks
    deck = pool + (JOKER,) * min(rules.jokers, 3)
    hand = draw(_sub_multisets(deck, min(5, len(deck)), min(10, len(deck))))
    found = find_melds(hand, rules)
    if not found:
        return draw(_built_melds(rules))
    return draw(st.sampled_from(found))


NearMeldChange: TypeAlias = Literal[
    "drop", "rank", "suit", "copy", "joker", "extend", "foreign", "only_jokers"
]
_NEAR_MELD_CHANGES: Final[tuple[NearMeldChange, ...]] = (
    "drop",
    "rank",
    "suit",
    "copy",
    "joker",
    "extend",
    "foreign",
    "only_jokers",
)


def near_melds(rules: Rules | None = None) -> st.SearchStrategy[tuple[Card, ...]]:
    """Cards that almost form a meld under `rules`: a valid meld with one change.

    The change drops a card, moves a card's rank or suit by a little, adds
    a copy of a card, adds jokers, extends a run past its end, puts in any
    card, or replaces every natural card by a joker. Most results are no
    meld (`romme.validate_meld` raises `romme.InvalidMeldError`); a few
    still are (dropping the end of a long run, say), so test with
    `romme.is_valid_meld` rather than assuming either.

    >>> from hypothesis import given, settings
    >>> from romme import InvalidMeldError, find_rules, validate_meld
    >>> @settings(max_examples=20, database=None)
    ... @given(cards=near_melds(find_rules("classic")))
    ... def test_validation_answers(cards):
    ...     try:
    ...         validate_meld(cards, find_rules("classic"))
    ...     except InvalidMeldError as error:
    ...         assert error.reason is not None
    >>> test_validation_answers()
    """
    if rules is None:
        return any_rules().flatmap(_near_melds_under)
    return _near_melds_under(rules)


def _near_melds_under(rules: Rules) -> st.SearchStrategy[tuple[Card, ...]]:
    return _near_meld(rules)


@st.composite
def _near_meld(draw: st.DrawFn, rules: Rules) -> tuple[Card, ...]:
    meld = draw(_built_melds(rules))
    result = list(meld.cards)
    naturals = [p for p, card in enumerate(result) if not card.is_joker]
    change = draw(st.sampled_from(_NEAR_MELD_CHANGES))
    where = draw(st.sampled_from(naturals))
    card = result[where]
    assert card.rank is not None
    assert card.suit is not None
    if change == "drop":
        del result[draw(st.integers(0, len(result) - 1))]
    elif change == "rank":
        step = draw(st.sampled_from((-2, -1, 1, 2)))
        result[where] = Card(_RANKS[(_RANKS.index(card.rank) + step) % 13], card.suit)
    elif change == "suit":
        others = tuple(suit for suit in _SUITS if suit is not card.suit)
        result[where] = Card(card.rank, draw(st.sampled_from(others)))
    elif change == "copy":
        result.insert(draw(st.integers(0, len(result))), card)
    elif change == "joker":
        for _ in range(draw(st.integers(1, 2))):
            result.insert(draw(st.integers(0, len(result))), JOKER)
    elif change == "extend":
        last = meld.ranks[-1]
        suit = meld.suit or card.suit
        result.append(Card(_RANKS[(_RANKS.index(last) + 1) % 13], suit))
    elif change == "foreign":
        result[draw(st.integers(0, len(result) - 1))] = draw(cards())
    else:
        result = [JOKER] * len(result)
    return tuple(result)


# -- card sequences without rules ------------------------------------------------------


@st.composite
def dense_hands(
    draw: st.DrawFn, min_size: int = 0, max_size: int = 14, max_jokers: int = _DECK_JOKERS
) -> tuple[Card, ...]:
    """Cards from few suits and a short window of ranks, under no rules in particular, so that they hold melds.

    The window (3 to 7 ranks) may pass the corner (K-A-2), and each
    natural card of it is available twice, as in the real deck, with up to
    `max_jokers` jokers (at most 6, the 110-card deck's).

    Raises:
        ValueError: If `max_jokers` is not between 0 and 6.
    """
    if not 0 <= max_jokers <= _DECK_JOKERS:
        raise ValueError(f"max_jokers must be between 0 and {_DECK_JOKERS}, not {max_jokers}")
    suits = draw(st.lists(st.sampled_from(_SUITS), min_size=1, max_size=4, unique=True))
    start = draw(st.integers(0, 12))
    width = draw(st.integers(3, 7))
    ranks = [_RANKS[(start + i) % 13] for i in range(width)]
    pool = tuple(Card(rank, suit) for suit in suits for rank in ranks) * 2
    deck = pool + (JOKER,) * max_jokers
    return draw(_sub_multisets(deck, min_size, max(min_size, min(max_size, len(deck)))))


@st.composite
def meld_shapes(draw: st.DrawFn, max_size: int = 8) -> tuple[Card, ...]:
    """Cards at or near a meld under no rules in particular: a run of one suit or cards of one rank, some replaced by jokers.

    (`near_melds` changes one card of a meld valid under given rules.)
    Sometimes jokers are added, one card is swapped for a random card, or
    the order is shuffled; otherwise the cards stay in run order.
    """
    if draw(st.booleans()):
        suit = draw(st.sampled_from(_SUITS))
        start = draw(st.integers(0, 12))
        length = draw(st.integers(1, max_size))
        natural = [Card(_RANKS[(start + i) % 13], suit) for i in range(length)]
    else:
        rank = draw(st.sampled_from(_RANKS))
        suits = draw(st.lists(st.sampled_from(_SUITS), min_size=1, max_size=min(5, max_size)))
        natural = [Card(rank, suit) for suit in suits]
    as_joker = draw(st.lists(st.booleans(), min_size=len(natural), max_size=len(natural)))
    result = [JOKER if joker else card for card, joker in zip(natural, as_joker, strict=True)]
    room = max_size - len(result)
    result += [JOKER] * draw(st.integers(0, min(2, room)))
    change_one, shuffle = draw(st.booleans()), draw(st.booleans())
    if change_one and result:
        result[draw(st.integers(0, len(result) - 1))] = draw(cards())
    if shuffle:
        result = draw(st.permutations(result))
    return tuple(result)


def card_sequences(max_size: int = 8) -> st.SearchStrategy[tuple[Card, ...]]:
    """A sequence of 0 to `max_size` cards: arbitrary, from a dense pool (`dense_hands`), or at or near a meld (`meld_shapes`)."""
    arbitrary = st.lists(cards(), max_size=max_size).map(tuple)
    dense = dense_hands(0, max_size, _DECK_JOKERS)
    return st.one_of(arbitrary, dense, meld_shapes(max_size))
