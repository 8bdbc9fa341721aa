"""The guardian benchmark runs, writes its CSV and ends with its summary line (never how
fast)."""

from __future__ import annotations

import csv
import re
from pathlib import Path

import pytest

from engines.skulk_hollow import bench
from engines.skulk_hollow.bots.guardian import HARD_SHARE, HARD_TURN_BUDGET, HardGuardian
from engines.skulk_hollow.bots.hero import SEARCH_HERO_BUDGET, SearchHero

SUMMARY = re.compile(
    r"^games=6 hero=random budget_scale=4 easy_win_rate=\d\.\d{3} easy_turn_p95_s=\d+\.\d{4} "
    r"normal_win_rate=\d\.\d{3} .*hard_turn_p95_s=\d+\.\d{4} games_per_s=\d+\.\d{3}$"
)


@pytest.mark.bench
def test_the_bench_plays_each_level_and_prints_its_summary(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    table = tmp_path / "games.csv"
    args = [
        "--games",
        "2",
        "--guardians",
        "grak",
        "--leaders",
        "king_of_war",
        "--budget-scale",
        "4",
    ]
    assert bench.main([*args, "--hero", "random", "--jobs", "2", "--csv", str(table)]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    assert SUMMARY.match(lines[-1]), lines[-1]
    assert "budget scale 4, " in next(line for line in lines if line.startswith("Skulk Hollow: "))
    assert any(line.startswith("grak hard, every leader") for line in lines)
    with table.open() as rows:
        games = list(csv.DictReader(rows))
    assert sorted((g["level"], g["seed"]) for g in games) == [
        (level, seed) for level in ("easy", "hard", "normal") for seed in ("0", "1")
    ]
    assert all(g["cause"] and int(g["rounds"]) >= 1 for g in games)
    assert {g["budget_scale"] for g in games} == {"4.0"}


def test_the_bench_refuses_unknown_names(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--guardians", "smaug"]) == 2
    assert "grak, apoda, tanthos, raptra" in capsys.readouterr().err


@pytest.mark.parametrize("scale", [1.0, 4.0])
def test_the_budget_scale_divides_every_time_budget_of_both_bots(scale: float) -> None:
    """The Hard guardian's turn budget (and so its budget for one decision) and the search
    hero's budget are divided by the job's scale; Easy and Normal have none to divide."""
    job = bench.Job("grak", "king_of_war", "hard", "search", seed=0, budget_scale=scale)
    guardian, hero = bench.bots(job)
    assert isinstance(guardian, HardGuardian) and isinstance(hero, SearchHero)
    assert guardian.turn_budget == pytest.approx(HARD_TURN_BUDGET / scale)
    assert guardian.budget == pytest.approx(HARD_TURN_BUDGET * HARD_SHARE / scale)
    assert hero.budget == pytest.approx(SEARCH_HERO_BUDGET / scale)
    for level in ("easy", "normal"):
        easier = bench.Job("grak", "king_of_war", level, "greedy", seed=0, budget_scale=scale)
        assert bench.bots(easier)[0].budget == 0.0


def test_the_budget_scale_is_parsed_and_one_below_1_refused(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert bench.parse(["--budget-scale", "2.5"]).budget_scale == 2.5
    assert bench.parse([]).budget_scale == 1.0
    with pytest.raises(SystemExit) as refused:
        bench.parse(["--budget-scale", "0.5"])
    assert refused.value.code == 2
    assert "--budget-scale: a number of at least 1" in capsys.readouterr().err
