"""Shared runner of the fuzz harnesses: atheris (libFuzzer) when installed, else a plain random loop.

A harness defines ``one_input(data: bytes) -> None`` that feeds the bytes
to the library and raises `Finding` (or lets any unexpected exception
escape) when the library misbehaves. Library errors (`romme.RommeError`
subclasses) are the expected answer to bad input and must be caught by
the harness itself.

    python fuzz/fuzz_cards.py -max_total_time=20     # atheris / libFuzzer
    python fuzz/fuzz_cards.py --plain 10000          # no atheris needed
"""

from __future__ import annotations

import argparse
import hashlib
import random
import sys
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

OneInput = Callable[[bytes], str]
"""A harness: reads the bytes, checks the library's answer, returns a label of the outcome."""


class Finding(AssertionError):  # noqa: N818 - a finding, not an error of the runner
    """The library broke a promise on one input (a wrong answer, not an exception)."""


def plain(one_input: OneInput, iterations: int, seed: int, max_length: int) -> int:
    """Feed `iterations` random byte strings to `one_input`; return the exit status."""
    rng = random.Random(seed)
    outcomes: Counter[str] = Counter()
    started = time.perf_counter()
    for index in range(iterations):
        data = rng.randbytes(rng.randrange(max_length + 1))
        try:
            outcomes[one_input(data)] += 1
        except Exception:
            digest = hashlib.sha1(data).hexdigest()[:12]
            path = Path(f"crash-{digest}.bin")
            path.write_bytes(data)
            print(f"FINDING at iteration {index} (input saved to {path}): {data!r}")
            traceback.print_exc()
            return 1
    elapsed = time.perf_counter() - started
    print(
        f"{iterations} inputs in {elapsed:.1f} s ({iterations / max(elapsed, 1e-9):.0f}/s), "
        f"seed {seed}, no finding"
    )
    for label, count in sorted(outcomes.items()):
        print(f"  {label:<32} {count}")
    return 0


def main(one_input: OneInput, description: str) -> None:
    """Run the harness: ``--plain N`` for the plain loop, otherwise atheris with libFuzzer's arguments."""
    parser = argparse.ArgumentParser(description=description, allow_abbrev=False)
    parser.add_argument(
        "--plain", type=int, metavar="N", help="run N random inputs without atheris, then stop"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the plain loop")
    parser.add_argument(
        "--max-length", type=int, default=512, help="longest random input of the plain loop"
    )
    known, rest = parser.parse_known_args()
    if known.plain is not None:
        sys.exit(plain(one_input, known.plain, known.seed, known.max_length))
    try:
        import atheris  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        sys.exit(
            "atheris is not installed (pip install atheris); run the plain loop instead: "
            f"python {sys.argv[0]} --plain 10000"
        )

    def fuzzed(data: bytes) -> None:
        one_input(data)

    atheris.instrument_all()
    atheris.Setup([sys.argv[0], *rest], fuzzed)
    atheris.Fuzz()


def text_from(
    data: bytes, tokens: tuple[str, ...], rare: tuple[str, ...] = (), limit: int = 64
) -> str:
    """Turn bytes into text: raw UTF-8 (mode 0), or `tokens` between separators (modes 1–3).

    Building text from whole tokens lets random bytes reach the parsers'
    inner paths (valid cards, verbs, indices) instead of failing on the
    first character. Mode 2 puts in a `rare` token (a near miss) now and
    then; mode 3 splices one raw character into the text. At most `limit`
    tokens are used.
    """
    if not data:
        return ""
    mode, body = data[0] % 4, data[1:]
    if mode == 0:
        return body.decode("utf-8", errors="surrogateescape")
    separators = (" ", " ", " ", ", ", ";", "\t", "  ")
    parts = []
    for i in range(0, min(len(body) - 1, 2 * limit), 2):
        pool = rare if mode == 2 and rare and body[i + 1] % 8 == 0 else tokens
        parts.append(pool[body[i] % len(pool)])
        parts.append(separators[body[i + 1] % len(separators)])
    if mode == 3 and body:
        parts.insert(body[-1] % (len(parts) + 1), chr(body[-1] * 251 % 0x2FFFF))
    return "".join(parts).strip()
