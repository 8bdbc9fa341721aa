"""The export benchmark runs and reports every figure (how fast is for it to say)."""

import subprocess
import sys

import pytest

pytestmark = pytest.mark.bench


def test_exchange_bench_prints_its_summary_line() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "app.exchange.bench", "--games", "8"],
        capture_output=True,
        text=True,
        timeout=300,
        check=True,
    )
    summary = dict(pair.split("=") for pair in done.stdout.strip().splitlines()[-1].split())
    for task in ("export", "import"):
        for figure in ("s", "peak_mb", "ratio"):
            assert float(summary[f"{task}_8_{figure}"]) > 0, (task, figure)
