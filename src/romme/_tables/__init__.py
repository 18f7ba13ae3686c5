"""What both tables share (private): the terminal (`romme.cli`) and the web table (`romme.web`) say moves, refusals and hints in the same words.

A move in words (`move_words`); a refused move or unreadable text in words,
the rule cited as the chosen preset's own rule book states it
(`refusal_text`, `notation_text`, `refusal_citation`); the hint
(`hint`); the presets as the tables play them (`play_rules`). `romme.cli`
offers the public ones; the web table imports them from here, so that the
two faces form no import circle.
"""

from romme._tables.hints import Hint, hint
from romme._tables.presets import HOME_LIMIT, play_rules
from romme._tables.refusal import (
    BOOKS,
    CITATIONS,
    cards_from_hand,
    notation_text,
    refusal_citation,
    refusal_text,
    uncited,
)
from romme._tables.words import move_words

__all__ = [
    "BOOKS",
    "CITATIONS",
    "HOME_LIMIT",
    "Hint",
    "cards_from_hand",
    "hint",
    "move_words",
    "notation_text",
    "play_rules",
    "refusal_citation",
    "refusal_text",
    "uncited",
]
