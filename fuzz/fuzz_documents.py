"""Fuzz what a loaded document does next: state and view documents of real positions, their fields changed.

Promises checked on every input (docs/maintainers.md, guarantees 6 and 8):

- ``from_dict`` returns a value or raises `romme.InvalidDataError`, and
  leaves the dict it reads unchanged;
- a loaded state plays on: random legal play from it (GreedyBot's choice
  now and then) ends the round, every state on the way round-trips, and
  every seat's view of its first states is dealt by ``determinize`` into
  a position showing that view;
- a loaded view round-trips; unless its round is over, ``determinize``
  deals it into a position showing that view, which plays on, and
  GreedyBot and SearchBot choose one of its legal actions.

The documents come from positions of random play under every preset,
mid-turn ones included (cards taken from the table under Räuber-Rommé, a
claim window open, a discard taken into the hand). The bytes choose the
position and one to three changes: a field (the turn's bookkeeping, the
table, the seats' flags and the counts, most often) replaced by another
value or another field's, removed, doubled or swapped within its list,
or, for a view, cards moved between the hand sizes and the stock.

Anything else that escapes is a finding.

    python fuzz/fuzz_documents.py -max_total_time=60
    python fuzz/fuzz_documents.py --plain 2000
"""

from __future__ import annotations

import copy
import json
import random
from typing import Any

from _runner import Finding, main

from romme import (
    PRESETS,
    Buy,
    GameState,
    GreedyBot,
    InvalidDataError,
    Knock,
    PlayerView,
    SearchBot,
    SwapJoker,
    TakeDiscard,
    TakeFromTable,
    apply,
    determinize,
    dumps,
    from_dict,
    legal_actions,
    loads,
    new_game,
    to_dict,
    view,
)
from romme.play import random_choice

HOT = frozenset(
    {
        "turn",
        "table",
        "opened",
        "dealt_in",
        "first_to_open",
        "phase",
        "current_player",
        "dealer",
        "result",
        "discard_pile",
        "hand",
        "hand_sizes",
        "stock_size",
    }
)
"""The fields the changes go to most often: where one field must agree with another."""

VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    -1,
    2,
    3,
    99,
    10**30,
    0.5,
    "",
    "x",
    "JK",
    "7♥",
    "A♠",
    "draw",
    "play",
    "claim",
    [],
    {},
    ["JK"],
    {"kind": "set"},
)
"""Values a changed field may take, besides the value of another field of the same document."""

RICH = (Knock, Buy, TakeFromTable, SwapJoker, TakeDiscard)
"""The moves that leave a turn's bookkeeping full: played before others when legal."""


def _positions() -> tuple[GameState, ...]:
    """Positions of random play under every preset, after each number of moves up to a round's worth."""
    positions: list[GameState] = []
    greedy = GreedyBot()
    for index, name in enumerate(sorted(PRESETS)):
        rules = PRESETS[name]
        for seats in (3, 4):
            rng = random.Random(f"{name}/{seats}")
            state = new_game(rules, seats, seed=index * 10 + seats, dealer=index % seats)
            for step in range(160):
                if state.is_over:
                    break
                if step % 7 == 3 or state.turn.before is not None or state.turn.claim:
                    positions.append(state)
                actions = legal_actions(state)
                rich = [a for a in actions if isinstance(a, RICH)]
                if rich and rng.random() < 0.5:
                    action = rng.choice(rich)
                elif rng.random() < 0.5:
                    action = greedy.choose(view(state, state.current_player))
                else:
                    action = random_choice(rng, actions, rules)
                state = apply(state, action)
            positions.append(state)
    return tuple(positions)


POSITIONS = _positions()


class _Bytes:
    """The input read as a stream of choices; 0 once it is used up."""

    def __init__(self, data: bytes) -> None:
        self._data = data
        self._at = 0

    def below(self, n: int) -> int:
        """A choice from 0 to n - 1 (two bytes)."""
        chunk = self._data[self._at : self._at + 2]
        self._at += 2
        return int.from_bytes(chunk, "big") % n if n > 0 else 0


