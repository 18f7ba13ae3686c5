"""Hypothesis strategies for testing code built on romme: bots, frontends, house rules.

Property-based tests of your own code need the library's values: cards,
hands that a real deck can deal, valid melds and cards that just miss
one, `Rules` values (the presets and random valid combinations),
positions reached by legal play, legal actions and actions the rules
refuse. This module builds them with `hypothesis`_, an optional
dependency installed by the ``test`` extra::

    pip install "romme-rules[test]"

``import romme`` never imports hypothesis; only ``import romme.testing``
does.

>>> from hypothesis import given, settings
>>> from romme import find_rules, testing
>>> @settings(max_examples=10, database=None)
... @given(meld=testing.melds(find_rules("classic")))
... def test_a_meld_is_worth_something(meld):
...     assert meld.value > 0
>>> test_a_meld_is_worth_something()

.. _hypothesis: https://hypothesis.readthedocs.io/

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections import Counter
from typing import Any, Final, Literal, TypeAlias

import attrs

try:
    from hypothesis import reject
    from hypothesis import strategies as st
except ImportError as error:
    raise ImportError(
        "romme.testing needs hypothesis, which romme does not install by itself; "
        'install the test extra: pip install "romme-rules[test]"'
    ) from error

from romme import (
    JOKER,
    PRESETS,
    Action,
    AdjacentJokers,
    Card,
    Discard,
    Draw,
    ExtraCard,
    FailedTake,
    FirstPlayer,
    GameState,
    InvalidMeldError,
    InvalidRulesError,
    JokerDiscard,
    JokerLimit,
    LayDown,
    LayOff,
    MatchScoring,
    Meld,
    MeldKind,
    Phase,
    PlayerView,
    Rank,
    Reason,
    Rules,
    StockExhausted,
    Suit,
    SwapJoker,
    SwappedJoker,
    TakeBack,
    TakeDiscard,
    TakeDiscardMode,
    apply,
    find_melds,
    legal_actions,
    make_deck,
    new_game,
    validate_meld,
)
from romme._shape import jokers_may_touch, most_jokers_among
from romme.rules import (
    MAX_HAND_SIZE,
    MAX_JOKERS,
    MAX_OPENING_THRESHOLD,
    MAX_RESHUFFLES,
    MAX_SEATS,
)

__all__ = [
    "NearMiss",
    "NearMissKind",
    "actions",
    "cards",
    "hands",
    "melds",
    "natural_cards",
    "near_melds",
    "near_miss_actions",
    "positions",
    "presets",
    "rules",
]

_NATURALS: Final[tuple[Card, ...]] = tuple(Card(rank, suit) for suit in Suit for rank in Rank)
_ALL_CARDS: Final[tuple[Card, ...]] = (*_NATURALS, JOKER)
_RANKS: Final[tuple[Rank, ...]] = tuple(Rank)
_SUITS: Final[tuple[Suit, ...]] = tuple(Suit)
_DECK_JOKERS: Final = 6
"""The jokers of the standard 110-card deck (DRoV Nr. 1)."""
_PLAYABLE_SEATS: Final = 4
"""Random rules seat at least this many players, and `positions` deals at most this many."""
_MAX_SEED: Final = 2**32 - 1


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
    decks = draw(st.integers(1, 2))
    jokers = draw(st.integers(0, MAX_JOKERS))
    max_players = draw(st.integers(_PLAYABLE_SEATS, MAX_SEATS))
    dealt_in = max_players - 1 if sits_out else max_players
    # The deal must leave the stock at least one card (rules §2).
    room = decks * 52 + jokers - 1 - int(extra_card is not ExtraCard.NONE) - int(upcard)
    hand_size = draw(st.integers(1, min(max_hand_size, room // dealt_in)))
    joker_discard = draw(st.sampled_from(tuple(JokerDiscard)))
    optional = st.none()
    return {
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
        "joker_swap": draw(st.booleans()),
        "swap_set_needs_four": draw(st.booleans()),
        "swapped_joker": draw(st.sampled_from(tuple(SwappedJoker))),
        "swap_back_same_meld": draw(st.booleans()),
        "swap_own_new_joker": draw(st.booleans()),
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
        "match_scoring": draw(st.sampled_from(tuple(MatchScoring))),
        "match_rounds": draw(optional | st.integers(1, 20) | st.integers(1, 1000)),
        "match_limit": draw(optional | st.integers(1, 1000) | st.integers(1, 1_000_000)),
    }


def _any_rules() -> st.SearchStrategy[Rules]:
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
        return _any_rules().flatmap(_melds_under)
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
        return _any_rules().flatmap(_near_melds_under)
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


# -- positions and actions -------------------------------------------------------------


def positions(
    rules: Rules | None = None,
    max_steps: int = 40,
    *,
    players: int | None = None,
    allow_over: bool = True,
) -> st.SearchStrategy[GameState]:
    """A position reached by legal play: a seeded `romme.new_game`, then random legal actions.

    The rules (from `rules()` if ``None``), the number of seats (2 to 4, 3
    or 4 when the dealer sits out), the seed, the dealer and the number of
    steps (0 to `max_steps`) are drawn, and each action is picked from
    `romme.legal_actions` by a hypothesis-controlled random, so failures
    shrink to short games. Each step costs a `romme.legal_actions` call
    (about 0.3–3 ms), so keep `max_steps` modest.

    Args:
        rules: The rules of the round.
        max_steps: The most actions played.
        players: The number of seats, instead of drawing it.
        allow_over: Whether the position may be a finished round; with
            ``False`` play stops before the action that would end it.

    >>> from hypothesis import given, settings
    >>> from romme import find_rules, legal_actions
    >>> @settings(max_examples=5, database=None, deadline=None)
    ... @given(state=positions(find_rules("classic"), max_steps=10, allow_over=False))
    ... def test_someone_can_act(state):
    ...     assert legal_actions(state)
    >>> test_someone_can_act()
    """
    if max_steps < 0:
        raise ValueError(f"max_steps must be 0 or more, not {max_steps}")
    return _positions(rules, max_steps, players, allow_over)


@st.composite
def _positions(
    draw: st.DrawFn, rules: Rules | None, max_steps: int, players: int | None, allow_over: bool
) -> GameState:
    chosen = draw(_any_rules()) if rules is None else rules
    if players is None:
        fewest = 3 if chosen.dealer_sits_out else 2
        players = draw(st.integers(fewest, max(fewest, min(_PLAYABLE_SEATS, chosen.max_players))))
    seed = draw(st.integers(0, _MAX_SEED))
    dealer = draw(st.integers(0, players - 1))
    steps = draw(st.integers(0, max_steps))
    rng = draw(st.randoms(use_true_random=False))
    state = new_game(chosen, players, seed=seed, dealer=dealer)
    for _ in range(steps):
        if state.is_over:
            break
        after = apply(state, rng.choice(legal_actions(state)))
        if after.is_over and not allow_over:
            break
        state = after
    return state


def actions(position: GameState | PlayerView) -> st.SearchStrategy[Action]:
    """A legal action of the player to act: one of `romme.legal_actions` of `position`.

    Use with ``data.draw(actions(state))`` or ``positions(...).flatmap(actions)``.

    Raises:
        ValueError: If no action is legal (the round is over, or the view
            is not the one of the player to act).
    """
    legal = legal_actions(position)
    if not legal:
        raise ValueError(
            "no action is legal here: the round is over or the view is not the player's to act"
        )
    return st.sampled_from(legal)


NearMissKind: TypeAlias = Literal[
    "not_your_turn", "wrong_phase", "wrong_card", "wrong_meld", "round_over"
]
"""What makes a `NearMiss` illegal."""


@attrs.frozen
class NearMiss:
    """An action close to a legal one that the rules must refuse, and the seat that tries it.

    Pass it on as ``check(position, miss.action, player=miss.player)``.
    """

    action: Action
    """The action."""
    player: int | None
    """The seat that tries it; ``None`` for the player to act."""
    kind: NearMissKind
    """What is wrong: another seat acts, the action belongs to the other
    phase, a card is not in the hand, the table meld does not exist, or the
    round is over."""
    reasons: frozenset[Reason]
    """The `romme.Reason` values the refusal may give (the first rule broken
    decides; an unopened player, for instance, is refused a lay-off before
    the meld index is looked at)."""


_OPENING_FIRST: Final = frozenset(
    {Reason.NOT_OPENED, Reason.NOT_IN_OPENING_TURN, Reason.FIRST_GO_ROUND}
)  # checked before a lay-off's or swap's target and cards


def near_miss_actions(position: GameState | PlayerView) -> st.SearchStrategy[NearMiss]:
    """An action the rules refuse in `position`, close to a legal one (`NearMiss`).

    Four kinds of mistake: another seat tries a legal action (not your
    turn), an action of the other phase (drawing while playing, discarding
    before drawing), a card that is not in the hand (discarded, melded,
    laid off, swapped in), and a table meld that does not exist (an index
    past the end). In a finished round every action is refused.

    `position` is a state or the view of the player to act; for another
    seat's view every near miss is refused as not that seat's turn.

    >>> from hypothesis import given, settings
    >>> from romme import find_rules, is_legal, new_game
    >>> state = new_game(find_rules("drov"), 4, seed=3)
    >>> @settings(max_examples=20, database=None)
    ... @given(miss=near_miss_actions(state))
    ... def test_near_misses_are_refused(miss):
    ...     assert not is_legal(state, miss.action, player=miss.player)
    >>> test_near_misses_are_refused()
    """
    return _near_miss(position)


@st.composite
def _near_miss(draw: st.DrawFn, position: GameState | PlayerView) -> NearMiss:
    hand = position.hand
    deck = sorted(set(make_deck(position.rules)))
    anything: list[Action] = [Draw(), TakeDiscard(), TakeBack(), *(Discard(c) for c in deck)]
    if position.is_over:
        action: Action = draw(st.sampled_from(anything))
        return NearMiss(action, None, "round_over", frozenset({Reason.ROUND_OVER}))
    viewer = position.player if isinstance(position, PlayerView) else None
    if viewer is not None and viewer != position.current_player:
        action = draw(st.sampled_from(anything))
        return NearMiss(action, None, "not_your_turn", frozenset({Reason.NOT_YOUR_TURN}))
    families: list[NearMissKind] = ["not_your_turn", "wrong_phase", "wrong_meld"]
    if position.phase is Phase.PLAY:
        families.append("wrong_card")
    family = draw(st.sampled_from(families))
    naturals = sorted({card for card in hand if not card.is_joker})
    if family == "not_your_turn":
        seat = draw(
            st.sampled_from([s for s in range(position.players) if s != position.current_player])
        )
        legal = legal_actions(position)
        action = draw(st.sampled_from(legal)) if legal else Draw()
        return NearMiss(action, seat, family, frozenset({Reason.NOT_YOUR_TURN}))
    if family == "wrong_phase":
        if position.phase is Phase.DRAW:
            options: list[Action] = [TakeBack(), *(Discard(c) for c in sorted(set(hand)))]
            if len(hand) >= 3:
                options.append(LayDown(hand[:3]))
            if hand:
                options.append(LayOff(0, hand[:1]))
            options += [SwapJoker(0, card) for card in naturals[:2]]
        else:
            options = [Draw(), TakeDiscard()]
            if len(hand) >= 2:
                options.append(TakeDiscard(LayDown((*hand[:2], hand[-1]))))
        action = draw(st.sampled_from(options))
        return NearMiss(action, None, family, frozenset({Reason.WRONG_PHASE}))
    tally = Counter(hand)
    absent = [card for card in deck if tally[card] == 0]
    if family == "wrong_card":
        card = draw(st.sampled_from(absent))
        options = [Discard(card)]
        reasons = {Reason.CARD_NOT_IN_HAND}
        if len(hand) >= 2:
            options.append(LayDown((*hand[:2], card)))
            reasons |= {Reason.FIRST_GO_ROUND}  # checked before a lay-down's cards
        if position.table:
            target = draw(st.integers(0, len(position.table) - 1))
            options.append(LayOff(target, (card,)))
            reasons |= _OPENING_FIRST
            absent_naturals = [c for c in absent if not c.is_joker]
            options.append(SwapJoker(target, draw(st.sampled_from(absent_naturals))))
            reasons |= {Reason.SWAP_NOT_ALLOWED}
        action = draw(st.sampled_from(options))
        return NearMiss(action, None, family, frozenset(reasons))
    # wrong_meld: a table meld index that does not exist.
    target = draw(st.integers(len(position.table), len(position.table) + 5))
    reasons = {Reason.NO_SUCH_MELD} | _OPENING_FIRST
    if position.phase is Phase.PLAY:
        options = [LayOff(target, hand[:1])]
        options += [SwapJoker(target, card) for card in naturals[:2]]
        reasons |= {Reason.SWAP_NOT_ALLOWED}
    else:
        # In the draw phase a lay-off comes only as the first use of the taken discard.
        top = position.discard_pile[-1] if position.discard_pile else hand[0]
        options = [TakeDiscard(LayOff(target, (top,)))]
        reasons |= {
            Reason.TAKE_IS_FREE,
            Reason.DISCARD_PILE_EMPTY,
            Reason.LAST_CARD_STOCK_ONLY,
        }
    action = draw(st.sampled_from(options))
    return NearMiss(action, None, family, frozenset(reasons))
