"""Perft node counts (docs/maintainers.md guarantee 3): every legal move at every node, in any order.

The stored counts (``tree_counts.json``) come from the library; the counts
of the small positions at the end of this file were worked out by hand from
the rules, each test naming the rule it pins and saying how it counts.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from romme import (
    Action,
    Buy,
    Consent,
    Discard,
    Draw,
    GameState,
    Knock,
    LayDown,
    LayOff,
    Pass,
    Phase,
    Refuse,
    Rules,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    find_rules,
    legal_actions,
)
from tests.perft.tree import (
    COUNTS,
    DEEP_DEPTH,
    POSITIONS,
    PRESETS,
    QUICK_DEPTH,
    SHALLOW,
    Moves,
    depth_of,
    perft,
)
from tests.scenarios._helpers import position

STORED: dict[str, dict[str, list[int]]] = json.loads(COUNTS.read_text(encoding="utf-8"))
CASES = [(preset, name) for preset in PRESETS for name in POSITIONS]


def _start(preset: str, name: str) -> GameState:
    return POSITIONS[name](find_rules(preset))


def test_every_preset_and_position_has_its_counts() -> None:
    """A new preset or position needs its counts in tree_counts.json, each to its depth (guarantee 3)."""
    assert {preset: sorted(POSITIONS) for preset in PRESETS} == {
        preset: sorted(found) for preset, found in STORED.items()
    }
    for preset, name in CASES:
        assert depth_of(preset, name) == len(STORED[preset][name])
    assert {(p, n) for p, n in CASES if depth_of(p, n) < DEEP_DEPTH} == SHALLOW


def _kinds_to_reach(rules: Rules, name: str) -> set[type[Action]]:
    """The kinds of move the tree of a round in progress must list, by the rules (rules §4–§6, §13)."""
    if name == "opened":
        kinds: set[type[Action]] = {Discard, Draw, LayDown, LayOff, SwapJoker, TakeDiscard}
    elif name == "opening":
        kinds = {Discard, Draw, LayDown, TakeBack, TakeDiscard}
    else:
        return set()
    if rules.rearrange:
        kinds |= {TakeFromTable, TakeBack}
    if rules.knocking:
        kinds |= {Knock, Pass}
    if rules.buying:
        kinds |= {Buy, Pass} if name == "opened" else {Buy, Pass, Consent, Refuse}
    return kinds


@pytest.mark.parametrize(("preset", "name"), CASES)
def test_node_counts_to_depth_3_are_unchanged(preset: str, name: str) -> None:
    """The number of nodes at depths 1 to 3 from each position is as stored (guarantee 3, rules §4–§13).

    The rounds in progress reach, within that depth, every kind of move
    their rules have: joker swaps and lay-offs, the take of the discard and
    the take-back, the answers of a claim window, the take of a table card.
    """
    listed: set[type[Action]] = set()

    def moves(state: GameState) -> Sequence[Action]:
        found = legal_actions(state)
        listed.update(type(action) for action in found)
        return found

    assert STORED[preset][name][:QUICK_DEPTH] == perft(_start(preset, name), QUICK_DEPTH, moves)
    assert _kinds_to_reach(find_rules(preset), name) <= listed


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "name"), [case for case in CASES if case not in SHALLOW])
def test_node_counts_to_depth_4_are_unchanged(preset: str, name: str) -> None:
    """The number of nodes at depths 1 to 4 from each position is as stored (guarantee 3, rules §4–§13)."""
    assert STORED[preset][name] == perft(_start(preset, name), DEEP_DEPTH)


def _shuffled(seed: int) -> Moves:
    chooser = random.Random(seed)

    def moves(state: GameState) -> Sequence[Action]:
        found = list(legal_actions(state))
        chooser.shuffle(found)
        return found

    return moves


def _sorted(state: GameState) -> Sequence[Action]:
    return sorted(legal_actions(state), key=repr, reverse=True)


@pytest.mark.parametrize("preset", PRESETS)
def test_node_counts_do_not_depend_on_the_order_of_the_moves(preset: str) -> None:
    """Moves shuffled at every node, or sorted by their text, give the stored counts (guarantee 3).

    The perft follows every move of every node, so the order
    `legal_actions` lists them in cannot change a count; only a change to
    what is legal can. (The seeded games of ``test_perft.py`` follow one
    move chosen by its place in the list, and only detect change.)
    """
    for seed, name in enumerate(POSITIONS):
        start = _start(preset, name)
        depth = QUICK_DEPTH if name == "opening" else 2
        shuffled = _shuffled(seed)
        assert STORED[preset][name][:depth] == perft(start, depth, shuffled)
        assert STORED[preset][name][:depth] == perft(start, depth, _sorted)


@pytest.mark.slow
@pytest.mark.parametrize(("preset", "name"), CASES)
def test_node_counts_to_depth_3_do_not_depend_on_the_order_of_the_moves(
    preset: str, name: str
) -> None:
    """Moves shuffled at every node give the stored counts to depth 3 (guarantee 3)."""
    start = _start(preset, name)
    assert STORED[preset][name][:QUICK_DEPTH] == perft(start, QUICK_DEPTH, _shuffled(len(name)))


# Counts worked out by hand. The stock is the rest of the deck sorted, its
# top card a joker (tests/scenarios/_helpers.py); seat 0 is to act, the seat before it dealt.
NO_MELD = ["3♦ 10♣ Q♠ 6♥", "4♠ 8♥ J♦ A♣"]
"""Two hands that make no meld with each other's cards, 2♣, 5♥, 9♠, K♦ or a joker."""


