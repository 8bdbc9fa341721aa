"""Small helpers for the bot benchmarks: a proportion's confidence interval, a
percentile, and the ``--budget-scale`` option both benchmarks share."""

from __future__ import annotations

import argparse
import math
from collections.abc import Sequence


def wilson(wins: int, n: int, z: float = 1.959964) -> tuple[float, float]:
    """The Wilson score interval for a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) by the nearest-rank method."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(q * len(ordered)))
    return ordered[rank - 1]


def budget_scale(text: str) -> float:
    """``--budget-scale``: the factor every time budget of the bots is divided by, a
    finite number of at least 1 (a slower machine, such as a Raspberry Pi, sees about as
    many simulated games in its full budget as this one does in a share of it)."""
    try:
        scale = float(text)
    except ValueError:
        scale = math.nan  # refused just below, with the same message
    if not (math.isfinite(scale) and scale >= 1):
        raise argparse.ArgumentTypeError(f"a number of at least 1, not {text!r}")
    return scale
