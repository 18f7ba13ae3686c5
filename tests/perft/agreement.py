"""Candidate moves made without the generator, and the check that the generator lists exactly the legal ones.

`candidates` makes moves from the position alone, by brute force over the
hand, the table and the deck: every kind of action, every card, every table
index and position, lay-downs of three cards in two orders with each kind
and of four cards in card order, lay-offs of one and two cards on each
side, swaps with every place for the freed joker among these (the joker
laid off alone or with a card of the hand). `mutations` changes each listed
move a little: another card, index, position, side or kind; a card more or
fewer; no use, no follow-up. `assert_agreement` checks at one node that
`romme.legal_actions`, `romme.is_legal`, `romme.check` and `romme.apply`
agree on all of them (docs/maintainers.md guarantee 3)."""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from itertools import combinations, permutations

import attrs
import pytest

from romme import (
    JOKER,
    Action,
    Buy,
    Card,
    Consent,
    Discard,
    Draw,
    GameState,
    IllegalActionError,
    Knock,
    LayDown,
    LayOff,
    MeldKind,
    Pass,
    Refuse,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    apply,
    check,
    is_legal,
    legal_actions,
    make_deck,
)

KINDS = (None, MeldKind.SET, MeldKind.RUN)
SIDES = (None, Side.LOW, Side.HIGH)
PLAIN: tuple[Action, ...] = (
    Draw(),
    TakeDiscard(),
    TakeBack(),
    Knock(),
    Buy(),
    Pass(),
    Consent(),
    Refuse(),
)


def _lay_downs(cards: Sequence[Card]) -> Iterator[LayDown]:
    for chosen in combinations(cards, 3):
        for kind in KINDS:
            yield LayDown(chosen, kind)
            yield LayDown(chosen[::-1], kind)
    yield from (LayDown(four) for four in combinations(cards, 4))


def _lay_offs(targets: int, cards: Sequence[Card]) -> Iterator[LayOff]:
    for target in range(targets):
        for size in (1, 2):
            for chosen in permutations(cards, size):
                for side in SIDES:
                    yield LayOff(target, chosen, side)


def candidates(state: GameState) -> list[Action]:
    """Moves made from the position alone, legal or not, each once."""
    hand = sorted(set(state.hand))
    table = state.table
    found: list[Action] = [*PLAIN, *(Discard(card) for card in sorted(set(make_deck(state.rules))))]
    for target in range(len(table) + 1):
        size = len(table[target].meld.cards) if target < len(table) else 0
        found.extend(TakeFromTable(target, position) for position in range(size + 1))
    found.extend(_lay_offs(len(table) + 1, hand))
    found.extend(_lay_downs(hand))
    top = state.top_discard
    if top is not None:
        found.extend(
            TakeDiscard(LayOff(target, (top,), side))
            for target in range(len(table) + 1)
            for side in SIDES
        )
        for pair in combinations(hand, 2):
            for order in permutations((top, *pair)):
                found.extend(TakeDiscard(LayDown(order, kind)) for kind in KINDS)
    places: list[LayDown | LayOff | Discard | None] = [None, Discard(JOKER)]
    for target in range(len(table) + 1):
        for side in SIDES:
            places.append(LayOff(target, (JOKER,), side))
            places.extend(LayOff(target, (JOKER, card), side) for card in hand)
            places.extend(LayOff(target, (card, JOKER), side) for card in hand)
    for pair in combinations(hand, 2):
        places.extend(LayDown(order) for order in permutations((JOKER, *pair)))
    for target, entry in enumerate(table):
        if JOKER in entry.meld.cards:
            for card in hand:
                found.extend(SwapJoker(target, card, place) for place in places)
    return list(dict.fromkeys(found))


