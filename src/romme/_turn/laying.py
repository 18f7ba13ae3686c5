"""Laying down and laying off (private): the stages of rules §3, §5 and §6 for melds from the hand.

`lay_down` and `lay_off` check one action and build its effect; the
verdicts they rest on (`lay_down_outcome`, `lay_off_fit`) are what the
generator asks of the moves it builds, so both read one statement of each rule.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from typing import Final, Literal, NamedTuple, TypeAlias

from romme._turn.ending import finish, finisher, hand_romme_possible, waiver_applies
from romme._turn.guards import after_use, need_phase, not_after_failed_take, not_first_go_round
from romme._turn.hands import check_cards
from romme._turn.opening import (
    Worth,
    hand_romme_completable,
    opening_completable,
    search_pool,
)
from romme._turn.position import Effect, Failure, Next, Pos
from romme._turn.tables import replace_at, staged_melds, table_meld, unstage
from romme.cards import Card, Suit, format_cards
from romme.errors import Reason
from romme.game import LayDown, LayOff, Phase, Side, TableMeld, TurnState
from romme.melds import Meld, MeldKind, field, meld_failure, meld_key, pack_cards
from romme.rules import IndirectLayoffOut, Opening, Rules, Shortfall


class _Laid(enum.Enum):
    """How a lay-down that the rules allow goes on (`lay_down_outcome`)."""

    OPENED = "opened"
    """The player had opened, or this meld completes the opening: the staged melds are final."""
    HAND_ROMME = "hand_romme"
    """The last card, melded under the Hand-Rommé waiver (DRoV Nr. 10)."""
    STAGED = "staged"
    """Staged towards an opening the rest of the hand can still complete this turn."""


def lay(pos: Pos, action: LayDown | LayOff) -> Effect | Failure:
    """Check a lay-down or lay-off that follows another action: the taken discard's use, a freed joker's place."""
    if isinstance(action, LayDown):
        return lay_down(pos, action)
    return lay_off(pos, action)


def lay_down(pos: Pos, action: LayDown) -> Effect | Failure:
    wrong = (
        need_phase(pos, Phase.PLAY, "laying down")
        or not_first_go_round(pos, "laying down")
        or not_after_failed_take(pos, "laying down")
    )
    if wrong:
        return wrong
    rules = pos.rules
    rest = check_cards(pos, action.cards)
    if isinstance(rest, Failure):
        return rest
    result = meld_failure(action.cards, rules, action.kind)
    if not isinstance(result, Meld):
        return Failure(*result)
    meld = result
    if (action.announce or rules.announced_jokers) and action.announce not in announcements(
        rules, meld, None, action.cards
    ):
        return _announcement_failure(meld, action.announce, rules)
    turn = after_use(pos.turn, action.cards)
    key = pos.key - meld_key(meld)
    outcome = lay_down_outcome(pos, meld, key, turn)
    if outcome is None:
        return _opening_failure(pos, meld, key, turn)
    if isinstance(outcome, Failure):
        return outcome
    laid, follow = outcome
    fresh = frozenset(role.position for role in meld.jokers)
    if laid is _Laid.STAGED:
        return Effect(
            hand=rest,
            key=key,
            table=(*pos.table, table_meld(meld, pos.player, True, fresh, action.announce)),
            discard_pile=pos.discard_pile,
            opened=False,
            turn=turn,
            next=Next.PLAY,
        )
    staged = not pos.opened[pos.player]
    table = unstage(pos.table) if staged else pos.table
    return Effect(
        hand=rest,
        key=key,
        table=(*table, table_meld(meld, pos.player, False, fresh, action.announce)),
        discard_pile=pos.discard_pile,
        opened=True,
        turn=turn._with_taken(
            taken=turn.taken, taken_in_hand=turn.taken_in_hand, taken_staged=False
        )
        if laid is _Laid.OPENED and staged
        else turn,
        next=follow,
        hand_romme=laid is _Laid.HAND_ROMME
        or (follow is Next.WENT_OUT and hand_romme_possible(pos)),
    )


_Verdict: TypeAlias = "tuple[_Laid, Next] | Failure | None"
"""What `lay_down_outcome` decides: what follows once laid, why not, or ``None`` (opening out of reach)."""


def lay_down_outcome(pos: Pos, meld: Worth, key: int, turn: TurnState) -> _Verdict:
    """Whether laying `meld` from the hand, leaving the packed `key` and `turn`, is allowed (rules §5, §8).

    The meld is valid and in hand; this decides the rest: what follows
    once laid, a `Failure`, or ``None`` when the opening can no longer be
    completed this turn (`_opening_failure` names the requirement). The
    checker builds the effect from it; the generator needs only the
    verdict, so it never builds an effect or a refusal's message, and
    asks it of the melds it finds by their packed cards, value, kind and
    jokers, before any `Meld` is built, through one `lay_down_allowed`
    for all the melds of a hand (the same verdicts, from the same
    `_staged_with`, decided once per value, kind and jokers).
    """
    rules = pos.rules
    if not pos.opened[pos.player]:
        # Not opened: the meld is staged towards the opening (rules §5).
        before = staged_melds(pos.table)
        found = _staged_with(rules.opening, before, meld)
        if found is None:
            return Failure(
                Reason.OPENING_JOKER,
                f"{meld}: no joker may be part of the opening under these rules",
            )
        staged, short = found
        if short is not None:
            return _towards_opening(pos, before)(staged, short, key, turn)
    follow = finish(rules, key, turn)
    return follow if isinstance(follow, Failure) else (_Laid.OPENED, follow)


class _Worth(NamedTuple):
    """A meld as the opening reads it (`Worth`): its value, kind and jokers, no `Meld` built."""

    value: int
    kind: MeldKind
    joker_count: int


_Staging: TypeAlias = "tuple[list[Worth], Shortfall | None] | None"
"""What staging a meld makes (`_staged_with`): the melds then staged and what they miss."""


def _staged_with(opening: Opening, before: list[Meld], meld: Worth) -> _Staging:
    """What staging `meld` towards `opening` after the melds `before` makes of it (rules §5).

    The melds then staged (`before` and `meld`) and what they still miss
    (``None`` once they complete the opening), or ``None`` where the
    opening admits no such meld. It reads of the meld only its value,
    kind and jokers, so the many melds of a hand ask it once for each
    (`lay_down_allowed`).
    """
    if not opening.admits(meld):
        return None
    staged: list[Worth] = [*before, meld]
    return staged, opening.missing(staged)


def _towards_opening(
    pos: Pos, before: list[Meld]
) -> Callable[[Sequence[Worth], Shortfall, int, TurnState], _Verdict]:
    """What follows a meld staged towards an opening it does not complete (rules §5, §8).

    A function of the melds `staged` (`before`, the melds staged earlier,
    and the new one), what they miss (`short`), the packed hand left and
    the turn: the rest of the hand must complete the opening this turn,
    or, under the Hand-Rommé waiver, be melded but for a last discard.
    """
    rules = pos.rules
    opening = rules.opening
    hand = pos.key
    pool = search_pool(hand, before)
    waiver = waiver_applies(pos)

    def towards(staged: Sequence[Worth], short: Shortfall, key: int, turn: TurnState) -> _Verdict:
        if not key:
            if rules.discard_to_go_out:
                return Failure(
                    Reason.MUST_KEEP_A_CARD, "the last card must be discarded (DRoV Streitfall 7)"
                )
            if waiver:
                return _Laid.HAND_ROMME, Next.WENT_OUT
        # What is left of the hand must complete the opening.
        if opening_completable(key, staged, turn, pool, rules, opening, short) or (
            waiver and hand_romme_completable(key, turn, hand, before, rules)
        ):
            return _Laid.STAGED, Next.PLAY
        return None

    return towards


def lay_down_allowed(pos: Pos) -> Callable[[int, int, MeldKind, int], bool]:
    """Whether `lay_down_outcome` allows a meld found in the hand at `pos`, for the many melds of one hand.

    A function of the meld's packed cards, value, kind and jokers, for a
    turn that holds no table cards (`TurnState.borrowed` empty): the same
    verdict, with no `Meld` and no `Failure` built. What depends only on
    the meld's worth (whether the opening admits it, what the melds staged
    then miss) is decided once per value, kind and jokers; the turn once
    the meld is laid is one of two (`after_use`: it holds the taken card or
    not), each with its `finisher`.
    """
    rules = pos.rules
    hand = pos.key
    turn = pos.turn
    # The turn once a meld is laid: `after_use` tells only whether it holds the taken card.
    taken = turn.taken if turn.taken_in_hand else None
    taken_field = 0 if taken is None else field(taken.code)
    taken_turn = turn if taken is None else after_use(turn, (taken,))
    ends = finisher(rules, turn)
    taken_ends = finisher(rules, taken_turn)
    if pos.opened[pos.player]:

        def opened(packed: int, value: int, kind: MeldKind, jokers: int) -> bool:
            return (taken_ends if packed & taken_field else ends)(hand - packed)

        return opened
    opening = rules.opening
    before = staged_melds(pos.table)
    towards = _towards_opening(pos, before)
    known: dict[tuple[int, MeldKind, int], _Staging] = {}  # by (value, kind, jokers)

    def staging(packed: int, value: int, kind: MeldKind, jokers: int) -> bool:
        worth = (value, kind, jokers)
        # False: not decided yet (None is an answer: the opening admits no such meld).
        found: _Staging | Literal[False] = known.get(worth, False)
        if found is False:
            found = known[worth] = _staged_with(opening, before, _Worth(value, kind, jokers))
        if found is None:
            return False
        staged, short = found
        key = hand - packed
        if short is None:
            return (taken_ends if packed & taken_field else ends)(key)
        verdict = towards(staged, short, key, taken_turn if packed & taken_field else turn)
        return verdict is not None and not isinstance(verdict, Failure)

    return staging


def announcements(
    rules: Rules, meld: Meld, before: TableMeld | None, added: tuple[Card, ...]
) -> tuple[tuple[Card, ...], ...]:
    """The announcements allowed when `added` makes `meld` (laid down, or laid off onto `before`).

    The one statement of announced jokers (``announced_jokers``, Schmidt S. 3),
    which the checker and the generator both read: without the rule, or for
    a run, only none; for a set, one card per joker laid, of the set's rank,
    in card order, of a suit the set can still take (a suit no natural card
    or announced joker holds, under ``set_distinct_suits``). A set that lies
    on the table unannounced (set up so) stays unannounced. Under
    ``set_distinct_suits`` no natural card may be laid off in the suit of an
    announced joker: that card swaps it.
    """
    if not rules.announced_jokers or meld.kind is not MeldKind.SET:
        return _NOTHING_ANNOUNCED
    if before is not None and len(before.announced) != len(before.meld.jokers):
        return _NOTHING_ANNOUNCED
    distinct = rules.set_distinct_suits
    held = before.announced if before is not None else ()
    if before is not None and _announced_card(rules, before, added) is not None:
        return ()
    jokers = sum(1 for card in added if card.is_joker)
    if not announces(rules, meld.kind, jokers):
        return _NOTHING_ANNOUNCED
    rank = meld.jokers[0].rank
    if distinct:
        taken = {card.suit for card in meld.cards if not card.is_joker}
        taken.update(card.suit for card in held)
        free = [suit for suit in Suit if suit not in taken]
        suits: Iterable[tuple[Suit, ...]] = combinations(free, jokers)
    else:
        suits = combinations_with_replacement(tuple(Suit), jokers)
    return tuple(tuple(Card(rank, suit) for suit in chosen) for chosen in suits)


_NOTHING_ANNOUNCED: Final[tuple[tuple[Card, ...], ...]] = ((),)


def announces(rules: Rules, kind: MeldKind, jokers: int) -> bool:
    """Whether laying `jokers` jokers into a meld of `kind` announces any (`announcements`): a set's, under the rule."""
    return rules.announced_jokers and jokers > 0 and kind is MeldKind.SET


