"""Joker swaps (private): taking a joker from the table for the card it stands for, and placing it (rules §6).

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

from typing import TypeAlias

from romme._turn.ending import finish, hand_romme_possible, not_going_out
from romme._turn.guards import after_use, borrowed_failure, need_phase
from romme._turn.hands import add, remove
from romme._turn.laying import lay, may_lay_off, target_meld
from romme._turn.position import Effect, Failure, Next, Pos
from romme._turn.tables import replace_at, table_meld
from romme.cards import JOKER, Card, format_cards
from romme.errors import Reason
from romme.game import Discard, LayDown, LayOff, Phase, TableMeld
from romme.melds import JOKER_UNIT, Meld, MeldKind, meld_failure
from romme.rules import Rules, SwappedJoker

Placement: TypeAlias = LayDown | LayOff | Discard | None
"""Where a swap puts the freed joker: a `SwapJoker`'s ``then``."""


def swap(pos: Pos, target: int, card: Card, then: Placement) -> Effect | Failure:
    """Check and carry out the swap of `card` into table meld `target`, then place the freed joker by `then`.

    A `SwapJoker`'s parts: the generator checks a swap before it builds one.
    """
    found = swap_joker(pos, target, card)
    if isinstance(found, Failure):
        return found
    return place_joker(pos, target, then, swapped(pos, target, card, *found))


def swap_joker(pos: Pos, target: int, card: Card) -> tuple[TableMeld, int] | Failure:
    """Check a swap: the table meld `target` and the position of the joker `card` replaces."""
    rules = pos.rules
    wrong = need_phase(pos, Phase.PLAY, "swapping a joker") or may_lay_off(pos, "swapping a joker")
    if wrong:
        return wrong
    if not rules.joker_swap:
        return Failure(Reason.SWAP_NOT_ALLOWED, "these rules do not allow joker swaps")
    entry = target_meld(pos, target)
    if isinstance(entry, Failure):
        return entry
    meld = entry.meld
    if card.is_joker:
        return Failure(Reason.WRONG_SWAP_CARD, "a joker is swapped for a natural card, not a joker")
    if card not in pos.hand:
        return Failure(Reason.CARD_NOT_IN_HAND, f"the hand does not hold {card}")
    if not meld.jokers:
        return Failure(Reason.NO_JOKER_THERE, f"table meld {target} ({meld}) holds no joker")
    roles = [role for role in meld.jokers if role.can_be(card)]
    if not roles:
        return Failure(Reason.WRONG_SWAP_CARD, f"no joker in {meld} stands for {card}")
    if entry.announced:
        # Announced jokers (Schmidt S. 3): only the card announced for a joker swaps it.
        jokers = [p for p, c in enumerate(meld.cards) if c.is_joker]
        places = {jokers[i] for i, announced in enumerate(entry.announced) if announced == card}
        roles = [role for role in roles if role.position in places]
        if not roles:
            return Failure(
                Reason.SWAP_NOT_ANNOUNCED,
                f"the jokers of {meld} were announced as {format_cards(entry.announced)}, "
                f"not {card} (Schmidt S. 3)",
            )
    if rules.swap_set_needs_four and meld.kind is MeldKind.SET and len(meld) < 4:
        return Failure(
            Reason.SWAP_NEEDS_FOUR,
            f"{meld}: a joker in a set is swapped only when the set has four cards (DRoV rule 9)",
        )
    if not rules.swap_own_new_joker:
        roles = [role for role in roles if role.position not in entry.fresh]
        if not roles:
            return Failure(
                Reason.SWAP_OWN_NEW_JOKER,
                f"the joker in {meld} was laid this turn and may not be swapped this turn (DRoV Streitfall 20)",
            )
    if rules.swap_needs_complete_meld and not _complete_after_swap(meld):
        return Failure(
            Reason.SWAP_NOT_COMPLETE,
            f"{meld}: a joker is swapped only when the meld is complete afterwards, "
            "with no joker left and a set of four cards (Schmidt S. 3)",
        )
    return entry, roles[0].position


def _complete_after_swap(meld: Meld) -> bool:
    """Whether `meld` is complete once one joker is swapped: no joker left, a set of four (Schmidt S. 3)."""
    return len(meld.jokers) == 1 and (meld.kind is MeldKind.RUN or len(meld) == 4)


