"""Expert iteration for the module games: step 5 of ``python -m engines.skoventyr.bots.fit``.

The search is stronger than the rule of thumb it plays out with, so its own games are
the best teacher the module games have. First (``first_corrections``), the search plays
games of the three set-ups in turn from ``SEED`` (judging half its decisions, as in 1.
below), and a change to the module games' corrections is fitted on all of its judgement
together and added in the share with which the rule of thumb wins most module games on
the tuning seeds. Then round after round, for each module set-up in turn (Lygtemands,
Rescue, both: ``SETUPS``), with the corrections and values in force:

1. The search plays games of that set-up on the next fresh seeds: at half of its
   decisions it weighs every candidate with a fixed number of simulated games and plays
   its choice (``record``, followed), the rule of thumb playing the rest.
2. The round teaches one thing (``TAUGHT``, in turn). Corrections: a change to the
   set-up's own corrections (the move features under its prefix, which no other set-up
   reads) is fitted on the round's judged decisions (``fit_moves``) and half of it
   added (``CHANGE_KEPT``). Value: the set-up's position value
   (``value.MODULE_WEIGHTS``) is fitted again on every turn of every game recorded for
   it so far, against the score that game ended with, held near the one in force by a
   ridge.
3. The round is kept only if the search, capped at ``JUDGE_ROLLOUTS`` simulated games a
   decision (so the result depends only on the seeds), does better in the set-up's
   tuning games with it than without; else it is undone. Better is more ``points``
   (games won, a Minion defeated counting a sixth of a game, the search's own scale):
   with both modules a capped search wins few tuning games, and the Minions it defeats
   are what tells two rounds apart.

Each set-up learns only from its own games, so Rescue's games no longer decide
Lygtemands' weights. Every game is seeded: the step is reproducible. Standard library
only, like the engine.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from multiprocessing import get_context

from engines.skoventyr import bench
from engines.skoventyr.bots import fit_moves, fit_value, policy, record, value
from engines.skoventyr.bots.move_features import for_modules
from engines.skoventyr.bots.tune_policy import Games
from engines.skoventyr.config import Config

#: The module set-ups, by the prefix of their own corrections (``Sim.modules``).
SETUPS: dict[str, Config] = {
    "L": Config(lygtemands=True),
    "R": Config(rescue=True),
    "LR": Config(lygtemands=True, rescue=True),
}
#: The seed of the first recorded game; each round and set-up takes the next ones.
SEED = 400_000
#: The share of the search's decisions judged in full (and played as it chose).
SHARE = 0.5
#: What the rounds teach, one after another: the set-up's corrections, then its value.
TAUGHT = ("corrections", "value")
#: The share of a round's fitted change to the corrections tried: a fit on noisy leads
#: overshoots. (Not chosen by the rule of thumb's own games: a change that makes the
#: search stronger makes the rule of thumb alone weaker, 115 games of 2000 won with
#: Lygtemands, 71 with half the change, 16 with all of it, on 2026-12-07.)
CHANGE_KEPT = 0.5
#: The ridge (per position) that keeps a set-up's value near the one in force: a round's
#: games are few, each of its positions told only how that game ended.
VALUE_RIDGE = 0.02
#: The simulated games per decision of the search that judges a round.
JUDGE_ROLLOUTS = 16

#: How a player did in a set of games: games won, then Minions defeated.
Outcome = tuple[int, int]


def first_corrections(games: int, tuning: Games, jobs: int) -> int:
    """Add to the corrections in force a first change to the module games' own, fitted
    on the search's judgement in ``games`` module games (the set-ups in turn, from
    ``SEED``), in the share with which the rule of thumb wins most ``tuning`` games (the
    set-ups in turn). The seed of the next fresh game."""
    started = time.perf_counter()
    played = record.record_games(games, SEED, SHARE, jobs, tuple(SETUPS.values()), follow=True)
    try:
        change = fit_moves.fit(record.decisions(played), keep=for_modules)
    except ValueError as leads_unfollowed:  # the record says nothing: nothing added
        print(leads_unfollowed)
    else:
        policy.set_corrections(fit_moves.best_share(change, tuning, jobs))
    print(f"first corrections: {time.perf_counter() - started:.0f} s", flush=True)
    return SEED + games


def iterate(
    rounds: int, games: int, judge_games: int, tuning_seed: int, jobs: int, first_seed: int = SEED
) -> None:
    """``rounds`` rounds of ``games`` recorded games per set-up (seeds from
    ``first_seed``), each kept if the search does better in ``judge_games`` tuning games
    (from ``tuning_seed``) with it. Works on, and leaves in force, ``policy.MOVES`` and
    ``value.MODULE_WEIGHTS``."""
    seen: dict[str, tuple[list[list[float]], list[float]]] = {s: ([], []) for s in SETUPS}
    standing: dict[str, Outcome] = {}
    for setup, config in SETUPS.items():
        standing[setup] = judge(config, tuning_seed, judge_games, jobs)
        print(f"{setup} at the start: the search won {_said(standing[setup], judge_games)}")
    for round_ in range(rounds):
        taught = TAUGHT[round_ % len(TAUGHT)]
        for index, (setup, config) in enumerate(SETUPS.items()):
            started = time.perf_counter()
            first = first_seed + (round_ * len(SETUPS) + index) * games
            played = record.record_games(games, first, SHARE, jobs, (config,), follow=True)
            rows, scores = seen[setup]
            for game in played:
                rows += game.positions
                scores += [game.score] * len(game.positions)
            before = dict(policy.MOVES), value.MODULE_WEIGHTS[setup]
            if taught == "corrections":
                try:
                    change = fit_moves.fit(record.decisions(played), keep=owned_by(setup))
                except ValueError as leads_unfollowed:  # the round's record says nothing
                    print(leads_unfollowed)
                    change = {}
                policy.set_corrections(fit_moves.added(change, CHANGE_KEPT))
            else:
                fitted = fit_value.least_squares(rows, scores, VALUE_RIDGE, before[1])
                value.set_module_weights({setup: tuple(fitted)})
            now = judge(config, tuning_seed, judge_games, jobs)
            kept = points(now) > points(standing[setup])
            if kept:
                standing[setup] = now
            else:
                policy.set_corrections(before[0])
                value.set_module_weights({setup: before[1]})
            print(
                f"round {round_ + 1} ({taught}), {setup}: {len(played)} games recorded (seeds "
                f"{first}-{first + games - 1}, {len(record.decisions(played))} decisions, "
                f"{len(rows)} positions so far); the search won {_said(now, judge_games)}: "
                f"{'kept' if kept else 'undone'}; {time.perf_counter() - started:.0f} s",
                flush=True,
            )


def points(done: Outcome) -> float:
    """The games' total on the search's own scale: a sixth of a game for each Minion
    defeated, and one more for each game won (a won game is worth 2)."""
    return done[0] + done[1] / 6


def owned_by(setup: str) -> Callable[[str], bool]:
    """Whether a move feature is one of ``setup``'s own corrections."""
    return lambda name: name.startswith(f"{setup}:")


def judge(config: Config, first: int, games: int, jobs: int) -> Outcome:
    """How the search (``JUDGE_ROLLOUTS`` a decision) does on ``games`` seeded games set
    up as ``config`` from ``first``, with the weights in force in this process."""
    tables = (dict(policy.W), dict(policy.MOVES), dict(value.MODULE_WEIGHTS))
    work = [
        (*tables, bench.Job("search", seed, 1e9, config, JUDGE_ROLLOUTS))
        for seed in range(first, first + games)
    ]
    if jobs <= 1:
        results = [_judged(*item) for item in work]
    else:  # fresh processes: forking one that runs threads can copy a held lock
        with get_context("spawn").Pool(jobs) as pool:
            results = pool.starmap(_judged, work, chunksize=1)
    return sum(r.won for r in results), sum(6 - r.minions_left for r in results)


def _judged(
    weights: dict[str, float],
    moves: dict[str, float],
    values: dict[str, tuple[float, ...]],
    job: bench.Job,
) -> bench.Result:
    policy.W.update(weights)
    policy.set_corrections(moves)
    value.set_module_weights(values)
    return bench.play(job)


def _said(outcome: Outcome, games: int) -> str:
    return f"{outcome[0]} of {games} ({outcome[1]} Minions defeated)"
