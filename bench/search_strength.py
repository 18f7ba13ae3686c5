"""Measure SearchBot against three GreedyBots in the arena, and its time per decision.

Run: ``python bench/search_strength.py [ROUNDS] [WORKERS] [PRESET ...]`` (default
400 duplicate rounds, 1 worker, classic and drov). Prints the arena's table
for each preset, then the search bot's mean and largest time per decision
over a few rounds of its own.

Run ``python bench/search_strength.py --headroom [DEALS] [WORKERS] [PRESET ...]``
(default 50 deals, 1 worker) for the headroom instead: the wins of a player
who sees every card, the stock's order included, and chooses each draw and
discard by playing it out with GreedyBot at every seat, against three
GreedyBots on the arena's deals (each deal from every seat dealt in), after
how the winners of 300 rounds of four GreedyBots won; then, on a fifth of the
deals, a player who sees the other hands but not the stock's order (each
candidate played out on four shuffles of the stock). It shows how much a
player gains from information that no fair bot has.

Run ``python bench/search_strength.py --hands DEALS WORKERS SHUFFLES SEATS
[PRESET ...]`` for that second player alone, at any number of seats: it
sees the other hands, not the stock's order, and plays each candidate out
on SHUFFLES shuffles of the stock, against SEATS - 1 GreedyBots on DEALS
deals (each from every seat dealt in). Heads-up, it bounds what reading
the other hand could give such a search: no reader knows them better.

Run ``python bench/search_strength.py --sampled SAMPLER DEALS WORKERS
SAMPLES SEATS [PRESET ...]`` for the same search played fairly: it sees
only its view, and plays each candidate out on SAMPLES positions dealt from
it by `romme.play.HandReader` (``reader``, fed every view of its seat), by
``policy_reading.PolicyReader`` (``policy``, heads-up: the reader's guesses
of the other hand weighed by how GreedyBot would have played its last
turns) or uniformly by `romme.determinize` (``uniform``). With
``known:SHARE`` (a number from 0 to 1) it is not fair: each position keeps
that share of every other hand's true cards, drawn at random, where they
are, the rest dealt uniformly, which bounds what a reader finding that
share of the other hands could give the search.
"""

from __future__ import annotations

import random
import sys
import time
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

import attrs
from policy_reading import PolicyReader

from romme import (
    Action,
    Bot,
    Card,
    Discard,
    Draw,
    GameState,
    GreedyBot,
    PlayerView,
    SearchBot,
    TakeDiscard,
    apply,
    determinize,
    find_rules,
    legal_actions,
    new_game,
    view,
)
from romme.arena import derive_seed, run_arena, wilson_interval
from romme.play import HandReader

Dealer = Callable[[PlayerView, random.Random], GameState]
"""Deals a whole position from a seat's view: `HandReader.sample` or `determinize`."""

SEED = 17
"""The master seed of the arena runs (and of the headroom's deals)."""


def decision_times(preset: str, rounds: int = 8) -> tuple[float, float, int]:
    """Mean and largest seconds per SearchBot decision, and the decisions timed."""
    rules = find_rules(preset)
    times: list[float] = []
    for index in range(rounds):
        search = SearchBot(seed=index)
        bots: list[Bot] = [search, GreedyBot(), GreedyBot(), GreedyBot()]
        state = new_game(rules, 4, seed=index, dealer=3)
        while not state.is_over:
            seat = state.current_player
            started = time.perf_counter()
            action = bots[seat].choose(view(state, seat))
            if seat == 0:
                times.append(time.perf_counter() - started)
            state = apply(state, action)
    return sum(times) / len(times), max(times), len(times)


def _played_out(state: GameState, greedy: GreedyBot, me: int) -> tuple[bool, int]:
    """Whether seat `me` goes out when every seat plays GreedyBot from `state`, and its penalty."""
    while not state.is_over:
        seat = state.current_player
        state = apply(state, greedy.choose(view(state, seat)))
    result = state.result
    assert result is not None
    return result.winner == me, result.penalties[me]


