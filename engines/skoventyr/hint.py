"""The Hint's two figures, shared by the app's Hint and its benchmark (``bench_hint``):
how long it thinks, and when two moves' scores are too close to call."""

from __future__ import annotations

#: Seconds of look-ahead for a hint: the screen shows its progress meanwhile.
HINT_BUDGET = 1.5

#: A lead smaller than this many standard errors (over the same deals) is chance.
NOISE = 2.0

#: Under this many simulated games a move's score tells too little: no clear best.
FEW_GAMES = 30


def too_close(lead: float, lead_error: float) -> bool:
    """Whether a move's ``lead`` over another (with its standard error) is within
    chance: the Hint then calls the two moves equally good, never one preferred."""
    return abs(lead) <= NOISE * lead_error
