"""Play on the rules: matches, bots and the guess of hidden hands.

`Match` and `new_match` (rules §11), the bots (`RandomBot`, `GreedyBot`,
`SearchBot` and the `Bot` protocol), `determinize`, which deals the
cards a player cannot see at random, as the search bot needs, and
`HandReader`, which weighs them by what the other seats' play showed.

Its modules are private; this interface lists what the rest of the
library reads, the public names among them re-exported by `romme`.
"""

from romme.play._bots import Bot, GreedyBot, RandomBot, near, random_choice
from romme.play._match import Match, PointsTable, new_match
from romme.play._reading import HandReader
from romme.play._sampling import deal_weighted, determinize, unseen_cards
from romme.play._searchbot import SearchBot

__all__ = [
    "Bot",
    "GreedyBot",
    "HandReader",
    "Match",
    "PointsTable",
    "RandomBot",
    "SearchBot",
    "deal_weighted",
    "determinize",
    "near",
    "new_match",
    "random_choice",
    "unseen_cards",
]
