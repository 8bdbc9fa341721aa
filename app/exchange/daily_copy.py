"""A copy of the saved games a day: at most once a day, after a game ends, SQLite's online
backup of the file into a rotating set beside it (the newest ``KEEP``, in a folder
``tableside.db.copies``), and onto a USB stick when one is mounted. A copy can be put back
in place of the saved games (``restore``), the file it replaces kept aside first.

Copies are numbered, newest highest, and named by their day and time too only when the
clock is known right (app.storage.clock_check): a Pi without a clock battery may start at
1970, or at a time saved long ago. So the newest copy is never the one rotated away, and
a copy dated wrongly keeps no slot. Whether a day has passed since the last copy (or the
last try, which failed) is judged by the clock only when it was known right both times;
otherwise by the seconds since the machine started (the monotonic clock, which no clock
setting moves), and after a restart with the clock unknown a copy is made again.

A copy is made only when it leaves at least ``ROOM_FACTOR`` times the file's size free on
the card, so the moves saved meanwhile always have room; a copy is checked (SQLite's
quick check) before it gets its name, so a copy listed is a whole one.

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

import json
import os
import re
import sqlite3
import time
from collections.abc import Callable
from contextlib import closing
from dataclasses import dataclass, field
from datetime import date, datetime
from pathlib import Path

from app.exchange.files import free_name, partial_name, sync_folder, written
from app.storage.clock_check import NOT_CHECKED
from app.storage.schema import SCHEMA_VERSION

#: How many daily copies are kept, in each place.
KEEP = 7
#: The folder of copies on a USB stick.
STICK_FOLDER = "Tableside daily copies"
#: A copy is made only if the card keeps this many times the saved games' size free.
ROOM_FACTOR = 2
#: The seconds from one copy, or one failed try, to the next.
A_DAY = 24 * 60 * 60
#: The kernel's id of this boot: the monotonic clock counts from it.
BOOT_ID = Path("/proc/sys/kernel/random/boot_id")
#: In the copies' folder: when the last copy was made or tried (``Moment``).
LAST_TRY = "last-try.json"
#: The key in the meta table of saved games put back from a copy, naming the file their
#: predecessor was set aside as: a restore the person chose, not to be offered back.
RESTORED_OVER = "restored_over"
#: The ending of the copy being put back, beside the saved games until it takes their place.
RESTORING = ".restoring"
#: Pages copied at a time when a copy is put back, between two reports of progress.
RESTORE_STEP = 256

_NAME = re.compile(r"tableside-(\d+)(?:-(\d{4}-\d{2}-\d{2}-\d{4}))?\.db")
#: Copies made before they were numbered, named by day only.
_DAY_NAME = re.compile(r"tableside-(\d{4}-\d{2}-\d{2})\.db")


class NoRoom(Exception):
    """A copy would leave the card (or stick) too full: said in a player's words."""


@dataclass(frozen=True)
class Moment:
    """When a copy is made or tried: the boot and the seconds since it (the monotonic
    clock), and the local time when the clock is known right (else None)."""

    boot: str
    since_boot: float
    local: datetime | None

    @staticmethod
    def now(clock_right: bool) -> Moment:
        try:
            boot = BOOT_ID.read_text().strip()
        except OSError:  # not Linux: every start counts as another boot
            boot = ""
        return Moment(boot, time.monotonic(), datetime.now() if clock_right else None)

    def a_day_after(self, last: Moment) -> bool:
        if self.local is not None and last.local is not None:
            return self.local.date() != last.local.date()
        if self.boot and self.boot == last.boot:
            return self.since_boot - last.since_boot >= A_DAY
        return True  # started again since, the clock unknown: how long ago is unknown


@dataclass(frozen=True)
class DailyCopy:
    path: Path
    number: int  # 0 for a copy made before copies were numbered
    made: datetime | None  # local time; None when the clock was not known right
    timed: bool  # ``made`` holds the hour and minute (not for copies named by day only)
    size: int  # bytes

    def when(self) -> str:
        """When it was made, as the screens say it: "Saturday 5 December 2026, 04:27"."""
        if self.made is None:
            return NOT_CHECKED
        day = day_words(self.made.date())
        return f"{day}, {self.made:%H:%M}" if self.timed else day


