"""The benchmark runs and reports every figure (how fast is for the benchmark to say)."""

import subprocess
import sys

import pytest

import engines

pytestmark = pytest.mark.bench

QUICK = ["--repeat", "1", "--events", "40", "--seconds", "0.05", "--decisions", "3"]


def test_app_bench_prints_its_summary_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.tools.bench", *QUICK],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    summary = dict(pair.split("=") for pair in done.stdout.strip().splitlines()[-1].split())
    for key in ("start_ratio", "memory_ratio", "append_p95_ms", "resume_40_s", "guardian_p95_ms"):
        assert float(summary[key]) > 0, key
    assert {f"steps_per_s_{g}" for g in engines.game_keys()} <= set(summary)
