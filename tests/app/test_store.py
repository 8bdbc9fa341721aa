import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from app.storage.location import default_path
from app.storage.schema import SCHEMA_VERSION
from app.storage.store import Store


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


def test_home_reads_only_the_unfinished_games(
    db_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Home asks at every visit: a season of finished games must not be read for it."""
    from app.storage import sessions

    store = Store.open(db_path)
    for _ in range(200):
        store.add_finished_session("skogen", ["Ana"], "2026-01-01T10:00:00+00:00", "x", None)
    unfinished = store.start_session("skogen", {}, 1, ["Bo"])
    read: list[int] = []
    reader = sessions._read_session
    monkeypatch.setattr(sessions, "_read_session", lambda row: read.append(1) or reader(row))
    assert [s.id for s in store.unfinished_sessions("skogen")] == [unfinished]
    assert [s.id for s in store.unfinished_sessions()] == [unfinished]
    assert len(read) == 2
    store.close()


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


VERSION_1_SCHEMA = """
create table meta (key text primary key, value text);
create table players (id integer primary key, name text not null, created text);
create table sessions (
    id integer primary key, game text not null, config text not null, seed integer not null,
    players text not null, status text not null, started text not null,
    updated text not null, ended text, outcome text
);
create table events (
    session_id integer references sessions(id), seq integer, payload text not null,
    at text not null, primary key (session_id, seq)
);
create table settings (key text primary key, value text);
create table component_profiles (game text primary key, data text, updated text);
insert into meta values ('schema_version', '1');
insert into players (name, created) values ('Ana', '2026-11-30T10:00:00+00:00');
insert into sessions (game, config, seed, players, status, started, updated, ended, outcome)
values ('skogen', '{}', 5, '["Ana"]', 'finished', '2026-11-30T10:00:00+00:00',
        '2026-11-30T11:00:00+00:00', '2026-11-30T11:00:00+00:00',
        '{"result": "scored", "reason": "Ana wins."}');
insert into events values (1, 1, '{"type": "undo"}', '2026-11-30T10:30:00+00:00');
"""


def test_an_old_game_saved_on_a_1970_clock_is_marked_time_not_checked(db_path: Path) -> None:
    """Review R8: the rule new games follow holds for games saved before times were
    checked; a play imported then (no moves) keeps BG Stats' own time."""
    db_path.parent.mkdir(parents=True)
    old = sqlite3.connect(db_path)
    old.executescript(VERSION_1_SCHEMA.replace("2026-11-30", "1970-01-01"))
    old.execute(
        "insert into sessions (game, config, seed, players, status, started, updated, ended,"
        " outcome) values ('skogen', '{}', 6, '[\"Bo\"]', 'finished', '2019-05-01T10:00:00"
        "+00:00', '2019-05-01T11:00:00+00:00', '2019-05-01T11:00:00+00:00', '{}')"
    )
    old.commit()
    old.close()

    store = Store.open(db_path)

    on_1970, imported = sorted(store.sessions(), key=lambda s: s.seed)
    assert on_1970.started.startswith("1970") and not on_1970.time_checked
    assert imported.event_count == 0 and imported.time_checked


def test_a_version_1_database_is_migrated_keeping_its_data(db_path: Path) -> None:
    db_path.parent.mkdir(parents=True)
    old = sqlite3.connect(db_path)
    old.executescript(VERSION_1_SCHEMA)
    old.close()

    store = Store.open(db_path)

    assert store.notice is None
    assert SCHEMA_VERSION == 3
    version = store.db.execute("select value from meta where key = 'schema_version'").fetchone()
    assert version == ("3",)
    assert [p.name for p in store.players()] == ["Ana"]
    [kept] = store.sessions()
    assert (kept.game, kept.seed, kept.players) == ("skogen", 5, ("Ana",))
    assert kept.outcome == {"result": "scored", "reason": "Ana wins."}
    assert kept.external_id is None
    assert kept.time_checked and kept.clock_start is None  # saved before clocks were checked
    assert store.events(kept.id) == [{"type": "undo"}]
    # The new column works, and opening again changes nothing.
    added = store.add_finished_session(
        "skogen",
        ["Ana"],
        "2026-02-01T10:00:00+00:00",
        "2026-02-01T11:00:00+00:00",
        {"result": "scored", "reason": "Imported."},
        external_id="abc",
    )
    store.close()
    again = Store.open(db_path)
    assert again.notice is None
    assert again.session(added).external_id == "abc"
    assert len(again.sessions()) == 2


def test_an_imported_game_is_finished_and_its_external_id_unique(db_path: Path) -> None:
    store = Store.open(db_path)
    session_id = store.add_finished_session(
        "chickwood",
        ["Ana", "Bo"],
        "2026-02-01T10:00:00+00:00",
        "2026-02-01T11:00:00+00:00",
        {"result": "scored", "reason": "Ana won.", "winners": ["Ana"]},
        external_id="uuid-1",
    )
    saved = store.session(session_id)
    assert saved.status == "finished"
    assert (saved.started, saved.ended, saved.updated) == (
        "2026-02-01T10:00:00+00:00",
        "2026-02-01T11:00:00+00:00",
        "2026-02-01T11:00:00+00:00",
    )
    assert saved.config is None and saved.seed == 0 and saved.event_count == 0
    assert saved.outcome["winners"] == ["Ana"]
    with pytest.raises(sqlite3.IntegrityError):
        store.add_finished_session(
            "chickwood",
            ["Bo"],
            "2026-03-01T10:00:00+00:00",
            "2026-03-01T10:00:00+00:00",
            None,
            external_id="uuid-1",
        )
    # Games without an external id never clash.
    store.add_finished_session("skogen", ["Bo"], "2026-03-01T10:00:00+00:00", "x", None)
    store.add_finished_session("skogen", ["Bo"], "2026-03-02T10:00:00+00:00", "x", None)
    assert len(store.sessions()) == 3


def test_logged_events_keep_their_numbers_and_times(db_path: Path) -> None:
    store = Store.open(db_path)
    session_id = store.start_session("pig", {}, 1, ["Ana"])
    store.append_event(session_id, {"type": "undo"})
    store.append_event(session_id, {"type": "action", "action": {"kind": "roll"}})
    logged = store.logged_events(session_id)
    assert [(e.seq, e.payload) for e in logged] == [
        (1, {"type": "undo"}),
        (2, {"type": "action", "action": {"kind": "roll"}}),
    ]
    assert all(e.at.endswith("+00:00") for e in logged)


def test_a_game_saved_on_a_clock_not_known_right_is_marked_until_its_date_is_set(
    db_path: Path,
) -> None:
    store = Store.open(db_path)
    checked = store.start_session("skogen", {}, 1, ["Ana"])
    store.clock_known_right = lambda: False
    from_the_start = store.start_session("skogen", {}, 2, ["Ana"])
    store.clock_known_right = lambda: True
    at_a_move = store.start_session("skogen", {}, 3, ["Ana"])
    store.append_event(at_a_move, {"type": "undo"})
    assert store.session(at_a_move).time_checked
    store.clock_known_right = lambda: False
    store.append_event(at_a_move, {"type": "undo"})
    store.finish_session(at_a_move, {"result": "scored", "reason": "Ana won."})

    assert store.session(checked).time_checked
    assert not store.session(from_the_start).time_checked
    assert not store.session(at_a_move).time_checked

    clock_start = store.session(at_a_move).started
    start = datetime(2026, 12, 5, 18, 30, tzinfo=UTC)
    store.set_date(at_a_move, start, start + timedelta(minutes=40))
    store.close()
    again = Store.open(db_path)  # committed
    saved = again.session(at_a_move)
    assert saved.time_checked
    assert (saved.started, saved.ended, saved.updated) == (
        "2026-12-05T18:30:00+00:00",
        "2026-12-05T19:10:00+00:00",
        "2026-12-05T19:10:00+00:00",
    )
    assert saved.clock_start == clock_start
    # Set again: the clock's own start is kept, the unfinished game keeps no end.
    again.set_date(from_the_start, start, start)
    again.set_date(at_a_move, start + timedelta(days=1), start + timedelta(days=1))
    assert again.session(at_a_move).clock_start == clock_start
    assert again.session(from_the_start).ended is None
    # Its start is known now: more moves on a clock not known right leave it checked.
    again.clock_known_right = lambda: False
    again.append_event(from_the_start, {"type": "undo"})
    assert again.session(from_the_start).time_checked
