"""The legal-move generator (private): every action the checker accepts, each once (rules §4–§9).

Moves are found in the hand and the table as their parts (a lay-off's
table meld, cards and end; a swap's meld and card) and checked on those
parts by the checker's own stage functions and predicates, so the
generator lists exactly what `resolve` allows; no move goes through
`resolve` itself, and a public action object is built only for a move
that is listed.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from itertools import combinations
from typing import Final, NamedTuple, TypeAlias

from romme._turn.checker import (
    bound_to_go_out,
    buy_refused,
    discardable,
    draw_refused,
    nothing_to_take_back,
    take,
    take_refused,
    with_discard_taken,
)
from romme._turn.claiming import claim_answers
from romme._turn.guards import after_use, failed_take_discards, first_go_round
from romme._turn.laying import (
    announcements,
    announces,
    indirect_take,
    lay_down_allowed,
    lay_down_outcome,
    lay_off_fit,
    may_lay_off,
)
from romme._turn.opening import lay_down_possible
from romme._turn.position import Failure, Pos
from romme._turn.rearranging import robs
from romme._turn.swapping import back_to_its_meld, place_joker, swap, swap_joker, swapped
from romme.cards import JOKER, JOKER_CODE, Card
from romme.game import (
    Action,
    Buy,
    Discard,
    Draw,
    LayDown,
    LayOff,
    Phase,
    Side,
    SwapJoker,
    TakeBack,
    TakeDiscard,
)
from romme.melds import (
    BASE_FIELD,
    BASE_SHIFT,
    HIGH_JOKER,
    HIGH_SHIFT,
    LENGTH_SHIFT,
    LOW_JOKER,
    LOW_SHIFT,
    NIBBLE,
    RUN,
    Meld,
    MeldKind,
    Option,
    meld_key,
    meld_shape,
    melds_in,
    melds_with,
    option_cards,
    option_kind,
    option_meld,
    options_in,
    options_with,
    stood_for,
)
from romme.rules import IndirectLayoffOut, SwappedJoker, shape_of
from romme.rules import TakeDiscardMode as TakeMode


class _RunEnd(NamedTuple):
    """What an extension of a run at one end must respect (fixed for the whole extension)."""

    target: int
    """The table meld's index."""
    side: Side
    suit_base: int
    start: int
    """The rank index (rank - 2) of the first card beyond the end."""
    step: int
    room: int
    wraps: bool
    """Whether ranks go on past the ace (``ace_wraps``)."""
    no_adjacent: bool
    """Whether two jokers may never lie side by side (``adjacent_jokers=forbidden``)."""


_Candidate: TypeAlias = tuple[int, tuple[Card, ...], Side | None]
"""A lay-off not yet checked: the table meld's index, the cards and the end (a set's: ``None``).

No `LayOff` is built for a candidate until the checker's verdict accepts it."""


def _run_layoffs(
    index: int, shape: int, counts: list[int], jokers: int, wraps: bool, no_adjacent: bool
) -> Iterator[_Candidate]:
    """The sequences of hand cards that continue run `index` at either end (not yet checked).

    `shape` is the run's shape word (`meld_shape`); `counts` holds
    the copies of each card code in hand, `jokers` the jokers. Ranks are
    followed cyclically (…, K, A, 2, …), but an extension stops where no
    longer one could be a run: past an ace without ``ace_wraps``
    (`wraps`; rules §3, around the corner), and a joker is not put next
    to a joker where ``adjacent_jokers`` forbids it in every run
    (`no_adjacent`). Everything else, the joker limit included, is for
    the checker to decide.
    """
    suit_base = shape >> _BASE_SHIFT & _BASE_FIELD
    high = shape >> _HIGH_SHIFT & _NIBBLE
    low = shape >> _LOW_SHIFT & _NIBBLE
    if not jokers and not (
        counts[suit_base + (high + 1) % 13] or counts[suit_base + (low - 1) % 13]
    ):
        return  # nothing in hand continues either end
    room = 13 - (shape >> _LENGTH_SHIFT & _NIBBLE)
    up = _RunEnd(index, Side.HIGH, suit_base, high + 1, 1, room, wraps, no_adjacent)
    yield from _extend_run(up, [], counts, jokers, high, bool(shape & _HIGH_JOKER))
    down = _RunEnd(index, Side.LOW, suit_base, low - 1, -1, room, wraps, no_adjacent)
    yield from _extend_run(down, [], counts, jokers, low, bool(shape & _LOW_JOKER))


_ACE_INDEX: Final = 12


