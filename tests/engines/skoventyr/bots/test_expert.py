"""Expert iteration for the module games: each set-up learns from the search's own games,
and a round stays only if the search then does better on the tuning games."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from engines.skoventyr.bots import expert, fit_moves, policy, record, tune_policy, value
from engines.skoventyr.bots.record import Candidate, Played

WIDTH = len(value.NAMES) + len(value.MODULE_NAMES)


@pytest.fixture(autouse=True)
def advisor_restored() -> Iterator[None]:
    saved = dict(policy.W), dict(policy.MOVES), dict(value.MODULE_WEIGHTS)
    yield
    policy.W.update(saved[0])
    policy.set_corrections(saved[1])
    value.set_module_weights(saved[2])


def taught(setup: str) -> Played:
    """A recorded game in which the search always liked the move with ``setup``'s
    feature "x" better than the one without (and a Minion more meant a better game)."""
    good = (f"{setup}:x", "turn/call")
    plain = ("turn/call",)
    # The search follows the hand-made score, except that it likes "x" more.
    against = [Candidate(good, 10.0, 0.0, 8), Candidate(plain, 12.0, -0.2, 8)]
    along = [Candidate(plain, 30.0, 0.0, 8), Candidate(plain, 10.0, -0.3, 8)]
    rows = [[float(i % 3 == 0)] * WIDTH for i in range(60)]
    return Played([against, along] * 20, rows, 0.5)


@pytest.fixture()
def no_processes(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Recording and the rule of thumb's games made instant: what each round did."""
    recorded: list[str] = []

    def record_games(games: int, first: int, share: float, jobs: int, configs, follow):  # type: ignore[no-untyped-def]
        setup = next(k for k, c in expert.SETUPS.items() if c == configs[0])
        recorded.append(setup)
        assert follow and share == expert.SHARE
        return [taught(setup) for _ in range(games)]

    monkeypatch.setattr(record, "record_games", record_games)
    monkeypatch.setattr(fit_moves, "MIN_SEEN", 1)
    return recorded


def judged_by(monkeypatch: pytest.MonkeyPatch, outcomes: dict[str, list[tuple[int, int]]]) -> None:
    """The search's record on each set-up's tuning games, one judgement after another."""

    def judge(config, first: int, games: int, jobs: int) -> tuple[int, int]:  # type: ignore[no-untyped-def]
        setup = next(k for k, c in expert.SETUPS.items() if c == config)
        return outcomes[setup].pop(0)

    monkeypatch.setattr(expert, "judge", judge)


def test_a_round_is_kept_only_where_the_search_then_wins_more(
    monkeypatch: pytest.MonkeyPatch, no_processes: list[str]
) -> None:
    # At the start, then after round 1 (points: a win, and a sixth a Minion): L more, R as
    # many, LR more (no win, one Minion more).
    judged_by(
        monkeypatch, {"L": [(3, 50), (4, 48)], "R": [(5, 60), (5, 60)], "LR": [(0, 30), (0, 31)]}
    )
    values_before = dict(value.MODULE_WEIGHTS)
    expert.iterate(1, 2, 10, 100_000, 1)
    assert no_processes == ["L", "R", "LR"]
    assert policy.MOVES["L:x"] > 0 and policy.MOVES["LR:x"] > 0
    assert "R:x" not in policy.MOVES  # undone
    # The first round teaches the corrections alone.
    assert values_before == value.MODULE_WEIGHTS


def test_the_second_round_teaches_each_set_ups_value(
    monkeypatch: pytest.MonkeyPatch, no_processes: list[str]
) -> None:
    # Round 2 does better for L and LR, worse for R.
    judged_by(
        monkeypatch,
        {"L": [(3, 50), (3, 51), (3, 52)], "R": [(5, 60), (5, 61), (4, 61)], "LR": [(0, 9)] * 3},
    )
    monkeypatch.setattr(expert, "TAUGHT", ("value", "value"))  # the record's rows matter
    values_before = dict(value.MODULE_WEIGHTS)
    expert.iterate(2, 2, 10, 100_000, 1)
    assert value.MODULE_WEIGHTS["L"] != values_before["L"]
    assert value.MODULE_WEIGHTS["R"] != values_before["R"]  # round 1 kept, round 2 undone
    assert value.MODULE_WEIGHTS["LR"] == values_before["LR"]  # no round did better
    assert "L:x" not in policy.MOVES  # no round taught the corrections


