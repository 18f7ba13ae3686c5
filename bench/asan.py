"""Memory errors and leaks of the C accelerator under AddressSanitizer: seeded random play on an ASan build of `romme._cturn`.

Run: ``python bench/asan.py`` (1,000 rounds each of ``drov``,
``german-rummy``, ``ass-klopfen`` and ``ass-kaufen``, 4 seats: between
them every slice of the C core; ``--rounds``, ``--presets``, ``--keep``, and
``--show-a-leak`` to see it fail on a reference leaked on purpose). Linux
with GCC or Clang and their ASan runtime (``libasan``); it exits 1, saying
why, when AddressSanitizer reports anything in the extension.

1. It copies the package (``src/romme``, without a built extension) into a
   temporary directory and compiles the extension there from the sources
   and the limited API that ``setup.py`` names, with
   ``-fsanitize=address -fno-omit-frame-pointer -g -O1``.
2. A child Python imports that copy (it checks that ``romme._cturn`` is the
   ASan build and answers), with the compiler's ``libasan`` preloaded,
   ``ASAN_OPTIONS=detect_leaks=1`` and ``PYTHONMALLOC=malloc`` (so that
   every Python object is a block of its own that ASan tracks, not a piece
   of a pymalloc arena), and plays the rounds: at every decision
   `legal_actions`, `is_legal` and `check` of the move drawn, and `apply`.
   It plays a few rounds first and then the rest, and reports the live
   objects of the interpreter after each part.
3. It reads the report. Any error of AddressSanitizer (a bad read or write,
   a double free) fails the run, and so does any leak: with
   ``PYTHONMALLOC=malloc`` the interpreter (CPython 3.11 at least) leaves
   no unreachable block at its exit, so a leak is a block, or an object
   whose reference was never given back, that nothing holds. A leak whose
   allocation stack holds a frame of the extension (its shared object or a
   source of ``csrc/``) is named as the extension's; an object the
   interpreter allocated but the extension kept a reference to shows the
   interpreter's frames only, and fails the run all the same. An object
   the collector tracks (a tuple, a state) stays on the collector's lists
   when a reference to it is never given back, so LeakSanitizer cannot see
   it: the count of the collector's objects (every cache of the library
   cleared, after a collection) must not grow from the first rounds to the
   last by more than `GROWTH_LIMIT`. ``--show-a-leak`` keeps a reference to
   each round's last state: the count grows and the run fails.

LeakSanitizer's suppressions are not used: a suppression matches any frame
of a leak's stack, and every call of the extension comes through the
interpreter's frames, so a suppression of the interpreter's allocations
would hide the extension's leaks too. Where an interpreter leaks at exit,
its leaks are printed with their stacks, to be told apart by reading them.
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GROWTH_LIMIT = 100
"""Live objects the interpreter may hold more after all the rounds than after the first few."""

CHILD = r"""
import gc, json, random, sys
import romme
import romme._cturn
from romme import apply, check, find_rules, is_legal, legal_actions, new_game

assert romme.accelerated, "the accelerator is not in use"
assert romme._cturn.__file__.startswith(sys.argv[1]), romme._cturn.__file__
presets, rounds, first = sys.argv[2].split(","), int(sys.argv[3]), int(sys.argv[4])
leak = sys.argv[5] == "leak"
if leak:
    import ctypes
counts = []
decisions = 0
for start, stop in ((0, first), (first, rounds)):
    for preset in presets:
        rules = find_rules(preset)
        for seed in range(start, stop):
            state = new_game(rules, 4, seed=seed, dealer=seed % 4)
            chooser = random.Random(seed)
            while not state.is_over:
                action = chooser.choice(legal_actions(state))
                assert is_legal(state, action)
                check(state, action)
                state = apply(state, action)
                decisions += 1
            if leak:  # --show-a-leak: a reference never given back, each round
                ctypes.pythonapi.Py_IncRef(ctypes.py_object(state))
    for name, module in list(sys.modules.items()):
        if name == "romme" or name.startswith("romme."):
            for value in list(vars(module).values()):
                clear = getattr(value, "cache_clear", None)
                if callable(clear) and getattr(value, "__module__", None) == name:
                    clear()
    gc.collect()
    counts.append(len(gc.get_objects()))
