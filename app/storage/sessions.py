"""Saved games, one row each: which game, its options and seed, who played, whether it is
over and how it ended, and when. A row that cannot be read whole is still listed, with
what could not be read named in ``damage``."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from app.storage.clock_check import FIRST_RELEASE
from app.storage.faults import listed
from app.storage.opening import StoreFile
from app.storage.values import Undecodable, date_or_none, json_or_none, now, raw

STATUSES = ("active", "finished", "abandoned")


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
    #: right (app.storage.clock_check) and no one has set its date: "time not checked".
    time_checked: bool = True
    #: The start the clock gave, kept when a person set the date (a play's uuid is
    #: made from it, so that an export before and after is the same play).
    clock_start: str | None = None

    @property
    def imported(self) -> bool:
        """A play from a file (most likely BG Stats' own): only its result is known. Its
        uuid says so; an earlier release kept none, but kept no options either (nor
        moves), which a game started here always has."""
        finished_bare = self.status == "finished" and not self.event_count
        return self.external_id is not None or (finished_bare and self.config is None)


class SessionTable(StoreFile):
    def start_session(self, game: str, config: Any, seed: int, players: list[str]) -> int:
        return self._insert_session(
            game,
            config,
            seed,
            players,
            "active",
            now(),
            None,
            None,
            checked=self.clock_known_right(),
        )

    def raw_session(self, session_id: int) -> dict[str, Any]:
        """The row and its events exactly as stored, for exporting a damaged game."""
        with self._reading():
            row = self.db.execute("select * from sessions where id = ?", [session_id])
            names = [column[0] for column in row.description]
            values = row.fetchone()
            if values is None:
                raise KeyError(f"no saved game {session_id}")
            stored: dict[str, Any] = {
                name: raw(value) for name, value in zip(names, values, strict=True)
            }
            stored["events"] = [
                {"seq": raw(seq), "at": raw(at), "payload": raw(payload)}
                for seq, at, payload in self.db.execute(
                    "select seq, at, payload from events where session_id = ? order by seq",
                    [session_id],
                )
            ]
        return stored

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
            row_id = self.db.table("sessions").insert(row).last_pk
        assert row_id is not None  # every insert sets it
        return int(row_id)

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
        if self.on_game_finished is not None:
            self.on_game_finished()

    def abandon_session(self, session_id: int) -> None:
        self._close_session(session_id, "abandoned", None)

    def _close_session(self, session_id: int, status: str, outcome: Any) -> None:
        closed = now()
        with self._writing():
            self.db.execute(
                "update sessions set status = ?, outcome = ?, ended = ?, updated = ? where id = ?",
                [status, json.dumps(outcome), closed, closed, session_id],
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

    def session_ids(self) -> list[int]:
        """Every session's id, the oldest first (by its start as saved): to read them
        all a few at a time (``sessions_by_id``), however many there are."""
        with self._reading():
            rows = self.db.execute("select id from sessions order by started, id").fetchall()
        return [int(row[0]) for row in rows]

    def sessions_by_id(self, ids: list[int]) -> list[SavedSession]:
        """The sessions with these ids (those that exist), in the order given."""
        if not ids:
            return []
        marks = ", ".join("?" * len(ids))
        found = {s.id: s for s in self._sessions(f"where s.id in ({marks})", list(ids))}
        return [found[i] for i in ids if i in found]

    def unfinished_sessions(self, game: str | None = None) -> list[SavedSession]:
        """The games to resume (a damaged one is left to History, which explains it).
        Only those rows are read: Home asks at every visit (and as a mended file is
        opened), and reading thousands of finished games takes the window a moment."""
        where, params = "where s.status = 'active'", []
        if game is not None:
            where, params = f"{where} and s.game = ?", [game]
        return [s for s in self._sessions(where, params) if s.damage is None]

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


def _read_session(row: dict[str, Any]) -> SavedSession:
    """A row of sessions, each column checked: what cannot be read is named in ``damage``
    and replaced by a harmless default, so that one bad value never hides the others."""
    problems: list[str] = []

    def check(ok: bool, what: str) -> bool:
        if not ok:
            problems.append(what)
        return ok

    game = row["game"]
    if not check(isinstance(game, str) and not isinstance(game, Undecodable), "its game"):
        game = "unknown"
    config = json_or_none(row["config"])
    if row["config"] != "null":
        check(config is not None, "its options")
    seed = row["seed"] if check(isinstance(row["seed"], int), "its shuffle") else 0
    players = json_or_none(row["players"])
    if not check(
        isinstance(players, list) and all(isinstance(name, str) for name in players),
        "its players",
    ):
        players = []
    status = row["status"] if check(row["status"] in STATUSES, "whether it is over") else "damaged"
    started = date_or_none(row["started"])
    check(started is not None, "its start time")
    updated = date_or_none(row["updated"]) or started or ""
    ended = date_or_none(row["ended"])
    check(ended is not None or row["ended"] is None, "its end time")
    outcome = json_or_none(row["outcome"]) if row["outcome"] not in (None, "null") else None
    if not check(outcome is None or isinstance(outcome, dict), "its result"):
        outcome = None
    if row["outcome"] not in (None, "null"):
        check(outcome is not None, "its result")
    external_id = row["external_id"] if isinstance(row["external_id"], str) else None
    # .get: a file opened read-only keeps the columns of the version that wrote it.
    clock_start = date_or_none(row.get("clock_start"))
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
        time_checked=_time_checked(row.get("time_checked"), started, row["events"]),
        clock_start=clock_start,
    )


def _time_checked(checked: Any, started: str | None, moves: int) -> bool:
    """Whether a saved game's time counts as checked. Rows from before times were checked
    (NULL) follow the rule new games do as far as they can: a game played here (it has
    moves) that started before Tableside existed was saved on a clock that was not right
    (a Pi that began again at 1970). An imported play's times are BG Stats' own."""
    if checked is None:
        return not moves or (started is not None and started >= FIRST_RELEASE.isoformat())
    return bool(checked != 0)


def _damage_words(problems: list[str]) -> str | None:
    unique = list(dict.fromkeys(problems))
    if not unique:
        return None
    return f"{listed(unique)} cannot be read"
