import sqlite3
from pathlib import Path

import pytest

from app.store import SCHEMA_VERSION, Store, default_path


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "data" / "tableside.db"


def test_default_location_can_be_overridden(monkeypatch: pytest.MonkeyPatch, db_path: Path) -> None:
    monkeypatch.setenv("TABLESIDE_DB", str(db_path))
    assert default_path() == db_path
    monkeypatch.delenv("TABLESIDE_DB")
    assert default_path().name == "tableside.db"
    assert "tableside" in str(default_path().parent)


def test_every_connection_uses_wal_and_full_sync(db_path: Path) -> None:
    store = Store.open(db_path)
    assert store.db.execute("pragma journal_mode").fetchone()[0] == "wal"
    assert store.db.execute("pragma synchronous").fetchone()[0] == 2  # FULL
    store.close()
    again = Store.open(db_path)
    assert again.db.execute("pragma synchronous").fetchone()[0] == 2
    assert again.notice is None


def test_an_appended_event_is_committed_when_append_returns(db_path: Path) -> None:
    store = Store.open(db_path)
    session_id = store.start_session("pig", {"target": 20}, 7, ["Ana", "Bo"])
    assert store.append_event(session_id, {"type": "action", "action": {"kind": "roll"}}) == 1
    assert store.append_event(session_id, {"type": "undo"}) == 2

    # A second, independent connection sees both events without the first closing.
    other = sqlite3.connect(db_path)
    rows = other.execute("select seq, payload from events order by seq").fetchall()
    assert [seq for seq, _ in rows] == [1, 2]
    assert store.events(session_id) == [
        {"type": "action", "action": {"kind": "roll"}},
        {"type": "undo"},
    ]


def test_unfinished_sessions_are_offered_for_resume(db_path: Path) -> None:
    store = Store.open(db_path)
    done = store.start_session("pig", {}, 1, ["Ana"])
    open_one = store.start_session("pig", {"target": 50}, 2, ["Bo"])
    other_game = store.start_session("skogen", {}, 3, ["Cy"])
    store.finish_session(done, {"result": "scored", "reason": "Ana reached 20."})
    store.close()

    reopened = Store.open(db_path)
    unfinished = reopened.unfinished_sessions()
    assert {s.id for s in unfinished} == {open_one, other_game}
    assert [s.id for s in reopened.unfinished_sessions("pig")] == [open_one]
    resumed = reopened.session(open_one)
    assert resumed.config == {"target": 50}
    assert resumed.seed == 2
    assert resumed.players == ("Bo",)
    finished = reopened.session(done)
    assert finished.status == "finished"
    assert finished.outcome["reason"] == "Ana reached 20."
    assert finished.ended is not None


def test_a_closed_session_takes_no_more_events(db_path: Path) -> None:
    store = Store.open(db_path)
    session_id = store.start_session("pig", {}, 1, ["Ana"])
    store.abandon_session(session_id)
    with pytest.raises(ValueError, match="no longer open"):
        store.append_event(session_id, {"type": "undo"})
    assert store.events(session_id) == []


def test_player_roster(db_path: Path) -> None:
    store = Store.open(db_path)
    ana = store.add_player("  Ana  ")
    store.add_player("bo")
    assert [p.name for p in store.players()] == ["Ana", "bo"]
    with pytest.raises(ValueError, match="already a player called ANA"):
        store.add_player("ANA")
    with pytest.raises(ValueError, match="Type a name"):
        store.add_player("   ")
    store.remove_player(ana.id)
    assert [p.name for p in store.players()] == ["bo"]


def test_component_profiles_are_stored_per_game(db_path: Path) -> None:
    store = Store.open(db_path)
    assert store.profile("chickwood") is None
    store.save_profile("chickwood", {"villages": [1, 2]})
    store.save_profile("chickwood", {"villages": [3]})
    assert store.profile("chickwood") == {"villages": [3]}


def test_settings_keep_their_values_across_restarts(db_path: Path) -> None:
    store = Store.open(db_path)
    assert store.setting("buzzer_muted", False) is False
    store.set_setting("buzzer_muted", True)
    store.close()
    assert Store.open(db_path).setting("buzzer_muted", False) is True


def _kept_files(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if ".unreadable-" in p.name)


def test_a_garbage_file_is_moved_aside_and_a_fresh_one_started(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    db_path.write_bytes(b"this is not a database, just some words" * 100)
    store = Store.open(db_path)

    kept = _kept_files(db_path.parent)
    assert len(kept) == 1
    assert kept[0].read_bytes().startswith(b"this is not a database")
    assert store.notice is not None
    assert kept[0].name in store.notice
    assert "new, empty one" in store.notice
    assert store.players() == []
    store.add_player("Ana")  # the fresh database works


def test_a_truncated_database_is_moved_aside(db_path: Path) -> None:
    store = Store.open(db_path)
    for n in range(200):
        store.add_player(f"Player {n}")
    store.db.execute("pragma wal_checkpoint(truncate)")
    store.close()
    data = db_path.read_bytes()
    db_path.write_bytes(data[: len(data) // 2])

    recovered = Store.open(db_path)
    assert recovered.notice is not None
    assert len(_kept_files(db_path.parent)) >= 1
    assert recovered.players() == []


def test_a_database_from_a_newer_version_is_kept_aside(db_path: Path) -> None:
    store = Store.open(db_path)
    store.add_player("Ana")
    store.db.execute("update meta set value = ? where key = 'schema_version'", [SCHEMA_VERSION + 1])
    store.close()

    reopened = Store.open(db_path)
    assert reopened.notice is not None and "newer version" in reopened.notice
    kept = [p for p in _kept_files(db_path.parent) if not p.name.endswith(("-wal", "-shm"))]
    assert len(kept) == 1
    old = sqlite3.connect(kept[0])
    assert old.execute("select name from players").fetchall() == [("Ana",)]


def test_an_unwritable_folder_falls_back_to_memory(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("a file where a folder should be")
    store = Store.open(blocker / "tableside.db")
    assert store.path is None
    assert store.notice is not None and "will not be kept" in store.notice
    store.add_player("Ana")
    assert [p.name for p in store.players()] == ["Ana"]
