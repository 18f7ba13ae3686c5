"""Fit the learnt evaluation (issue 35, point 2) to positions of GreedyBot self-play.

The shipped weights, ``src/romme/play/evaluation.json``, are made by::

    PYTHONPATH=src python tools/train_evaluation.py --seed 35 --rounds 6000 \\
        --out src/romme/play/evaluation.json

and this command reproduces them bit for bit: the self-play, the split and
the fit depend on the seed alone, and the fit is plain Python floating point
in a fixed order (no numpy, no BLAS). It takes about three minutes of one
core.

Self-play: round ``i`` is dealt under the preset ``i`` picks in turn from
every preset, at 2, 3 or 4 seats (3 to 5 where the dealer sits out), from
a seed derived from ``--seed`` and ``i``, and played by a GreedyBot at
every seat. A position is the view of the seat to act at the start of
each of its turns (its draw); its features are `romme.play._evaluation.features`
of that view alone, and its labels are what happened: the seat's score
when the round ended (its penalty, 0 if it went out, bonuses included) and
whether it went out. Every fifth round is held out.

The models are a ridge regression of the score and a ridge logistic
regression of going out (`NEWTON_STEPS` Newton steps) on the standardized
features, each solved from its normal equations. The script prints their
held-out figures (the score's mean squared error and correlation, going
out's log-loss and correlation) against the hand-written judgement (the
points left over after the hand's best packing, fitted alone on the same
training rounds) and a learning curve: the held-out figures against the
training positions.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Sequence

from romme import GreedyBot, apply, find_rules, new_game, view
from romme.game import Phase
from romme.play._evaluation import FEATURES, features
from romme.rules import PRESETS

LEFT = FEATURES.index("left")
"""The hand-written judgement's feature: the points left over after the best packing."""

RIDGE = 1.0
"""The ridge penalty on the standardized weights."""

NEWTON_STEPS = 8
"""The Newton steps of the logistic fit (a fixed count, so that the result is the same everywhere)."""

ROUNDS = 6000
"""The self-play rounds by default, those of the shipped weights."""


def round_seed(seed: int, index: int) -> int:
    """The deal's seed of round `index`: the same on every machine."""
    text = f"romme/train-evaluation/{seed}/{index}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big") >> 1


Position = tuple[tuple[float, ...], float, float]
"""A position's features, its seat's score at the round's end and whether that seat went out (1 or 0)."""


