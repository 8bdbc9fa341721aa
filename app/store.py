"""Saved games on disk: players, sessions, their event logs and component profiles.

One SQLite file, opened through sqlite-utils, in WAL mode with ``synchronous=FULL`` so
that an event is on disk when ``append_event`` returns: the screen only shows an action
after that. All access happens on the main thread (the start-up ``quick_check`` opens its
own connection on another).

Faults are told apart (app.store_faults). Only damage (SQLite's "corrupt" or "not a
database", a failed ``quick_check``) or a file from a newer Tableside moves the file aside,
never deleted, and starts a fresh one, into which whatever can still be read is copied.
A full, locked, read-only or failing storage renames nothing: the games are opened
read-only with saving paused, every write first tries the file again (so play goes on
once the fault clears) and otherwise raises ``StorageFault`` having written nothing.
A row that cannot be read stays in its row: its session is listed with ``damage`` set,
a setting or profile falls back to its default, and the others read as usual.
"""

from __future__ import annotations

import json
import logging
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import sqlite_utils

from app.clock_check import clock_known_right
from app.store_faults import DamagedData, StorageFault, fault, is_damage, shorten
from app.store_location import CopyLock, default_path, resolve

__all__ = [
    "SCHEMA_VERSION",
    "DamagedData",
    "LoggedEvent",
    "Player",
    "SavedSession",
    "StorageFault",
    "Store",
    "default_path",
]

log = logging.getLogger("tableside.store")

#: 2: sessions.external_id, the uuid of an imported play. 3: sessions.time_checked and
#: sessions.clock_start (see SavedSession).
SCHEMA_VERSION = 3
STATUSES = ("active", "finished", "abandoned")
#: How long a write waits for another connection before calling the file busy.
BUSY_TIMEOUT_S = 2.0


class UnusableDatabase(Exception):
    """The file is not a Tableside database this version can use; the message says why."""


@dataclass(frozen=True)
class Player:
    id: int
    name: str


