"""Storage faults, told apart: only damage moves a file aside; a full, locked or read-only
storage renames nothing, refuses writes in words and saves again once the fault clears;
a second copy of the app is refused; one unreadable value stays in its row."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from app.play.play_session import PlaySession
from app.storage.faults import DamagedData, StorageFault
from app.storage.location import AlreadyOpen, CopyLock, default_path
from app.storage.store import Store
from engines import skogen
from tests.reliability.damage import damage_a_middle_page, many_games

needs_root = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="mounting a small disk needs root"
)


def set_aside(folder: Path) -> list[Path]:
    return [
        p
        for p in folder.iterdir()
        if ".unreadable-" in p.name and not p.name.endswith(("-wal", "-shm"))
    ]


def populated(path: Path, games: int = 3) -> list[int]:
    store = Store.open(path)
    store.add_player("Ana")
    ids = []
    for seed in range(games):
        play = PlaySession.start(store, skogen, None, seed, ["Ana", "Bo"])
        for _ in range(3):
            play.play(skogen.legal_actions(play.state)[0])
        ids.append(play.session_id)
    store.close()
    return ids


@pytest.fixture
def small_disk(tmp_path: Path) -> Iterator[Path]:
    """A 4 MB file system of its own, to fill up or make read-only."""
    mount = tmp_path / "disk"
    mount.mkdir()
    if subprocess.run(["mount", "-t", "tmpfs", "-o", "size=4m", "tmpfs", str(mount)]).returncode:
        pytest.skip("cannot mount a tmpfs here")
    try:
        yield mount
    finally:
        subprocess.run(["umount", "-l", str(mount)], check=False)


def fill(folder: Path) -> Path:
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as out:
        try:
            while True:
                out.write(b"\0" * 4096)
                out.flush()
        except OSError:
            pass
    return filler


# -- a full disk ---------------------------------------------------------------------------


@needs_root
def test_a_full_disk_pauses_saving_and_renames_nothing(small_disk: Path) -> None:
    db = small_disk / "tableside.db"
    [first, *_] = populated(db)
    filler = fill(small_disk)

    store = Store.open(db)
    assert set_aside(small_disk) == []
    assert store.notice is not None and "storage is full" in store.notice
    assert len(store.sessions()) == 3  # still shown
    play = PlaySession.resume(store, skogen, first)
    before = play.state
    with pytest.raises(StorageFault, match="storage is full") as refused:
        play.play(skogen.legal_actions(play.state)[0])
    assert refused.value.kind == "full"
    assert play.state == before and len(store.events(first)) == 3

    filler.unlink()  # the person frees some space: play goes on, in the same store
    play.play(skogen.legal_actions(play.state)[0])
    assert len(store.events(first)) == 4 and store.saving_paused is None
    store.close()


@needs_root
def test_the_disk_filling_up_during_play_refuses_the_move_only(small_disk: Path) -> None:
    db = small_disk / "tableside.db"
    [first, *_] = populated(db, games=1)
    store = Store.open(db)
    play = PlaySession.resume(store, skogen, first)
    filler = fill(small_disk)
    before = play.state
    # A move may still fit in pages SQLite holds free: keep going until the disk says no.
    with pytest.raises(StorageFault, match="Your saved games are safe"):
        for _ in range(2000):
            before = play.state
            play.play(skogen.legal_actions(play.state)[0])
    assert play.state == before
    saved = len(store.events(first))
    filler.unlink()
    play.play(skogen.legal_actions(play.state)[0])
    assert len(store.events(first)) == saved + 1
    store.close()


# -- read-only storage ------------------------------------------------------------------------


@needs_root
def test_read_only_storage_shows_the_games_and_saves_nothing(small_disk: Path) -> None:
    db = small_disk / "tableside.db"
    [first, *_] = populated(db)
    subprocess.run(["mount", "-o", "remount,ro", str(small_disk)], check=True)

    store = Store.open(db)
    assert store.notice is not None and "cannot be written" in store.notice
    assert set_aside(small_disk) == []
    assert [s.id for s in store.unfinished_sessions()] != []
    PlaySession.resume(store, skogen, first)
    with pytest.raises(StorageFault) as refused:
        store.add_player("Bo")
    assert refused.value.kind == "readonly"
    store.close()


def test_a_missing_folder_that_cannot_be_made_pauses_saving(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    store = Store.open(blocker / "tableside.db")
    assert store.notice is not None and "nothing new can be saved" in store.notice
    assert store.sessions() == []
    with pytest.raises(StorageFault):
        store.add_player("Ana")
    blocker.unlink()  # put right: the next write makes the folder and the file
    store.add_player("Ana")
    assert [p.name for p in store.players()] == ["Ana"]
    assert (blocker / "tableside.db").exists()


# -- a locked file ----------------------------------------------------------------------------


def test_a_file_locked_by_another_program_is_not_called_damaged(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    [first, *_] = populated(db)
    other = sqlite3.connect(db, isolation_level=None)
    other.execute("begin exclusive")  # another program holds the file

    store = Store.open(db)
    assert set_aside(tmp_path) == []
    assert store.notice is not None and "busy in another program" in store.notice
    with pytest.raises(StorageFault) as refused:
        store.add_player("Bo")
    assert refused.value.kind == "locked"

    other.execute("rollback")
    other.close()
    store.add_player("Bo")
    assert len(store.events(first)) == 3
    store.close()


# -- one copy per database ---------------------------------------------------------------------


def open_elsewhere(db: Path, then: str = "") -> subprocess.CompletedProcess[str]:
    """Another process opens the store (another copy of the app), then runs ``then``."""
    code = (
        "from pathlib import Path; from app.storage.store import Store; "
        f"Store.open(Path({str(db)!r}))"
    )
    return subprocess.run(
        [sys.executable, "-c", f"{code}; {then}"], capture_output=True, text=True, check=False
    )


def test_a_second_copy_is_refused_and_the_first_goes_on(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    first = Store.open(db)
    second = open_elsewhere(db)
    assert second.returncode != 0 and "AlreadyOpen" in second.stderr
    assert "already running" in second.stderr
    first.add_player("Ana")  # not disturbed
    first.close()
    assert open_elsewhere(db).returncode == 0  # once the first has closed, another may start


def test_the_claim_goes_with_the_process(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    assert open_elsewhere(db, "import os; os._exit(0)").returncode == 0  # dies holding it
    Store.open(db).close()


def test_a_deleted_lock_file_does_not_let_a_second_copy_in(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    first = Store.open(db)
    db.with_name("tableside.db.lock").unlink()  # a person tidying the folder

    second = open_elsewhere(db)

    assert second.returncode != 0 and "already running" in second.stderr
    with pytest.raises(AlreadyOpen):  # nor a second store in this process
        Store.open(db)
    first.add_player("Ana")
    first.close()
    assert open_elsewhere(db).returncode == 0


@pytest.fixture
def read_only_folder(tmp_path: Path) -> Iterator[Path]:
    """A folder holding saved games left by a pulled plug (the file with its "-wal" and
    "-shm"), no lock file, in which no file can be made: for a person, a folder without
    write permission; for root, whom permissions do not stop, a read-only view of it."""
    folder = tmp_path / "games"
    folder.mkdir()
    db = folder / "tableside.db"
    code = (
        "import os; from pathlib import Path; from app.storage.store import Store; "
        f"store = Store.open(Path({str(db)!r})); store.add_player('Ana'); os._exit(0)"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
    db.with_name("tableside.db.lock").unlink()
    names = {p.name for p in folder.iterdir()}
    assert names == {"tableside.db", "tableside.db-wal", "tableside.db-shm"}
    if os.geteuid() != 0:
        folder.chmod(0o555)
        yield folder
        folder.chmod(0o755)
        return
    view = tmp_path / "read-only view"
    view.mkdir()
    if subprocess.run(["mount", "--bind", "-o", "ro", str(folder), str(view)]).returncode:
        pytest.skip("cannot mount a read-only view here")
    try:
        yield view
    finally:
        subprocess.run(["umount", "-l", str(view)], check=False)


def test_a_read_only_folder_without_a_lock_file_still_lets_one_copy_in(
    read_only_folder: Path,
) -> None:
    db = read_only_folder / "tableside.db"
    first = CopyLock.claim(db)
    assert not db.with_name("tableside.db.lock").exists()  # none could be made

    second = open_elsewhere(db)

    assert second.returncode != 0 and "already running" in second.stderr
    first.release()
    assert open_elsewhere(db).returncode == 0


def test_a_second_store_in_one_process_is_refused_too(tmp_path: Path) -> None:
    first = Store.open(tmp_path / "tableside.db")
    with pytest.raises(AlreadyOpen):
        Store.open(tmp_path / "tableside.db")
    first.close()


def test_a_folder_named_as_the_database_means_the_file_inside(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TABLESIDE_DB", str(tmp_path))
    assert default_path() == tmp_path / "tableside.db"
    store = Store.open(tmp_path)
    store.add_player("Ana")
    store.close()
    assert (tmp_path / "tableside.db").is_file()


# -- damage stays in its row ----------------------------------------------------------------------


def spoil(db: Path, sql: str, *params: object) -> None:
    conn = sqlite3.connect(db, isolation_level=None)
    conn.execute(sql, params)
    conn.close()


@pytest.mark.parametrize(
    ("column", "value", "words"),
    [
        ("config", "{not json", "its options"),
        ("players", "[1, 2]", "its players"),
        ("players", b"\xff\xfe not utf-8", "its players"),
        ("status", "half-done", "whether it is over"),
        ("started", "yesterday-ish", "its start time"),
        ("outcome", "[1, 2, 3]", "its result"),
        ("seed", "seven", "its shuffle"),
        ("game", b"\xc3\x28", "its game"),
    ],
)
def test_a_bad_value_marks_its_session_and_hides_no_other(
    tmp_path: Path, column: str, value: object, words: str
) -> None:
    db = tmp_path / "tableside.db"
    first, second, third = populated(db)
    if isinstance(value, bytes):
        spoil(db, f"update sessions set {column} = cast(? as text) where id = ?", value, second)
    else:
        spoil(db, f"update sessions set {column} = ? where id = ?", value, second)

    store = Store.open(db)
    assert store.notice is None  # the file is sound: nothing set aside
    by_id = {s.id: s for s in store.sessions()}
    assert set(by_id) == {first, second, third}
    assert by_id[second].damage is not None and words in by_id[second].damage
    assert by_id[first].damage is None and by_id[third].damage is None
    assert second not in [s.id for s in store.unfinished_sessions()]
    assert {first, third} <= {s.id for s in store.unfinished_sessions()}
    raw = store.raw_session(second)
    assert raw["id"] == second and len(raw["events"]) == 3
    json.dumps(raw)  # exportable as it is
    store.close()


@pytest.mark.parametrize(
    "payload",
    ["{not json", "[1, 2]", "7", "[" * 5000 + "]" * 5000, b"\xff\xfe"],
    ids=["bad-json", "a-list", "a-number", "deep", "not-utf8"],
)
def test_an_unreadable_move_is_damaged_data(tmp_path: Path, payload: object) -> None:
    db = tmp_path / "tableside.db"
    first, second, _ = populated(db)
    if isinstance(payload, bytes):
        spoil(
            db,
            "update events set payload = cast(? as text) where session_id = ? and seq = 2",
            payload,
            second,
        )
    else:
        spoil(db, "update events set payload = ? where session_id = ? and seq = 2", payload, second)

    store = Store.open(db)
    with pytest.raises(DamagedData, match="1 saved move of this game cannot be read"):
        store.events(second)
    events, unreadable = store.readable_events(second)
    assert [e.seq for e in events] == [1, 3] and unreadable == [2]
    assert len(store.events(first)) == 3
    store.close()


def test_damaged_settings_profiles_and_version_fall_back_with_a_notice(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    store = Store.open(db)
    store.set_setting("buzzer_muted", True)
    store.save_profile("skulk_hollow", {"a": 1})
    store.close()
    spoil(db, "update settings set value = '{broken' where key = 'buzzer_muted'")
    spoil(db, "update component_profiles set data = 'nope' where game = 'skulk_hollow'")
    spoil(db, "update meta set value = 'two' where key = 'schema_version'")

    store = Store.open(db)
    assert store.notice is not None and "version number" in store.notice
    assert store.setting("buzzer_muted", False) is False
    assert store.profile("skulk_hollow") is None
    assert any("setting 'buzzer_muted'" in n for n in store.notices)
    assert any("skulk_hollow" in n for n in store.notices)
    store.set_setting("buzzer_muted", True)  # a new value mends it
    assert store.setting("buzzer_muted", False) is True
    store.close()
    assert Store.open(db).notice is None  # the marker was repaired


def test_a_setting_of_the_wrong_kind_is_its_default(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "tableside.db")
    store.set_setting("buzzer_muted", [1, 2])
    assert store.setting("buzzer_muted", False) is False
    store.close()


# -- real damage: the file is set aside and what can be read comes across ------------------------


def test_a_damaged_page_sets_the_file_aside_and_rescues_the_rest(tmp_path: Path) -> None:
    db = tmp_path / "tableside.db"
    moves = many_games(db)
    damage_a_middle_page(db)

    store = Store.open(db)
    assert len(set_aside(tmp_path)) == 1
    assert store.notice is not None and "could still be read" in store.notice
    assert [p.name for p in store.players()] == ["Ana"]
    rescued = store.sessions()
    assert 10 <= len(rescued) <= 30  # a damaged page holds at most a dozen games
    whole = [s for s in rescued if s.event_count == moves[s.id]]
    assert whole, "most games should come across whole"
    for saved in whole[:3]:
        PlaySession.resume(store, skogen, saved.id)
    store.close()


@pytest.mark.parametrize(
    "outcome",
    ['{"scores": 5}', '{"result": "won", "scores": [["Ana", "ten"]]}', '{"result": 3}', "[1]"],
)
def test_statistics_leave_out_a_game_whose_result_cannot_be_read(
    tmp_path: Path, outcome: str
) -> None:
    from app import stats

    store = Store.open(tmp_path / "tableside.db")
    good = store.add_finished_session(
        "skogen",
        ["Ana", "Bo"],
        "2026-01-01T10:00:00+00:00",
        "2026-01-01T11:00:00+00:00",
        {"result": "scored", "reason": "Ana wins.", "winners": ["Ana"], "scores": [["Ana", 9]]},
    )
    bad = store.add_finished_session(
        "skogen", ["Ana", "Bo"], "2026-01-02T10:00:00+00:00", "2026-01-02T11:00:00+00:00", {}
    )
    store.db.execute("update sessions set outcome = ? where id = ?", [outcome, bad])
    sessions = store.sessions()
    assert [s.id for s in stats.finished(sessions)] == [good]
    assert stats.scores(sessions, "skogen") == [9]
    assert stats.player_record(sessions, "Ana").played["skogen"] == 1
    store.close()
