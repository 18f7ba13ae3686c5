"""The ``romme`` command: play against the computer, simulate bots, check melds, show rules.

``romme play`` — you against the computer in the terminal;
``romme simulate`` — bots against bots, many rounds, a summary table;
``romme arena`` — bots measured against each other on duplicate deals, with error bars;
``romme check "Q♣ K♣ A♣"`` — is it a meld, what is it worth, why not;
``romme rules [NAME]`` — the presets side by side, or one preset's every field;
``romme schema KIND`` — the JSON Schema of one kind of document;
``romme serve`` — the web table, play in the browser (extra ``[web]``).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from romme._tables import (
    HOME_LIMIT,
    Hint,
    cards_from_hand,
    hint,
    move_words,
    notation_text,
    play_rules,
    refusal_text,
)
from romme.cli._main import main
from romme.cli._play import LEVELS
from romme.cli._terminal import Output, color_wanted, pad, visible_width

__all__ = [
    "HOME_LIMIT",
    "LEVELS",
    "Hint",
    "Output",
    "cards_from_hand",
    "color_wanted",
    "hint",
    "main",
    "move_words",
    "notation_text",
    "pad",
    "play_rules",
    "refusal_text",
    "visible_width",
]
