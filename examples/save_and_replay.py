"""Record a round, save it as JSON, load it elsewhere and replay it to the same end.

Run: ``python examples/save_and_replay.py``
"""

from __future__ import annotations

import random

from romme import GameRecord, apply, dumps, find_rules, legal_actions, loads, new_game


def main() -> None:
    state = new_game(find_rules("drov"), players=4, seed=42)
    record = GameRecord.start(state)
    chooser = random.Random(42)
    while not state.is_over:
        action = chooser.choice(legal_actions(state))
        state = apply(state, action)
        record = record.add(action)
    text = dumps(record)
    print(f"saved {len(record.actions)} actions in {len(text)} characters of JSON")
    loaded = loads(text)
    assert isinstance(loaded, GameRecord)
    final = loaded.final_state()
    print("replayed to the same state:", final == state)
    # A whole state saves and loads too, so a frontend can continue elsewhere.
    assert loads(dumps(state)) == state
    print("result:", final.result)


if __name__ == "__main__":
    main()
