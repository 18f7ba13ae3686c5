"""Validate a few melds under several rule books and say why the bad ones fail.

Run: ``python examples/validate_melds.py``
"""

from __future__ import annotations

from romme import InvalidMeldError, best_melds, find_rules, format_cards, parse_cards, validate_meld

EXAMPLES = ["Q♣ K♣ A♣", "A♥ 2♥ 3♥", "K♠ A♠ 2♠", "7♦ 7♣ JK", "5♥ 5♥ 5♣", "JK 5♣ 6♣", "3♠ 3♥ JK JK"]


def main() -> None:
    for preset in ("drov", "classic", "german-rummy"):
        rules = find_rules(preset)
        print(f"== {preset}")
        for text in EXAMPLES:
            try:
                meld = validate_meld(text, rules)
            except InvalidMeldError as error:
                print(f"  {text:<14} no   ({error.reason.value}: {error})")
                continue
            jokers = ", ".join(
                f"JK = {role.card}"
                if role.card
                else f"JK = {role.rank.symbol} ({' or '.join(s.symbol for s in sorted(role.suits))})"
                for role in meld.jokers
            )
            print(f"  {text:<14} yes  {meld.kind.value} worth {meld.value}  {jokers}")
    hand = parse_cards("9♥ 10♥ J♥ JK 9♦ 9♣ 2♠ 3♠ 4♠ K♦ K♣ A♦ 7♥ 7♥")
    rules = find_rules("classic")
    melds = best_melds(hand, rules)
    print(f"== best melds of {format_cards(hand)} under classic:")
    for meld in melds:
        print(f"  {meld}  ({meld.kind.value}, {meld.value})")
    print(f"  total {sum(meld.value for meld in melds)}")


if __name__ == "__main__":
    main()