@dataclass(frozen=True)
class SavedSession:
    """A row of the sessions table, with its JSON columns decoded."""

    id: int
    game: str
    config: Any
    seed: int
    players: tuple[str, ...]
    status: str  # "active", "finished", "abandoned", or "damaged" when unreadable
    started: str
    updated: str
    ended: str | None
    outcome: Any
    event_count: int
    #: The id the game had where it came from (a BG Stats play's uuid), if imported.
    external_id: str | None = None
    #: What of the row could not be read, in words ("its players"); None when all was.
    #: The unreadable fields then hold harmless defaults.
    damage: str | None = None
    #: False when its start or a move was saved while the clock was not known to be
    #: right (app.clock_check) and no one has set its date: "time not checked".
    time_checked: bool = True
    #: The start the clock gave, kept when a person set the date (a play's uuid is
    #: made from it, so that an export before and after is the same play).
    clock_start: str | None = None


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    at: str
    payload: dict[str, Any]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
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
    ) -> Store:
        """Open (or create) the database. Raises only AlreadyOpen (another running copy
        holds it): any other problem is explained in ``notices``. ``check`` runs the
        ``quick_check`` now; the app runs it after its first frame instead."""
        path = default_path() if path is None else resolve(path)
        lock = lock or CopyLock.claim(path)
        try:
            db = _connect(path)
            if check:
                _check_whole(db)
        except UnusableDatabase as problem:
            return cls._start_afresh(path, str(problem), lock)
        except (sqlite3.Error, OSError) as error:
            return cls._paused(path, fault(error, path), lock)
        store = cls(db, path, lock=lock)
        store._repair_schema_marker()
        return store

    @classmethod
    def in_memory(cls) -> Store:
        return cls(_prepare(_memory()), None)

    @classmethod
    def _start_afresh(cls, path: Path, problem: str, lock: CopyLock) -> Store:
        """Damage: keep the file aside, start a new one, copy in what can still be read."""
        try:
            kept = _move_aside(path)
            db = _connect(path)
        except (sqlite3.Error, OSError) as error:
            log.warning("cannot set aside unusable database %s: %s", path, error)
            return cls._paused(path, fault(error, path), lock, damaged=problem)
        log.warning("set aside unusable database %s as %s: %s", path, kept, problem)
        rescued = _rescue(kept, db)
        started = (
            f"a new one was started with the {_count(rescued, 'game')} that could still be read"
            if rescued
            else "a new, empty one was started"
        )
        notice = (
            f"Your saved games could not be read ({problem}). The old file was kept as "
            f"{kept.name} in {kept.parent} and {started}."
        )
        return cls(db, path, [notice], lock=lock)

    @classmethod
    def _paused(cls, path: Path, problem: StorageFault, lock: CopyLock, damaged: str = "") -> Store:
        """Storage that cannot be written now: read what is there, save nothing, rename
        nothing. Every write tries the file again first (``_writing``)."""
        log.warning("saving paused for %s: %s (%s)", path, problem.kind, problem.detail)
        try:
            db = sqlite_utils.Database(_read_only(path))
            db.execute("select count(*) from sessions").fetchone()
            shown = "You can look at them"
        except sqlite3.Error:
            db = _prepare(_memory())
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
            conn = _read_only(self.path)
        except sqlite3.Error:
            return True
        try:
            _check_whole(sqlite_utils.Database(conn))
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
        fresh = Store._start_afresh(self.path, "the file is damaged", self._lock)
        self.db, self.saving_paused = fresh.db, fresh.saving_paused
        self.notices.extend(fresh.notices)

    def close(self) -> None:
        self.db.close()
        if self._lock is not None:
            self._lock.release()

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
            db = _connect(self.path)
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
            if _read_schema_version(self.db) is not None:
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

    # -- players -----------------------------------------------------------------------

    def players(self) -> list[Player]:
        with self._reading():
            rows = list(self.db.query("select id, name from players order by name collate nocase"))
        return [Player(row["id"], str(row["name"])) for row in rows if row["name"] is not None]

    def add_player(self, name: str) -> Player:
        name = " ".join(name.split())
        if not name:
            raise ValueError("Type a name first.")
        if len(name) > 30:
            raise ValueError("Keep the name to 30 letters or fewer.")
        if any(p.name.casefold() == name.casefold() for p in self.players()):
            raise ValueError(f"There is already a player called {name}.")
        with self._writing():
            row_id = self.db["players"].insert({"name": name, "created": _now()}).last_pk
        return Player(int(row_id), name)

    def remove_player(self, player_id: int) -> None:
        """Remove from the roster; sessions keep the names they were played with."""
        with self._writing():
            self.db.execute("delete from players where id = ?", [player_id])

    # -- sessions and their events -----------------------------------------------------

    def start_session(self, game: str, config: Any, seed: int, players: list[str]) -> int:
        now = _now()
        return self._insert_session(
            game, config, seed, players, "active", now, None, None, checked=self.clock_known_right()
        )

    def append_event(self, session_id: int, event: dict[str, Any], reopen: bool = False) -> int:
        """Write one event and commit it before returning its sequence number. With
        ``reopen`` (an undo or a correction after the end) a finished game becomes
        unfinished again, its outcome forgotten, in the same transaction."""
        payload = json.dumps(event)
        with self._writing():
            if reopen:
                self.db.execute(
                    "update sessions set status = 'active', outcome = null, ended = null "
                    "where id = ? and status = 'finished'",
                    [session_id],
                )
            row = self.db.execute(
                "select coalesce(max(seq), 0) + 1 from events where session_id = ?", [session_id]
            ).fetchone()
            seq = int(row[0])
            self.db.execute(
                "insert into events (session_id, seq, payload, at) values (?, ?, ?, ?)",
                [session_id, seq, payload, _now()],
            )
            if not self.clock_known_right():  # a date set by a person stays right
                self.db.execute(
                    "update sessions set time_checked = 0 where id = ? and clock_start is null",
                    [session_id],
                )
            updated = self.db.execute(
                "update sessions set updated = ? where id = ? and status = 'active'",
                [_now(), session_id],
            )
            if updated.rowcount != 1:
                raise ValueError("This game is no longer open, so nothing more can be added.")
        return seq

    def events(self, session_id: int) -> list[dict[str, Any]]:
        """The session's events in order; DamagedData if any of them cannot be read."""
        return [event.payload for event in self.logged_events(session_id)]

    def logged_events(self, session_id: int) -> list[LoggedEvent]:
        """The events with their sequence numbers and times, for export and replay."""
        events, unreadable = self.readable_events(session_id)
        if unreadable:
            raise DamagedData(
                f"{_count(len(unreadable), 'saved move')} of this game cannot be read "
                f"(number {', '.join(map(str, unreadable[:5]))}"
                f"{'...' if len(unreadable) > 5 else ''})."
            )
        return events

    def readable_events(self, session_id: int) -> tuple[list[LoggedEvent], list[int]]:
        """The events that can be read, and the numbers of those that cannot."""
        with self._reading():
            rows = list(
                self.db.query(
                    "select seq, at, payload from events where session_id = ? order by seq",
                    [session_id],
                )
            )
        events: list[LoggedEvent] = []
        unreadable: list[int] = []
        for row in rows:
            payload = _json_or_none(row["payload"])
            if isinstance(payload, dict) and isinstance(row["at"], str):
                events.append(LoggedEvent(row["seq"], row["at"], payload))
            else:
                unreadable.append(row["seq"])
        return events, unreadable

    def raw_session(self, session_id: int) -> dict[str, Any]:
        """The row and its events exactly as stored, for exporting a damaged game."""
        with self._reading():
            row = self.db.execute("select * from sessions where id = ?", [session_id])
            names = [column[0] for column in row.description]
            values = row.fetchone()
            if values is None:
                raise KeyError(f"no saved game {session_id}")
            raw: dict[str, Any] = {
                name: _raw(value) for name, value in zip(names, values, strict=True)
            }
            raw["events"] = [
                {"seq": _raw(seq), "at": _raw(at), "payload": _raw(payload)}
                for seq, at, payload in self.db.execute(
                    "select seq, at, payload from events where session_id = ? order by seq",
                    [session_id],
                )
            ]
        return raw

    def add_finished_session(
        self,
        game: str,
        players: list[str],
        started: str,
        ended: str,
        outcome: Any,
        external_id: str | None = None,
        config: Any = None,
        seed: int = 0,
    ) -> int:
        """A game played elsewhere (an imported play): finished, with no events."""
        return self._insert_session(
            game, config, seed, players, "finished", started, ended, outcome, external_id
        )

    def _insert_session(
        self,
        game: str,
        config: Any,
        seed: int,
        players: list[str],
        status: str,
        started: str,
        ended: str | None,
        outcome: Any,
        external_id: str | None = None,
        checked: bool = True,
    ) -> int:
        row = {
            "game": game,
            "config": json.dumps(config),
            "seed": seed,
            "players": json.dumps(players),
            "status": status,
            "started": started,
            "updated": ended or started,
            "ended": ended,
            "outcome": None if outcome is None else json.dumps(outcome),
            "external_id": external_id,
            "time_checked": int(checked),
        }
        with self._writing():
            return int(self.db["sessions"].insert(row).last_pk)

    def set_date(self, session_id: int, start: datetime, last: datetime) -> None:
        """A person set when the game started; ``last`` is when it was last played by
        that reckoning (the start and its play time). Its saved times become those, and
        its time counts as checked."""
        started, last_text = (moment.isoformat(timespec="seconds") for moment in (start, last))
        with self._writing():
            self.db.execute(
                "update sessions set clock_start = coalesce(clock_start, started), "
                "started = ?, updated = ?, ended = case when ended is null then null else ? end, "
                "time_checked = 1 where id = ?",
                [started, last_text, last_text, session_id],
            )

    def finish_session(self, session_id: int, outcome: Any) -> None:
        self._close_session(session_id, "finished", outcome)

    def abandon_session(self, session_id: int) -> None:
        self._close_session(session_id, "abandoned", None)

    def _close_session(self, session_id: int, status: str, outcome: Any) -> None:
        now = _now()
        with self._writing():
            self.db.execute(
                "update sessions set status = ?, outcome = ?, ended = ?, updated = ? where id = ?",
                [status, json.dumps(outcome), now, now, session_id],
            )

    def session(self, session_id: int) -> SavedSession:
        found = self._sessions("where s.id = ?", [session_id])
        if not found:
            raise KeyError(f"no saved game {session_id}")
        return found[0]

    def sessions(self, game: str | None = None) -> list[SavedSession]:
        """Every session, the most recently played first; damaged ones have ``damage``."""
        if game is None:
            return self._sessions("", [])
        return self._sessions("where s.game = ?", [game])

    def unfinished_sessions(self, game: str | None = None) -> list[SavedSession]:
        """The games to resume (a damaged one is left to History, which explains it)."""
        return [s for s in self.sessions(game) if s.status == "active" and s.damage is None]

    def _sessions(self, where: str, params: list[Any]) -> list[SavedSession]:
        with self._reading():
            rows = list(
                self.db.query(
                    "select s.*, (select count(*) from events e where e.session_id = s.id) "
                    f"as events from sessions s {where} order by s.updated desc, s.id desc",
                    params,
                )
            )
        return [_read_session(row) for row in rows]

    # -- app settings ------------------------------------------------------------------

    def setting(self, key: str, default: Any) -> Any:
        """The saved value, or ``default`` when there is none or it cannot be read (a
        value of another type than the default counts as unreadable)."""
        with self._reading():
            row = self.db.execute("select value from settings where key = ?", [key]).fetchone()
        if row is None:
            return default
        value = _json_or_none(row[0])
        if default is not None and type(value) is not type(default):
            self._note_damage(f"the setting {shorten(key, 40)!r}", "its usual value is used")
            return default
        return value

    def set_setting(self, key: str, value: Any) -> None:
        with self._writing():
            self.db["settings"].upsert({"key": key, "value": json.dumps(value)}, pk="key")

    # -- component profiles ------------------------------------------------------------

    def save_profile(self, game: str, data: Any) -> None:
        """The owner's corrections to a game's component data, stored once."""
        with self._writing():
            self.db["component_profiles"].upsert(
                {"game": game, "data": json.dumps(data), "updated": _now()}, pk="game"
            )

    def profile(self, game: str) -> Any:
        """The saved corrections, or None (the shipped data) when there are none or they
        cannot be read. The game's own loader checks their shape."""
        with self._reading():
            row = self.db.execute(
                "select data from component_profiles where game = ?", [game]
            ).fetchone()
        if row is None:
            return None
        data = _json_or_none(row[0])
        if data is None:
            self._note_damage(
                f"your corrections to {game}'s components", "the printed values are used"
            )
        return data

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


