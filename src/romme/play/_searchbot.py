"""The search bot (Computerspieler mit Vorausschau): determinized look-ahead over the draws to come.

`SearchBot` plays the decision on which a round turns most, whether to
take the discard (and, if asked, which card to discard), by sampling the hidden cards with
`romme.determinize` and playing each candidate's next turns out on every
sample; the other decisions (opening, laying down, laying off, swapping
jokers) it leaves to `romme.GreedyBot`'s rules. See the bots page of the
documentation for why this method, and for its measured strength.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from collections.abc import Sequence
from typing import Final

from romme import _guard
from romme._turn import apply, legal_actions
from romme.cards import JOKER, Card, Rank, Suit
from romme.game import (
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    Phase,
    PlayerView,
    TableMeld,
    TakeDiscard,
    card_penalty,
)
from romme.game import view as view_of
from romme.melds import quick_best_melds
from romme.play._bots import GreedyBot, lays_off
from romme.play._sampling import determinize
from romme.rules import Rules, Shortfall

__all__ = ["SearchBot"]

_OUT_BONUS: Final = 40.0
"""What going out in the look-ahead is worth, on top of an empty hand (points)."""
_OUT_EARLY: Final = 25.0
"""What going out one turn earlier in the look-ahead is worth (points)."""
_WIN: Final = 20.0
"""What going out is worth in a rollout, on top of the penalties (points)."""
_LOOSE_WEIGHT: Final = 6.0
"""What each loose card left at the look-ahead's end costs (points)."""
_PENALTY_WEIGHT: Final = 0.5
"""What each penalty point of those loose cards costs."""