def _announced_card(rules: Rules, before: TableMeld, added: tuple[Card, ...]) -> Card | None:
    """The card of `added` announced for a joker of the set `before`, which no lay-off places, or ``None``.

    Under ``announced_jokers`` and ``set_distinct_suits`` (Schmidt S. 3, DRoV
    Nr. 8) the announced joker holds its suit: the set takes the natural
    card of that suit only by a swap (rules §13, announced jokers).
    """
    if not (rules.announced_jokers and rules.set_distinct_suits and before.announced):
        return None
    return next((card for card in added if card in before.announced), None)


def _announced_card_failure(entry: TableMeld, card: Card, rules: Rules) -> Failure:
    """Why `card`, announced for a joker of the set `entry`, is not laid off onto it (Schmidt S. 3)."""
    meld = entry.meld
    if rules.swap_set_needs_four and len(meld) < 4:
        swap = (
            "a swap, and a joker in a set is swapped only when the set has four cards (DRoV Nr. 9)"
        )
    else:
        swap = "a swap for that joker"
    return Failure(
        Reason.JOKER_NOT_ANNOUNCED,
        f"{card} onto {meld}: the joker there was announced as {card} when it was laid, and a "
        f"set holds each suit once, so the {card} takes its place only by {swap} (Schmidt S. 3)",
    )


