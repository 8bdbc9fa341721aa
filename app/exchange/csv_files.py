"""``sessions.csv`` and ``events.csv``, for a spreadsheet.

CSV files are UTF-8 with a header row. In ``sessions.csv`` players are joined with
"; " and scores written "Ana: 41; Bo: 37"; "minutes" is the time its moves took
(app.storage.play_time), and a game whose "time_checked" is "no" has the start and end
worked out from them ("" when none of its times can be right). ``events.csv`` holds each
payload as JSON text and each time as saved.
"""

from __future__ import annotations

import csv
import json
from datetime import datetime
from pathlib import Path

from app.exchange.saved import Readable, outcome_scores, read_store
from app.storage.events import LoggedEvent
from app.storage.play_time import played
from app.storage.sessions import SavedSession
from app.storage.store import Store

SESSION_COLUMNS = (
    "id",
    "game",
    "started",
    "ended",
    "status",
    "players",
    "result",
    "reason",
    "scores",
    "minutes",
    "time_checked",
)


EVENT_COLUMNS = ("session_id", "seq", "time", "payload")


def export_csv(store: Store, folder: Path) -> tuple[Path, Path]:
    """Write sessions.csv and events.csv into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    return write_csv(read_store(store), folder)


def write_csv(readable: Readable, folder: Path) -> tuple[Path, Path]:
    sessions_path, events_path = folder / "sessions.csv", folder / "events.csv"
    with sessions_path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(SESSION_COLUMNS)
        for session in readable.sessions:
            outcome = session.outcome if isinstance(session.outcome, dict) else {}
            scores = "; ".join(
                f"{name}: {score}" for name, score in outcome_scores(outcome).items()
            )
            started, ended, minutes = _csv_times(session, readable.events[session.id])
            writer.writerow(
                [
                    session.id,
                    session.game,
                    started,
                    ended,
                    session.status,
                    "; ".join(session.players),
                    outcome.get("result", ""),
                    outcome.get("reason", ""),
                    scores,
                    minutes,
                    "yes" if session.time_checked else "no",
                ]
            )
    with events_path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(EVENT_COLUMNS)
        for session in readable.sessions:
            for event in readable.events[session.id]:
                payload = json.dumps(event.payload, ensure_ascii=False)
                writer.writerow([session.id, event.seq, event.at, payload])
    return sessions_path, events_path


def _csv_times(session: SavedSession, events: list[LoggedEvent]) -> tuple[str, str, str]:
    """A row's start, end and minutes of play: as saved when its time was checked, else
    worked out from its moves ("" where they cannot tell)."""
    try:
        play = played(session, events)
    except ValueError:  # a time beyond what UTC can hold: shown as it was saved
        return session.started, session.ended or "", ""
    if session.time_checked:
        return session.started, session.ended or "", str(play.minutes)
    start = _iso(play.start)
    return start, (_iso(play.end) if session.ended and start else ""), str(play.minutes)


def _iso(moment: datetime | None) -> str:
    return "" if moment is None else moment.isoformat(timespec="seconds")
