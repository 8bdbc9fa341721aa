"""The benchmark command runs and ends with its summary line (never how fast)."""

from __future__ import annotations

import re

import pytest

from engines.skoventyr import bench

SUMMARY = re.compile(
    r"^win_rate=\d\.\d{3} ci95=\d\.\d{3}\.\.\d\.\d{3} games=2 .*decision_p95_s=\d+\.\d{4}$"
)


@pytest.mark.bench
@pytest.mark.parametrize(
    "args",
    [
        ["--bot", "heuristic", "--jobs", "1"],
        ["--bot", "search", "--budget", "0.01", "--rollouts", "1", "--jobs", "2"],
        ["--bot", "random", "--players", "2", "--lygtemands", "--rescue", "--jobs", "1"],
    ],
)
def test_the_bench_runs_two_tiny_games_and_prints_its_summary(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert bench.main(["--games", "2", *args]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert SUMMARY.match(lines[-1]), lines[-1]
    assert "won " in "\n".join(lines)
