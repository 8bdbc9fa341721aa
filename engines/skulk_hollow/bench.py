"""Skulk Hollow's guardian benchmark: ``python -m engines.skulk_hollow.bench --help``.

Plays N seeded games for each guardian x Foxen leader x level against one hero bot (in
parallel processes) and prints the guardian's win rate with its Wilson 95% confidence
interval, the game length in rounds, and the time the guardian took for each whole turn
(mean and 95th percentile); writes one CSV row per game and ends with one summary line
of ``key=value`` pairs.

Game ``i`` of every guardian, leader and level uses set-up seed ``seed + i``, so the
levels meet the same deals. The Hard guardian and the search hero think for as long as
their budgets allow, so their runs also depend on the machine's speed; ``--budget-scale
F`` divides both budgets by F, a proxy for a machine F times slower (a Raspberry Pi).
"""

from __future__ import annotations

import argparse
import csv
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Iterable, Sequence
from dataclasses import astuple, dataclass, fields
from pathlib import Path

from engines.core.measure import budget_scale, percentile, wilson
from engines.skulk_hollow.bots import GuardianBot, HeroBot, make_guardian, make_hero
from engines.skulk_hollow.bots.guardian import LEVELS
from engines.skulk_hollow.components import GUARDIANS, LEADERS
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.rules import apply, new_game, view

#: Two cautious bots can circle each other for ever: a game still going after this many
#: rounds is stopped and counted as "no_end" (a win for neither).
MAX_ROUNDS = 150


@dataclass(frozen=True)
class Job:
    guardian: str
    leader: str
    level: str
    hero: str
    seed: int
    #: Every time budget of both bots is divided by this (``--budget-scale``).
    budget_scale: float


@dataclass(frozen=True)
class Result:
    guardian: str
    leader: str
    level: str
    hero: str
    seed: int
    guardian_won: bool
    cause: str
    rounds: int
    budget_scale: float
    #: The guardian's thinking time for each of its whole turns, in seconds.
    turn_times: tuple[float, ...]


def bots(job: Job) -> tuple[GuardianBot, HeroBot]:
    """Fresh bots for one game of ``job``: the guardian of its level and the hero bot."""
    return make_guardian(job.level, job.budget_scale), make_hero(job.hero, job.budget_scale)


def play(job: Job) -> Result:
    """One seeded game: the guardian bot of ``job.level`` against the hero bot."""
    guardian, hero = bots(job)
    rng = random.Random(f"bots/{job.seed}")
    state = new_game(Config(guardian=job.guardian, leader=job.leader, foxen_deck="app"), job.seed)
    thinking: dict[int, float] = {}
    while not state.ended and state.turn <= MAX_ROUNDS:
        if state.asking == "guardian":
            began = time.perf_counter()
            action = guardian.decide(view(state, "guardian"), rng).action
            thinking[state.turn] = thinking.get(state.turn, 0.0) + time.perf_counter() - began
        else:
            action = hero.choose(view(state, "hero"), rng)
        state = apply(state, action)
    return Result(
        guardian=job.guardian,
        leader=job.leader,
        level=job.level,
        hero=job.hero,
        seed=job.seed,
        guardian_won=bool(state.ended) and state.ended != "all_wounds_filled",
        cause=state.ended or "no_end",
        rounds=state.turn,
        budget_scale=job.budget_scale,
        turn_times=tuple(thinking.values()),
    )


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        prog="python -m engines.skulk_hollow.bench",
        description="Play seeded Skulk Hollow games: the guardian bots against a hero bot.",
    )
    parser.add_argument(
        "--games", type=int, default=10, help="games per guardian x leader x level (default 10)"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game")
    parser.add_argument("--hero", choices=("random", "greedy", "search"), default="greedy")
    parser.add_argument(
        "--budget-scale",
        type=budget_scale,
        default=1.0,
        metavar="F",
        help="divide the Hard guardian's and the search hero's time budgets by F (at least "
        "1): a proxy for a machine F times slower",
    )
    parser.add_argument(
        "--guardians", default=",".join(GUARDIANS), help="comma-separated (default: all four)"
    )
    parser.add_argument(
        "--leaders", default=",".join(LEADERS), help="comma-separated (default: all four)"
    )
    parser.add_argument("--levels", default=",".join(LEVELS), help="comma-separated")
    parser.add_argument("--csv", type=Path, default=Path("skulk_hollow_bench.csv"))
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="parallel processes")
    parser.add_argument("--quiet", action="store_true", help="only the summary line")
    return parser.parse_args(argv)


