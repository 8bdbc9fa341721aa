"""``sessions.csv`` and ``events.csv``, for a spreadsheet.

CSV files are UTF-8 with a byte-order mark (``CSV_ENCODING``), which tells a spreadsheet
(Excel on Windows reads a file without one as ANSI) that Øyvind and Zoë are UTF-8, and a
header row. In ``sessions.csv`` players are joined with
"; " and scores written "Ana: 41; Bo: 37"; "minutes" is the time its moves took
(app.storage.play_time), and a game whose "time_checked" is "no" has the start and end
worked out from them ("" when none of its times can be right). ``events.csv`` holds each
payload as JSON text and each time as saved.

A text cell that a spreadsheet would take for a formula (it begins with "=", "+", "-",
"@", a tab or a carriage return: a player's name, an imported comment) is written with
an apostrophe before it, which spreadsheets show as text and do not display.
"""

from __future__ import annotations

import csv
from contextlib import AbstractContextManager, ExitStack
from datetime import datetime
from pathlib import Path
from typing import Any, TextIO

from app.exchange.files import written
from app.exchange.saved import SavedGame, outcome_scores, write_games
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

SESSIONS_FILE, EVENTS_FILE = "sessions.csv", "events.csv"
CSV_ENCODING = "utf-8-sig"

#: What makes a spreadsheet read a cell as a formula (OWASP's list for CSV injection).
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def as_text(cell: Any) -> Any:
    """A text cell a spreadsheet shows as text; numbers stay numbers."""
    if isinstance(cell, str) and cell.startswith(FORMULA_STARTS):
        return "'" + cell
    return cell


class _TextRows:
    """A csv.writer whose text cells never start a formula."""

    def __init__(self, file: TextIO) -> None:
        self._writer = csv.writer(file)

    def writerow(self, row: list[Any] | tuple[Any, ...]) -> None:
        self._writer.writerow([as_text(cell) for cell in row])


class CsvFiles:
    """``sessions.csv`` and ``events.csv`` written game by game (a GameWriter); a game
    whose row cannot be read whole is left out of both, its unreadable events out of
    ``events.csv``."""

    def __init__(self, sessions_file: TextIO, events_file: TextIO) -> None:
        self._sessions = _TextRows(sessions_file)
        self._sessions.writerow(SESSION_COLUMNS)
        self._events = _TextRows(events_file)
        self._events.writerow(EVENT_COLUMNS)

    def add(self, game: SavedGame) -> None:
        if not game.whole:
            return
        session = game.session
        outcome = session.outcome if isinstance(session.outcome, dict) else {}
        scores = "; ".join(f"{name}: {score}" for name, score in outcome_scores(outcome).items())
        started, ended, minutes = _csv_times(game)
        self._sessions.writerow(
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
        for event, payload in zip(game.events, game.payloads, strict=True):
            self._events.writerow([session.id, event.seq, event.at, payload])

    def finish(self) -> None:
        """Nothing more to write: a CSV file has no end of its own."""


def export_csv(store: Store, folder: Path) -> tuple[Path, Path]:
    """Write sessions.csv and events.csv into ``folder``; returns their paths."""
    sessions_path, events_path = folder / SESSIONS_FILE, folder / EVENTS_FILE
    with ExitStack() as files:
        sessions_file = files.enter_context(csv_written(sessions_path))
        events_file = files.enter_context(csv_written(events_path))
        write_games(store, [CsvFiles(sessions_file, events_file)])
    return sessions_path, events_path


def csv_written(path: Path) -> AbstractContextManager[TextIO]:
    """A CSV file to write (app.exchange.files.written), as the csv module wants it."""
    return written(path, newline="", encoding=CSV_ENCODING)


def _csv_times(game: SavedGame) -> tuple[str, str, str]:
    """A row's start, end and minutes of play: as saved when its time was checked, else
    worked out from its moves ("" where they cannot tell)."""
    session = game.session
    try:
        play = game.play_time
    except ValueError:  # a time beyond what UTC can hold: shown as it was saved
        return session.started, session.ended or "", ""
    if session.time_checked:
        return session.started, session.ended or "", str(play.minutes)
    start = _iso(play.start)
    return start, (_iso(play.end) if session.ended and start else ""), str(play.minutes)


def _iso(moment: datetime | None) -> str:
    return "" if moment is None else moment.isoformat(timespec="seconds")
