"""Tune ``policy.W`` for the rule of thumb's own wins.

Run ``python -m engines.skoventyr.bots.tune_policy`` (``--help`` for its options). It
plays the rule of thumb alone on seeded solo standard games in the simulator (a few
milliseconds a game) and searches the weights one at a time: each is tried at 0, half,
one and a half and two and a half times its value, and kept where more games are won;
three sweeps over all the weights. It prints each gain as it is found, then the weights
as Python to paste into ``policy.py``.

The games are learned on seeds from 100000 up (``--seed``): never the bench's, which
start at 0 and 5000, so that the bench measures the weights on deals they were not tuned
on. Two processes share the games. Standard library only, like the engine.
"""

from __future__ import annotations

import argparse
import random
from collections.abc import Sequence
from multiprocessing import Pool

from engines.skoventyr.bots import policy
from engines.skoventyr.bots.sim import Sim
from engines.skoventyr.config import Config
from engines.skoventyr.rules import new_game, view

FACTORS = (0.0, 0.5, 1.5, 2.5)
SWEEPS = 3
#: A weight that is 0 is tried at these multiples of 10 instead.
FROM_ZERO = 10.0


def won(weights: dict[str, float], seeds: range) -> int:
    """How many of the games on ``seeds`` the rule of thumb wins with ``weights``."""
    policy.W.update(weights)
    config = Config()
    wins = 0
    for seed in seeds:
        sim = Sim.from_state(view(new_game(config, seed), config.seats[0]), random.Random(seed))
        while not sim.ended:
            sim.play(policy.best(sim, sim.options()))
        wins += sim.ended == 1
    return wins


def tune(games: int, first: int, jobs: int) -> dict[str, float]:
    halves = [range(first + part, first + games, jobs) for part in range(jobs)]
    best = dict(policy.W)
    with Pool(jobs) as pool:

        def score(weights: dict[str, float]) -> int:
            return sum(pool.starmap(won, [(weights, seeds) for seeds in halves]))

        top = score(best)
        print(f"as shipped: {top} of {games} won", flush=True)
        for sweep in range(1, SWEEPS + 1):
            for key in list(best):
                for factor in FACTORS:
                    trial = dict(best)
                    trial[key] = best[key] * factor if best[key] else factor * FROM_ZERO
                    wins = score(trial)
                    if wins > top:
                        top, best = wins, trial
                        print(f"sweep {sweep}: {key} = {trial[key]:.4g}: {top} won", flush=True)
    return best


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.skoventyr.bots.tune_policy")
    parser.add_argument("--games", type=int, default=1500, help="games per trial")
    parser.add_argument("--seed", type=int, default=100_000, help="seed of the first game")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    args = parser.parse_args(argv)
    best = tune(args.games, args.seed, args.jobs)
    print("W: dict[str, float] = {")
    for key, weight in best.items():
        print(f'    "{key}": {weight:.4g},')
    print("}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
