"""The learnt evaluation (gelernte Bewertung): a hand and the visible table judged by a model fitted to self-play.

`Evaluation` predicts, from features (`FEATURES`) of a seat's
`PlayerView` and a hand, the view's own or a hypothetical one (the hand
without a card, or with the pile's top card), the score the seat ends the
round with (its penalty, 0 if it goes out) and the chance that it goes
out: two linear models (`MODELS`) whose weights were fitted to positions
of GreedyBot self-play under every preset by ``tools/train_evaluation.py``
and ship with the package (``evaluation.json``). Only the view enters the
features: nothing a player cannot see.

`EvalBot` is a first measured use: GreedyBot, but its discard and its
choice between the pile's top card and the stock judged by the
evaluation. The search page of the documentation gives the features, the
training, the held-out figures and the arena's.
"""

from __future__ import annotations

import copy
import json
import math
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Final

from romme._turn import legal_actions
from romme.cards import Card
from romme.errors import InvalidDataError, InvalidInputError
from romme.game import (
    Action,
    Discard,
    Draw,
    LayDown,
    LayOff,
    Phase,
    PlayerView,
    TakeDiscard,
    card_penalty,
)
from romme.melds import pack_cards, quick_packing_value
from romme.melds import quick_values_without_one as values_without_one
from romme.play._bots import GreedyBot, lays_off, near
from romme.play._sampling import unseen_cards
from romme.rules import make_deck

__all__ = [
    "FEATURES",
    "MODELS",
    "EvalBot",
    "Evaluation",
    "Model",
    "features",
    "load_weights",
    "parse_weights",
]

FEATURES: Final = (
    "cards",
    "points",
    "melded",
    "left",
    "left_danger",
    "left_others_opened",
    "jokers",
    "pairs",
    "live",
    "lay_offs",
    "opened",
    "short",
    "short_danger",
    "danger",
    "stock",
    "turns",
    "seats",
    "others_opened",
    "table",
)
"""The features' names, in the order of `features` and of the weights.

- ``cards``: the hand's cards; ``points``: their penalty points;
- ``melded``: the value of the hand's best packing (`romme.melds.quick_packing_value`,
  bounded as the bots' judgement is); ``left``: ``points`` less ``melded``
  (at least 0), the cards left over, the hand-written judgement's measure;
- ``left_danger``: ``left`` times ``danger``; ``left_others_opened``:
  ``left`` times ``others_opened``;
- ``jokers``: jokers held; ``pairs``: pairs of natural hand cards that
  could meet in a meld (`romme.play.near`);
- ``live``: the unseen cards near a natural hand card (deck less the
  hand, the table and the pile), summed over the hand's cards and divided
  by the unseen cards: how many near cards a draw brings, on average;
- ``lay_offs``: hand cards that one table meld or another would take,
  counted once the seat has opened;
- ``opened``: 1 once the seat has opened; ``short``: before, what the
  packing misses of the opening's threshold (points); ``short_danger``:
  ``short`` times ``danger``;
- ``danger``: 1 over the fewest cards in another dealt-in seat's hand;
  ``stock``: the stock's share of the deck; ``turns``: turns played per
  seat dealt in; ``seats``: seats dealt in; ``others_opened``: the share
  of the other dealt-in seats that have opened; ``table``: table melds.
"""

_RESOURCE: Final = "evaluation.json"
"""The weights' file in this package, written by ``tools/train_evaluation.py``."""

Model = tuple[tuple[float, ...], tuple[float, ...], tuple[float, ...], float]
"""A fitted linear model: each feature's mean and scale, the weights and the intercept."""

MODELS: Final = ("score", "out")
"""The shipped models: the seat's score at the round's end, and the log-odds that the seat goes out."""

_models: dict[str, Model] | None = None


def load_weights() -> dict[str, Model]:
    """The shipped models (`MODELS`) by name, each as means, scales, weights and intercept (read once).

    Raises:
        InvalidDataError: If the file does not hold the models of `FEATURES`.
    """
    global _models  # the file is read once, on first use
    if _models is None:
        text = resources.files("romme.play").joinpath(_RESOURCE).read_text(encoding="utf-8")
        _models = parse_weights(text)
    return _models


