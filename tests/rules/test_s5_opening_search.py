"""The opening checks and the packing search against brute force (rules §3, §5, §8).

The checks of a player who has not opened take shortcuts: the packing
search is shared by every candidate of a position (and by the position
after a staged lay-down), a card no meld can take is kept back as the
discard without trying the others, a packing of the whole hand bounds the
rest from below, a hand's runs and sets are skipped where none can lie.
These tests hold each shortcut against a search of every packing, written
from the rules alone.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from typing import Any

import attrs
import pytest

from romme import (
    PRESETS,
    AdjacentJokers,
    JokerLimit,
    LayDown,
    Rules,
    legal_actions,
    make_deck,
    new_position,
    parse_card,
    validate_meld,
)
from romme._turn.opening import hand_romme_completable, lay_down_possible, opening_completable
from romme._turn.position import Pos
from romme.cards import JOKER_CODE, Card
from romme.game._values import Phase, TableMeld, TurnState
from romme.melds import Meld, MeldKind, _search
from romme.melds._search import enumeration, packing
from romme.rules._shape import shape_of

_Packed = tuple[int, Meld]


def _rules(rng: random.Random) -> Rules:
    """A preset with the opening, Hand-Rommé and meld rules drawn at random."""
    base = PRESETS[rng.choice(sorted(PRESETS))]
    changes: dict[str, Any] = {
        "opening_threshold": rng.choice([10, 20, 30, 40, 50, 60]),
        "opening_sums_melds": rng.random() < 0.7,
        "opening_requires_run": rng.random() < 0.3,
        "opening_allows_jokers": rng.random() < 0.7,
        "discard_to_go_out": rng.random() < 0.5,
        "rediscard_taken": rng.random() < 0.5,
        "hand_romme_waives_threshold": rng.random() < 0.7,
        "joker_limit": rng.choice(list(JokerLimit)),
        "adjacent_jokers": rng.choice(list(AdjacentJokers)),
        "set_distinct_suits": rng.random() < 0.7,
        "ace_wraps": rng.random() < 0.5,
    }
    return attrs.evolve(base, **changes)


def _melds(key: int, rules: Rules) -> list[_Packed]:
    """The melds of the packed `key` that may count towards the opening, with their packed cards."""
    return [
        (_search.meld_key(meld), meld)
        for meld in _search.melds_in(key, rules)
        if rules.opening_allows_jokers or not meld.jokers
    ]


def _packings(melds: list[_Packed], key: int) -> Iterator[tuple[list[Meld], int]]:
    """Every collection of disjoint melds from `key` (each once), with the cards left over."""

    def extend(start: int, left: int, chosen: list[Meld]) -> Iterator[tuple[list[Meld], int]]:
        yield chosen, left
        for index in range(start, len(melds)):
            packed, meld = melds[index]
            if _search.fits(packed, left):
                yield from extend(index, left - packed, [*chosen, meld])

    return extend(0, key, [])


def _opens(melds: list[Meld], rules: Rules) -> bool:
    """Rules §5: the melds reach the threshold (together, or one alone) with a run if needed."""
    if not melds:
        return False
    values = [meld.value for meld in melds]
    reached = sum(values) if rules.opening_sums_melds else max(values)
    has_run = any(meld.kind is MeldKind.RUN for meld in melds)
    return reached >= rules.opening_threshold and (has_run or not rules.opening_requires_run)


def _kept(key: int, taken: Card | None, rules: Rules) -> int | None:
    """The taken card that may not go back (rules §4), if `key` holds it once."""
    if taken is None or rules.rediscard_taken or _search.count(key, taken.code) != 1:
        return None
    return taken.code


def _turn_can_end(left: int, kept: int | None, rules: Rules) -> bool:
    """The cards `left` let the turn end: a natural card to discard, only jokers, or none at all."""
    if not left:
        return not rules.discard_to_go_out
    naturals = [code for code in _search.codes_in(left) if code != JOKER_CODE]
    return not naturals or any(code != kept for code in naturals)


def _opening_by_brute_force(key: int, staged: list[Meld], taken: Card | None, rules: Rules) -> bool:
    kept = _kept(key, taken, rules)
    return any(
        _opens([*staged, *chosen], rules) and _turn_can_end(left, kept, rules)
        for chosen, left in _packings(_melds(key, rules), key)
    )


def _hand_romme_by_brute_force(key: int, taken: Card | None, rules: Rules) -> bool:
    """Rules §8: own melds take every card but one last discard (or every card)."""
    kept = _kept(key, taken, rules)
    for _, left in _packings(_melds(key, rules), key):
        if not left and not rules.discard_to_go_out:
            return True
        if _search.is_unit(left) and next(iter(_search.codes_in(left))) != kept:
            return True
    return False


def _best_by_brute_force(key: int, rules: Rules, *, cover: bool, use_jokers: bool) -> int:
    best = -1
    for chosen, left in _packings(_melds(key, rules), key):
        if cover and left & _search.NATURAL_FIELDS:
            continue
        if use_jokers and _search.count(left, JOKER_CODE):
            continue
        best = max(best, sum(meld.value for meld in chosen))
    return best


def _hand(rng: random.Random, deck: list[Card], size: int) -> tuple[Card, ...]:
    rng.shuffle(deck)
    return tuple(sorted(deck[:size], key=lambda card: card.code))


def _cases(count: int, seed: int) -> Iterator[tuple[Rules, tuple[Card, ...], random.Random]]:
    """Hands of up to 12 cards under random rules, most of them built from melds and a few strays."""
    rng = random.Random(seed)
    for _ in range(count):
        rules = _rules(rng)
        deck = list(make_deck(rules))
        sample = _hand(rng, deck, 30)
        hand: list[Card] = []
        if rng.random() < 0.8:
            for _, meld in rng.sample(_melds(_search.pack_cards(sample), rules) or [(0, None)], 1):
                if meld is not None:
                    hand.extend(meld.cards)
        hand.extend(deck[30 : 30 + rng.randrange(0 if hand else 3, 6)])
        if rng.random() < 0.7 and len(hand) < 9:
            more = _melds(_search.pack_cards(tuple(deck[40:70])), rules)
            if more:
                hand.extend(rng.choice(more)[1].cards)
        yield rules, tuple(sorted(hand[:12], key=lambda card: card.code)), rng


def test_packing_value_is_the_best_packing_RULES_3() -> None:
    """The search (with its trimmed cards and merged joker places) finds the best packing."""
    for rules, hand, rng in _cases(300, 1):
        key = _search.pack_cards(hand)
        cover, use_jokers = rng.random() < 0.5, rng.random() < 0.5
        jokers_ok = rules.opening_allows_jokers
        expected = _best_by_brute_force(key, rules, cover=cover, use_jokers=use_jokers)
        found = _search.packing_value(
            key, rules, jokers_ok=jokers_ok, cover=cover, use_jokers=use_jokers
        )
        assert expected == found, (hand, rules)
        searches = _search.packer(key, rules, jokers_ok)
        assert searches.at_least(key) == searches.free(key)  # the best packing of the pool
        part = key - _search.unit(next(iter(_search.codes_in(key))))
        assert searches.at_least(part) <= searches.free(part)


def test_best_packing_read_off_the_search_RULES_3() -> None:
    """`best_melds` reads a best packing off the packing search, checked against brute force.

    The greatest value (rules §3) and, among packings of that value, the
    fewest jokers; the opening checks' searches of the same hand (values
    only, melds merged by part) find the same value.
    """
    for rules, hand, _ in _cases(200, 3):
        key = _search.pack_cards(hand)
        shape = shape_of(rules)
        every = packing.Packer(key, shape, True, every_meld=True)
        melds = [(_search.meld_key(meld), meld) for meld in _search.melds_in(key, rules)]
        best = max(
            (sum(meld.value for meld in chosen), -sum(meld.joker_count for meld in chosen))
            for chosen, _ in _packings(melds, key)
        )
        found = [_search.build.build(option) for option in every.best()]
        assert (sum(m.value for m in found), -sum(m.joker_count for m in found)) == best
        assert tuple(found) == _search.best_melds(hand, rules)
        merged = packing.Packer(key, shape, True)
        assert merged.free(key) == every.free(key) == best[0] == merged.at_least(key)
        with pytest.raises(ValueError, match="every_meld"):
            merged.best()


def test_opening_completable_as_the_rules_say_RULES_5() -> None:
    """A lay-down is staged only if the opening can be completed this turn, a card left to discard.

    Covers the discard kept back without a search (a card no meld takes),
    the packing of the whole hand as a lower bound, and the searches of
    the hand before an earlier staged meld serving the rest.
    """
    checked = 0
    for rules, hand, rng in _cases(600, 2):
        deck = list(make_deck(rules))
        pool = _search.pack_cards(hand)
        melds = _melds(pool, rules)
        if not melds:
            continue
        packed, meld = rng.choice(melds)
        key = pool - packed
        earlier: list[Meld] = []
        if rng.random() < 0.5:
            # A meld staged before, from cards no longer in hand: the searches
            # of the hand before it serve the rest.
            other = [found for _, found in _melds(_search.pack_cards(_hand(rng, deck, 12)), rules)]
            earlier = [min(other, key=lambda found: found.value)] if other else []
        staged = [*earlier, meld]
        if _opens(staged, rules):
            continue  # opened already: the checker asks no further
        taken = rng.choice(hand) if rng.random() < 0.4 else None
        turn = TurnState(taken=taken, taken_in_hand=taken is not None)
        expected = _opening_by_brute_force(key, staged, taken, rules)
        assert expected == opening_completable(key, staged, turn, pool, rules), (hand, staged)
        checked += 1
    assert checked > 300


def test_hand_romme_completable_as_the_rules_say_RULES_8() -> None:
    """Melding all but one last discard: a card no meld takes must be that discard."""
    for rules, hand, rng in _cases(300, 3):
        key = _search.pack_cards(hand)
        taken = rng.choice(hand) if rng.random() < 0.4 else None
        turn = TurnState(taken=taken, taken_in_hand=taken is not None)
        expected = _hand_romme_by_brute_force(key, taken, rules)
        assert expected == hand_romme_completable(key, turn, key, [], rules), hand


def test_lay_down_possible_bounds_every_lay_down_RULES_5_and_8() -> None:
    """The generator's quick condition: the best packing reaches the threshold, or a Hand-Rommé."""
    for rules, hand, _ in _cases(300, 4):
        key = _search.pack_cards(hand)
        position = Pos(
            rules=rules,
            player=0,
            phase=Phase.PLAY,
            hand=hand,
            table=(),
            discard_pile=(),
            opened=(False, False, False),
            turn=TurnState(),
            stock_size=10,
            key=_search.pack_cards(hand),
        )
        best = _best_by_brute_force(key, rules, cover=False, use_jokers=False)
        # Nobody has opened: the waiver is the rules' own (rules §8).
        expected = best >= rules.opening_threshold or (
            rules.hand_romme_waives_threshold and _hand_romme_by_brute_force(key, None, rules)
        )
        assert expected == lay_down_possible(position), hand


