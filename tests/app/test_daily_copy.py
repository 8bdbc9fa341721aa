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
from collections.abc import Callable
from datetime import date, datetime, timedelta
from datetime import time as clock_time
from pathlib import Path

import pytest

from app.exchange import daily_copy
from app.exchange.daily_copy import Moment, copies, copies_folder, due, make_copy, restore
from app.storage.store import Store

DAY = date(2027, 3, 14)
#: A clock at 1970: not known right.
UNKNOWN = Moment("boot-1", 100.0, None)


def at(day: date, hour: int = 20) -> Moment:
    """A moment on ``day`` with the clock known right."""
    return Moment("boot-1", 100.0, datetime.combine(day, clock_time(hour)))


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
    assert due(db, at(DAY))
    copy = make_copy(db, at(DAY))
    assert not due(db, at(DAY, hour=23)) and due(db, at(DAY + timedelta(days=1), hour=9))
    assert copy.parent == copies_folder(db) and sessions_in(copy) == 3
    assert copy.name == "tableside-0001-2027-03-14-2000.db"
    for later in range(1, 9):
        make_copy(db, at(DAY + timedelta(days=later)))
    kept = copies(copies_folder(db))
    assert len(kept) == daily_copy.KEEP
    assert [c.number for c in kept] == list(range(9, 2, -1))
    assert [c.when() for c in kept[:1]] == ["Monday 22 March 2027, 20:00"]


