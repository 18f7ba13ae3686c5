"""The arena's executors (private): a local process pool and Ray, both playing batches of rounds.

Nothing home-made for distribution: the standard library's process pool
and Ray's tasks. `play_many` is the arena's top-level function that plays
some rounds by index; it is passed in (and pickled by reference) so that
this module needs nothing of the arena.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from romme.rules import Rules

__all__ = ["batches", "run_local", "run_ray"]

Outcome = TypeVar("Outcome")
PlayMany = Callable[[tuple[str, ...], "Rules", int, tuple[int, ...]], list[Outcome]]
"""What plays some rounds by index: the arena's top-level `play_many`."""


def batches(indices: Sequence[int], size: int) -> Iterator[tuple[int, ...]]:
    """Yield `indices` in tuples of `size` (the last may be shorter): the work of one task."""
    for start in range(0, len(indices), size):
        yield tuple(indices[start : start + size])


def run_local(
    play_many: PlayMany[Outcome],
    bots: tuple[str, ...],
    rules: Rules,
    seed: int,
    indices: Sequence[int],
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> list[Outcome]:
    """Play the rounds `indices` in this process (one worker) or a pool of `workers` processes."""
    outcomes: list[Outcome] = []
    total = len(indices)
    if workers == 1:
        for index in indices:
            outcomes.append(play_many(bots, rules, seed, (index,))[0])
            if progress is not None:
                progress(len(outcomes), total)
        return outcomes
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = [
            pool.submit(play_many, bots, rules, seed, batch) for batch in batches(indices, 2)
        ]
        for future in as_completed(futures):
            outcomes.extend(future.result())
            if progress is not None:
                progress(len(outcomes), total)
    return outcomes


def run_ray(
    play_many: PlayMany[Outcome],
    bots: tuple[str, ...],
    rules: Rules,
    seed: int,
    indices: Sequence[int],
    workers: int,
    progress: Callable[[int, int], None] | None,
) -> list[Outcome]:
    """Play the rounds `indices` as Ray tasks: on the cluster at ``RAY_ADDRESS``, or a local Ray
    of `workers` CPUs started and stopped here."""
    try:
        import ray
    except ImportError as error:
        raise ValueError(
            f"executor 'ray' needs the [ray] extra: pip install 'romme-rules[ray]' ({error})"
        ) from None
    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(num_cpus=1)(play_many)
        pending = [remote.remote(bots, rules, seed, batch) for batch in batches(indices, 2)]
        outcomes: list[Outcome] = []
        total = len(indices)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                outcomes.extend(ray.get(ref))
            if progress is not None:
                progress(len(outcomes), total)
        return outcomes
    finally:
        if started:
            ray.shutdown()