def _announcement_failure(meld: Meld, announce: tuple[Card, ...], rules: Rules) -> Failure:
    if not rules.announced_jokers:
        what = "these rules announce no joker"
    elif meld.kind is not MeldKind.SET or not meld.jokers:
        what = f"{meld}: only a set's jokers are announced"
    else:
        what = f"{meld}: announce one card per joker laid, in card order, of a suit the set can still take"
    shown = format_cards(announce) if announce else "nothing"
    return Failure(Reason.JOKER_NOT_ANNOUNCED, f"{what} (announced {shown}; Schmidt S. 3)")


def _opening_failure(pos: Pos, meld: Meld, key: int, turn: TurnState) -> Failure:
    """Name the requirement of the opening that `meld`, staged, leaves out of reach this turn."""
    rules = pos.rules
    opening = rules.opening
    before = staged_melds(pos.table)
    staged: list[Worth] = [*before, meld]
    pool = search_pool(pos.key, before)
    if opening.requires_run and opening_completable(
        key, staged, turn, pool, rules, opening._replace(requires_run=False)
    ):
        return Failure(
            Reason.OPENING_NEEDS_RUN,
            f"{meld}: the opening must include a run, and none can be laid this turn",
        )
    if not opening.sums_melds and opening_completable(
        key, staged, turn, pool, rules, opening._replace(sums_melds=True)
    ):
        return Failure(
            Reason.OPENING_SINGLE_MELD,
            f"{meld}: one meld alone must be worth {opening.threshold}, and none can be laid this turn",
        )
    return Failure(
        Reason.OPENING_BELOW_THRESHOLD,
        f"{meld}: the opening of {opening.threshold} can no longer be completed this turn",
    )


