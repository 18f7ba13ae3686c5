"""The work on big hands: the worst times found for positions with a hand grown by claims.

Run: ``python bench/big_hands.py`` (``--cases N`` hands per rules, ``--random N``
random `Rules`, ``--limit S`` seconds before a call counts as over the limit).
Under ``knocking`` or ``buying`` a hand grows by two cards with every claim
(rules §13), so a seat that claims and never melds holds 30 to 50 cards
within a round. This script builds such hands as an attacker would: rich in
overlapping melds (both copies of a suit's run, every copy of a few ranks, a
window of ranks in every suit) and with many jokers, for the seat to act
before it has opened, and times what a server or a bot does with them:

- ``new_position``: construction, which checks that the player has a legal action;
- ``legal_actions``: the moves listed again (the searches of the hand kept);
- ``view loads``: another seat's view read back from its document;
- ``melds 17``: `find_melds` and `best_melds` of the hand's first 17 cards
  (`MAX_SEARCH_CARDS`);
- ``bot judges``: the computer player's judgements of the hand
  (`quick_best_melds`, `quick_packing_value`, and `quick_values_without_one`
  for a discard), the slowest of the three;
- ``bot choice``: `GreedyBot.choose` for the seat to act.

It prints, for every preset (with ``knocking`` switched on where the preset
has no claims) and for random `Rules` with ``knocking``, the worst time of
each and the peak memory of a process. Each rules' hands are measured in a
fresh process, so that the library's caches of one rules' hands, which
repeat, do not serve the next. The hands and random rules are drawn
from fixed seeds: a run repeats its cases. Times are the process's CPU
seconds (``time.process_time``), which other work on a busy machine moves
less than the wall clock; a call is cut off after ``--limit`` seconds of
the wall clock.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import resource
import signal
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

import attrs

from romme import (
    PRESETS,
    Card,
    GreedyBot,
    InvalidPositionError,
    InvalidRulesError,
    Phase,
    Rules,
    best_melds,
    dumps,
    find_melds,
    legal_actions,
    loads,
    make_deck,
    new_position,
    view,
)
from romme.melds import (
    pack_cards,
    quick_best_melds,
    quick_packing_value,
    quick_values_without_one,
)

_STYLES = ("runs", "sets", "window", "random")


class _OverLimitError(Exception):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _OverLimitError


def _timed(call: Callable[[], object], limit: float) -> tuple[object, float]:
    """The result of `call` and its CPU seconds; past `limit`, `_OverLimitError` and `limit` itself."""
    signal.setitimer(signal.ITIMER_REAL, limit)
    start = time.process_time()
    try:
        result: object = call()
    except _OverLimitError:
        return _OverLimitError, limit
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return result, time.process_time() - start


def _hand(rng: random.Random, deck: list[Card], size: int) -> list[Card]:
    """A hand of `size` cards from `deck`, rich in overlapping melds, with some or all jokers."""
    jokers = [card for card in deck if card.is_joker]
    naturals = [card for card in deck if not card.is_joker]
    hand = jokers[: rng.randint(0, len(jokers))]
    style = rng.choice(_STYLES)
    first: list[Card] = []
    if style == "runs":
        suits = rng.sample(sorted({str(card.suit) for card in naturals}), rng.randint(1, 2))
        first = [card for card in naturals if str(card.suit) in suits]
    elif style == "sets":
        ranks = rng.sample(sorted({int(card.rank or 0) for card in naturals}), rng.randint(3, 7))
        first = [card for card in naturals if int(card.rank or 0) in ranks]
    elif style == "window":
        low = rng.randint(2, 9)
        first = [card for card in naturals if card.rank and low <= card.rank <= low + 5]
    rest = list(naturals)
    rng.shuffle(rest)
    left = Counter(naturals)
    for card in first + rest:
        if len(hand) >= size:
            break
        if left[card]:
            left[card] -= 1
            hand.append(card)
    return hand


def _rest(deck: list[Card], taken: list[Card]) -> list[Card]:
    left = list(deck)
    for card in taken:
        left.remove(card)
    return left


def _measure(rules: Rules, rng: random.Random, limit: float) -> dict[str, float] | None:
    """The times of one big hand under `rules`, or ``None`` where the position cannot be set up."""
    deck = list(make_deck(rules))
    size = rng.randint(16, min(50, len(deck) - 2 * rules.hand_size - 2))
    hand = _hand(rng, deck, size)
    left = _rest(deck, hand)
    rng.shuffle(left)
    others = [left[: rules.hand_size], left[rules.hand_size : 2 * rules.hand_size]]
    try:
        state, seconds = _timed(
            lambda: new_position(
                rules,
                hands=[hand, *others],
                phase=Phase.PLAY,
                opened=[False, False, False],
                dealer=2,
            ),
            limit,
        )
    except (InvalidPositionError, InvalidRulesError):
        return None
    times = {"cards": float(len(hand)), "new_position": seconds}
    if state is _OverLimitError:
        return times
    times["legal_actions"] = _timed(lambda: legal_actions(state), limit)[1]  # type: ignore[arg-type]
    document = dumps(view(state, 1))  # type: ignore[arg-type]
    times["view loads"] = _timed(lambda: loads(document), limit)[1]
    first = hand[:17]
    times["melds 17"] = _timed(lambda: (find_melds(first, rules), best_melds(first, rules)), limit)[
        1
    ]
    key = pack_cards(hand)
    times["bot judges"] = max(
        _timed(lambda: quick_best_melds(tuple(hand), rules), limit)[1],
        _timed(lambda: quick_packing_value(key, rules), limit)[1],
        _timed(lambda: quick_values_without_one(key, rules), limit)[1],
    )
    times["bot choice"] = _timed(lambda: GreedyBot().choose(view(state, 0)), limit)[1]  # type: ignore[arg-type]
    return times


def _group(rules_list: list[Rules], seed: int, limit: float) -> tuple[dict[str, float], float, int]:
    """The worst time of each column over one hand per rules of `rules_list`, the most cards, the hands measured."""
    signal.signal(signal.SIGALRM, _alarm)
    rng = random.Random(seed)
    worst: dict[str, float] = {}
    cards = 0.0
    measured = 0
    for rules in rules_list:
        times = _measure(rules, rng, limit)
        if times is None:
            continue
        measured += 1
        cards = max(cards, times.pop("cards"))
        for column, seconds in times.items():
            worst[column] = max(worst.get(column, 0.0), seconds)
    return worst, cards, measured


def _random_rules(count: int, seed: int) -> list[Rules]:
    """`count` random `Rules` (romme.testing's strategy, drawn reproducibly) with ``knocking``."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import seed as hypothesis_seed

    from romme.testing import rules as any_rules

    drawn: list[Rules] = []

    @hypothesis_seed(seed)
    @settings(
        max_examples=count,
        database=None,
        derandomize=True,
        suppress_health_check=list(HealthCheck),
        deadline=None,
    )
    @given(any_rules())
    def collect(rules: Rules) -> None:
        drawn.append(rules)

    collect()
    return [claims for claims in map(_with_claims, drawn) if claims is not None]


def _with_claims(rules: Rules) -> Rules | None:
    if rules.knocking or rules.buying:
        return rules
    try:
        return attrs.evolve(rules, knocking=True)
    except InvalidRulesError:
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=40, help="big hands per preset (40)")
    parser.add_argument("--random", type=int, default=60, help="random Rules (60), one hand each")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds a call may run (10)")
    parser.add_argument("--seed", type=int, default=1, help="the seed of the hands (1)")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGALRM, _alarm)
    groups: list[tuple[str, list[Rules]]] = []
    for name in sorted(PRESETS):
        claims = _with_claims(PRESETS[name])
        if claims is not None:
            groups.append((name, [claims] * args.cases))
    groups.append(("random Rules", _random_rules(args.random, args.seed)))
    columns = (
        "new_position",
        "legal_actions",
        "view loads",
        "melds 17",
        "bot judges",
        "bot choice",
    )
    print(f"{'rules':<16} {'hands':>5} {'cards':>5} " + " ".join(f"{c:>14}" for c in columns))
    worst_all: dict[str, float] = {}
    fork = multiprocessing.get_context("fork")
    for name, rules_list in groups:
        # Each group in a fresh process: the hands repeat from group to group,
        # and the library's caches of one would serve the next.
        with ProcessPoolExecutor(1, mp_context=fork) as pool:
            worst, cards, measured = pool.submit(_group, rules_list, args.seed, args.limit).result()
        for column, seconds in worst.items():
            worst_all[column] = max(worst_all.get(column, 0.0), seconds)
        cells = []
        for column in columns:
            if column not in worst:
                cells.append(f"{'-':>14}")
            elif (seconds := worst[column]) >= args.limit:
                cells.append(f"{'>' + format(args.limit, 'g') + ' s':>14}")
            else:
                cells.append(f"{seconds * 1000:>11.1f} ms")
        print(f"{name:<16} {measured:>5} {int(cards):>5} " + " ".join(cells), flush=True)
    peak = (
        max(
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss,
            resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss,
        )
        / 1024
    )
    print("worst of all: " + ", ".join(f"{k} {v * 1000:.1f} ms" for k, v in worst_all.items()))
    print(f"peak memory of a process: {peak:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
