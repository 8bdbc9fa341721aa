"""Saved games on disk: players, sessions, their event logs and component profiles.

One SQLite file, opened through sqlite-utils, in WAL mode with ``synchronous=FULL`` so
that an event is on disk when ``append_event`` returns: the screen only shows an action
after that. A file that cannot be opened, fails its integrity check or comes from a newer
Tableside is moved aside (never deleted) and a fresh one is started; ``notice`` then says
so in plain words. An older file is migrated in place, keeping its data. All access happens
on the main thread.
"""

from __future__ import annotations

import json
import logging
import os
import sqlite3
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs
import sqlite_utils

log = logging.getLogger("tableside.store")

SCHEMA_VERSION = 2  # 2: sessions.external_id, the uuid of an imported play
DB_FILENAME = "tableside.db"


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
    status: str  # "active", "finished" or "abandoned"
    started: str
    updated: str
    ended: str | None
    outcome: Any
    event_count: int
    #: The id the game had where it came from (a BG Stats play's uuid), if imported.
    external_id: str | None = None


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    at: str
    payload: dict[str, Any]


def default_path() -> Path:
    """``TABLESIDE_DB`` if set, else the platform's per-user data folder."""
    override = os.environ.get("TABLESIDE_DB")
    if override:
        return Path(override).expanduser()
    return Path(platformdirs.user_data_dir("tableside")) / DB_FILENAME


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class Store:
    def __init__(self, db: sqlite_utils.Database, path: Path | None, notice: str | None = None):
        self.db = db
        self.path = path
        #: Something the person should be told at start-up (a damaged file set aside...).
        self.notice = notice

    # -- opening -----------------------------------------------------------------------

    @classmethod
    def open(cls, path: Path | None = None) -> Store:
        """Open (or create) the database, setting aside a file that cannot be used."""
        path = default_path() if path is None else path
        try:
            return cls(_connect(path), path)
        except UnusableDatabase as problem:
            kept = _move_aside(path)
            log.warning("set aside unusable database %s as %s: %s", path, kept, problem)
            notice = (
                f"Your saved games could not be read ({problem}). The old file was kept "
                f"as {kept.name} in {kept.parent} and a new, empty one was started."
            )
        except OSError as problem:
            log.warning("cannot create database %s: %s", path, problem)
            return cls(
                _prepare(sqlite_utils.Database(memory=True)),
                None,
                f"Tableside cannot write to {path.parent} ({problem.strerror}), so games "
                "played now will not be kept after the app closes.",
            )
        return cls(_connect(path), path, notice)

    @classmethod
    def in_memory(cls) -> Store:
        return cls(_prepare(sqlite_utils.Database(memory=True)), None)

    def close(self) -> None:
        self.db.close()

    # -- players -----------------------------------------------------------------------

    def players(self) -> list[Player]:
        rows = self.db.query("select id, name from players order by name collate nocase")
        return [Player(row["id"], row["name"]) for row in rows]

    def add_player(self, name: str) -> Player:
        name = " ".join(name.split())
        if not name:
            raise ValueError("Type a name first.")
        if len(name) > 30:
            raise ValueError("Keep the name to 30 letters or fewer.")
        if any(p.name.casefold() == name.casefold() for p in self.players()):
            raise ValueError(f"There is already a player called {name}.")
        with self.db.atomic():
            row_id = self.db["players"].insert({"name": name, "created": _now()}).last_pk
        return Player(int(row_id), name)

    def remove_player(self, player_id: int) -> None:
        """Remove from the roster; sessions keep the names they were played with."""
        with self.db.atomic():
            self.db.execute("delete from players where id = ?", [player_id])

    # -- sessions and their events -----------------------------------------------------

    def start_session(self, game: str, config: Any, seed: int, players: list[str]) -> int:
        now = _now()
        return self._insert_session(game, config, seed, players, "active", now, now, None)

    def append_event(self, session_id: int, event: dict[str, Any]) -> int:
        """Write one event and commit it before returning its sequence number."""
        payload = json.dumps(event)
        with self.db.atomic():
            row = self.db.execute(
                "select coalesce(max(seq), 0) + 1 from events where session_id = ?", [session_id]
            ).fetchone()
            seq = int(row[0])
            self.db.execute(
                "insert into events (session_id, seq, payload, at) values (?, ?, ?, ?)",
                [session_id, seq, payload, _now()],
            )
            updated = self.db.execute(
                "update sessions set updated = ? where id = ? and status = 'active'",
                [_now(), session_id],
            )
            if updated.rowcount != 1:
                raise ValueError("This game is no longer open, so nothing more can be added.")
        return seq

    def events(self, session_id: int) -> list[dict[str, Any]]:
        rows = self.db.query(
            "select payload from events where session_id = ? order by seq", [session_id]
        )
        return [json.loads(row["payload"]) for row in rows]

    def logged_events(self, session_id: int) -> list[LoggedEvent]:
        """The events with their sequence numbers and times, for export."""
        rows = self.db.query(
            "select seq, at, payload from events where session_id = ? order by seq", [session_id]
        )
        return [LoggedEvent(row["seq"], row["at"], json.loads(row["payload"])) for row in rows]

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
        }
        with self.db.atomic():
            return int(self.db["sessions"].insert(row).last_pk)

    def finish_session(self, session_id: int, outcome: Any) -> None:
        self._close_session(session_id, "finished", outcome)

    def abandon_session(self, session_id: int) -> None:
        self._close_session(session_id, "abandoned", None)

    def _close_session(self, session_id: int, status: str, outcome: Any) -> None:
        now = _now()
        with self.db.atomic():
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
        """Every session, the most recently played first."""
        if game is None:
            return self._sessions("", [])
        return self._sessions("where s.game = ?", [game])

    def unfinished_sessions(self, game: str | None = None) -> list[SavedSession]:
        return [s for s in self.sessions(game) if s.status == "active"]

    def _sessions(self, where: str, params: list[Any]) -> list[SavedSession]:
        rows = self.db.query(
            "select s.*, (select count(*) from events e where e.session_id = s.id) as events "
            f"from sessions s {where} order by s.updated desc, s.id desc",
            params,
        )
        return [
            SavedSession(
                id=row["id"],
                game=row["game"],
                config=json.loads(row["config"]),
                seed=row["seed"],
                players=tuple(json.loads(row["players"])),
                status=row["status"],
                started=row["started"],
                updated=row["updated"],
                ended=row["ended"],
                outcome=json.loads(row["outcome"]) if row["outcome"] else None,
                event_count=row["events"],
                external_id=row["external_id"],
            )
            for row in rows
        ]

    # -- app settings ------------------------------------------------------------------

    def setting(self, key: str, default: Any) -> Any:
        row = self.db.execute("select value from settings where key = ?", [key]).fetchone()
        return json.loads(row[0]) if row else default

    def set_setting(self, key: str, value: Any) -> None:
        with self.db.atomic():
            self.db["settings"].upsert({"key": key, "value": json.dumps(value)}, pk="key")

    # -- component profiles ------------------------------------------------------------

    def save_profile(self, game: str, data: Any) -> None:
        """The owner's corrections to a game's component data, stored once."""
        with self.db.atomic():
            self.db["component_profiles"].upsert(
                {"game": game, "data": json.dumps(data), "updated": _now()}, pk="game"
            )

    def profile(self, game: str) -> Any:
        rows = list(self.db.query("select data from component_profiles where game = ?", [game]))
        return json.loads(rows[0]["data"]) if rows else None


