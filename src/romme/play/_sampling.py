"""Determinization (Determinisierung): a full position drawn at random from what one player sees.

A `PlayerView` hides the other hands and the stock. `determinize` deals
the cards the viewer has not seen into those places, uniformly at
random, so that a bot can try its moves on positions it cannot tell from
the real one; search bots (`romme.SearchBot`) play many such deals.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Callable, Mapping, Sequence

from romme._turn import stuck_problem
from romme.cards import Card
from romme.errors import InvalidInputError, InvalidPositionError
from romme.game import GameState, PlayerView, known_in_hand_to_act, refuse
from romme.rules import make_deck

__all__ = ["deal_weighted", "determinize", "unseen_cards"]

_MAX_SEED = 2**63


def unseen_cards(view: PlayerView) -> tuple[Card, ...]:
    """Return the cards `view`'s player has not seen: the deck less their hand, the table and the discard pile.

    The cards are sorted; a card of which two copies are unseen appears twice.

    Raises:
        TypeError: If `view` is not a `PlayerView`.
        InvalidPositionError: If the cards in sight are not part of the deck.

    >>> from romme import find_rules, new_game, view
    >>> seen = view(new_game(find_rules("drov"), 4, seed=7), 2)
    >>> len(unseen_cards(seen)), sum(seen.hand_sizes) - len(seen.hand) + seen.stock_size
    (96, 96)
    """
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    seen: Counter[Card] = Counter(view.hand)
    seen.update(view.discard_pile)
    for entry in view.table:
        seen.update(entry.meld.cards)
    deck = Counter(make_deck(view.rules))
    extra = seen - deck
    if extra:
        raise InvalidPositionError(
            "the view shows cards the deck does not hold: "
            + " ".join(str(card) for card in sorted(extra.elements()))
        )
    return tuple(sorted((deck - seen).elements()))


def determinize(view: PlayerView, rng: random.Random) -> GameState:
    """Return a full position consistent with `view`, its hidden cards dealt uniformly by `rng`.

    The cards the viewer has not seen (`unseen_cards`) are shuffled and
    dealt to the other seats' hands, in their sizes, and to the stock, in
    a random order. Everything the view shows is kept: the viewer's hand,
    the table with its staged melds, the discard pile, the turn's
    bookkeeping, and the one hidden card the view does reveal: a discard
    taken this turn under ``take_discard=free`` that is still in the
    taker's hand (``turn.taken_in_hand``) stays in that hand, and so do the
    cards taken from the table this turn (Räuber-Rommé,
    `TurnState.table_cards_in_hand`), and a discard taken into the hand
    before the first of them, unless a copy came to the table since.
    Every deal
    consistent with the view is equally likely, so that
    ``view(determinize(v, rng), v.player) == v`` always holds.

    The reshuffle seed of the result is drawn from `rng` too (the real one
    is hidden): a refilled stock's order is as unknown as the stock's.

    Args:
        view: What one player sees.
        rng: The source of randomness; the same state of `rng` gives the
            same position.

    Raises:
        TypeError: If `view` is not a `PlayerView` or `rng` not a `random.Random`.
        InvalidPositionError: If no position fits the view: the hand sizes,
            the stock and the cards in sight do not add up to the deck;
            the round is over (its result scores every hand); or the
            player to act has no legal action (a dead table).

    >>> import random
    >>> from romme import find_rules, new_game, view
    >>> state = new_game(find_rules("classic"), 3, seed=4)
    >>> seen = view(state, 1)
    >>> guess = determinize(seen, random.Random(0))
    >>> view(guess, 1) == seen, guess.hands[1] == state.hands[1]
    (True, True)
    """
    return _rebuild(view, rng, _deal_uniform)


def _deal_uniform(pool: list[Card], counts: list[int], rng: random.Random) -> list[list[Card]]:
    """`determinize`'s deal: the pool shuffled, then dealt in seat order, the stock last."""
    rng.shuffle(pool)
    places: list[list[Card]] = []
    start = 0
    for count in counts:
        places.append(pool[start : start + count])
        start += count
    places.append(pool[start:])
    return places


Deal = Callable[[list[Card], list[int], random.Random], list[list[Card]]]
"""How a sampler deals the pool: given the unseen cards free to go anywhere and how many each
seat's hand still takes (0 for the viewer), the cards of every seat and then of the stock, in order."""


