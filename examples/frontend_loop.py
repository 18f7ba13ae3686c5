"""A minimal frontend: it sees only a player's view and talks in the action text form.

The "user" here is scripted (it picks the first legal action's text); a real
frontend would show the view and read the text from a person or a network.
Run: ``python examples/frontend_loop.py``
"""

from __future__ import annotations

from romme import (
    IllegalActionError,
    PlayerView,
    apply,
    find_rules,
    format_cards,
    legal_actions,
    new_game,
    parse_action,
    view,
)


def render(seen: PlayerView) -> str:
    """What a frontend would draw: only what this player may see."""
    table = "; ".join(f"[{i}] {entry.meld}" for i, entry in enumerate(seen.table)) or "empty"
    return (
        f"seat {seen.player} ({seen.phase.value}) hand {format_cards(seen.hand)} | "
        f"top {seen.top_discard} | stock {seen.stock_size} | table {table}"
    )


def user_input(seen: PlayerView) -> str:
    """Stand-in for a person: the text of the first legal action."""
    return str(legal_actions(seen)[0])


def main() -> None:
    # No seed: the library draws 128 bits, as a server must (a seed rebuilds every hand).
    state = new_game(find_rules("german-rummy"), players=2)
    for _ in range(12):
        seen = view(state, state.current_player)
        print(render(seen))
        text = user_input(seen)
        try:
            state = apply(state, parse_action(text))
        except IllegalActionError as error:  # a real frontend shows error.reason
            print("refused:", error.reason.value)
        print("  played:", text)
    # A move that breaks a rule comes back with its reason: another seat's move.
    try:
        apply(state, parse_action("draw"), player=(state.current_player + 1) % 2)
    except IllegalActionError as error:
        print("refused as expected:", error.reason.value)


if __name__ == "__main__":
    main()