def test_free_take_locks_the_taken_card_house_rules() -> None:
    """Rules §4 Draw, house rules (free take), cardgames.zone §6 (the taken card not discarded again).

    Seat 0 holds 2♣ 5♥ 9♠ and K♦ lies on the pile; 40 to open is out of
    reach. Depth 1: draw, take (2). Depth 2: after the draw (a joker) any of
    the four cards is discarded, a joker too under `house`; after the take
    2♣, 5♥ or 9♠ but not K♦ (4 + 3 = 7). Depth 3: seat 1 draws or takes
    after each (14).
    """
    state = position(find_rules("house"), hands=["2♣ 5♥ 9♠", *NO_MELD], discard="K♦", dealer=2)
    assert [2, 7, 14] == perft(state, 3)


def test_joker_discarded_only_as_the_last_card_DRoV_Nr_8() -> None:
    """DRoV Nr. 4a/4d (the discard taken only to meld it at once) and Nr. 8 (a joker only as the last card).

    Under `drov` (the dealer, seat 3, sits out) seat 0 holds 2♣ 5♥ 9♠ JK:
    K♦ melds with none of them towards 40, so the one move is the draw (1).
    It draws a joker and may discard 2♣, 5♥ or 9♠ but neither joker (3).
    Seat 1 can use none of those towards 40 either and draws (3).
    """
    state = position(
        find_rules("drov"),
        hands=["2♣ 5♥ 9♠ JK", *NO_MELD, ""],
        discard="K♦",
        dealer=3,
    )
    assert [1, 3, 3] == perft(state, 3)


def test_freed_joker_laid_in_the_same_turn_DRoV_Nr_9() -> None:
    """Rules §6: DRoV Nr. 9 (swap once opened), cardgames.zone §9 (the freed joker melded this turn), DRoV Streitfall 20.

    Seat 0 has opened and holds 7♣ 2♠ 9♥; the table holds 5♣ 6♣ JK, the
    joker standing for 7♣. Depth 1: three discards, and the swap of 7♣
    with the joker laid off at either end of 5♣ 6♣ 7♣ (no other meld takes
    it): 5. Depth 2: after each discard seat 1 (opened) can use none of
    them and draws (3); after each swap seat 0 discards 2♠ or 9♥, the
    joker just laid not swapped again this turn (2 × 2): 7.
    """
    state = position(
        find_rules("ass"),
        hands=["7♣ 2♠ 9♥", "3♦ 10♣ Q♠ 6♥", "4♠ 8♥ J♦ A♦"],
        table=[("5♣ 6♣ JK", 1)],
        opened=[True, True, False],
        discard="K♦",
        phase=Phase.PLAY,
        dealer=2,
    )
    assert [5, 7] == perft(state, 2)


CLAIM_HANDS = ["2♣ 5♥ 9♠", "3♦ 10♣ Q♠", "4♠ 8♥ J♦", "6♣ 10♥ K♠"]
"""Four seats; seat 3 dealt and discarded K♦, which nobody can meld."""


def test_knocking_asks_the_seats_in_turn_ASS_S_1_2() -> None:
    """Rules §13 knocking, ASS S. 1–2: the next player declines by drawing, then each seat after it is asked.

    Depth 1: seat 0 can only draw (1). Depth 2: seat 1 is asked first
    (seat 3 discarded the card and is not asked): knock or pass (2).
    Depth 3: after a knock seat 0 plays on and discards 2♣, 5♥ or 9♠, not
    the joker it drew (3); after a pass seat 2 knocks or passes (2): 5.
    """
    state = position(find_rules("ass-klopfen"), hands=CLAIM_HANDS, discard="K♦", dealer=3)
    assert [1, 2, 5] == perft(state, 3)


def test_buying_asks_the_next_players_consent_ASS_S_3() -> None:
    """Rules §13 buying, ASS S. 3: a purchase needs the consent of the seats in between.

    Depth 1: seat 0 draws (1). Depth 2: seat 1 buys or passes (2).
    Depth 3: seat 1's purchase asks seat 0, the next player, to consent or
    refuse (2); after a pass seat 2 buys or passes (2): 4.
    """
    state = position(find_rules("ass-kaufen"), hands=CLAIM_HANDS, discard="K♦", dealer=3)
    assert [1, 2, 4] == perft(state, 3)


def test_table_cards_taken_must_be_melded_again_ASS_S_2_3() -> None:
    """Rules §13 Räuber-Rommé, ASS S. 2–3: anyone may take table cards; no group under three cards stays.

    Seat 0 has not opened and holds 2♣ 5♥ 9♠; seat 1's Q♣ Q♠ Q♥ Q♦ lies
    on the table. Depth 1: three discards and four takes, one per card (7).
    Depth 2: after a discard seat 1 draws (3); after a take the three
    queens left are a set, and the turn goes on with a take of any of them
    (the other two come along, 3) or the take-back (1), but no discard
    while a taken card is in the hand and no lay-down of 40 (4 × 4): 19.
    """
    state = position(
        find_rules("ass-raeuber"),
        hands=["2♣ 5♥ 9♠", "3♦ 10♣ 6♥"],
        table=[("Q♣ Q♠ Q♥ Q♦", 1)],
        opened=[False, True],
        discard="K♦",
        phase=Phase.PLAY,
        dealer=1,
    )
    assert [7, 19] == perft(state, 2)