def test_each_set_up_learns_only_its_own_corrections(
    monkeypatch: pytest.MonkeyPatch, no_processes: list[str]
) -> None:
    judged_by(monkeypatch, {s: [(0, 0), (1, 0), (2, 0)] for s in expert.SETUPS})
    standard = {n: w for n, w in policy.MOVES.items() if ":" not in n.split("/", 1)[0]}
    expert.iterate(2, 1, 5, 100_000, 1)
    assert no_processes == ["L", "R", "LR"] * 2
    # "turn/call" is in every decision, but it is not a module set-up's own feature.
    assert {n: w for n, w in policy.MOVES.items() if ":" not in n.split("/", 1)[0]} == standard
    assert {n for n in policy.MOVES if n.endswith(":x")} == {"L:x", "R:x", "LR:x"}


def test_a_set_ups_value_stays_near_the_one_in_force_on_few_games() -> None:
    from engines.skoventyr.bots import fit_value

    rows = [[1.0, float(i % 2)] for i in range(20)]
    scores = [0.3 + 0.4 * (i % 2) for i in range(20)]
    free = fit_value.least_squares(rows, scores, 1e-6)
    held = fit_value.least_squares(rows, scores, 10.0, prior=[0.0, 0.0])
    assert free == pytest.approx([0.3, 0.4], abs=1e-3)
    assert all(abs(h) < abs(f) / 5 for h, f in zip(held, free, strict=True))
    # A weight no row speaks of stays where it was.
    rows = [[1.0, 0.0] for _ in range(20)]
    assert fit_value.least_squares(rows, [0.5] * 20, 0.1, prior=[0.0, 0.7])[1] == pytest.approx(0.7)


def test_the_first_corrections_learn_from_all_set_ups_in_the_share_that_wins_most(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    mixes: list[tuple[object, ...]] = []

    def record_games(games: int, first: int, share: float, jobs: int, configs, follow):  # type: ignore[no-untyped-def]
        assert (first, follow) == (expert.SEED, True)
        mixes.append(configs)
        return [taught(setup) for setup in ("L", "R", "LR")] * games

    # The rule of thumb wins most with half of the change (and a tie goes to less).
    won = {0.0: 3, 0.25: 5, 0.5: 7, 0.75: 7, 1.0: 2}

    def wins(weights, moves: dict[str, float], games, jobs: int) -> int:  # type: ignore[no-untyped-def]
        full = first_change["L:x"]
        return won[round(moves.get("L:x", 0.0) / full * 4) / 4]

    monkeypatch.setattr(record, "record_games", record_games)
    monkeypatch.setattr(fit_moves, "MIN_SEEN", 1)
    monkeypatch.setattr(tune_policy, "wins", wins)
    policy.set_corrections({n: w for n, w in policy.MOVES.items() if not n.endswith(":x")})
    standard = dict(policy.MOVES)
    decisions = record.decisions([taught(s) for s in ("L", "R", "LR")] * 4)
    first_change = fit_moves.fit(decisions, keep=lambda name: name.endswith(":x"))
    fresh = expert.first_corrections(4, tune_policy.Games(100_000, 10), 1)
    assert fresh == expert.SEED + 4
    assert mixes == [tuple(expert.SETUPS.values())]
    assert policy.MOVES["L:x"] == pytest.approx(first_change["L:x"] / 2, abs=1e-3)
    # Every set-up's own feature learned; the standard games' corrections untouched.
    assert {n for n in policy.MOVES if n.endswith(":x")} == {"L:x", "R:x", "LR:x"}
    assert {n: w for n, w in policy.MOVES.items() if not n.endswith(":x")} == standard


def test_first_corrections_that_teach_nothing_change_nothing(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unfollowed(*_: object, **__: object) -> dict[str, float]:
        raise ValueError("The search's leads do not follow the hand-made scores.")

    monkeypatch.setattr(record, "record_games", lambda games, *_, **__: [taught("L")] * games)
    monkeypatch.setattr(fit_moves, "fit", unfollowed)
    before = dict(policy.MOVES)
    assert expert.first_corrections(3, tune_policy.Games(100_000, 10), 1) == expert.SEED + 3
    assert before == policy.MOVES
