"""Make a house variant of a preset with attrs.evolve, and see what changes.

Run: ``python examples/house_variant.py``
"""

from __future__ import annotations

import attrs

from romme import (
    InvalidRulesError,
    JokerLimit,
    find_rules,
    is_valid_meld,
    new_game,
)


def main() -> None:
    classic = find_rules("classic")
    # Our house: 40 to open, at most one joker per meld, a joker in hand costs 25.
    house = attrs.evolve(
        classic, opening_threshold=40, joker_limit=JokerLimit.ONE_PER_MELD, joker_penalty=25
    )
    for text in ("7♥ 7♠ JK", "3♠ 3♥ JK JK"):
        print(f"{text}: classic {is_valid_meld(text, classic)}, house {is_valid_meld(text, house)}")
    state = new_game(house, players=4, seed=1)
    print("dealt", [len(hand) for hand in state.hands], "under", house.opening_threshold, "to open")
    try:
        attrs.evolve(house, opening_threshold=-5)
    except InvalidRulesError as error:
        print("refused:", error)


if __name__ == "__main__":
    main()
