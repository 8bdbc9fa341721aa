"""Where the saved games live, and the claim that only one running Tableside uses them.

Two copies of the app on one file would each see "database is locked" and, playing the
same game, interleave their moves until it no longer replays. So the first copy holds an
exclusive lock on ``<file>.lock`` for as long as it runs (the system drops it if the
process dies, so a pulled plug never leaves a stale claim) and a second copy is refused.
Light on purpose: the app claims the file before its first frame.
"""

from __future__ import annotations

import logging
import os
from pathlib import Path

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


class CopyLock:
    """The claim on one database file, held until ``release`` or the process ends."""

    def __init__(self, fd: int | None) -> None:
        self._fd = fd

    @classmethod
    def claim(cls, db_path: Path) -> CopyLock:
        """Raises AlreadyOpen if another copy holds ``db_path``. Where no lock file can be
        made (read-only storage) nothing can be written either, so no claim is needed."""
        lock_path = db_path.with_name(db_path.name + ".lock")
        try:
            db_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o644)
        except OSError:
            try:
                fd = os.open(lock_path, os.O_RDONLY)
            except OSError as problem:
                log.info("no lock file for %s (%s): not claimed", db_path, problem)
                return cls(None)
        if fcntl is None:
            return cls(fd)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise AlreadyOpen(
                "Tableside is already running on these saved games (in another window, or "
                "as the Pi's own service). Close the other copy first: two copies at once "
                "would mix up their moves."
            ) from None
        except OSError as problem:  # a file system without locks
            log.info("cannot lock %s (%s): not claimed", lock_path, problem)
        return cls(fd)

    def release(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # closing drops the lock
            self._fd = None