print(json.dumps({"decisions": decisions, "objects": counts}))
"""

_RECORD = re.compile(r"^(Direct|Indirect) leak of (\d+) byte\(s\) in (\d+) object\(s\)")


def _setup_value(name: str) -> object:
    """The value of a top-level assignment in setup.py (the sources, the limited API): one place for both builds."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    for node in tree.body:
        if isinstance(node, ast.Assign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(isinstance(t, ast.Name) and t.id == name for t in targets) and node.value:
                return ast.literal_eval(node.value)
    raise SystemExit(f"setup.py assigns no {name}")


def build(work: Path) -> Path:
    """Copy the package into `work` and compile the extension there with ASan; return the shared object."""
    package = work / "romme"
    shutil.copytree(
        ROOT / "src" / "romme",
        package,
        ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyd"),
    )
    target = package / "_cturn.abi3.so"
    compiler = (sysconfig.get_config_var("CC") or "cc").split()
    sources = [str(ROOT / source) for source in _setup_value("_SOURCES")]  # type: ignore[attr-defined]
    command = [
        *compiler,
        "-shared",
        "-fPIC",
        "-fsanitize=address",
        "-fno-omit-frame-pointer",
        "-g",
        "-O1",
        f"-DPy_LIMITED_API={_setup_value('_LIMITED_API')}",
        f"-I{sysconfig.get_paths()['include']}",
        *sources,
        "-o",
        str(target),
    ]
    print("$", " ".join(command), flush=True)
    subprocess.run(command, check=True)
    return target


def runtime(compiler: str) -> str:
    """The path of the compiler's ASan runtime, to preload into a Python built without it."""
    found = subprocess.run(
        [compiler, "-print-file-name=libasan.so"], capture_output=True, text=True, check=True
    ).stdout.strip()
    if not os.path.isabs(found) or not os.path.exists(found):
        raise SystemExit(f"{compiler} has no ASan runtime (libasan.so): {found!r}")
    return found


def leaks(report: str) -> list[tuple[str, int, int, list[str]]]:
    """The leaks of a LeakSanitizer report: kind, bytes, objects and the stack's frames, each."""
    found = []
    for block in report.split("\n\n"):
        lines = block.strip().splitlines()
        match = _RECORD.match(lines[0]) if lines else None
        if match:
            frames = [line.strip() for line in lines[1:] if line.strip().startswith("#")]
            found.append((match[1], int(match[2]), int(match[3]), frames))
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=1000, help="rounds per preset (1000)")
    parser.add_argument("--presets", default="drov,german-rummy,ass-klopfen,ass-kaufen")
    parser.add_argument("--keep", action="store_true", help="keep the build and the report")
    parser.add_argument(
        "--show-a-leak",
        action="store_true",
        help="leak a reference to each round's last state on purpose: the run must fail",
    )
    args = parser.parse_args()
    work = Path(tempfile.mkdtemp(prefix="romme-asan-"))
    try:
        shared = build(work)
        compiler = (sysconfig.get_config_var("CC") or "cc").split()[0]
        logs = work / "asan"
        symbolizer = shutil.which("llvm-symbolizer")
        env = {
            **os.environ,
            "PYTHONPATH": str(work),
            "PYTHONMALLOC": "malloc",
            "LD_PRELOAD": runtime(compiler),
            "ASAN_OPTIONS": f"detect_leaks=1:log_path={logs}:print_summary=1",
            **({"ASAN_SYMBOLIZER_PATH": symbolizer} if symbolizer else {}),
        }
        env.pop("ROMME_PURE", None)
        first = min(10, args.rounds)
        done = subprocess.run(
            [
                sys.executable,
                "-c",
                CHILD,
                str(work),
                args.presets,
                str(args.rounds),
                str(first),
                "leak" if args.show_a_leak else "",
            ],
            env=env,
            capture_output=True,
            text=True,
            cwd=work,
        )
        report = "".join(path.read_text(errors="replace") for path in work.glob("asan.*"))
        failures = verdict(done, report, shared, first, args.rounds)
        if args.keep:
            print(f"kept: {work}")
    finally:
        if not args.keep:
            shutil.rmtree(work, ignore_errors=True)
    if failures:
        print("FAILED:", *failures, sep="\n  ")
        sys.exit(1)
    print("no error and no leak of the extension")


def verdict(
    done: subprocess.CompletedProcess[str], report: str, shared: Path, first: int, rounds: int
) -> list[str]:
    """Print what the run found; return why it fails (nothing where it passes)."""
    import json

    failures = []
    print(done.stderr[-4000:], end="")
    if done.returncode != 0 and "LeakSanitizer: detected memory leaks" not in report:
        failures.append(f"the child exited {done.returncode}")
    errors = re.findall(r"ERROR: AddressSanitizer: [^\n]*", report)
    if errors:
        failures.append(f"AddressSanitizer: {errors}")
        print(report[-8000:])
    if done.stdout.strip():
        played = json.loads(done.stdout.strip().splitlines()[-1])
        before, after = played["objects"]
        print(
            f"played {played['decisions']:,} decisions; live objects after {first} rounds "
            f"a preset {before:,}, after {rounds}: {after:,} ({after - before:+,})"
        )
        if after - before > GROWTH_LIMIT:
            failures.append(f"the live objects grew by {after - before:,} (limit {GROWTH_LIMIT})")
    else:
        failures.append("the child printed nothing")
    ours = (str(shared), str(ROOT / "csrc"), "_cturn")
    found = leaks(report)
    extension = [leak for leak in found if any(m in f for f in leak[3] for m in ours)]
    print(
        f"leaks at exit: {len(found)} ({sum(leak[1] for leak in found):,} bytes), "
        f"{len(extension)} with a frame of the extension"
    )
    for kind, size, objects, frames in found:
        whose = (
            "the extension's"
            if any(m in f for f in frames for m in ours)
            else "no frame of the extension"
        )
        failures.append(f"{kind} leak of {size} bytes in {objects} objects ({whose}):")
        failures.extend(f"    {frame}" for frame in frames[:12])
    return failures


if __name__ == "__main__":
    main()