def _changed(action: Action, hand: Sequence[Card], absent: Card) -> Iterator[Action]:
    """Small changes of one move."""
    if isinstance(action, LayDown | LayOff):
        cards = action.cards
        changes = [cards[::-1], cards[1:], cards[:-1], (absent, *cards[1:])]
        changes.extend((*cards, card) for card in hand[:3])
        changes.extend((card, *cards[1:]) for card in hand[:3] if card != cards[0])
        for cards_changed in changes:
            if cards_changed:
                yield attrs.evolve(action, cards=cards_changed)
    if isinstance(action, LayDown):
        yield from (attrs.evolve(action, kind=kind) for kind in KINDS)
    if isinstance(action, LayOff):
        yield from (attrs.evolve(action, side=side) for side in SIDES)
        yield from (
            attrs.evolve(action, target=action.target + step)
            for step in (-1, 1)
            if action.target + step >= 0
        )
    if isinstance(action, TakeFromTable):
        for target, position in ((0, 1), (0, -1), (1, 0), (-1, 0)):
            if action.target + target >= 0 and action.position + position >= 0:
                yield TakeFromTable(action.target + target, action.position + position)
    if isinstance(action, SwapJoker):
        yield attrs.evolve(action, then=None)
        yield attrs.evolve(action, then=Discard(JOKER))
        yield attrs.evolve(action, target=action.target + 1)
        yield attrs.evolve(action, card=absent)
        if action.then is not None and not isinstance(action.then, Discard):
            yield from (
                attrs.evolve(action, then=then) for then in _changed(action.then, hand, absent)
            )
    if isinstance(action, TakeDiscard):
        yield TakeDiscard()
        if action.use is not None:
            yield action.use
            yield from (
                TakeDiscard(use)
                for use in _changed(action.use, hand, absent)
                if isinstance(use, LayDown | LayOff)
            )
    if isinstance(action, Discard):
        yield Discard(absent)


def mutations(state: GameState, listed: Sequence[Action]) -> list[Action]:
    """Small changes of each listed move: another card, index, position, side or kind, a card more or fewer."""
    hand = sorted(set(state.hand))
    held = set(hand)
    absent = next(card for card in sorted(set(make_deck(state.rules))) if card not in held)
    return list(
        dict.fromkeys(change for action in listed for change in _changed(action, hand, absent))
    )


def _spelled_otherwise(action: Action) -> bool:
    """Whether `action` has other spellings: its cards in another order, no side, no kind."""
    if isinstance(action, TakeDiscard):
        return action.use is not None
    return isinstance(action, LayDown | LayOff | SwapJoker)


def assert_agreement(state: GameState, rng: random.Random, sample: int | None = None) -> int:
    """Check at `state` that the generator lists exactly the legal moves; return the number of candidates tried.

    Every listed move is legal to `is_legal`, `check` and `apply`, and
    another seat may make none of them. A candidate that is legal is a
    listed move, or another spelling of one: a move of the same kind with
    the same effect, for the kinds that can be spelled otherwise (a run's
    cards out of order, a lay-off without its side; a discard or a table
    card's take has one spelling). A candidate that is not legal is refused
    by `check` and `apply` with the same reason.
    With `sample`, that many of the candidates and mutations not listed,
    drawn by `rng`, are tried.
    """
    listed = legal_actions(state)
    assert len(set(listed)) == len(listed), "a move is listed twice"
    effects = set()
    for action in listed:
        assert is_legal(state, action), action
        check(state, action)
        effects.add((type(action), apply(state, action)))
    other = (state.current_player + 1) % state.players
    for action in rng.sample(listed, min(len(listed), 3)):
        assert not is_legal(state, action, player=other), (action, other)
    known = set(listed)
    tried = [
        action
        for action in dict.fromkeys([*candidates(state), *mutations(state, listed)])
        if action not in known
    ]
    if sample is not None and sample < len(tried):
        tried = rng.sample(tried, sample)
    for action in tried:
        if is_legal(state, action):
            check(state, action)
            assert _spelled_otherwise(action), f"legal but not listed: {action}"
            assert (type(action), apply(state, action)) in effects, (
                f"legal but not listed: {action}"
            )
        else:
            with pytest.raises(IllegalActionError) as refused:
                check(state, action)
            assert refused.value.reason is not None
            with pytest.raises(IllegalActionError) as applied:
                apply(state, action)
            assert refused.value.reason is applied.value.reason, action
    return len(tried)
