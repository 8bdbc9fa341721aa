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
    """A connection that writes nothing (see ``read_only_uri``)."""
    conn = sqlite3.connect(read_only_uri(path), uri=True, isolation_level=None)
    conn.text_factory = lenient_text
    return conn


def read_only_uri(path: Path) -> str:
    """The URI that opens ``path`` without writing to it. A WAL file needs its "-shm"
    companion, which read-only storage may not let SQLite make: then, if no unsaved
    "-wal" content is waiting, the file is read as immutable (safe: nothing else can write
    to it). sqlite3.Error when it cannot be opened at all."""
    uri = path.resolve().as_uri()
    probe = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
    try:
        probe.execute("select count(*) from sqlite_master").fetchone()
    except sqlite3.OperationalError:
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
        return f"{uri}?immutable=1"
    finally:
        probe.close()
    return f"{uri}?mode=ro"


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
    """SQLite's ``integrity_check``: every page and record, and every index against its
    table (``quick_check`` leaves that out, and a broken index then fails reads and
    writes later). Damage raises UnusableDatabase (and closes the connection), other
    faults sqlite3.Error."""
    if not is_whole(db.conn):
        db.close()
        raise UnusableDatabase("the file is damaged")


def is_whole(conn: sqlite3.Connection) -> bool:
    """``integrity_check`` passes; sqlite3.Error for a fault that is not damage."""
    try:
        return conn.execute("pragma integrity_check").fetchall() == [("ok",)]
    except sqlite3.Error as error:
        if not is_damage(error):
            raise
        return False