# -- reading rows that may be damaged ---------------------------------------------------


class _Undecodable(str):
    """Text from the file that is not UTF-8 (decoded with replacement characters)."""


def _lenient_text(data: bytes) -> str:
    """The connection's text factory: one bad byte never makes a whole query fail."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return _Undecodable(data.decode("utf-8", "replace"))


def _json_or_none(text: Any) -> Any:
    """JSON text decoded, or None when it cannot be (bad bytes, bad JSON, too deep)."""
    if not isinstance(text, str) or isinstance(text, _Undecodable):
        return None
    try:
        return json.loads(text)
    except (ValueError, RecursionError):
        return None


def _date_or_none(text: Any) -> str | None:
    if isinstance(text, str) and not isinstance(text, _Undecodable):
        try:
            datetime.fromisoformat(text)
            return text
        except ValueError:
            pass
    return None


def _read_session(row: dict[str, Any]) -> SavedSession:
    """A row of sessions, each column checked: what cannot be read is named in ``damage``
    and replaced by a harmless default, so that one bad value never hides the others."""
    problems: list[str] = []

    def check(ok: bool, what: str) -> bool:
        if not ok:
            problems.append(what)
        return ok

    game = row["game"]
    if not check(isinstance(game, str) and not isinstance(game, _Undecodable), "its game"):
        game = "unknown"
    config = _json_or_none(row["config"])
    if row["config"] != "null":
        check(config is not None, "its options")
    seed = row["seed"] if check(isinstance(row["seed"], int), "its shuffle") else 0
    players = _json_or_none(row["players"])
    if not check(
        isinstance(players, list) and all(isinstance(name, str) for name in players),
        "its players",
    ):
        players = []
    status = row["status"] if check(row["status"] in STATUSES, "whether it is over") else "damaged"
    started = _date_or_none(row["started"])
    check(started is not None, "its start time")
    updated = _date_or_none(row["updated"]) or started or ""
    ended = _date_or_none(row["ended"])
    check(ended is not None or row["ended"] is None, "its end time")
    outcome = _json_or_none(row["outcome"]) if row["outcome"] not in (None, "null") else None
    if not check(outcome is None or isinstance(outcome, dict), "its result"):
        outcome = None
    if row["outcome"] not in (None, "null"):
        check(outcome is not None, "its result")
    external_id = row["external_id"] if isinstance(row["external_id"], str) else None
    # .get: a file opened read-only keeps the columns of the version that wrote it.
    clock_start = _date_or_none(row.get("clock_start"))
    return SavedSession(
        id=row["id"],
        game=game,
        config=config,
        seed=seed,
        players=tuple(players),
        status=status,
        started=started or "",
        updated=updated,
        ended=ended,
        outcome=outcome,
        event_count=row["events"],
        external_id=external_id,
        damage=_damage_words(problems),
        # Older rows have none (NULL): they count as checked, as does any other value.
        time_checked=row.get("time_checked") != 0,
        clock_start=clock_start,
    )


def _damage_words(problems: list[str]) -> str | None:
    unique = list(dict.fromkeys(problems))
    if not unique:
        return None
    named = unique[0] if len(unique) == 1 else ", ".join(unique[:-1]) + " and " + unique[-1]
    return f"{named} cannot be read"


def _raw(value: Any) -> Any:
    """A stored value as JSON can hold it (blobs as hex)."""
    if isinstance(value, bytes):
        return value.hex()
    return str(value) if isinstance(value, _Undecodable) else value


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


# -- connections --------------------------------------------------------------------------


def _memory() -> sqlite_utils.Database:
    conn = sqlite3.connect(":memory:", isolation_level=None)
    conn.text_factory = _lenient_text
    return sqlite_utils.Database(conn)


def _read_only(path: Path) -> sqlite3.Connection:
    """A connection that writes nothing. A WAL file needs its "-shm" companion, which
    read-only storage may not let SQLite make: then, if no unsaved "-wal" content is
    waiting, the file is read as immutable (safe: nothing else can write to it)."""
    uri = path.resolve().as_uri()
    conn = sqlite3.connect(f"{uri}?mode=ro", uri=True, isolation_level=None)
    try:
        conn.execute("select count(*) from sqlite_master").fetchone()
    except sqlite3.OperationalError:
        conn.close()
        wal = path.with_name(path.name + "-wal")
        if wal.exists() and wal.stat().st_size > 0:
            raise
        conn = sqlite3.connect(f"{uri}?immutable=1", uri=True, isolation_level=None)
    conn.text_factory = _lenient_text
    return conn


def _connect(path: Path) -> sqlite_utils.Database:
    """Open the file for writing and bring it to the current schema. UnusableDatabase
    for damage or a newer version; sqlite3.Error or OSError for anything transient."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(path, isolation_level=None, timeout=BUSY_TIMEOUT_S)
    conn.text_factory = _lenient_text
    try:
        db = sqlite_utils.Database(conn)
        version = _stored_version(conn)
        if version is not None and version > SCHEMA_VERSION:
            raise UnusableDatabase("they were saved by a newer version of Tableside")
        return _prepare(db)
    except sqlite3.Error as error:
        conn.close()
        if is_damage(error):
            raise UnusableDatabase("the file is damaged or is not a Tableside database") from error
        raise
    except UnusableDatabase:
        conn.close()
        raise


