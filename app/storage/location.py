"""Where the saved games live, and the claim that only one running Tableside uses them.

Two copies of the app on one file would each see "database is locked" and, playing the
same game, interleave their moves until it no longer replays. So the first copy holds an
exclusive lock (flock) on ``<file>.lock`` and on the saved-games file itself for as long
as it runs, and a second copy is refused. The system drops both if the process dies, so a
pulled plug never leaves a stale claim. Either lock alone refuses the second copy: the
lock file covers a file being set aside and started afresh, the file itself a deleted
lock file or a folder in which no lock file can be made (read-only, or a person's folder
without write permission), where the file may still be writable. Where the system offers
no such locks, SQLite's own locking is all that is left: each write stays whole.
Light on purpose: the app claims the file before its first frame.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import ClassVar

import platformdirs

try:
    import fcntl
except ImportError:  # Windows: no advisory locks; a second copy is not refused there
    fcntl = None  # type: ignore[assignment]

log = logging.getLogger("tableside.store")

DB_FILENAME = "tableside.db"


class AlreadyOpen(Exception):
    """Another running Tableside holds these saved games; ``str()`` is the person's words."""


def default_path() -> Path:
    """``TABLESIDE_DB`` if set, else the platform's per-user data folder. A folder given
    as ``TABLESIDE_DB`` means the usual file inside it."""
    override = os.environ.get("TABLESIDE_DB")
    if override:
        return resolve(Path(override).expanduser())
    return Path(platformdirs.user_data_dir("tableside")) / DB_FILENAME


def resolve(path: Path) -> Path:
    return path / DB_FILENAME if path.is_dir() else path


def marker_path(db_path: Path) -> Path:
    """The marker a repair of ``db_path`` leaves beside it until done (app.storage.rescue)."""
    return db_path.with_name(db_path.name + ".repair.json")


class CopyLock:
    """The claim on one database file, held until ``release`` or the process ends."""

    #: The files (device, inode) this process holds claims on. A second claim here is
    #: refused without opening them again: closing another descriptor of the saved-games
    #: file would drop the locks SQLite holds on it in this process.
    _held: ClassVar[set[tuple[int, int]]] = set()

    def __init__(self, fds: list[int]) -> None:
        self._fds = fds

    @classmethod
    def claim(cls, db_path: Path) -> CopyLock:
        """Raises AlreadyOpen if another copy holds ``db_path``. A file that cannot be
        opened even to read is not claimed: nothing can be read or written there."""
        if fcntl is None:
            return cls([])  # no locks to hold (and an open file could not be set aside)
        fds: list[int] = []
        paths = [db_path.with_name(db_path.name + ".lock"), db_path]
        if not db_path.exists() and marker_path(db_path).exists():
            # A repair under way set the file aside: an empty one made here to be locked
            # would look to it like saved games that appeared meanwhile (app.storage.rescue).
            paths.pop()
        try:
            for path in paths:
                fd = _open(path)
                if fd is not None:
                    fds.append(fd)
                    _lock(fd, path)
        except AlreadyOpen:
            for fd in fds:
                os.close(fd)
            raise
        for fd in fds:
            cls._held.add(_identity(os.fstat(fd)))
        return cls(fds)

    def follow(self, db_path: Path) -> None:
        """Claim the file now at ``db_path`` too: a repair put a new one in its place
        (a new file, which the claim on the one set aside does not cover; with only the
        lock file left, deleting it would let a second copy in). The claim on the file
        set aside is kept: SQLite is done with it, and closing it changes nothing."""
        if fcntl is None:
            return
        fd = _open(db_path)
        if fd is None:
            return
        try:
            _lock(fd, db_path)
        except AlreadyOpen:
            os.close(fd)
            raise
        self._fds.append(fd)
        type(self)._held.add(_identity(os.fstat(fd)))

    def release(self) -> None:
        for fd in self._fds:
            self._held.discard(_identity(os.fstat(fd)))
            os.close(fd)  # closing drops the lock
        self._fds = []


def _open(path: Path) -> int | None:
    """A descriptor to lock ``path`` by: made if missing (SQLite takes an empty file as a
    new database), else read-only where nothing can be written. None where it cannot be
    opened at all."""
    try:
        held = _identity(os.stat(path)) in CopyLock._held
    except OSError:  # not made yet
        held = False
    if held:
        raise _refusal()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError:
        try:
            return os.open(path, os.O_RDONLY)
        except OSError as problem:
            log.info("cannot open %s to claim it (%s)", path, problem)
            return None


def _lock(fd: int, path: Path) -> None:
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        raise _refusal() from None
    except OSError as problem:  # a file system without these locks
        log.info("cannot lock %s (%s): not claimed", path, problem)


def _refusal() -> AlreadyOpen:
    return AlreadyOpen(
        "Tableside is already running on these saved games (in another window, or as the "
        "Pi's own service). Close the other copy first: two copies at once would mix up "
        "their moves."
    )


def _identity(stat: os.stat_result) -> tuple[int, int]:
    return stat.st_dev, stat.st_ino
