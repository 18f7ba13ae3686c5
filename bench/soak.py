"""Soak test: play many seeded rounds per preset with random legal actions, checking every invariant.

Not part of CI (it runs for minutes): run it before a release or after a
change to the engine, and read the summary.

    python bench/soak.py                      # 2000 rounds per preset
    python bench/soak.py --rounds 50          # a quick look
    python bench/soak.py --presets classic,drov --seed 1000 --json-every 5

After every action it checks (docs/maintainers.md guarantees 1–6): the cards are
the deck, the player to act has a legal action until the round is over
and no action is listed twice, the chosen action passes ``is_legal``,
``apply`` leaves its input unchanged; every ``--json-every`` actions the
state survives a JSON round trip and ``apply`` gives the same state again;
at the end of each round the record replays to the final state and
survives JSON, and the result is sane. Rounds are seeded (preset index,
``--seed`` + round number), so a failure names the seed that reproduces it.
Presets that refill the stock play with ``max_reshuffles`` capped (by
``--max-reshuffles``), so that random play ends every round.

"rules §N" cites section N of the rules page of the documentation (docs/rules.md).
"""

from __future__ import annotations

import argparse
import pickle
import random
import sys
import time
from collections import Counter
from collections.abc import Sequence

import attrs

from romme import (
    PRESETS,
    Card,
    GameRecord,
    Rules,
    StockExhausted,
    apply,
    dumps,
    is_legal,
    legal_actions,
    loads,
    make_deck,
    new_game,
    score_round,
)


@attrs.define
class Tally:
    """What the rounds of one preset did."""

    rounds: int = 0
    actions: int = 0
    seconds: float = 0.0
    slowest_legal_actions: float = 0.0
    ends: Counter[str] = attrs.field(factory=Counter)
    hand_rommes: int = 0
    failures: list[str] = attrs.field(factory=list)


class InvariantError(AssertionError):
    """An invariant broke; the message says which, where and how to reproduce it."""


def seats(rules: Rules, seed: int) -> int:
    """2 to 4 seats (3 or 4 when the dealer sits out)."""
    return 3 + seed % 2 if rules.dealer_sits_out else 2 + seed % 3


def play_round(rules: Rules, seed: int, tally: Tally, json_every: int, max_steps: int) -> None:
    """Play one seeded round, checking every invariant; raise InvariantError at the first broken one."""
    players = seats(rules, seed)
    state = new_game(rules, players, seed=seed, dealer=seed % players)
    deck: Counter[Card] = Counter(make_deck(rules))
    record = GameRecord.start(state)
    rng = random.Random(seed)
    for step in range(max_steps):
        if state.is_over:
            break
        where = f"seed {seed}, step {step}"
        started = time.perf_counter()
        actions = legal_actions(state)
        tally.slowest_legal_actions = max(
            tally.slowest_legal_actions, time.perf_counter() - started
        )
        if not actions:
            raise InvariantError(f"{where}: no legal action before the round is over (guarantee 4)")
        if len(set(actions)) != len(actions):
            raise InvariantError(f"{where}: legal_actions lists an action twice")
        action = rng.choice(actions)
        if not is_legal(state, action):
            raise InvariantError(f"{where}: {action} is listed but not legal (guarantee 3)")
        before = pickle.dumps(state)
        after = apply(state, action)
        if pickle.dumps(state) != before:
            raise InvariantError(f"{where}: apply({action}) changed its input (guarantee 2)")
        if after.all_cards() != deck:
            raise InvariantError(f"{where}: {action} broke card conservation (guarantee 1)")
        if step % json_every == 0:
            if loads(dumps(after)) != after:
                raise InvariantError(f"{where}: the state does not survive JSON (guarantee 6)")
            if apply(state, action) != after:
                raise InvariantError(f"{where}: {action} gave another state the second time")
        record = record.add(action)
        state = after
        tally.actions += 1
    else:
        raise InvariantError(f"seed {seed}: the round did not end in {max_steps} actions")
    result = score_round(state)
    if result.winner is not None and result.penalties[result.winner] != 0:
        raise InvariantError(f"seed {seed}: the winner pays a penalty")
    if any(penalty < 0 for penalty in result.penalties):
        raise InvariantError(f"seed {seed}: a negative penalty")
    if record.replay()[-1] != state:
        raise InvariantError(f"seed {seed}: the record does not replay to the final state")
    if loads(dumps(record)) != record:
        raise InvariantError(f"seed {seed}: the record does not survive JSON")
    tally.ends[result.end.value] += 1
    tally.hand_rommes += int(result.hand_romme)


