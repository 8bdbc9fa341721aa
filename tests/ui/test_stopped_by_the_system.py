"""Stopped by systemd (a shutdown, Settings → Turn off the Pi): the app closes its saved
games cleanly and ends at once, rather than wait for its window's teardown."""

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.ui


def test_sigterm_closes_the_saved_games_and_ends_the_app(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    app = subprocess.Popen(
        [sys.executable, "-m", "app"],
        env={**os.environ, "KIVY_HOME": str(tmp_path / "kivy"), "TABLESIDE_DB": str(db)},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wal = db.with_name(db.name + "-wal")
    deadline = time.monotonic() + 60
    while not wal.exists():  # the saved games are open (just after the first frame)
        assert app.poll() is None and time.monotonic() < deadline
        time.sleep(0.1)
    time.sleep(0.5)
    asked = time.monotonic()
    app.send_signal(signal.SIGTERM)
    assert app.wait(timeout=30) == 0
    assert time.monotonic() - asked < 10  # what systemd waits before it kills
    assert not wal.exists()  # closed cleanly: its write-ahead log folded into the file