def test_lay_down_possible_with_staged_melds_RULES_5() -> None:
    """With melds staged, what the hand adds to them must reach the threshold."""
    for rules, hand, rng in _cases(200, 5):
        rules = attrs.evolve(rules, opening_allows_jokers=True, hand_romme_waives_threshold=False)
        pool = _search.pack_cards(hand)
        melds = _melds(pool, rules)
        if not melds:
            continue
        packed, meld = rng.choice(melds)
        rest = tuple(sorted(_without(hand, meld.cards), key=lambda card: card.code))
        position = Pos(
            rules=rules,
            player=0,
            phase=Phase.PLAY,
            hand=rest,
            table=(TableMeld(meld, 0, True, frozenset()),),
            discard_pile=(),
            opened=(False, False, False),
            turn=TurnState(),
            stock_size=10,
            key=_search.pack_cards(rest),
        )
        best = _best_by_brute_force(pool - packed, rules, cover=False, use_jokers=False)
        assert (meld.value + best >= rules.opening_threshold) == lay_down_possible(position)


def _without(hand: tuple[Card, ...], cards: tuple[Card, ...]) -> list[Card]:
    rest = list(hand)
    for card in cards:
        rest.remove(card)
    return rest


@pytest.mark.parametrize("ace_wraps", [True, False])
def test_no_run_without_three_in_a_row_RULES_3(ace_wraps: bool) -> None:
    """Without jokers a run is three ranks in a row: the search skips suits without them."""
    shape = shape_of(attrs.evolve(PRESETS["drov"], ace_wraps=ace_wraps))
    for have in range(1, 1 << 13):
        if not enumeration.three_in_a_row(have):
            assert () == enumeration.suit_options(0, have, 0, shape)


