"""The meld functions of the public API: validate, test, find and pack melds (rules §3)."""

from __future__ import annotations

import itertools
from collections.abc import Iterable
from typing import Final

from romme.cards import Card, parse_cards
from romme.errors import InputTooLargeError, InvalidMeldError, InvalidNotationError
from romme.melds import _search
from romme.melds._meld import Meld, cached_check
from romme.melds._parts import MeldKind
from romme.rules import Rules, shape_of

__all__ = [
    "MAX_MELD_CARDS",
    "MAX_SEARCH_CARDS",
    "best_melds",
    "find_melds",
    "is_valid_meld",
    "validate_meld",
]


MAX_MELD_CARDS: Final = 120
"""The most cards `validate_meld` and `is_valid_meld` read (more than any deck holds)."""
MAX_SEARCH_CARDS: Final = 17
"""The most cards `find_melds` and `best_melds` search (a hand holds at most ``hand_size`` + 2 ≤ 17)."""


def _coerce(cards: Iterable[Card] | str, limit: int = MAX_MELD_CARDS) -> tuple[Card, ...]:
    if type(cards) is tuple:
        result = cards  # already what the checks need: no copy
    elif isinstance(cards, str):
        result = parse_cards(cards)
    else:
        result = tuple(itertools.islice(cards, limit + 1))
    if len(result) > limit:
        raise InputTooLargeError(
            f"more than {limit} cards given; this function reads at most {limit}"
        )
    for card in result:
        if not isinstance(card, Card):
            raise TypeError(f"a meld is made of Card values, not {type(card).__name__}")
    return result


def _rules(rules: Rules) -> Rules:
    if not isinstance(rules, Rules):
        raise TypeError(f"rules must be a Rules value, not {type(rules).__name__}")
    return rules


def _kind(kind: MeldKind | str | None) -> MeldKind | None:
    if kind is None or isinstance(kind, MeldKind):
        return kind
    try:
        return MeldKind(kind)
    except ValueError:
        raise ValueError(f"kind must be 'set', 'run' or None, not {kind!r}") from None


def validate_meld(
    cards: Iterable[Card] | str, rules: Rules, *, kind: MeldKind | str | None = None
) -> Meld:
    """Return the meld `cards` form under `rules`, in table order.

    A run given in another order is sorted (DRoV Streitfall 13). Where a
    joker could stand at either end of a run, the order given decides:
    ``5♣ 6♣ JK`` makes the joker 7♣, ``JK 5♣ 6♣`` makes it 4♣. Cards that
    can form both kinds (one natural card with jokers) form a run when the
    given order is one, else a set; pass `kind` to choose.

    Args:
        cards: The cards, as `Card` values or text for `parse_cards`.
        rules: The rules to check against.
        kind: Require a set or a run (a `MeldKind` or ``"set"``/``"run"``).

    Returns:
        The meld, with its value and what each joker stands for.

    Raises:
        InvalidMeldError: With the `Reason` the cards break, for instance
            ``Reason.AROUND_THE_CORNER`` or ``Reason.JOKER_LIMIT``.
        InvalidNotationError: If `cards` is text that is not cards.
        InputTooLargeError: For more than `MAX_MELD_CARDS` cards.
        TypeError: If `cards` holds something other than cards, or `rules` is no `Rules`.
        ValueError: If `kind` is neither a set nor a run.

    >>> from romme import find_rules
    >>> meld = validate_meld("5♣ 6♣ JK", find_rules("classic"))
    >>> meld.jokers[0].card, meld.value
    (Card(7♣), 18)
    >>> validate_meld("K♥ A♥ 2♥", find_rules("classic"))
    Traceback (most recent call last):
    ...
    romme.errors.InvalidMeldError: K♥ A♥ 2♥: a run may not go around the corner (K-A-2) under these rules
    """
    result = cached_check(_coerce(cards), shape_of(_rules(rules)), _kind(kind))
    if isinstance(result, Meld):
        return result
    raise InvalidMeldError(result[1], reason=result[0])


def is_valid_meld(
    cards: Iterable[Card] | str, rules: Rules, *, kind: MeldKind | str | None = None
) -> bool:
    """Return whether `cards` form a valid meld under `rules` (see `validate_meld`).

    Text that is no meld answers ``False`` whatever the reason: cards that
    break a rule, text that is not cards (``"7h 8x"``) and text of more than
    `MAX_MELD_CARDS` cards alike, so the predicate can judge what a player
    types. Cards given as values are read as `validate_meld` reads them.

    Raises:
        InputTooLargeError: For more than `MAX_MELD_CARDS` cards given as values.
        TypeError: If `cards` holds something other than cards, or `rules` is no `Rules`.
        ValueError: If `kind` is neither a set nor a run.

    >>> from romme import find_rules
    >>> is_valid_meld("K♥ A♥ 2♥", find_rules("drov")), is_valid_meld("K♥ A♥ 2♥", find_rules("classic"))
    (True, False)
    >>> is_valid_meld("7h 8x", find_rules("classic"))
    False
    """
    shape = shape_of(_rules(rules))
    wanted = _kind(kind)
    if isinstance(cards, str):
        try:
            read = _coerce(cards)
        except (InvalidNotationError, InputTooLargeError):
            return False
    else:
        read = _coerce(cards)
    return isinstance(cached_check(read, shape, wanted), Meld)


def find_melds(cards: Iterable[Card] | str, rules: Rules) -> tuple[Meld, ...]:
    """Return every distinct valid meld that can be formed from the multiset `cards`.

    Each meld appears once, whatever the number of copies of its cards
    (two packs) and whatever the order; each distinct joker arrangement is
    its own meld (``5♣ 6♣ JK`` and ``JK 5♣ 6♣``). A joker may also stand
    in for a natural card the hand holds. Melds come sets first by rank,
    then runs by suit and start.

    Raises:
        InputTooLargeError: For more than `MAX_SEARCH_CARDS` cards.

    >>> from romme import find_rules
    >>> [str(m) for m in find_melds("5♣ 6♣ 7♣ 7♥ 7♠", find_rules("drov"))]
    ['7♣ 7♠ 7♥', '5♣ 6♣ 7♣']
    """
    return _search.find_melds(_coerce(cards, MAX_SEARCH_CARDS), _rules(rules))


def best_melds(cards: Iterable[Card] | str, rules: Rules) -> tuple[Meld, ...]:
    """Return disjoint melds from `cards` with the greatest total value.

    Among packings of equal value, the one using fewer jokers is chosen,
    then the one found first; the result is deterministic.

    Raises:
        InputTooLargeError: For more than `MAX_SEARCH_CARDS` cards.

    >>> from romme import find_rules
    >>> melds = best_melds("9♥ 9♦ JK 10♥ J♥ 2♣", find_rules("classic"))
    >>> [str(m) for m in melds], sum(m.value for m in melds)
    (['9♥ 10♥ J♥ JK'], 39)
    """
    return _search.best_melds(_coerce(cards, MAX_SEARCH_CARDS), _rules(rules))
