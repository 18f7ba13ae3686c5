"""The learnt evaluation's learning curve in the arena: strength against the self-play it was fitted to.

Run: ``python bench/eval_curve.py ROUNDS SEED BOT WEIGHTS...`` from the
repository root, ``src`` on the path. For each weights file (as
``tools/train_evaluation.py --rounds N --out FILE`` writes it; ``shipped``
for the package's own) it plays ``ROUNDS`` heads-up rounds of ``BOT``
(an arena name or import path judging by the evaluation, such as
``romme.play._evaluation:EvalBot`` or ``evalsearch``) against GreedyBot
under ``classic`` in the arena (duplicate deals, master seed ``SEED``,
one worker in this process, so that the weights loaded here are the ones
played), and prints the training positions the weights were fitted to
and the arena's table. The search page of the documentation gives its
figures (issue 35, point 4).
"""

from __future__ import annotations

import json
import sys
import time
from collections.abc import Sequence
from importlib import resources
from pathlib import Path

from romme.arena import run_arena
from romme.play import _evaluation


def main(argv: Sequence[str]) -> int:
    """Play the rounds for each weights file and print the tables."""
    if len(argv) < 4:
        print(__doc__, file=sys.stderr)
        return 2
    rounds, seed, bot, files = int(argv[0]), int(argv[1]), argv[2], argv[3:]
    print(f"python bench/eval_curve.py {' '.join(argv)}")
    for name in files:
        if name == "shipped":
            text = resources.files("romme.play").joinpath("evaluation.json").read_text("utf-8")
        else:
            text = Path(name).read_text(encoding="utf-8")
        _evaluation._models = _evaluation.parse_weights(text)
        training = json.loads(text)["training"]
        started = time.process_time()
        result = run_arena([bot, "greedy"], "classic", rounds, seed=seed, workers=1)
        print(
            f"weights {name}: {training['rounds']} self-play rounds, "
            f"{training['positions']} training positions"
        )
        print(result.table())
        print(f"{time.process_time() - started:.0f} s of CPU")
    _evaluation._models = None
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
