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
                   "events": [{"seq": 1, "at": ..., "payload": {...}}, ...]}, ...],
     "damaged_sessions": [{"id": 2, "damage": "its players cannot be read",
                           "stored": {...}}, ...]}    # the row as stored, with its events

A session some of whose events cannot be read has them as stored, their payload as text,
under "unreadable_events". The file is written one session, and one event, to a line.

A reader should refuse a "version" above the one it knows; new keys may be added to
version 1 without notice, so unknown keys are to be ignored.
"""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import TextIO

from app.exchange.files import JsonArray, dumps, written
from app.exchange.saved import SavedGame, write_games
from app.games import GAMES
from app.storage.store import Store

FORMAT = "tableside"
FORMAT_VERSION = 1


class TablesideJson:
    """Tableside JSON written into ``file`` game by game (a GameWriter)."""

    def __init__(self, file: TextIO, store: Store, players: list[str]) -> None:
        self._file = file
        self._store = store
        #: Rows that cannot be read whole: written after the others, read again then.
        self._damaged: list[tuple[int, str]] = []
        head = {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "exported": datetime.now(UTC).isoformat(timespec="seconds"),
            "games": {game.key: game.title for game in GAMES},
            "players": players,
        }
        file.write(dumps(head)[:-1] + ',\n "sessions": ')
        self._sessions = JsonArray(file, "  ")

    def add(self, game: SavedGame) -> None:
        session = game.session
        if session.damage is not None:  # not whole
            self._damaged.append((session.id, session.damage))
            return
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
        }
        if game.unreadable_events:
            # Kept as stored (payload as text), so nothing the person had is lost.
            entry["unreadable_events"] = game.unreadable_events
        self._sessions.add(dumps(entry)[:-1] + ', "events": ')
        events = JsonArray(self._file, "   ")
        for event, payload in zip(game.events, game.payloads, strict=True):
            events.add(f'{{"seq": {event.seq}, "at": {dumps(event.at)}, "payload": {payload}}}')
        events.close()
        self._file.write("}")

    def finish(self) -> None:
        self._sessions.close()
        self._file.write(',\n "damaged_sessions": ')
        damaged = JsonArray(self._file, "  ")
        for session_id, damage in self._damaged:
            stored = self._store.raw_session(session_id)
            damaged.add(dumps({"id": session_id, "damage": damage, "stored": stored}))
        damaged.close()
        self._file.write("}\n")


def export_json(store: Store, path: Path) -> None:
    """Everything Tableside keeps about its games, in the format described above."""
    players = [player.name for player in store.players()]
    with written(path) as file:
        write_games(store, [TablesideJson(file, store, players)])


def export_session_as_stored(store: Store, session_id: int, path: Path) -> None:
    """One damaged session in a Tableside JSON file of its own, to keep it or to show
    someone who can help: its row as stored (under "damaged_sessions"), or, for a whole
    row with events that cannot be read, those events as stored."""
    with written(path) as file:
        write_games(store, [TablesideJson(file, store, [])], ids=[session_id])
