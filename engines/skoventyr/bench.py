"""Skoventyr's bot benchmark: ``python -m engines.skoventyr.bench --help``.

Plays N seeded games with one bot (in parallel processes) and prints the win rate with
its Wilson 95% confidence interval, games per second and the decision times, ending with
one summary line of ``key=value`` pairs.

Game ``i`` uses set-up seed ``seed + i`` and the bot's own random source seeded from the
same number, so a run is reproducible up to the time budget (a search bot thinks for as
long as its budget allows: on a slower machine it sees fewer simulated games; pass
``--rollouts`` for a run that depends only on the seed). ``--budget-scale F`` divides
each decision's budget by F: a proxy for a machine F times slower, such as a Raspberry Pi.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engines.core.measure import budget_scale, percentile, wilson
from engines.skoventyr.bots import SearchBot, make_bot
from engines.skoventyr.config import Config
from engines.skoventyr.rules import apply, legal_actions, new_game, view

#: Difficulty: (extra Healthy Trees, extra Damaged Trees, standard Trees starting Damaged).
DIFFICULTIES: dict[str, tuple[int, int, int]] = {
    "easiest": (2, 0, 0),
    "easier": (1, 0, 0),
    "easy": (0, 1, 0),
    "standard": (0, 0, 0),
    "hard": (0, 0, 1),
    "harder": (0, 0, 2),
}
MAX_STEPS = 5000


@dataclass(frozen=True)
class Job:
    bot: str
    seed: int
    #: The seconds per decision the bot is given: ``--budget`` / ``--budget-scale``.
    budget: float
    config: Config
    rollouts: int | None


@dataclass(frozen=True)
class Result:
    seed: int
    won: bool
    cause: str
    turns: int
    minions_left: int
    times: tuple[float, ...]
    seconds: float


def play(job: Job) -> Result:
    """One seeded game of ``job.bot``, every seat played by the bot."""
    bot = make_bot(job.bot)
    if isinstance(bot, SearchBot) and job.rollouts is not None:
        bot.rollouts = job.rollouts
    rng = random.Random(f"bot/{job.seed}")
    started = time.perf_counter()
    state = new_game(job.config, job.seed)
    times: list[float] = []
    for _ in range(MAX_STEPS):
        if state.ended is not None or not legal_actions(state):
            break  # won, lost, or stuck with no action (RULINGS S4: not a loss, not a win)
        seat = job.config.seats[state.player]
        before = time.perf_counter()
        action = bot.choose(view(state, seat), rng, job.budget)
        times.append(time.perf_counter() - before)
        state = apply(state, action)
    else:  # pragma: no cover - every game ends well before
        raise RuntimeError(f"game {job.seed} did not end")
    return Result(
        seed=job.seed,
        won=state.ended is not None and state.ended.result == "won",
        cause="stuck" if state.ended is None else state.ended.cause,
        turns=state.turn,
        minions_left=len(state.minions),
        times=tuple(times),
        seconds=time.perf_counter() - started,
    )


def parse(argv: Sequence[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engines.skoventyr.bench",
        description="Play seeded Skoventyr games with a bot and report its win rate.",
    )
    parser.add_argument("--bot", choices=("heuristic", "search", "random"), default="search")
    parser.add_argument("--games", type=int, default=100, help="how many games (default 100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument(
        "--budget", type=float, default=0.25, help="seconds per decision (default 0.25)"
    )
    parser.add_argument(
        "--budget-scale",
        type=budget_scale,
        default=1.0,
        metavar="F",
        help="divide the budget by F (at least 1): a proxy for a machine F times slower",
    )
    parser.add_argument("--players", type=int, default=1, choices=(1, 2, 3, 4))
    parser.add_argument("--lygtemands", action="store_true", help="add the Lygtemands module")
    parser.add_argument("--rescue", action="store_true", help="add the Rescue module")
    parser.add_argument("--difficulty", choices=tuple(DIFFICULTIES), default="standard")
    parser.add_argument(
        "--rollouts",
        type=int,
        default=None,
        help="search bot: cap the simulated games per decision (reproducible runs)",
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=os.cpu_count() or 1,
        help="parallel processes (default: the number of CPUs)",
    )
    parser.add_argument("--quiet", action="store_true", help="only the summary line")
    return parser.parse_args(argv)


def make_jobs(args: argparse.Namespace) -> list[Job]:
    """One job per game, each bot given ``--budget`` divided by ``--budget-scale``."""
    healthy, damaged, flipped = DIFFICULTIES[args.difficulty]
    config = Config(
        players=args.players,
        lygtemands=args.lygtemands,
        rescue=args.rescue,
        extra_healthy_trees=healthy,
        extra_damaged_trees=damaged,
        damaged_trees=flipped,
    )
    budget = args.budget / args.budget_scale
    return [Job(args.bot, args.seed + i, budget, config, args.rollouts) for i in range(args.games)]


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    jobs = make_jobs(args)
    started = time.perf_counter()
    workers = max(1, min(args.jobs, args.games))
    results: list[Result] = []
    if workers == 1:
        results = [play(job) for job in jobs]
    else:
        # Fresh worker processes: forking a process that runs threads (a UI, a test
        # runner) can copy a held lock into the child and hang it.
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for result in pool.imap_unordered(play, jobs):
                results.append(result)
                if not args.quiet and len(results) % max(1, args.games // 10) == 0:
                    won = sum(r.won for r in results)
                    print(f"  {len(results)}/{args.games} games, {won} won", flush=True)
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: r.seed)
    wins = sum(r.won for r in results)
    n = len(results)
    low, high = wilson(wins, n)
    times = [t for r in results for t in r.times]
    mean_t = sum(times) / len(times) if times else 0.0
    p95 = percentile(times, 0.95)
    modules = "+".join(
        m for m, on in (("lygtemands", args.lygtemands), ("rescue", args.rescue)) if on
    )
    if not args.quiet:
        print(
            f"Skoventyr, {args.bot} bot, {args.players} player(s), {args.difficulty}, "
            f"modules: {modules or 'none'}, budget {args.budget:g} s/decision, "
            f"budget scale {args.budget_scale:g} ({jobs[0].budget:g} s given), "
            f"{workers} process(es)"
        )
        print(f"won {wins} of {n} games: {wins / n:.1%} (95% CI {low:.1%} .. {high:.1%})")
        causes: dict[str, int] = {}
        for r in results:
            causes[r.cause] = causes.get(r.cause, 0) + 1
        print("endings: " + ", ".join(f"{c} {k}" for c, k in sorted(causes.items())))
        print(
            f"mean turns {sum(r.turns for r in results) / n:.1f}; "
            f"mean Minions left {sum(r.minions_left for r in results) / n:.2f}"
        )
        print(
            f"{n / elapsed:.3f} games/s; {len(times)} decisions, mean {mean_t:.4f} s, "
            f"p95 {p95:.4f} s, max {max(times, default=0.0):.4f} s"
        )
    print(
        f"win_rate={wins / n:.3f} ci95={low:.3f}..{high:.3f} games={n} bot={args.bot} "
        f"players={args.players} modules={modules or 'none'} difficulty={args.difficulty} "
        f"budget_s={args.budget:g} budget_scale={args.budget_scale:g} "
        f"games_per_s={n / elapsed:.3f} decision_mean_s={mean_t:.4f} decision_p95_s={p95:.4f}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
