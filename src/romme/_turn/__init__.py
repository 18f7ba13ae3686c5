"""The turn core (private): the one checker and the legal-move generator, built from the same rule stages.

Everything outside this package uses only the names below (an import
boundary test keeps it so); the modules inside are free to change.

- `legal_actions` lists every action the checker accepts, each once;
  `check` and `is_legal` ask the checker of one action (`legal`);
- `apply` makes the next state (`engine`); these four go through one
  dispatch (`dispatch`), which asks the optional C accelerator,
  `romme._cturn`, first and the pure Python functions wherever it does
  not answer; `accelerated` says whether it is in use, and `pure` holds
  the pure functions themselves, the oracle the accelerator is tested
  against;
- `score_round` scores a finished round (`engine`);
- `new_game` deals a round and `new_position` takes one handed in from
  outside, with `check_seed` and `check_seats`, the checks they share
  with matches and records (`deal`);
- `stuck_problem` refuses a position handed in from outside whose player
  to act has no legal action (the constructors check structure only);
- `only_discard_left` says whether a failed take leaves the player to act
  nothing but a discard (DRoV Streitfall 1, 3), for the near misses of
  `romme.testing`, which must name that refusal;
- `rob_parts` says what taking a card from a table meld leaves of it and
  what comes along into the hand (Räuber-Rommé, rules §13), for the bots.

The stages (rules §4–§9): `position` holds the vocabulary (the position as
the checker reads it, an action's effect, a refusal, who may act);
`hands`, `tables`, `ending` and `guards` what the stages share; `checker`
decides each kind of action; `claiming`, `laying`, `swapping` and
`rearranging` hold the stages of claims, melds, swaps and Räuber-Rommé;
`opening` answers whether an opening or a Hand-Rommé can still be
completed this turn; `generator` builds the moves and lists those the
checker's stages accept, without going through the checker's dispatch.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from romme._turn import pure
from romme._turn.deal import check_seats, check_seed, new_game, new_position
from romme._turn.dispatch import accelerated, apply, check, is_legal, legal_actions
from romme._turn.engine import score_round
from romme._turn.legal import only_discard_left, stuck_problem
from romme._turn.rearranging import rob_parts

__all__ = [
    "accelerated",
    "apply",
    "check",
    "check_seats",
    "check_seed",
    "is_legal",
    "legal_actions",
    "new_game",
    "new_position",
    "only_discard_left",
    "pure",
    "rob_parts",
    "score_round",
    "stuck_problem",
]