def _stored_version(conn: sqlite3.Connection) -> int | None:
    """The schema version the file says it has (reading page 1: a file that is not a
    database fails here), or None when it has none or it is unreadable."""
    tables = {row[0] for row in conn.execute("select name from sqlite_master")}
    if "meta" not in tables:
        return None
    row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
    return _as_version(row[0]) if row else None


def _as_version(value: Any) -> int | None:
    try:
        return int(value)
    except (TypeError, ValueError):
        return None


def _check_whole(db: sqlite_utils.Database) -> None:
    """SQLite's ``quick_check``: O(N), enough to find damaged pages and records. Damage
    raises UnusableDatabase (and closes the connection), other faults sqlite3.Error."""
    try:
        result = db.execute("pragma quick_check").fetchall()
    except sqlite3.Error as error:
        if not is_damage(error):
            raise
        result = [(str(error),)]
    if result != [("ok",)]:
        db.close()
        raise UnusableDatabase("the file is damaged")


def _read_schema_version(db: sqlite_utils.Database) -> int | None:
    row = db.execute("select value from meta where key = 'schema_version'").fetchone()
    return _as_version(row[0]) if row else None


def _prepare(db: sqlite_utils.Database) -> sqlite_utils.Database:
    """Set the durability pragmas and create any missing table."""
    db.execute("pragma journal_mode = wal")
    db.execute("pragma synchronous = full")
    db.execute("pragma foreign_keys = on")
    with db.atomic():
        db["meta"].create({"key": str, "value": str}, pk="key", if_not_exists=True)
        db["players"].create(
            {"id": int, "name": str, "created": str}, pk="id", not_null={"name"}, if_not_exists=True
        )
        db["sessions"].create(
            {
                "id": int,
                "game": str,
                "config": str,
                "seed": int,
                "players": str,
                "status": str,
                "started": str,
                "updated": str,
                "ended": str,
                "outcome": str,
                "external_id": str,
                "time_checked": int,
                "clock_start": str,
            },
            pk="id",
            not_null={"game", "config", "seed", "players", "status", "started", "updated"},
            if_not_exists=True,
        )
        db["events"].create(
            {"session_id": int, "seq": int, "payload": str, "at": str},
            pk=("session_id", "seq"),
            foreign_keys=[("session_id", "sessions", "id")],
            not_null={"payload", "at"},
            if_not_exists=True,
        )
        db["settings"].create({"key": str, "value": str}, pk="key", if_not_exists=True)
        db["component_profiles"].create(
            {"game": str, "data": str, "updated": str}, pk="game", if_not_exists=True
        )
        db.execute(
            "insert or ignore into meta (key, value) values ('schema_version', ?)",
            [str(SCHEMA_VERSION)],
        )
        _migrate(db)
    return db