class SearchBot:
    """A player that looks ahead: determinized samples of the hidden cards, each candidate played out.

    At a draw, drawing blind and each way of taking the discard are the
    candidates; with ``discards=True``, at a discard every distinct card it
    may discard is one too; the other decisions follow `romme.GreedyBot`.
    For each
    of ``iterations`` samples (`romme.determinize` of the view), every
    candidate is played out for ``horizon`` more turns of its own on the
    same sampled cards: it draws the cards that sample puts on the stock,
    keeps its best melds (`romme.best_melds`) and cards it can lay off on
    the table, and discards the loose card with the fewest partners, then
    the costliest. A candidate scores minus the loose cards left at the
    end (a weight per card and per penalty point), or a bonus
    for going out, earlier being worth more; the candidate with the best
    average wins. Comparing the candidates on the same samples (common
    random numbers) keeps the comparison sharp with few samples.

    Args:
        seed: Seeds the samples. Given the seed and an iteration budget the
            bot is deterministic: the same view gets the same action.
        iterations: Samples per decision (at least 1).
        seconds: If given, a time budget per decision instead: samples are
            drawn until it is spent (at least one), and the choice then
            depends on the machine's speed.
        horizon: The turns of its own that each play-out looks ahead (at least 1).
        discards: Whether to search the discards too: GreedyBot's choice
            against the loose cards. Off by default: it measured no
            stronger than GreedyBot's discards (see the docs' search page).
        margin: How much better (points per sample) a discard must score
            than GreedyBot's to be chosen instead.
        rollouts: With ``discards``, judge the discards by this many
            whole-table GreedyBot rollouts to the round's end (PIMC)
            instead of play-outs of its own hand; 0 (the default) for
            play-outs. The rollouts ignore a ``seconds`` budget.
        draw_rollouts: Judge the draw by whole-table GreedyBot rollouts too
            (``rollouts`` of them, or ``iterations`` when that is 0).
        width: The most discards a rollout search compares, GreedyBot's
            choice included (at least 1).
        draw_margin: As ``margin``, for the draw against GreedyBot's choice.

    Raises:
        ValueError: For a budget, horizon, width or seed outside its range.

    >>> from romme import find_rules, new_game, view
    >>> state = new_game(find_rules("drov"), 4, seed=1)
    >>> bot = SearchBot(seed=3, iterations=4)
    >>> seen = view(state, state.current_player)
    >>> bot.choose(seen) == SearchBot(seed=3, iterations=4).choose(seen)
    True
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int = 24,
        seconds: float | None = None,
        horizon: int = 4,
        discards: bool = False,
        margin: float = 2.0,
        rollouts: int = 0,
        draw_rollouts: bool = False,
        width: int = 3,
        draw_margin: float = 0.0,
    ) -> None:
        if type(iterations) is not int or iterations < 1:
            raise ValueError(
                f"iterations must be an int of 1 or more, not {_guard.shown(iterations)}"
            )
        if seconds is not None and not (type(seconds) in (int, float) and seconds > 0):
            raise ValueError(
                f"seconds must be a positive number or None, not {_guard.shown(seconds)}"
            )
        if type(horizon) is not int or horizon < 1:
            raise ValueError(f"horizon must be an int of 1 or more, not {_guard.shown(horizon)}")
        if type(seed) is not int:
            raise ValueError(f"seed must be an int, not {_guard.shown(seed)}")
        if type(rollouts) is not int or rollouts < 0 or type(width) is not int or width < 1:
            raise ValueError(
                f"rollouts must be an int of 0 or more and width 1 or more, not {_guard.shown(rollouts)}, {_guard.shown(width)}"
            )
        self.seed = seed
        self.iterations = iterations
        self.seconds = seconds
        self.horizon = horizon
        self.discards = discards
        self.margin = margin
        self.rollouts = rollouts
        self.draw_rollouts = draw_rollouts
        self.width = width
        self.draw_margin = draw_margin
        self._greedy = GreedyBot()
        self._fits_cache: tuple[tuple[TableMeld, ...], frozenset[Card]] | None = None

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds else f"iterations={self.iterations}"
        return (
            f"SearchBot(seed={self.seed}, {budget}, horizon={self.horizon}, "
            f"discards={self.discards})"
        )

    def choose(self, view: PlayerView) -> Action:
        """Return the action with the best look-ahead, or GreedyBot's for the other decisions.

        Raises:
            ValueError: If the view's seat is not to act (it has no legal action).
        """
        actions = legal_actions(view)
        if not actions:
            raise ValueError(f"seat {view.player} has no legal action: it is not their turn")
        if len(actions) == 1:
            return actions[0]
        fallback = self._greedy.choose(view)
        if view.phase is Phase.DRAW:
            takes = [a for a in actions if isinstance(a, TakeDiscard)]
            if not takes or view.top_discard is None:
                return fallback
            if self.draw_rollouts:
                pool: tuple[Action, ...] = (Draw(), *takes)
                others = [a for a in pool if a != fallback]
                return self._rollout(view, [fallback, *others])
            candidates = self._draw_candidates(view, takes)
            first = next(i for i, c in enumerate(candidates) if c[0] == fallback)
            candidates.insert(0, candidates.pop(first))
            return self._search(view, candidates, self.draw_margin)
        if isinstance(fallback, Discard) and self.rollouts and self.discards:
            return self._rollout_discard(view, actions, fallback)
        if not isinstance(fallback, Discard) or not self.discards:
            return fallback
        discards = {a.card: a for a in actions if isinstance(a, Discard)}
        if len(discards) == 1:
            return fallback
        hand = Counter(view.hand)
        loose, _ = loose_cards(view.hand, view.rules, view.opened[view.player], self._fits(view))
        cards = [
            fallback.card,
            *sorted(card for card in set(loose) if card in discards and card != fallback.card),
        ]
        if len(cards) == 1:
            return fallback
        candidates = [(discards[card], _less(hand, (card,)), False) for card in cards]
        return self._search(view, candidates, self.margin)

    def _rollout_discard(
        self, view: PlayerView, actions: Sequence[Action], fallback: Discard
    ) -> Action:
        """PIMC: each candidate discard, then GreedyBot for every seat to the round's end, on shared samples."""
        discards = {a.card: a for a in actions if isinstance(a, Discard)}
        loose, _ = loose_cards(view.hand, view.rules, view.opened[view.player], self._fits(view))
        others = sorted(
            (card for card in set(loose) if card in discards and card != fallback.card),
            key=lambda card: (-card_penalty(card, view.rules), card),
        )
        candidates: list[Action] = [fallback, *(discards[c] for c in others[: self.width - 1])]
        if len(candidates) == 1:
            return fallback
        return self._rollout(view, candidates)

    def _rollout(self, view: PlayerView, candidates: Sequence[Action]) -> Action:
        """The candidate with the best mean outcome of GreedyBot play to the round's end, on shared samples; the first unless beaten by the margin."""
        fallback = candidates[0]
        rng = random.Random(
            f"romme/search/{self.seed}/{view.turn.number}/{view.phase.value}/{view.player}"
        )
        totals = [0.0] * len(candidates)
        me = view.player
        samples = self.rollouts or self.iterations
        for _ in range(samples):
            guess = determinize(view, rng)
            for index, action in enumerate(candidates):
                state = apply(guess, action)
                while not state.is_over:
                    seat = state.current_player
                    state = apply(state, self._greedy.choose(view_of(state, seat)))
                result = state.result
                assert result is not None
                dealt = [s for s in range(len(result.penalties)) if result.dealt_in[s] and s != me]
                mean = sum(result.penalties[s] for s in dealt) / len(dealt)
                totals[index] += mean - result.penalties[me] + (_WIN * (result.winner == me))
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        if totals[best] <= totals[0] + self.margin * samples:
            return fallback
        return candidates[best]

    def _draw_candidates(
        self, view: PlayerView, takes: Sequence[TakeDiscard]
    ) -> list[tuple[Action, Counter[Card], bool]]:
        """Blind draw (the hand as it is, one turn more to play out) and each take, its card placed or held."""
        top = view.top_discard
        assert top is not None
        hand = Counter(view.hand)
        candidates: list[tuple[Action, Counter[Card], bool]] = [(Draw(), Counter(hand), True)]
        for take in takes:
            after = Counter(hand)
            after[top] += 1
            use = take.use
            if isinstance(use, LayDown | LayOff):
                after = _less(after, use.cards)
            candidates.append((take, after, False))
        return candidates

    def _search(
        self,
        view: PlayerView,
        candidates: Sequence[tuple[Action, Counter[Card], bool]],
        margin: float,
    ) -> Action:
        """The candidate with the best average play-out over the samples.

        A candidate is (action, the hand after it, whether it still draws
        this turn). A hand that has drawn and not yet discarded (a take)
        discards its best card first.
        """
        rng = random.Random(
            f"romme/search/{self.seed}/{view.turn.number}/{view.phase.value}/{view.player}"
        )
        fits = self._fits(view)
        rules = view.rules
        opened = view.opened[view.player]
        seats = sum(view.dealt_in)
        totals = [0.0] * len(candidates)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        samples = 0
        while True:
            guess = determinize(view, rng)
            # The cards this seat would draw: every seats-th card from the stock's top.
            draws = guess.stock[::-1][::seats]
            for index, (_, hand, draws_now) in enumerate(candidates):
                cards = list(hand.elements())
                horizon = self.horizon + (1 if draws_now else 0)
                if view.phase is Phase.DRAW and not draws_now and cards:
                    # A take ends with a discard too, before the play-out.
                    cards = _discard_worst(cards, rules, opened, fits, keep=view.top_discard)
                totals[index] += _play_out(cards, draws, horizon, rules, opened, fits)
            samples += 1
            if deadline is None:
                if samples >= self.iterations:
                    break
            elif time.perf_counter() >= deadline:
                break
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        if totals[best] <= totals[0] + margin * samples:
            return candidates[0][0]
        return candidates[best][0]

    def _fits(self, view: PlayerView) -> frozenset[Card]:
        """The cards that one table meld or another would take as a lay-off (kept while the table stays)."""
        if self._fits_cache is not None and self._fits_cache[0] == view.table:
            return self._fits_cache[1]
        fits = frozenset(
            card
            for card in _KINDS
            if not card.is_joker and any(lays_off(card, entry, view.rules) for entry in view.table)
        )
        self._fits_cache = (view.table, fits)
        return fits


