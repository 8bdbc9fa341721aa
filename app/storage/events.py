"""Each game's event log: its moves, undos and corrections, one row each, committed before
the screen shows them. A move that cannot be read is named, never skipped silently."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from app.storage.faults import DamagedData, counted
from app.storage.owed import OwedTable
from app.storage.values import json_or_none, now


@dataclass(frozen=True)
class LoggedEvent:
    seq: int
    at: str
    payload: dict[str, Any]


class EventLog(OwedTable):
    def append_event(
        self,
        session_id: int,
        event: dict[str, Any],
        reopen: bool = False,
        owed: Any = None,
        told: Any = None,
    ) -> int:
        """Write one event and commit it before returning its sequence number. With
        ``reopen`` (an undo or a correction after the end) a finished game becomes
        unfinished again, its outcome forgotten, in the same transaction; ``owed``, what
        the table is owed after it (app.storage.owed), and ``told``, what it told the
        table, are kept in the same transaction."""
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
                [session_id, seq, payload, now()],
            )
            if not self.clock_known_right():  # a date set by a person stays right
                self.db.execute(
                    "update sessions set time_checked = 0 where id = ? and clock_start is null",
                    [session_id],
                )
            updated = self.db.execute(
                "update sessions set updated = ? where id = ? and status = 'active'",
                [now(), session_id],
            )
            if updated.rowcount != 1:
                raise ValueError("This game is no longer open, so nothing more can be added.")
            if owed is not None:
                self._write_owed(session_id, owed)
            if told is not None:
                self._write_told(session_id, told)
        return seq

    def events(self, session_id: int) -> list[dict[str, Any]]:
        """The session's events in order; DamagedData if any of them cannot be read."""
        return [event.payload for event in self.logged_events(session_id)]

    def logged_events(self, session_id: int) -> list[LoggedEvent]:
        """The events with their sequence numbers and times, for export and replay."""
        events, unreadable = self.readable_events(session_id)
        if unreadable:
            raise DamagedData(
                f"{counted(len(unreadable), 'saved move')} of this game cannot be read "
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
            payload = json_or_none(row["payload"])
            if isinstance(payload, dict) and isinstance(row["at"], str):
                events.append(LoggedEvent(row["seq"], row["at"], payload))
            else:
                unreadable.append(row["seq"])
        return events, unreadable
