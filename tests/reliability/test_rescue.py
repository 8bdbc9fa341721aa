"""A damaged saved-games file mended: its indexes rebuilt when that is enough, with no game
set aside; otherwise the file kept aside and a new one built from what can be read, which
a power cut at any moment cannot spoil (the next start finishes it), naming the games
that did not come across whole."""

from __future__ import annotations

import os
import signal
import sqlite3
import subprocess
import sys
from contextlib import closing
from pathlib import Path
from typing import Any

import pytest

from app.storage.faults import StorageFault
from app.storage.store import Store
from tests.reliability.damage import (
    damage_a_middle_page,
    damage_page,
    many_games,
    page_size,
    pages_of,
)
from tests.reliability.test_storage_faults import open_elsewhere

Saved = dict[int, tuple[Any, ...]]


def saved(db: Path) -> Saved:
    """Every game in the file with all its moves, as the app reads them (opening the file
    as the app does, which mends it if it must)."""
    store = Store.open(db)
    try:
        return {
            s.id: (s.game, s.players, s.status, s.started, store.events(s.id))
            for s in store.sessions()
        }
    finally:
        store.close()


def placed(folder: Path, data: bytes) -> Path:
    folder.mkdir(parents=True)
    db = folder / "tableside.db"
    db.write_bytes(data)
    return db


def kept_aside(folder: Path) -> list[Path]:
    return [
        p
        for p in folder.iterdir()
        if ".unreadable-" in p.name and not p.name.endswith(("-wal", "-shm"))
    ]


# -- a power cut while a damaged file is rescued ------------------------------------------------


