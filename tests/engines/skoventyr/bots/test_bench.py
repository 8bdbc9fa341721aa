"""The benchmark command runs and ends with its summary line (never how fast)."""

from __future__ import annotations

import re

import pytest

from engines.skoventyr import bench, bench_hint
from engines.skoventyr.hint import too_close
from engines.skoventyr.rules import legal_actions

SUMMARY = re.compile(
    r"^win_rate=\d\.\d{3} ci95=\d\.\d{3}\.\.\d\.\d{3} games=2 .*"
    r"budget_s=[\d.]+ budget_scale=(?P<scale>[\d.]+) .*decision_p95_s=\d+\.\d{4}$"
)


@pytest.mark.bench
@pytest.mark.parametrize(
    "args",
    [
        ["--bot", "heuristic", "--jobs", "1"],
        [
            "--bot",
            "search",
            "--budget",
            "0.04",
            "--budget-scale",
            "4",
            "--rollouts",
            "1",
            "--jobs",
            "2",
        ],
        ["--bot", "random", "--players", "2", "--lygtemands", "--rescue", "--jobs", "1"],
    ],
)
def test_the_bench_runs_two_tiny_games_and_prints_its_summary(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--games", "2", *args]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    summary = SUMMARY.match(lines[-1])
    assert summary, lines[-1]
    assert "won " in "\n".join(lines)
    scale = "4" if "--budget-scale" in args else "1"
    assert summary["scale"] == scale
    header = next(line for line in lines if line.startswith("Skoventyr, "))
    assert f"budget scale {scale} " in header


def test_each_decisions_budget_is_divided_by_the_budget_scale() -> None:
    """The budget the bot is given (the job's) is ``--budget`` / ``--budget-scale``."""
    scaled = bench.make_jobs(
        bench.parse(["--games", "3", "--budget", "0.2", "--budget-scale", "4"])
    )
    assert [job.budget for job in scaled] == pytest.approx([0.05, 0.05, 0.05])
    assert [job.seed for job in scaled] == [0, 1, 2]
    assert bench.make_jobs(bench.parse(["--games", "1", "--budget", "0.2"]))[0].budget == 0.2


@pytest.mark.parametrize("scale", ["0.5", "0", "-1", "fast"])
def test_a_budget_scale_below_one_is_refused(
    scale: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as refused:
        bench.parse(["--budget-scale", scale])
    assert refused.value.code == 2
    assert "--budget-scale: a number of at least 1" in capsys.readouterr().err


@pytest.mark.bench
def test_the_hint_bench_compares_two_positions_and_prints_its_summary(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ["--positions", "2", "--budget", "0.02", "--budget-scale", "2", "--jobs", "1"]
    assert bench_hint.main(args) == 0
    last = capsys.readouterr().out.strip().splitlines()[-1]
    found = re.match(
        r"^agreement=(?P<same>\d\.\d{3}) ci95=\S+ agree_or_tie=(?P<near>\d\.\d{3}) "
        r"positions=2 seed=5000 budget_s=0.02 budget_scale=2 slow_p95_s=\d+\.\d{4}$",
        last,
    )
    assert found, last
    assert float(found["same"]) <= float(found["near"])


def test_the_hint_bench_samples_positions_with_a_choice_from_the_seeds_given() -> None:
    first = bench_hint.positions(5, 5000)
    assert len(first) == 5 and all(len(legal_actions(p)) > 1 for p in first)
    assert bench_hint.positions(5, 5000) == first  # seeded
    assert bench_hint.positions(5, 6000) != first


@pytest.mark.parametrize(
    ("lead", "error", "tied"),
    [(0.0, 0.0, True), (-0.05, 0.03, True), (0.06, 0.03, True), (-0.07, 0.03, False)],
)
def test_the_hint_and_its_bench_call_a_lead_within_two_standard_errors_a_tie(
    lead: float, error: float, tied: bool
) -> None:
    assert too_close(lead, error) is tied
