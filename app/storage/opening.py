"""The saved-games file itself: opened (or, damaged, mended), read and written with its
faults told apart, and closed; and the notices for the person.

Only damage (SQLite's "corrupt" or "not a database", a failed ``integrity_check``, a
constraint a broken index breaks) or a file from a newer Tableside mends the file
(app.storage.mending: its indexes rebuilt if that is enough, else the file set aside,
never deleted, and a new one built from whatever can still be read). A full, locked,
read-only or failing storage renames nothing: the games are opened read-only with saving
paused, every write first tries the file again (so play goes on once the fault clears)
and otherwise raises ``StorageFault`` having written nothing.
"""

from __future__ import annotations

import logging
import sqlite3
from collections.abc import Callable, Iterator, Mapping
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path
from typing import Self

import sqlite_utils

from app.storage.clock_check import clock_known_right
from app.storage.connections import (
    UnusableDatabase,
    check_whole,
    connect,
    is_whole,
    memory,
    read_only,
)
from app.storage.faults import StorageFault, fault, is_damage
from app.storage.location import CopyLock, default_path, resolve
from app.storage.mending import Mended, mend
from app.storage.rescue import Marker, read_marker, write_marker
from app.storage.salvage import Progress
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
        #: What the person should be told (a damaged file mended, a damaged setting...).
        self.notices: list[str] = notices or []
        #: Why nothing can be written now (None when saving works); see ``_writing``.
        self.saving_paused = saving_paused
        self._lock = lock
        #: Why the file must be mended (damage was found), until it is: see ``mend``.
        self.needs_mending: str | None = None
        #: Told of damage found after opening (the app then mends the file at once).
        self.on_damage: Callable[[], None] | None = None
        #: Told of damage found after opening (the app shows it); else it joins notices.
        self.on_notice: Callable[[str], None] | None = None
        #: Told once a game has been saved as finished (the app makes its daily copy).
        self.on_game_finished: Callable[[], None] | None = None
        self._noted: set[str] = set()
        #: Asked as a game starts and at each move: is the time about to be saved right?
        self.clock_known_right: Callable[[], bool] = clock_known_right

    @property
    def notice(self) -> str | None:
        return "\n\n".join(self.notices) if self.notices else None

    # -- opening -----------------------------------------------------------------------

    @classmethod
    def open(
        cls,
        path: Path | None = None,
        check: bool = True,
        lock: CopyLock | None = None,
        mend_now: bool = True,
    ) -> Self:
        """Open (or create) the database. Raises only AlreadyOpen (another running copy
        holds it): any other problem is explained in ``notices``. ``check`` runs the
        ``integrity_check`` now; the app runs it after its first frame instead. A damaged
        file (or a mending cut short) is mended here, or, without ``mend_now``, left to
        the caller: the store is then empty with saving paused, and ``needs_mending``
        says why (the app mends it off its UI thread, see ``start_mending``)."""
        path = default_path() if path is None else resolve(path)
        lock = lock or CopyLock.claim(path)
        unfinished = read_marker(path)
        if unfinished is not None:
            problem = unfinished.problem
        else:
            try:
                db = connect(path)
                if check:
                    check_whole(db)
            except UnusableDatabase as found:
                problem = str(found)
            except (sqlite3.Error, OSError) as error:
                return cls._paused(path, fault(error, path), lock)
            else:
                store = cls(db, path, lock=lock)
                store._repair_schema_marker()
                return store
        store = cls(prepare(memory()), path, lock=lock)
        store._wait_for_mending(problem)
        if mend_now:
            store.mend()
        return store

    @classmethod
    def in_memory(cls) -> Self:
        return cls(prepare(memory()), None)

    @classmethod
    def _paused(cls, path: Path, problem: StorageFault, lock: CopyLock) -> Self:
        """Storage that cannot be written now: read what is there, save nothing, rename
        nothing. Every write tries the file again first (``_writing``)."""
        log.warning("saving paused for %s: %s (%s)", path, problem.kind, problem.detail)
        db, shown = _look_only(path)
        notice = (
            f"{problem} {shown}, but nothing new can be saved until this is put right: "
            "Tableside tries again at each move."
        )
        return cls(db, path, [notice], saving_paused=problem, lock=lock)

    def check_whole(self) -> bool:
        """The start-up ``integrity_check``, on its own connection (safe on another
        thread). False only when SQLite finds damage; a check that cannot run counts as
        passed."""
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

    # -- mending -----------------------------------------------------------------------

    def report_damage(self, problem: str) -> None:
        """Damage found after opening (by the start-up check, or a read that failed):
        saving pauses, a marker makes sure the next start mends the file if this run
        does not, and ``on_damage`` (the app) mends it now."""
        if self.needs_mending is not None or self.path is None:
            return
        log.warning("damage found in %s: %s", self.path, problem)
        try:
            if read_marker(self.path) is None:
                write_marker(self.path, Marker(problem))
        except OSError as error:
            log.warning("cannot mark %s for mending: %s", self.path, error)
        self._wait_for_mending(problem)
        if self.on_damage is not None:
            self.on_damage()

    def _wait_for_mending(self, problem: str) -> None:
        self.needs_mending = problem
        self.saving_paused = StorageFault("damaged", problem)

    def start_mending(self, progress: Progress, titles: Mapping[str, str]) -> Callable[[], Mended]:
        """On the main thread: the file is let go (until ``finish_mending`` the store reads
        as empty and saves nothing) and the work that mends it is returned. That work opens
        connections of its own, so it may run on another thread; ``progress`` hears how far
        it has got and ``titles`` names the games by their keys. It returns what to give
        ``finish_mending``, or raises a fault of the storage for ``mending_failed``."""
        assert self.path is not None and self.needs_mending is not None
        self.db.close()
        self.db = prepare(memory())
        return partial(mend, self.path, self.needs_mending, progress, titles)

    def finish_mending(self, mended: Mended) -> None:
        """On the main thread: the mended file is used from now on."""
        assert self.path is not None
        self.notices.append(mended.notice)
        try:
            db = connect(self.path)
        except (UnusableDatabase, sqlite3.Error, OSError) as error:
            self._mending_stopped(fault(error, self.path))
            return
        self.db.close()
        self.db, self.saving_paused, self.needs_mending = db, None, None
        if mended.rescued and self._lock is not None:
            self._lock.follow(self.path)

    def mending_failed(self, error: Exception) -> None:
        """On the main thread: the mending stopped short on a fault of the storage."""
        log.warning("mending %s stopped short: %s", self.path, error)
        self._mending_stopped(fault(error, self.path))

    def _mending_stopped(self, problem: StorageFault) -> None:
        """The games are shown read-only as they stand (the file, or the damaged original
        a rescue set aside); saving waits for the next start, which mends again."""
        assert self.path is not None
        marker = read_marker(self.path)
        shown = self.path
        if not shown.exists() and marker is not None and marker.kept:
            shown = self.path.with_name(marker.kept)
        self.db.close()
        self.db, looking = _look_only(shown)
        self.saving_paused = problem
        self.notices.append(
            f"Your saved games need repairing, but the repair could not be finished now. "
            f"{problem} {looking}, but nothing new can be saved until Tableside is started "
            "again, which tries the repair again."
        )

    def mend(self, titles: Mapping[str, str] | None = None) -> None:
        """The whole mending, here and now (the app runs it off its UI thread instead)."""
        work = self.start_mending(lambda _done, _doing: None, titles or {})
        try:
            mended = work()
        except (sqlite3.Error, OSError) as error:
            self.mending_failed(error)
            return
        self.finish_mending(mended)

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.release()

    # -- reading and writing -----------------------------------------------------------

    @contextmanager
    def _reading(self) -> Iterator[None]:
        """Faults become StorageFault; damage is reported (``report_damage``) too. A
        broken constraint is damage when the file's indexes no longer match their tables,
        else a real one (an imported play already here) and raised as it is."""
        try:
            yield
        except sqlite3.IntegrityError as error:
            if self._indexes_match():
                raise
            self.report_damage("part of the file is damaged")
            raise StorageFault("damaged", str(error)) from error
        except sqlite3.Error as error:
            if is_damage(error):
                self.report_damage("part of the file is damaged")
            raise fault(error, self.path) from error

    def _indexes_match(self) -> bool:
        """``integrity_check`` on the main connection: slow on a big file, but only asked
        when a constraint fails, which nothing the app does otherwise causes."""
        try:
            return self.path is None or is_whole(self.db.conn)
        except sqlite3.Error:
            return True  # cannot tell: the constraint stands

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
        """Try the file again; the fault stays (and is raised) until it clears. A file
        waiting to be mended is left alone until it is."""
        if self.path is None or self.needs_mending is not None:
            raise self.saving_paused or StorageFault("cantopen")
        try:
            db = connect(self.path)
        except UnusableDatabase as problem:
            self.report_damage(str(problem))
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


def _look_only(path: Path) -> tuple[sqlite_utils.Database, str]:
    """The games at ``path`` opened read-only (an empty store if they cannot be), and
    the words that say which."""
    try:
        db = sqlite_utils.Database(read_only(path))
    except sqlite3.Error:
        return prepare(memory()), "They cannot be shown for now"
    try:
        db.execute("select count(*) from sessions").fetchone()
    except sqlite3.Error:
        db.close()
        return prepare(memory()), "They cannot be shown for now"
    return db, "You can look at them"
