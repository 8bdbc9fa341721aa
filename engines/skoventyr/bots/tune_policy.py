"""Tune the rule of thumb's weights (``policy.W``) for its own wins: part of
``python -m engines.skoventyr.bots.fit``.

It plays the rule of thumb alone on seeded games (``Games``: each seed set up from a
mix) in the simulator, a few milliseconds a game, and searches the weights one at a
time: each is tried at 0, 0.6, 1.4 and 2.5 times its value, and kept where more games
are won; then the next sweep over all the weights. It prints each gain as it is found.
Standard library only, like the engine.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from multiprocessing import get_context
from multiprocessing.pool import Pool

from engines.skoventyr.bots import policy
from engines.skoventyr.bots.sim import Sim
from engines.skoventyr.config import Config
from engines.skoventyr.rules import new_game, view

FACTORS = (0.0, 0.6, 1.4, 2.5)
#: A weight that is 0 is tried at these multiples of 10 instead.
FROM_ZERO = 10.0


@dataclass(frozen=True)
class Games:
    """Seeded games: ``count`` seeds from ``first``, each set up from the mix
    ``configs`` (seed modulo its length), so a set of games names its set-ups too."""

    first: int
    count: int
    configs: tuple[Config, ...] = (Config(),)

    def config(self, seed: int) -> Config:
        return self.configs[seed % len(self.configs)]

    def parts(self, jobs: int) -> list[range]:
        """The seeds in runs of consecutive ones (each run holds the whole mix), a few
        per process so a slow set-up does not leave one process working alone."""
        size = max(len(self.configs), self.count // (4 * jobs))
        end = self.first + self.count
        return [range(at, min(at + size, end)) for at in range(self.first, end, size)]


def won(weights: dict[str, float], moves: dict[str, float], games: Games, seeds: range) -> int:
    """How many of ``games`` on ``seeds`` the rule of thumb wins with ``weights`` and the
    corrections ``moves``."""
    policy.W.update(weights)
    policy.set_corrections(moves)
    wins = 0
    for seed in seeds:
        config = games.config(seed)
        sim = Sim.from_state(view(new_game(config, seed), config.seats[0]), random.Random(seed))
        # Played out as the search's rollouts are: a game some weight leaves going round
        # and round is cut at their limit, unwon.
        wins += policy.rollout(sim) == 1
    return wins


def wins(weights: dict[str, float], moves: dict[str, float], games: Games, jobs: int) -> int:
    """``won`` on all of ``games``, shared out over ``jobs`` processes."""
    with get_context("spawn").Pool(jobs) as pool:
        return score(pool, weights, moves, games, jobs)


def score(
    pool: Pool, weights: dict[str, float], moves: dict[str, float], games: Games, jobs: int
) -> int:
    work = [(weights, moves, games, seeds) for seeds in games.parts(jobs)]
    return sum(pool.starmap(won, work))


def tune(
    start: dict[str, float],
    games: Games,
    sweeps: int,
    jobs: int,
    keys: Sequence[str] | None = None,
    moves: dict[str, float] | None = None,
) -> dict[str, float]:
    """The weights found from ``start`` on ``games``, searching ``keys`` (default: all),
    the rule of thumb playing with the corrections ``moves`` (default: none)."""
    best = dict(start)
    moves = moves or {}
    # Fresh processes: forking one that runs threads can copy a held lock.
    with get_context("spawn").Pool(jobs) as pool:
        top = score(pool, best, moves, games, jobs)
        print(f"at the start: {top} of {games.count} won", flush=True)
        for sweep in range(1, sweeps + 1):
            for key in keys or list(best):
                for factor in FACTORS:
                    trial = dict(best)
                    trial[key] = best[key] * factor if best[key] else factor * FROM_ZERO
                    won_now = score(pool, trial, moves, games, jobs)
                    if won_now > top:
                        top, best = won_now, trial
                        print(f"sweep {sweep}: {key} = {trial[key]:.4g}: {top} won", flush=True)
    return best
