"""Helpers for scenario tests: set up positions from a few named cards, and read states back.

`position` is the one position builder of the tests (the unit, property, web
and RL tests use it too). It puts the cards a test names where the test says and every other
card of the deck in the stock (below the named top cards) or in the discard
pile (below the named discards), so that the cards in play form the deck
exactly. `summary` reads a state back as text, for ``assert expected == actual``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Literal

import attrs
import pytest

from romme import (
    PRESETS,
    Action,
    Card,
    GameState,
    IllegalActionError,
    Phase,
    Reason,
    Rules,
    apply,
    check,
    format_cards,
    is_legal,
    make_deck,
    new_position,
    parse_cards,
)

__all__ = [
    "ASS",
    "CARDGAMES_ZONE",
    "CLASSIC",
    "DROV",
    "GERMAN_RUMMY",
    "HOUSE",
    "SCHMIDT",
    "Summary",
    "hand",
    "play",
    "position",
    "refusal",
    "summary",
]

DROV = PRESETS["drov"]
CLASSIC = PRESETS["classic"]
CARDGAMES_ZONE = PRESETS["cardgames-zone"]
GERMAN_RUMMY = PRESETS["german-rummy"]
HOUSE = PRESETS["house"]
ASS = PRESETS["ass"]
SCHMIDT = PRESETS["schmidt"]


def hand(text: str) -> tuple[Card, ...]:
    """Return the cards of `text` sorted, as a hand is stored."""
    return tuple(sorted(parse_cards(text)))


def position(
    rules: Rules,
    *,
    hands: Sequence[str],
    stock_top: str = "",
    discard: str = "",
    table: Sequence[tuple[str, int]] = (),
    rest: Literal["stock", "discard"] = "stock",
    opened: Sequence[bool] | None = None,
    current_player: int = 0,
    phase: Phase = Phase.DRAW,
    dealer: int | None = None,
    seed: int = 0,
) -> GameState:
    """Set up a position; the cards not named go to the bottom of the stock or of the discard pile.

    `stock_top` and `discard` list cards bottom to top (the last is the top card).
    """
    named: Counter[Card] = Counter()
    for text in (*hands, stock_top, discard, *(cards for cards, _ in table)):
        named.update(parse_cards(text))
    deck = Counter(make_deck(rules))
    too_many = named - deck
    if too_many:
        raise ValueError(
            f"more cards named than the deck holds: {format_cards(too_many.elements())}"
        )
    others = tuple(sorted((deck - named).elements()))
    stock = parse_cards(stock_top)
    pile = parse_cards(discard)
    if rest == "stock":
        stock = (*others, *stock)
    else:
        pile = (*others, *pile)
    return new_position(
        rules,
        hands=list(hands),
        stock=stock,
        discard_pile=pile,
        table=list(table),
        opened=opened,
        current_player=current_player,
        phase=phase,
        dealer=dealer,
        seed=seed,
    )


def play(state: GameState, *actions: Action) -> GameState:
    """Apply `actions` one after the other."""
    for action in actions:
        state = apply(state, action)
    return state


def refusal(state: GameState, action: Action) -> Reason:
    """Return the `Reason` for which `apply` refuses `action`, after checking `check` and `is_legal` agree."""
    with pytest.raises(IllegalActionError) as refused:
        apply(state, action)
    with pytest.raises(IllegalActionError) as checked:
        check(state, action)
    assert refused.value.reason == checked.value.reason
    assert not is_legal(state, action)
    return refused.value.reason


@attrs.frozen(kw_only=True)
class Summary:
    """A position as text: each hand (sorted), each table meld with owner and staged flag, the pile."""

    hands: tuple[str, ...]
    table: tuple[tuple[str, int, bool], ...]
    discard_pile: str
    opened: tuple[bool, ...]
    current_player: int
    phase: Phase

    @classmethod
    def of(
        cls,
        *,
        hands: Sequence[str],
        table: Sequence[tuple[str, int, bool]] = (),
        discard_pile: str = "",
        opened: Sequence[bool],
        current_player: int,
        phase: Phase,
    ) -> Summary:
        """Return the expected summary; hands may be written in any order."""
        return cls(
            hands=tuple(format_cards(hand(text)) for text in hands),
            table=tuple(
                (format_cards(parse_cards(cards)), owner, staged) for cards, owner, staged in table
            ),
            discard_pile=format_cards(parse_cards(discard_pile)),
            opened=tuple(opened),
            current_player=current_player,
            phase=phase,
        )


def summary(state: GameState) -> Summary:
    """Return `state` as a `Summary`."""
    return Summary(
        hands=tuple(format_cards(cards) for cards in state.hands),
        table=tuple(
            (format_cards(entry.meld.cards), entry.owner, entry.staged) for entry in state.table
        ),
        discard_pile=format_cards(state.discard_pile),
        opened=state.opened,
        current_player=state.current_player,
        phase=state.phase,
    )