def parse_weights(text: str) -> dict[str, Model]:
    """The models (`MODELS`) of a weights file's text, as ``tools/train_evaluation.py`` writes it.

    Raises:
        InvalidDataError: If the text does not hold the models of `FEATURES`.
    """
    try:
        data = json.loads(text)
    except ValueError:
        raise InvalidDataError("the weights are not JSON") from None
    if not isinstance(data, dict) or tuple(data.get("features", ())) != FEATURES:
        raise InvalidDataError(f"the weights hold no model of the features {FEATURES}")
    models: dict[str, Model] = {}
    for name in MODELS:
        model = data["models"][name]
        means = tuple(float(x) for x in model["means"])
        scales = tuple(float(x) for x in model["scales"])
        weights = tuple(float(x) for x in model["weights"])
        if not len(means) == len(scales) == len(weights) == len(FEATURES):
            raise InvalidDataError(f"the weights' model {name} has another size than its features")
        models[name] = (means, scales, weights, float(model["intercept"]))
    return models


def _linear(name: str, row: Sequence[float]) -> float:
    means, scales, weights, intercept = load_weights()[name]
    total = intercept
    for x, mean, scale, weight in zip(row, means, scales, weights, strict=True):
        total += weight * (x - mean) / scale
    return total


def _chance(row: Sequence[float]) -> float:
    """The chance of going out the "out" model gives a row of features."""
    odds = _linear("out", row)
    if odds >= 0:
        return 1.0 / (1.0 + math.exp(-odds))
    e = math.exp(odds)
    return e / (1.0 + e)


class Context:
    """What a view tells besides the hand, worked out once per view: the table's lay-offs, the unseen cards."""

    __slots__ = ("_table", "fits", "fixed", "live", "opened", "rules", "threshold", "unseen")

    def __init__(self, view: PlayerView) -> None:
        rules = view.rules
        self.rules = rules
        me = view.player
        self.opened = view.opened[me]
        others = [s for s in range(len(view.hand_sizes)) if s != me and view.dealt_in[s]]
        fewest = min((view.hand_sizes[s] for s in others), default=0)
        danger = 1.0 / max(1, fewest)
        seats = max(1, sum(view.dealt_in))
        others_opened = sum(view.opened[s] for s in others) / max(1, len(others))
        deck = len(make_deck(rules))
        self.threshold = rules.opening.threshold
        # danger, stock, turns, seats, others_opened, table
        self.fixed = (
            danger,
            view.stock_size / deck,
            view.turn.number / seats,
            float(seats),
            others_opened,
            float(len(view.table)),
        )
        self.unseen = Counter(unseen_cards(view))
        self.fits: dict[Card, bool] = {}
        self.live: dict[Card, float] = {}
        self._table = view.table

    def opening(self) -> Context:
        """This context as it stands once the seat has opened."""
        other = copy.copy(self)
        other.opened = True
        return other

    def fits_table(self, card: Card) -> bool:
        """Whether one table meld or another would take `card` as a lay-off."""
        known = self.fits.get(card)
        if known is None:
            known = any(lays_off(card, entry, self.rules) for entry in self._table)
            self.fits[card] = known
        return known

    def live_of(self, card: Card) -> float:
        """The unseen cards near `card`, over the unseen cards."""
        known = self.live.get(card)
        if known is None:
            total = self.unseen.total()
            wraps = self.rules.ace_wraps
            near_count = sum(n for other, n in self.unseen.items() if near(card, other, wraps))
            known = near_count / total if total else 0.0
            self.live[card] = known
        return known


def feature_row(context: Context, hand: Sequence[Card], melded: int) -> tuple[float, ...]:
    """The features of `hand` in `context`, its best packing's value `melded` given."""
    rules = context.rules
    points = sum(card_penalty(card, rules) for card in hand)
    left = max(0, points - melded)
    wraps = rules.ace_wraps
    naturals = [card for card in hand if not card.is_joker]
    pairs = sum(
        near(card, other, wraps) for i, card in enumerate(naturals) for other in naturals[i + 1 :]
    )
    live = sum(context.live_of(card) for card in naturals)
    opened = context.opened
    lay_offs = sum(context.fits_table(card) for card in hand) if opened else 0
    short = 0 if opened else max(0, context.threshold - melded)
    danger, stock, turns, seats, others_opened, table = context.fixed
    return (
        float(len(hand)),
        float(points),
        float(melded),
        float(left),
        left * danger,
        left * others_opened,
        float(len(hand) - len(naturals)),
        float(pairs),
        live,
        float(lay_offs),
        float(opened),
        float(short),
        short * danger,
        danger,
        stock,
        turns,
        seats,
        others_opened,
        table,
    )


