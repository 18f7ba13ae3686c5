"""What the hostile-input tests share: their hypothesis settings, the errors bad input may raise, a time limit for endless inputs, the rest of a deck."""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TypeVar

from hypothesis import HealthCheck, settings

import romme
from romme import RommeError, Rules

__all__ = ["ALLOWED_ERRORS", "HOSTILE_SETTINGS", "outcome", "rest_of_deck", "time_limit"]

HOSTILE_SETTINGS = settings(deadline=None, suppress_health_check=[HealthCheck.too_slow])
"""No deadline (a loaded CI machine is slow), but every input is small: the bound is the caps'."""

T = TypeVar("T")
E = TypeVar("E", bound=Exception)


def outcome(call: Callable[[], T], error: type[E]) -> T | E:
    """Return what `call` returns, or the `error` it raises (any other exception propagates)."""
    try:
        return call()
    except error as caught:
        return caught


ALLOWED_ERRORS = (RommeError, TypeError, ValueError)
"""What a constructor or function may raise for bad input (RommeError subclasses ValueError)."""


@contextmanager
def time_limit(seconds: int) -> Iterator[None]:
    """Fail the test if the block runs longer than `seconds` (an endless input must not hang)."""

    def expire(signum: int, frame: object) -> None:
        raise TimeoutError(f"did not return within {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


def rest_of_deck(rules: Rules, named: str) -> list[romme.Card]:
    """The deck of `rules` in card order without the `named` cards (for a stock)."""
    rest = list(romme.make_deck(rules))
    for card in romme.parse_cards(named):
        rest.remove(card)
    return rest