def _names(text: str, known: Iterable[str], what: str) -> list[str]:
    names = [name.strip() for name in text.split(",") if name.strip()]
    unknown = [name for name in names if name not in known]
    if unknown or not names:
        raise ValueError(f"{what}: choose from {', '.join(known)} (got {text!r})")
    return names


def _line(label: str, results: Sequence[Result]) -> str:
    n = len(results)
    wins = sum(r.guardian_won for r in results)
    low, high = wilson(wins, n)
    turns = [t for r in results for t in r.turn_times]
    stopped = sum(r.cause == "no_end" for r in results)
    return (
        f"{label:<34} {wins:>4}/{n:<4} {wins / n:6.1%} ({low:.0%}..{high:.0%})  "
        f"rounds {sum(r.rounds for r in results) / n:5.1f}  "
        f"turn {sum(turns) / max(1, len(turns)):.3f}/{percentile(turns, 0.95):.3f} s"
        + (f"  ({stopped} stopped at {MAX_ROUNDS} rounds)" if stopped else "")
    )


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    try:
        guardians = _names(args.guardians, GUARDIANS, "--guardians")
        leaders = _names(args.leaders, LEADERS, "--leaders")
        levels = _names(args.levels, LEVELS, "--levels")
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    if args.games < 1:
        print("--games must be at least 1", file=sys.stderr)
        return 2
    jobs = [
        Job(guardian, leader, level, args.hero, args.seed + i, args.budget_scale)
        for guardian in guardians
        for leader in leaders
        for level in levels
        for i in range(args.games)
    ]
    started = time.perf_counter()
    workers = max(1, min(args.jobs, len(jobs)))
    results: list[Result] = []
    if workers == 1:
        results = [play(job) for job in jobs]
    else:
        # Fresh worker processes: forking a process that runs threads can copy a held
        # lock into the child and hang it.
        with multiprocessing.get_context("spawn").Pool(workers) as pool:
            for result in pool.imap_unordered(play, jobs, chunksize=4):
                results.append(result)
                if not args.quiet and len(results) % max(1, len(jobs) // 10) == 0:
                    print(f"  {len(results)}/{len(jobs)} games", flush=True)
    elapsed = time.perf_counter() - started
    results.sort(key=lambda r: (r.guardian, r.leader, r.level, r.seed))
    _write_csv(args.csv, results)

    def pick(**wanted: str) -> list[Result]:
        return [r for r in results if all(getattr(r, k) == v for k, v in wanted.items())]

    if not args.quiet:
        print(
            f"Skulk Hollow: guardian bots against the {args.hero} hero, {args.games} games "
            f"per guardian x leader x level, budget scale {args.budget_scale:g}, "
            f"{workers} process(es)"
        )
        print(f"{'':<34} guardian wins  (95% CI)      rounds  turn mean/p95")
        for guardian in guardians:
            for level in levels:
                for leader in leaders:
                    print(
                        _line(
                            f"{guardian} {level} vs {leader}",
                            pick(guardian=guardian, level=level, leader=leader),
                        )
                    )
                print(
                    _line(f"{guardian} {level}, every leader", pick(guardian=guardian, level=level))
                )
        for level in levels:
            print(_line(f"every guardian, {level}", pick(level=level)))
        print(f"{len(results) / elapsed:.2f} games/s; per-game rows in {args.csv}")
    summary = [
        f"games={len(results)}",
        f"hero={args.hero}",
        f"budget_scale={args.budget_scale:g}",
    ]
    for level in levels:
        chosen = pick(level=level)
        turns = [t for r in chosen for t in r.turn_times]
        summary += [
            f"{level}_win_rate={sum(r.guardian_won for r in chosen) / len(chosen):.3f}",
            f"{level}_turn_p95_s={percentile(turns, 0.95):.4f}",
        ]
    summary.append(f"games_per_s={len(results) / elapsed:.3f}")
    print(" ".join(summary))
    return 0


def _write_csv(path: Path, results: Sequence[Result]) -> None:
    names = [f.name for f in fields(Result)]
    with path.open("w", newline="") as out:
        writer = csv.writer(out)
        writer.writerow([*names[:-1], "guardian_turns", "turn_mean_s", "turn_max_s"])
        for result in results:
            times = result.turn_times
            writer.writerow(
                [
                    *astuple(result)[:-1],
                    len(times),
                    f"{sum(times) / max(1, len(times)):.4f}",
                    f"{max(times, default=0.0):.4f}",
                ]
            )


if __name__ == "__main__":
    raise SystemExit(main())
