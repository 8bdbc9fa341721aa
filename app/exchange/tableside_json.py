"""Tableside's own JSON format: every session with its events and the player roster, for
a backup or another program.

Tableside JSON, version 1 (times are ISO 8601 in UTC, as the store keeps them)::

    {"format": "tableside", "version": 1, "exported": "2026-11-29T19:02:44+00:00",
     "games": {"skoventyr": "Skoventyr", ...},           # key -> title
     "players": ["Ana", "Bo"],                            # the roster
     "sessions": [{"id": 1, "game": "chickwood", "config": {...}, "seed": 7,
                   "players": ["Ana", "Bo"],              # in turn order
                   "status": "finished",                  # or "active", "abandoned"
                   "started": ..., "updated": ..., "ended": ... | null,
                   "outcome": {"result": "scored", "reason": ..., "cause": ...,
                               "winners": [...], "scores": [["Ana", 41], ...]} | null,
                   "external_id": null,                   # a BG Stats play's uuid
                   "time_checked": true,   # false: saved while the clock was not known right
                   "clock_start": null,    # the start the clock gave, if a person set the date
                   "events": [{"seq": 1, "at": ..., "payload": {...}}, ...]}, ...]}

A reader should refuse a "version" above the one it knows; new keys may be added to
version 1 without notice, so unknown keys are to be ignored.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.exchange.files import write_json
from app.exchange.saved import TITLES, Readable, read_sessions, read_store
from app.storage.store import Store

FORMAT = "tableside"
FORMAT_VERSION = 1


def export_json(store: Store, path: Path) -> None:
    """Everything Tableside keeps about its games, in the format described above."""
    write_json(path, tableside_data(read_store(store)))


def tableside_data(readable: Readable) -> dict[str, Any]:
    sessions = []
    for session in readable.sessions:
        entry = {
            "id": session.id,
            "game": session.game,
            "config": session.config,
            "seed": session.seed,
            "players": list(session.players),
            "status": session.status,
            "started": session.started,
            "updated": session.updated,
            "ended": session.ended,
            "outcome": session.outcome,
            "external_id": session.external_id,
            "time_checked": session.time_checked,
            "clock_start": session.clock_start,
            "events": [
                {"seq": event.seq, "at": event.at, "payload": event.payload}
                for event in readable.events[session.id]
            ],
        }
        if session.id in readable.unreadable_events:
            # Kept as stored (payload as text), so nothing the person had is lost.
            entry["unreadable_events"] = readable.unreadable_events[session.id]
        sessions.append(entry)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "games": dict(TITLES),
        "players": readable.players,
        "sessions": sessions,
        # Rows that cannot be read whole, column by column as stored, with their events.
        "damaged_sessions": [
            {"id": s.id, "damage": s.damage, "stored": readable.raw_rows[s.id]}
            for s in readable.damaged
        ],
    }


def export_session_as_stored(store: Store, session_id: int, path: Path) -> None:
    """One damaged session in a Tableside JSON file of its own, to keep it or to show
    someone who can help: its row as stored (under "damaged_sessions"), or, for a whole
    row with events that cannot be read, those events as stored."""
    write_json(path, tableside_data(read_sessions(store, [store.session(session_id)], [])))
