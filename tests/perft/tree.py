"""Perft: the number of move sequences of each length from fixed positions, every legal move at every node.

As in chess, ``perft(position, d)`` is the number of nodes at depth `d` of
the game tree: every legal action of the player to act is followed at
every node, and a finished round has no children. Chance is part of the
position: the stock's order is fixed by the seed, so the tree is
deterministic. The counts do not depend on the order in which
`romme.legal_actions` lists the moves (``tests/perft/test_tree.py`` walks
the tree with the moves shuffled at every node and gets the same numbers),
so they change only when what is legal changes.

Each preset is counted from four positions: two seeded deals and two
positions of a round in progress, built from named cards (the rest of the
deck shuffled by the seed), which bring in the opening, taking the discard,
laying off, joker swaps, the take-back, the claim windows and Räuber-Rommé's
table takes where the preset has them.

Run ``python -m tests.perft.tree`` from the project root to regenerate
``tree_counts.json`` after an intended change to legality; review the diff.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

import romme
from romme import Action, GameState, Phase, Rules, apply, legal_actions, new_game, new_position

COUNTS = Path(__file__).with_name("tree_counts.json")
PRESETS = tuple(romme.PRESETS)  # every preset: a new one needs its counts here
QUICK_DEPTH = 3
"""The depth every position is counted to in the plain run."""
DEEP_DEPTH = 4
"""The depth counted in the slow run, where it is cheap."""
SHALLOW = frozenset({("ass-raeuber", "opened"), ("schmidt-raeuber", "opened")})
"""Positions counted to `QUICK_DEPTH` only: at depth 4 each has more than a million nodes."""

Moves = Callable[[GameState], Sequence[Action]]
"""The moves followed at a node: `romme.legal_actions`, or the same moves in another order."""


def _dealt(players: int, seat: int, rules: Rules, hand: str) -> str:
    """`hand`, or no cards where the seat is the dealer who sits out (DRoV Nr. 1)."""
    return "" if rules.dealer_sits_out and seat == players - 1 else hand


def opened(rules: Rules) -> GameState:
    """Seat 0 has opened and is in its play phase: lay-downs, lay-offs and joker swaps to choose from.

    The table holds a run with a joker that 7♣ frees, a set of four with a
    joker (swappable where a set needs four cards) and seat 0's own run; under
    Räuber-Rommé every table card may be taken. Seat 3 deals (and sits out
    where the dealer does).
    """
    hands = ["7♣ 8♣ 4♣ J♥ 9♦ 10♦ JK 2♠", "2♦ 3♦ 4♦ 6♥", "5♦ 6♦ 8♦ 3♥", "9♥ 9♣ K♠ 3♠"]
    return new_position(
        rules,
        hands=[_dealt(4, seat, rules, hand) for seat, hand in enumerate(hands)],
        table=[("5♣ 6♣ JK", 1), ("8♥ 8♠ 8♦ JK", 1), ("Q♥ K♥ A♥", 0)],
        opened=[True, True, False, False],
        discard_pile="K♣",
        phase=Phase.PLAY,
        dealer=3,
        seed=7,
    )


def opening(rules: Rules) -> GameState:
    """Seat 0 has not opened and is to draw; the top discard 9♠ completes 7♠ 8♠ towards its opening.

    Taking the discard (for immediate use, or into the hand), staged melds
    and their take-back; seat 0 drawing from the stock opens a claim window
    where the preset knocks or buys; under Räuber-Rommé table cards count
    towards the opening. Seat 3 deals (and sits out where the dealer does).
    """
    hands = ["7♠ 8♠ 10♥ J♥ Q♥ 2♦ 5♣ JK", "2♦ 3♦ 4♦ 6♥", "5♦ 6♦ 8♦ 3♥", "9♥ 9♣ K♠ 3♠"]
    return new_position(
        rules,
        hands=[_dealt(4, seat, rules, hand) for seat, hand in enumerate(hands)],
        table=[("4♣ 5♣ 6♣ 7♣", 1), ("8♥ 8♠ 8♦ JK", 2)],
        opened=[False, True, True, False],
        discard_pile="3♠ 9♠",
        phase=Phase.DRAW,
        dealer=3,
        seed=7,
    )


POSITIONS: dict[str, Callable[[Rules], GameState]] = {
    "deal-1": lambda rules: new_game(rules, 4, seed=1, dealer=0),
    "deal-2": lambda rules: new_game(rules, 3, seed=2, dealer=1),
    "opened": opened,
    "opening": opening,
}
"""The starting positions of every preset, by name."""


def depth_of(preset: str, position: str) -> int:
    """The depth the slow run counts `position` of `preset` to."""
    return QUICK_DEPTH if (preset, position) in SHALLOW else DEEP_DEPTH


def perft(state: GameState, depth: int, moves: Moves = legal_actions) -> list[int]:
    """Return the number of nodes at depths 1 to `depth` below `state`, following every move of `moves`."""
    counts = [0] * depth

    def walk(node: GameState, level: int) -> None:
        if node.is_over:
            return
        found = moves(node)
        counts[level] += len(found)
        if level + 1 < depth:
            for action in found:
                walk(apply(node, action), level + 1)

    if depth > 0:
        walk(state, 0)
    return counts


def compute() -> dict[str, dict[str, list[int]]]:
    """Return the counts of every preset and position, each to the depth of the slow run."""
    return {
        preset: {
            name: perft(build(romme.PRESETS[preset]), depth_of(preset, name))
            for name, build in POSITIONS.items()
        }
        for preset in PRESETS
    }


def dump(counts: dict[str, dict[str, list[int]]]) -> str:
    """The counts as JSON, one position's list to a line (so a diff names the position)."""
    presets = []
    for preset, positions in counts.items():
        lines = [f"  {json.dumps(name)}: {json.dumps(found)}" for name, found in positions.items()]
        presets.append(f" {json.dumps(preset)}: {{\n" + ",\n".join(lines) + "\n }")
    return "{\n" + ",\n".join(presets) + "\n}\n"


def main() -> None:
    COUNTS.write_text(dump(compute()), encoding="utf-8")
    sys.stdout.write(f"wrote {COUNTS}\n")


if __name__ == "__main__":
    main()