def _extend_run(
    end: _RunEnd,
    sequence: list[Card],
    counts: list[int],
    jokers: int,
    previous: int,
    previous_joker: bool,
) -> Iterator[_Candidate]:
    """Extend `sequence` by one card beyond rank index `previous` (a joker's, if `previous_joker`)."""
    depth = len(sequence)
    if depth >= end.room or (previous % 13 == _ACE_INDEX and not end.wraps):
        return
    here = (end.start + end.step * depth) % 13
    code = end.suit_base + here
    natural = _CARDS[code]
    joker_ok = jokers > 0 and not (previous_joker and end.no_adjacent)
    options = ((natural,) if counts[code] > 0 else ()) + ((JOKER,) if joker_ok else ())
    for option in options:
        sequence.append(option)
        cards = tuple(sequence) if end.side is Side.HIGH else tuple(reversed(sequence))
        yield end.target, cards, end.side
        if option is JOKER:
            yield from _extend_run(end, sequence, counts, jokers - 1, here, True)
        else:
            counts[code] -= 1
            yield from _extend_run(end, sequence, counts, jokers, here, False)
            counts[code] += 1
        sequence.pop()


def _code_counts(hand: tuple[Card, ...]) -> list[int]:
    """How many of each card code (0–52) `hand` holds."""
    counts = [0] * (JOKER_CODE + 1)
    for card in hand:
        counts[card.code] += 1
    return counts


def _layoff_candidates(pos: Pos, only: Card | None = None) -> Iterator[_Candidate]:
    """Lay-offs of the hand onto every table meld (not yet checked); with `only`, those that can hold it.

    The table melds are read through their shape words
    (`meld_shape`: kind, length, the ranks at the ends, a run's
    suit, jokers at the ends), each computed once in the meld's life.
    """
    counts = _code_counts(pos.hand)
    jokers = counts[JOKER_CODE]
    # The code of a natural `only`: a set takes it if its rank index is `only`'s, a run if its suit is.
    wanted = only.code if only is not None and not only.is_joker else None
    shape_rules = shape_of(pos.rules)
    copies = 1 if shape_rules.distinct_suits else 4
    wraps = shape_rules.ace_wraps
    no_adjacent = not shape_rules.jokers_may_touch(13)  # forbidden in every run
    for index, entry in enumerate(pos.table):
        meld = entry.meld
        try:
            shape = meld._shape  # read inline: this runs for every table meld of every listing
        except AttributeError:  # a meld unpickled or copied
            shape = 0
        if not shape:
            shape = meld_shape(meld)
        if shape & _RUN:
            if wanted is not None and wanted - wanted % 13 != shape >> _BASE_SHIFT & _BASE_FIELD:
                continue
            yield from _run_layoffs(index, shape, counts, jokers, wraps, no_adjacent)
            continue
        room = 4 - (shape >> _LENGTH_SHIFT & _NIBBLE)
        rank_index = shape >> _LOW_SHIFT & _NIBBLE
        if room <= 0 or (wanted is not None and wanted % 13 != rank_index):
            continue
        naturals = [
            _CARDS[code]
            for code in range(rank_index, JOKER_CODE, 13)
            for _ in range(min(copies, room, counts[code]))
        ]
        if not naturals and not jokers:
            continue
        for size in range(room + 1):
            for chosen in sorted(set(combinations(naturals, size))):
                for extra in range(min(jokers, room - size) + 1):
                    if size + extra:
                        yield index, (*chosen, *(JOKER,) * extra), None


def _lay_down_allowed(pos: Pos, meld: Meld) -> bool:
    """Whether laying `meld` (found in the hand, so valid and held) is legal now: the checker's verdict.

    The phase and the first go-round are the caller's to have checked.
    """
    key = pos.key - meld_key(meld)
    outcome = lay_down_outcome(pos, meld, key, after_use(pos.turn, meld.cards))
    return outcome is not None and not isinstance(outcome, Failure)


def _lay_downs(pos: Pos, melds: tuple[Meld, ...]) -> Iterator[LayDown]:
    """The lay-downs of `melds` (found in the hand) that `_lay_down_allowed` allows, in their order."""
    rules = pos.rules
    for meld in melds:
        if _lay_down_allowed(pos, meld):
            if not rules.announced_jokers:
                yield _new_lay_down(cards=meld.cards, kind=meld.kind, announce=())
                continue
            for announce in announcements(rules, meld, None, meld.cards):
                yield _new_lay_down(cards=meld.cards, kind=meld.kind, announce=announce)


def _hand_lay_downs(pos: Pos) -> Iterator[LayDown]:
    """The lay-downs of the melds in the hand that the checker allows, in the order of `melds_in`."""
    if pos.turn.borrowed:
        yield from _lay_downs(pos, melds_in(pos.key, pos.rules))
        return
    yield from _option_lay_downs(pos, options_in(pos.key, pos.rules))