@dataclass(frozen=True)
class Game:
    """A game in a file of saved games, as far as telling one from another needs."""

    id: int
    started: str
    key: str  # which game (app.games)
    finished: bool
    # To name it by (not to tell it apart: a date set since leaves it the same game).
    players: tuple[str, ...] = field(default=(), compare=False)
    time_checked: bool = field(default=True, compare=False)


def day_words(day: date) -> str:
    """A copy's day as the screens say it: "Saturday 5 December 2026"."""
    return f"{day:%A} {day.day} {day:%B %Y}"


def copies_folder(db_path: Path) -> Path:
    return db_path.with_name(db_path.name + ".copies")


def copy_name(number: int, made: datetime | None) -> str:
    return f"tableside-{number:04d}" + (f"-{made:%Y-%m-%d-%H%M}" if made else "") + ".db"


def copies(folder: Path) -> list[DailyCopy]:
    """The finished copies in ``folder``, newest first (a copy cut short is not one)."""
    found = []
    try:
        paths = list(folder.iterdir())
    except OSError:
        return []
    for path in paths:
        try:
            copy = _read_name(path)
        except (OSError, ValueError):
            continue
        if copy is not None:
            found.append(copy)
    return sorted(found, key=lambda copy: (copy.number, copy.made or datetime.min), reverse=True)


def _read_name(path: Path) -> DailyCopy | None:
    if numbered := _NAME.fullmatch(path.name):
        made = datetime.strptime(numbered[2], "%Y-%m-%d-%H%M") if numbered[2] else None
        return DailyCopy(path, int(numbered[1]), made, True, path.stat().st_size)
    if by_day := _DAY_NAME.fullmatch(path.name):
        made = datetime.fromisoformat(by_day[1])
        return DailyCopy(path, 0, made, False, path.stat().st_size)
    return None


def due(db_path: Path, now: Moment) -> bool:
    """A day has passed since the last copy was made or tried (``Moment.a_day_after``)."""
    last = _last_try(copies_folder(db_path))
    return last is None or now.a_day_after(last)


def _last_try(folder: Path) -> Moment | None:
    """When the last copy was made or tried; None when never (or unreadable: as never)."""
    try:
        fields = json.loads((folder / LAST_TRY).read_text())
        local = fields["local"]
        return Moment(
            str(fields["boot"]),
            float(fields["since_boot"]),
            None if local is None else datetime.fromisoformat(local),
        )
    except (OSError, ValueError, TypeError, KeyError):
        return None


def _note_try(folder: Path, now: Moment) -> None:
    local = None if now.local is None else now.local.isoformat()
    with written(folder / LAST_TRY) as file:
        json.dump({"boot": now.boot, "since_boot": now.since_boot, "local": local}, file)


def make_copy(db_path: Path, now: Moment, stick: Path | None = None) -> Path:
    """Copy the saved games at ``db_path`` as the newest copy, keep the newest ``KEEP``,
    and (with ``stick``) put the copy on the stick too, keeping ``KEEP`` there. Returns
    the copy beside the file. The try is noted first: whether it fails or not, the next
    is a day later (``due``). NoRoom when the card (or stick) has too little room;
    sqlite3.Error or OSError (the saved games damaged, a stick pulled out) when a copy
    cannot be made otherwise: nothing half-written stays behind."""
    folder = copies_folder(db_path)
    folder.mkdir(exist_ok=True)
    _note_try(folder, now)
    size = sum(_size(db_path.with_name(db_path.name + end)) for end in ("", "-wal"))
    _check_room(folder, size + ROOM_FACTOR * size, "the card")
    copy = folder / copy_name(_next_number(folder), now.local)
    backup(db_path, copy)
    _keep_newest(folder)
    if stick is not None:
        on_stick = stick / STICK_FOLDER
        on_stick.mkdir(exist_ok=True)
        _check_room(on_stick, copy.stat().st_size, "the USB stick")
        backup(copy, on_stick / copy.name)
        _keep_newest(on_stick)
    return copy


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def _check_room(folder: Path, needed: int, where: str) -> None:
    stats = os.statvfs(folder)
    free = stats.f_bavail * stats.f_frsize
    if free < needed:
        raise NoRoom(
            f"There is too little free space on {where}: a copy needs "
            f"{needed / 1_000_000:.1f} MB free there and {free / 1_000_000:.1f} MB are."
        )


