"""Damaged files at start-up: the app starts, says what happened in plain words, keeps
the bad file aside (or leaves it untouched) and loses nothing else."""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from app.storage.schema import SCHEMA_VERSION
from app.storage.store import Store
from tests.reliability.damage import damage_a_middle_page, many_games

pytestmark = pytest.mark.ui


def start_app(tmp_path: Path, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.damaged_start_child"],
        env={**os.environ, "KIVY_HOME": str(tmp_path / "kivy"), **env},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_a_garbage_database_and_a_broken_pin_map(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    db.write_bytes(b"\x00garbage, not a database" * 500)
    pins = tmp_path / "pinmap.toml"
    pins.write_text("[buttons]\nconfirm = 99\n")
    out = start_app(tmp_path, TABLESIDE_DB=str(db), TABLESIDE_PINMAP=str(pins))
    notice = " ".join(line for line in out.splitlines() if line.startswith("NOTICE "))
    assert "Your saved games could not be read" in notice
    assert "The pin map" in notice and "standard pins are used instead" in notice
    kept = [p for p in tmp_path.iterdir() if ".unreadable-" in p.name]
    assert len(kept) == 1 and kept[0].read_bytes().startswith(b"\x00garbage")
    assert pins.read_text() == "[buttons]\nconfirm = 99\n"  # the person's file is left as is
    assert Store.open(db).notice is None  # the fresh database works


def test_a_damaged_page_is_found_after_the_first_frame_and_the_rest_kept(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tableside.db"
    many_games(db)
    damage_a_middle_page(db)
    out = start_app(tmp_path, TABLESIDE_DB=str(db))
    notice = next(line for line in out.splitlines() if line.startswith("NOTICE "))
    assert "Your saved games could not be read (the file is damaged)" in notice
    assert "that could still be read" in notice
    assert "PLAYERS 1" in out  # Ana came across into the new file
    kept = [p for p in tmp_path.iterdir() if p.name.startswith("tableside.db.unreadable-")]
    assert kept


def test_a_database_from_a_newer_tableside_is_kept_whole(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    store = Store.open(db)
    store.add_player("Ana")
    store.db.execute("update meta set value = ? where key = 'schema_version'", [SCHEMA_VERSION + 1])
    store.close()
    out = start_app(tmp_path, TABLESIDE_DB=str(db))
    assert "newer version of Tableside" in out
    assert "PLAYERS 0" in out
    kept = [
        p
        for p in tmp_path.iterdir()
        if p.name.startswith("tableside.db.unreadable-") and not p.name.endswith(("-wal", "-shm"))
    ]
    assert len(kept) == 1
    with sqlite3.connect(kept[0]) as old:  # the newer file is whole, Ana still in it
        assert old.execute("select name from players").fetchall() == [("Ana",)]


def test_a_damaged_component_profile_is_reported_not_fatal(tmp_path: Path) -> None:
    from app.chickwood.profile import saved_village_cards
    from engines.chickwood.data import DataError

    store = Store.open(tmp_path / "tableside.db")
    store.save_profile("chickwood", {"card": [{"rows": "nonsense"}]})

    class Running:  # what App.get_running_app() gives the profile code
        pass

    running = Running()
    running.store = store  # type: ignore[attr-defined]
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr("kivy.app.App.get_running_app", staticmethod(lambda: running))
        with pytest.raises(DataError, match="your village profile"):
            saved_village_cards()
    assert store.profile("chickwood") == {"card": [{"rows": "nonsense"}]}  # kept as it was


def test_saved_games_locked_by_another_program_pause_saving_without_closing(
    tmp_path: Path,
) -> None:
    db = tmp_path / "tableside.db"
    Store.open(db).close()
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("begin exclusive")  # held while the app starts and tries to save
    done = subprocess.run(
        [sys.executable, "-m", "tests.reliability.storage_fault_child"],
        env={**os.environ, "KIVY_HOME": str(tmp_path / "kivy"), "TABLESIDE_DB": str(db)},
        capture_output=True,
        text=True,
        timeout=120,
        check=True,  # it did not crash
    )
    other.close()
    out = done.stdout
    assert "NOTICE The saved games are busy in another program" in out
    assert "REFUSED The saved games are busy in another program" in out
    assert "SCREEN home" in out
    assert [p for p in tmp_path.iterdir() if ".unreadable-" in p.name] == []