def _fields(node: object, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], object]]:
    """Every field of a document below its top, with its path (keys and list indices)."""
    found: list[tuple[tuple[Any, ...], object]] = [(path, node)] if path else []
    if isinstance(node, dict):
        for key, value in node.items():
            found += _fields(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            found += _fields(value, (*path, index))
    return found


def _change(doc: dict[str, Any], pick: _Bytes) -> None:
    """Change one field of `doc` in place, as `pick` chooses."""
    fields = _fields(doc)
    hot = [field for field in fields if field[0][0] in HOT]
    pool = hot if hot and pick.below(8) else fields
    path, node = pool[pick.below(len(pool))]
    parent: Any = doc
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    how = pick.below(7)
    if how == 0:
        parent[key] = copy.deepcopy(VALUES[pick.below(len(VALUES))])
    elif how == 1:
        parent[key] = copy.deepcopy(fields[pick.below(len(fields))][1])
    elif how == 2:
        del parent[key]
    elif how == 3 and isinstance(parent, list):
        parent.insert(key, copy.deepcopy(parent[key]))
    elif how == 4 and isinstance(parent, list):
        other = pick.below(len(parent))
        parent[key], parent[other] = parent[other], parent[key]
    elif how == 5 and _counts(doc):
        # Cards moved between a hand and the stock: the count stays the deck's.
        seat = pick.below(len(doc["hand_sizes"]))
        moved = pick.below(4) - 2
        doc["hand_sizes"][seat] += moved
        doc["stock_size"] -= moved
    elif isinstance(node, bool):
        parent[key] = not node
    elif isinstance(node, int):
        parent[key] = node + pick.below(3) - 1


def _counts(doc: dict[str, Any]) -> bool:
    """Whether `doc` is a view document whose hand sizes and stock size are still numbers."""
    sizes, stock = doc.get("hand_sizes"), doc.get("stock_size")
    return (
        isinstance(sizes, list)
        and bool(sizes)
        and all(type(size) is int for size in sizes)
        and type(stock) is int
    )


def _round_trips(value: object, what: str) -> None:
    if loads(dumps(value)) != value:
        raise Finding(f"{what} does not round-trip")


def _dealt(seen: PlayerView, rng: random.Random) -> GameState:
    guess = determinize(seen, rng)
    if view(guess, seen.player) != seen:
        raise Finding("determinize dealt a position that shows another view")
    return guess


CHECKED = 40
"""The states played on from a loaded one whose every view is dealt by ``determinize``."""
LONGEST = 50_000
"""The most actions a round played on may take: rounds nobody wins end after the stock's last
reshuffle (`romme.MAX_RESHUFFLES`), some thousands of actions of random play later."""


def _plays_on(state: GameState, rng: random.Random) -> None:
    """Random legal play (GreedyBot now and then) from `state` to the round's end, checking each state."""
    greedy = GreedyBot()
    for step in range(LONGEST):
        if step < CHECKED and not state.is_over:
            for seat in range(state.players):
                _dealt(view(state, seat), rng)
        if state.is_over:
            return
        actions = legal_actions(state)
        if not actions:
            raise Finding("the player to act has no legal action")
        if rng.random() < 0.2:
            action = greedy.choose(view(state, state.current_player))
        else:
            action = random_choice(rng, actions, state.rules)
        state = apply(state, action)
        _round_trips(state, "a state played on")
    raise Finding(f"the round did not end within {LONGEST} actions")


def one_input(data: bytes) -> str:
    """Change a document of a real position as `data` chooses, load it, and use what loads."""
    pick = _Bytes(data)
    state = POSITIONS[pick.below(len(POSITIONS))]
    value: GameState | PlayerView = state
    if pick.below(2):
        value = view(state, pick.below(state.players))
    doc = to_dict(value)
    for _ in range(1 + pick.below(3)):
        _change(doc, pick)
    before = json.dumps(doc)
    try:
        loaded = from_dict(doc)
    except InvalidDataError:
        outcome = "refused"
    else:
        outcome = f"loaded {type(loaded).__name__}"
        rng = random.Random(pick.below(1 << 16))
        _round_trips(loaded, "the loaded value")
        if isinstance(loaded, GameState):
            _plays_on(loaded, rng)
        elif isinstance(loaded, PlayerView) and not loaded.is_over:
            actions = legal_actions(loaded)
            if actions and GreedyBot().choose(loaded) not in actions:
                raise Finding("GreedyBot chose an action that is not legal")
            if actions and SearchBot(seed=1, iterations=2).choose(loaded) not in actions:
                raise Finding("SearchBot chose an action that is not legal")
            _plays_on(_dealt(loaded, rng), rng)
    if json.dumps(doc) != before:
        raise Finding("from_dict changed the document it read")
    return outcome


if __name__ == "__main__":
    main(one_input, __doc__ or "")
