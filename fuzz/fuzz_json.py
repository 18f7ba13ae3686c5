"""Fuzz JSON loading: loads of raw bytes and of valid documents with bytes changed.

Promises checked on every input (docs/maintainers.md "Data", guarantee 6):

- ``loads`` returns a value whose own document loads back equal, or
  raises `romme.InvalidDataError` (never KeyError, TypeError, …);
- ``from_dict`` of the parsed JSON does the same and leaves the dict it
  reads unchanged.

Anything else that escapes is a finding.

    python fuzz/fuzz_json.py -max_total_time=20
    python fuzz/fuzz_json.py --plain 10000
"""

from __future__ import annotations

import json
import random

import attrs
from _runner import Finding, main

from romme import (
    PRESETS,
    GameRecord,
    InvalidDataError,
    apply,
    dumps,
    from_dict,
    legal_actions,
    loads,
    new_game,
    new_match,
    parse_action,
    parse_card,
    validate_meld,
    view,
)


def _seed_documents() -> tuple[bytes, ...]:
    """Documents of every type: the valid starting points of the mutations."""
    classic = PRESETS["classic"]
    state = new_game(classic, 3, seed=7)
    record = GameRecord.start(state)
    rng = random.Random(7)
    for _ in range(40):
        if state.is_over:
            break
        action = rng.choice(legal_actions(state))
        record = record.add(action)
        state = apply(state, action)
    short = new_game(PRESETS["drov"], 4, seed=3)
    while not short.is_over:
        short = apply(short, rng.choice(legal_actions(short)))
    values: list[object] = [
        parse_card("7♥"),
        parse_action("swap 1 7♣ then meld JK 8♦ 9♦"),
        validate_meld("5♣ 6♣ JK 8♣", classic),
        attrs.evolve(classic, opening_threshold=35),
        state,
        view(state, 1),
        record,
        short,
        short.result,
        new_match(PRESETS["cardgames-zone"], 3, seed=1),
    ]
    return tuple(dumps(value).encode() for value in values)


SEEDS = _seed_documents()
SNIPPETS = (
    b'"',
    b"{",
    b"}",
    b"[",
    b"]",
    b",",
    b":",
    b"null",
    b"true",
    b"-1",
    b"1e400",
    b"NaN",
    b'"JK"',
    b'"7\xe2\x99\xa5"',
    b"99999999999999999999",
    b'"play"',
    b"[]",
    b"{}",
    b'"\\ud800"',
    b"\xff",
)


def document_from(data: bytes) -> bytes:
    """Mode 0: the raw bytes; otherwise a seed document with byte-driven edits."""
    if not data or data[0] % 4 == 0:
        return data[1:]
    text = SEEDS[data[0] % len(SEEDS)]
    body = data[1:]
    for i in range(0, len(body) - 3, 4):
        start = int.from_bytes(body[i : i + 2], "big") % (len(text) + 1)
        end = min(len(text), start + body[i + 2] % 16)
        new = b"" if body[i + 3] % 3 == 0 else SNIPPETS[body[i + 3] % len(SNIPPETS)]
        text = text[:start] + new + (text[start:] if body[i + 3] % 3 == 1 else text[end:])
    return text


def _round_trips(value: object, source: str) -> None:
    if loads(dumps(value)) != value:
        raise Finding(f"{source}: the loaded {type(value).__name__} does not round-trip")


def one_input(data: bytes) -> str:
    """Load the document `data` makes, as bytes and as a parsed dict."""
    document = document_from(data)
    try:
        value = loads(document)
    except InvalidDataError:
        outcome = "refused"
    else:
        _round_trips(value, "loads")
        outcome = f"loaded {type(value).__name__}"
    try:
        parsed = json.loads(document)
    except (ValueError, RecursionError):
        return outcome
    before = json.dumps(parsed)
    try:
        value = from_dict(parsed)
    except InvalidDataError:
        pass
    else:
        _round_trips(value, "from_dict")
    if json.dumps(parsed) != before:  # as text: NaN is not equal to itself
        raise Finding("from_dict changed the document it read")
    return outcome


if __name__ == "__main__":
    main(one_input, __doc__ or "")
