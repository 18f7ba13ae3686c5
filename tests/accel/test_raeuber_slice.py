"""The C core's play phase under Räuber-Rommé, on positions written by hand (docs/maintainers.md, "The accelerator").

Under ``rearrange`` (rules §13, ASS S. 2–3) a seat takes cards from the
table melds one at a time (`TakeFromTable`), each group left that is no
meld coming along into the hand, and melds them again before the turn
ends; a `TakeBack` restores the table. The C core lists the play phase of
a seat that has opened and of one that has not, with or without table
cards held: the discards (none while table cards are held), the take-back
(once a card was taken), the lay-downs and lay-offs (the table cards held
counting as melded again first; those of a seat that has not opened
towards its opening, which counts the table cards, with no Hand-Rommé
waiver once a table card was taken), every card of every table meld not
staged (`robs`, up to ``max_table_takes`` a turn), and the joker swaps. It
checks and applies the lay-downs, lay-offs and joker swaps of a seat that
has opened while it holds table cards: the cards held melded again first,
the turn holding the rest; and a card taken from the table, by a seat
that has opened or not, the take-back that restores the table, and the
lay-downs towards the opening of a seat that has not opened, table cards
held or not, staged or completing the opening. The
expected moves are written out from the rules, in the generator's order,
the next states likewise, and every refusal is Python's.
"""

from __future__ import annotations

from types import ModuleType

import attrs

from romme import (
    JOKER,
    Action,
    Discard,
    GameState,
    LayDown,
    LayOff,
    MeldKind,
    Phase,
    Rules,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
    TakeDiscardMode,
    TakeFromTable,
    find_rules,
    parse_cards,
    view,
)
from romme._turn import pure
from romme._turn.position import kept_hand_key
from romme.melds import pack_cards
from tests.accel._slices import applied_in_c, listed_in_c, opened_play, refused_by_python
from tests.rules._helpers import VARIANT_SEAT_1, VARIANT_SEAT_2
from tests.scenarios._helpers import position

_RAEUBER = find_rules("ass-raeuber")  # ASS S. 2–3: table cards taken and melded again


def _discards(text: str) -> tuple[Discard, ...]:
    return tuple(Discard(card) for card in parse_cards(text))


def _robs(target: int, cards: int) -> tuple[TakeFromTable, ...]:
    return tuple(TakeFromTable(target, position) for position in range(cards))


def _listed(cturn: ModuleType, state: GameState) -> tuple[Action, ...]:
    """C's moves of the state, and the same of the acting seat's view."""
    moves = listed_in_c(cturn, state)
    assert listed_in_c(cturn, view(state, state.current_player)) == moves
    return moves


def test_an_opened_seat_may_take_every_table_card(cturn: ModuleType) -> None:
    """Rules §13, ASS S. 2–3: after the discards (♣ ♠ ♥ ♦), each card of 7♥ 8♥ 9♥ taken from the table, by its position."""
    state = opened_play(_RAEUBER, "7♣ 2♦ K♠", "7♥ 8♥ 9♥")
    assert _listed(cturn, state) == (*_discards("7♣ K♠ 2♦"), *_robs(0, 3))


