"""A copy of the saved games a day: at most once a day, after a game ends, SQLite's online
backup of the file into a rotating set beside it (the last ``KEEP`` days, in a folder
``tableside.db.copies``), and onto a USB stick when one is mounted. A copy can be put back
in place of the saved games (``restore``), the file it replaces kept aside first.

The backup reads the file through its own connection in one pass. The saved games are in
WAL mode, where a reader never holds up a writer: a move saved meanwhile goes to the
write-ahead log and waits for nothing, and the copy is the file as it stood when the
copy began. (In steps, a backup starts again from the top whenever another connection
writes, and a busy evening could keep it from ever ending.) It runs off the UI thread
(the app's Background). Each copy is written under a temporary
name, synced, then renamed: a copy cut short by a pulled plug or a full card is never
listed, and the next copy clears it away.
"""

from __future__ import annotations

import os
import re
import sqlite3
from contextlib import closing
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path

from app.exchange.files import partial_name, sync_folder
from app.storage.schema import SCHEMA_VERSION

#: How many daily copies are kept, in each place.
KEEP = 7
#: The folder of copies on a USB stick.
STICK_FOLDER = "Tableside daily copies"

_NAME = re.compile(r"tableside-(\d{4}-\d{2}-\d{2})\.db")


@dataclass(frozen=True)
class DailyCopy:
    path: Path
    day: date
    size: int  # bytes


def day_words(day: date) -> str:
    """A copy's day as the screens say it: "Saturday 5 December 2026"."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def copies_folder(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".copies")


def copy_name(day: date) -> str:
    return f"tableside-{day.isoformat()}.db"


def copies(folder: Path) -> list[DailyCopy]:
    """The finished copies in ``folder``, newest first (a copy cut short is not one)."""
    found = []
    try:
        paths = list(folder.iterdir())
    except OSError:
        return []
    for path in paths:
        match = _NAME.fullmatch(path.name)
        if match is None:
            continue
        try:
            found.append(DailyCopy(path, date.fromisoformat(match[1]), path.stat().st_size))
        except (OSError, ValueError):
            continue
    return sorted(found, key=lambda copy: copy.day, reverse=True)


def due(db_path: Path, today: date) -> bool:
    """No copy has been made today."""
    return not (copies_folder(db_path) / copy_name(today)).exists()


def make_copy(db_path: Path, today: date, stick: Path | None = None) -> Path:
    """Copy the saved games at ``db_path`` as today's copy, keep the newest ``KEEP``, and
    (with ``stick``) put the copy on the stick too, keeping ``KEEP`` there. Returns the
    copy beside the file. sqlite3.Error or OSError (a full card, a stick pulled out)
    when a copy cannot be made: nothing half-written stays behind."""
    folder = copies_folder(db_path)
    folder.mkdir(exist_ok=True)
    copy = folder / copy_name(today)
    backup(db_path, copy)
    _keep_newest(folder)
    if stick is not None:
        on_stick = stick / STICK_FOLDER
        on_stick.mkdir(exist_ok=True)
        backup(copy, on_stick / copy.name)
        _keep_newest(on_stick)
    return copy


def backup(source: Path, target: Path) -> None:
    """SQLite's online backup of ``source`` into ``target``, through a temporary name,
    synced, then renamed into place."""
    partial = partial_name(target)
    partial.unlink(missing_ok=True)  # left by a copy cut short
    try:
        reading = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        writing = sqlite3.connect(partial)
        try:
            reading.backup(writing)  # in one pass: see above
            # A copy is one file to carry: the backup wrote it as a rollback journal file
            # already, whatever journal mode the source uses.
            writing.execute("pragma journal_mode=delete")
        finally:
            writing.close()
            reading.close()
        with partial.open("rb") as written:
            os.fsync(written.fileno())
        os.replace(partial, target)
        sync_folder(target.parent)
    finally:
        partial.unlink(missing_ok=True)


def _keep_newest(folder: Path) -> None:
    for old in copies(folder)[KEEP:]:
        old.path.unlink(missing_ok=True)


def set_aside_name(db_path: Path, now: datetime) -> Path:
    """Where the saved games are kept when a copy is put back in their place."""
    return db_path.with_name(f"{db_path.name}.before-restore-{now:%Y%m%d-%H%M%S}")


def restore(db_path: Path, copy: Path, now: datetime) -> Path:
    """Put ``copy`` in place of the saved games at ``db_path``, which must be closed,
    keeping them aside first; returns where they are kept. On a failure (a full card,
    a copy that is not a database) the saved games are put back as they were and the
    error raised."""
    aside = set_aside_name(db_path, now)
    os.replace(db_path, aside)
    for suffix in ("-wal", "-shm"):  # none after a clean close; kept with the file if any
        companion = db_path.with_name(db_path.name + suffix)
        if companion.exists():
            os.replace(companion, aside.with_name(aside.name + suffix))
    try:
        backup(copy, db_path)
        with sqlite3.connect(db_path) as check:
            if check.execute("pragma quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("the copy is damaged")
    except (sqlite3.Error, OSError):
        db_path.unlink(missing_ok=True)
        os.replace(aside, db_path)
        for suffix in ("-wal", "-shm"):
            kept = aside.with_name(aside.name + suffix)
            if kept.exists():
                os.replace(kept, db_path.with_name(db_path.name + suffix))
        raise
    return aside


@dataclass(frozen=True)
class SetAside:
    """Saved games kept aside beside the file: by a repair (``.unreadable-``, also what an
    older Tableside does with a file a newer one wrote) or by putting a copy back."""

    path: Path
    games: int


#: The endings of the files kept aside beside the saved games.
SET_ASIDE = (".unreadable-", ".before-restore-")


def set_aside(db_path: Path, checked: bool = False) -> list[SetAside]:
    """The files kept aside beside ``db_path`` that hold games this version can read,
    newest first; with ``checked``, only those SQLite's quick check finds whole (a file a
    repair found damaged fails it), which takes a while for a large file."""
    found = []
    for path in sorted(db_path.parent.glob(f"{db_path.name}.*"), reverse=True):
        ending = path.name[len(db_path.name) :]
        if not ending.startswith(SET_ASIDE) or ending.endswith(("-wal", "-shm", ".partial")):
            continue
        games = _games_in(path, checked)
        if games is not None:
            found.append(SetAside(path, games))
    return found


def _games_in(path: Path, checked: bool) -> int | None:
    """How many games a file holds; None when it cannot be read (or, ``checked``, read
    whole) or is not saved games of this version (a newer schema)."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            if checked and db.execute("pragma quick_check").fetchone()[0] != "ok":
                return None
            version = db.execute("select value from meta where key = 'schema_version'")
            row = version.fetchone()
            if row is None or int(row[0]) > SCHEMA_VERSION:
                return None
            return int(db.execute("select count(*) from sessions").fetchone()[0])
    except (sqlite3.Error, OSError, ValueError):
        return None


def more_games_aside(db_path: Path, games_now: int) -> str | None:
    """Words for the start: a file kept aside holds more games than the saved games in
    use (an older Tableside set them aside when it met a file a newer one wrote, and
    started afresh); None when none does."""
    richer = [kept for kept in set_aside(db_path, checked=True) if kept.games > games_now]
    if not richer:
        return None
    best = max(richer, key=lambda kept: kept.games)
    return (
        f"Saved games kept aside earlier hold {best.games} games ({best.path.name}), more "
        f"than the {games_now} in use now. Settings, Saved games puts them back."
    )
