"""Start-up: Home is shown before the slow parts (saved games, gpiozero, the engines) are
loaded, and is complete a moment later."""

import logging
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.storage.store import Store
from tests.ui.driver import Driver

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
    assert not loaded & {"sqlite_utils", "gpiozero", "engines.core", "app.storage.store"}
    home = next(x for x in lines if x.startswith("HOME ")).split(" | ")
    # The Skogen tile, once the saved games are open:
    assert "Resume" in home
    assert any(text.startswith("Unfinished: Ana and Bo, last played today") for text in home)


def test_home_is_drawn_twice_so_that_a_kms_screen_shows_it(tmp_path: Path) -> None:
    """On a Pi without a desktop, SDL's KMS/DRM backend presents an empty buffer at the
    first swap after the window goes full screen (seen on the emulated Pi: a black panel
    until the first touch). An untouched app must draw a second frame by itself."""
    done = subprocess.run(
        [sys.executable, "-m", "tests.ui.first_frames_child"],
        env={
            **os.environ,
            "KIVY_HOME": str(tmp_path / "kivy"),
            "TABLESIDE_DB": str(tmp_path / "tableside.db"),
        },
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    [frames] = [int(x.split()[1]) for x in done.stdout.splitlines() if x.startswith("FRAMES ")]
    assert frames >= 2


def test_a_start_up_check_that_cannot_finish_says_so_and_changes_nothing(
    driver: Driver, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    app = driver.app
    store = app.store
    kept = store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    db_path = app.saved_games.db_path
    assert db_path is not None
    files = sorted(path.name for path in db_path.parent.iterdir())

    def tripping_check(self: Store) -> bool:
        raise OSError("the card reader hiccupped")

    monkeypatch.setattr(Store, "check_whole", tripping_check)
    caplog.set_level(logging.ERROR, logger="tableside")
    app.saved_games.check()  # what start-up does after the first frame
    said = "The check of the saved games at start-up could not be completed this time."
    # By the clock, not by frames: frames come fast while the check's thread waits its turn.
    deadline = time.monotonic() + 30
    while not any(said in text for text in driver.texts()):
        assert time.monotonic() < deadline, "the failed check was never told"
        driver.pump()
    assert "damaged" not in " ".join(driver.texts())
    assert "start-up check failed" in caplog.text and "the card reader hiccupped" in caplog.text
    # Nothing renamed or started afresh: the same file, the same games, and play goes on.
    assert app.store is store
    assert sorted(path.name for path in db_path.parent.iterdir()) == files
    assert [saved.id for saved in store.sessions("skogen")] == [kept]
