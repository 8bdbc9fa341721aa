"""A damaged file set aside, never deleted, and every row that can still be read from it
copied into the fresh one that takes its place."""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from app.storage.connections import read_only
from app.storage.schema import SCHEMA_VERSION, stored_version


def move_aside(path: Path) -> Path:
    """Rename the file (and its WAL companions) out of the way; returns the new name."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 1
    while kept.exists():
        counter += 1
        kept = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
    path.rename(kept)
    for suffix in ("-wal", "-shm"):
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(kept.with_name(kept.name + suffix))
    return kept


#: Copied from a damaged file into the new one, in this order (events need sessions).
_RESCUED_TABLES = ("players", "settings", "component_profiles", "sessions", "events")


def rescue(damaged: Path, into: sqlite_utils.Database) -> int:
    """Copy every row that can still be read from a damaged file (a newer version's file
    is left alone); returns how many games came across. Row by row, so one unreadable
    page loses only its own rows."""
    try:
        source = read_only(damaged)
    except sqlite3.Error:
        return 0
    try:
        version = stored_version(source)
    except sqlite3.Error:
        version = None  # page 1 itself is damaged: the tables may still be found below
    if version is not None and version > SCHEMA_VERSION:
        source.close()
        return 0
    games = 0
    try:
        for table in _RESCUED_TABLES:
            columns = list(into.table(table).columns_dict)
            for row in _readable_rows(source, table, columns):
                try:
                    with into.atomic():
                        into.table(table).insert(
                            dict(zip(columns, row, strict=True)), replace=False
                        )
                except sqlite3.Error:
                    continue  # a row the new file's constraints refuse (a lost parent)
                games += table == "sessions"
    finally:
        source.close()
    return games


def _readable_rows(
    source: sqlite3.Connection, table: str, columns: list[str]
) -> Iterator[tuple[Any, ...]]:
    """The rows of ``table`` that can be read, in rowid order. Where a stretch cannot be
    read, rows are tried one by one past it; 1,000 misses in a row end the table."""
    try:
        present = {row[1] for row in source.execute(f"pragma table_info({table})")}
    except sqlite3.Error:
        return
    chosen = ", ".join(c if c in present else "null" for c in columns)
    after, misses = 0, 0
    while misses < 1000:
        try:
            rows = source.execute(
                f"select rowid, {chosen} from {table} where rowid > ? order by rowid limit 200",
                [after],
            ).fetchall()
        except sqlite3.Error:
            for rowid in range(after + 1, after + 201):
                try:
                    row = source.execute(
                        f"select {chosen} from {table} where rowid = ?", [rowid]
                    ).fetchone()
                except sqlite3.Error:
                    row = None
                if row is None:
                    misses += 1
                else:
                    misses = 0
                    yield row
            after += 200
            continue
        if not rows:
            return
        misses = 0
        for row in rows:
            yield tuple(row[1:])
        after = rows[-1][0]
