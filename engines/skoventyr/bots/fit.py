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
3. The weights only the modules' moves read (``policy.MODULE_NAMES``): the same
   coordinate search, with the corrections, on games with Lygtemands, with Rescue and
   with both, in turn (the same seeds). Standard games never read them, so steps 1 and
   2 do not depend on this one.
4. The module games' own corrections (the features ``move_features`` names under the
   modules, which a standard game never has): the search judges half the decisions of
   module games with seeds from 400000, the same mix (``--module-record-games``), and
   its choice is played where it judged, so the record reaches the positions of the
   search's own games; the weights fitted from it are added in the share that wins
   most module games on the tuning seeds.
5. The position value's weights: least squares on the corrected rule of thumb's games
   with seeds 100000-101499 (``fit_value``); its fit is checked on as many fresh games.
6. ``data/advisor.toml`` written again: ``[start]`` as it was, then ``[policy]``,
   ``[moves]`` and ``[value]``.

The bench measures on seeds 0 and 5000 up, which no fitting ever plays. A full run takes
about 1 h 45 min on two cores (``--jobs``). ``--modules-only`` runs steps 3 and 4 alone,
from the file's weights and standard corrections, and keeps the rest of the file: the
earlier steps depend only on their seeds, so it writes what a full run would, in about
50 minutes.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from engines.skoventyr.bots import fit_moves, fit_value, policy, record, tune_policy, value
from engines.skoventyr.bots.move_features import for_modules
from engines.skoventyr.bots.tune_policy import Games
from engines.skoventyr.bots.weights import DATA_FILE, load_table, write_weights
from engines.skoventyr.config import Config

#: The seed of the first recorded game, and the share of its decisions recorded.
RECORD_SEED = 300_000
RECORD_SHARE = 0.3
#: The shares of a round's fitted corrections tried (0: the round changes nothing).
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: The module games recorded (the search playing where it judges), from this seed.
MODULE_RECORD_SEED = 400_000
MODULE_RECORD_SHARE = 0.5
#: The set-ups the modules' weights are tuned on, one seed after another.
MODULE_MIX = (
    Config(lygtemands=True),
    Config(rescue=True),
    Config(lygtemands=True, rescue=True),
)

HEADER = """The Skoventyr advisor's weights, read by engines/skoventyr/bots/weights.py.
Made by: python -m engines.skoventyr.bots.fit {args}
[start] is the rule of thumb the tuning begins from (hand-made, then tuned by an earlier
coordinate search on seeds 100000-101499, as in git history); [policy] is the tuned one
(policy.py); [moves] corrects it, by move feature (move_features.py); [value] weighs
each feature of a position (value.py)."""


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m engines.skoventyr.bots.fit")
    parser.add_argument("--games", type=int, default=2000, help="games per tuning trial")
    parser.add_argument("--seed", type=int, default=100_000, help="seed of the first game")
    parser.add_argument("--sweeps", type=int, default=2, help="rounds over all the weights")
    parser.add_argument("--rounds", type=int, default=2, help="rounds of corrections")
    parser.add_argument("--record-games", type=int, default=300, help="games recorded a round")
    parser.add_argument(
        "--module-record-games", type=int, default=400, help="module games recorded"
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
    if args.sweeps < 0 or args.rounds < 0:
        parser.error("--sweeps and --rounds cannot be negative")
    source = args.out if args.out.exists() else DATA_FILE
    start = load_table("start", policy.NAMES, source)
    games = Games(args.seed, args.games)
    if args.modules_only:
        tuned = load_table("policy", policy.NAMES, source)
        # Only the standard games' corrections: step 4 makes the modules' afresh.
        corrections = {
            name: weight
            for name, weight in load_table("moves", None, source).items()
            if not for_modules(name)
        }
    else:
        tuned = tune_policy.tune(start, games, args.sweeps, args.jobs)
        corrections = corrected(tuned, games, args)
    modules = Games(args.seed, args.games, MODULE_MIX)
    tuned = tune_policy.tune(
        tuned, modules, args.sweeps, args.jobs, policy.MODULE_NAMES, corrections
    )
    corrections = module_corrected(tuned, corrections, args)
    if args.modules_only:
        weights = [load_table("value", value.NAMES, source)[name] for name in value.NAMES]
    else:
        weights = fitted_value(tuned, corrections, args)
    # --modules-only writes what the whole run would: the header names that run.
    given = sys.argv[1:] if argv is None else argv
    made_with = " ".join(arg for arg in given if arg != "--modules-only")
    write_weights(
        args.out,
        {
            "start": start,
            "policy": tuned,
            "moves": dict(sorted(corrections.items())),
            "value": dict(zip(value.NAMES, weights, strict=True)),
        },
        HEADER.format(args=made_with).replace(" \n", "\n"),
    )
    print(f"written: {args.out}")
    return 0


def corrected(tuned: dict[str, float], games: Games, args: argparse.Namespace) -> dict[str, float]:
    """The corrections fitted, round after round, to the search's judgement of the rule
    of thumb (playing with ``tuned``), each round's in the share that wins most ``games``."""
    policy.W.update(tuned)
    policy.set_corrections({})
    for round_ in range(args.rounds):
        first = RECORD_SEED + round_ * args.record_games
        decisions = record.record(args.record_games, first, RECORD_SHARE, args.jobs)
        keep_best_share(fit_moves.fit(decisions), tuned, games, args.jobs)
    return dict(policy.MOVES)


def module_corrected(
    tuned: dict[str, float], corrections: dict[str, float], args: argparse.Namespace
) -> dict[str, float]:
    """``corrections`` with the module games' own (``move_features.for_modules``) fitted
    to the search's judgement in games it plays itself wherever it judges, in the share
    that wins most module games."""
    policy.W.update(tuned)
    policy.set_corrections(corrections)
    decisions = record.record(
        args.module_record_games,
        MODULE_RECORD_SEED,
        MODULE_RECORD_SHARE,
        args.jobs,
        MODULE_MIX,
        follow=True,
    )
    change = fit_moves.fit(decisions, keep=for_modules)
    keep_best_share(change, tuned, Games(args.seed, args.games, MODULE_MIX), args.jobs)
    return dict(policy.MOVES)


def keep_best_share(
    change: dict[str, float], tuned: dict[str, float], games: Games, jobs: int
) -> None:
    """Add to the corrections in force the share of ``change`` (see ``SHARES``) with
    which the rule of thumb (playing with ``tuned``) wins most ``games``."""
    # A fit on noisy leads overshoots: the share of it kept is the one that wins most.
    before = dict(policy.MOVES)
    tried = {
        share: {
            n: round(before.get(n, 0.0) + share * change.get(n, 0.0), 3) for n in {*before, *change}
        }
        for share in SHARES
    }
    won = {share: tune_policy.wins(tuned, moves, games, jobs) for share, moves in tried.items()}
    print(
        "corrections, share kept: games won: " + ", ".join(f"{k:g}: {v}" for k, v in won.items()),
        flush=True,
    )
    policy.set_corrections(tried[max(won, key=lambda share: (won[share], -share))])


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
