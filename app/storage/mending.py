"""Damage found in the saved-games file, mended with as little change as will do, and
what the person is told.

First the file is checked again (a read may have failed for a moment only). Then its
indexes, which hold no data of their own, are rebuilt (REINDEX) and the file checked
once more, in one transaction kept only if the file is then whole: nothing else is
written. Only if that is not enough is the file set aside and a new one built from what
can still be read (app.storage.rescue), which also finishes a rescue cut short. Every
step runs on connections of its own, so the whole can run off the UI thread.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Mapping
from contextlib import closing
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from app.storage.connections import BUSY_TIMEOUT_S, is_whole, read_only
from app.storage.faults import counted, listed, unreadable
from app.storage.rescue import Marker, Rescued, read_marker, remove_marker, rescue, write_marker
from app.storage.salvage import LostGame, Progress
from app.storage.schema import SCHEMA_VERSION, stored_version

log = logging.getLogger("tableside.store")

CHECKING = "Checking the saved games"
REBUILDING = "Rebuilding the file's indexes"
#: The most lost games a notice names one by one (the log names them all).
NAMED_AT_MOST = 6

WHOLE = (
    "Part of your saved games could not be read a moment ago, but the whole file has been "
    "checked since and reads well: nothing needed repairing."
)
REBUILT = (
    "Part of the saved-games file was damaged: an index, which holds no games of its own "
    "but lets Tableside find them. It has been rebuilt, and every game is as it was."
)


@dataclass(frozen=True)
class Mended:
    #: What happened, in a player's words.
    notice: str
    #: The file was set aside and a new one built: games or moves may be missing.
    rescued: bool


def mend(path: Path, problem: str, progress: Progress, titles: Mapping[str, str]) -> Mended:
    """Mend the saved games at ``path`` (``problem``: why, in a player's words), saying
    how far it has got through ``progress``; ``titles`` names the games by their keys.
    Raises sqlite3.Error or OSError only for a fault of the storage (full, failing),
    leaving the marker for the next start to try again."""
    marker = read_marker(path)
    if marker is None:  # a restart mends the file if this is cut short
        write_marker(path, Marker(problem))
    elif marker.kept is None:
        problem = marker.problem
    if marker is None or marker.kept is None:  # no rescue under way: try less first
        in_place = _mend_in_place(path, progress)
        if in_place is not None:
            remove_marker(path)
            log.warning("saved games at %s: %s", path, in_place)
            return Mended(in_place, rescued=False)
    rescued = rescue(path, problem, progress)
    return Mended(_rescue_words(rescued, problem, titles), rescued=True)


def _mend_in_place(path: Path, progress: Progress) -> str | None:
    """The notice when the file is whole, or was made so by rebuilding its indexes; None
    when that is not enough (or the file is from a newer Tableside, and left alone)."""
    if not path.exists():
        return None
    progress(0.0, CHECKING)
    try:
        with closing(read_only(path)) as conn:
            version = stored_version(conn)
            if version is not None and version > SCHEMA_VERSION:
                return None
            if _whole(conn):
                return WHOLE
    except sqlite3.Error as error:
        if not unreadable(error):
            raise
    progress(0.0, REBUILDING)
    with closing(sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)) as conn:
        whole = False
        try:
            conn.execute("pragma synchronous = full")
            conn.execute("begin immediate")
            conn.execute("reindex")
            whole = _whole(conn)
        except sqlite3.Error as error:
            if not unreadable(error):
                raise
        if conn.in_transaction:
            conn.execute("commit" if whole else "rollback")
    return REBUILT if whole else None


def _whole(conn: sqlite3.Connection) -> bool:
    """The file passes ``integrity_check`` and every value of every row can be read."""
    if not is_whole(conn):
        return False
    tables = [row[0] for row in conn.execute("select name from sqlite_master where type = 'table'")]
    for table in tables:
        # Every value read whole (quote() reads all of it), inside SQLite: one statement
        # per table, during which the UI thread runs freely.
        columns = [row[1] for row in conn.execute(f"pragma table_info({_name(table)})")]
        every = " + ".join(f"length(quote({_name(column)}))" for column in columns) or "0"
        conn.execute(f"select sum({every}) from {_name(table)}").fetchone()
    return True


def _name(name: str) -> str:
    """A table's or column's name as SQL quotes it, whatever it holds."""
    return '"' + name.replace('"', '""') + '"'


# -- the words ----------------------------------------------------------------------------


def _rescue_words(rescued: Rescued, problem: str, titles: Mapping[str, str]) -> str:
    games = rescued.salvaged.games
    if rescued.resumed:
        said = (
            f"Your saved games could not be read ({problem}), and their repair was cut "
            "short last time; it has now been finished."
        )
    else:
        said = f"Your saved games could not be read ({problem})."
    started = (
        f"a new one was started with the {counted(games, 'game')} that could still be read"
        if games
        else "a new, empty one was started"
    )
    if rescued.kept is not None:
        said += (
            f" The old file was kept as {rescued.kept.name} in {rescued.kept.parent} and {started}."
        )
    else:
        said += f" {started[0].upper()}{started[1:]}."
    lost = [_lost_words(game, titles) for game in rescued.salvaged.lost]
    log.warning("rescued %d games from %s; not whole: %s", games, rescued.kept, lost or "none")
    if lost:
        named = lost[:NAMED_AT_MOST]
        if len(lost) > NAMED_AT_MOST:
            named.append(f"{counted(len(lost) - NAMED_AT_MOST, 'more game')}")
        said += f" These could not be read whole: {listed(named)}."
    return said


def _lost_words(game: LostGame, titles: Mapping[str, str]) -> str:
    started = _date(game.started)
    if game.game is None:
        what = f"a game started {started}" if started else "a game"
        moves = f" ({counted(game.moves, 'move')})" if game.moves else ""
        return f"{what} whose players and game could not be read{moves}"
    words = titles.get(game.game, game.game)
    if game.players:
        words += f" with {listed(list(game.players))}"
    if started:
        words += f", started {started}"
    if game.lost == game.moves:
        return f"{words} (none of its {counted(game.moves, 'move')})"
    return f"{words} ({game.lost} of its {counted(game.moves, 'move')})"


def _date(saved: str | None) -> str | None:
    """A saved time in the table's local time, "3 May 2026, 18:04"; None if unreadable."""
    if not isinstance(saved, str):
        return None
    try:
        moment = datetime.fromisoformat(saved).astimezone()
    except (ValueError, OverflowError):
        return None
    return f"{moment.day} {moment:%b %Y, %H:%M}"