def may_lay_off(pos: Pos, what: str) -> Failure | None:
    first = not_first_go_round(pos, what)
    if first:
        return first
    if not pos.opened[pos.player]:
        return Failure(Reason.NOT_OPENED, f"{what} needs an opened player (DRoV rule 9)")
    if not pos.turn.opened_before and not pos.rules.opening_turn_layoffs:
        return Failure(
            Reason.NOT_IN_OPENING_TURN,
            f"{what} is allowed only from the turn after opening under these rules",
        )
    return None


def indirect_take(pos: Pos, card: Card, laid: tuple[Card, ...]) -> bool:
    """Whether taking `card` to lay off `laid` (it among them) is an indirect lay-off that must go out (DRoV Nr. 10).

    `pos` is the position before the take. Under
    ``indirect_layoff_only_to_go_out`` a take whose lay-off holds hand cards
    too, of a card that fits no table meld alone ("mauscheln"), is allowed
    only to go out; a lay-off that leaves at most the one card to discard
    goes out anyway. The checker and the generator both ask it; what going
    out asks is ``indirect_layoff_out`` (`indirect_layoff_refused`).
    """
    rules = pos.rules
    if not rules.indirect_layoff_only_to_go_out or len(laid) == 1:
        return False
    if len(pos.hand) + 1 - len(laid) <= 1:
        return False  # the player goes out with the discard that follows
    single = (card,)
    # A card that fits somewhere alone is a plain lay-off.
    return not any(
        not isinstance(_extend(entry, single, None, rules, why=False), Failure)
        for entry in pos.table
    )


