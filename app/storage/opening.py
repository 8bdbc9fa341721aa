"""The saved-games file itself: opened (or, damaged, set aside and started afresh),
read and written with its faults told apart, and closed; and the notices for the person.

Only damage (SQLite's "corrupt" or "not a database", a failed ``quick_check``) or a file
from a newer Tableside moves the file aside, never deleted, and starts a fresh one, into
which whatever can still be read is copied (app.storage.rescue). A full, locked,
read-only or failing storage renames nothing: the games are opened read-only with saving
paused, every write first tries the file again (so play goes on once the fault clears)
and otherwise raises ``StorageFault`` having written nothing.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Self

import sqlite_utils

from app.storage.clock_check import clock_known_right
from app.storage.connections import UnusableDatabase, check_whole, connect, memory, read_only
from app.storage.faults import StorageFault, counted, fault
from app.storage.location import CopyLock, default_path, resolve
from app.storage.rescue import move_aside, rescue
from app.storage.schema import SCHEMA_VERSION, prepare, read_schema_version

log = logging.getLogger("tableside.store")


class StoreFile:
    """The file under a Store: each table's reading and writing (players, sessions...)
    builds on ``_reading`` and ``_writing`` here."""

    def __init__(
        self,
        db: sqlite_utils.Database,
        path: Path | None,
        notices: list[str] | None = None,
        saving_paused: StorageFault | None = None,
        lock: CopyLock | None = None,
    ):
        self.db = db
        self.path = path
        #: What the person should be told (a damaged file set aside, a damaged setting...).
        self.notices: list[str] = notices or []
        #: Why nothing can be written now (None when saving works); see ``_writing``.
        self.saving_paused = saving_paused
        self._lock = lock
        #: Told of damage found after opening (the app shows it); else it joins notices.
        self.on_notice: Callable[[str], None] | None = None
        self._noted: set[str] = set()
        #: Asked as a game starts and at each move: is the time about to be saved right?
        self.clock_known_right: Callable[[], bool] = clock_known_right

    @property
    def notice(self) -> str | None:
        return "\n\n".join(self.notices) if self.notices else None

    # -- opening -----------------------------------------------------------------------

    @classmethod
    def open(
        cls, path: Path | None = None, check: bool = True, lock: CopyLock | None = None
    ) -> Self:
        """Open (or create) the database. Raises only AlreadyOpen (another running copy
        holds it): any other problem is explained in ``notices``. ``check`` runs the
        ``quick_check`` now; the app runs it after its first frame instead."""
        path = default_path() if path is None else resolve(path)
        lock = lock or CopyLock.claim(path)
        try:
            db = connect(path)
            if check:
                check_whole(db)
        except UnusableDatabase as problem:
            return cls._start_afresh(path, str(problem), lock)
        except (sqlite3.Error, OSError) as error:
            return cls._paused(path, fault(error, path), lock)
        store = cls(db, path, lock=lock)
        store._repair_schema_marker()
        return store

    @classmethod
    def in_memory(cls) -> Self:
        return cls(prepare(memory()), None)

    @classmethod
    def _start_afresh(cls, path: Path, problem: str, lock: CopyLock) -> Self:
        """Damage: keep the file aside, start a new one, copy in what can still be read."""
        try:
            kept = move_aside(path)
            db = connect(path)
        except (sqlite3.Error, OSError) as error:
            log.warning("cannot set aside unusable database %s: %s", path, error)
            return cls._paused(path, fault(error, path), lock, damaged=problem)
        log.warning("set aside unusable database %s as %s: %s", path, kept, problem)
        rescued = rescue(kept, db)
        started = (
            f"a new one was started with the {counted(rescued, 'game')} that could still be read"
            if rescued
            else "a new, empty one was started"
        )
        notice = (
            f"Your saved games could not be read ({problem}). The old file was kept as "
            f"{kept.name} in {kept.parent} and {started}."
        )
        return cls(db, path, [notice], lock=lock)

    @classmethod
    def _paused(cls, path: Path, problem: StorageFault, lock: CopyLock, damaged: str = "") -> Self:
        """Storage that cannot be written now: read what is there, save nothing, rename
        nothing. Every write tries the file again first (``_writing``)."""
        log.warning("saving paused for %s: %s (%s)", path, problem.kind, problem.detail)
        try:
            db = sqlite_utils.Database(read_only(path))
            db.execute("select count(*) from sessions").fetchone()
            shown = "You can look at them"
        except sqlite3.Error:
            db = prepare(memory())
            shown = "They cannot be shown for now"
        if damaged:
            first = (
                f"Your saved games could not be read ({damaged}) and the file cannot be set aside."
            )
        else:
            first = str(problem)
        notice = (
            f"{first} {shown}, but nothing new can be saved until this is put right: "
            "Tableside tries again at each move."
        )
        return cls(db, path, [notice], saving_paused=problem, lock=lock)

    def check_whole(self) -> bool:
        """The start-up ``quick_check``, on its own connection (safe on another thread).
        False only when SQLite finds damage; a check that cannot run counts as passed."""
        if self.path is None:
            return True
        try:
            conn = read_only(self.path)
        except sqlite3.Error:
            return True
        try:
            check_whole(sqlite_utils.Database(conn))
        except UnusableDatabase:
            return False
        except sqlite3.Error:
            return True  # busy or failing storage: not damage, and no reason to act
        finally:
            conn.close()
        return True

    def set_aside_damaged(self) -> None:
        """After a failed start-up check: the file is set aside and a new one used."""
        assert self.path is not None and self._lock is not None
        self.db.close()
        fresh = self._start_afresh(self.path, "the file is damaged", self._lock)
        self.db, self.saving_paused = fresh.db, fresh.saving_paused
        self.notices.extend(fresh.notices)

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.release()

    # -- reading and writing -----------------------------------------------------------

    @contextmanager
    def _reading(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.IntegrityError:
            raise
        except sqlite3.Error as error:
            raise fault(error, self.path) from error

    def transaction(self) -> AbstractContextManager[None]:
        """Several writes committed together or not at all (an import); StorageFault,
        having written nothing, when the storage cannot take them."""
        return self._writing()

    @contextmanager
    def _writing(self) -> Iterator[None]:
        """One write, committed whole or not at all; a fault raises StorageFault."""
        if self.saving_paused is not None:
            self._resume_saving()
        with self._reading(), self.db.atomic():
            yield

    def _resume_saving(self) -> None:
        """Try the file again; the fault stays (and is raised) until it clears."""
        if self.path is None:
            raise self.saving_paused or StorageFault("cantopen")
        try:
            db = connect(self.path)
        except UnusableDatabase as problem:
            raise StorageFault("damaged", str(problem)) from None
        except (sqlite3.Error, OSError) as error:
            self.saving_paused = fault(error, self.path)
            raise self.saving_paused from error
        self.db.close()
        self.db, self.saving_paused = db, None
        log.info("saving resumed on %s", self.path)

    def _repair_schema_marker(self) -> None:
        """A version number that cannot be read is written again (every migration step
        checks what is there, so none was skipped). A fault leaves it to the next start:
        opening never fails for it."""
        try:
            if read_schema_version(self.db) is not None:
                return
            with self._writing():
                self.db.execute(
                    "update meta set value = ? where key = 'schema_version'", [str(SCHEMA_VERSION)]
                )
        except (sqlite3.Error, StorageFault) as problem:
            log.warning("the version number was not repaired: %s", problem)
            return
        self.notices.append(
            "A small part of the saved-games file (its version number) was damaged "
            "and has been repaired. Your games were not affected."
        )

    # -- notices -----------------------------------------------------------------------

    def _note_damage(self, what: str, instead: str) -> None:
        self.note(f"A saved value could not be read ({what}): {instead}.")

    def note(self, notice: str) -> None:
        """Something found damaged after opening, for the person: once per store. The app
        shows it (``on_notice``); otherwise it joins ``notices``."""
        if notice in self._noted:
            return
        self._noted.add(notice)
        log.warning("%s", notice)
        if self.on_notice is not None:
            self.on_notice(notice)
        else:
            self.notices.append(notice)
