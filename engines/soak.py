"""``python -m engines.soak``: many seeded games of every engine, played to the end by
random legal moves (a game's automated side by itself: engines.EngineEntry.automated),
counting anything raised.

A soak run, not a test: it prints games per second and the exceptions met, and ends with
one key=value line. ``--games 10000`` is the reliability target.
"""

from __future__ import annotations

import argparse
import multiprocessing
import random
import time
import traceback
from collections import Counter
from concurrent.futures import ProcessPoolExecutor

import engines
from engines.core import AnyGameRules

MAX_STEPS = 20_000


def play_one(name: str, seed: int) -> tuple[str, int, str]:
    """(game, steps, "" or the exception's last lines) for one seeded game."""
    game = engines.entry(name)
    module: AnyGameRules = game.rules()
    chooser = random.Random(seed)
    steps = 0
    try:
        automated = game.automated_side()
        state = module.new_game(None, seed)
        while module.outcome(state) is None and steps < MAX_STEPS:
            action = automated(state, chooser) if automated else None
            if action is None:
                action = chooser.choice(list(module.legal_actions(state)))
            state = module.apply(state, action)
            steps += 1
        if module.outcome(state) is None:
            return name, steps, f"no end after {MAX_STEPS} steps"
    except Exception:
        return name, steps, traceback.format_exc(limit=3)
    return name, steps, ""


def play_many(names_and_seeds: list[tuple[str, int]]) -> list[tuple[str, int, str]]:
    return [play_one(name, seed) for name, seed in names_and_seeds]


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m engines.soak", description=__doc__)
    parser.add_argument("--games", type=int, default=10_000, help="games in all")
    parser.add_argument("--seed", type=int, default=0, help="first seed")
    parser.add_argument("--jobs", type=int, default=2, help="processes")
    args = parser.parse_args(argv)
    names = list(engines.game_keys())
    work = [(names[i % len(names)], args.seed + i) for i in range(args.games)]
    chunks = [work[i : i + 50] for i in range(0, len(work), 50)]
    began = time.perf_counter()
    results: list[tuple[str, int, str]] = []
    # Fresh worker processes: a fork of a threaded process can inherit a held lock.
    spawn = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(max_workers=args.jobs, mp_context=spawn) as pool:
        for chunk in pool.map(play_many, chunks):
            results.extend(chunk)
    elapsed = time.perf_counter() - began
    failures = [(name, problem) for name, _steps, problem in results if problem]
    steps = Counter[str]()
    for name, count, _ in results:
        steps[name] += count
    for name in names:
        played = sum(1 for n, _, _ in results if n == name)
        print(f"{name:<14} {played} games, {steps[name] / max(1, played):.0f} steps a game")
    for name, problem in failures[:5]:
        print(f"--- {name}\n{problem}")
    print(
        f"games={len(results)} exceptions={len(failures)} seconds={elapsed:.0f} "
        f"games_per_s={len(results) / elapsed:.1f}"
    )


if __name__ == "__main__":
    main()