def deal_weighted(
    view: PlayerView, rng: random.Random, weights: Sequence[Mapping[Card, float]]
) -> GameState:
    """Return a position consistent with `view`, each hidden card dealt in proportion to `weights`.

    As `romme.determinize` (the same checks, the same position built from
    the view), but each unseen card goes to another seat's hand or the stock
    with a probability proportional to its weight there times the room
    left there: the cards are taken in a random order and each placed in
    turn, so that every hand gets exactly its size and the stock the rest.
    ``weights[seat][card]`` is the weight of ``card`` in ``seat``'s hand (1
    where missing); the stock's weight is 1. With every weight 1 each deal
    consistent with the view is equally likely, as under
    `romme.determinize` (though drawn with other random numbers). The weights of
    `romme.play.HandReader` read them from the play.

    Raises:
        TypeError: If `view`, `rng` or `weights` is of the wrong type.
        InvalidInputError: If `weights` does not hold one mapping per seat,
            or a weight is not a positive finite number.
        InvalidPositionError: As `romme.determinize`.
    """
    weights = _checked(weights, view)

    def deal(pool: list[Card], counts: list[int], rng: random.Random) -> list[list[Card]]:
        rng.shuffle(pool)
        room = [*counts, len(pool) - sum(counts)]
        places: list[list[Card]] = [[] for _ in room]
        stock = len(counts)
        for card in pool:
            shares = [
                room[place] * (1.0 if place == stock else weights[place].get(card, 1.0))
                for place in range(len(room))
            ]
            place = _pick(shares, rng.random() * sum(shares))
            places[place].append(card)
            room[place] -= 1
        return places

    return _rebuild(view, rng, deal)


def _checked(weights: object, view: object) -> Sequence[Mapping[Card, float]]:
    """`weights` if it holds one mapping per seat of `view` from cards to positive finite numbers."""
    if not isinstance(weights, Sequence) or not all(isinstance(w, Mapping) for w in weights):
        raise TypeError("weights must be a sequence of one mapping from card to weight per seat")
    if isinstance(view, PlayerView) and len(weights) != len(view.hand_sizes):
        raise InvalidInputError(
            f"weights holds {len(weights)} mappings, but the view has {len(view.hand_sizes)} seats"
        )
    for seat_weights in weights:
        for card, weight in seat_weights.items():
            if not isinstance(card, Card):
                raise TypeError(f"a weight's key must be a Card, not {type(card).__name__}")
            if type(weight) not in (int, float) or not 0 < weight < math.inf:
                raise InvalidInputError(
                    f"the weight of {card} must be a positive finite number, not {weight!r}"
                )
    return weights


def _pick(shares: list[float], point: float) -> int:
    """The index at which the running sum of `shares` passes `point` (the last one with room)."""
    last = 0
    for place, share in enumerate(shares):
        if share > 0:
            last = place
            if point < share:
                return place
            point -= share
    return last  # rounding left `point` at the very end


def _rebuild(view: PlayerView, rng: random.Random, deal: Deal) -> GameState:
    """The position of `view` with its unseen cards dealt by `deal`: one construction for every sampler.

    Checks the view can be dealt, keeps the cards the view shows in the
    hand to act there, lets `deal` place the rest, then draws the
    reshuffle seed from `rng` and refuses a position whose player to act
    has no legal action.
    """
    if not isinstance(rng, random.Random):
        raise TypeError(f"rng must be a random.Random, not {type(rng).__name__}")
    if not isinstance(view, PlayerView):
        raise TypeError(f"view must be a PlayerView, not {type(view).__name__}")
    if view.is_over:
        # The result scores every hand: a finished round hides nothing left to decide.
        raise InvalidPositionError("the round is over: there is no hidden position to sample")
    pool = list(unseen_cards(view))
    sizes = list(view.hand_sizes)
    me = view.player
    hidden = sum(size for seat, size in enumerate(sizes) if seat != me) + view.stock_size
    if len(pool) != hidden or len(view.hand) != sizes[me]:
        raise InvalidPositionError(
            f"the view hides {hidden} cards (other hands and stock) but {len(pool)} are unseen"
        )
    fixed: list[list[Card]] = [[] for _ in sizes]
    # The cards the view shows in another seat's hand stay there: a discard
    # taken this turn, cards taken from the table (Räuber-Rommé). The view's
    # checks make sure that they are unseen and that the hand holds them.
    fixed[view.current_player] = list(known_in_hand_to_act(view))
    for card in fixed[view.current_player]:
        pool.remove(card)
    counts = [0 if seat == me else size - len(fixed[seat]) for seat, size in enumerate(sizes)]
    places = deal(pool, counts, rng)
    hands: list[tuple[Card, ...]] = [
        view.hand if seat == me else (*fixed[seat], *places[seat]) for seat in range(len(sizes))
    ]
    stock = tuple(places[-1])
    guess = GameState(
        rules=view.rules,
        seed=rng.randrange(_MAX_SEED),
        dealer=view.dealer,
        hands=hands,
        stock=stock,
        discard_pile=view.discard_pile,
        table=view.table,
        opened=view.opened,
        dealt_in=view.dealt_in,
        current_player=view.current_player,
        phase=view.phase,
        turn=view.turn,
        reshuffles=view.reshuffles,
        result=view.result,
        first_to_open=view.first_to_open,
    )
    refuse(stuck_problem(guess))
    return guess
