"""Fit the position value's weights (``value.WEIGHTS``): part of
``python -m engines.skoventyr.bots.fit``.

Plays seeded games with the rule of thumb in the simulator, records the features of
every position where a player chooses an action, and fits least-squares weights that
predict the score that game ended with (a sixth per defeated Minion, plus one for a win).
Standard library only, like the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from engines.skoventyr.bots import policy
from engines.skoventyr.bots.sim import Sim
from engines.skoventyr.bots.value import features, value
from engines.skoventyr.config import Config
from engines.skoventyr.rules import new_game, view


def sample(config: Config, games: int, first_seed: int) -> tuple[list[list[float]], list[float]]:
    """Features of each choice point and the score its game ended with."""
    rows: list[list[float]] = []
    scores: list[float] = []
    for seed in range(first_seed, first_seed + games):
        state = new_game(config, seed)
        sim = Sim.from_state(view(state, config.seats[0]), random.Random(seed))
        seen: list[list[float]] = []
        while not sim.ended:
            if not sim.tasks:
                seen.append(features(sim))
            sim.play(policy.choose(sim))
        score = value(sim)  # the game has ended: exactly what it scored
        rows += seen
        scores += [score] * len(seen)
    return rows, scores


def least_squares(
    rows: list[list[float]],
    y: list[float],
    ridge: float = 1e-3,
    prior: Sequence[float] | None = None,
) -> list[float]:
    """Weights minimising the squared error, with a ridge (per row) that pulls them
    towards ``prior`` (None: towards 0, a small ridge for stability; a few games' rows
    only move the weights they are sure of away from those in force)."""
    d = len(rows[0])
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    for x, target in zip(rows, y, strict=True):
        for i, xi in enumerate(x):
            if xi:
                b[i] += xi * target
                row = a[i]
                for j, xj in enumerate(x):
                    row[j] += xi * xj
    for i in range(d):
        a[i][i] += ridge * len(rows)
        if prior is not None:
            b[i] += ridge * len(rows) * prior[i]
    return solve(a, b)


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """``x`` with ``a x = b`` (Gauss-Jordan with partial pivoting; ``a`` is used up)."""
    d = len(b)
    m = [a[i] + [b[i]] for i in range(d)]
    for col in range(d):
        pivot = max(range(col, d), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(d):
            if r != col and m[r][col]:
                f = m[r][col] / m[col][col]
                m[r] = [p - f * q for p, q in zip(m[r], m[col], strict=True)]
    return [m[i][d] / m[i][i] for i in range(d)]


def r_squared(weights: list[float], rows: list[list[float]], y: list[float]) -> float:
    mean = sum(y) / len(y)
    total = sum((t - mean) ** 2 for t in y)
    error = sum(
        (t - sum(w * x for w, x in zip(weights, row, strict=True))) ** 2
        for row, t in zip(rows, y, strict=True)
    )
    return 1 - error / total if total else 0.0
