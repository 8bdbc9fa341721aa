"""The legibility sweep (app/tools/sweep.py) on the suite's budget: seeded whole games of all
four games played by bot in a real window, at the reference panel's size and in
portrait, every eighth (in portrait every sixteenth) state checked as a person sees it,
and the automated games' screens opened again and compared. The whole sweep, every
state of three seeds a set-up, is ``python -m app --sweep`` (README)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui


@pytest.mark.parametrize(("size", "every"), [("800x480", "8"), ("720x1280", "16")])
@pytest.mark.long
def test_every_state_a_sampled_whole_game_reaches_reads_right(
    size: str, every: str, tmp_path: Path
) -> None:
    shots = tmp_path / "problems"
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "app",
            "--sweep",
            "--size",
            size,
            "--seeds",
            "1",
            "--every",
            every,
            "--screenshots",
            str(shots),
        ],
        timeout=600,  # a hang guard only
        env={**os.environ, "TABLESIDE_DB": str(tmp_path / "never-touched.db")},
        capture_output=True,
        text=True,
    )
    report = run.stdout.strip().splitlines()
    assert report and report[0].startswith("Checked "), run.stderr[-2000:]
    checked = int(report[0].split()[1])
    assert checked > 100 if size == "800x480" else checked > 60
    assert run.returncode == 0, run.stdout
    assert not shots.exists()  # a picture is written only where a problem is
    assert not (tmp_path / "never-touched.db").exists()
