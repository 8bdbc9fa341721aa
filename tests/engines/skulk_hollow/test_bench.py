"""The guardian benchmark runs, writes its CSV and ends with its summary line (never how
fast)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from engines.skulk_hollow import bench

SUMMARY = re.compile(
    r"^games=6 hero=random easy_win_rate=\d\.\d{3} easy_turn_p95_s=\d+\.\d{4} "
    r"normal_win_rate=\d\.\d{3} .*hard_turn_p95_s=\d+\.\d{4} games_per_s=\d+\.\d{3}$"
)


@pytest.mark.bench
def test_the_bench_plays_each_level_and_prints_its_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "games.csv"
    args = ["--games", "2", "--guardians", "grak", "--leaders", "king_of_war"]
    assert bench.main([*args, "--hero", "random", "--jobs", "2", "--csv", str(table)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert SUMMARY.match(lines[-1]), lines[-1]
    assert any(line.startswith("grak hard, every leader") for line in lines)
    with table.open() as rows:
        games = list(csv.DictReader(rows))
    assert sorted((g["level"], g["seed"]) for g in games) == [
        (level, seed) for level in ("easy", "hard", "normal") for seed in ("0", "1")
    ]
    assert all(g["cause"] and int(g["rounds"]) >= 1 for g in games)


def test_the_bench_refuses_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--guardians", "smaug"]) == 2
    assert "grak, apoda, tanthos, raptra" in capsys.readouterr().err