def swapped(pos: Pos, target: int, card: Card, entry: TableMeld, position: int) -> Pos:
    """The position after a checked swap of `card` for the joker at `position`: the freed joker in hand."""
    rules = pos.rules
    meld = entry.meld
    cards = list(meld.cards)
    cards[position] = card
    result = meld_failure(tuple(cards), rules, meld.kind)
    if not isinstance(result, Meld):  # pragma: no cover - a swap never breaks a meld
        raise AssertionError(f"swapping {card} into {meld} broke it: {result}")
    if meld.kind is MeldKind.SET:
        fresh_count = (
            sum(1 for p in entry.fresh if p != position)
            if position in entry.fresh
            else len(entry.fresh)
        )
        joker_positions = [p for p, c in enumerate(result.cards) if c.is_joker]
        fresh = (
            frozenset(joker_positions[len(joker_positions) - fresh_count :])
            if fresh_count
            else frozenset()
        )
    else:
        fresh = entry.fresh - {position}
    announced = entry.announced
    if announced:
        index = [p for p, c in enumerate(meld.cards) if c.is_joker].index(position)
        announced = (*announced[:index], *announced[index + 1 :])
    table = replace_at(
        pos.table, target, table_meld(result, entry.owner, entry.staged, fresh, announced)
    )
    rest = remove(pos.hand, (card,))
    assert rest is not None
    hand = add(rest, JOKER)
    used = after_use(pos.turn, (card,))
    turn = used._laid_off_now()
    return pos.with_hand(hand, table=table, turn=turn)


def place_joker(pos: Pos, source: int, then: Placement, after: Pos) -> Effect | Failure:
    """Place the joker a swap took from table meld `source` (`after`: with it in hand), as `then` says."""
    rules = pos.rules
    hand, table, turn = after.hand, after.table, after.turn
    mode = rules.swapped_joker
    if mode is SwappedJoker.TO_HAND:
        if then is not None:
            return Failure(
                Reason.SWAPPED_JOKER_TO_HAND,
                "under these rules the freed joker goes to the hand; play it in a separate action",
            )
        follow = finish(rules, after.key, turn)
        if isinstance(follow, Failure):
            return follow
        return Effect(
            hand=hand,
            key=after.key,
            table=table,
            discard_pile=pos.discard_pile,
            opened=True,
            turn=turn,
            next=follow,
        )
    if then is None:
        return Failure(
            Reason.SWAPPED_JOKER_NOT_PLACED,
            "the freed joker must be placed in the same action (DRoV rule 6, cardgames.zone rules §9)",
        )
    if isinstance(then, Discard):
        if mode is not SwappedJoker.MELD_OR_DISCARD or not then.card.is_joker:
            return Failure(
                Reason.SWAPPED_JOKER_NOT_PLACED,
                "the freed joker must be laid down or laid off in the same action",
            )
        if turn.borrowed:
            return borrowed_failure(after)
        pile = (*pos.discard_pile, JOKER)
        hand_after = remove(hand, (JOKER,))
        assert hand_after is not None
        if hand_after and turn.to_go_out:
            return not_going_out(turn)  # the discard would end the turn without going out
        return Effect(
            hand=hand_after,
            key=after.key - JOKER_UNIT,
            table=table,
            discard_pile=pile,
            opened=True,
            turn=turn,
            next=Next.END_TURN if hand_after else Next.WENT_OUT,
            hand_romme=not hand_after and hand_romme_possible(pos),
        )
    if not any(c.is_joker for c in then.cards):
        return Failure(
            Reason.SWAPPED_JOKER_NOT_PLACED,
            "the freed joker must be part of the meld or lay-off that follows the swap",
        )
    if isinstance(then, LayOff) and back_to_its_meld(source, then.target, rules):
        return Failure(
            Reason.SWAP_BACK_SAME_MELD,
            "the freed joker may not go back into the meld it came from (German Rummy rules)",
        )
    return lay(after, then)


def back_to_its_meld(source: int, target: int, rules: Rules) -> bool:
    """Whether laying the freed joker off onto table meld `target` returns it to `source`, which the rules forbid."""
    return target == source and not rules.swap_back_same_meld
