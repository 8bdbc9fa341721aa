"""The mending benchmark runs at a small size and reports every figure (how fast is for
the benchmark to say)."""

import subprocess
import sys

import pytest

pytestmark = pytest.mark.bench


def test_rescue_bench_prints_its_summary_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.tools.rescue_bench", "--games", "40", "--moves", "20"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    summary = dict(pair.split("=") for pair in done.stdout.strip().splitlines()[-1].split())
    for key in ("mend_s", "first_frame_to_mended_s", "longest_frame_gap_s", "idle_frame_gap_s"):
        assert float(summary[f"{key}_40"]) > 0, key
    assert int(summary["progress_updates_40"]) > 0
    assert 0 < int(summary["games_kept_40"]) < 40  # the damaged pages lost some