def _migrate(db: sqlite_utils.Database) -> None:
    """Bring a file written by an older Tableside up to SCHEMA_VERSION, keeping its data.
    Each step checks what is there, so an unreadable version number (None) is safe."""
    version = _read_schema_version(db)
    columns = db["sessions"].columns_dict
    if "external_id" not in columns:
        db.execute("alter table sessions add column external_id text")
    # NULL in rows saved before: their time counts as checked (SavedSession).
    for column, kind in (("time_checked", "integer"), ("clock_start", "text")):
        if column not in columns:
            db.execute(f"alter table sessions add column {column} {kind}")
    # A unique index: an imported play can never be stored twice (NULLs do not clash).
    db.execute("create unique index if not exists sessions_external_id on sessions (external_id)")
    if version is not None and version < SCHEMA_VERSION:
        db.execute("update meta set value = ? where key = 'schema_version'", [str(SCHEMA_VERSION)])


def _move_aside(path: Path) -> Path:
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


def _rescue(damaged: Path, into: sqlite_utils.Database) -> int:
    """Copy every row that can still be read from a damaged file (a newer version's file
    is left alone); returns how many games came across. Row by row, so one unreadable
    page loses only its own rows."""
    try:
        source = _read_only(damaged)
    except sqlite3.Error:
        return 0
    try:
        version = _stored_version(source)
    except sqlite3.Error:
        version = None  # page 1 itself is damaged: the tables may still be found below
    if version is not None and version > SCHEMA_VERSION:
        source.close()
        return 0
    games = 0
    try:
        for table in _RESCUED_TABLES:
            columns = list(into[table].columns_dict)
            for row in _readable_rows(source, table, columns):
                try:
                    with into.atomic():
                        into[table].insert(dict(zip(columns, row, strict=True)), replace=False)
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
