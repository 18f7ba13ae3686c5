"""Fuzz action text and the checker: parse_action, then is_legal / check / apply on real positions.

Promises checked on every input (docs/maintainers.md "Actions", guarantees 2 and 3):

- ``parse_action`` returns an action whose text reads back to it, or
  raises `romme.InvalidNotationError`;
- on positions of every preset, ``is_legal``, ``check`` and ``apply``
  agree on the parsed action (for the player to act and for another
  seat), raise only `romme.IllegalActionError`, never change the
  position, and an accepted action conserves the cards.

Anything else that escapes is a finding.

    python fuzz/fuzz_actions.py -max_total_time=20
    python fuzz/fuzz_actions.py --plain 10000
"""

from __future__ import annotations

import random
from collections import Counter

import attrs
from _runner import Finding, main, text_from

from romme import (
    JOKER,
    PRESETS,
    GameState,
    IllegalActionError,
    InvalidNotationError,
    apply,
    check,
    is_legal,
    legal_actions,
    make_deck,
    new_game,
    parse_action,
)

VERBS = (
    "draw",
    "take",
    "take meld {cards}",
    "take meld set {cards}",
    "take layoff {i} {cards}",
    "meld {cards}",
    "meld run {cards}",
    "meld set {cards}",
    "layoff {i} {cards}",
    "layoff {i} low {cards}",
    "layoff {i} high {cards}",
    "swap {i} {card}",
    "swap {i} {card} then meld {cards}",
    "swap {i} {card} then layoff {j} {cards}",
    "swap {i} {card} then discard JK",
    "takeback",
    "discard {card}",
    "discard {cards}",
    "stock",
    "undo",
    "add {i} {cards}",
    "lay {cards}",
)
NOISE = ("-1", "01", "١", "²", "99999", "then", "low", "X", "11♥", "♥", "", "meld", "draw")


def action_text(data: bytes, state: GameState) -> str:
    """Text of an action for `state`: raw (mode 0), or a verb with the position's own cards."""
    if len(data) < 4 or data[1] % 8 == 0:
        return text_from(data[1:], NOISE + tuple(str(card) for card in state.hand))
    pool = [*state.hand, *state.discard_pile[-1:], JOKER]
    pool += [card for entry in state.table for card in entry.meld.cards[:2]]
    picks = [pool[b % len(pool)] for b in data[4:]]
    count = 1 + data[3] % 4
    text = VERBS[data[2] % len(VERBS)].format(
        i=data[3] % (len(state.table) + 2),
        j=data[1] % (len(state.table) + 1),
        card=picks[0] if picks else "7♥",
        cards=" ".join(str(card) for card in picks[:count]) or "JK",
    )
    if data[1] % 8 == 1:
        text += " " + NOISE[data[-1] % len(NOISE)]
    return text


def _positions() -> tuple[GameState, ...]:
    """Positions of every preset: fresh deals and a few dozen random legal actions in."""
    found = []
    for index, rules in enumerate(PRESETS.values()):
        state = new_game(rules, 3 if rules.dealer_sits_out else 2 + index % 3, seed=index)
        rng = random.Random(index)
        for step in range(60):
            if state.is_over:
                break
            if step % 15 == 0:
                found.append(state)
            state = apply(state, rng.choice(legal_actions(state)))
    return tuple(found)


POSITIONS = _positions()
SNAPSHOTS = tuple(attrs.asdict(state, recurse=True) for state in POSITIONS)


def one_input(data: bytes) -> str:
    """Parse the text `data` makes; check the action on one of the positions."""
    if not data:
        return "empty"
    index = data[0] % len(POSITIONS)
    state = POSITIONS[index]
    text = action_text(data, state)
    try:
        action = parse_action(text)
    except InvalidNotationError:
        return "not an action"
    if parse_action(str(action)) != action:
        raise Finding(f"{text!r}: {action} does not read back")
    outcome = "illegal"
    for player in (None, (state.current_player + 1) % state.players):
        legal = is_legal(state, action, player=player)
        try:
            check(state, action, player=player)
        except IllegalActionError as refused:
            if legal:
                raise Finding(f"{action}: is_legal says yes, check says {refused.reason}") from None
            try:
                apply(state, action, player=player)
            except IllegalActionError as applied:
                if applied.reason is not refused.reason:
                    raise Finding(
                        f"{action}: check {refused.reason}, apply {applied.reason}"
                    ) from None
            else:
                raise Finding(f"{action}: check refuses it, apply takes it")
        else:
            if not legal:
                raise Finding(f"{action}: check accepts it, is_legal says no")
            after = apply(state, action, player=player)
            if Counter(make_deck(state.rules)) != after.all_cards():
                raise Finding(f"{action}: the cards are not conserved")
            outcome = "legal"
    if attrs.asdict(state, recurse=True) != SNAPSHOTS[index]:
        raise Finding(f"{action}: the position changed")
    return outcome


if __name__ == "__main__":
    main(one_input, __doc__ or "")
