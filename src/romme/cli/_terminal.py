"""Terminal output for the ``romme`` command (private): widths that ignore colour codes, colour on or off, the output stream.

Part of the interface of `romme.cli`.
"""

from __future__ import annotations

import os
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TextIO

from romme.cards import Card

_ESCAPE = re.compile(r"\x1b\[[0-9;]*m")
"""An ANSI colour code: it takes no room on the screen."""


def visible_width(text: str) -> int:
    """Return how many columns `text` takes on a terminal (colour codes take none)."""
    return len(_ESCAPE.sub("", text))


def pad(text: str, width: int) -> str:
    """Return `text` padded with spaces to `width` visible columns (colour codes not counted)."""
    return text + " " * max(0, width - len(_ESCAPE.sub("", text)))


def color_wanted(stream: TextIO, environ: Mapping[str, str] | None = None) -> bool:
    """Whether to colour `stream`: ``FORCE_COLOR`` forces it, ``NO_COLOR`` turns it off, else a terminal.

    Both variables count when set to anything but the empty string
    (``FORCE_COLOR=0`` turns forcing off), as the conventions of
    no-color.org and force-color.org have it.
    """
    environ = os.environ if environ is None else environ
    force = environ.get("FORCE_COLOR", "")
    if force and force != "0":
        return True
    if environ.get("NO_COLOR", ""):
        return False
    return stream.isatty()


class Output:
    """Writes to a stream, colouring red suits and jokers when colour is on."""

    def __init__(self, stream: TextIO, color: bool | None = None) -> None:
        self.stream = stream
        self.color = color_wanted(stream) if color is None else color

    def card(self, card: Card, *, highlight: bool = False) -> str:
        text = str(card)
        if not self.color:
            return f"[{text}]" if highlight else text
        code = "31" if card.suit is not None and card.suit.is_red else "35" if card.is_joker else ""
        if highlight:
            code = f"{code};7" if code else "7"
        return f"\x1b[{code}m{text}\x1b[0m" if code else text

    def cards(self, cards: Sequence[Card], highlight: Card | Sequence[Card] | None = None) -> str:
        """Return `cards` in a row, each copy of a card in `highlight` marked once (one card or several)."""
        if highlight is None:
            marks: Counter[Card] = Counter()
        elif isinstance(highlight, Card):
            marks = Counter([highlight])
        else:
            marks = Counter(highlight)
        shown = []
        for card in cards:
            mark = marks[card] > 0
            if mark:
                marks[card] -= 1  # as many copies as are marked
            shown.append(self.card(card, highlight=mark))
        return " ".join(shown) or "(none)"

    def line(self, text: str = "") -> None:
        self.stream.write(text + "\n")
        self.stream.flush()
