"""The generator against brute force on positions built to stress its shortcuts (guarantee 3).

`legal_actions` prunes its candidates (runs stop past an ace without
``ace_wraps``, no joker beside a joker where ``adjacent_jokers`` forbids
it, no lay-downs for an unopened player who cannot reach the opening);
these tests check every pruned candidate against the checker.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

import attrs
import pytest

from romme import (
    JOKER,
    AdjacentJokers,
    GameState,
    JokerLimit,
    LayOff,
    Phase,
    Rules,
    Side,
    find_rules,
    is_legal,
    legal_actions,
)
from tests.scenarios._helpers import position


def _position(rules: Rules, hand: str, table: list[tuple[str, int]]) -> GameState:
    """Seat 0 to play, everyone opened; under dealer_sits_out seat 2 deals and sits out."""
    third = "" if rules.dealer_sits_out else "5♦ 6♦ 8♦"
    return position(
        rules,
        hands=[hand, "2♦ 3♦ 4♦", third],
        table=table,
        opened=[True, True, True],
        phase=Phase.PLAY,
        dealer=2,
    )


# Runs with an ace, a joker or a two at an end, and a set with room.
TABLE = [
    ("Q♣ K♣ A♣", 1),
    ("A♥ 2♥ 3♥", 1),
    ("JK 5♠ 6♠", 1),
    ("8♦ 9♦ JK", 1),
    ("7♣ 7♥ 7♠", 1),
]
HANDS = [
    "2♣ 3♣ J♣ 10♣ 4♥ K♥ Q♥ 4♠ 7♠ 8♠ JK JK",
    "A♣ 2♣ K♥ 4♥ 5♥ 3♠ 10♦ J♦ 7♦ 7♦ JK JK JK",
    "9♣ J♣ 4♥ 5♥ 6♥ 8♠ 9♠ 10♠ Q♦ K♦ JK",
]
CHANGES: list[tuple[str, dict[str, Any]]] = [
    ("as-is", {}),
    ("wraps", {"ace_wraps": True}),
    ("no-wraps", {"ace_wraps": False}),
    ("adjacent-forbidden", {"adjacent_jokers": AdjacentJokers.FORBIDDEN}),
    ("adjacent-long", {"adjacent_jokers": AdjacentJokers.LONG_RUNS}),
    (
        "adjacent-allowed",
        {"adjacent_jokers": AdjacentJokers.ALLOWED, "joker_limit": JokerLimit.NONE},
    ),
]
VARIANTS = [
    pytest.param(attrs.evolve(find_rules(name), **changes), id=f"{name}-{label}")
    for name in ("drov", "classic")
    for label, changes in CHANGES
]


@pytest.mark.parametrize("rules", VARIANTS)
@pytest.mark.parametrize("hand", HANDS)
def test_every_legal_lay_off_onto_a_run_is_generated(rules: Rules, hand: str) -> None:
    """Rules §3 (around the corner, adjacent jokers, joker limit) and §6 (laying off)."""
    state = _position(rules, hand, TABLE)
    generated = {a for a in legal_actions(state) if isinstance(a, LayOff)}
    cards = state.hand
    for target, (text, _) in enumerate(TABLE):
        for size in range(1, 4):
            for sequence in set(permutations(cards, size)):
                for side in (Side.LOW, Side.HIGH) if "7♣" not in text else (None,):
                    action = LayOff(target, sequence, side)
                    assert is_legal(state, action) == (action in generated), action


@pytest.mark.parametrize("rules", VARIANTS)
def test_joker_runs_reach_past_the_pruning(rules: Rules) -> None:
    """A run extended by several jokers and naturals, as far as the rules allow (rules §3)."""
    state = _position(rules, "10♣ J♣ 4♦ JK JK JK", [("7♣ 8♣ 9♣", 1)])
    generated = {a for a in legal_actions(state) if isinstance(a, LayOff)}
    hand = state.hand
    for size in range(1, 7):
        for sequence in set(permutations(hand, size)):
            for side in (Side.LOW, Side.HIGH):
                action = LayOff(0, sequence, side)
                assert is_legal(state, action) == (action in generated), action
    assert LayOff(0, (JOKER,), Side.HIGH) in generated


def test_hardening3_point1_lay_downs_judged_packed_are_those_of_the_melds() -> None:
    """Hardening round 3, point 1 (rules §5, §8): the lay-downs judged on packed melds are those judged on `Meld` values.

    The generator lists a hand's lay-downs from its packed melds and
    builds no `Meld` (`generator._hand_lay_downs`). Along random play under
    every preset and under variants with a taken card in hand (free takes,
    ``rediscard_taken`` off, Hand-Rommé waivers, high thresholds) or with
    announced jokers (Schmidt S. 3: a set's jokers go as `Meld` values), every
    position lists the same lay-downs, in the same order, as the lay-downs
    of the `Meld` values of the hand judged one by one.
    """
    import random

    from romme import PRESETS, apply, new_game
    from romme._turn.checker import position_for
    from romme._turn.generator import _hand_lay_downs, _lay_downs
    from romme._turn.position import Failure
    from romme.melds._search import melds_in
    from romme.rules import TakeDiscardMode

    rng = random.Random(36)
    variants: list[Rules] = []
    for name in sorted(PRESETS):
        variants.append(PRESETS[name])
        variants.append(
            attrs.evolve(
                PRESETS[name],
                take_discard=TakeDiscardMode.FREE,
                rediscard_taken=False,
                opening_threshold=rng.choice([10, 30, 60]),
                discard_to_go_out=rng.random() < 0.5,
            )
        )
        variants.append(attrs.evolve(PRESETS[name], announced_jokers=True))
    compared = with_taken = announced = 0
    for rules in variants:
        state = new_game(rules, players=3, seed=rng.randrange(10**6))
        for _ in range(300):
            if state.phase is Phase.ROUND_OVER:
                break
            pos = position_for(state, None)
            if not isinstance(pos, Failure) and state.phase is Phase.PLAY:
                listed = list(_hand_lay_downs(pos))
                assert listed == list(_lay_downs(pos, melds_in(pos.key, pos.rules))), state
                compared += 1
                with_taken += bool(pos.turn.taken_in_hand and listed)
                announced += any(action.announce for action in listed)
            state = apply(state, rng.choice(legal_actions(state)))
    assert compared > 500
    assert with_taken > 10
    assert announced > 10


def test_hardening3_point1_a_lay_down_of_the_taken_card_frees_its_copy_for_the_discard() -> None:
    """Hardening round 3, point 1 (rules §4, ``rediscard_taken`` off): judged on packed melds, a lay-down
    that holds the taken card leaves its other copy free to be the discard; one that does not leaves
    the taken card locked, and no card to discard."""
    from romme import LayDown, TakeDiscard, apply, new_position, parse_cards
    from romme.rules import TakeDiscardMode

    rules = attrs.evolve(
        find_rules("classic"), take_discard=TakeDiscardMode.FREE, rediscard_taken=False
    )

    def taken(hand: str, top: str) -> GameState:
        # Seat 0, opened, takes `top` from the discard pile.
        state = new_position(
            rules,
            hands=[hand, "2♦ 3♦ 4♦", "5♦ 6♦ 8♦"],
            discard_pile=parse_cards(top),
            table=[("Q♣ K♣ A♣", 0)],
            opened=[True, True, True],
            phase=Phase.DRAW,
            dealer=2,
        )
        return apply(state, TakeDiscard())

    run = LayDown("5♥ 6♥ 7♥", kind="run")
    state = taken("5♥ 6♥ 7♥", "7♥")
    assert run in legal_actions(state)
    assert is_legal(state, run)
    state = taken("5♥ 6♥ 7♥", "K♣")
    assert run not in legal_actions(state)
    assert not is_legal(state, run)


def test_issue36_point2_finisher_answers_as_finish_RULES_4() -> None:
    """Issue 36, point 2 (rules §4, §7, DRoV Nr. 10, Streitfall 7): `finisher`, which the lay-downs of
    one position ask whether the turn goes on, answers as `finish` for every hand, whatever the taken
    card, ``rediscard_taken``, ``joker_discard``, ``discard_to_go_out`` and a turn bound to go out."""
    from itertools import product

    from romme import parse_cards
    from romme._turn.ending import finish, finisher
    from romme._turn.position import Failure
    from romme.game import TurnState
    from romme.melds import pack_cards
    from romme.rules import JokerDiscard

    hands = ["", "7♥", "JK", "JK JK", "7♥ JK", "7♥ 7♥", "7♥ 8♥", "5♥ 6♥ 7♥ K♣", "5♥ 6♥ 7♥ 7♥"]
    keys = [pack_cards(parse_cards(hand)) for hand in hands]
    answers = set()
    for rediscard, joker_discard, to_go_out, discard_to_go_out, taken in product(
        (True, False),
        JokerDiscard,
        (False, True),
        (False, True),
        (None, "7♥", "JK"),
    ):
        rules = attrs.evolve(
            find_rules("classic"),
            rediscard_taken=rediscard,
            joker_discard=joker_discard,
            discard_to_go_out=discard_to_go_out,
        )
        card = None if taken is None else parse_cards(taken)[0]
        turn = TurnState(taken=card, taken_in_hand=card is not None, to_go_out=to_go_out)
        goes_on = finisher(rules, turn)
        for key in keys:
            expected = not isinstance(finish(rules, key, turn), Failure)
            assert goes_on(key) == expected, (rules, turn, key)
            answers.add(expected)
    assert answers == {False, True}