def test_a_copy_goes_onto_a_stick_too(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db")
    stick = tmp_path / "stick"
    stick.mkdir()
    make_copy(db, at(DAY), stick=stick)
    [on_stick] = copies(stick / daily_copy.STICK_FOLDER)
    assert on_stick.number == 1 and sessions_in(on_stick.path) == 3


def test_a_full_card_leaves_no_copy_and_the_others_as_they_were(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = saved_games(tmp_path / "tableside.db")
    first = make_copy(db, at(DAY))

    def full(*_args: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(daily_copy.os, "replace", full)
    with pytest.raises(OSError):
        make_copy(db, at(DAY + timedelta(days=1)))
    monkeypatch.undo()
    assert [c.path for c in copies(copies_folder(db))] == [first]
    assert sorted(p.name for p in copies_folder(db).iterdir()) == sorted(
        [first.name, daily_copy.LAST_TRY]
    )


def test_a_move_is_saved_while_a_copy_is_made(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=4, moves=10)
    slow = daily_copy.backup

    def slow_backup(source: Path, target: Path) -> None:  # time to play moves during it
        time.sleep(0.3)
        slow(source, target)

    monkeypatch.setattr(daily_copy, "backup", slow_backup)
    copying = threading.Thread(target=make_copy, args=(db, at(DAY)))
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
daily_copy.make_copy(Path(sys.argv[1]), daily_copy.Moment("boot-1", 1.0, None))
"""


def test_a_kill_during_the_copy_leaves_the_saved_games_whole_and_no_copy(
    tmp_path: Path,
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2, moves=10)
    child = subprocess.Popen(
        [sys.executable, "-c", CHILD, str(db)], stdout=subprocess.PIPE, text=True
    )
    assert child.stdout is not None and child.stdout.readline() == "COPYING\n"
    partial = copies_folder(db) / (daily_copy.copy_name(1, None) + ".partial")
    deadline = time.monotonic() + 30
    while not (partial.exists() and partial.stat().st_size > 0):
        assert time.monotonic() < deadline and child.poll() is None
        time.sleep(0.02)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    assert copies(copies_folder(db)) == []  # the piece cut short is no copy
    with sqlite3.connect(db) as check:
        assert check.execute("pragma integrity_check").fetchone()[0] == "ok"
    make_copy(db, UNKNOWN)  # the next copy clears it away
    names = sorted(p.name for p in copies_folder(db).iterdir())
    assert names == [daily_copy.LAST_TRY, daily_copy.copy_name(1, None)]


@pytest.mark.parametrize("links", [True, False], ids=["hard links", "FAT: no hard links"])
def test_a_copy_is_put_back_and_the_saved_games_kept_aside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, links: bool
) -> None:
    if not links:  # as on a FAT card or stick: the games kept aside are copied instead

        def no_links(_source: object, _target: object) -> None:
            raise OSError(errno.EPERM, "Operation not permitted")

        monkeypatch.setattr(daily_copy.os, "link", no_links)
    db = saved_games(tmp_path / "tableside.db", games=2)
    copy = make_copy(db, at(DAY))
    saved_games(db, games=3)  # three more games since the copy
    assert sessions_in(db) == 5
    aside = restore(db, copy, datetime(2027, 3, 15, 20, 5))
    assert aside.name == "tableside.db.before-restore-20270315-200500"
    assert sessions_in(db) == 2 and sessions_in(aside) == 5


def test_a_second_restore_keeps_the_first_one_s_games_and_a_cut_one_s_name_is_not_listed(
    tmp_path: Path,
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2)
    copy = make_copy(db, at(DAY))
    saved_games(db, games=1)
    when = datetime(2027, 3, 15, 20, 5)
    first = restore(db, copy, when)
    second = restore(db, first, when)  # in the same second: another name
    assert first != second and sessions_in(first) == 3 and sessions_in(second) == 2
    os.link(db, daily_copy.set_aside_name(db, when))  # a restore cut before the rename
    assert {kept.path for kept in daily_copy.set_aside(db)} == {first, second}


def test_a_copy_that_is_not_a_database_leaves_the_saved_games_in_place(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2)
    broken = tmp_path / "tableside-2027-03-14.db"
    broken.write_bytes(b"not a database at all" * 100)
    with pytest.raises(sqlite3.DatabaseError):
        restore(db, broken, datetime(2027, 3, 15))
    assert sessions_in(db) == 2
    assert not [p.name for p in tmp_path.iterdir() if "before-restore" in p.name]


def test_on_a_1970_clock_the_new_copy_is_kept_and_the_oldest_goes(tmp_path: Path) -> None:
    """Review E4: seven dated copies, then a clock at 1970: the new copy was written and
    deleted at once, after every game."""
    db = saved_games(tmp_path / "tableside.db")
    for day in range(daily_copy.KEEP):
        make_copy(db, at(DAY + timedelta(days=day)))
    newest = make_copy(db, UNKNOWN)
    kept = copies(copies_folder(db))
    assert newest.exists() and newest.name == "tableside-0008.db"
    assert [c.number for c in kept] == list(range(8, 1, -1))
    assert kept[0].when() == "Time not checked"
    assert not due(db, Moment("boot-1", 200.0, None))  # not another at the next game's end


def test_a_copy_dated_in_the_future_keeps_no_slot(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db")
    future = make_copy(db, at(date(2031, 6, 1)))  # a clock once wrong forwards
    for day in range(daily_copy.KEEP):
        make_copy(db, at(DAY + timedelta(days=day)))
    assert not future.exists()
    assert copies(copies_folder(db))[0].made == datetime(2027, 3, 20, 20)


def test_a_day_is_told_by_the_boot_s_own_seconds_when_the_clock_is_unknown(
    tmp_path: Path,
) -> None:
    db = saved_games(tmp_path / "tableside.db")
    make_copy(db, UNKNOWN)
    assert not due(db, Moment("boot-1", 100.0 + daily_copy.A_DAY - 1, None))
    assert due(db, Moment("boot-1", 100.0 + daily_copy.A_DAY, None))
    # The clock set to another day meanwhile tells nothing: it was unknown at the copy.
    assert not due(db, Moment("boot-1", 200.0, datetime(2027, 3, 20, 9)))
    assert due(db, Moment("boot-2", 5.0, None))  # started again: how long since is unknown


def full_card(free: int) -> Callable[[object], os.statvfs_result]:
    """os.statvfs as it reads for a card with ``free`` bytes free."""
    real = os.statvfs

    def statvfs(path: object) -> os.statvfs_result:
        found = real(path)  # type: ignore[arg-type]
        blocks = free // found.f_frsize
        return os.statvfs_result((*found[:4], blocks, *found[5:]))

    return statvfs


def test_a_nearly_full_card_gets_no_copy_no_file_and_no_second_try_that_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=4, moves=50)
    # Room for the copy, and for less than twice the file beside it.
    monkeypatch.setattr(daily_copy.os, "statvfs", full_card(2 * db.stat().st_size))
    with pytest.raises(daily_copy.NoRoom, match="too little free space on the card"):
        make_copy(db, at(DAY))
    monkeypatch.undo()
    assert [p.name for p in copies_folder(db).iterdir()] == [daily_copy.LAST_TRY]
    assert not due(db, at(DAY, hour=23)) and due(db, at(DAY + timedelta(days=1)))
    store = Store.open(db)  # the moves go on being saved
    store.append_event(store.start_session("skogen", {}, 7, ["Ana", "Bo"]), {"type": "x"})
    store.close()
    assert sessions_in(db) == 5


def test_damaged_saved_games_are_not_copied_as_a_good_copy(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db", games=30, moves=40)
    with sqlite3.connect(db) as check:
        check.execute("pragma wal_checkpoint(truncate)")
        page_size = int(check.execute("pragma page_size").fetchone()[0])
    with db.open("r+b") as file:  # a page of the events' table scrambled
        file.seek(page_size * (db.stat().st_size // page_size - 2) + 8)
        file.write(b"\xff" * 200)
    with pytest.raises(sqlite3.DatabaseError):
        make_copy(db, at(DAY))
    assert copies(copies_folder(db)) == []
    assert [p.name for p in copies_folder(db).iterdir()] == [daily_copy.LAST_TRY]


def test_copies_made_before_they_were_numbered_are_listed_oldest(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db")
    folder = copies_folder(db)
    folder.mkdir()
    daily_copy.backup(db, folder / "tableside-2026-12-05.db")
    newer = make_copy(db, UNKNOWN)
    [numbered, by_day] = copies(folder)
    assert numbered.path == newer and by_day.when() == "Saturday 5 December 2026"


def test_a_restore_the_person_chose_is_not_offered_back_but_one_cut_short_is(
    tmp_path: Path,
) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2)
    copy = make_copy(db, at(DAY))
    saved_games(db, games=3)
    steps: list[tuple[int, int]] = []
    aside = restore(db, copy, datetime(2027, 3, 15, 20, 5), lambda *step: steps.append(step))
    assert steps and steps[-1][0] == steps[-1][1]  # told how far it got, to the end
    assert daily_copy.more_games_aside(db, games_now=2) is None
    # Saved games started afresh since (an older Tableside met them): the games kept aside.
    db.unlink()
    Store.open(db).close()
    said = daily_copy.more_games_aside(db, games_now=0)
    assert said is not None and aside.name in said


def test_the_games_a_restore_sets_aside_are_those_the_copy_lacks(tmp_path: Path) -> None:
    db = saved_games(tmp_path / "tableside.db", games=2)
    copy = make_copy(db, at(DAY))
    store = Store.open(db)
    later = store.start_session("skogen", {}, 9, ["Ana", "Bo"])
    store.close()
    missing = daily_copy.set_aside_by(db, daily_copy.games_in(copy))
    assert [(game.id, game.key, game.finished) for game in missing] == [(later, "skogen", False)]
