"""Tune the rule of thumb's weights (``policy.W``) for its own wins: part of
``python -m engines.skoventyr.bots.fit``.

It plays the rule of thumb alone on seeded solo standard games in the simulator (a few
milliseconds a game) and searches the weights one at a time: each is tried at 0, 0.6,
1.4 and 2.5 times its value, and kept where more games are won; then the next sweep over
all the weights. It prints each gain as it is found. Standard library only, like the
engine.
"""

from __future__ import annotations

import random
from multiprocessing import get_context
from multiprocessing.pool import Pool

from engines.skoventyr.bots import policy
from engines.skoventyr.bots.sim import Sim
from engines.skoventyr.config import Config
from engines.skoventyr.rules import new_game, view

FACTORS = (0.0, 0.6, 1.4, 2.5)
#: A weight that is 0 is tried at these multiples of 10 instead.
FROM_ZERO = 10.0


def won(weights: dict[str, float], moves: dict[str, float], seeds: range) -> int:
    """How many of the games on ``seeds`` the rule of thumb wins with ``weights`` and
    the corrections ``moves``."""
    policy.W.update(weights)
    policy.MOVES.clear()
    policy.MOVES.update(moves)
    config = Config()
    wins = 0
    for seed in seeds:
        sim = Sim.from_state(view(new_game(config, seed), config.seats[0]), random.Random(seed))
        while not sim.ended:
            sim.play(policy.best(sim, sim.options()))
        wins += sim.ended == 1
    return wins


def wins(
    weights: dict[str, float], moves: dict[str, float], games: int, first: int, jobs: int
) -> int:
    """``won`` on the games with seeds ``first`` to ``first + games - 1``, shared out."""
    with get_context("spawn").Pool(jobs) as pool:
        return score(pool, weights, moves, games, first, jobs)


def score(
    pool: Pool,
    weights: dict[str, float],
    moves: dict[str, float],
    games: int,
    first: int,
    jobs: int,
) -> int:
    parts = [(weights, moves, range(first + part, first + games, jobs)) for part in range(jobs)]
    return sum(pool.starmap(won, parts))


def tune(
    start: dict[str, float], games: int, first: int, sweeps: int, jobs: int
) -> dict[str, float]:
    """The weights found from ``start`` (with no corrections) on the games with seeds
    ``first`` on."""
    best = dict(start)
    # Fresh processes: forking one that runs threads can copy a held lock.
    with get_context("spawn").Pool(jobs) as pool:
        top = score(pool, best, {}, games, first, jobs)
        print(f"at the start: {top} of {games} won", flush=True)
        for sweep in range(1, sweeps + 1):
            for key in list(best):
                for factor in FACTORS:
                    trial = dict(best)
                    trial[key] = best[key] * factor if best[key] else factor * FROM_ZERO
                    won_now = score(pool, trial, {}, games, first, jobs)
                    if won_now > top:
                        top, best = won_now, trial
                        print(f"sweep {sweep}: {key} = {trial[key]:.4g}: {top} won", flush=True)
    return best