def _next_number(folder: Path) -> int:
    return max((copy.number for copy in copies(folder)), default=0) + 1


def backup(
    source: Path,
    target: Path,
    progress: Callable[[int, int], None] | None = None,
    finish: Callable[[sqlite3.Connection], None] | None = None,
) -> None:
    """SQLite's online backup of ``source`` into ``target``, through a temporary name,
    checked whole (quick check: sqlite3.DatabaseError if not), synced, then renamed into
    place. ``progress`` (pages done, of all) has it copied in steps, for a source nothing
    writes to (see above); ``finish`` changes the copy before it gets its name."""
    partial = partial_name(target)
    journal = partial.with_name(partial.name + "-journal")
    partial.unlink(missing_ok=True)  # left by a copy cut short
    try:
        reading = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        writing = sqlite3.connect(partial)
        try:
            if progress is None:
                reading.backup(writing)  # in one pass: see above
            else:
                reading.backup(
                    writing,
                    pages=RESTORE_STEP,
                    progress=lambda _status, left, total: progress(total - left, total),
                    sleep=0,
                )
            if writing.execute("pragma quick_check").fetchone()[0] != "ok":
                raise sqlite3.DatabaseError("the saved games copied are damaged")
            if finish is not None:
                with writing:
                    finish(writing)
            # A copy is one file to carry: the backup wrote it as a rollback journal file
            # already, whatever journal mode the source uses.
            writing.execute("pragma journal_mode=delete")
        finally:
            writing.close()
            reading.close()
        with partial.open("rb") as written_copy:
            os.fsync(written_copy.fileno())
        os.replace(partial, target)
        sync_folder(target.parent)
    finally:
        partial.unlink(missing_ok=True)
        journal.unlink(missing_ok=True)  # left when a write to the copy failed


def _keep_newest(folder: Path) -> None:
    for old in copies(folder)[KEEP:]:
        old.path.unlink(missing_ok=True)


def set_aside_name(db_path: Path, now: datetime) -> Path:
    """Where the saved games are kept when a copy is put back in their place: a name not
    taken yet (with "-2", "-3"... for a second restore in one second)."""
    return free_name(db_path.with_name(f"{db_path.name}.before-restore-{now:%Y%m%d-%H%M%S}"))


def restore(
    db_path: Path,
    copy: Path,
    now: datetime,
    progress: Callable[[int, int], None] | None = None,
) -> Path:
    """Put ``copy`` in place of the saved games at ``db_path``, which must be closed,
    keeping them aside; returns where they are kept, which the saved games put back name
    (``RESTORED_OVER``): the person chose it. ``progress``: pages put back, of all.

    The copy is written whole beside the saved games first, then they are kept aside (a
    second name for the same file, or a copy where names cannot be shared), then the copy
    renamed into their place in one step: a pulled plug at any moment leaves either the
    saved games as they were or the copy's, never no file (the app would start afresh).
    On a failure (a full card, a copy that is not a database) nothing has changed and the
    error is raised."""
    _fold_in_the_log(db_path)
    aside = set_aside_name(db_path, now)
    staged = db_path.with_name(db_path.name + RESTORING)

    def name_the_file_set_aside(db: sqlite3.Connection) -> None:
        db.execute(
            "insert or replace into meta (key, value) values (?, ?)", [RESTORED_OVER, aside.name]
        )

    try:
        backup(copy, staged, progress, name_the_file_set_aside)
        try:
            os.link(db_path, aside)
        except OSError:  # a file system without hard links (FAT)
            backup(db_path, aside)
        os.replace(staged, db_path)
        sync_folder(db_path.parent)
    finally:
        staged.unlink(missing_ok=True)
    return aside


