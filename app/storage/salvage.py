"""Everything that can still be read from a damaged file, copied into a new one, and the
games that did not come across whole.

Fast: SQLite copies a whole range of rows per statement (``INSERT ... SELECT`` from the
damaged file, attached read-only), and only a range that meets a damaged page is cut in
halves, down to single rows, so one bad page loses only its own rows. The rows are found
by their rowid in the table itself, never through an index of the damaged file, which
may be the damaged part.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import sqlite_utils

from app.storage.connections import read_only, read_only_uri
from app.storage.faults import unreadable
from app.storage.schema import SCHEMA_VERSION, prepare, stored_version
from app.storage.values import json_or_none

#: Copied in this order: events, what the table is owed and was told name their sessions.
TABLES = ("players", "settings", "component_profiles", "sessions", "events", "owed", "told")
#: Rows per statement: enough that SQLite, not Python, does the work (4,000 games'
#: 560,000 moves are some 140 statements), few enough that progress moves smoothly.
SPAN = 4096
#: Past a damaged page the next row cannot be looked for, only tried range by range: the
#: copy of a table stops after this many ranges in a row where nothing could be read or
#: found (some 65,000 rowids; one damaged interior page hides a few thousand).
BLIND_SPANS = 16
#: Seconds between two reports of progress: the screen needs no more.
REPORT_EVERY_S = 0.1

#: How far the work has gone (0 to 1) and what it is doing, in a player's words.
Progress = Callable[[float, str], None]

COPYING = "Copying every game that can still be read into a new file"


@dataclass(frozen=True)
class LostGame:
    """A game that did not come across whole."""

    #: Its game and players; None and () when its own row could not be read.
    game: str | None
    players: tuple[str, ...]
    #: When it started (ISO 8601), if that could be read.
    started: str | None
    #: How many moves it had, as far as the damaged file still tells, and how many of
    #: them could not be read.
    moves: int
    lost: int


@dataclass(frozen=True)
class Salvaged:
    games: int
    lost: tuple[LostGame, ...] = ()


def salvage(source: Path | None, into: Path, progress: Progress) -> Salvaged:
    """Make a new saved-games file at ``into`` with every row of ``source`` that can be
    read (none from a file a newer Tableside wrote: that one is kept whole, unread).
    Raises sqlite3.Error or OSError only for a fault of the storage, never for damage."""
    conn = sqlite3.connect(into.resolve().as_uri(), uri=True, isolation_level=None)
    try:
        prepare(sqlite_utils.Database(conn))
        # A half-built file is thrown away, never used: nothing needs to be durable until
        # it is complete (the caller then syncs it to the storage).
        conn.execute("pragma journal_mode = memory")
        conn.execute("pragma synchronous = off")
        conn.execute("pragma foreign_keys = off")  # events without a session are left out below
        salvaged = _Copy(conn, progress).run() if source and _attach(conn, source) else Salvaged(0)
        # As the app keeps its file, so that opening it writes nothing on the UI thread.
        conn.execute("pragma journal_mode = wal")
        return salvaged
    finally:
        conn.close()


def _attach(conn: sqlite3.Connection, source: Path) -> bool:
    """Attach ``source`` as "old", unless it cannot be opened or a newer Tableside wrote it."""
    try:
        with closing(read_only(source)) as old:
            version = stored_version(old)
    except sqlite3.Error:
        version = None  # page 1 itself is damaged: the tables may still be found below
    if version is not None and version > SCHEMA_VERSION:
        return False
    try:
        conn.execute("attach database ? as old", [read_only_uri(source)])
        conn.execute("select count(*) from old.sqlite_master").fetchone()
    except sqlite3.Error as error:
        if not unreadable(error):
            raise
        return False
    return True


class _Copy:
    def __init__(self, conn: sqlite3.Connection, progress: Progress) -> None:
        self.conn = conn
        self.progress = progress
        self.reported = 0.0
        # Progress goes by rowids: in these tables they run from 1 with few gaps.
        self.tops = {table: self._top(table) for table in TABLES}
        self.total = sum(max(top or 0, 0) for top in self.tops.values()) or 1
        self.done = 0

    def run(self) -> Salvaged:
        self.progress(0.0, COPYING)
        for table in TABLES:
            self._table(table)
        games = self.conn.execute("select count(*) from main.sessions").fetchone()[0]
        return Salvaged(games, tuple(self._lost_games()))

    def _top(self, table: str) -> int | None:
        """The highest rowid in ``table`` of the old file; None when it cannot be read."""
        found = self._optional(f"select max(rowid) from old.{table}")
        return None if not found or found[0][0] is None else int(found[0][0])

    def _optional(self, query: str, params: tuple[int, ...] = ()) -> list[tuple[Any, ...]]:
        """What ``query`` finds in the old file; nothing where it is damaged or has no
        such table or index (an older or damaged list of them)."""
        try:
            return self.conn.execute(query, params).fetchall()
        except sqlite3.OperationalError as error:
            if "no such" not in str(error):
                raise
        except sqlite3.Error as error:
            if not unreadable(error):
                raise
        return []

    def _table(self, table: str) -> None:
        columns = [row[1] for row in self.conn.execute(f"pragma main.table_info({table})")]
        present = {row[1] for row in self._optional(f"pragma old.table_info({table})")}
        if not present:
            return  # a file from before this table, or its description is damaged
        # A column an older Tableside did not have comes across empty.
        chosen = ", ".join(c if c in present else "null" for c in columns)
        # A move whose game did not come across cannot be shown: it stays in the old file.
        named = table in ("events", "owed", "told")
        keep = " and session_id in (select id from main.sessions)" if named else ""
        insert = (
            f"insert or ignore into main.{table} ({', '.join(columns)}) "
            f"select {chosen} from old.{table} not indexed where rowid {{rows}}{keep}"
        )
        find_next = f"select min(rowid) from old.{table} not indexed where rowid > ?"
        top, after, blind = self.tops[table], -(2**63), 0
        while blind < BLIND_SPANS:
            try:
                first = self.conn.execute(find_next, [after]).fetchone()[0]
                if first is None:
                    break  # no row after
                blind = 0
            except sqlite3.Error as error:
                if not unreadable(error):
                    raise
                first = max(after + 1, 1)  # the next rows are past a damaged page
                blind += 1
            after = int(first) + SPAN - 1
            if self._copy(insert, int(first), after):
                blind = 0
            if top is not None:
                self._report(self.done + min(max(after, 0), top))
                if after >= top:
                    break
        self.done += max(top or 0, 0)

    def _copy(self, insert: str, low: int, high: int) -> int:
        """Copy the rows with rowids from ``low`` to ``high``: all at once, or in halves
        when some cannot be read (a statement that fails copies nothing). A row alone is
        looked up by itself: a range also reads the row after its end, which may be the
        first of a damaged page."""
        try:
            if low == high:
                return int(self.conn.execute(insert.format(rows="= ?"), [low]).rowcount)
            return int(
                self.conn.execute(insert.format(rows="between ? and ?"), [low, high]).rowcount
            )
        except sqlite3.Error as error:
            if not unreadable(error):
                raise
        if low == high:
            return 0
        middle = (low + high) // 2
        return self._copy(insert, low, middle) + self._copy(insert, middle + 1, high)

    def _report(self, done: int) -> None:
        now = time.monotonic()
        if now - self.reported >= REPORT_EVERY_S:
            self.reported = now
            self.progress(min(done / self.total, 1.0), COPYING)

    # -- what did not come across --------------------------------------------------------

    def _lost_games(self) -> list[LostGame]:
        """The games the old file still knows of (its indexes list every game and move,
        even where a table's page is damaged) that are missing here, or missing moves."""
        # Each game's number of moves by the old file's index of moves, and every game's
        # id by its index of imported plays (which holds a row for every game).
        expected: dict[int, int] = dict(
            self._optional(
                "select session_id, count(*) from old.events "
                "indexed by sqlite_autoindex_events_1 group by session_id"
            )
        )
        listed = {row[0] for row in self._optional(_GAME_IDS)} | set(expected)
        came: dict[int, tuple[int, int]] = {
            session: (count, top)
            for session, count, top in self.conn.execute(
                "select session_id, count(*), max(seq) from main.events group by session_id"
            )
        }
        lost = []
        for session, game, players, started in self.conn.execute(
            "select id, game, players, started from main.sessions order by id"
        ):
            listed.discard(session)
            count, top = came.get(session, (0, 0))
            # Moves are numbered from 1 with no gaps: a gap is a move lost too.
            moves = max(expected.get(session, 0), top)
            if count < moves:
                names = json_or_none(players)
                if not (isinstance(names, list) and all(isinstance(n, str) for n in names)):
                    names = []
                lost.append(LostGame(str(game), tuple(names), started, moves, moves - count))
        for session in sorted(listed):
            # Its own row is lost; its first move may still tell when it began.
            first = self._optional(_FIRST_MOVE_TIME, (session,))
            started = first[0][0] if first and isinstance(first[0][0], str) else None
            moves = expected.get(session, 0)
            lost.append(LostGame(None, (), started, moves, moves))
        return lost


_GAME_IDS = "select id from old.sessions indexed by sessions_external_id"
_FIRST_MOVE_TIME = "select at from old.events where session_id = ? and seq = 1"
