"""The tables of the saved-games file, its version number, and the migrations that bring
a file written by an older Tableside up to date, keeping its data."""

from __future__ import annotations

import sqlite3
from typing import Any

import sqlite_utils

#: 2: sessions.external_id, the uuid of an imported play. 3: sessions.time_checked and
#: sessions.clock_start (see SavedSession).
SCHEMA_VERSION = 3


def stored_version(conn: sqlite3.Connection) -> int | None:
    """The schema version the file says it has (reading page 1: a file that is not a
    database fails here), or None when it has none or it is unreadable."""
    tables = {row[0] for row in conn.execute("select name from sqlite_master")}
    if "meta" not in tables:
        return None
    row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    return _as_version(row[0]) if row else None


def _as_version(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def read_schema_version(db: sqlite_utils.Database) -> int | None:
    row = db.execute("select value from meta where key = 'schema_version'").fetchone()
    return _as_version(row[0]) if row else None


def prepare(db: sqlite_utils.Database) -> sqlite_utils.Database:
    """Set the durability pragmas and create any missing table."""
    db.execute("pragma journal_mode = wal")
    db.execute("pragma synchronous = full")
    db.execute("pragma foreign_keys = on")
    with db.atomic():
        db.table("meta").create({"key": str, "value": str}, pk="key", if_not_exists=True)
        db.table("players").create(
            {"id": int, "name": str, "created": str}, pk="id", not_null={"name"}, if_not_exists=True
        )
        db.table("sessions").create(
            {
                "id": int,
                "game": str,
                "config": str,
                "seed": int,
                "players": str,
                "status": str,
                "started": str,
                "updated": str,
                "ended": str,
                "outcome": str,
                "external_id": str,
                "time_checked": int,
                "clock_start": str,
            },
            pk="id",
            not_null={"game", "config", "seed", "players", "status", "started", "updated"},
            if_not_exists=True,
        )
        db.table("events").create(
            {"session_id": int, "seq": int, "payload": str, "at": str},
            pk=("session_id", "seq"),
            foreign_keys=[("session_id", "sessions", "id")],
            not_null={"payload", "at"},
            if_not_exists=True,
        )
        db.table("settings").create({"key": str, "value": str}, pk="key", if_not_exists=True)
        # What the table is still owed in a game being played (app.storage.owed): one
        # row a game, the moment it belongs to and its JSON. Older releases ignore it.
        db.table("owed").create(
            {"session_id": int, "seq": int, "data": str},
            pk="session_id",
            foreign_keys=[("session_id", "sessions", "id")],
            not_null={"seq", "data"},
            if_not_exists=True,
        )
        # What each move told the table (app.storage.owed), for the story a phone at the
        # table reads: a row a move, by the number of events up to it. Older releases
        # ignore it; games saved by them have no story before it.
        db.table("told").create(
            {"session_id": int, "seq": int, "data": str},
            pk=("session_id", "seq"),
            foreign_keys=[("session_id", "sessions", "id")],
            not_null={"data"},
            if_not_exists=True,
        )
        db.table("component_profiles").create(
            {"game": str, "data": str, "updated": str}, pk="game", if_not_exists=True
        )
        db.execute(
            "insert or ignore into meta (key, value) values ('schema_version', ?)",
            [str(SCHEMA_VERSION)],
        )
        _migrate(db)
    return db


def _migrate(db: sqlite_utils.Database) -> None:
    """Bring a file written by an older Tableside up to SCHEMA_VERSION, keeping its data.
    Each step checks what is there, so an unreadable version number (None) is safe."""
    version = read_schema_version(db)
    columns = db.table("sessions").columns_dict
    if "external_id" not in columns:
        db.execute("alter table sessions add column external_id text")
    # NULL in rows saved before: their time counts as checked (SavedSession).
    for column, kind in (("time_checked", "integer"), ("clock_start", "text")):
        if column not in columns:
            db.execute(f"alter table sessions add column {column} {kind}")
    # A unique index: an imported play can never be stored twice (NULLs do not clash).
    db.execute("create unique index if not exists sessions_external_id on sessions (external_id)")
    if version is not None and version < SCHEMA_VERSION:
        db.execute("update meta set value = ? where key = 'schema_version'", [str(SCHEMA_VERSION)])