def _less(hand: Counter[Card], cards: Sequence[Card]) -> Counter[Card]:
    after = Counter(hand)
    after.subtract(cards)
    return +after


def loose_cards(
    cards: Sequence[Card], rules: Rules, opened: bool, fits: frozenset[Card]
) -> tuple[list[Card], Shortfall | None]:
    """The cards outside the best melds (less those the table takes, once the melds may be laid), and what
    the melds miss of the opening (`romme.rules.Opening.missing`; ``None`` once opened or when they open)."""
    # Not `best_melds`: a hand grown by claims out of turn (rules §13) may pass
    # its input limit (and where their search grows too large the melds are taken greedily).
    melds = quick_best_melds(tuple(cards), rules)
    rest = Counter(cards)
    for meld in melds:
        rest.subtract(meld.cards)
    loose = list((+rest).elements())
    opening = rules.opening
    short = None if opened else opening.missing(meld for meld in melds if opening.admits(meld))
    if short is None:
        loose = [card for card in loose if card not in fits]
    return loose, short


def _discard_worst(
    cards: list[Card], rules: Rules, opened: bool, fits: frozenset[Card], keep: Card | None = None
) -> list[Card]:
    loose, _ = loose_cards(cards, rules, opened, fits)
    pool = [c for c in loose if not c.is_joker and c != keep] or [
        c for c in cards if not c.is_joker and c != keep
    ]
    if not pool:
        pool = list(cards)
    worst = max(pool, key=lambda card: (-_partners(card, cards), card_penalty(card, rules), card))
    rest = list(cards)
    rest.remove(worst)
    return rest


