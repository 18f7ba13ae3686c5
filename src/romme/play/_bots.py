"""Bots (Computerspieler): players that choose an action from a `PlayerView`, never the full state.

>>> from romme import apply, find_rules, new_game, view
>>> state = new_game(find_rules("classic"), 3, seed=2)
>>> bots = [GreedyBot(), RandomBot(seed=1), RandomBot(seed=2)]
>>> while not state.is_over:
...     state = apply(state, bots[state.current_player].choose(view(state, state.current_player)))
>>> state.result.end.value
'went_out'

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Protocol, runtime_checkable

from romme._turn import apply, legal_actions, rob_parts
from romme.cards import Card, Rank
from romme.game import (
    Action,
    Buy,
    Consent,
    Discard,
    Draw,
    Knock,
    LayDown,
    LayOff,
    Pass,
    PlayerView,
    Refuse,
    SwapJoker,
    TableMeld,
    TakeBack,
    TakeDiscard,
    TakeFromTable,
    card_penalty,
)
from romme.game import view as see
from romme.melds import (
    MeldKind,
    is_valid_meld,
    pack_cards,
    quick_best_melds,
    quick_packing_value,
    quick_values_without_one,
)
from romme.play._sampling import determinize
from romme.rules import Rules, TakeDiscardMode

__all__ = ["Bot", "GreedyBot", "RandomBot", "near", "partners", "random_choice", "table_outs"]


@runtime_checkable
class Bot(Protocol):
    """A player: given the view of the seat to act, return one of its legal actions."""

    def choose(self, view: PlayerView) -> Action:
        """Return the action to take; it must be in ``legal_actions(view)``."""
        ...


class RandomBot:
    """Choose uniformly among the legal actions, from its own seeded generator.

    Under ``rearrange`` (Räuber-Rommé) it draws the kind of action first
    (a discard, a lay-down, a table card taken, a take-back, …), then one
    of that kind (`romme.play.random_choice`): chosen uniformly, the many
    takes of table cards would crowd out the rest, each turn growing the
    hand until a take-back.

    >>> from romme import find_rules, new_game, view
    >>> bot = RandomBot(seed=3)
    >>> state = new_game(find_rules("drov"), 4, seed=1)
    >>> from romme import Draw, TakeDiscard
    >>> isinstance(bot.choose(view(state, state.current_player)), Draw | TakeDiscard)
    True
    """

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, view: PlayerView) -> Action:
        """Return a legal action chosen at random."""
        return random_choice(self._random, _legal(view), view.rules)


def random_choice(rng: random.Random, actions: Sequence[Action], rules: Rules) -> Action:
    """One of `actions` at random: uniformly, or under ``rearrange`` a kind of action first.

    The choice of `romme.RandomBot`, for random play of one's own: under the
    rules of the rule books it is ``rng.choice(actions)``. Under
    ``rearrange`` it draws uniformly among the kinds of action present
    (their classes), then uniformly among the actions of that kind.

    Raises:
        ValueError: If `actions` is empty.
    """
    if not actions:
        raise ValueError("no action to choose from")
    if not rules.rearrange:
        return rng.choice(actions)
    kinds: dict[type, list[Action]] = {}
    for action in actions:
        kinds.setdefault(type(action), []).append(action)
    return rng.choice(kinds[rng.choice(list(kinds))])


def _legal(view: PlayerView) -> tuple[Action, ...]:
    actions = legal_actions(view)
    if not actions:
        raise ValueError(f"seat {view.player} has no legal action: it is not their turn")
    return actions


def _removed(action: Action) -> tuple[Card, ...]:
    """The hand cards an action puts on the table."""
    if isinstance(action, LayDown | LayOff):
        return action.cards
    if isinstance(action, SwapJoker):
        placed = (
            () if action.then is None or isinstance(action.then, Discard) else action.then.cards
        )
        return (action.card, *placed)
    return ()


class GreedyBot:
    """A sound heuristic player, the baseline to beat.

    It opens as soon as it can, lays down and lays off whatever it can
    (the costliest cards first), swaps jokers when the swap places cards,
    takes the discard only when it improves its melds, and discards the
    card that hurts its hand least: not in its best melds, few partners,
    high penalty.

    Under Räuber-Rommé (rules §13), when it has nothing to lay down or lay
    off, it takes the table card that raises its hand's best packing most
    (the cards that come along counting as the melds they were), if the
    packing then reaches the opening (before it has opened) or melds more
    of its own cards (after), and holds every card taken with a card left
    to discard. It plays the taking out first and takes a card only when
    it then lays every table card again, its best melds first: it never
    takes a turn back, and keeps no memory from one choice to the next.

    A hand grown past 26 cards by claims out of turn it judges by melds
    taken greedily, the most valuable first, instead of its best packing,
    whose search grows beyond bounds there.

    In a claim window (``knocking``, ``buying``, rules §13) it knocks or
    buys when the top discard raises the value of its best melds by at
    least `CLAIM_GAIN` points (worth the extra card it must take with it,
    about that much penalty if it stays in hand), and passes otherwise; it
    consents to another seat's purchase unless the card would be worth
    that much to itself.
    """

    CLAIM_GAIN = 10
    """The least gain in meld value for which the bot claims a discard out of turn."""

    def choose(self, view: PlayerView) -> Action:
        """Return the action this heuristic prefers."""
        actions = _legal(view)
        if len(actions) == 1:
            return actions[0]
        if view.phase.value == "draw":
            return self._draw(view, actions)
        if view.phase.value == "claim":
            return self._claim(view, actions)
        plays = [
            a for a in actions if isinstance(a, LayDown | LayOff | SwapJoker) and not _discards(a)
        ]
        if view.turn.borrowed:
            # Table cards in hand go back to the table first, or the turn is taken back.
            held = set(view.turn.borrowed)
            placing = [a for a in plays if held & set(_removed(a))]
            if not placing:
                return TakeBack()
            # The melds of the packing the cards were taken for, when there are some.
            best = {meld.cards for meld in quick_best_melds(view.hand, view.rules)}
            planned = [a for a in placing if isinstance(a, LayDown) and a.cards in best]
            return max(planned or placing, key=lambda a: self._play_score(view, a))
        if not plays:  # lay down and lay off first, then look at the table
            rob = self._rob(view, actions)
            if rob is not None:
                return rob
        if plays:
            # Lay down the melds of the best packing first, so that one meld
            # does not break another (rules §5: the opening adds them up).
            # Not `best_melds`, whose input limit a hand grown by claims out of turn
            # may pass (rules §13); where the search for them grows too large
            # they are taken greedily, as in all of this bot's judgements of a hand.
            best = {meld.cards for meld in quick_best_melds(view.hand, view.rules)}
            planned = [a for a in plays if isinstance(a, LayDown) and a.cards in best]
            return max(planned or plays, key=lambda a: self._play_score(view, a))
        discards = [a for a in actions if isinstance(a, Discard)]
        if discards:
            # The hand judged without each card in one search (bounded as a whole).
            kept = (
                quick_values_without_one(pack_cards(view.hand), view.rules)
                if len(view.hand) >= 5
                else {}
            )
            return max(discards, key=lambda a: self._discard_score(view, a.card, kept))
        # Only a take-back or a swap ending in a discard are left.
        others = [a for a in actions if not isinstance(a, TakeBack)]
        return others[0] if others else actions[0]

    def _rob(self, view: PlayerView, actions: tuple[Action, ...]) -> TakeFromTable | None:
        """The table card whose taking raises the best packing most, if that opens or helps (Räuber-Rommé).

        The cards that come along with it count as what they were: melds
        already, so only the hand cards they let meld are a gain, and the
        best melds of the hand with them must hold every one and leave a
        card to discard where going out takes one. The taking is played
        out first on a position of the view (`_lays_again`): the bot takes
        a card only when its way of laying the cards again places them all,
        so that it never takes a turn back and needs no memory of one.
        """
        robs = [a for a in actions if isinstance(a, TakeFromTable)]
        if not robs:
            return None
        rules = view.rules
        opening = rules.opening
        opened = view.opened[view.player]
        before = quick_packing_value(pack_cards(view.hand), rules)
        ranked: list[tuple[int, int, TakeFromTable]] = []
        for order, rob in enumerate(robs):
            entry = view.table[rob.target]
            _left, _right, along = rob_parts(entry, rob.position, rules)
            taken = (entry.meld.cards[rob.position], *along)
            melds = quick_best_melds((*view.hand, *taken), rules)
            melded = Counter(card for meld in melds for card in meld.cards)
            if Counter(taken) - melded:
                continue  # the best melds leave a table card in hand
            if rules.discard_to_go_out and melded.total() == len(view.hand) + len(taken):
                continue  # no card would be left to discard
            value = sum(meld.value for meld in melds)
            gain = value - quick_packing_value(pack_cards(taken), rules)
            opens = opening.reached([meld for meld in melds if opening.admits(meld)])
            if gain > before and (opened or opens):
                ranked.append((-gain, order, rob))
        for _gain, _order, rob in sorted(ranked):
            if self._lays_again(view, rob):
                return rob
        return None

    def _lays_again(self, view: PlayerView, rob: TakeFromTable) -> bool:
        """Whether, after `rob`, this bot lays every card taken again and may then end its turn.

        Played out on a position the view allows (the hidden cards play no
        part in the player's own turn).
        """
        state = apply(determinize(view, random.Random(0)), rob)
        for _ in range(len(state.hand) + 1):
            if state.is_over or not state.turn.borrowed:
                return state.is_over or any(isinstance(a, Discard) for a in legal_actions(state))
            action = self.choose(see(state, state.current_player))
            if isinstance(action, TakeBack):
                return False
            state = apply(state, action)
        return False

    def _draw(self, view: PlayerView, actions: tuple[Action, ...]) -> Action:
        takes = [a for a in actions if isinstance(a, TakeDiscard)]
        if not takes or view.top_discard is None:
            return Draw()
        rules = view.rules
        if rules.take_discard is TakeDiscardMode.FREE:
            before = quick_packing_value(pack_cards(view.hand), rules)
            after = quick_packing_value(pack_cards((*view.hand, view.top_discard)), rules)
            return takes[0] if after > before else Draw()
        # Under immediate use every offered take places the card at once.
        return max(takes, key=lambda a: self._play_score(view, a.use) if a.use else 0)

    def _claim(self, view: PlayerView, actions: tuple[Action, ...]) -> Action:
        top = view.top_discard
        wanted = False
        if top is not None:
            rules = view.rules
            before = quick_packing_value(pack_cards(view.hand), rules)
            after = quick_packing_value(pack_cards((*view.hand, top)), rules)
            wanted = after - before >= self.CLAIM_GAIN
        if Consent() in actions:
            return Refuse() if wanted else Consent()
        claims = [a for a in actions if isinstance(a, Knock | Buy)]
        return claims[0] if wanted and claims else Pass()

    @staticmethod
    def _play_score(view: PlayerView, action: Action | None) -> tuple[int, int]:
        if action is None:
            return (0, 0)
        cards = _removed(action)
        return (sum(card_penalty(card, view.rules) for card in cards), len(cards))

    @staticmethod
    def _discard_score(
        view: PlayerView, card: Card, kept: Mapping[int, int]
    ) -> tuple[int, int, int]:
        """How good a discard of `card` is; `kept` holds the hand's value without each card, by code."""
        rules = view.rules
        hand = view.hand
        rest = list(hand)
        rest.remove(card)
        # A meld from the hand needs three cards plus one to discard: with
        # fewer left, only cards that may go onto the table count.
        kept_value = kept[card.code] if len(rest) >= 4 else 0
        if card.is_joker:
            outs = 99
        else:
            outs = table_outs(card, view) + (
                partners(card, hand, view.rules.ace_wraps) if len(rest) >= 3 else 0
            )
        return (kept_value, -outs, card_penalty(card, rules))


"""The table cards a GreedyBot remembers having tried (Räuber-Rommé): pruned to this turn's beyond it."""


def partners(card: Card, hand: tuple[Card, ...], wraps: bool) -> int:
    """How many other hand cards could form a meld with `card` (same rank, or same suit close by)."""
    count = Counter(hand)
    count[card] -= 1
    return sum(
        n for other, n in count.items() if n > 0 and (other.is_joker or near(card, other, wraps))
    )


def near(card: Card, other: Card, wraps: bool) -> bool:
    """Whether natural cards `card` and `other` could meet in a meld: same rank, or same suit close by.

    Same rank in another suit (a set), or the same suit one or two ranks
    apart (a run, the ace next to the two, and with `wraps` K-A-2 joining
    the king and the two). False for a joker, and for another copy of the
    same card. `romme.GreedyBot` counts a card's partners by it;
    `romme.play.HandReader` weighs the cards near those a seat took or
    discarded by it.
    """
    if card.rank is None or other.rank is None:
        return False
    if other.rank is card.rank:
        return other.suit is not card.suit
    if other.suit is not card.suit:
        return False
    distance = abs(int(other.rank) - int(card.rank))
    # The ace sits next to the two (A-2-3); with ace_wraps K-A-2 joins K and 2.
    return 0 < distance <= 2 or distance == 12 or (wraps and distance == 11)


def lays_off(card: Card, entry: TableMeld, rules: Rules) -> bool:
    """Whether `card` alone would go onto the table meld `entry` as a lay-off, as the bots judge a table.

    A set takes a card of its rank or a joker, a run a card of its suit or
    a joker at either end, where the meld with it is valid (rules §3); a
    meld staged this turn takes nothing yet (rules §5). The turn's other
    rules of a lay-off (rules §4) are not asked: the bots judge the cards.
    """
    meld = entry.meld
    if entry.staged:
        return False
    if meld.kind is MeldKind.SET:
        return (card.is_joker or meld.rank is card.rank) and is_valid_meld(
            (*meld.cards, card), rules
        )
    if not card.is_joker and meld.suit is not card.suit:
        return False
    return is_valid_meld((*meld.cards, card), rules) or is_valid_meld((card, *meld.cards), rules)


def table_outs(card: Card, view: PlayerView) -> int:
    """How many table melds `card` is close to: a set of its rank, a run end of its suit."""
    outs = 0
    if card.rank is None:
        return outs
    index = int(card.rank) - 2
    for entry in view.table:
        meld = entry.meld
        if meld.rank is card.rank and len(meld) < 4:
            outs += 2
        elif meld.suit is card.suit:
            low = int(meld.ranks[0]) - 2
            high = int(meld.ranks[-1]) - 2
            below = (low - index) % 13
            above = (index - high) % 13
            if not view.rules.ace_wraps:
                # No K-A-2: nothing comes below a low ace or above a high ace.
                low_ace = meld.ranks[0] is Rank.ACE
                if card.rank is Rank.ACE and low == 0:
                    below = 1  # A-2-3: the low ace
                elif low_ace or index > low:
                    below = 99
                if meld.ranks[-1] is Rank.ACE or index < high:
                    above = 99
            if 0 < below <= 2 or 0 < above <= 2:
                outs += 1
    return outs


def _discards(action: Action) -> bool:
    return isinstance(action, SwapJoker) and isinstance(action.then, Discard)