def clear_cut_restore(db_path: Path) -> None:
    """Remove the copy a restore was writing beside the saved games when the power was
    cut: it never took their place (``restore``), and a second copy of the games would
    sit on the card, unseen, until the next restore. Only at start-up, when no restore
    can be under way."""
    db_path.with_name(db_path.name + RESTORING).unlink(missing_ok=True)


def _fold_in_the_log(db_path: Path) -> None:
    """Write the saved games' write-ahead log into the file itself and empty it: what is
    kept aside, and what is replaced, is then the one file. sqlite3.OperationalError when
    something still reads them."""
    uri = f"{db_path.resolve().as_uri()}?mode=rw"  # never creates a file
    with closing(sqlite3.connect(uri, uri=True, isolation_level=None)) as db:
        busy, _log, _moved = db.execute("pragma wal_checkpoint(truncate)").fetchone()
    if busy:
        raise sqlite3.OperationalError("the saved games are in use")


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
        if _same_file(path, db_path):  # named by a restore cut short: the saved games
            continue
        games = games_in(path, checked)
        if games is not None:
            found.append(SetAside(path, len(games)))
    return found


def _same_file(one: Path, other: Path) -> bool:
    try:
        return one.samefile(other)
    except OSError:
        return False


def games_in(path: Path, checked: bool = False) -> frozenset[Game] | None:
    """The games a file holds; None when it cannot be read (or, ``checked``, read whole)
    or is not saved games of this version (a newer schema)."""
    try:
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            if checked and db.execute("pragma quick_check").fetchone()[0] != "ok":
                return None
            version = db.execute("select value from meta where key = 'schema_version'")
            row = version.fetchone()
            if row is None or int(row[0]) > SCHEMA_VERSION:
                return None
            db.row_factory = sqlite3.Row
            return frozenset(_game(row) for row in db.execute("select * from sessions"))
    except (sqlite3.Error, OSError, ValueError):
        return None


def _game(row: sqlite3.Row) -> Game:
    try:
        players = json.loads(row["players"])
    except (TypeError, ValueError):  # a damaged row: named without them
        players = []
    named = tuple(str(name) for name in players) if isinstance(players, list) else ()
    # An older file has no time_checked (nor has an older row): the time is shown.
    checked = dict(zip(row.keys(), row, strict=True)).get("time_checked") != 0
    return Game(
        int(row["id"]),
        str(row["started"]),
        str(row["game"]),
        row["status"] == "finished",
        named,
        checked,
    )


def set_aside_by(db_path: Path, put_back: frozenset[Game] | None) -> list[Game]:
    """The games in the saved games at ``db_path`` that a file holding ``put_back`` lacks
    (none known when it cannot be read), newest first: putting it back sets them aside."""
    now = games_in(db_path) or frozenset()
    missing = now - put_back if put_back is not None else frozenset()
    return sorted(missing, key=lambda game: (game.started, game.id), reverse=True)


def _restored_over(db_path: Path) -> str | None:
    """The file the saved games in use were put back over, by the person's choice."""
    try:
        with closing(sqlite3.connect(f"{db_path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            row = db.execute("select value from meta where key = ?", [RESTORED_OVER]).fetchone()
    except sqlite3.Error:
        return None
    return None if row is None else str(row[0])


def more_games_aside(db_path: Path, games_now: int) -> str | None:
    """Words for the start: a file kept aside holds more games than the saved games in
    use (an older Tableside set them aside when it met a file a newer one wrote, and
    started afresh, or a restore was cut short); None when none does. The file a restore
    the person chose set aside is not one."""
    chosen = _restored_over(db_path)
    richer = [
        kept
        for kept in set_aside(db_path, checked=True)
        if kept.games > games_now and kept.path.name != chosen
    ]
    if not richer:
        return None
    best = max(richer, key=lambda kept: kept.games)
    return (
        f"Saved games kept aside earlier hold {best.games} games ({best.path.name}), more "
        f"than the {games_now} in use now. Settings, Saved games puts them back."
    )