@pytest.fixture(scope="module")
def damaged(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A file of 30 games whose middle page is overwritten: some games or moves are lost."""
    db = tmp_path_factory.mktemp("damaged") / "tableside.db"
    many_games(db)
    damage_a_middle_page(db)
    return db.read_bytes()


def opened_in_a_child(db: Path, *kill: str) -> subprocess.CompletedProcess[str]:
    """Open ``db`` in a process of its own, killed at the point ``kill`` names (see
    tests.reliability.rescue_kill_child)."""
    return subprocess.run(
        [sys.executable, "-m", "tests.reliability.rescue_kill_child", str(db), *kill],
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.fixture(scope="module")
def uncut(damaged: bytes, tmp_path_factory: pytest.TempPathFactory) -> tuple[Saved, int, int]:
    """What a rescue that is not cut short keeps, and how much work it takes: SQLite's
    steps (thousands of instructions) and renames of files."""
    db = placed(tmp_path_factory.mktemp("uncut") / "games", damaged)
    done = opened_in_a_child(db)
    assert done.returncode == 0, done.stderr
    _, steps, _, renames = done.stdout.split()
    rescued = saved(db)
    assert len(kept_aside(db.parent)) == 1
    return rescued, int(steps), int(renames)


def assert_finished_whole(db: Path, damaged: bytes, rescued: Saved) -> None:
    """The next start ends with every game and move the uncut rescue kept, the damaged
    original kept aside as it was, and nothing half-done left behind."""
    assert saved(db) == rescued
    [kept] = kept_aside(db.parent)
    assert kept.read_bytes() == damaged
    leftovers = [p.name for p in db.parent.iterdir() if "repair" in p.name or "rescue" in p.name]
    assert leftovers == []


@pytest.mark.parametrize("share", [0.1, 0.3, 0.5, 0.7, 0.9])
def test_a_power_cut_during_the_rescue_is_made_good_at_the_next_start(
    tmp_path: Path, damaged: bytes, uncut: tuple[Saved, int, int], share: float
) -> None:
    rescued, steps, _renames = uncut
    db = placed(tmp_path / "games", damaged)
    cut = opened_in_a_child(db, "steps", str(max(1, int(steps * share))))
    assert cut.returncode == -signal.SIGKILL, cut.stderr  # the power was cut
    assert_finished_whole(db, damaged, rescued)


def test_a_power_cut_at_each_rename_is_made_good_at_the_next_start(
    tmp_path: Path, damaged: bytes, uncut: tuple[Saved, int, int]
) -> None:
    """Between the file steps (the marker written, the file moved, the new file put in
    place), where no SQLite work is under way."""
    rescued, _steps, renames = uncut
    assert renames >= 2
    for number in range(1, renames + 1):
        db = placed(tmp_path / str(number), damaged)
        cut = opened_in_a_child(db, "rename", str(number))
        assert cut.returncode == -signal.SIGKILL, cut.stderr
        assert_finished_whole(db, damaged, rescued)


def test_a_rescue_cut_short_twice_is_still_finished(
    tmp_path: Path, damaged: bytes, uncut: tuple[Saved, int, int]
) -> None:
    rescued, steps, _renames = uncut
    db = placed(tmp_path / "games", damaged)
    first = opened_in_a_child(db, "steps", str(steps // 2))
    assert first.returncode == -signal.SIGKILL
    opened_in_a_child(db, "steps", str(steps // 4))  # the next start cut short in turn
    assert_finished_whole(db, damaged, rescued)


@pytest.mark.parametrize(
    "marker",
    [
        b"\x00\xff not even text",
        b"[]",
        b'{"problem": "the file is damaged", "kept": "../tableside.db"}',
        b'{"problem": 5, "kept": "tableside.db.unreadable-1/../../x", '
        b'"outcome": {"games": "many", "lost": [{"game": 3}]}}',
    ],
)
def test_a_damaged_marker_still_has_the_file_mended(
    tmp_path: Path, damaged: bytes, uncut: tuple[Saved, int, int], marker: bytes
) -> None:
    rescued, _steps, _renames = uncut
    db = placed(tmp_path / "games", damaged)
    db.with_name("tableside.db.repair.json").write_bytes(marker)
    assert_finished_whole(db, damaged, rescued)


def test_a_marker_damaged_after_the_file_was_set_aside_finds_it_again(
    tmp_path: Path, damaged: bytes, uncut: tuple[Saved, int, int]
) -> None:
    """Cut short just before the new file goes in place (the last rename), then the
    marker naming the file set aside is damaged: the latest file set aside is used."""
    rescued, _steps, renames = uncut
    db = placed(tmp_path / "games", damaged)
    cut = opened_in_a_child(db, "rename", str(renames))
    assert cut.returncode == -signal.SIGKILL and not db.exists()
    db.with_name("tableside.db.repair.json").write_bytes(b"{garbage")
    assert_finished_whole(db, damaged, rescued)


def test_a_rescue_stopped_by_a_full_storage_shows_the_games_and_is_finished_later(
    tmp_path: Path, damaged: bytes, uncut: tuple[Saved, int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    from app.storage import rescue

    rescued, _steps, _renames = uncut
    db = placed(tmp_path / "games", damaged)

    def full(*_args: object) -> None:
        raise sqlite3.OperationalError("database or disk is full")

    monkeypatch.setattr(rescue, "salvage", full)
    store = Store.open(db)
    assert store.saving_paused is not None and store.saving_paused.kind == "full"
    assert store.notice is not None and "could not be finished" in store.notice
    assert "The storage is full" in store.notice
    # The damaged original, kept aside, is shown as it is; nothing can be saved yet.
    assert {s.id for s in store.sessions()} >= set(rescued)
    with pytest.raises(StorageFault):
        store.add_player("Bo")
    store.close()
    monkeypatch.undo()
    assert_finished_whole(db, damaged, rescued)


# -- what the person is told --------------------------------------------------------------------


def test_the_games_that_did_not_come_across_whole_are_named(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    moves = many_games(db)
    events, sessions = pages_of(db, "events"), pages_of(db, "sessions")
    damage_page(db, events[len(events) // 2])  # some moves of a game or two
    damage_page(db, sessions[0])  # some games' own rows

    store = Store.open(db)
    notice = store.notice or ""
    came = {s.id: s.event_count for s in store.sessions()}
    store.close()
    short = [game for game in moves if game in came and came[game] < moves[game]]
    gone = [game for game in moves if game not in came]
    assert short and gone
    assert "These could not be read whole: " in notice
    # By their game, players and start; how many of their moves were lost.
    assert "skogen with Ana, started " in notice and f"of its {moves[short[0]]} moves)" in notice
    assert "whose players and game could not be read" in notice
    shown = notice.count("skogen with Ana") + notice.count("whose players and game")
    if len(short) + len(gone) > shown:
        assert f"and {len(short) + len(gone) - shown} more games" in notice


def test_the_repair_says_how_far_it_has_got(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    many_games(db, games=60)
    damage_a_middle_page(db)
    store = Store.open(db, mend_now=False)
    assert store.needs_mending is not None and store.sessions() == []
    heard: list[tuple[float, str]] = []
    work = store.start_mending(lambda done, doing: heard.append((done, doing)), {})
    store.finish_mending(work())
    assert [doing for _done, doing in heard][:2] == [
        "Checking the saved games",
        "Rebuilding the file's indexes",
    ]
    copying = [done for done, doing in heard if doing.startswith("Copying")]
    assert copying == sorted(copying) and copying[0] == 0
    assert store.needs_mending is None and len(store.sessions()) > 40
    store.close()


# -- a broken index: damage the start-up's quick_check did not see ------------------------------


def index_flip(db: Path) -> bytes:
    """The file with one bit flipped in a leaf page of the moves' unique index (found by
    SQLite's dbstat table and the page size): the first bit, from the end of the first
    such page, with which ``quick_check`` still passes but reading a game's moves fails."""
    data = db.read_bytes()
    size = page_size(db)
    page = pages_of(db, "sqlite_autoindex_events_1")[0]
    trial = db.with_name("trial.db")
    for offset in range(page * size - 1, (page - 1) * size + 100, -1):
        for bit in range(8):
            flipped = bytearray(data)
            flipped[offset] ^= 1 << bit
            trial.write_bytes(bytes(flipped))
            if _passes_quick_check_but_reads_fail(trial):
                trial.unlink()
                return bytes(flipped)
    raise AssertionError("no such bit in the index")


def _passes_quick_check_but_reads_fail(db: Path) -> bool:
    with closing(sqlite3.connect(db)) as conn:
        try:
            if conn.execute("pragma quick_check").fetchall() != [("ok",)]:
                return False
            for (game,) in conn.execute("select id from sessions").fetchall():
                conn.execute(
                    "select seq, at, payload from events where session_id = ? order by seq",
                    [game],
                ).fetchall()
        except sqlite3.DatabaseError:
            return True
    return False


@pytest.fixture(scope="module")
def broken_index(tmp_path_factory: pytest.TempPathFactory) -> tuple[bytes, Saved]:
    """A file with a broken index, and every game and move it held before."""
    folder = tmp_path_factory.mktemp("index")
    db = folder / "tableside.db"
    many_games(db, games=12, moves=30)
    before = saved(db)
    return index_flip(db), before


def test_a_broken_index_is_rebuilt_at_the_start_with_no_game_set_aside(
    tmp_path: Path, broken_index: tuple[bytes, Saved]
) -> None:
    data, before = broken_index
    db = placed(tmp_path / "games", data)
    store = Store.open(db)  # with its check, as the app runs it after its first frame
    assert store.notice is not None and "It has been rebuilt" in store.notice
    store.close()
    assert saved(db) == before
    assert kept_aside(db.parent) == []


def test_a_read_that_meets_a_broken_index_is_damage_and_the_next_start_mends_it(
    tmp_path: Path, broken_index: tuple[bytes, Saved]
) -> None:
    """What the app meets when the start-up check misses the damage: Resume, Export or
    "Save as file" read the moves. The refusal says the file is repaired, and it is, at
    the latest by the next start (the app itself repairs it at once)."""
    data, before = broken_index
    db = placed(tmp_path / "games", data)
    store = Store.open(db, check=False)
    with pytest.raises(StorageFault) as refused:
        for game in before:
            store.events(game)
    assert refused.value.kind == "damaged" and "repairs it" in str(refused.value)
    store.close()
    assert saved(db) == before  # opened again, as after a restart, without its check
    assert kept_aside(db.parent) == []


def test_a_constraint_a_broken_index_breaks_is_damage_and_mended(tmp_path: Path) -> None:
    """An imported play's id that the index remembers wrongly: adding the play fails its
    unique constraint although no game has that id. That is damage, not a duplicate."""
    db = tmp_path / "tableside.db"
    store = Store.open(db)
    for uuid in ("uuid-AAAA", "uuid-CCCC"):
        store.add_finished_session("skogen", ["Ana"], "2026-01-01T10:00:00+00:00", "x", None, uuid)
    store.db.execute("pragma wal_checkpoint(truncate)")
    store.close()
    # In the games' own page (not the index's), the first play's id becomes uuid-BBBB.
    with closing(sqlite3.connect(db)) as conn:
        page = conn.execute("select rootpage from sqlite_master where name = 'sessions'")
        start = (page.fetchone()[0] - 1) * page_size(db)
    data = bytearray(db.read_bytes())
    at = data.index(b"uuid-AAAA", start, start + page_size(db))
    data[at : at + 9] = b"uuid-BBBB"
    db.write_bytes(bytes(data))

    store = Store.open(db, check=False)
    with pytest.raises(StorageFault) as refused:
        store.add_finished_session(
            "skogen", ["Bo"], "2026-02-01T10:00:00+00:00", "x", None, "uuid-AAAA"
        )
    assert refused.value.kind == "damaged"
    store.close()
    store = Store.open(db, check=False)
    assert [s.external_id for s in store.sessions()] == ["uuid-CCCC", "uuid-BBBB"]
    store.add_finished_session(
        "skogen", ["Bo"], "2026-02-01T10:00:00+00:00", "x", None, "uuid-AAAA"
    )
    store.close()
    assert kept_aside(tmp_path) == []


def test_a_real_duplicate_is_still_refused_as_one(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    store.add_finished_session("skogen", ["Ana"], "2026-01-01T10:00:00+00:00", "x", None, "u-1")
    with pytest.raises(sqlite3.IntegrityError):
        store.add_finished_session("skogen", ["Bo"], "2026-01-02T10:00:00+00:00", "x", None, "u-1")
    assert store.needs_mending is None and store.saving_paused is None
    store.close()
    assert not os.path.exists(tmp_path / "tableside.db.repair.json")


# -- what is copied ------------------------------------------------------------------------------


#: Enough moves for two levels of interior pages in their table.
BIG_GAMES, BIG_MOVES = 160, 120


@pytest.fixture(scope="module")
def big_file(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    from app.tools.rescue_bench import build

    db = tmp_path_factory.mktemp("big") / "tableside.db"
    build(db, BIG_GAMES, BIG_MOVES)
    return db.read_bytes()


def readable_one_by_one(db: Path) -> tuple[set[int], list[tuple[Any, ...]]]:
    """The games and moves that can be read, each row looked up by itself (the slow way
    the rescue used to take): every one of them must come across."""
    games, moves = set(), []
    with closing(sqlite3.connect(f"{db.as_uri()}?mode=ro", uri=True)) as conn:
        for rowid in range(1, BIG_GAMES + 1):
            try:
                if conn.execute("select * from sessions where rowid = ?", [rowid]).fetchone():
                    games.add(rowid)
            except sqlite3.DatabaseError:
                pass
        for rowid in range(1, BIG_GAMES * BIG_MOVES + 1):
            try:
                row = conn.execute(
                    "select session_id, seq, payload, at from events not indexed where rowid = ?",
                    [rowid],
                ).fetchone()
            except sqlite3.DatabaseError:
                continue
            if row is not None and row[0] in games:
                moves.append(row)
    return games, moves


@pytest.mark.parametrize(
    ("name", "kind"),
    [("events", "leaf"), ("events", "internal"), ("sessions", "leaf")],
)
def test_every_row_that_can_be_read_comes_across(
    tmp_path: Path, big_file: bytes, name: str, kind: str
) -> None:
    db = placed(tmp_path / "games", big_file)
    with closing(sqlite3.connect(db)) as conn:
        [(root,)] = conn.execute("select rootpage from sqlite_master where name = ?", [name])
    pages = [page for page in pages_of(db, name, kind) if page != root]
    # Not the root (nothing could then be read), nor the last (rows must follow it).
    damage_page(db, pages[len(pages) // 3])
    games, moves = readable_one_by_one(db)
    assert games and 0 < len(moves) < BIG_GAMES * BIG_MOVES  # some, not all, lost
    store = Store.open(db)
    came = store.db.execute("select session_id, seq, payload, at from events order by rowid")
    assert {s.id for s in store.sessions()} == games
    assert came.fetchall() == moves
    store.close()


def test_the_claim_holds_after_a_repair_puts_a_new_file_in_place(tmp_path: Path) -> None:
    """Review R6: the claim covered the file set aside, so with the lock file deleted a
    second copy started on the new one and both saved moves."""
    db = tmp_path / "tableside.db"
    many_games(db)
    damage_page(db, pages_of(db, "sessions")[0])
    store = Store.open(db)  # mended as it opens: a new file built in its place
    assert kept_aside(tmp_path)
    db.with_name("tableside.db.lock").unlink()  # a person tidying the folder

    second = open_elsewhere(db)

    assert second.returncode != 0 and "already running" in second.stderr
    store.add_player("Camille")  # the first goes on saving
    store.close()
    assert open_elsewhere(db).returncode == 0
