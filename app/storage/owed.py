"""What the table is still owed in each game being played: the instructions being told
and how far the table has got with them, notes kept for the prompt, the order heroes
came in (app.play.owed). One row a game, replaced whole: written with the event it
follows in one transaction (``EventLog.append_event``), or alone when only the table
moved on (a Done). ``seq`` is the number of events it belongs after, so a row that does
not match the log is never read back for another moment.

And what each move told the table (``told``): a row a move, kept for the story of the
game that a phone at the table reads (app.phones), written with the move."""

from __future__ import annotations

import json
from typing import Any

from app.storage.opening import StoreFile
from app.storage.values import json_or_none


class OwedTable(StoreFile):
    def save_owed(self, session_id: int, data: Any) -> None:
        """Keep ``data`` as what the table is owed after the game's latest event."""
        with self._writing():
            self._write_owed(session_id, data)

    def _write_owed(self, session_id: int, data: Any) -> None:
        """The write itself, inside a transaction the caller holds."""
        self.db.execute(
            "insert or replace into owed (session_id, seq, data) values "
            "(?, (select count(*) from events where session_id = ?), ?)",
            [session_id, session_id, json.dumps(data)],
        )

    def owed(self, session_id: int, events: int) -> Any:
        """What was kept for the game after its ``events``-th event, or None: none kept,
        kept for another moment, or unreadable (the table is then owed nothing)."""
        with self._reading():
            row = self.db.execute(
                "select seq, data from owed where session_id = ?", [session_id]
            ).fetchone()
        if row is None or row[0] != events:
            return None
        return json_or_none(row[1])

    def _write_told(self, session_id: int, data: Any) -> None:
        """Keep ``data`` as what the game's latest event told the table (inside the
        transaction that wrote the event)."""
        self.db.execute(
            "insert or replace into told (session_id, seq, data) values "
            "(?, (select count(*) from events where session_id = ?), ?)",
            [session_id, session_id, json.dumps(data)],
        )

    def told(self, session_id: int) -> dict[int, Any]:
        """What each event of the game told the table, by its number (from 1); an event
        with none kept (saved by an older release, or unreadable) is left out."""
        with self._reading():
            rows = self.db.execute(
                "select seq, data from told where session_id = ?", [session_id]
            ).fetchall()
        found = {int(seq): json_or_none(data) for seq, data in rows}
        return {seq: data for seq, data in found.items() if data is not None}