def _option_lay_downs(pos: Pos, options: tuple[Option, ...]) -> Iterator[LayDown]:
    """The lay-downs of the melds `options` (found in the hand) that the checker allows, in their order.

    Each meld is judged on its packed cards (`options_in`, `options_with`)
    by `lay_down_allowed`, and a `LayDown` is built, from the meld's cards
    alone, only for those allowed: a hand grown by claims (rules §13) finds
    tens of thousands of melds, and no `Meld` value is built for any. Where
    the verdict or the action needs the meld itself (a set with jokers to
    announce) it goes as `_lay_downs`. The turn holds no table cards
    (`after_use` would read them off the meld): those go as `_lay_downs`
    (`_hand_lay_downs`, `_takes`).
    """
    rules = pos.rules
    allowed = lay_down_allowed(pos)
    announcing = announces(rules, MeldKind.SET, 1)  # whether a meld found may announce its jokers
    for option in options:
        kind = option_kind(option)
        if announcing and announces(rules, kind, option[2]):
            yield from _lay_downs(pos, (option_meld(option),))
            continue
        if allowed(option[0], option[1], kind, option[2]):
            yield _new_lay_down(cards=option_cards(option), kind=kind, announce=())


def _plays(pos: Pos) -> Iterator[Action]:
    """The legal lay-downs and lay-offs of the play phase."""
    if first_go_round(pos):
        return  # nothing is laid before every seat has had a turn (ASS S. 1)
    if failed_take_discards(pos):
        return  # after a failed take only the discard is left (DRoV Streitfall 1, 3)
    opened = pos.opened[pos.player]
    if opened or lay_down_possible(pos):
        yield from _hand_lay_downs(pos)
    if opened:
        yield from _layoffs(pos)


def _layoffs(
    pos: Pos,
    only: Card | None = None,
    keep: Callable[[int, tuple[Card, ...]], bool] | None = None,
) -> Iterator[LayOff]:
    """The legal lay-offs of the hand (with `only`, those holding it), each checked before it is built.

    `keep`, if given, is a further rule of the caller's on a candidate's
    table meld and cards, asked before the lay-off's own checks.
    """
    if may_lay_off(pos, "laying off"):
        return
    table = pos.table
    announced = pos.rules.announced_jokers
    for target, cards, side in _layoff_candidates(pos, only):
        if only is not None and only not in cards:
            continue
        if keep is not None and not keep(target, cards):
            continue
        entry = table[target]
        fit = lay_off_fit(pos, entry, cards, side, why=False)
        if isinstance(fit, Failure):
            continue
        if not announced:
            yield _new_lay_off(target=target, cards=cards, side=side, announce=())
            continue
        for announce in announcements(pos.rules, fit[0], entry, cards):
            yield _new_lay_off(target=target, cards=cards, side=side, announce=announce)


def _takes(pos: Pos, card: Card) -> Iterator[Action]:
    """The legal takes under ``immediate_use``: the top discard with each lay-down or lay-off holding it."""
    if first_go_round(pos) or take_refused(pos):
        return  # its use would be a lay-down or lay-off (ASS S. 1)
    inner = with_discard_taken(pos, card)
    opened = pos.opened[pos.player]
    # The melds holding the card, judged on their packed cards as the hand's are.
    options = options_with(inner.key, card.code, pos.rules)
    if options and (opened or lay_down_possible(inner)):
        lay_downs = (
            _lay_downs(inner, tuple(map(option_meld, options)))
            if inner.turn.borrowed
            else _option_lay_downs(inner, options)
        )
        for lay_down in lay_downs:
            yield _new_take(use=lay_down)
    if opened:

        def direct(_target: int, cards: tuple[Card, ...]) -> bool:
            # An indirect lay-off is refused (`_indirect_layoff_refused`) or binds the turn.
            return not indirect_take(pos, card, cards)

        for layoff in _layoffs(inner, only=card, keep=direct):
            yield _new_take(use=layoff)
        if pos.rules.indirect_layoff_out is IndirectLayoffOut.GOES_OUT_THIS_TURN:
            # Indirect lay-offs that bind the turn to go out (DRoV Nr. 10), checked so.
            def indirect(_target: int, cards: tuple[Card, ...]) -> bool:
                return indirect_take(pos, card, cards)

            for layoff in _layoffs(bound_to_go_out(inner), only=card, keep=indirect):
                yield _new_take(use=layoff)


def _moves(pos: Pos) -> Iterator[Action]:
    """Every legal action but the discards and the joker swaps."""
    rules = pos.rules
    if pos.phase is Phase.DRAW:
        if draw_refused(pos) is None:
            yield _DRAW
        if rules.next_player_buys and buy_refused(pos) is None:
            yield _BUY  # the next player's purchase (rules §13)
        if not pos.discard_pile:
            return
        if rules.take_discard is TakeMode.FREE:
            if not isinstance(take(pos, _TAKE), Failure):
                yield _TAKE
            return
        yield from _takes(pos, pos.discard_pile[-1])
        return
    if pos.phase is Phase.CLAIM:
        yield from claim_answers(pos)
        return
    if not nothing_to_take_back(pos):  # the play phase: `take_back_refused` asks only this
        yield _TAKE_BACK
    yield from _plays(pos)
    if rules.rearrange:
        yield from robs(pos)


