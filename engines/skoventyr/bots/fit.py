"""Make the advisor's data file again: ``python -m engines.skoventyr.bots.fit``.

One command, reproducible (every game is seeded, and nothing depends on the clock):

1. The rule of thumb's weights: from those in the file's ``[start]`` table, a
   coordinate search for the rule of thumb's own wins (``tune_policy``) on solo
   standard games with seeds 100000-101999 (``--seed``, ``--games``).
2. The corrections for what the hand-made scores miss, one round after another: the
   search judges a share of the rule of thumb's decisions in games with seeds from
   300000 (``record``; each round on new seeds), and a weight is fitted for each move
   feature from its judgement (``fit_moves``), added to those of the rounds before in
   the share (none, a quarter, ... all) that wins most games on the tuning seeds.
3. The position value's weights: least squares on the corrected rule of thumb's games
   with seeds 100000-101499 (``fit_value``); its fit is checked on as many fresh games.
4. The weights only the modules' moves read (``policy.MODULE_NAMES``): the same
   coordinate search, with the corrections, on games with Lygtemands, with Rescue and
   with both, in turn (the same seeds). Standard games never read them, so the steps
   before do not depend on this one.
5. The module games' own corrections and values, by expert iteration (``expert``):
   first the search plays module games (seeds from 400000, the set-ups in turn,
   ``--module-record-games``) and a change to the module games' corrections, fitted on
   its judgement, is added in the share with which the rule of thumb wins most module
   games on the tuning seeds; then, round after round, each module set-up's own games
   teach that set-up's corrections (the features ``move_features`` names under its
   prefix) and its position value (``value.MODULE_WEIGHTS``, from the standard one),
   and a round is kept only if the search then does better in the set-up's tuning
   games (seeds 100000 up).
6. ``data/advisor.toml`` written again: ``[start]`` as it was, then ``[policy]``,
   ``[moves]``, ``[value]`` and each module set-up's value (``[value_L]``, ...).

The bench measures on seeds 0, 5000 up and 20000 up, which no fitting ever plays.
``--modules-only`` runs steps 4 and 5 alone, from the file's weights, standard
corrections and standard value, and keeps the rest of the file: the earlier steps do not
depend on them. How long each step takes is in ``docs/measurements.md``.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engines.skoventyr.bots import expert, fit_moves, fit_value, policy, record, tune_policy, value
from engines.skoventyr.bots.move_features import for_modules
from engines.skoventyr.bots.tune_policy import Games
from engines.skoventyr.bots.weights import DATA_FILE, load_table, write_weights
from engines.skoventyr.config import Config

#: The seed of the first recorded game, and the share of its decisions recorded.
RECORD_SEED = 300_000
RECORD_SHARE = 0.3
#: The set-ups the modules' weights are tuned on, one seed after another.
MODULE_MIX = tuple(expert.SETUPS.values())

HEADER = """The Skoventyr advisor's weights, read by engines/skoventyr/bots/weights.py.
Made by: python -m engines.skoventyr.bots.fit {args}
[start] is the rule of thumb the tuning begins from (hand-made, then tuned by an earlier
coordinate search on seeds 100000-101499, as in git history); [policy] is the tuned one
(policy.py); [moves] corrects it, by move feature (move_features.py); [value] weighs
each feature of a position (value.py), and [value_L], [value_R] and [value_LR] do for
the games with Lygtemands, Rescue and both (the standard one, weighing nothing of the
modules' own, unless a round fitted on the search's own games was kept)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.skoventyr.bots.fit")
    parser.add_argument("--games", type=int, default=2000, help="games per tuning trial")
    parser.add_argument("--seed", type=int, default=100_000, help="seed of the first game")
    parser.add_argument("--sweeps", type=int, default=2, help="rounds over all the weights")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of corrections")
    parser.add_argument("--record-games", type=int, default=300, help="games recorded a round")
    parser.add_argument(
        "--module-record-games", type=int, default=400, help="module games recorded first"
    )
    parser.add_argument(
        "--expert-rounds", type=int, default=3, help="rounds of expert iteration (modules)"
    )
    parser.add_argument(
        "--expert-games", type=int, default=16, help="games recorded a round and set-up"
    )
    parser.add_argument(
        "--judge-games", type=int, default=40, help="tuning games that judge a round"
    )
    parser.add_argument("--value-games", type=int, default=1500, help="games to fit the value on")
    parser.add_argument("--jobs", type=int, default=2, help="parallel processes")
    parser.add_argument("--out", type=Path, default=DATA_FILE, help="the file to write")
    parser.add_argument(
        "--modules-only",
        action="store_true",
        help="tune only the modules' weights, from the file's weights and corrections",
    )
    args = parser.parse_args(argv)
    if min(args.sweeps, args.rounds, args.expert_rounds) < 0:
        parser.error("--sweeps, --rounds and --expert-rounds cannot be negative")
    if min(args.module_record_games, args.expert_games, args.judge_games) < 1:
        parser.error(
            "--module-record-games, --expert-games and --judge-games need at least one game"
        )
    source = args.out if args.out.exists() else DATA_FILE
    start = load_table("start", policy.NAMES, source)
    games = Games(args.seed, args.games)
    if args.modules_only:
        tuned = load_table("policy", policy.NAMES, source)
        # Only the standard games' corrections: step 5 makes the modules' afresh.
        corrections = {
            name: weight
            for name, weight in load_table("moves", None, source).items()
            if not for_modules(name)
        }
        weights = [load_table("value", value.NAMES, source)[name] for name in value.NAMES]
    else:
        tuned = tune_policy.tune(start, games, args.sweeps, args.jobs)
        corrections = corrected(tuned, games, args)
        weights = fitted_value(tuned, corrections, args)
    modules = Games(args.seed, args.games, MODULE_MIX)
    tuned = tune_policy.tune(
        tuned, modules, args.sweeps, args.jobs, policy.MODULE_NAMES, corrections
    )
    policy.W.update(tuned)
    policy.set_corrections(corrections)
    # Each set-up's value starts from the standard one, weighing nothing of its own.
    no_module_weights = (0.0,) * len(value.MODULE_NAMES)
    value.set_module_weights({setup: (*weights, *no_module_weights) for setup in value.SETUPS})
    fresh = expert.first_corrections(args.module_record_games, modules, args.jobs)
    expert.iterate(
        args.expert_rounds, args.expert_games, args.judge_games, args.seed, args.jobs, fresh
    )
    given = sys.argv[1:] if argv is None else argv
    write_weights(
        args.out,
        {
            "start": start,
            "policy": tuned,
            "moves": dict(sorted(policy.MOVES.items())),
            "value": dict(zip(value.NAMES, weights, strict=True)),
            **{
                value.table_name(setup): dict(
                    zip(value.NAMES + value.MODULE_NAMES, module_weights, strict=True)
                )
                for setup, module_weights in value.MODULE_WEIGHTS.items()
            },
        },
        HEADER.format(args=made_with(given)).replace(" \n", "\n"),
    )
    print(f"written: {args.out}")
    return 0


