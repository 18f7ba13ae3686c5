"""The position values of a round (rules §1–§10): what is on the table and in the hands, and what may be done.

The state of a round (`GameState`, with its table melds and the turn's
bookkeeping in `TableMeld` and `TurnState`), what one player sees of it
(`PlayerView`, `view`), the actions (`Draw`, `LayDown`, … and
`parse_action`), the score of a round (`RoundResult`, `score_hands`) and
the checks of what a position may be (`state_problem`, `view_problem`,
`refuse`), which the values' constructors and the documents share. The
values check their structure when built and never ask the turn core;
the package imports nothing above the melds.

Its modules are private; this interface lists what the rest of the
library reads, the public names among them re-exported by `romme`.
"""

from romme.game._actions import (
    ACTION_TYPES,
    Action,
    Buy,
    Consent,
    Discard,
    Draw,
    Knock,
    LayDown,
    LayOff,
    Pass,
    Refuse,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    parse_action,
)
from romme.game._board import board_html, board_text
from romme.game._bounds import most_cards, seat_limit
from romme.game._checks import Position, Problem, check_cards, hand_before, refuse
from romme.game._claims import asked_seat, claimants, consenters
from romme.game._scoring import (
    ASS_FIRST_LAYER_SURCHARGE,
    ASS_FIRST_OUT_BONUS,
    MAX_ROUND_PENALTY,
    EndReason,
    RoundResult,
    card_penalty,
    first_on_table,
    first_to_open_after,
    hand_penalty,
    result_of,
)
from romme.game._state import GameState
from romme.game._values import (
    MAX_SEED,
    MAX_TURNS,
    ClaimWindow,
    Phase,
    TableBefore,
    TableMeld,
    TurnState,
)
from romme.game._views import PlayerView, acting_view, known_in_hand_to_act, view

__all__ = [
    "ACTION_TYPES",
    "ASS_FIRST_LAYER_SURCHARGE",
    "ASS_FIRST_OUT_BONUS",
    "MAX_ROUND_PENALTY",
    "MAX_SEED",
    "MAX_TURNS",
    "Action",
    "Buy",
    "ClaimWindow",
    "Consent",
    "Discard",
    "Draw",
    "EndReason",
    "GameState",
    "Knock",
    "LayDown",
    "LayOff",
    "Pass",
    "Phase",
    "PlayerView",
    "Position",
    "Problem",
    "Refuse",
    "RoundResult",
    "Side",
    "SwapJoker",
    "TableBefore",
    "TableMeld",
    "TakeBack",
    "TakeDiscard",
    "TakeFromTable",
    "TurnState",
    "acting_view",
    "asked_seat",
    "board_html",
    "board_text",
    "card_penalty",
    "check_cards",
    "claimants",
    "consenters",
    "first_on_table",
    "first_to_open_after",
    "hand_before",
    "hand_penalty",
    "known_in_hand_to_act",
    "most_cards",
    "parse_action",
    "refuse",
    "result_of",
    "seat_limit",
    "view",
]
