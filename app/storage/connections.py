"""Connections to the saved-games file: for writing (brought to the current schema),
read-only (for a file that may be damaged or on storage that cannot be written), in
memory, and SQLite's check of the whole file."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import sqlite_utils

from app.storage.faults import is_damage
from app.storage.schema import SCHEMA_VERSION, prepare, stored_version
from app.storage.values import lenient_text

#: How long a write waits for another connection before calling the file busy.
BUSY_TIMEOUT_S = 2.0


class UnusableDatabase(Exception):
    """The file is not a Tableside database this version can use; the message says why."""


def memory() -> sqlite_utils.Database:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.text_factory = lenient_text
    return sqlite_utils.Database(conn)


def read_only(path: Path) -> sqlite3.Connection:
    """A connection that writes nothing. A WAL file needs its "-shm" companion, which
    read-only storage may not let SQLite make: then, if no unsaved "-wal" content is
    waiting, the file is read as immutable (safe: nothing else can write to it)."""
    uri = path.resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
    try:
        conn.execute("select count(*) from sqlite_master").fetchone()
    except sqlite3.OperationalError:
        conn.close()
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
        conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
    conn.text_factory = lenient_text
    return conn


def connect(path: Path) -> sqlite_utils.Database:
    """Open the file for writing and bring it to the current schema. UnusableDatabase
    for damage or a newer version; sqlite3.Error or OSError for anything transient."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    conn.text_factory = lenient_text
    try:
        db = sqlite_utils.Database(conn)
        version = stored_version(conn)
        if version is not None and version > SCHEMA_VERSION:
            raise UnusableDatabase("they were saved by a newer version of Tableside")
        return prepare(db)
    except sqlite3.Error as error:
        conn.close()
        if is_damage(error):
            raise UnusableDatabase("the file is damaged or is not a Tableside database") from error
        raise
    except UnusableDatabase:
        conn.close()
        raise


def check_whole(db: sqlite_utils.Database) -> None:
    """SQLite's ``quick_check``: O(N), enough to find damaged pages and records. Damage
    raises UnusableDatabase (and closes the connection), other faults sqlite3.Error."""
    try:
        result = db.execute("pragma quick_check").fetchall()
    except sqlite3.Error as error:
        if not is_damage(error):
            raise
        result = [(str(error),)]
    if result != [("ok",)]:
        db.close()
        raise UnusableDatabase("the file is damaged")