def self_play(seed: int, index: int) -> list[Position]:
    """The positions of round `index`, each with its features and its labels."""
    names = sorted(PRESETS)
    rules = find_rules(names[index % len(names)])
    low = 3 if rules.dealer_sits_out else 2
    seats = low + (index // len(names)) % 3
    state = new_game(rules, seats, seed=round_seed(seed, index), dealer=index % seats)
    bot = GreedyBot()
    rows: list[tuple[int, tuple[float, ...]]] = []
    last_turn = -1
    while not state.is_over:
        seat = state.current_player
        seen = view(state, seat)
        if state.phase is Phase.DRAW and state.turn.number != last_turn:
            last_turn = state.turn.number
            rows.append((seat, features(seen)))
        state = apply(state, bot.choose(seen))
    result = state.result
    assert result is not None
    scores = result.scores
    return [(row, float(scores[seat]), float(result.winner == seat)) for seat, row in rows]


def standardize(rows: Sequence[tuple[float, ...]]) -> tuple[list[float], list[float]]:
    """Each feature's mean and scale (its standard deviation, or 1 where it does not vary)."""
    count = len(rows)
    width = len(rows[0])
    means = [math.fsum(row[j] for row in rows) / count for j in range(width)]
    scales = []
    for j in range(width):
        variance = math.fsum((row[j] - means[j]) ** 2 for row in rows) / count
        scales.append(math.sqrt(variance) if variance > 1e-12 else 1.0)
    return means, scales


def solve(matrix: list[list[float]], vector: list[float]) -> list[float]:
    """Solve ``matrix @ x = vector`` by Gaussian elimination with partial pivoting."""
    size = len(vector)
    a = [[*row, value] for row, value in zip(matrix, vector, strict=True)]
    for col in range(size):
        pivot = max(range(col, size), key=lambda r: (abs(a[r][col]), -r))
        a[col], a[pivot] = a[pivot], a[col]
        for r in range(col + 1, size):
            factor = a[r][col] / a[col][col]
            if factor:
                for c in range(col, size + 1):
                    a[r][c] -= factor * a[col][c]
    x = [0.0] * size
    for r in range(size - 1, -1, -1):
        x[r] = (a[r][size] - math.fsum(a[r][c] * x[c] for c in range(r + 1, size))) / a[r][r]
    return x


class Model:
    """A fitted linear model: each feature's mean and scale, the weights and the intercept."""

    def __init__(
        self, means: list[float], scales: list[float], weights: list[float], intercept: float
    ) -> None:
        self.means = means
        self.scales = scales
        self.weights = weights
        self.intercept = intercept

    def as_json(self) -> dict[str, object]:
        return {
            "means": self.means,
            "scales": self.scales,
            "weights": self.weights,
            "intercept": self.intercept,
        }


def scaled(
    rows: Sequence[tuple[float, ...]], columns: Sequence[int]
) -> tuple[list[float], list[float], list[list[float]]]:
    """The `columns` of `rows` standardized, with each one's mean and scale."""
    picked = [tuple(row[j] for j in columns) for row in rows]
    means, scales = standardize(picked)
    width = len(columns)
    return (
        means,
        scales,
        [[(row[j] - means[j]) / scales[j] for j in range(width)] for row in picked],
    )


def normal_equations(
    z: Sequence[Sequence[float]], targets: Sequence[float], weights: Sequence[float] | None
) -> tuple[list[list[float]], list[float]]:
    """``sum w z z^T`` and ``sum z target`` over the rows (``w`` 1 where `weights` is None), in row order."""
    width = len(z[0])
    gram = [[0.0] * width for _ in range(width)]
    moment = [0.0] * width
    for index, row in enumerate(z):
        target = targets[index]
        weight = 1.0 if weights is None else weights[index]
        for i in range(width):
            zi = row[i]
            moment[i] += zi * target
            wzi = weight * zi
            line = gram[i]
            for j in range(i, width):
                line[j] += wzi * row[j]
    for i in range(width):
        for j in range(i):
            gram[i][j] = gram[j][i]
    return gram, moment


def fit(
    rows: Sequence[tuple[float, ...]], labels: Sequence[float], columns: Sequence[int]
) -> Model:
    """A ridge regression of `labels` on the standardized `columns` of `rows`."""
    means, scales, z = scaled(rows, columns)
    intercept = math.fsum(labels) / len(labels)
    gram, moment = normal_equations(z, [label - intercept for label in labels], None)
    for i in range(len(columns)):
        gram[i][i] += RIDGE
    return Model(means, scales, solve(gram, moment), intercept)


def sigmoid(x: float) -> float:
    """The logistic function, safe for large arguments."""
    if x >= 0:
        return 1.0 / (1.0 + math.exp(-x))
    e = math.exp(x)
    return e / (1.0 + e)


def fit_logistic(
    rows: Sequence[tuple[float, ...]], labels: Sequence[float], columns: Sequence[int]
) -> Model:
    """A ridge logistic regression of the 0/1 `labels` on the standardized `columns`, by `NEWTON_STEPS` Newton steps."""
    means, scales, z = scaled(rows, columns)
    z = [[1.0, *row] for row in z]  # the intercept first, not penalized
    width = len(columns) + 1
    w = [0.0] * width
    for _ in range(NEWTON_STEPS):
        p = [sigmoid(math.fsum(a * b for a, b in zip(w, row, strict=True))) for row in z]
        gram, gradient = normal_equations(
            z, [y - q for y, q in zip(labels, p, strict=True)], [q * (1 - q) for q in p]
        )
        for i in range(1, width):
            gram[i][i] += RIDGE
            gradient[i] -= RIDGE * w[i]
        step = solve(gram, gradient)
        w = [a + b for a, b in zip(w, step, strict=True)]
    return Model(means, scales, w[1:], w[0])


def predict(model: Model, row: Sequence[float], columns: Sequence[int]) -> float:
    """The model's linear prediction for the `columns` of `row`."""
    total = model.intercept
    for k, j in enumerate(columns):
        total += model.weights[k] * (row[j] - model.means[k]) / model.scales[k]
    return total


def correlation(predicted: Sequence[float], labels: Sequence[float]) -> float:
    """Pearson's correlation of the predictions with the labels."""
    count = len(labels)
    mp = math.fsum(predicted) / count
    my = math.fsum(labels) / count
    cov = math.fsum((p - mp) * (y - my) for p, y in zip(predicted, labels, strict=True))
    vp = math.fsum((p - mp) ** 2 for p in predicted)
    vy = math.fsum((y - my) ** 2 for y in labels)
    return cov / math.sqrt(vp * vy) if vp and vy else 0.0


def penalty_quality(
    model: Model, rows: Sequence[tuple[float, ...]], labels: Sequence[float], columns: Sequence[int]
) -> dict[str, float]:
    """Held-out mean squared error and correlation of the predicted score."""
    predicted = [predict(model, row, columns) for row in rows]
    mse = math.fsum((p - y) ** 2 for p, y in zip(predicted, labels, strict=True)) / len(labels)
    return {"mse": mse, "correlation": correlation(predicted, labels)}


def out_quality(
    model: Model, rows: Sequence[tuple[float, ...]], labels: Sequence[float], columns: Sequence[int]
) -> dict[str, float]:
    """Held-out log-loss (nats a position) and correlation of the predicted chance of going out."""
    predicted = [sigmoid(predict(model, row, columns)) for row in rows]
    eps = 1e-12
    loss = -math.fsum(
        y * math.log(max(p, eps)) + (1 - y) * math.log(max(1 - p, eps))
        for p, y in zip(predicted, labels, strict=True)
    ) / len(labels)
    return {"log_loss": loss, "correlation": correlation(predicted, labels)}


def main(argv: Sequence[str] | None = None) -> int:
    """Play, fit, print the held-out figures and, with ``--out``, write the model."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seed", type=int, default=35, help="master seed (default 35)")
    parser.add_argument(
        "--rounds", type=int, default=ROUNDS, help=f"self-play rounds (default {ROUNDS})"
    )
    parser.add_argument("--out", help="write the model here (JSON); by default only print")
    args = parser.parse_args(argv)
    started = time.process_time()
    train: list[Position] = []
    held: list[Position] = []
    for index in range(args.rounds):
        (held if index % 5 == 4 else train).extend(self_play(args.seed, index))
        if (index + 1) % 1000 == 0:
            print(f"{index + 1} rounds, {len(train) + len(held)} positions", file=sys.stderr)
    played = time.process_time() - started
    every = list(range(len(FEATURES)))
    held_rows = [row for row, _, _ in held]
    held_scores = [score for _, score, _ in held]
    held_outs = [out for _, _, out in held]
    print(
        f"self-play: {args.rounds} rounds (seed {args.seed}), {len(train)} training and "
        f"{len(held)} held-out positions, {played:.0f} s of CPU"
    )
    rows = [row for row, _, _ in train]
    scores = [score for _, score, _ in train]
    outs = [out for _, _, out in train]
    mean = math.fsum(scores) / len(scores)
    rate = math.fsum(outs) / len(outs)
    baseline = {
        "constant_mse": math.fsum((y - mean) ** 2 for y in held_scores) / len(held_scores),
        "constant_log_loss": -math.fsum(
            y * math.log(rate) + (1 - y) * math.log(1 - rate) for y in held_outs
        )
        / len(held_outs),
        **{
            f"left_over_{key}": value
            for key, value in penalty_quality(
                fit(rows, scores, [LEFT]), held_rows, held_scores, [LEFT]
            ).items()
        },
        **{
            f"left_over_out_{key}": value
            for key, value in out_quality(
                fit_logistic(rows, outs, [LEFT]), held_rows, held_outs, [LEFT]
            ).items()
        },
    }
    print(
        "held out, the training mean: score's mean squared error "
        f"{baseline['constant_mse']:.1f}; going out's log-loss {baseline['constant_log_loss']:.4f}"
    )
    print(
        "held out, the points left over (fitted on them alone): score's mean squared error "
        f"{baseline['left_over_mse']:.1f}, correlation {baseline['left_over_correlation']:.3f}; "
        f"going out's log-loss {baseline['left_over_out_log_loss']:.4f}, "
        f"correlation {baseline['left_over_out_correlation']:.3f}"
    )
    curve = []
    for share in (8, 4, 2, 1):
        size = len(train) // share
        penalty = fit(rows[:size], scores[:size], every)
        out = fit_logistic(rows[:size], outs[:size], every)
        figures = {
            "positions": size,
            **penalty_quality(penalty, held_rows, held_scores, every),
            **{f"out_{k}": v for k, v in out_quality(out, held_rows, held_outs, every).items()},
        }
        curve.append(figures)
        print(
            f"held out, learnt from {size} positions: score's mean squared error "
            f"{figures['mse']:.1f}, correlation {figures['correlation']:.3f}; going out's "
            f"log-loss {figures['out_log_loss']:.4f}, correlation {figures['out_correlation']:.3f}"
        )
    print(f"{time.process_time() - started:.0f} s of CPU in all")
    if args.out:
        document = {
            "features": list(FEATURES),
            "models": {
                "score": {
                    "label": "the seat's score at the round's end (its penalty, bonuses included)",
                    **penalty.as_json(),
                },
                "out": {
                    "label": "whether the seat went out (logistic: the log-odds)",
                    **out.as_json(),
                },
            },
            "training": {
                "command": (
                    "PYTHONPATH=src python tools/train_evaluation.py "
                    f"--seed {args.seed} --rounds {args.rounds} --out src/romme/play/evaluation.json"
                ),
                "rounds": args.rounds,
                "presets": sorted(PRESETS),
                "positions": len(train),
                "held_out_positions": len(held),
                "held_out": {**baseline, "curve": curve},
            },
        }
        with open(args.out, "w", encoding="utf-8") as handle:
            json.dump(document, handle, indent=1)
            handle.write("\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