def soak(
    name: str, rules: Rules, rounds: int, first_seed: int, json_every: int, max_steps: int
) -> Tally:
    """Play `rounds` rounds of preset `name`; collect what happened and every failure."""
    tally = Tally()
    started = time.perf_counter()
    for number in range(rounds):
        seed = first_seed + number
        try:
            play_round(rules, seed, tally, json_every, max_steps)
        except Exception as error:  # a soak collects every failure, of any kind
            tally.failures.append(f"{name}: {type(error).__name__}: {error}")
        tally.rounds += 1
    tally.seconds = time.perf_counter() - started
    return tally


def bounded(rules: Rules, max_reshuffles: int) -> Rules:
    """Cap the reshuffles of rules that refill the stock, so that random play ends (rules §9)."""
    if rules.stock_exhausted is StockExhausted.RESHUFFLE and rules.max_reshuffles is None:
        return attrs.evolve(rules, max_reshuffles=max_reshuffles)
    return rules


def main(argv: Sequence[str] | None = None) -> int:
    """Run the soak and print a summary per preset; return 1 if anything failed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=2000, help="rounds per preset")
    parser.add_argument("--presets", default=",".join(PRESETS), help="comma-separated presets")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first round")
    parser.add_argument("--json-every", type=int, default=10, help="JSON round trip every k steps")
    parser.add_argument(
        "--max-steps", type=int, default=5000, help="actions before a round counts as endless"
    )
    parser.add_argument("--max-reshuffles", type=int, default=2, help="cap on reshuffles")
    args = parser.parse_args(argv)
    names = [name.strip() for name in args.presets.split(",") if name.strip()]
    unknown = [name for name in names if name not in PRESETS]
    if unknown:
        parser.error(f"unknown presets {unknown}; known: {', '.join(PRESETS)}")
    print(
        f"{'preset':<15} {'rounds':>6} {'actions':>8} {'act/rnd':>7} {'rnd/s':>6} {'slowest':>8}"
        f"  {'went_out':>8} {'stock':>6} {'jokers':>6} {'hand-r.':>7} {'failures':>8}"
    )
    failures: list[str] = []
    totals = Tally()
    for index, name in enumerate(names):
        rules = bounded(PRESETS[name], args.max_reshuffles)
        first_seed = args.seed + index * 1_000_000
        tally = soak(name, rules, args.rounds, first_seed, args.json_every, args.max_steps)
        failures += tally.failures
        totals.rounds += tally.rounds
        totals.actions += tally.actions
        totals.seconds += tally.seconds
        print(
            f"{name:<15} {tally.rounds:>6} {tally.actions:>8} "
            f"{tally.actions / max(tally.rounds, 1):>7.1f} {tally.rounds / tally.seconds:>6.1f} "
            f"{tally.slowest_legal_actions * 1000:>6.1f}ms  {tally.ends['went_out']:>8} "
            f"{tally.ends['stock_exhausted']:>6} {tally.ends['jokers_only']:>6} "
            f"{tally.hand_rommes:>7} {len(tally.failures):>8}",
            flush=True,
        )
    print(
        f"total: {totals.rounds} rounds, {totals.actions} actions in {totals.seconds:.1f} s, "
        f"{len(failures)} failures"
    )
    for failure in failures[:20]:
        print("  FAIL", failure)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