def _swaps(pos: Pos) -> Iterator[Action]:
    """The legal joker swaps, with each place of the freed joker.

    The swap itself is checked once per table meld and card, and each
    follow-up on the position after it, with the checker's own functions
    (under ``swapped_joker=to_hand`` the whole swap, as the checker does),
    on the swap's parts: a `SwapJoker` is built only for a swap listed.
    """
    rules = pos.rules
    in_hand = {card.code for card in pos.hand}
    mode = rules.swapped_joker
    for index, entry in enumerate(pos.table):
        roles = entry.meld.jokers
        if not roles:
            continue
        # The natural cards in hand some joker of the meld stands for, in card order.
        for code in stood_for(roles):
            if code not in in_hand:
                continue
            card = _CARDS[code]
            if mode is SwappedJoker.TO_HAND:
                if not isinstance(swap(pos, index, card, None), Failure):
                    yield _new_swap(target=index, card=card, then=None)
                continue
            found = swap_joker(pos, index, card)
            if isinstance(found, Failure):
                continue
            after = swapped(pos, index, card, *found)
            # The freed joker laid down or laid off at once (`place_joker`'s follow-ups).
            for lay_down in _lay_downs(after, melds_with(after.key, JOKER_CODE, rules)):
                yield _new_swap(target=index, card=card, then=lay_down)

            def elsewhere(target: int, _cards: tuple[Card, ...], source: int = index) -> bool:
                return not back_to_its_meld(source, target, rules)

            for layoff in _layoffs(after, only=JOKER, keep=elsewhere):
                yield _new_swap(target=index, card=card, then=layoff)
            if mode is SwappedJoker.MELD_OR_DISCARD:
                discard = DISCARDS[JOKER_CODE]
                if not isinstance(place_joker(pos, index, discard, after), Failure):
                    yield _new_swap(target=index, card=card, then=discard)


_CARDS: Final = tuple(Card.from_code(code) for code in range(53))
_DRAW: Final = Draw()
_TAKE: Final = TakeDiscard()
_BUY: Final = Buy()
_TAKE_BACK: Final = TakeBack()
# The generator's moves are valid actions by construction: built without the checks of
# their constructors (their `_of`), and listed only once the checker's stages accept them.
_new_lay_off: Final = LayOff._of
_new_lay_down: Final = LayDown._of
_new_take: Final = TakeDiscard._of
_new_swap: Final = SwapJoker._of
DISCARDS: Final = tuple(Discard(card) for card in _CARDS)
# The fields of a table meld's shape word (`meld_shape`).
_RUN: Final = RUN
_LENGTH_SHIFT: Final = LENGTH_SHIFT
_LOW_SHIFT: Final = LOW_SHIFT
_HIGH_SHIFT: Final = HIGH_SHIFT
_BASE_SHIFT: Final = BASE_SHIFT
_BASE_FIELD: Final = BASE_FIELD
_LOW_JOKER: Final = LOW_JOKER
_HIGH_JOKER: Final = HIGH_JOKER
_NIBBLE: Final = NIBBLE


def has_legal_move(pos: Pos) -> bool:
    """Whether the player to act at `pos` has a legal action: `legal_moves` is not empty.

    Asks the generator's stages in `legal_moves`' order and stops at the
    first move found, so a hand that lists thousands of lay-downs (one
    grown by claims out of turn, rules §13) is judged at the cost of one.
    """
    if discardable(pos) or next(_moves(pos), None) is not None:
        return True
    opened = pos.phase is Phase.PLAY and pos.opened[pos.player]
    return opened and pos.rules.joker_swap and next(_swaps(pos), None) is not None


def legal_moves(pos: Pos) -> tuple[Action, ...]:
    """Return every action the checker accepts for the player to act at `pos`, each once.

    Discards first (checked without building their effect), then the
    draws or plays, then joker swaps with each place of the freed joker.
    Each move is built once: the discards are of distinct cards, each
    lay-down of a distinct meld and announcement, each lay-off of a
    distinct choice of cards, end and table meld, each swap of a distinct
    meld, card and follow-up, so the list is kept without hashing a move
    (the stateful and property tests check that no move is listed twice).
    """
    moves: list[Action] = [DISCARDS[card.code] for card in discardable(pos)]
    moves.extend(_moves(pos))
    if pos.phase is Phase.PLAY and pos.opened[pos.player] and pos.rules.joker_swap:
        moves.extend(_swaps(pos))
    return tuple(moves)
