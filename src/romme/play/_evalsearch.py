"""A search bot on the hand reader and the learnt evaluation (issue 35, point 3).

`EvalSearchBot` plays `EvalBot`'s moves where nothing is to be gained by
looking ahead, and searches the two decisions a round turns on: whether to
take the discard, and which card to throw. It samples the hidden cards
from what the other seats' play showed (`romme.play.HandReader`, fed
every view it is given; uniform `romme.determinize` as an option), plays
each candidate's next turns of its own out on every sample (the cards
that sample puts on the stock) and judges the hand each play-out ends
with by the learnt `Evaluation`. The search page of the documentation
gives its design and its measured strength.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Final, Literal

from romme import _guard
from romme._turn import legal_actions
from romme.cards import Card
from romme.errors import InvalidInputError
from romme.game import Action, Discard, Draw, GameState, Phase, PlayerView, TakeDiscard
from romme.melds import pack_cards, quick_packing_value
from romme.play._evaluation import Context, EvalBot, feature_row, judged_without_each, placed_by
from romme.play._reading import HandReader
from romme.play._sampling import determinize
from romme.play._searchbot import loose_cards

__all__ = ["EvalSearchBot"]

Sampler = Literal["reader", "uniform"]
"""How the hidden cards are sampled: weighted by `HandReader`, or uniformly (`determinize`)."""

_OUT: Final = -60.0
"""The value of going out within the look-ahead (`EvalBot.OUT_WORTH` less a score of 0)."""
_OUT_EARLY: Final = 10.0
"""What going out one turn earlier in the look-ahead is worth besides (points)."""


class EvalSearchBot(EvalBot):
    """A search bot on both the hand reader and the learnt evaluation.

    At a draw where the top discard may be taken, drawing blind and each
    way of taking it are the candidates; at a discard, the `width` cards
    whose loss the evaluation judges least. On each of `samples` positions
    dealt by its `romme.play.HandReader` (or uniformly, with
    ``sampler="uniform"``), every candidate is played out for `horizon`
    turns of its own on the same sampled cards (common random numbers): it
    draws the cards the sample puts on the stock (every seat's-th), goes
    out where the hand allows, and otherwise throws the card whose loss
    the evaluation judges least. A play-out that goes out scores the value
    of going out, earlier more; one that does not scores the evaluation
    (`Evaluation.value`, as `EvalBot` weighs it) of the cards left once its
    melds would be laid. The candidate with the lowest mean wins, but
    `EvalBot`'s own choice is kept unless beaten by `margin` points. The
    other decisions (opening, laying down, laying off, swapping jokers,
    claims) are `EvalBot`'s, that is GreedyBot's.

    Args:
        seed: Seeds the samples. Given the seed and a sample budget the
            bot is deterministic: the same views get the same actions.
        samples: Positions sampled per searched decision (at least 1).
        seconds: If given, a time budget per decision instead: samples are
            drawn until it is spent (at least one, at most `samples`), and
            the choice then depends on the machine's speed.
        horizon: The turns of its own each play-out looks ahead (at least 1).
        width: The discards compared at a discard (at least 1). 1, the
            default, plays `EvalBot`'s discard without a search: searching
            the three best measured weaker (see the docs' search page).
        margin: How much better (points, on average) a candidate must be
            judged than `EvalBot`'s choice to be chosen instead.
        sampler: ``"reader"`` (the default) or ``"uniform"``.
        playouts: The most play-outs of a decision (at least 1): with more
            candidates than ``playouts // samples``, each is played out on
            the first ``playouts // candidates`` samples only (at least one),
            which keeps a draw with many ways of laying the discard within
            the second a decision. Deterministic, unlike `seconds`.

    Raises:
        InvalidInputError: For a budget, horizon, width, margin, seed,
            sampler or play-out bound outside its range (the bot is not made).

    >>> from romme import find_rules, new_game, view
    >>> state = new_game(find_rules("classic"), 2, seed=1)
    >>> seen = view(state, state.current_player)
    >>> bot = EvalSearchBot(seed=3, samples=4)
    >>> bot.choose(seen) == EvalSearchBot(seed=3, samples=4).choose(seen)
    True
    """

    def __init__(
        self,
        seed: int = 0,
        *,
        samples: int = 16,
        seconds: float | None = None,
        horizon: int = 2,
        width: int = 1,
        margin: float = 0.0,
        sampler: Sampler = "reader",
        playouts: int = 128,
    ) -> None:
        for name, value, least in (
            ("samples", samples, 1),
            ("playouts", playouts, 1),
            ("horizon", horizon, 1),
            ("width", width, 1),
        ):
            if type(value) is not int or value < least:
                raise InvalidInputError(
                    f"{name} must be an int of {least} or more, not {_guard.shown(value)}"
                )
        if seconds is not None and not (type(seconds) in (int, float) and seconds > 0):
            raise InvalidInputError(
                f"seconds must be a positive number or None, not {_guard.shown(seconds)}"
            )
        if type(margin) not in (int, float) or not margin >= 0:
            raise InvalidInputError(
                f"margin must be a number of 0 or more, not {_guard.shown(margin)}"
            )
        if type(seed) is not int:
            raise InvalidInputError(f"seed must be an int, not {_guard.shown(seed)}")
        if sampler not in ("reader", "uniform"):
            raise InvalidInputError(
                f"sampler must be 'reader' or 'uniform', not {_guard.shown(sampler)}"
            )
        super().__init__()
        self.seed = seed
        self.samples = samples
        self.seconds = seconds
        self.horizon = horizon
        self.width = width
        self.margin = float(margin)
        self.sampler: Sampler = sampler
        self.playouts = playouts
        self.reader = HandReader()

    def __repr__(self) -> str:
        budget = f"seconds={self.seconds}" if self.seconds else f"samples={self.samples}"
        return (
            f"EvalSearchBot(seed={self.seed}, {budget}, horizon={self.horizon}, "
            f"width={self.width}, sampler={self.sampler!r}, playouts={self.playouts})"
        )

    def choose(self, view: PlayerView) -> Action:
        """Return the searched draw or discard, or `EvalBot`'s action for the other decisions.

        Raises:
            TypeError: If `view` is not a `romme.PlayerView`.
            InvalidInputError: If `view` is another seat's than the views
                this bot was given before (one bot plays one seat a round).
            ValueError: If the view's seat is not to act (it has no legal action).
        """
        self.reader.observe(view)
        action = super().choose(view)
        if view.phase is Phase.DRAW:
            return self._search_draw(view, action)
        if isinstance(action, Discard) and self.width > 1:
            return self._search_discard(view, action)
        return action

    def _search_draw(self, view: PlayerView, chosen: Action) -> Action:
        """Drawing blind against each way of taking the discard, played out on the samples."""
        actions = legal_actions(view)
        takes = [a for a in actions if isinstance(a, TakeDiscard)]
        top = view.top_discard
        if not takes or top is None:
            return chosen
        context = self._context_of(view)
        # A candidate: the action, the hand after it, whether it draws the stock's top next, its context.
        candidates: list[tuple[Action, list[Card], bool, Context]] = [
            (Draw(), list(view.hand), True, context)
        ]
        for take in takes:
            after = [*view.hand, top]
            for card in placed_by(take.use):
                after.remove(card)
            opening = take.use is not None and not context.opened and bool(placed_by(take.use))
            candidates.append((take, after, False, context.opening() if opening else context))
        return self._search(view, candidates, chosen)

    def _search_discard(self, view: PlayerView, chosen: Discard) -> Action:
        """The `width` discards the evaluation judges best, played out on the samples."""
        allowed = {a.card for a in legal_actions(view) if isinstance(a, Discard)}
        if len(allowed) < 2:
            return chosen
        context = self._context_of(view)
        judged = judged_without_each(context, view.hand, self._judge)
        ranked = sorted(allowed, key=lambda card: (card != chosen.card, judged[card], card))
        candidates: list[tuple[Action, list[Card], bool, Context]] = []
        for card in ranked[: self.width]:
            rest = list(view.hand)
            rest.remove(card)
            candidates.append((Discard(card), rest, False, context))
        return self._search(view, candidates, chosen)

    def _sample(self, view: PlayerView, rng: random.Random) -> GameState:
        if self.sampler == "uniform":
            return determinize(view, rng)
        return self.reader.sample(view, rng)

    def _search(
        self,
        view: PlayerView,
        candidates: Sequence[tuple[Action, list[Card], bool, Context]],
        chosen: Action,
    ) -> Action:
        """The candidate with the best mean play-out; `chosen` unless another beats it by the margin."""
        if len(candidates) < 2:
            return chosen
        rng = random.Random(
            f"romme/reading-search/{self.seed}/{view.turn.number}/{view.phase.value}/{view.player}"
        )
        seats = max(1, sum(view.dealt_in))
        totals = [0.0] * len(candidates)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        drawn = 0
        budget = max(1, min(self.samples, self.playouts // len(candidates)))
        while drawn < budget:
            guess = self._sample(view, rng)
            stock = guess.stock[::-1]
            for index, (_action, hand, draws_now, context) in enumerate(candidates):
                # A blind draw takes the stock's top now; after a take or a
                # discard the other seats draw first.
                draws = stock[::seats] if draws_now else stock[seats - 1 :: seats]
                cards = hand
                if view.phase is Phase.DRAW and not draws_now:
                    cards = _throw(context, cards, self._judge, keep=view.top_discard)
                totals[index] += _play_out(context, cards, draws, self.horizon, self._judge)
            drawn += 1
            if deadline is not None and time.perf_counter() >= deadline:
                break
        own = next(
            (i for i, c in enumerate(candidates) if c[0] == chosen),
            0,
        )
        best = min(range(len(candidates)), key=lambda i: (totals[i], i != own, i))
        if totals[best] < totals[own] - self.margin * drawn:
            return candidates[best][0]
        return candidates[own][0]


def _throw(
    context: Context,
    cards: Sequence[Card],
    judge: Callable[[Sequence[float]], float],
    keep: Card | None = None,
) -> list[Card]:
    """`cards` less the card whose loss `judge` minds least (never `keep`, a joker only if all are)."""
    judged = judged_without_each(context, cards, judge)
    pool = [c for c in judged if c != keep and not c.is_joker] or [c for c in judged if c != keep]
    if not pool:
        pool = list(judged)
    worst = min(pool, key=lambda card: (judged[card], card))
    rest = list(cards)
    rest.remove(worst)
    return rest


def _play_out(
    context: Context,
    cards: Sequence[Card],
    draws: Sequence[Card],
    horizon: int,
    judge: Callable[[Sequence[float]], float],
) -> float:
    """Play `horizon` turns alone and judge the end: the value of going out, or of the cards left.

    Each turn draws the next of `draws`, goes out where the best melds
    (and the table's lay-offs, once they may be laid) leave at most one
    card, and otherwise throws the card `_throw` picks. Lower is better.
    """
    rules = context.rules
    hand = list(cards)
    fits = _fits(context, hand, draws[:horizon])
    for turn in range(min(horizon, len(draws))):
        hand.append(draws[turn])
        loose, short = loose_cards(hand, rules, context.opened, fits)
        if short is None:
            if len(loose) <= 1:
                return _OUT - _OUT_EARLY * (horizon - turn)
            if not context.opened:
                context = context.opening()
            # The melds and lay-offs go to the table: the loose cards stay.
            hand = loose
        hand = _throw(context, hand, judge)
    loose, short = loose_cards(hand, rules, context.opened, fits)
    if short is None:
        if not context.opened:
            context = context.opening()
        hand = loose
    value = quick_packing_value(pack_cards(tuple(hand)), rules) if len(hand) >= 3 else 0
    return judge(feature_row(context, hand, value))


def _fits(context: Context, hand: Sequence[Card], draws: Sequence[Card]) -> frozenset[Card]:
    """The cards of `hand` and `draws` that a table meld would take."""
    return frozenset(card for card in {*hand, *draws} if context.fits_table(card))
