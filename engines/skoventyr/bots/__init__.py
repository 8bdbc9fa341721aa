"""Skoventyr's bots: a heuristic policy and a determinized Monte Carlo search.

``make_bot("heuristic" | "search" | "random")`` gives an object with
``choose(view, rng, budget) -> Action`` and ``explain() -> str``; the search bot also
keeps ``last_estimate`` (its choice's mean score in the simulated games) and
``last_arms`` (the figures of every move it compared).
"""

from engines.skoventyr.bots.bots import (
    BOTS,
    Bot,
    HeuristicBot,
    MoveFigures,
    RandomBot,
    SearchBot,
    make_bot,
)

__all__ = [
    "BOTS",
    "Bot",
    "HeuristicBot",
    "MoveFigures",
    "RandomBot",
    "SearchBot",
    "make_bot",
]
