"""The UI benchmark runs in a real window and reports every figure (how fast is for the
benchmark to say, on a quiet machine)."""

import subprocess
import sys

import pytest

from app.tools.sweep import swept_games

pytestmark = pytest.mark.bench


def test_ui_bench_prints_a_frame_per_step_and_a_summary_line() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "app.tools.ui_bench",
            "--games",
            "40",
            "--moves",
            "4",
            "--rosters",
            "30,60",
        ],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    lines = done.stdout.strip().splitlines()
    steps = ("History opens", "History: All games", "Statistics: players", "a step")
    for step in (*steps, "Settings opens", "New game: More players"):
        assert any(step in line and line.rstrip().endswith(("ms", "STALL")) for line in lines)
    summary = dict(pair.split("=") for pair in lines[-1].split())
    assert float(summary["longest_frame_ms"]) > 0
    assert float(summary["roster_30_longest_frame_ms"]) > 0
    assert float(summary["roster_60_longest_frame_ms"]) > 0
    assert {f"{key}_update_p95_ms" for key in swept_games()} <= set(summary)