def test_a_card_taken_from_the_table_is_melded_again(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 7♥ taken from 7♥ 8♥ 9♥ 10♥ (8♥ 9♥ 10♥ stays) goes into the set 7♣ 7♠ 7♥ or back onto the run's low end; no discard while it is held, the take-back, and the table's cards taken on."""
    state = opened_play(_RAEUBER, "7♣ 7♠ K♠", "7♥ 8♥ 9♥ 10♥")
    robbed = pure.apply(state, TakeFromTable(0, 0))
    assert robbed.turn.borrowed == parse_cards("7♥")
    assert _listed(cturn, robbed) == (
        TakeBack(),
        LayDown(parse_cards("7♣ 7♠ 7♥"), kind=MeldKind.SET),
        LayOff(0, parse_cards("7♥"), Side.LOW),
        *_robs(0, 3),
    )


def test_a_table_card_counts_as_melded_before_the_taken_card(cturn: ModuleType) -> None:
    """Rules §4, ASS S. 2–3 (the top discard taken freely, rediscard_taken off): with the 7♥ taken from the pile and a 7♥ taken from 7♥ 8♥ 9♥ 10♥, laying 7♣ 7♠ 7♥ melds the table's 7♥ again and keeps the taken one, which may not be discarded: nothing would be left to discard, so only the lay-off of a 7♥ is listed."""
    rules = attrs.evolve(_RAEUBER, take_discard=TakeDiscardMode.FREE)
    state = position(
        rules,
        hands=["7♣ 7♠", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="7♥",
        table=[("7♥ 8♥ 9♥ 10♥", 1)],
        opened=[True, True, False],
    )
    taken = pure.apply(state, TakeDiscard())
    robbed = pure.apply(taken, TakeFromTable(0, 0))
    assert robbed.turn.taken_in_hand
    assert robbed.turn.borrowed == parse_cards("7♥")
    assert _listed(cturn, robbed) == (
        TakeBack(),
        LayOff(0, parse_cards("7♥"), Side.LOW),
        *_robs(0, 3),
    )


def test_a_turn_holding_table_cards_cannot_end(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 8♥ taken from inside 7♥ 8♥ 9♥ brings 7♥ and 9♥ along (no group of fewer than three stays); the turn cannot end with them held, the run laid again or the take-back are its ways on."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥")
    robbed = pure.apply(state, TakeFromTable(0, 1))
    assert robbed.table == ()
    assert _listed(cturn, robbed) == (
        TakeBack(),
        LayDown(parse_cards("7♥ 8♥ 9♥"), kind=MeldKind.RUN),
    )
    refused_by_python(cturn, robbed, Discard(parse_cards("K♠")[0]))  # TABLE_CARDS_IN_HAND


def test_the_table_laid_again_keeps_the_take_back(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §13: with the run laid again the turn may end (the discards), take everything back, or take on; under max_table_takes=1 the one take is spent."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥")
    robbed = pure.apply(state, TakeFromTable(0, 1))
    again = pure.apply(robbed, LayDown(parse_cards("7♥ 8♥ 9♥"), kind=MeldKind.RUN))
    assert again.turn.borrowed == ()
    assert again.turn.before is not None
    assert _listed(cturn, again) == (*_discards("K♠ 2♦"), TakeBack(), *_robs(0, 3))
    once = opened_play(attrs.evolve(_RAEUBER, max_table_takes=1), "2♦ K♠", "7♥ 8♥ 9♥")
    robbed = pure.apply(once, TakeFromTable(0, 1))
    again = pure.apply(robbed, LayDown(parse_cards("7♥ 8♥ 9♥"), kind=MeldKind.RUN))
    assert _listed(cturn, again) == (*_discards("K♠ 2♦"), TakeBack())


def test_a_joker_swap_while_a_table_card_is_held(cturn: ModuleType) -> None:
    """Rules §6, §13 (swapped_joker=meld_same_turn, swap_back_same_meld on): with the 3♠ taken from 3♠ 4♠ 5♠ 6♠, the 8♥ swaps the joker of 7♥ JK 9♥, which is laid off at once: back onto 7♥ 8♥ 9♥ at either end, onto 4♠ 5♠ 6♠ at its high end, with the 3♠ at its low end, or alone there."""
    state = opened_play(_RAEUBER, "8♥ K♣ 2♦", "7♥ JK 9♥", "3♠ 4♠ 5♠ 6♠")
    robbed = pure.apply(state, TakeFromTable(1, 0))
    heart = parse_cards("8♥")[0]

    def swap(target: int, cards: str, side: Side) -> SwapJoker:
        return SwapJoker(0, heart, LayOff(target, parse_cards(cards), side))

    assert _listed(cturn, robbed) == (
        TakeBack(),
        LayOff(1, parse_cards("3♠"), Side.LOW),
        *_robs(0, 3),
        *_robs(1, 3),
        swap(0, "JK", Side.HIGH),
        swap(0, "JK", Side.LOW),
        swap(1, "JK", Side.HIGH),
        swap(1, "JK 3♠", Side.LOW),
        swap(1, "JK", Side.LOW),
    )
    assert JOKER not in robbed.hands[0]


def test_a_seat_that_has_not_opened_takes_table_cards_too(cturn: ModuleType) -> None:
    """ASS S. 2–3 (the table cards count towards the opening): a seat that has not opened, its opening out of reach with 2♦ K♠ 5♣, discards or takes a table card; under rearrange_needs_opened (cardgames.zone §10) it only discards."""
    hands = ["2♦ K♠ 5♣", VARIANT_SEAT_1, VARIANT_SEAT_2]
    table = [("7♥ 8♥ 9♥", 1)]
    state = position(
        _RAEUBER, hands=hands, table=table, opened=[False, True, False], phase=Phase.PLAY
    )
    assert _listed(cturn, state) == (*_discards("5♣ K♠ 2♦"), *_robs(0, 3))
    needs_opened = attrs.evolve(
        _RAEUBER, rearrange_needs_opened=True, opening_counts_table_cards=False
    )
    state = position(
        needs_opened, hands=hands, table=table, opened=[False, True, False], phase=Phase.PLAY
    )
    assert _listed(cturn, state) == _discards("5♣ K♠ 2♦")


def _unopened(rules: Rules, hand: str, *table: str) -> GameState:
    """The play phase of seat 0 of three, which has not opened, with `table` (seat 1's melds)."""
    return opened_play(rules, hand, *table, opened=False)


def test_a_table_card_counts_towards_the_opening(cturn: ModuleType) -> None:
    """ASS S. 2–3 ("die liegenden Karten zählen mit"), rules §5: the K♥ taken from 10♥ J♥ Q♥ K♥ makes K♣ K♠ K♥ (30) beside 10♣ 10♠ 10♦ (30), 60 towards the 40 of the opening; while it is held no discard, the take-back, each set laid towards the opening, and the cards of 10♥ J♥ Q♥ taken on."""
    state = _unopened(_RAEUBER, "10♣ 10♠ 10♦ K♣ K♠ 2♦", "10♥ J♥ Q♥ K♥")
    robbed = pure.apply(state, TakeFromTable(0, 3))
    assert robbed.turn.borrowed == parse_cards("K♥")
    tens = LayDown(parse_cards("10♣ 10♠ 10♦"), kind=MeldKind.SET)
    kings = LayDown(parse_cards("K♣ K♠ K♥"), kind=MeldKind.SET)
    assert _listed(cturn, robbed) == (TakeBack(), tens, kings, *_robs(0, 3))


def test_a_staged_meld_beside_a_table_card_held(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §5: with 10♣ 10♠ 10♦ staged (30) and the K♥ still held, the turn cannot end; the take-back, K♣ K♠ K♥ completing the opening (60), and the cards of 10♥ J♥ Q♥ (the staged set gives none away)."""
    state = _unopened(_RAEUBER, "10♣ 10♠ 10♦ K♣ K♠ 2♦", "10♥ J♥ Q♥ K♥")
    robbed = pure.apply(state, TakeFromTable(0, 3))
    staged = pure.apply(robbed, LayDown(parse_cards("10♣ 10♠ 10♦"), kind=MeldKind.SET))
    assert staged.table[1].staged
    assert _listed(cturn, staged) == (
        TakeBack(),
        LayDown(parse_cards("K♣ K♠ K♥"), kind=MeldKind.SET),
        *_robs(0, 3),
    )


def test_the_table_card_is_melded_before_the_taken_card_towards_the_opening(
    cturn: ModuleType,
) -> None:
    """Rules §4, §5, ASS S. 2–3 (the top discard taken freely, rediscard_taken off): with the 7♥ taken from the pile and a 7♥ taken from 7♥ 8♥ 9♥ 10♥, laying 7♣ 7♠ 7♥ melds the table's 7♥ again and keeps the taken one, which may not be discarded: after K♣ K♠ K♦ nothing would be left to discard, so only the kings are laid towards the opening (51 with the sevens after)."""
    rules = attrs.evolve(_RAEUBER, take_discard=TakeDiscardMode.FREE)
    state = position(
        rules,
        hands=["7♣ 7♠ K♣ K♠ K♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="7♥",
        table=[("7♥ 8♥ 9♥ 10♥", 1)],
        opened=[False, True, False],
    )
    robbed = pure.apply(pure.apply(state, TakeDiscard()), TakeFromTable(0, 0))
    assert robbed.turn.taken_in_hand
    assert robbed.turn.borrowed == parse_cards("7♥")
    assert _listed(cturn, robbed) == (
        TakeBack(),
        LayDown(parse_cards("K♣ K♠ K♦"), kind=MeldKind.SET),
        *_robs(0, 3),
    )


def test_no_hand_romme_waiver_once_a_table_card_is_taken(cturn: ModuleType) -> None:
    """DRoV Nr. 10, ASS S. 2–3: 2♣ 2♠ 2♥ and 2♦ 3♦ 4♦ (15) with the K♠ to discard are a Hand-Rommé that needs no threshold, so both are laid; with the 2♥ taken from 2♥ 3♥ 4♥ 5♥ instead of held, the melds are no longer the seat's own and the opening of 40 is out of reach: the take-back and the table's cards only."""
    own = _unopened(_RAEUBER, "2♦ 3♦ 4♦ 2♣ 2♠ 2♥ K♠", "3♥ 4♥ 5♥")
    assert _listed(cturn, own) == (
        *_discards("2♣ 2♠ K♠ 2♥ 2♦ 3♦ 4♦"),
        LayDown(parse_cards("2♣ 2♠ 2♥"), kind=MeldKind.SET),
        LayDown(parse_cards("2♦ 3♦ 4♦"), kind=MeldKind.RUN),
        *_robs(0, 3),
    )
    state = _unopened(_RAEUBER, "2♦ 3♦ 4♦ 2♣ 2♠ K♠", "2♥ 3♥ 4♥ 5♥")
    robbed = pure.apply(state, TakeFromTable(0, 0))
    assert sorted(robbed.hand) == sorted(own.hand)
    assert _listed(cturn, robbed) == (TakeBack(), *_robs(0, 3))


def test_a_seat_that_has_not_opened_holding_a_whole_run(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 8♥ taken from inside 7♥ 8♥ 9♥ brings 7♥ and 9♥ along; 7♥ 8♥ 9♥ (24) cannot open 40 with 2♦ K♠ 5♣, so the take-back is the only way on."""
    state = _unopened(_RAEUBER, "2♦ K♠ 5♣", "7♥ 8♥ 9♥")
    robbed = pure.apply(state, TakeFromTable(0, 1))
    assert robbed.table == ()
    assert _listed(cturn, robbed) == (TakeBack(),)


def test_announced_jokers_with_table_cards_held_are_left_to_python(cturn: ModuleType) -> None:
    """Schmidt S. 3 with ASS S. 2–3: under announced_jokers the play phase stays Python's, table cards held or not."""
    rules = attrs.evolve(_RAEUBER, announced_jokers=True)
    state = _unopened(rules, "2♦ K♠ 5♣", "7♥ 8♥ 9♥")
    robbed = pure.apply(state, TakeFromTable(0, 0))
    assert cturn.legal_actions(robbed) is NotImplemented
    assert cturn.legal_actions(view(robbed, 0)) is NotImplemented
    assert pure.legal_actions(robbed) == (TakeBack(),)


# -- the lay-offs and lay-downs of a seat that holds table cards, checked and applied in C ----


def test_a_card_taken_from_the_table_laid_off_onto_another_meld(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 7♥ taken from 7♥ 8♥ 9♥ 10♥ (8♥ 9♥ 10♥ stays) is laid off onto seat 1's set 7♣ 7♠ 7♦, which becomes 7♣ 7♠ 7♥ 7♦; the turn holds no table card then and may end (the discards), keeps the table to restore and its one table take."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥ 10♥", "7♣ 7♠ 7♦")
    robbed = pure.apply(state, TakeFromTable(0, 0))
    assert robbed.hand == parse_cards("K♠ 7♥ 2♦")
    after = applied_in_c(cturn, robbed, LayOff(1, parse_cards("7♥")))
    assert after.table[0] == robbed.table[0]
    set_ = after.table[1]
    assert set_.meld.cards == parse_cards("7♣ 7♠ 7♥ 7♦")
    assert (set_.meld.kind, set_.owner, set_.staged, set_.fresh) == (
        MeldKind.SET,
        1,
        False,
        frozenset(),
    )
    assert after.hand == parse_cards("K♠ 2♦")
    assert after.turn.borrowed == ()
    assert after.turn.before == robbed.turn.before  # the take-back still restores the table
    assert (after.turn.table_takes, after.turn.laid_off) == (1, True)
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert _listed(cturn, after) == (*_discards("K♠ 2♦"), TakeBack(), *_robs(0, 3), *_robs(1, 4))


def test_a_card_taken_from_the_table_laid_down_with_hand_cards(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 7♥ taken from 7♥ 8♥ 9♥ 10♥ is laid down with the hand's 7♣ 7♠: the set 7♣ 7♠ 7♥ lies last, seat 0's, and the turn holds no table card."""
    state = opened_play(_RAEUBER, "7♣ 7♠ K♠", "7♥ 8♥ 9♥ 10♥")
    robbed = pure.apply(state, TakeFromTable(0, 0))
    after = applied_in_c(cturn, robbed, LayDown(parse_cards("7♣ 7♠ 7♥"), kind=MeldKind.SET))
    assert after.table[0].meld.cards == parse_cards("8♥ 9♥ 10♥")
    entry = after.table[1]
    assert entry.meld.cards == parse_cards("7♣ 7♠ 7♥")
    assert (entry.owner, entry.staged, entry.fresh, entry.announced) == (0, False, frozenset(), ())
    assert after.hand == parse_cards("K♠")
    assert (after.turn.borrowed, after.turn.laid_off, after.turn.table_takes) == ((), False, 1)
    assert after.turn.before == robbed.turn.before
    assert _listed(cturn, after) == (*_discards("K♠"), TakeBack(), *_robs(0, 3), *_robs(1, 3))


def test_the_table_cards_held_shrink_and_the_turn_cannot_end_while_one_is(
    cturn: ModuleType,
) -> None:
    """ASS S. 2–3: the 8♥ taken from inside 7♥ 8♥ 9♥ brings 7♥ and 9♥ along; 8♥ 9♥ laid off at the low end of 10♥ J♥ Q♥ leave the 7♥ held, and the turn still cannot end (no discard) until 7♣ 7♠ 7♥ is laid down."""
    state = opened_play(_RAEUBER, "7♣ 7♠ K♠ 2♦", "7♥ 8♥ 9♥", "10♥ J♥ Q♥")
    robbed = pure.apply(state, TakeFromTable(0, 1))
    assert robbed.turn.borrowed == parse_cards("7♥ 8♥ 9♥")
    assert robbed.table[0].meld.cards == parse_cards("10♥ J♥ Q♥")
    part = applied_in_c(cturn, robbed, LayOff(0, parse_cards("8♥ 9♥"), Side.LOW))
    assert part.table[0].meld.cards == parse_cards("8♥ 9♥ 10♥ J♥ Q♥")
    assert part.hand == parse_cards("7♣ 7♠ K♠ 7♥ 2♦")
    assert part.turn.borrowed == parse_cards("7♥")
    assert (part.turn.laid_off, part.turn.table_takes) == (True, 1)
    refused_by_python(cturn, part, Discard(parse_cards("K♠")[0]))  # TABLE_CARDS_IN_HAND
    assert not any(isinstance(move, Discard) for move in _listed(cturn, part))
    done = applied_in_c(cturn, part, LayDown(parse_cards("7♣ 7♠ 7♥"), kind=MeldKind.SET))
    assert done.turn.borrowed == ()
    assert done.hand == parse_cards("K♠ 2♦")
    assert done.table[1].meld.cards == parse_cards("7♣ 7♠ 7♥")
    assert _listed(cturn, done)[:2] == _discards("K♠ 2♦")


def test_a_table_card_melded_again_keeps_the_taken_card_locked(cturn: ModuleType) -> None:
    """Rules §4, ASS S. 2–3 (the top discard taken freely, rediscard_taken off): with the 7♥ taken from the pile and a 7♥ taken from 7♥ 8♥ 9♥ 10♥, laying off one 7♥ melds the table's again; the taken 7♥ stays in hand, still not to be discarded, and the turn may end with the K♠."""
    rules = attrs.evolve(_RAEUBER, take_discard=TakeDiscardMode.FREE)
    state = position(
        rules,
        hands=["7♣ K♠", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="7♥",
        table=[("7♥ 8♥ 9♥ 10♥", 1)],
        opened=[True, True, False],
    )
    robbed = pure.apply(pure.apply(state, TakeDiscard()), TakeFromTable(0, 0))
    after = applied_in_c(cturn, robbed, LayOff(0, parse_cards("7♥"), Side.LOW))
    assert after.table[0].meld.cards == parse_cards("7♥ 8♥ 9♥ 10♥")
    assert after.hand == parse_cards("7♣ K♠ 7♥")
    assert after.turn.borrowed == ()
    assert (after.turn.taken, after.turn.taken_in_hand) == (parse_cards("7♥")[0], True)
    assert _listed(cturn, after)[:2] == _discards("7♣ K♠")
    refused_by_python(cturn, after, Discard(parse_cards("7♥")[0]))  # REDISCARD_TAKEN


def test_a_joker_swapped_while_a_table_card_is_held_and_laid_off_with_it(
    cturn: ModuleType,
) -> None:
    """Rules §6, §13, ASS S. 2–3: with the 3♠ taken from 3♠ 4♠ 5♠ 6♠ (4♠ 5♠ 6♠ stays), the 8♥ swaps the joker of 7♥ JK 9♥, laid off with the 3♠ at the low end of 4♠ 5♠ 6♠: the turn holds no table card then. Laid off alone at its high end, the 3♠ is still held and the turn cannot end."""
    state = opened_play(_RAEUBER, "8♥ K♣ 2♦", "7♥ JK 9♥", "3♠ 4♠ 5♠ 6♠")
    robbed = pure.apply(state, TakeFromTable(1, 0))
    heart = parse_cards("8♥")[0]
    both = SwapJoker(0, heart, LayOff(1, parse_cards("JK 3♠"), Side.LOW))
    after = applied_in_c(cturn, robbed, both)
    assert after.table[0].meld.cards == parse_cards("7♥ 8♥ 9♥")
    assert after.table[1].meld.cards == parse_cards("JK 3♠ 4♠ 5♠ 6♠")
    assert after.table[1].fresh == frozenset({0})
    assert after.hand == parse_cards("K♣ 2♦")
    assert (after.turn.borrowed, after.turn.laid_off, after.turn.table_takes) == ((), True, 1)
    assert after.turn.before == robbed.turn.before
    alone = SwapJoker(0, heart, LayOff(1, parse_cards("JK"), Side.HIGH))
    held = applied_in_c(cturn, robbed, alone)
    assert held.table[1].meld.cards == parse_cards("4♠ 5♠ 6♠ JK")
    assert held.hand == parse_cards("K♣ 3♠ 2♦")
    assert held.turn.borrowed == parse_cards("3♠")
    refused_by_python(cturn, held, Discard(parse_cards("K♣")[0]))  # TABLE_CARDS_IN_HAND


def test_a_table_card_held_swaps_a_joker(cturn: ModuleType) -> None:
    """Rules §6, ASS S. 2–3: the 8♥ taken from 8♥ 9♥ 10♥ J♥ (9♥ 10♥ J♥ stays) swaps the joker of 7♥ JK 9♥ and so is melded again; the joker is laid off at the high end of 9♥ 10♥ J♥, and the turn holds no table card."""
    state = opened_play(_RAEUBER, "K♣ 2♦", "7♥ JK 9♥", "8♥ 9♥ 10♥ J♥")
    robbed = pure.apply(state, TakeFromTable(1, 0))
    assert robbed.turn.borrowed == parse_cards("8♥")
    swap = SwapJoker(0, parse_cards("8♥")[0], LayOff(1, parse_cards("JK"), Side.HIGH))
    after = applied_in_c(cturn, robbed, swap)
    assert after.table[0].meld.cards == parse_cards("7♥ 8♥ 9♥")
    assert after.table[1].meld.cards == parse_cards("9♥ 10♥ J♥ JK")
    assert after.hand == parse_cards("K♣ 2♦")
    assert (after.turn.borrowed, after.turn.laid_off) == ((), True)
    assert _listed(cturn, after)[:2] == _discards("K♣ 2♦")


# -- a card taken from the table: its verdict and its next state, C's ------------------


def _table(after: GameState) -> list[tuple[tuple[str, ...], int]]:
    """The table as (cards, owner) of each meld; none staged, none holding a fresh joker or an announcement."""
    assert all(
        (entry.staged, entry.fresh, entry.announced) == (False, frozenset(), ())
        for entry in after.table
    )
    return [(tuple(str(card) for card in entry.meld.cards), entry.owner) for entry in after.table]


def _cards(text: str) -> tuple[str, ...]:
    return tuple(str(card) for card in parse_cards(text))


def _robbed_so(
    before: GameState, after: GameState, hand: str, borrowed: str, table_takes: int = 1
) -> None:
    """`after` holds `hand` and `borrowed` from the table, the table as it was before the first take kept; nothing else of the turn or of the state changed."""
    assert after.hand == parse_cards(hand)
    assert after.turn.borrowed == parse_cards(borrowed)
    assert after.turn.table_takes == table_takes
    assert after.turn.before is not None
    if table_takes == 1:  # the first take keeps the table, the opening and the turn before it
        assert after.turn.before.table == before.table
        assert after.turn.before.opened == before.opened[0]
        assert after.turn.before.turn == before.turn
    else:
        assert after.turn.before == before.turn.before
    assert attrs.evolve(after.turn, borrowed=(), before=None, table_takes=0) == attrs.evolve(
        before.turn, borrowed=(), before=None, table_takes=0
    )
    assert (after.current_player, after.phase, after.opened) == (0, Phase.PLAY, before.opened)
    assert (after.stock, after.discard_pile) == (before.stock, before.discard_pile)
    assert after.hands[1:] == before.hands[1:]
    assert kept_hand_key(after) == pack_cards(parse_cards(hand))


def test_a_card_taken_from_a_set_of_four(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 7♣ taken from 7♣ 7♠ 7♥ 7♦ leaves the set 7♠ 7♥ 7♦ in its place; the 7♣ goes into the hand in card order, held from the table."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♣ 7♠ 7♥ 7♦", "4♥ 5♥ 6♥")
    after = applied_in_c(cturn, state, TakeFromTable(0, 0))
    assert _table(after) == [(_cards("7♠ 7♥ 7♦"), 1), (_cards("4♥ 5♥ 6♥"), 1)]
    _robbed_so(state, after, "7♣ K♠ 2♦", "7♣")


def test_a_card_taken_from_a_runs_end(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 10♥ taken from the high end of 7♥ 8♥ 9♥ 10♥ leaves 7♥ 8♥ 9♥ in its place."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥ 10♥")
    after = applied_in_c(cturn, state, TakeFromTable(0, 3))
    assert _table(after) == [(_cards("7♥ 8♥ 9♥"), 1)]
    _robbed_so(state, after, "K♠ 10♥ 2♦", "10♥")


def test_a_card_taken_from_a_runs_middle_splits_it(cturn: ModuleType) -> None:
    """ASS S. 2–3: the 6♠ taken from inside 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ leaves two runs: 3♠ 4♠ 5♠ in its place, 7♠ 8♠ 9♠ last on the table."""
    state = opened_play(_RAEUBER, "2♦ K♣", "3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠", "K♠ K♥ K♦")
    after = applied_in_c(cturn, state, TakeFromTable(0, 3))
    assert _table(after) == [
        (_cards("3♠ 4♠ 5♠"), 1),
        (_cards("K♠ K♥ K♦"), 1),
        (_cards("7♠ 8♠ 9♠"), 1),
    ]
    _robbed_so(state, after, "K♣ 6♠ 2♦", "6♠")


def test_a_group_too_short_to_stay_comes_along(cturn: ModuleType) -> None:
    """ASS S. 2–3 ("solange keine Gruppe mit weniger als drei Karten übrig bleibt"): the 6♥ taken from 5♥ 6♥ 7♥ 8♥ 9♥ brings the 5♥ along, 7♥ 8♥ 9♥ takes the run's place; the 8♥ taken from 7♥ 8♥ 9♥ brings 7♥ and 9♥ along and the meld leaves the table, the melds after it moving up."""
    state = opened_play(_RAEUBER, "2♦ K♠", "5♥ 6♥ 7♥ 8♥ 9♥", "Q♣ Q♠ Q♦")
    after = applied_in_c(cturn, state, TakeFromTable(0, 1))
    assert _table(after) == [(_cards("7♥ 8♥ 9♥"), 1), (_cards("Q♣ Q♠ Q♦"), 1)]
    _robbed_so(state, after, "K♠ 5♥ 6♥ 2♦", "5♥ 6♥")
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥", "Q♣ Q♠ Q♦")
    after = applied_in_c(cturn, state, TakeFromTable(0, 1))
    assert _table(after) == [(_cards("Q♣ Q♠ Q♦"), 1)]
    _robbed_so(state, after, "K♠ 7♥ 8♥ 9♥ 2♦", "7♥ 8♥ 9♥")


def test_a_second_take_keeps_the_table_before_the_first(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §13: with the 7♣ taken from 7♣ 7♠ 7♥ 7♦, the 4♥ taken from 4♥ 5♥ 6♥ 7♥ is held too (in card order); the table before the first take stays the one to restore, and the turn counts two takes."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♣ 7♠ 7♥ 7♦", "4♥ 5♥ 6♥ 7♥")
    first = applied_in_c(cturn, state, TakeFromTable(0, 0))
    after = applied_in_c(cturn, first, TakeFromTable(1, 0))
    assert _table(after) == [(_cards("7♠ 7♥ 7♦"), 1), (_cards("5♥ 6♥ 7♥"), 1)]
    _robbed_so(first, after, "7♣ K♠ 4♥ 2♦", "7♣ 4♥", table_takes=2)
    assert after.turn.before is not None
    assert after.turn.before.table == state.table


def test_a_seat_that_has_not_opened_takes_a_table_card(cturn: ModuleType) -> None:
    """ASS S. 2–3 (rearrange_needs_opened off): a seat that has not opened takes the 10♥ from the high end of 7♥ 8♥ 9♥ 10♥; the table before keeps it unopened."""
    state = position(
        _RAEUBER,
        hands=["2♦ K♠ 5♣", VARIANT_SEAT_1, VARIANT_SEAT_2],
        table=[("7♥ 8♥ 9♥ 10♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    after = applied_in_c(cturn, state, TakeFromTable(0, 3))
    assert _table(after) == [(_cards("7♥ 8♥ 9♥"), 1)]
    _robbed_so(state, after, "5♣ K♠ 10♥ 2♦", "10♥")
    assert after.turn.before is not None
    assert after.turn.before.opened is False


def test_a_take_the_rules_refuse_is_left_to_python(cturn: ModuleType) -> None:
    """Rules §13: no meld 1, no card 3 of a meld of three, rearrange off, max_table_takes spent, a staged meld's card (rules §5), rearrange_needs_opened for a seat that has not opened (cardgames.zone §10): every refusal is Python's."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥")
    refused_by_python(cturn, state, TakeFromTable(1, 0))  # NO_SUCH_MELD
    refused_by_python(cturn, state, TakeFromTable(0, 3))  # NO_SUCH_TABLE_CARD
    refused_by_python(cturn, state, TakeFromTable(0, 0), 1)  # NOT_YOUR_TURN
    off = opened_play(find_rules("ass"), "2♦ K♠", "7♥ 8♥ 9♥")
    refused_by_python(cturn, off, TakeFromTable(0, 0))  # REARRANGE_OFF
    once = opened_play(attrs.evolve(_RAEUBER, max_table_takes=1), "2♦ K♠", "7♥ 8♥ 9♥ 10♥")
    robbed = pure.apply(once, TakeFromTable(0, 0))
    refused_by_python(cturn, robbed, TakeFromTable(0, 0))  # TABLE_TAKES_SPENT
    staged = position(
        _RAEUBER,
        hands=["7♣ 7♠ 7♦ Q♣ Q♠ Q♦ 2♦ K♠", VARIANT_SEAT_1, VARIANT_SEAT_2],
        table=[("4♥ 5♥ 6♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    staged = pure.apply(staged, LayDown(parse_cards("7♣ 7♠ 7♦"), kind=MeldKind.SET))
    assert staged.table[1].staged
    refused_by_python(cturn, staged, TakeFromTable(1, 0))  # STAGED_TABLE_CARD
    needs_opened = attrs.evolve(
        _RAEUBER, rearrange_needs_opened=True, opening_counts_table_cards=False
    )
    unopened = position(
        needs_opened,
        hands=["2♦ K♠ 5♣", VARIANT_SEAT_1, VARIANT_SEAT_2],
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    refused_by_python(cturn, unopened, TakeFromTable(0, 0))  # NOT_OPENED


# -- the take-back of a turn that took table cards: its verdict and its next state, C's --


def test_the_take_back_restores_the_table(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §13: with the 7♥ taken from 7♥ 8♥ 9♥ 10♥ and laid in 7♣ 7♠ 7♥, the take-back puts the run back whole, the 7♣ and 7♠ back in the hand, and the turn as it was before the take, which still counts it (max_table_takes)."""
    state = opened_play(_RAEUBER, "7♣ 7♠ 2♦ K♠", "7♥ 8♥ 9♥ 10♥")
    robbed = applied_in_c(cturn, state, TakeFromTable(0, 0))
    laid = pure.apply(robbed, LayDown(parse_cards("7♣ 7♠ 7♥"), kind=MeldKind.SET))
    assert laid.turn.borrowed == ()
    after = applied_in_c(cturn, laid, TakeBack())
    assert _table(after) == [(_cards("7♥ 8♥ 9♥ 10♥"), 1)]
    assert after.hand == parse_cards("7♣ 7♠ K♠ 2♦")
    assert after.turn == attrs.evolve(state.turn, table_takes=1)
    assert (after.current_player, after.phase, after.opened) == (0, Phase.PLAY, state.opened)
    assert (after.stock, after.discard_pile, after.hands[1:]) == (
        state.stock,
        state.discard_pile,
        state.hands[1:],
    )
    assert kept_hand_key(after) == pack_cards(parse_cards("7♣ 7♠ K♠ 2♦"))


def test_the_take_back_returns_the_cards_held(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §13: with the 8♥ taken from inside 7♥ 8♥ 9♥ (7♥ and 9♥ along, the run leaves the table) and the J♣ taken on from J♣ J♠ J♥ J♦, the take-back returns every card held to its meld: the table and the hand as they were before the first take, the two takes counted."""
    state = opened_play(_RAEUBER, "2♦ K♠", "7♥ 8♥ 9♥", "J♣ J♠ J♦ J♥")
    robbed = applied_in_c(cturn, state, TakeFromTable(0, 1))
    again = applied_in_c(cturn, robbed, TakeFromTable(0, 0))  # the J♣, from the set of four
    assert again.turn.borrowed == parse_cards("J♣ 7♥ 8♥ 9♥")
    after = applied_in_c(cturn, again, TakeBack())
    assert _table(after) == [(_cards("7♥ 8♥ 9♥"), 1), (_cards("J♣ J♠ J♥ J♦"), 1)]
    assert after.hand == parse_cards("K♠ 2♦")
    assert after.turn == attrs.evolve(state.turn, table_takes=2)
    assert kept_hand_key(after) == pack_cards(parse_cards("K♠ 2♦"))


def test_the_take_back_of_an_opening_with_table_cards(cturn: ModuleType) -> None:
    """ASS S. 2–3 (the table cards count towards the opening), ASS S. 2 (who laid out first): a seat that has not opened takes the K♣ and the Q♣ from the sets of four and opens with K♣ K♠ K♥ and Q♣ Q♠ Q♥ (60, 40 needed); the take-back restores both sets, the hand, and the seat unopened, seat 1 still the first to have laid out."""
    state = position(
        _RAEUBER,
        hands=["K♠ K♥ Q♠ Q♥ 5♣ 2♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        table=[("K♣ K♠ K♥ K♦", 1), ("Q♣ Q♠ Q♥ Q♦", 1)],
        opened=[False, True, False],
        phase=Phase.PLAY,
    )
    robbed = applied_in_c(cturn, state, TakeFromTable(0, 0))
    robbed = applied_in_c(cturn, robbed, TakeFromTable(1, 0))
    for meld in ("K♣ K♠ K♥", "Q♣ Q♠ Q♥"):
        robbed = pure.apply(robbed, LayDown(parse_cards(meld), kind=MeldKind.SET))
    assert (robbed.opened, robbed.first_to_open) == ((True, True, False), 1)
    after = applied_in_c(cturn, robbed, TakeBack())
    assert _table(after) == [(_cards("K♣ K♠ K♥ K♦"), 1), (_cards("Q♣ Q♠ Q♥ Q♦"), 1)]
    assert after.hand == parse_cards("5♣ Q♠ K♠ Q♥ K♥ 2♦")
    assert (after.opened, after.first_to_open) == ((False, True, False), 1)
    assert after.turn == attrs.evolve(state.turn, table_takes=2)
    assert kept_hand_key(after) == pack_cards(parse_cards("5♣ Q♠ K♠ Q♥ K♥ 2♦"))


# -- the lay-downs of a seat that has not opened, table cards held or not, applied in C --------


def test_a_table_card_laid_down_towards_the_opening_is_staged(cturn: ModuleType) -> None:
    """ASS S. 2–3 ("die liegenden Karten zählen mit"), rules §5: the K♥ taken from 10♥ J♥ Q♥ K♥ is laid down in K♣ K♠ K♥ (30), short of the 40: the set lies last, seat 0's, staged; the seat has not opened, the turn holds no table card but keeps the table to restore and its one table take; 10♣ 10♠ 10♦ (30) completes the opening then, no discard before."""
    state = _unopened(_RAEUBER, "10♣ 10♠ 10♦ K♣ K♠ 2♦", "10♥ J♥ Q♥ K♥")
    robbed = pure.apply(state, TakeFromTable(0, 3))
    after = applied_in_c(cturn, robbed, LayDown(parse_cards("K♣ K♠ K♥"), kind=MeldKind.SET))
    assert after.table[0] == robbed.table[0]
    assert after.table[0].meld.cards == parse_cards("10♥ J♥ Q♥")
    entry = after.table[1]
    assert entry.meld.cards == parse_cards("K♣ K♠ K♥")
    assert (entry.meld.kind, entry.owner, entry.staged, entry.fresh, entry.announced) == (
        MeldKind.SET,
        0,
        True,
        frozenset(),
        (),
    )
    assert len(after.table) == 2
    assert after.hand == parse_cards("10♣ 10♠ 2♦ 10♦")  # card order: by suit, then rank
    assert after.opened == (False, True, False)
    assert after.turn.borrowed == ()
    assert after.turn.before == robbed.turn.before
    assert (after.turn.table_takes, after.turn.taken, after.turn.taken_staged) == (1, None, False)
    assert (after.current_player, after.phase) == (0, Phase.PLAY)
    assert _listed(cturn, after) == (
        TakeBack(),
        LayDown(parse_cards("10♣ 10♠ 10♦"), kind=MeldKind.SET),
        *_robs(0, 3),
    )


def test_the_meld_that_completes_the_opening_holds_a_table_card(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §5: with 10♣ 10♠ 10♦ staged (30) and the K♥ still held, K♣ K♠ K♥ (30) completes the opening (60): both sets lie final, seat 0 has opened, the turn holds no table card, keeps the table to restore, and may end with the 2♦."""
    state = _unopened(_RAEUBER, "10♣ 10♠ 10♦ K♣ K♠ 2♦", "10♥ J♥ Q♥ K♥")
    robbed = pure.apply(state, TakeFromTable(0, 3))
    staged = applied_in_c(cturn, robbed, LayDown(parse_cards("10♣ 10♠ 10♦"), kind=MeldKind.SET))
    assert staged.table[1].staged
    assert staged.turn.borrowed == parse_cards("K♥")
    assert staged.hand == parse_cards("K♣ K♠ K♥ 2♦")
    opened = applied_in_c(cturn, staged, LayDown(parse_cards("K♣ K♠ K♥"), kind=MeldKind.SET))
    assert [entry.meld.cards for entry in opened.table] == [
        parse_cards("10♥ J♥ Q♥"),
        parse_cards("10♣ 10♠ 10♦"),
        parse_cards("K♣ K♠ K♥"),
    ]
    assert [(entry.owner, entry.staged) for entry in opened.table] == [
        (1, False),
        (0, False),
        (0, False),
    ]
    assert opened.opened == (True, True, False)
    assert opened.hand == parse_cards("2♦")
    assert opened.turn.borrowed == ()
    assert opened.turn.before == robbed.turn.before
    assert opened.turn.table_takes == 1
    assert (opened.current_player, opened.phase) == (0, Phase.PLAY)
    assert _listed(cturn, opened) == (
        *_discards("2♦"),
        TakeBack(),
        *_robs(0, 3),
        *_robs(1, 3),
        *_robs(2, 3),
    )


def test_the_table_cards_held_shrink_as_the_opening_is_laid(cturn: ModuleType) -> None:
    """ASS S. 2–3, rules §5: the 8♥ taken from inside 7♥ 8♥ 9♥ brings 7♥ and 9♥ along; 7♣ 7♠ 7♥ (21) is staged and leaves 8♥ 9♥ held, 8♣ 8♠ 8♥ (24) completes the opening (45) and leaves the 9♥ held, so the turn cannot end until 9♣ 9♠ 9♥ is laid down too."""
    state = _unopened(_RAEUBER, "7♣ 7♠ 8♣ 8♠ 9♣ 9♠ 2♦", "7♥ 8♥ 9♥")
    robbed = pure.apply(state, TakeFromTable(0, 1))
    assert robbed.turn.borrowed == parse_cards("7♥ 8♥ 9♥")
    assert robbed.table == ()
    sevens = applied_in_c(cturn, robbed, LayDown(parse_cards("7♣ 7♠ 7♥"), kind=MeldKind.SET))
    assert sevens.turn.borrowed == parse_cards("8♥ 9♥")
    assert (sevens.table[0].meld.cards, sevens.table[0].staged) == (
        parse_cards("7♣ 7♠ 7♥"),
        True,
    )
    assert sevens.hand == parse_cards("8♣ 9♣ 8♠ 9♠ 8♥ 9♥ 2♦")
    assert sevens.opened == (False, True, False)
    eights = applied_in_c(cturn, sevens, LayDown(parse_cards("8♣ 8♠ 8♥"), kind=MeldKind.SET))
    assert eights.turn.borrowed == parse_cards("9♥")
    assert [(entry.meld.cards, entry.staged) for entry in eights.table] == [
        (parse_cards("7♣ 7♠ 7♥"), False),
        (parse_cards("8♣ 8♠ 8♥"), False),
    ]
    assert eights.opened == (True, True, False)
    assert eights.hand == parse_cards("9♣ 9♠ 9♥ 2♦")
    refused_by_python(cturn, eights, Discard(parse_cards("2♦")[0]))  # TABLE_CARDS_IN_HAND
    nines = applied_in_c(cturn, eights, LayDown(parse_cards("9♣ 9♠ 9♥"), kind=MeldKind.SET))
    assert nines.turn.borrowed == ()
    assert nines.turn.before == robbed.turn.before
    assert nines.hand == parse_cards("2♦")
    assert _listed(cturn, nines)[:2] == (*_discards("2♦"), TakeBack())


def test_a_lay_down_that_leaves_the_opening_out_of_reach_is_refused_by_python(
    cturn: ModuleType,
) -> None:
    """Rules §5, ASS S. 2–3: with the 8♥ taken from inside 7♥ 8♥ 9♥ and 7♣ 7♠ 2♦ K♠ besides, 7♣ 7♠ 7♥ (21) leaves 8♥ 9♥ K♠ 2♦, which cannot make up the 40: the refusal is Python's."""
    state = _unopened(_RAEUBER, "7♣ 7♠ K♠ 2♦", "7♥ 8♥ 9♥")
    robbed = pure.apply(state, TakeFromTable(0, 1))
    refused_by_python(cturn, robbed, LayDown(parse_cards("7♣ 7♠ 7♥"), kind=MeldKind.SET))


def test_a_taken_discard_laid_down_towards_the_opening_under_raeuber_rules(
    cturn: ModuleType,
) -> None:
    """Rules §4 (immediate_use), §5, ASS S. 2–3: the K♥ taken from the pile is laid down at once in K♣ K♠ K♥ (30), staged towards the 40; the pile loses it, the turn names it taken and staged, not in hand, and holds no table card."""
    state = position(
        _RAEUBER,
        hands=["10♣ 10♠ 10♦ K♣ K♠ 2♦", VARIANT_SEAT_1, VARIANT_SEAT_2],
        discard="5♣ K♥",
        table=[("7♥ 8♥ 9♥", 1)],
        opened=[False, True, False],
    )
    take = TakeDiscard(LayDown(parse_cards("K♣ K♠ K♥"), kind=MeldKind.SET))
    after = applied_in_c(cturn, state, take)
    assert after.discard_pile == parse_cards("5♣")
    assert (after.table[1].meld.cards, after.table[1].owner, after.table[1].staged) == (
        parse_cards("K♣ K♠ K♥"),
        0,
        True,
    )
    assert after.hand == parse_cards("10♣ 10♠ 2♦ 10♦")  # card order: by suit, then rank
    assert (after.turn.taken, after.turn.taken_in_hand, after.turn.taken_staged) == (
        parse_cards("K♥")[0],
        False,
        True,
    )
    assert (after.turn.borrowed, after.turn.before, after.turn.table_takes) == ((), None, 0)
    assert (after.current_player, after.phase, after.opened) == (
        0,
        Phase.PLAY,
        (False, True, False),
    )