def test_no_set_without_enough_natural_cards_RULES_3() -> None:
    """A rank without enough natural cards for the smallest set holds none."""
    for preset in PRESETS.values():
        for distinct in (True, False):
            shape = shape_of(attrs.evolve(preset, set_distinct_suits=distinct))
            for jokers in range(4):
                for counts in _suit_count_patterns():
                    if not enumeration._may_hold_set(counts, jokers, shape):
                        assert () == enumeration.rank_options(5, counts, jokers, shape)


def _suit_count_patterns() -> Iterator[tuple[int, ...]]:
    for pattern in range(3**4):
        yield tuple(pattern // 3**suit % 3 for suit in range(4))


def test_melds_with_filters_melds_in() -> None:
    """The melds holding a card are those of the whole hand that hold it, in the same order."""
    for rules, hand, _ in _cases(300, 6):
        key = _search.pack_cards(hand)
        every = _search.melds_in(key, rules)
        for card in set(hand):
            expected = tuple(meld for meld in every if card in meld.cards)
            assert expected == _search.melds_with(key, card.code, rules), (hand, card)


def test_options_with_are_the_melds_with_a_card() -> None:
    """The options holding a card are those of the whole hand that hold it, each the meld of `melds_with`, in its order."""
    for rules, hand, _ in _cases(300, 6):
        key = _search.pack_cards(hand)
        every = _search.options_in(key, rules)
        for card in set(hand):
            options = _search.options_with(key, card.code, rules)
            assert options == tuple(
                option for option in every if _search.count(option[0], card.code)
            )
            melds = tuple(map(_search.option_meld, options))
            assert melds == _search.melds_with(key, card.code, rules), (hand, card)
            assert [meld.cards for meld in melds] == list(map(_search.option_cards, options))


def _big_hands(
    count: int, seed: int, sizes: range = range(packing.GREEDY_POOL + 1, 32)
) -> Iterator[tuple[Rules, tuple[Card, ...]]]:
    """Hands of one of `sizes` (27 to 31 cards, past `GREEDY_POOL`), as claims out of turn grow them (rules §13), under random rules."""
    rng = random.Random(seed)
    for _ in range(count):
        rules = _rules(rng)
        deck = list(make_deck(rules))
        yield rules, _hand(rng, deck, rng.choice(sizes))


def test_at_least_past_the_greedy_bound_is_a_packing_no_better_than_the_best_RULES_3() -> None:
    """Past `GREEDY_POOL` cards `at_least` takes the pool's melds greedily: a packing's value, at most the search's.

    Greedily the most valuable first, so at least the most valuable meld
    (the pool's `top`); within a part of the pool, the melds of the pool
    that fit it, so never more than the best packing of the part.
    """
    for rules, hand in _big_hands(12, 5):
        key = _search.pack_cards(hand)
        assert packing._size(key) == len(hand) > packing.GREEDY_POOL
        searches = _search.packer(key, rules, True)
        best = searches.free(key)
        assert searches.top <= searches.at_least(key) <= best, (hand, rules)
        part = key - _search.unit(next(iter(_search.codes_in(key))))
        assert searches.at_least(part) <= searches.free(part)


def test_the_bots_judge_a_grown_hand_by_disjoint_valid_melds_RULES_3() -> None:
    """The bots' packing (`quick_best_melds`) is `best_melds` up to `GREEDY_POOL` cards, and past it disjoint valid melds of the hand worth `quick_packing_value`."""
    for rules, hand, _ in _cases(40, 6):
        assert _search.quick_best_melds(hand, rules) == _search.best_melds(hand, rules)
        key = _search.pack_cards(hand)
        assert _search.quick_packing_value(key, rules) == _search.packing_value(key, rules)
    for rules, hand in _big_hands(12, 7):
        melds = _search.quick_best_melds(hand, rules)
        used = [card for meld in melds for card in meld.cards]
        assert not Counter(used) - Counter(hand), (hand, rules)  # disjoint, from the hand
        for meld in melds:
            assert validate_meld(meld.cards, rules) == meld
        key = _search.pack_cards(hand)
        value = _search.quick_packing_value(key, rules)
        assert value <= _search.packing_value(key, rules)
        assert value > 0 if melds else value == 0


def _needs(best: int, rng: random.Random) -> tuple[int, ...]:
    """Needs around the greatest value `best` (where a decision turns), and one at random."""
    return (best - 1, best, best + 1, rng.randrange(-3, 90))


def test_reaches_and_decide_answer_as_brute_force_RULES_3_and_5() -> None:
    """`Packer.reaches`, the opening checks' only question, answers as a search of every packing.

    Melds worth the need or more, from any part of the pool; with `cover`
    every natural card melded, with `use_jokers` every joker too; a part
    that cannot be melded so reaches no need at all. `decide`, which answers
    it past `GREEDY_POOL` cards without the greatest value, answers alike.
    """
    for rules, hand, rng in _cases(300, 8):
        pool = _search.pack_cards(hand)
        searches = _search.packer(pool, rules, rules.opening_allows_jokers)
        for key in {pool, pool - _search.unit(rng.choice(hand).code)}:
            cover, use_jokers = rng.random() < 0.5, rng.random() < 0.3
            best = _best_by_brute_force(key, rules, cover=cover, use_jokers=use_jokers)
            for need in _needs(best, rng):
                expected = best >= 0 and best >= need
                found = searches.reaches(key, need, cover=cover, use_jokers=use_jokers)
                decided = searches.decide(key, need, cover=cover, use_jokers=use_jokers)
                assert expected == found == decided, (hand, key, need, cover, use_jokers, rules)


def test_reaches_decides_grown_hands_as_the_greatest_value_RULES_3_and_13() -> None:
    """On hands grown past `GREEDY_POOL` by claims (rules §13), `reaches` agrees with the greatest value.

    There it answers by `decide`. The search for the greatest value is
    itself held against brute force above; here it judges the decision on
    hands too large for brute force.
    """
    for rules, hand in _big_hands(10, 9):
        rng = random.Random(len(hand))
        pool = _search.pack_cards(hand)
        searches = _search.packer(pool, rules, True)
        for key in (pool, pool - _search.unit(rng.choice(hand).code)):
            for cover, use_jokers in ((False, False), (True, False), (True, True)):
                best = searches.search(cover, use_jokers)(key)
                for need in _needs(best, rng):
                    expected = best >= 0 and best >= need
                    assert expected == searches.reaches(key, need, cover, use_jokers), (hand, need)


def test_reaches_is_for_plain_values() -> None:
    """`reaches` decides plain values: a `Packer` of `best_melds`'s scores refuses it."""
    every = packing.Packer(_search.pack_cards(()), shape_of(PRESETS["drov"]), True, every_meld=True)
    with pytest.raises(ValueError, match="every_meld"):
        every.reaches(0, 1)
    with pytest.raises(ValueError, match="every_meld"):
        every.decide(0, 1)


def _lay_downs(rules: Rules, hand: tuple[Card, ...], rest: list[Card]) -> set[str]:
    """The lay-downs listed for a seat that has not opened, holding `hand`, in its play."""
    others = (rest[: rules.hand_size], rest[rules.hand_size : 2 * rules.hand_size])
    state = new_position(rules, hands=[hand, *others], phase=Phase.PLAY, dealer=2)
    return {str(action) for action in legal_actions(state) if isinstance(action, LayDown)}


def test_hardening3_point2_grown_hands_list_what_the_search_of_every_value_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Hardening round 3, point 2 (rules §5, §13): past `SEARCH_POOL` cards the opening checks decide by
    `Packer.decide`; the lay-downs they list are those the search for the greatest value, asked for
    every pool (as before the bound), lists, under rules with knocking, each way of opening and
    thresholds around what the hand is worth, where the decisions turn."""
    _grown_hands_list_what_the_search_lists(monkeypatch, _big_hands(6, 11))


def test_issue36_point2_hands_past_the_search_bound_list_what_the_search_of_every_value_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Issue 36, point 2 (rules §5, §13): hands of 17 to 26 cards, past `SEARCH_POOL` but within
    `GREEDY_POOL`, where the search for the greatest value took up to 160 ms with jokers in hand,
    are decided by `Packer.decide` too, and list the lay-downs that search lists."""
    sizes = range(packing.SEARCH_POOL + 1, packing.GREEDY_POOL + 1)
    _grown_hands_list_what_the_search_lists(monkeypatch, _big_hands(8, 12, sizes))


_RICH_HAND = "4♣ 4♣ 4♠ 4♠ 4♥ 4♥ 4♦ 4♦ 10♣ 10♣ 10♠ 10♠ 10♥ 10♥ 10♦ 10♦ K♣ K♣ K♠ K♠ K♥ K♥ K♦ JK JK JK"
"""26 cards rich in overlapping sets, with three jokers: the search for the greatest value makes
about 200,000 memo lookups (about 150 ms). Under DRoV (sets of three or four suits) its best
packing is worth 212 (rules §3): the eight fours as two sets of four (32), the seven kings as
a set of four and one of three (70), and the eight tens with the three jokers as two sets of
three tens and a joker and one of two tens and a joker (110), each joker a ten."""


def test_issue36_point2_the_bots_judge_a_rich_grown_hand_in_a_bounded_search_RULES_3_and_13() -> (
    None
):
    """Issue 36, point 2 (rules §3, §13): the bots' judgement of a hand grown by claims stops at
    `JUDGED_LOOKUPS` memo lookups and then takes the hand's melds greedily, whatever was searched
    before; the greatest value stays what `packing_value` finds."""
    rules = PRESETS["drov"]
    hand = tuple(map(parse_card, _RICH_HAND.split()))
    key = _search.pack_cards(hand)
    shape = shape_of(rules)
    with pytest.raises(packing.SearchTooLargeError):
        packing.Packer(key, shape, True, limit=packing.JUDGED_LOOKUPS).free(key)
    assert _search.packing_value(key, rules) == 212  # the search without a limit: the best
    judged = _search.quick_packing_value(key, rules)
    assert judged == packing.Packer(key, shape, True).at_least(key) < 212
    melds = _search.quick_best_melds(hand, rules)
    assert not Counter(card for meld in melds for card in meld.cards) - Counter(hand)
    assert all(validate_meld(meld.cards, rules) == meld for meld in melds)
    assert sum(meld.value for meld in melds) < 212
    without = _search.quick_values_without_one(key, rules)
    assert set(without) == set(_search.codes_in(key))
    assert all(value < 212 for value in without.values())
    # The exact search of the same hand, kept warm, changes no judgement: each has its own memo.
    for cached in (packing._judged_value, packing._judged_melds, packing._judged_without_one):
        cached.cache_clear()
    assert _search.quick_packing_value(key, rules) == judged
    assert _search.quick_best_melds(hand, rules) == melds
    assert _search.quick_values_without_one(key, rules) == without


def test_issue36_point2_the_bots_judge_grown_hands_of_random_cards_exactly_RULES_3_and_13() -> None:
    """Issue 36, point 2 (rules §3, §13): hands of 17 to 26 cards drawn at random, with up to
    six jokers, stay within `JUDGED_LOOKUPS`: the bots judge them by the best packing, as
    `packing_value` and `best_melds`' search find it, and each card left out as well."""
    rng = random.Random(36)
    for _ in range(24):
        rules = _rules(rng)
        hand = _hand(rng, list(make_deck(rules)), rng.randint(17, 26))
        key = _search.pack_cards(hand)
        assert _search.quick_packing_value(key, rules) == _search.packing_value(key, rules)
        assert _search.quick_best_melds(hand, rules) == packing._best(key, shape_of(rules))
        if len(hand) <= 20:
            without = _search.quick_values_without_one(key, rules)
            for code in _search.codes_in(key):
                rest = key - _search.unit(code)
                assert without[code] == _search.packing_value(rest, rules), (hand, code)


def test_a_limited_search_answers_as_the_search_or_stops_RULES_3() -> None:
    """A `Packer` made with a `limit` finds what the one without finds, or raises
    `SearchTooLargeError` once its memo has answered `limit` lookups."""
    for rules, hand, _ in _cases(30, 8):
        key = _search.pack_cards(hand)
        expected = _search.packing_value(key, rules)
        assert packing.Packer(key, shape_of(rules), True, limit=10**6).free(key) == expected
        with pytest.raises(packing.SearchTooLargeError):
            packing.Packer(key, shape_of(rules), True, limit=0).free(key)


def _grown_hands_list_what_the_search_lists(
    monkeypatch: pytest.MonkeyPatch, hands: Iterator[tuple[Rules, tuple[Card, ...]]]
) -> None:
    """The lay-downs of `hands` listed by `Packer.decide` and by the search for the greatest value agree."""
    checked = 0
    for rules, hand in hands:
        rules = attrs.evolve(rules, knocking=True, buying=False, dealer_sits_out=False)
        rest = list(make_deck(rules))
        for card in hand:
            rest.remove(card)
        worth = _search.packer(_search.pack_cards(hand), rules, rules.opening_allows_jokers)
        assert not worth.exact  # decided without the greatest value
        best = worth.search(False, False)(_search.pack_cards(hand))
        for threshold in {max(1, min(200, best + step)) for step in (-12, -3, 0, 4)}:
            changed = attrs.evolve(rules, opening_threshold=threshold)
            packing._packer.cache_clear()
            decided = _lay_downs(changed, hand, rest)
            with monkeypatch.context() as patch:
                patch.setattr(packing, "SEARCH_POOL", 10_000)
                packing._packer.cache_clear()
                searched = _lay_downs(changed, hand, rest)
            packing._packer.cache_clear()
            assert decided == searched, (hand, changed)
            checked += bool(decided)
    assert checked >= 6


def _apart_hands(count: int, seed: int) -> Iterator[tuple[Rules, tuple[Card, ...], random.Random]]:
    """Hands of up to 13 cards in two to four groups: a few ranks of a few suits each, with strays, at most one joker."""
    rng = random.Random(seed)
    for _ in range(count):
        rules = _rules(rng)
        naturals = [card for card in make_deck(rules) if not card.is_joker]
        hand: list[Card] = []
        for _ in range(rng.randint(2, 4)):
            low = rng.randrange(13)
            ranks = {(low + step) % 13 for step in range(rng.randint(1, 4))}
            suits = rng.sample(range(4), rng.randint(1, 4))
            group = [
                card for card in naturals if card.code % 13 in ranks and card.code // 13 in suits
            ]
            hand.extend(rng.sample(group, min(len(group), rng.randint(2, 5))))
        if rng.random() < 0.3:
            hand.append(next(card for card in make_deck(rules) if card.is_joker))
        yield rules, tuple(sorted(hand[:13], key=lambda card: card.code)), rng


def test_parts_no_meld_without_jokers_spans_RULES_3() -> None:
    """Hardening round 3, point 2 (rules §3): the parts of a hand without jokers that the cover search melds each on its own.

    Every meld without jokers of the hand lies within one part, and the
    parts hold the hand's cards once each; where a card lies in no set or
    row of three, no meld without jokers takes it (``None``).
    """
    for rules, hand, _ in _apart_hands(300, 21):
        key = _search.pack_cards(tuple(card for card in hand if not card.is_joker))
        parts = packing._components(key, rules.set_distinct_suits)
        plain = [packed for packed, meld in _melds(key, rules) if not meld.jokers]
        if parts is None:
            taken = 0
            for packed in plain:
                taken |= packed
            assert any(not _search.count(taken, code) for code in _search.codes_in(key)), hand
            continue
        assert sum(parts) == key, (hand, parts)
        assert all(parts), (hand, parts)
        for packed in plain:
            assert sum(_search.fits(packed, part) for part in parts) == 1, (hand, packed)


def test_cover_of_hands_in_parts_answers_as_brute_force_RULES_3_and_8() -> None:
    """Hardening round 3, point 2 (rules §3, §8): melding every card of a hand in parts, part by part, answers as brute force.

    `decide` with `cover` splits a multiset with no joker left into the
    parts no meld spans (`packing._components`) and melds each alone; every
    need, every joker melded or not, agrees with a search of every packing.
    """
    for rules, hand, rng in _apart_hands(250, 22):
        pool = _search.pack_cards(hand)
        searches = _search.packer(pool, rules, rules.opening_allows_jokers)
        for key in {pool, pool - _search.unit(rng.choice(hand).code)}:
            for use_jokers in (False, True):
                best = _best_by_brute_force(key, rules, cover=True, use_jokers=use_jokers)
                for need in (0, *_needs(best, rng)):
                    expected = best >= 0 and best >= need
                    decided = searches.decide(key, need, cover=True, use_jokers=use_jokers)
                    assert expected == decided, (hand, key, need, use_jokers, rules)


def test_option_cards_and_kind_are_those_of_the_meld_built_RULES_3() -> None:
    """Hardening round 3, point 1 (rules §3): the cards and kind read off a packed meld are those of its `Meld`.

    The generator builds a lay-down from them without the `Meld`; sets
    and runs with jokers in every place, under random meld rules. Issue 36,
    point 2: the packed cards, value, jokers and lowest natural card of a
    window's runs, read once per window, are those of each run built.
    """
    seen = set()
    for rules, hand, _ in _cases(200, 23):
        for option in _search.options_in(_search.pack_cards(hand), rules):
            meld = validate_meld(
                _search.option_cards(option), rules, kind="run" if option[4] else "set"
            )
            assert meld == _search.build.build(option) == _search.option_meld(option)
            assert _search.option_cards(option) == meld.cards, meld
            assert _search.option_kind(option) is meld.kind, meld
            naturals = [card.code for card in meld.cards if not card.is_joker]
            assert option[:4] == (
                _search.meld_key(meld),
                meld.value,
                meld.joker_count,
                min(naturals),
            )
            seen.add((meld.kind, bool(meld.jokers)))
    assert len(seen) == 4


def test_issue36_point2_options_are_left_untracked_by_the_garbage_collector() -> None:
    """Issue 36, point 2: a meld found (an option) holds only integers and flags, so once the garbage
    collector has looked at it (a pass for each level of its tuples: a set's recipe holds the codes of
    its cards), it tracks it no more: the tens of thousands of options the caches of a process keep
    for hands grown by claims (rules §13) add nothing to its later full passes."""
    import gc

    found = [
        (rules, _search.options_in(_search.pack_cards(hand), rules))
        for rules, hand, _ in _cases(40, 24)
    ]
    for _ in range(3):  # one full pass for each level of an option's tuples
        gc.collect()
    for rules, options in found:
        assert not any(gc.is_tracked(option) for option in options), rules
    assert sum(len(options) for _, options in found) > 100


def test_issue36_point2_ranks_two_up_and_down_in_one_step_RULES_3() -> None:
    """Issue 36, point 2 (rules §3, runs around the corner): the parts no meld spans grow by the cards
    within two ranks of a run's start in one step each way, as moving them one rank at a time does."""
    rng = random.Random(36)
    for _ in range(2000):
        flags = sum(_search.unit(code) for code in range(JOKER_CODE) if rng.random() < 0.3)
        down = flags | packing._down(flags) | packing._down(packing._down(flags))
        up = flags | packing._up(flags) | packing._up(packing._up(flags))
        assert packing._with_two_below(flags) == down
        assert packing._with_two_above(flags) == up


def test_hand_romme_after_each_lay_down_as_the_rules_say_RULES_8() -> None:
    """Hardening round 3, point 1 (rules §8): after each lay-down, melding all but a last discard answers as brute force.

    The searches are those of the whole hand, whose questions "every card
    but one of this code melded" are asked once for every lay-down
    (`Packer.melds_all_but`): a discard that the whole hand without it
    cannot do without is not tried for the rest; where the cards laid are
    no meld (a stray card taken out), every discard is tried.
    """
    checked = 0
    for rules, hand, rng in _cases(150, 24):
        pool = _search.pack_cards(hand)
        strays = [_search.unit(card.code) for card in rng.sample(hand, min(3, len(hand)))]
        for packed in [packed for packed, _ in _melds(pool, rules)[:6]] + strays:
            key = pool - packed
            if not key:
                continue
            taken = rng.choice(hand) if rng.random() < 0.4 else None
            turn = TurnState(taken=taken, taken_in_hand=taken is not None)
            expected = _hand_romme_by_brute_force(key, taken, rules)
            assert expected == hand_romme_completable(key, turn, pool, [], rules), (hand, key)
            checked += expected
    assert checked > 20


def test_melds_all_but_one_answers_as_brute_force_RULES_7_and_8() -> None:
    """Hardening round 3, point 1 (rules §7, §8): every card but one melded, in one search, answers as brute force.

    `Packer.melds_all_but_one`, which decides a Hand-Rommé of a hand grown
    past `GREEDY_POOL` cards, answers as melding the hand without each card
    in turn (not the card kept back), every natural card and joker melded.
    """
    answered = set()
    for rules, hand, rng in _cases(300, 25):
        pool = _search.pack_cards(hand)
        searches = _search.packer(pool, rules, rules.opening_allows_jokers)
        melds = _melds(pool, rules)
        keys = {pool, pool - rng.choice(melds)[0]} if melds else {pool}
        for key in keys:
            if not key:
                continue
            codes = list(_search.codes_in(key))
            kept = rng.choice(codes) if rng.random() < 0.4 else None
            expected = any(
                _best_by_brute_force(key - _search.unit(code), rules, cover=True, use_jokers=True)
                >= 0
                for code in codes
                if code != kept
            )
            assert expected == searches.melds_all_but_one(key, kept), (hand, key, kept, rules)
            answered.add(expected)
    assert answered == {False, True}
