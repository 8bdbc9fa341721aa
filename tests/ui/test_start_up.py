"""Start-up: Home is shown before the slow parts (saved games, gpiozero, the engines) are
loaded, and is complete a moment later."""

import os
import subprocess
import sys
from pathlib import Path

import pytest

from app.store import Store

pytestmark = pytest.mark.ui


def test_home_is_shown_first_and_then_counts_the_unfinished_games(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    store = Store.open(db)
    store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    store.close()
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.start_up_child"],
        env={**os.environ, "KIVY_HOME": str(tmp_path / "kivy"), "TABLESIDE_DB": str(db)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    lines = done.stdout.splitlines()
    loaded = set(next(x for x in lines if x.startswith("LOADED ")).split()[1:])
    assert not loaded & {"sqlite_utils", "gpiozero", "engines.core", "app.store"}
    home = next(x for x in lines if x.startswith("HOME ")).split(" | ")
    # The Skogen tile, once the saved games are open:
    assert "Resume" in home
    assert any(text.startswith("Unfinished: Ana and Bo, last played today") for text in home)