def _connect(path: Path) -> sqlite_utils.Database:
    """Open the file, check it, and bring it to the current schema."""
    path.parent.mkdir(parents=True, exist_ok=True)
    existed = path.exists() and path.stat().st_size > 0
    conn = sqlite3.connect(path, isolation_level=None)
    try:
        if existed:
            _check(conn)
        return _prepare(sqlite_utils.Database(conn))
    except sqlite3.DatabaseError as error:
        conn.close()
        raise UnusableDatabase("the file is damaged or is not a Tableside database") from error
    except UnusableDatabase:
        conn.close()
        raise


def _check(conn: sqlite3.Connection) -> None:
    result = conn.execute("pragma integrity_check").fetchall()
    if result != [("ok",)]:
        raise UnusableDatabase("the file is damaged")
    tables = {row[0] for row in conn.execute("select name from sqlite_master")}
    if "meta" in tables:
        row = conn.execute("select value from meta where key = 'schema_version'").fetchone()
        if row is not None and int(row[0]) > SCHEMA_VERSION:
            raise UnusableDatabase("they were saved by a newer version of Tableside")


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
    """Bring a file written by an older Tableside up to SCHEMA_VERSION, keeping its data."""
    row = db.execute("select value from meta where key = 'schema_version'").fetchone()
    version = int(row[0])
    if version < 2 and "external_id" not in db["sessions"].columns_dict:
        db.execute("alter table sessions add column external_id text")
    # A unique index: an imported play can never be stored twice (NULLs do not clash).
    db.execute("create unique index if not exists sessions_external_id on sessions (external_id)")
    if version < SCHEMA_VERSION:
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
