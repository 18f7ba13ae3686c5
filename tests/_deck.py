"""A position from a few named cards, the rest of the deck in the stock (shared by the data tests)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from romme import Card, GameState, Phase, Rules, make_deck, new_position, parse_cards


def deck_position(
    rules: Rules,
    *,
    hands: Sequence[str],
    table: Sequence[tuple[str, int]] = (),
    discard_pile: str = "",
    opened: Sequence[bool] | None = None,
    current_player: int = 0,
    phase: Phase = Phase.DRAW,
    dealer: int | None = None,
) -> GameState:
    """Set up a position from the named cards; every other card of the deck goes to the stock, sorted.

    The stock's top card is its last: with the deck sorted, a joker. The
    discard pile's top card is its last.
    """
    named: Counter[Card] = Counter()
    for text in (*hands, discard_pile, *(cards for cards, _ in table)):
        named.update(parse_cards(text))
    rest = sorted((Counter(make_deck(rules)) - named).elements())
    return new_position(
        rules,
        hands=list(hands),
        stock=rest,
        discard_pile=discard_pile,
        table=list(table),
        opened=opened,
        current_player=current_player,
        phase=phase,
        dealer=dealer,
    )