def _play_out(
    cards: list[Card],
    draws: Sequence[Card],
    horizon: int,
    rules: Rules,
    opened: bool,
    fits: frozenset[Card],
) -> float:
    """Play `horizon` turns alone: draw, go out if the hand allows, else discard the costliest loose card."""
    hand = list(cards)
    for turn in range(min(horizon, len(draws))):
        hand.append(draws[turn])
        loose, short = loose_cards(hand, rules, opened, fits)
        can_lay = short is None
        if can_lay and len(loose) <= 1:
            return _OUT_BONUS + _OUT_EARLY * (horizon - turn)
        if can_lay:
            opened = True
        hand = _discard_worst(hand, rules, opened, fits)
    loose, short = loose_cards(hand, rules, opened, fits)
    score = -_LOOSE_WEIGHT * len(loose) - _PENALTY_WEIGHT * sum(
        card_penalty(card, rules) for card in loose
    )
    if short is not None:
        score -= short.points  # what the opening still lacks
    return score


def _partners(card: Card, hand: Sequence[Card]) -> int:
    """How many other cards of `hand` share the card's rank or lie close in its suit.

    The play-out's own measure, not GreedyBot's `romme.play._bots.partners`:
    it counts another copy of the card too and sets no ace beside the two.
    SearchBot's choices are measured with it, so it stays as it is.
    """
    if card.rank is None:
        return 99
    rank = int(card.rank)
    total = -1
    for other in hand:
        if other.rank is None:
            total += 1
        elif other.rank is card.rank:
            total += other.suit is not card.suit or other == card
        elif other.suit is card.suit and abs(int(other.rank) - rank) <= 2:
            total += 1
    return total


def _kinds() -> tuple[Card, ...]:
    return (*(Card(rank, suit) for suit in Suit for rank in Rank), JOKER)


_KINDS: Final = _kinds()
