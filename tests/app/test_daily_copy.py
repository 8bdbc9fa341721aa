"""The daily copy of the saved games: made once a day beside the file (and on a stick),
the newest seven kept, never half-written under its name (a kill during the copy, a full
card), never in the way of a move, and put back in place of the saved games with the
file it replaces kept aside."""

from __future__ import annotations

import errno
import os
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from datetime import date, datetime, timedelta
from pathlib import Path

import pytest

from app.exchange import daily_copy
from app.exchange.daily_copy import copies, copies_folder, due, make_copy, restore
from app.storage.store import Store

DAY = date(2027, 3, 14)


def saved_games(path: Path, games: int = 3, moves: int = 20) -> Path:
    store = Store.open(path)
    for number in range(games):
        session = store.start_session("skogen", {}, number, ["Ana", "Bo"])
        for move in range(moves):
            store.append_event(session, {"type": "action", "action": {"kind": "x", "n": move}})
    store.close()
    return path


def sessions_in(path: Path) -> int:
    with sqlite3.connect(path) as db:
        return int(db.execute("select count(*) from sessions").fetchone()[0])


def test_a_copy_a_day_beside_the_file_and_the_newest_seven_kept(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db")
    assert due(db, DAY)
    copy = make_copy(db, DAY)
    assert not due(db, DAY) and due(db, DAY + timedelta(days=1))
    assert copy.parent == copies_folder(db) and sessions_in(copy) == 3
    for later in range(1, 9):
        make_copy(db, DAY + timedelta(days=later))
    kept = copies(copies_folder(db))
    assert len(kept) == daily_copy.KEEP
    assert [c.day for c in kept] == [DAY + timedelta(days=d) for d in range(8, 1, -1)]


def test_a_copy_goes_onto_a_stick_too(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db")
    stick = tmp_path / "stick"
    stick.mkdir()
    make_copy(db, DAY, stick=stick)
    [on_stick] = copies(stick / daily_copy.STICK_FOLDER)
    assert on_stick.day == DAY and sessions_in(on_stick.path) == 3


def test_a_full_card_leaves_no_copy_and_the_others_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = saved_games(tmp_path / "tableside.db")
    make_copy(db, DAY)

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(daily_copy.os, "replace", full)
    with pytest.raises(OSError):
        make_copy(db, DAY + timedelta(days=1))
    monkeypatch.undo()
    assert [c.day for c in copies(copies_folder(db))] == [DAY]
    assert [p.name for p in copies_folder(db).iterdir()] == [daily_copy.copy_name(DAY)]


def test_a_move_is_saved_while_a_copy_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=4, moves=10)
    slow = daily_copy.backup

    def slow_backup(source: Path, target: Path) -> None:  # time to play moves during it
        time.sleep(0.3)
        slow(source, target)

    monkeypatch.setattr(daily_copy, "backup", slow_backup)
    copying = threading.Thread(target=make_copy, args=(db, DAY))
    store = Store.open(db)
    session = store.start_session("skogen", {}, 99, ["Ana", "Bo"])
    copying.start()
    waits = []
    while copying.is_alive():
        began = time.monotonic()
        store.append_event(session, {"type": "action", "action": {"kind": "x"}})
        waits.append(time.monotonic() - began)
    copying.join()
    store.close()
    assert len(waits) > 5  # moves were saved during the copy...
    assert max(waits) < 1.0  # ...each without waiting for it
    assert sessions_in(copies(copies_folder(db))[0].path) in (5, 6)


CHILD = """
import sys
from datetime import date
from pathlib import Path
from app.exchange import daily_copy
import sqlite3, time
real_connect = sqlite3.connect
def slow_target(target, *args, **kwargs):  # the copy's file written slowly, to be cut
    conn = real_connect(target, *args, **kwargs)
    if str(target).endswith(".partial"):
        conn.execute("create table filler (x)")
        conn.commit()
        time.sleep(60)
    return conn
sqlite3.connect = slow_target
print("COPYING", flush=True)
daily_copy.make_copy(Path(sys.argv[1]), date(2027, 3, 14))
"""


def test_a_kill_during_the_copy_leaves_the_saved_games_whole_and_no_copy(
    tmp_path: Path,
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2, moves=10)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline() == "COPYING\n"
    partial = copies_folder(db) / (daily_copy.copy_name(DAY) + ".partial")
    deadline = time.monotonic() + 30
    while not (partial.exists() and partial.stat().st_size > 0):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.02)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert copies(copies_folder(db)) == []  # the piece cut short is no copy
    with sqlite3.connect(db) as check:
        assert check.execute("pragma integrity_check").fetchone()[0] == "ok"
    make_copy(db, DAY)  # the next copy clears it away
    assert [p.name for p in copies_folder(db).iterdir()] == [daily_copy.copy_name(DAY)]


def test_a_copy_is_put_back_and_the_saved_games_kept_aside(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2)
    copy = make_copy(db, DAY)
    saved_games(db, games=3)  # three more games since the copy
    assert sessions_in(db) == 5
    aside = restore(db, copy, datetime(2027, 3, 15, 20, 5))
    assert aside.name == "tableside.db.before-restore-20270315-200500"
    assert sessions_in(db) == 2 and sessions_in(aside) == 5


def test_a_copy_that_is_not_a_database_leaves_the_saved_games_in_place(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2)
    broken = tmp_path / "tableside-2027-03-14.db"
    broken.write_bytes(b"not a database at all" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        restore(db, broken, datetime(2027, 3, 15))
    assert sessions_in(db) == 2
    assert not [p.name for p in tmp_path.iterdir() if "before-restore" in p.name]