def _seen_through(
    state: GameState,
    fallback: Action,
    greedy: GreedyBot,
    me: int,
    shuffles: int,
    dealer: Dealer | None = None,
) -> Action:
    """The draw or discard that fares best played out from the true `state` (a win, then the penalty).

    With `shuffles`, the stock's order is not seen: each candidate is played
    out on that many shuffles of the true stock, the hands seen. With a
    `dealer`, neither the hands nor the stock are seen: each candidate is
    played out on that many positions the dealer deals from the view
    (`HandReader.sample`, or `determinize`'s uniform deal), as a fair player
    could.
    """
    seen = view(state, me)
    pool: list[Action] = []
    if seen.phase.value == "draw":
        pool = [a for a in legal_actions(seen) if isinstance(a, Draw | TakeDiscard)]
    elif isinstance(fallback, Discard):
        pool = [a for a in legal_actions(seen) if isinstance(a, Discard)]
    if len(pool) < 2:
        return fallback
    rng = random.Random(f"{state.seed}/{state.turn.number}/{me}")
    starts = [state]
    for _ in range(shuffles):
        if dealer is not None:
            starts.append(dealer(seen, rng))
            continue
        stock = list(state.stock)
        rng.shuffle(stock)
        starts.append(attrs.evolve(state, stock=tuple(stock)))
    starts = starts[1:] if shuffles else starts

    def score(candidate: Action) -> tuple[int, int, bool]:
        outcomes = [_played_out(apply(start, candidate), greedy, me) for start in starts]
        wins = sum(won for won, _ in outcomes)
        return wins, -sum(penalty for _, penalty in outcomes), candidate == fallback

    return max(pool, key=score)


def _seeing_all(
    preset: str, deal: int, shuffles: int = 0, seats: int = 4, sampler: str = ""
) -> list[tuple[bool, int]]:
    """One deal played from every seat dealt in by the all-seeing player: (went out, penalty) each.

    With a `sampler` (``reader``, ``policy`` or ``uniform``) the player sees only its
    view and plays each candidate out on `shuffles` positions dealt from it;
    with ``known:SHARE``, on positions that keep that share of the other
    hands' true cards where they are (`knowing_dealer`).
    """
    rules = find_rules(preset)
    greedy = GreedyBot()
    outcomes: list[tuple[bool, int]] = []
    for me in range(seats):
        state = new_game(rules, seats, seed=derive_seed(SEED, deal), dealer=deal % seats)
        if not state.dealt_in[me]:
            continue
        reader: HandReader | PolicyReader | None = None
        if sampler == "reader":
            reader = HandReader()
        elif sampler == "policy":
            reader = PolicyReader()
        dealer: Dealer | None = (
            determinize if sampler == "uniform" else reader.sample if reader else None
        )
        while not state.is_over:
            seat = state.current_player
            if seat == me and reader is not None:
                reader.observe(view(state, seat))
            action: Action = greedy.choose(view(state, seat))
            if seat == me:
                if sampler.startswith("known:"):
                    dealer = knowing_dealer(state, me, float(sampler[6:]))
                action = _seen_through(state, action, greedy, me, shuffles, dealer)
            state = apply(state, action)
        result = state.result
        assert result is not None
        outcomes.append((result.winner == me, result.penalties[me]))
    return outcomes


def knowing_dealer(state: GameState, me: int, share: float) -> Dealer:
    """A dealer that knows `share` of every other hand in `state`: a bound on a reader that finds as much.

    Each position it deals keeps a random `share` of each other seat's true
    cards (rounded down) in that seat's hand, and deals the rest of the
    cards `me` has not seen uniformly, as `determinize` does: a sampler whose
    hit rate is at least `share`.
    """

    def deal(seen: PlayerView, rng: random.Random) -> GameState:
        guess = determinize(seen, rng)
        others = [seat for seat, hand in enumerate(guess.hands) if seat != me and hand]
        rest = Counter(guess.stock)
        known: dict[int, list[Card]] = {}
        for seat in others:
            rest.update(guess.hands[seat])
            truth = sorted(state.hands[seat])
            rng.shuffle(truth)
            known[seat] = truth[: int(share * len(truth))]
        for cards in known.values():
            rest -= Counter(cards)
        pool = sorted(rest.elements())
        rng.shuffle(pool)
        hands = list(guess.hands)
        for seat in others:
            room = len(guess.hands[seat]) - len(known[seat])
            hands[seat] = (*known[seat], *pool[:room])
            pool = pool[room:]
        return attrs.evolve(guess, hands=tuple(hands), stock=tuple(pool))

    return deal