def features(view: PlayerView, hand: Iterable[Card] | None = None) -> tuple[float, ...]:
    """The features (`FEATURES`) of `hand`, by default the view's own, in the position `view` shows.

    Raises:
        TypeError: If `view` is not a `romme.PlayerView`.
        InvalidInputError: If `hand` holds something other than cards, or
            more copies of a card than the deck holds besides those in sight.
    """
    cards = _checked(view, hand)
    value = quick_packing_value(pack_cards(cards), view.rules) if len(cards) >= 3 else 0
    return feature_row(Context(view), cards, value)


def _checked(view: object, hand: object) -> tuple[Card, ...]:
    """`hand` (or the view's) as cards, refused where the view or the cards cannot be."""
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    if hand is None:
        return view.hand
    if isinstance(hand, str | bytes) or not isinstance(hand, Iterable):
        raise InvalidInputError(f"hand must be an iterable of cards, not {type(hand).__name__}")
    items = tuple(hand)
    strange = [item for item in items if not isinstance(item, Card)]
    if strange:
        raise InvalidInputError(
            f"hand must hold cards only, not a {type(strange[0]).__name__}: {strange[0]!r}"
        )
    cards = tuple(item for item in items if isinstance(item, Card))
    room = Counter(make_deck(view.rules))
    room.subtract(view.discard_pile)
    for entry in view.table:
        room.subtract(entry.meld.cards)
    over = sorted(card for card, n in Counter(cards).items() if n > room[card])
    if over:
        raise InvalidInputError(
            f"hand holds more copies of {over[0]} than the deck leaves outside the table and the pile"
        )
    return cards


class Evaluation:
    """The learnt evaluation: a hand in the position a view shows, judged by what it is predicted to end with.

    `score` gives the score the hand is predicted to end the round with
    (its penalty, lower is better), `chance` the chance that the seat goes
    out; `value` weighs both as `EvalBot` does. `without_each` gives
    `value` of the hand without each of its cards, in one bounded search
    of the packings (`romme.melds.quick_values_without_one`).

    Args:
        out_worth: What going out is worth in `value`, in penalty points.

    >>> from romme import find_rules, new_game, view
    >>> seen = view(new_game(find_rules("classic"), 2, seed=4), 0)
    >>> judge = Evaluation()
    >>> judge.score(seen) == judge.score(seen, seen.hand)
    True
    >>> 0 < judge.chance(seen) < 1
    True
    """

    def __init__(self, out_worth: float = 0.0) -> None:
        self.out_worth = out_worth

    def score(self, view: PlayerView, hand: Iterable[Card] | None = None) -> float:
        """The score (penalty) `hand`, by default the view's, is predicted to end the round with.

        Raises:
            TypeError: If `view` is not a `romme.PlayerView`.
            InvalidInputError: If `hand` holds something other than cards,
                or more copies of a card than the deck leaves outside the
                table and the pile.
        """
        return _linear("score", features(view, hand))

    def chance(self, view: PlayerView, hand: Iterable[Card] | None = None) -> float:
        """The chance that the seat goes out this round, holding `hand` (by default the view's).

        Raises:
            TypeError: As `score`.
            InvalidInputError: As `score`.
        """
        return _chance(features(view, hand))

    def value(self, view: PlayerView, hand: Iterable[Card] | None = None) -> float:
        """`score` less ``out_worth`` times `chance`: lower is better.

        Raises:
            TypeError: As `score`.
            InvalidInputError: As `score`.
        """
        return self._value(features(view, hand))

    def without_each(
        self, view: PlayerView, hand: Iterable[Card] | None = None
    ) -> dict[Card, float]:
        """`value` of `hand` (by default the view's) without each of its distinct cards.

        Raises:
            TypeError: As `score`.
            InvalidInputError: As `score`.
        """
        cards = _checked(view, hand)
        return judged_without_each(Context(view), cards, self._value)

    def _value(self, row: Sequence[float]) -> float:
        score = _linear("score", row)
        return score - self.out_worth * _chance(row) if self.out_worth else score


