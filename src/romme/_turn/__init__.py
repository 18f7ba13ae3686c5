"""The turn core (private): the one checker and the legal-move generator, built from the same rule stages.

Everything outside this package uses only the names below (an import
boundary test keeps it so); the modules inside are free to change.

- `resolve` checks one action for the player to act (or a named seat)
  and returns its `Effect`, or the `Failure` that refuses it;
- `legal_actions` lists every action `resolve` accepts, each once;
- `discards` lists only the legal discards (the draw-and-discard floor of
  the benchmarks);
- `seats_to_act` names the seats that may act at this decision point;
- `only_discard_left` says whether a failed take leaves the player to act
  nothing but a discard (DRoV Streitfall 1, 3), for the near misses of
  `romme.testing`, which must name that refusal;
- `hand_with` adds cards to a hand in card order, the order every hand
  is kept in;
- `rob_parts` says what taking a card from a table meld leaves of it and
  what comes along into the hand (Räuber-Rommé, rules §13);
- `stuck_problem` refuses a position handed in from outside whose player
  to act has no legal action (the constructors check structure only);
- `hand_key`, `keep_hand_key` and `kept_hand_key` read and hand on the
  coded hand a `GameState` keeps for the seat that acts in it (a packed
  multiset, `romme.melds._search.pack_cards`), so that `apply` keeps it up to date
  through a turn instead of every check packing it anew.

The stages (rules §4–§9): `position` holds the vocabulary (the position as
the checker reads it, an action's effect, a refusal) and the predicates
shared by the stages; `checker` decides each kind of action; `opening`
answers whether an opening or a Hand-Rommé can still be completed this
turn; `generator` builds the moves and lists those the checker's stages
accept, without going through the checker's dispatch.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from romme._turn.deal import check_seats, check_seed, new_game, new_position
from romme._turn.engine import apply, score_round
from romme._turn.legal import check, is_legal, legal_actions, only_discard_left, stuck_problem
from romme._turn.rearranging import rob_parts

__all__ = [
    "apply",
    "check",
    "check_seats",
    "check_seed",
    "is_legal",
    "legal_actions",
    "new_game",
    "new_position",
    "only_discard_left",
    "rob_parts",
    "score_round",
    "stuck_problem",
]