def how_won(preset: str, rounds: int) -> str:
    """How the winners of `rounds` rounds of four GreedyBots won: opening, turns, takes."""
    rules = find_rules(preset)
    greedy = GreedyBot()
    opened_first = quick = took = 0
    for deal in range(rounds):
        state = new_game(rules, 4, seed=derive_seed(SEED, deal), dealer=deal % 4)
        turns = [0] * 4
        opened_on = [-1] * 4
        takes = [0] * 4
        while not state.is_over:
            seat = state.current_player
            action = greedy.choose(view(state, seat))
            takes[seat] += isinstance(action, TakeDiscard)
            after = apply(state, action)
            if after.opened[seat] and not state.opened[seat]:
                opened_on[seat] = turns[seat]
            if after.current_player != seat or after.is_over:
                turns[seat] += 1
            state = after
        winner = state.result.winner if state.result else None
        if winner is None:
            continue
        opened_first += opened_on[winner] == 0
        quick += 3 <= turns[winner] <= 5
        took += takes[winner] > 0
    return (
        f"{rounds} rounds of four GreedyBots under {preset}, seed {SEED}: the winner opened "
        f"on its first turn in {opened_first}, went out on its 3rd to 5th turn in {quick}, "
        f"took a discard in {took}"
    )


def headroom(
    preset: str, deals: int, workers: int, shuffles: int = 0, seats: int = 4, sampler: str = ""
) -> str:
    """The all-seeing player's wins (Wilson interval) and mean penalty over `deals` deals.

    With `shuffles`, the player sees the hands but not the stock's order;
    with a `sampler` too, neither (`_seeing_all`). `seats` GreedyBots and
    it share the table, less one.
    """
    with ProcessPoolExecutor(workers) as pool:
        per_deal = list(
            pool.map(
                _seeing_all,
                [preset] * deals,
                range(deals),
                [shuffles] * deals,
                [seats] * deals,
                [sampler] * deals,
            )
        )
    outcomes = [outcome for deal in per_deal for outcome in deal]
    wins = sum(won for won, _ in outcomes)
    low, high = wilson_interval(wins, len(outcomes))
    penalty = sum(p for _, p in outcomes) / len(outcomes)
    if sampler:
        who = f"player seeing its view, {shuffles} positions dealt by the {sampler} sampler,"
    elif shuffles:
        who = f"player seeing the hands, {shuffles} stock shuffles,"
    else:
        who = "all-seeing player"
    return (
        f"{who} under {preset}, {seats} seats, {deals} deals, seed {SEED}: {wins} wins of "
        f"{len(outcomes)} rounds, {100 * wins / len(outcomes):.1f} % "
        f"({100 * low:.1f}–{100 * high:.1f}), average penalty {penalty:.1f}"
    )


def _a_share(sampler: str) -> bool:
    """Whether `sampler` is ``known:SHARE`` with SHARE a number from 0 to 1."""
    if not sampler.startswith("known:"):
        return False
    try:
        share = float(sampler[6:])
    except ValueError:
        return False
    return 0.0 <= share <= 1.0


def main() -> None:
    args = sys.argv[1:]
    if args[:1] == ["--hands"]:
        deals, workers, shuffles, seats = (int(arg) for arg in args[1:5])
        for preset in args[5:] or ["classic"]:
            print(headroom(preset, deals, workers, shuffles=shuffles, seats=seats), flush=True)
        return
    if args[:1] == ["--sampled"]:
        sampler = args[1]
        if sampler not in ("reader", "policy", "uniform") and not _a_share(sampler):
            sys.exit(f"--sampled takes reader, policy, uniform or known:SHARE, not {sampler!r}")
        deals, workers, shuffles, seats = (int(arg) for arg in args[2:6])
        for preset in args[6:] or ["classic"]:
            print(
                headroom(preset, deals, workers, shuffles, seats, sampler=sampler),
                flush=True,
            )
        return
    seeing = bool(args) and args[0] == "--headroom"
    if seeing:
        args = args[1:]
    count = int(args[0]) if args else (50 if seeing else 400)
    workers = int(args[1]) if len(args) > 1 else 1
    presets = args[2:] or ["classic", "drov"]
    if seeing:
        for preset in presets:
            print(how_won(preset, 300), flush=True)
            print(headroom(preset, count, workers), flush=True)
            print(headroom(preset, max(1, count // 5), workers, shuffles=4), flush=True)
        return
    bots = ["search", "greedy", "greedy", "greedy"]
    for preset in presets:
        result = run_arena(bots, preset, count, seed=SEED, workers=workers)
        print(result.table(), flush=True)
        mean, largest, count_timed = decision_times(preset)
        print(
            f"SearchBot time per decision under {preset}: mean {1000 * mean:.1f} ms, "
            f"largest {1000 * largest:.1f} ms over {count_timed} decisions",
            flush=True,
        )


if __name__ == "__main__":
    main()