def made_with(given: Sequence[str]) -> str:
    """The arguments of the whole run that writes the same weights: ``--modules-only``
    writes what the whole run would, and where the file goes changes nothing in it."""
    kept: list[str] = []
    skip = False
    for arg in given:
        if skip or arg == "--modules-only" or arg.startswith("--out="):
            skip = False
        elif arg == "--out":
            skip = True
        else:
            kept.append(arg)
    return " ".join(kept)


def corrected(tuned: dict[str, float], games: Games, args: argparse.Namespace) -> dict[str, float]:
    """The corrections fitted, round after round, to the search's judgement of the rule
    of thumb (playing with ``tuned``), each round's in the share that does best in ``games``."""
    policy.W.update(tuned)
    policy.set_corrections({})
    for round_ in range(args.rounds):
        first = RECORD_SEED + round_ * args.record_games
        played = record.record_games(args.record_games, first, RECORD_SHARE, args.jobs)
        change = fit_moves.fit(record.decisions(played))
        policy.set_corrections(fit_moves.best_share(change, games, args.jobs))
    return dict(policy.MOVES)


def fitted_value(
    tuned: dict[str, float], corrections: dict[str, float], args: argparse.Namespace
) -> list[float]:
    """The position value's weights, fitted on the rule of thumb's solo standard games
    and checked on as many fresh ones."""
    policy.W.update(tuned)
    policy.set_corrections(corrections)
    rows, y = fit_value.sample(Config(), args.value_games, args.seed)
    weights = fit_value.least_squares(rows, y)
    fresh_rows, fresh_y = fit_value.sample(Config(), args.value_games, args.seed + 10**6)
    print(
        f"value: {len(rows)} positions, R² {fit_value.r_squared(weights, rows, y):.3f}, "
        f"on fresh games {fit_value.r_squared(weights, fresh_rows, fresh_y):.3f}"
    )
    return weights


if __name__ == "__main__":
    raise SystemExit(main())