def indirect_layoff_refused(pos: Pos, card: Card, laid: tuple[Card, ...]) -> Failure | None:
    """Why taking `card` to lay off `laid` is an indirect lay-off refused at the take, or ``None`` (DRoV Nr. 10).

    Under ``indirect_layoff_out=layoff_leaves_one`` an indirect take
    (`indirect_take`) is refused; under ``goes_out_this_turn`` it binds the
    turn to go out instead (`TurnState.to_go_out`, checked by `finish`).
    """
    if pos.rules.indirect_layoff_out is IndirectLayoffOut.GOES_OUT_THIS_TURN:
        return None
    if not indirect_take(pos, card, laid):
        return None
    return Failure(
        Reason.INDIRECT_LAYOFF_NOT_OUT,
        f"the {card} fits only together with hand cards, which is allowed only to go out (DRoV Nr. 10)",
    )


def target_meld(pos: Pos, target: int) -> TableMeld | Failure:
    count = len(pos.table)
    if not 0 <= target < count:
        if not count:
            where = "the table is empty"
        elif count == 1:
            where = "the one table meld is number 0"
        else:
            where = f"the table melds are numbered 0 to {count - 1}"
        return Failure(Reason.NO_SUCH_MELD, f"there is no table meld {target}: {where}")
    return pos.table[target]


def lay_off(pos: Pos, action: LayOff) -> Effect | Failure:
    wrong = need_phase(pos, Phase.PLAY, "laying off") or may_lay_off(pos, "laying off")
    if wrong:
        return wrong
    entry = target_meld(pos, action.target)
    if isinstance(entry, Failure):
        return entry
    rest = check_cards(pos, action.cards)
    if isinstance(rest, Failure):
        return rest
    fit = lay_off_fit(pos, entry, action.cards, action.side)
    if isinstance(fit, Failure):
        return fit
    meld, side, used, follow = fit
    rules = pos.rules
    if (action.announce or rules.announced_jokers) and action.announce not in announcements(
        rules, meld, entry, action.cards
    ):
        held = _announced_card(rules, entry, action.cards)
        if held is not None:
            return _announced_card_failure(entry, held, rules)
        return _announcement_failure(meld, action.announce, rules)
    new_entry = table_meld(
        meld,
        entry.owner,
        entry.staged,
        _fresh_after_extend(entry, meld, action.cards, side),
        (*entry.announced, *action.announce),
    )
    table = replace_at(pos.table, action.target, new_entry)
    return Effect(
        hand=rest,
        key=pos.key - pack_cards(action.cards),
        table=table,
        discard_pile=pos.discard_pile,
        opened=True,
        turn=used._laid_off_now(),
        next=follow,
        hand_romme=follow is Next.WENT_OUT and hand_romme_possible(pos),
    )


