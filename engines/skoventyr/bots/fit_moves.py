"""Fit the rule of thumb's corrections (``policy.MOVES``) to the search's judgement: part
of ``python -m engines.skoventyr.bots.fit``.

Each recorded decision (``record``) lists the candidates the search weighed, with their
features, their hand-made scores and their leads over the search's choice. Within each
decision the leads are fitted, by weighted least squares, as the hand-made score scaled
plus a weight for each feature; comparing only moves of the same decision, whatever the
position is worth cancels out. A feature seen in fewer than ``MIN_SEEN`` decisions gets
no weight, and a ridge keeps the weights small where the record says little. The weights
are returned in the hand-made score's own units, ready to add to it. Standard library
only, like the engine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from engines.skoventyr.bots import policy, tune_policy
from engines.skoventyr.bots.fit_value import solve
from engines.skoventyr.bots.record import Candidate
from engines.skoventyr.bots.tune_policy import Games

MIN_SEEN = 30
#: The shares of a fitted change tried by ``best_share`` (0: the change adds nothing).
SHARES = (0.0, 0.25, 0.5, 0.75, 1.0)
#: The ridge, per recorded decision, in squared lead units.
RIDGE = 4e-3
#: Only the candidates within this many hand-made points of the decision's best are
#: fitted: a move the rule of thumb scores far lower is never its choice, and the few
#: scored as a loss (-1000) would swamp the scale.
NEAR = 40.0


def fit(
    decisions: Sequence[Sequence[Candidate]], keep: Callable[[str], bool] = lambda _: True
) -> dict[str, float]:
    """A weight for each feature the record knows well enough, in hand-made score units:
    of the features ``keep`` accepts (the others keep the weights they have)."""
    decisions = [near for decision in decisions if len(near := _near(decision)) > 1]
    seen = Counter(
        name
        for decision in decisions
        for name in {f for c in decision for f in c.features}
        if keep(name)
    )
    names = sorted(name for name, count in seen.items() if count >= MIN_SEEN)
    index = {name: i + 1 for i, name in enumerate(names)}  # 0: the hand-made score / 100
    d = len(names) + 1
    a = [[0.0] * d for _ in range(d)]
    b = [0.0] * d
    for decision in decisions:
        total = sum(c.games for c in decision)
        rows = []
        for c in decision:
            row = {0: c.score / 100}
            for name in c.features:
                if name in index:
                    row[index[name]] = row.get(index[name], 0.0) + 1.0
            rows.append(row)
        mean_x: dict[int, float] = {}
        for c, row in zip(decision, rows, strict=True):
            for i, x in row.items():
                mean_x[i] = mean_x.get(i, 0.0) + x * c.games / total
        mean_y = sum(c.lead * c.games for c in decision) / total
        for c, row in zip(decision, rows, strict=True):
            centred = {i: row.get(i, 0.0) - m for i, m in mean_x.items()}
            w = c.games / total
            y = c.lead - mean_y
            for i, xi in centred.items():
                if xi:
                    b[i] += w * xi * y
                    line = a[i]
                    for j, xj in centred.items():
                        line[j] += w * xi * xj
    for i in range(1, d):
        a[i][i] += RIDGE * len(decisions)
    weights = solve(a, b)
    scale = weights[0]
    if scale <= 0:
        raise ValueError(
            "The search's leads do not follow the hand-made scores: nothing to correct."
        )
    print(
        f"moves: {len(decisions)} decisions, {len(names)} features, hand-made score x {scale:.3f}"
    )
    return {name: round(weights[index[name]] / scale * 100, 3) for name in names}


def _near(decision: Sequence[Candidate]) -> list[Candidate]:
    top = max(c.score for c in decision)
    return [c for c in decision if c.score >= top - NEAR]


def added(change: dict[str, float], share: float) -> dict[str, float]:
    """The corrections in force with ``share`` of ``change`` added."""
    before = policy.MOVES
    return {
        n: round(before.get(n, 0.0) + share * change.get(n, 0.0), 3) for n in {*before, *change}
    }


def best_share(change: dict[str, float], games: Games, jobs: int) -> dict[str, float]:
    """The corrections in force plus the share of ``change`` (one of ``SHARES``) with
    which the rule of thumb wins most ``games`` (on a tie, the smaller share). A fit on
    noisy leads overshoots: the share kept is the one that wins most."""
    tried = {share: added(change, share) for share in SHARES}
    won = {
        share: tune_policy.wins(dict(policy.W), moves, games, jobs)
        for share, moves in tried.items()
    }
    print(
        "corrections, share kept: games won: " + ", ".join(f"{k:g}: {v}" for k, v in won.items()),
        flush=True,
    )
    return tried[max(won, key=lambda share: (won[share], -share))]
