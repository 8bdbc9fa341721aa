"""Does the Hint on a slow machine choose what the search chooses at full speed?
``python -m engines.skoventyr.bench_hint --help``.

Positions are sampled from solo standard games the rule of thumb plays on seeds from
``--seed`` (a fifth of the decisions that offer a choice). At each, the search thinks
twice, on its own random source each time: once with the Hint's budget divided by
``--budget-scale`` (the Hint on a Raspberry Pi, by proxy) and once with the whole budget
(full speed). It prints how often the two choose the same move, with its Wilson 95%
interval, and how often the slow choice is the same or one the full-speed search cannot
tell from its own (within two standard errors over the same deals: the Hint's words call
such moves equally good). It ends with one summary line of ``key=value`` pairs.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import sys
import time
from collections.abc import Sequence

from engines.core.measure import budget_scale, percentile, wilson
from engines.skoventyr.bots import HeuristicBot, SearchBot
from engines.skoventyr.config import Config
from engines.skoventyr.hint import HINT_BUDGET, too_close
from engines.skoventyr.rules import apply, legal_actions, new_game, view
from engines.skoventyr.state import State

#: The share of a game's decisions with a choice that are sampled.
SHARE = 0.2


def positions(count: int, first_seed: int) -> list[State]:
    """``count`` views of positions from the rule of thumb's games, seeds from ``first_seed``."""
    config = Config()
    bot = HeuristicBot()
    found: list[State] = []
    seed = first_seed
    while len(found) < count:
        state = new_game(config, seed)
        rng = random.Random(f"positions/{seed}")
        while state.ended is None and legal_actions(state) and len(found) < count:
            seen = view(state, config.seats[state.player])
            if len(legal_actions(seen)) > 1 and rng.random() < SHARE:
                found.append(seen)
            state = apply(state, bot.choose(seen, rng))
        seed += 1
    return found


def compare(index: int, seen: State, budget: float, scale: float) -> tuple[bool, bool, float]:
    """Whether the slow and the full-speed search agree at ``seen``, whether they agree or
    tie, and the slow search's seconds."""
    slow, full = SearchBot(), SearchBot()
    started = time.perf_counter()
    hint = slow.choose(seen, random.Random(f"slow/{index}"), budget / scale)
    seconds = time.perf_counter() - started
    best = full.choose(seen, random.Random(f"full/{index}"), budget)
    tied = any(arm.action == hint and too_close(arm.lead, arm.lead_error) for arm in full.last_arms)
    return hint == best, hint == best or tied, seconds


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.skoventyr.bench_hint")
    parser.add_argument("--positions", type=int, default=200, help="how many (default 200)")
    parser.add_argument("--seed", type=int, default=5000, help="seed of the first game")
    parser.add_argument("--budget", type=float, default=HINT_BUDGET, help="full speed's seconds")
    parser.add_argument("--budget-scale", type=budget_scale, default=4.0, metavar="F")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    args = parser.parse_args(argv)
    if args.positions < 1:
        print("--positions must be at least 1", file=sys.stderr)
        return 2
    sampled = positions(args.positions, args.seed)
    work = [(i, seen, args.budget, args.budget_scale) for i, seen in enumerate(sampled)]
    if args.jobs <= 1:
        results = [compare(*item) for item in work]
    else:  # fresh processes, as in the bench (no forked locks)
        with multiprocessing.get_context("spawn").Pool(args.jobs) as pool:
            results = pool.starmap(compare, work)
    n = len(results)
    same = sum(r[0] for r in results)
    near = sum(r[1] for r in results)
    low, high = wilson(same, n)
    p95 = percentile([r[2] for r in results], 0.95)
    print(
        f"Skoventyr Hint at {args.budget / args.budget_scale:g} s (budget {args.budget:g} s, "
        f"scale {args.budget_scale:g}) against full speed, {n} positions from seed {args.seed}"
    )
    print(f"same move: {same} of {n}: {same / n:.1%} (95% CI {low:.1%} .. {high:.1%})")
    print(f"same move or one full speed calls equally good: {near} of {n}: {near / n:.1%}")
    print(
        f"agreement={same / n:.3f} ci95={low:.3f}..{high:.3f} agree_or_tie={near / n:.3f} "
        f"positions={n} seed={args.seed} budget_s={args.budget:g} "
        f"budget_scale={args.budget_scale:g} slow_p95_s={p95:.4f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