def lay_off_fit(
    pos: Pos, entry: TableMeld, cards: tuple[Card, ...], side: Side | None, *, why: bool = True
) -> tuple[Meld, Side | None, TurnState, Next] | Failure:
    """Whether `cards` (held, by a player who may lay off) fit `entry` at `side`, and the turn goes on.

    Returns the meld made, its side, the turn once the cards are used
    (not yet marked as having laid off: only the effect needs that, and
    what follows does not depend on it) and what follows. The generator
    asks only this of the lay-offs it finds in the hand, and builds a
    `LayOff` only for those it accepts; it reads only whether a candidate
    is refused, so with `why` false cards that do not fit are refused by
    `_NO_FIT`, no message written.
    """
    extended = _extend(entry, cards, side, pos.rules, why=why)
    if isinstance(extended, Failure):
        return extended
    meld, side = extended
    used = after_use(pos.turn, cards)  # the turn itself while no card of it is used
    follow = finish(pos.rules, pos.key - pack_cards(cards), used)
    if isinstance(follow, Failure):
        return follow
    return meld, side, used, follow


def _extend(
    entry: TableMeld, cards: tuple[Card, ...], side: Side | None, rules: Rules, *, why: bool = True
) -> tuple[Meld, Side | None] | Failure:
    """Return the meld `cards` laid off onto `entry` make, or why they do not fit (`_NO_FIT` without `why`)."""
    meld = entry.meld
    if meld.kind is MeldKind.SET:
        if side is not None:
            if not why:
                return _NO_FIT
            return Failure(
                Reason.LAYOFF_DOES_NOT_FIT, f"{_onto(cards, meld)}: a set has no low or high end"
            )
        result = meld_failure((*meld.cards, *cards), rules, MeldKind.SET)
        if isinstance(result, Meld):
            return result, None
        return _layoff_failure(result, cards, meld) if why else _NO_FIT
    failure: tuple[Reason, str] | None = None
    for try_side in (Side.HIGH, Side.LOW) if side is None else (side,):
        sequence = (*meld.cards, *cards) if try_side is Side.HIGH else (*cards, *meld.cards)
        result = meld_failure(sequence, rules, MeldKind.RUN)
        if isinstance(result, Meld):
            if result.cards == sequence:
                return result, try_side
            failure = failure or (
                Reason.LAYOFF_DOES_NOT_FIT,
                f"the cards do not continue the run at its {try_side.value} end",
            )
        else:
            failure = failure or result
    assert failure is not None
    return _layoff_failure(failure, cards, meld) if why else _NO_FIT


_NO_FIT: Final = Failure(Reason.LAYOFF_DOES_NOT_FIT, "the cards do not fit that meld")
"""What `lay_off_fit` and `_extend` answer, without `why`, for cards that do not fit: whatever the rule."""


def _fresh_after_extend(
    entry: TableMeld, meld: Meld, added: Sequence[Card], side: Side | None
) -> frozenset[int]:
    new_jokers = sum(1 for card in added if card.is_joker)
    if meld.kind is MeldKind.SET:
        count = len(entry.fresh) + new_jokers
        positions = [p for p, card in enumerate(meld.cards) if card.is_joker]
        return frozenset(positions[len(positions) - count :]) if count else frozenset()
    if side is Side.LOW:
        shift = len(added)
        return frozenset(
            {p + shift for p in entry.fresh} | {p for p, card in enumerate(added) if card.is_joker}
        )
    base = len(entry.meld.cards)
    return frozenset(entry.fresh | {base + p for p, card in enumerate(added) if card.is_joker})


def _onto(cards: tuple[Card, ...], meld: Meld) -> str:
    return f"{format_cards(cards)} onto {meld}"


def _layoff_failure(failure: tuple[Reason, str], cards: tuple[Card, ...], meld: Meld) -> Failure:
    reason, message = failure
    text = _onto(cards, meld)
    if reason in (Reason.JOKER_LIMIT, Reason.ADJACENT_JOKERS, Reason.AROUND_THE_CORNER):
        return Failure(reason, f"{text}: {message}")
    return Failure(Reason.LAYOFF_DOES_NOT_FIT, f"{text} does not make a valid meld ({message})")
