"""Pull the plug while a copy is put back (app.exchange.daily_copy.restore): a restore
in a child process is killed with SIGKILL at random moments. After each cut the saved
games open and hold either all the games they held or all the copy's, never part of
either, and the games a finished restore set aside are kept where it says."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

from app.exchange import daily_copy
from app.storage.store import Store

CUTS = 8
#: Rows of filler in each file: enough pages that putting one back takes a while.
FILLER_ROWS = 6000


def saved_games(path: Path, first_seed: int, games: int) -> frozenset[daily_copy.Game]:
    """Saved games at ``path`` holding ``games`` games, with filler: their games."""
    store = Store.open(path)
    for seed in range(first_seed, first_seed + games):
        store.start_session("skogen", {}, seed, ["Ana", "Bo"])
    store.close()
    with sqlite3.connect(path) as db:
        db.execute("create table if not exists filler (data blob)")
        db.executemany("insert into filler values (randomblob(4000))", [()] * FILLER_ROWS)
    found = daily_copy.games_in(path)
    assert found is not None and len(found) >= games
    return found


def put_back(db: Path, copy: Path, cut_after: float | None) -> float:
    """Run the restore in a child; kill it ``cut_after`` seconds after it begins (None:
    let it end). The seconds it took (to the cut, or to its end)."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.restore_child", str(db), str(copy)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "RESTORING\n"
    began = time.monotonic()
    if cut_after is None:
        assert child.stdout.readline() == "PUT BACK\n"
    else:
        time.sleep(cut_after)
        child.send_signal(signal.SIGKILL)
    took = time.monotonic() - began
    child.communicate(timeout=30)
    return took


def test_a_restore_cut_at_any_moment_leaves_one_whole_set_of_games(tmp_path: Path) -> None:
    before = tmp_path / "before.db"
    copy = tmp_path / "copy.db"
    copy_games = saved_games(copy, first_seed=0, games=2)
    old_games = saved_games(before, first_seed=0, games=5)
    assert old_games != copy_games
    db = tmp_path / "tableside.db"

    def afresh() -> None:  # a new file (not the old one written over: a link may share it)
        daily_copy.backup(before, tmp_path / "fresh.db")
        os.replace(tmp_path / "fresh.db", db)

    afresh()
    took = put_back(db, copy, None)
    timing = random.Random(54)
    for _ in range(CUTS):
        afresh()
        put_back(db, copy, timing.uniform(0.0, took * 1.25))
        Store.open(db).close()  # opens (and is not set aside as damaged)
        daily_copy.clear_cut_restore(db)  # as the app does at start-up
        assert [path.name for path in tmp_path.glob("*.restoring")] == []
        games = daily_copy.games_in(db, checked=True)
        assert games in (old_games, copy_games)
        if games == copy_games:  # put back: the games it replaced are where it says
            aside = db.with_name(daily_copy._restored_over(db) or "none")
            assert daily_copy.games_in(aside, checked=True) == old_games