def _best_discard(
    context: Context, cards: Sequence[Card], judge: Callable[[Sequence[float]], float]
) -> float:
    """The best judgement of `cards` less one of them (of `cards` themselves when there are none)."""
    if not cards:
        return judge(feature_row(context, cards, 0))
    return min(judged_without_each(context, cards, judge).values())


def placed_by(use: Action | None) -> tuple[Card, ...]:
    """The hand cards a take's immediate use puts on the table, the taken card among them."""
    if isinstance(use, LayDown | LayOff):
        return use.cards
    return ()


def judged_without_each(
    context: Context, cards: Sequence[Card], judge: Callable[[Sequence[float]], float]
) -> dict[Card, float]:
    rules = context.rules
    kept: Mapping[int, int] = (
        values_without_one(pack_cards(tuple(cards)), rules) if len(cards) >= 4 else {}
    )
    result: dict[Card, float] = {}
    for card in sorted(set(cards)):
        rest = list(cards)
        rest.remove(card)
        result[card] = judge(feature_row(context, rest, kept.get(card.code, 0)))
    return result


class EvalBot(GreedyBot):
    """GreedyBot with its discard and its take-or-draw choice judged by the learnt `Evaluation`.

    It judges a hand by `Evaluation.value`: the predicted score less
    `OUT_WORTH` points times the predicted chance of going out. At a
    discard it keeps the hand judged best. At a draw where the top
    discard may be taken, it takes it (in the way offered whose hand is
    judged best; under immediate use the cards the take lays go to the
    table) if the best hand after taking it and discarding is judged
    better than the average, over the unseen cards, of the best hand
    after drawing that card and discarding. The other decisions are
    GreedyBot's.
    Deterministic: it has no seed.
    """

    OUT_WORTH = 60.0
    """What going out is worth to the bot's judgement (`Evaluation.value`), in penalty points.

    Chosen among 0, 20, 40, 60 and 100 on 1,000 heads-up rounds under
    ``classic`` (master seed 29): judged by the score alone (0) the bot
    kept its penalty low but went out less often than GreedyBot; with
    going out worth 40 to 100 points it did no worse than GreedyBot at
    either. The figures are on the search page of the documentation.
    """

    def __init__(self) -> None:
        self._judge = Evaluation(self.OUT_WORTH)._value
        self._context: tuple[PlayerView, Context] | None = None

    def __repr__(self) -> str:
        return "EvalBot()"

    def choose(self, view: PlayerView) -> Action:
        """Return GreedyBot's action, or the evaluation's discard or draw choice."""
        action = super().choose(view)
        if view.phase is Phase.DRAW:
            return action
        if isinstance(action, Discard):
            discards = {a.card for a in legal_actions(view) if isinstance(a, Discard)}
            if len(discards) > 1:
                context = self._context_of(view)
                judged = judged_without_each(context, view.hand, self._judge)
                best = min(sorted(discards), key=lambda card: judged[card])
                return Discard(best)
        return action

    def _draw(self, view: PlayerView, actions: tuple[Action, ...]) -> Action:
        takes = [a for a in actions if isinstance(a, TakeDiscard)]
        top = view.top_discard
        if not takes or top is None:
            return super()._draw(view, actions)
        context = self._context_of(view)
        judged: list[tuple[float, int, Action]] = []
        for order, take in enumerate(takes):
            after = [*view.hand, top]
            use = take.use
            placed = placed_by(use)
            for card in placed:
                after.remove(card)
            # A lay-down with the card opens where the seat had not opened.
            opening = isinstance(use, LayDown) and not context.opened
            judged.append(
                (
                    _best_discard(context.opening() if opening else context, after, self._judge),
                    order,
                    take,
                )
            )
        unseen = context.unseen
        total = unseen.total()
        if not total:
            return min(judged)[2]
        drawn = math.fsum(
            copies * _best_discard(context, (*view.hand, card), self._judge)
            for card, copies in sorted(unseen.items())
        )
        best = min(judged)
        return best[2] if best[0] < drawn / total else Draw()

    def _context_of(self, view: PlayerView) -> Context:
        known = self._context
        if known is not None and known[0] is view:
            return known[1]
        context = Context(view)
        self._context = (view, context)
        return context
