"""The library's caches: bounded, keyed on what they depend on, and safe under threads.

The maintainers' page ("Caches") says that every cache of the library is a
bounded `functools.lru_cache` and that no module keeps other state that
changes at run time. These tests hold every module of the package to it:
a new unbounded cache, or a module-level container filled at run time,
fails them; and `legal_actions` from several threads at once gives the
answers it gives from one.
"""

from __future__ import annotations

import importlib
import pkgutil
import random
import sys
import threading
from collections.abc import Iterator
from types import ModuleType
from typing import Any

import romme
from romme import (
    PRESETS,
    GameState,
    apply,
    best_melds,
    dumps,
    find_melds,
    legal_actions,
    loads,
    new_game,
    parse_cards,
    view,
)
from romme.documents._schema import json_schema, rules_field_docs
from romme.play._bots import random_choice

_EXTRAS = ("romme.rl", "romme.web")
"""Packages whose modules need an optional extra: left out when it is not installed."""


def _modules() -> Iterator[ModuleType]:
    """Every module of the package that imports here (those of a missing extra left out)."""
    yield romme
    for info in pkgutil.walk_packages(romme.__path__, "romme."):
        if info.name.endswith(".__main__"):
            continue  # importing it runs the command
        try:
            yield importlib.import_module(info.name)
        except ImportError as error:
            missing = getattr(error, "name", None) or ""
            if info.name.startswith(_EXTRAS) and not missing.startswith("romme"):
                continue  # the adapter's extra is not installed
            raise


def _caches(module: ModuleType) -> Iterator[tuple[str, Any]]:
    """The functools caches defined at the top level of `module`, with their names."""
    for name, value in vars(module).items():
        if callable(getattr(value, "cache_info", None)) and getattr(value, "__module__", "") == (
            module.__name__
        ):
            yield name, value


def _clear_caches() -> None:
    for module in list(_modules()):
        for _, cache in _caches(module):
            cache.cache_clear()


def test_every_module_level_cache_is_bounded() -> None:
    """No functools cache of the library grows without bound (docs/maintainers.md "Caches")."""
    unbounded = [
        f"{module.__name__}.{name}"
        for module in _modules()
        for name, cache in _caches(module)
        if cache.cache_parameters()["maxsize"] is None
    ]
    assert not unbounded
    # The scan sees the caches it is meant to: the meld search's, at least.
    found = {f"{module.__name__}.{name}" for module in _modules() for name, _ in _caches(module)}
    assert {
        "romme.melds._search.enumeration.meld_options",
        "romme.melds._search.packing._packer",
    } <= found


def _mutable_state() -> dict[str, object]:
    """A copy of every module-level dict, list, set and bytearray of the library."""
    state: dict[str, object] = {}
    for module in _modules():
        for name, value in vars(module).items():
            if type(value) in (dict, list, set, bytearray):
                state[f"{module.__name__}.{name}"] = type(value)(value)
    return state


def _play(seed: int) -> list[GameState]:
    """A round of random legal play under a preset drawn by `seed`: its positions."""
    rng = random.Random(seed)
    rules = PRESETS[sorted(PRESETS)[seed % len(PRESETS)]]
    state = new_game(rules, players=3 + seed % 2, seed=seed)
    positions = [state]
    for _ in range(120):
        if state.is_over:
            break
        state = apply(state, random_choice(rng, legal_actions(state), state.rules))
        positions.append(state)
    return positions


def test_no_module_state_changes_at_run_time() -> None:
    """Playing, searching, parsing and serializing leave every module-level container as it was.

    Run-time memory lives in the bounded caches alone (docs/maintainers.md
    "Caches"): a dict or list of a module filled as the library runs is a
    cache without a bound or a lock.
    """
    before = _mutable_state()
    for seed in range(4):
        positions = _play(seed)
        rules = positions[0].rules
        for state in positions[::10]:
            hand = state.hands[state.current_player]
            find_melds(hand, rules)
            best_melds(hand, rules)
            assert loads(dumps(state)) == state
            assert loads(dumps(view(state, state.current_player))) == view(
                state, state.current_player
            )
    parse_cards("7h 7s jk 10♥ ♥J")
    json_schema("state")
    rules_field_docs()
    assert _mutable_state() == before


def test_legal_actions_from_several_threads_as_from_one() -> None:
    """legal_actions answers the same from threads racing through cold caches as from one thread.

    Several threads ask at once, on the same positions and on different
    ones, each in its own order, after every cache is cleared (guarantee 3
    of docs/maintainers.md holds only if the caches are safe to share).
    """
    positions = [state for seed in range(6) for state in _play(seed)[::6]]
    expected = [legal_actions(state) for state in positions]
    _clear_caches()
    threads_count = 6
    results: list[list[tuple[int, object]]] = [[] for _ in range(threads_count)]
    errors: list[BaseException] = []
    barrier = threading.Barrier(threads_count)

    def work(index: int) -> None:
        try:
            order = list(range(len(positions)))
            if index % 2:  # half the threads share one order: the same positions at once
                random.Random(index).shuffle(order)
            barrier.wait()
            for at in order:
                results[index].append((at, legal_actions(positions[at])))
        except BaseException as error:  # handed to the main thread
            errors.append(error)

    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as possible
    try:
        threads = [threading.Thread(target=work, args=(index,)) for index in range(threads_count)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(interval)
    assert not errors
    for found in results:
        assert len(found) == len(positions)
        for at, actions in found:
            assert actions == expected[at], positions[at]
