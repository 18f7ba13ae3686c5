"""A move in words (private): the one wording of the terminal (``romme play``) and the web table.

Part of the interface of `romme.cli` as ``move_words``; the web table sends it with
every logged move (``words``), so the page and the terminal say the same.
"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Sequence
from typing import Final

from romme.cards import Card, format_cards

_ANSWERS: Final = {
    "knock": "knock (takes the discard and a penalty card)",
    "buy": "buy (asks to buy the discard)",
    "pass": "pass (claims nothing)",
    "consent": "consent (to the purchase)",
    "refuse": "refuse (the purchase)",
}
"""The answers at a claim window (rules §13), in words."""

_ROB: Final = re.compile(r"rob (\d+) (\d+)")


def move_words(action: str, taken: Card | None = None, came: Sequence[Card] = ()) -> str:
    """Return the move `action` (its text form) in words where its text alone says little.

    The answers at a claim window say what they do; ``rob N P``
    (Räuber-Rommé) names `taken`, the table card it took, and, where the
    rest of the meld could not stay on the table and came into the hand
    with it (`came`, every card the move brought, `taken` included), those
    cards too. Other moves are their text form.
    """
    if action in _ANSWERS:
        return _ANSWERS[action]
    rob = _ROB.fullmatch(action)
    if rob is None:
        return action
    words = f"{action} (takes {taken if taken is not None else 'a card'} from meld {rob[1]}"
    rest = Counter(came)
    if taken is not None:
        rest[taken] -= 1
    others = sorted(rest.elements())
    if others:
        words += f", and {format_cards(others)} with it, too few to stay on the table"
    return words + ")"
