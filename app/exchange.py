"""Saved games out of Tableside, and plays from Board Game Stats into it.

- ``export_json``: every session with its events and the player roster, in Tableside's
  own format (below), for a backup or another program.
- ``export_csv``: ``sessions.csv`` and ``events.csv``, for a spreadsheet.
- ``export_bgstats``: the finished games as plays for the Board Game Stats app ("BG
  Stats", by Eerko Vissering): a ``.bgsplay`` play file, the kind BG Stats opens.
- ``import_bgstats``: the plays of Tableside's four games from such a file (written by
  Tableside or by BG Stats, a play file or a backup), as finished sessions, skipping
  those already here.

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

CSV files are UTF-8 with a header row. In ``sessions.csv`` players are joined with
"; " and scores written "Ana: 41; Bo: 37"; "minutes" is the time its moves took
(app.storage.play_time), and a game whose "time_checked" is "no" has the start and end worked out
from them ("" when none of its times can be right). ``events.csv`` holds each payload as
JSON text and each time as saved.

BG Stats play file (what Tableside writes; on reading, only the fields marked * are
used). The layout follows the public programs that write files BG Stats imports
(ctuncan/bga_bgstats ``bga_bgstats.py``, soul28561/bgstats-lichess-import
``LichessImport.java``) and read them (theiam79/BGStats.Bot ``Models/*.cs``), and BG
Stats' "push plays" support page, whose dates are local wall-clock times without a zone
("2020-10-23 19:16:58") and whose location is the app the play comes from::

    {"about": ..., "userInfo": {"meRefId": 0},            # 0: no player is the phone's owner
     "games": [{"id"*, "uuid", "name"*, "bggId"*, "bggName", "bggYear", "isBaseGame": 1,
                "isExpansion": 0, "cooperative", "highestWins", "noPoints", "usesTeams"}],
     "players": [{"id"*, "uuid", "name"*, "isAnonymous"*, ...}],
     "locations": [{"id": 1, "uuid", "name": "Tableside", "modificationDate"}],
     "plays": [{"uuid"*, "gameRefId"*, "locationRefId": 1,
                "playDate"* ("YYYY-MM-DD HH:MM:SS", the table's local time),
                "durationMin"*, "comments"*, "board": "", "manualWinner", "ignored", ...,
                "playerScores"*: [{"playerRefId"*, "score"* (text), "winner"*, "role",
                                   "startPlayer", "seatOrder"*, "rank", "newPlayer"}]}]}

A game is recognised by its BoardGameGeek id, else by its name. A time with a zone
("+01:00") is read as that moment; one without, as the local time of this table.

A play's uuid is the session's ``external_id`` when it was imported, else a uuid5 of the
game, seed and start time (as the clock gave it, before anyone set the date), so
exporting twice gives the same file and a play that comes back is recognised.

A play's "durationMin" is the time its moves took, pauses and steps of the clock left out
(app.storage.play_time). A game whose time was not checked (the clock was not known to be right)
is dated from the latest of its times that can be right; one with none is left out of
the play file, with a word to set its date in History.
"""

from __future__ import annotations

import csv
import errno
import json
import math
import os
import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path
from typing import Any

from app.games import GAMES
from app.storage.clock_check import LATEST_YEAR
from app.storage.events import LoggedEvent
from app.storage.faults import shorten
from app.storage.play_time import LONGEST_PLAY, parse_time, played
from app.storage.sessions import SavedSession
from app.storage.store import Store
from engines.core import Outcome, to_data
from engines.skulk_hollow.components import GUARDIANS, load_components

FORMAT = "tableside"
FORMAT_VERSION = 1

#: Games where the table plays together against the game: everyone wins or no one does.
COOPERATIVE = frozenset({"skoventyr", "skulk_hollow"})

#: Never change this: the uuids of exported plays (and so duplicate detection) depend on it.
UUID_NAMESPACE = uuid.uuid5(uuid.NAMESPACE_URL, "tableside:bgstats")

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

_BG_DATE = "%Y-%m-%d %H:%M:%S"
_TITLES = {game.key: game.title for game in GAMES}

#: BoardGameGeek's id and year of each game, so that BG Stats matches its plays to the
#: game in a person's collection. Skulk Hollow's is the one public lists of BGG links
#: give (boardgamegeek.com/boardgame/232595/skulk-hollow); for the other three no public
#: source at hand gave an id, so they are written with 0, BG Stats' "no BGG game" (the
#: README says so).
BGG_GAMES: dict[str, tuple[int, int]] = {"skulk_hollow": (232595, 2019)}

#: The one location of every exported play: "the app providing the play", as BG Stats
#: sets it for plays pushed to it from other apps.
LOCATION_NAME = "Tableside"
_LOCATION_ID = 1


def bgstats_file_name(day: date) -> str:
    """The BG Stats file's name in an export: BG Stats opens ``.bgsplay`` files."""
    return f"tableside-{day.isoformat()}.bgsplay"


# -- exports ---------------------------------------------------------------------------


@dataclass(frozen=True)
class _Readable:
    """Everything the store can read, gathered once for every file of an export."""

    players: list[str]
    #: Sessions read whole, oldest first.
    sessions: list[SavedSession]
    events: dict[int, list[LoggedEvent]]
    #: Sessions some of whose events cannot be read: id -> those events as stored.
    unreadable_events: dict[int, list[dict[str, Any]]]
    #: Sessions whose row cannot be read whole, oldest first.
    damaged: list[SavedSession]
    #: The sessions' rows as stored, for the damaged ones.
    raw_rows: dict[int, dict[str, Any]]

    @property
    def skipped(self) -> list[str]:
        """What the CSV and BG Stats files leave out (the JSON file keeps it as stored)."""
        notes = [f"{_game_name(s)} ({s.damage})" for s in self.damaged]
        for session in self.sessions:
            count = len(self.unreadable_events.get(session.id, ()))
            if count:
                moves = "an unreadable move" if count == 1 else f"{count} unreadable moves"
                notes.append(f"{moves} of {_game_name(session)}")
        return notes


def _read_store(store: Store) -> _Readable:
    """What an export writes: each damaged row or event is set apart, never a reason to
    write nothing (an export is the person's backup, wanted most when the file is hurt)."""
    players = [player.name for player in store.players()]
    return _read_sessions(store, _oldest_first(store.sessions()), players)


def _read_sessions(store: Store, sessions: list[SavedSession], players: list[str]) -> _Readable:
    readable: list[SavedSession] = []
    damaged: list[SavedSession] = []
    events: dict[int, list[LoggedEvent]] = {}
    unreadable: dict[int, list[dict[str, Any]]] = {}
    raw_rows: dict[int, dict[str, Any]] = {}
    for session in sessions:
        if session.damage is not None:
            damaged.append(session)
            raw_rows[session.id] = store.raw_session(session.id)
            continue
        readable.append(session)
        events[session.id], bad_seqs = store.readable_events(session.id)
        if bad_seqs:
            bad = set(bad_seqs)
            raw_events = store.raw_session(session.id)["events"]
            unreadable[session.id] = [e for e in raw_events if e.get("seq") in bad]
    return _Readable(players, readable, events, unreadable, damaged, raw_rows)


@dataclass(frozen=True)
class ExportReport:
    folder: Path
    #: The BG Stats file's name ("tableside-2026-12-01.bgsplay").
    bgstats_file: str
    #: What the files leave out, in words: "Skogen game 12 (its players cannot be read)".
    skipped: tuple[str, ...] = ()
    #: The label of the USB stick the folder is on; "" when it is not on one.
    stick: str = ""

    @property
    def message(self) -> str:
        """Where the files are, and what could not be read, for the screen."""
        # The folder's name apart from its place: a whole path is too long for a line.
        where = (
            f" on the stick {self.stick}" if self.stick else f", a folder in {self.folder.parent}"
        )
        text = (
            f"Your games are in {self.folder.name}{where}. "
            "Its files: tableside.json, sessions.csv, events.csv, and "
            f"{self.bgstats_file} to open with the BG Stats app."
        )
        if self.skipped:
            shown = list(self.skipped[:_SKIPPED_SHOWN])
            if len(self.skipped) > _SKIPPED_SHOWN:
                shown.append(f"and {len(self.skipped) - _SKIPPED_SHOWN} more")
            text += (
                "\n\nSome saved games could not be read whole. tableside.json keeps them "
                "as they were saved; the other files leave out: " + "; ".join(shown) + "."
            )
        return text


#: How many skipped games the export's message names, the rest are counted.
_SKIPPED_SHOWN = 8


def export_all(store: Store, folder: Path) -> ExportReport:
    """Every game as Tableside JSON, CSV and a BG Stats file, into ``folder``.

    Whatever can be read is written; ``skipped`` says what could not be. A file that
    cannot be written raises ``OSError`` (see ``write_problem``)."""
    readable = _read_store(store)
    folder.mkdir(parents=True, exist_ok=True)
    _write_json(folder / "tableside.json", _tableside_data(readable))
    _write_csv(readable, folder)
    skipped = readable.skipped
    bgstats_file = bgstats_file_name(datetime.now().date())  # the table's day
    plays = _bgstats_data(readable, skipped, bgstats_file)
    _write_json(folder / bgstats_file, plays)
    return ExportReport(folder, bgstats_file, tuple(dict.fromkeys(skipped)))


def export_json(store: Store, path: Path) -> None:
    """Everything Tableside keeps about its games, in the format described above."""
    _write_json(path, _tableside_data(_read_store(store)))


def _tableside_data(readable: _Readable) -> dict[str, Any]:
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
        "games": dict(_TITLES),
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
    _write_json(path, _tableside_data(_read_sessions(store, [store.session(session_id)], [])))


def export_csv(store: Store, folder: Path) -> tuple[Path, Path]:
    """Write sessions.csv and events.csv into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    return _write_csv(_read_store(store), folder)


def _write_csv(readable: _Readable, folder: Path) -> tuple[Path, Path]:
    sessions_path, events_path = folder / "sessions.csv", folder / "events.csv"
    with sessions_path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(SESSION_COLUMNS)
        for session in readable.sessions:
            outcome = session.outcome if isinstance(session.outcome, dict) else {}
            scores = "; ".join(f"{name}: {score}" for name, score in _scores(outcome).items())
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


def export_bgstats(store: Store, path: Path) -> None:
    """The finished games as BG Stats plays (unfinished and abandoned ones are left out),
    for a ``.bgsplay`` file (``bgstats_file_name``)."""
    _write_json(path, bgstats_data(store))


def bgstats_data(store: Store) -> dict[str, Any]:
    """What ``export_bgstats`` writes: the same for the same saved games, every time."""
    return _bgstats_data(_read_store(store), [], "the BG Stats file")


def _bgstats_data(readable: _Readable, skipped: list[str], file_name: str) -> dict[str, Any]:
    """The BG Stats file; a finished game whose times cannot be read, or none of whose
    times can be right, is added to ``skipped`` (naming ``file_name``)."""
    game_ids: dict[str, int] = {}
    player_ids: dict[str, int] = {}  # casefolded name -> id
    player_rows: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    # Last modification of each game and player: the latest play they are in.
    game_touched: dict[str, str] = {}
    player_touched: dict[str, str] = {}
    for session in readable.sessions:
        if session.status != "finished" or not isinstance(session.outcome, dict):
            continue
        try:
            times = _PlayTimes.of(session, readable.events[session.id])
        except ValueError:
            skipped.append(f"{_game_name(session)} in {file_name} (its times cannot be read)")
            continue
        except _DateUnknown:
            skipped.append(
                f"{_game_name(session)} in {file_name} (the clock was not set when it was "
                "played: set its date in History)"
            )
            continue
        game_ids.setdefault(session.game, len(game_ids) + 1)
        game_touched[session.game] = max(game_touched.get(session.game, ""), times.modified)
        for name in session.players:
            folded = name.casefold()
            if folded not in player_ids:
                player_ids[folded] = len(player_ids) + 1
                player_rows.append(
                    {
                        "id": player_ids[folded],
                        "uuid": str(uuid.uuid5(UUID_NAMESPACE, f"player:{folded}")),
                        "name": name,
                        "isAnonymous": False,
                        "bggUsername": "",
                    }
                )
            player_touched[folded] = max(player_touched.get(folded, ""), times.modified)
        plays.append(_bg_play(session, times, game_ids[session.game], player_ids))
    for row in player_rows:
        row["modificationDate"] = player_touched[str(row["name"]).casefold()]
    games = [
        {
            "id": game_id,
            "uuid": str(uuid.uuid5(UUID_NAMESPACE, f"game:{key}")),
            "name": _TITLES.get(key, key),
            "modificationDate": game_touched[key],
            "cooperative": key in COOPERATIVE,
            "highestWins": True,
            "noPoints": key in COOPERATIVE,
            "usesTeams": False,
            "bggId": BGG_GAMES.get(key, (0, 0))[0],
            "bggName": _TITLES.get(key, key) if key in BGG_GAMES else "",
            "bggYear": BGG_GAMES.get(key, (0, 0))[1],
            "isBaseGame": 1,
            "isExpansion": 0,
        }
        for key, game_id in game_ids.items()
    ]
    location = {
        "id": _LOCATION_ID,
        "uuid": str(uuid.uuid5(UUID_NAMESPACE, "location:tableside")),
        "name": LOCATION_NAME,
        "modificationDate": max(game_touched.values(), default=""),
    }
    return {
        "about": (
            "Plays exported by Tableside for Board Game Stats. Open this file with "
            "Board Game Stats, or import it into Tableside."
        ),
        # Every public generator names "me"; Tableside does not know which player owns
        # the phone, and 0 names no one, so BG Stats merges no player into its owner.
        "userInfo": {"meRefId": 0},
        "games": games,
        "players": player_rows,
        "locations": [location] if plays else [],
        "plays": plays,
    }


class _DateUnknown(Exception):
    """None of a game's times can be right, and no one has set its date."""


@dataclass(frozen=True)
class _PlayTimes:
    """A finished session's times, as BG Stats wants them: the table's local time (the
    store keeps UTC). The play lasts the time its moves took (app.storage.play_time)."""

    start: datetime
    end: datetime
    minutes: int
    modified: str

    @classmethod
    def of(cls, session: SavedSession, events: list[LoggedEvent]) -> _PlayTimes:
        """Raises ValueError for a time that is not one (a damaged row), _DateUnknown for
        a game played on a clock that was not set."""
        play = played(session, events)
        if play.start is None or play.end is None:
            raise _DateUnknown
        start, end = _local(play.start), _local(play.end)
        # A time not checked may be the wrong clock's: the play's own end is surer.
        modified = _local(parse_time(session.updated)) if session.time_checked else end
        return cls(start, end, play.minutes, modified.strftime(_BG_DATE))


def _local(moment: datetime) -> datetime:
    """A UTC moment as the table's wall clock shows it (the system's time zone), with the
    zone dropped as BG Stats does. ValueError for one the clock cannot show."""
    try:
        return moment.astimezone().replace(tzinfo=None)
    except (OverflowError, OSError):  # year 1 or 9999 beyond what the zone can shift
        raise ValueError(f"{moment.isoformat()} is out of range") from None


def play_uuid(session: SavedSession) -> str:
    """The BG Stats uuid of a session: where it came from, or derived from the session."""
    if session.external_id:
        return session.external_id
    # The start the clock gave: setting the date later leaves it the same play.
    name = f"play:{session.game}:{session.seed}:{session.clock_start or session.started}"
    return str(uuid.uuid5(UUID_NAMESPACE, name))


def _bg_play(
    session: SavedSession, times: _PlayTimes, game_id: int, player_ids: dict[str, int]
) -> dict[str, Any]:
    outcome: dict[str, Any] = session.outcome
    result = outcome.get("result")
    winners = _names(outcome.get("winners"))
    scores = _scores(outcome)
    cooperative = session.game in COOPERATIVE
    role = _role(session)
    player_scores = []
    for seat, name in enumerate(session.players):
        # Against the game everyone wins or no one does; otherwise the recorded winners.
        winner = result == "won" if result in ("won", "lost") else name in winners
        score = scores.get(name)
        rank = 0
        if score is not None:
            rank = 1 + sum(1 for other in scores.values() if other > score)
        player_scores.append(
            {
                "playerRefId": player_ids[name.casefold()],
                "score": "" if cooperative or score is None else str(score),
                "winner": winner,
                "newPlayer": False,
                "startPlayer": seat == 0,  # Tableside keeps players in turn order
                "seatOrder": seat + 1,
                "rank": rank,
                "role": role,
            }
        )
    reason = outcome.get("reason")
    return {
        "uuid": play_uuid(session),
        "gameRefId": game_id,
        "locationRefId": _LOCATION_ID,
        "playDate": times.start.strftime(_BG_DATE),
        "playDateYmd": int(times.start.strftime("%Y%m%d")),
        "entryDate": times.end.strftime(_BG_DATE),
        "modificationDate": times.modified,
        "durationMin": times.minutes,
        "comments": reason if isinstance(reason, str) else "",
        "board": "",
        "ignored": False,
        "manualWinner": True,  # Tableside decided the winners; BG Stats need not
        "usesTeams": False,
        "rounds": 0,
        "rating": 0,
        "scoringSetting": 0,
        "bggId": 0,
        "playImages": "[]",
        "expansionPlays": [],
        "playerScores": player_scores,
    }


def _role(session: SavedSession) -> str:
    """The side the players took, as BG Stats' per-player "role" (free text, "" for none;
    BGStats.Bot's ``PlayerScore.Role``). Only Skulk Hollow has sides: the table leads the
    Foxen, and the app plays a guardian, which is no seat of the play, so the role names
    it: "Foxen against Grak"."""
    if session.game != "skulk_hollow":
        return ""
    guardian = session.config.get("guardian") if isinstance(session.config, dict) else None
    if guardian not in GUARDIANS:  # a config the app cannot read: the side is still known
        return "Foxen"
    return f"Foxen against {load_components().guardian(str(guardian)).name}"


# -- import ----------------------------------------------------------------------------


@dataclass(frozen=True)
class ImportReport:
    added: int = 0
    #: Plays already here: the same uuid, or the same game, start time and players.
    duplicates: int = 0
    #: Plays of games Tableside does not know; left out.
    other_games: int = 0
    #: Plays of Tableside's games that name no player; left out.
    without_players: int = 0
    new_players: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """What happened, in a sentence or two for the screen."""
        parts = [f"Added {_count(self.added, 'game')}."]
        if self.duplicates:
            parts.append(
                f"{_count(self.duplicates, 'game')} {_were(self.duplicates)} already here."
            )
        if self.other_games:
            parts.append(
                f"{_count(self.other_games, 'play')} of other games "
                f"{_were(self.other_games)} left out."
            )
        if self.without_players:
            parts.append(
                f"{_count(self.without_players, 'play')} without players "
                f"{_were(self.without_players)} left out."
            )
        if self.new_players:
            parts.append(f"New players: {', '.join(self.new_players)}.")
        return " ".join(parts)


@dataclass(frozen=True)
class _Play:
    uuid: str | None
    game: str
    started: str
    ended: str
    players: tuple[str, ...]
    anonymous: frozenset[str]
    winners: tuple[str, ...]
    scores: tuple[tuple[str, int], ...]
    comment: str


#: The files the importer is offered: BG Stats play files and backups (JSON).
IMPORT_SUFFIXES = (".bgsplay", ".json")
#: Larger files are refused unread: a BG Stats backup of years of plays is a few MB.
MAX_IMPORT_BYTES = 32 * 1024 * 1024
#: Limits past which a value in a file to import is damage (or an attack), not a play.
MAX_MINUTES = int(LONGEST_PLAY.total_seconds()) // 60
MAX_SEATS = 100
MAX_SCORE = 10**9
EARLIEST_PLAY, LATEST_PLAY = 1900, LATEST_YEAR  # years
#: Longer text from a file is cut: a name, a comment (the game's result), a uuid.
NAME_LIMIT, COMMENT_LIMIT, UUID_LIMIT = 40, 500, 100


def import_bgstats(store: Store, path: Path) -> ImportReport:
    """Add the plays of Tableside's games from a BG Stats file as finished sessions.

    Plays already here are skipped, so importing the same file twice adds nothing. A file
    that cannot be read raises ``ValueError`` saying why in a player's words, and nothing
    is changed: all the plays are added, or none.
    """
    plays, other_games, without_players = _read_plays(_load(path))
    sessions = [s for s in store.sessions() if s.damage is None]
    known_ids = {play_uuid(s).casefold() for s in sessions}
    known_ids |= {s.external_id.casefold() for s in sessions if s.external_id}
    known_keys = {key for s in sessions if (key := _known_key(s)) is not None}
    return _add_plays(store, plays, known_ids, known_keys, other_games, without_players)


def _add_plays(
    store: Store,
    plays: list[_Play],
    known_ids: set[str],
    known_keys: set[tuple[str, str, tuple[str, ...]]],
    other_games: int,
    without_players: int,
) -> ImportReport:
    """Add the plays not already here, all in one transaction (StorageFault if the
    storage cannot take it: nothing is added)."""
    added = duplicates = 0
    new_players: list[str] = []
    with store.transaction():
        roster = {player.name.casefold(): player.name for player in store.players()}
        for play in plays:
            key = _key(play.game, play.started, play.players)
            if (play.uuid and play.uuid.casefold() in known_ids) or key in known_keys:
                duplicates += 1
                continue
            names = []
            for name in play.players:
                if name.casefold() not in roster and name not in play.anonymous:
                    try:
                        roster[name.casefold()] = store.add_player(name).name
                        new_players.append(roster[name.casefold()])
                    except ValueError:  # a name the roster refuses (too long) stays on the game
                        pass
                names.append(roster.get(name.casefold(), name))
            rename = dict(zip(play.players, names, strict=True))
            store.add_finished_session(
                play.game,
                names,
                play.started,
                play.ended,
                _outcome(play, rename),
                external_id=play.uuid,
            )
            added += 1
            known_keys.add(key)
            if play.uuid:
                known_ids.add(play.uuid.casefold())
    return ImportReport(added, duplicates, other_games, without_players, tuple(new_players))


def _outcome(play: _Play, rename: dict[str, str]) -> Any:
    if play.game in COOPERATIVE:
        won = bool(play.winners)
        reason = play.comment or ("The table won." if won else "The table lost.")
        return to_data(Outcome(result="won" if won else "lost", reason=reason))
    winners = tuple(rename[name] for name in play.winners)
    if play.comment:
        reason = play.comment
    elif winners:
        reason = f"{' and '.join(winners)} won."
    else:
        reason = "No winner was recorded."
    scores = tuple((rename[name], score) for name, score in play.scores)
    return to_data(Outcome(result="scored", reason=reason, winners=winners, scores=scores))


def _load(path: Path) -> Any:
    """The file's JSON. Everything in it is untrusted: a file a person picked, perhaps
    damaged, perhaps made to harm; what cannot be read raises ValueError in words."""
    try:
        if not path.is_file():
            raise ValueError("This is not a file that can be imported.")
        with path.open("rb") as file:
            content = file.read(MAX_IMPORT_BYTES + 1)
    except OSError as error:
        why = error.strerror or "the storage did not answer"
        raise ValueError(f"The file could not be read ({why}).") from error
    if len(content) > MAX_IMPORT_BYTES:
        raise ValueError(
            "This file is too large to be a BG Stats export "
            f"(more than {MAX_IMPORT_BYTES // 2**20} MB)."
        )
    try:
        text = content.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise ValueError("This file is not a BG Stats export: it is not text.") from None
    try:
        return json.loads(text)
    except RecursionError:  # brackets nested thousands deep
        raise ValueError("This file is not a BG Stats export: it is nested too deeply.") from None
    except ValueError:  # not JSON, or a number with thousands of digits
        raise ValueError("This file is not a BG Stats export: it is not JSON.") from None


def _read_plays(data: Any) -> tuple[list[_Play], int, int]:
    """The plays of Tableside's games, and how many plays were of other games / empty."""
    if not isinstance(data, dict) or not isinstance(data.get("plays"), list):
        raise ValueError("This file is not a BG Stats export: it has no plays.")
    games = _by_id(data.get("games"), "games")
    people = _by_id(data.get("players"), "players")
    plays: list[_Play] = []
    other_games = without_players = 0
    for play in data["plays"]:
        if not isinstance(play, dict) or _ref(play.get("gameRefId")) not in games:
            raise ValueError("This file is damaged: a play names a game that is not in it.")
        game = _game_key(games[play["gameRefId"]])
        if game is None:
            other_games += 1
            continue
        title = _TITLES[game]
        start = _read_date(play.get("playDate"), title)
        seats = play.get("playerScores", [])
        if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
            raise ValueError(f"This file is damaged: a play of {title} has unreadable players.")
        if not seats:
            without_players += 1
            continue
        if len(seats) > MAX_SEATS:
            raise ValueError(f"This file is damaged: a play of {title} has {len(seats)} players.")
        numbers = [seat.get("seatOrder") for seat in seats]
        if all(type(n) is int and n > 0 for n in numbers) and len(set(numbers)) == len(numbers):
            seats = sorted(seats, key=lambda seat: int(seat["seatOrder"]))
        players: list[str] = []
        anonymous: set[str] = set()
        winners: list[str] = []
        scores: list[tuple[str, int]] = []
        for seat in seats:
            ref = _ref(seat.get("playerRefId"))
            if ref not in people:
                raise ValueError(
                    f"This file is damaged: a play of {title} names a player that is not in it."
                )
            person = people[ref]
            name = _text(person.get("name"), NAME_LIMIT) or shorten(f"Player {ref}", NAME_LIMIT)
            if name.casefold() in (p.casefold() for p in players):
                continue  # the same person twice in one play: keep the first seat
            players.append(name)
            if person.get("isAnonymous") is True:
                anonymous.add(name)
            if seat.get("winner") is True:
                winners.append(name)
            score = _read_score(seat.get("score"))
            if score is not None:
                scores.append((name, score))
        ended = start + timedelta(minutes=_read_minutes(play.get("durationMin"), title))
        identifier = _text(play.get("uuid"), UUID_LIMIT + 1)
        plays.append(
            _Play(
                uuid=identifier if 0 < len(identifier) <= UUID_LIMIT else None,
                game=game,
                started=start.isoformat(timespec="seconds"),
                ended=ended.isoformat(timespec="seconds"),
                players=tuple(players),
                anonymous=frozenset(anonymous),
                winners=tuple(winners),
                scores=tuple(scores),
                comment=_text(play.get("comments"), COMMENT_LIMIT),
            )
        )
    return plays, other_games, without_players


def _by_id(rows: Any, what: str) -> dict[int | str, dict[str, Any]]:
    if not isinstance(rows, list) or not all(
        isinstance(row, dict) and _ref(row.get("id")) is not None for row in rows
    ):
        raise ValueError(f"This file is not a BG Stats export: it has no list of {what}.")
    return {row["id"]: row for row in rows}


def _ref(value: Any) -> int | str | None:
    """An id or reference as BG Stats writes them (numbers), or None."""
    return value if isinstance(value, (int, str)) and not isinstance(value, bool) else None


def _text(value: Any, limit: int) -> str:
    """Text from a file to import, as Tableside can keep it: with single spaces, at most
    ``limit`` characters, and no lone surrogates (which JSON allows and SQLite refuses);
    "" for anything that is not text."""
    if not isinstance(value, str):
        return ""
    value = value.encode("utf-8", "replace").decode("utf-8")
    return shorten(" ".join(value.split()), limit)


def _simple(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


_GAME_NAMES = {_simple(name): game.key for game in GAMES for name in (game.key, game.title)}
_GAME_BGG_IDS = {bgg_id: key for key, (bgg_id, _year) in BGG_GAMES.items()}


def _game_key(game: dict[str, Any]) -> str | None:
    """Tableside's key for a BG Stats game: by its BoardGameGeek id, which holds whatever
    the person named the game, else by its name ("Skulk Hollow", "skulk_hollow"...)."""
    bgg_id = game.get("bggId")
    if type(bgg_id) is int and bgg_id in _GAME_BGG_IDS:
        return _GAME_BGG_IDS[bgg_id]
    name = game.get("name")
    return _GAME_NAMES.get(_simple(name)) if isinstance(name, str) else None


def _read_date(value: Any, title: str) -> datetime:
    """A BG Stats play date in UTC, in the years a play can have been. BG Stats writes the
    wall-clock time of the play without a zone: it is read as this table's local time."""
    if not isinstance(value, str):
        raise ValueError(f"This file is damaged: a play of {title} has no date.")
    try:
        moment = datetime.fromisoformat(value.strip())
    except ValueError:
        moment = None
    # The years are checked before the zone is applied: far years cannot be shifted.
    if moment is None or not EARLIEST_PLAY <= moment.year < LATEST_PLAY:
        raise ValueError(
            f"This file is damaged: a play of {title} has no readable date ({shorten(value, 40)})."
        )
    # A naive time is local (astimezone reads it so); one with a zone is that moment.
    return moment.astimezone(UTC).replace(microsecond=0)


def _read_minutes(value: Any, title: str) -> int:
    """A play's duration in whole minutes; 0 when the file gives none."""
    if value is None:
        return 0
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and math.isfinite(value) and 0 <= value <= MAX_MINUTES:
        return int(value)
    raise ValueError(
        f"This file is damaged: a play of {title} lasts {shorten(str(value), 40)} minutes."
    )


def _read_score(value: Any) -> int | None:
    """A score, or None for no score (empty, not a number, or beyond any game's)."""
    whole_number = isinstance(value, float) and value.is_integer()
    if whole_number or (isinstance(value, str) and re.fullmatch(r"\s*-?\d{1,12}\s*", value)):
        value = int(value)
    if type(value) is int and abs(value) <= MAX_SCORE:
        return value
    return None


# -- shared helpers --------------------------------------------------------------------


def _bg_date(text: str) -> str:
    return parse_time(text).strftime(_BG_DATE)


def _key(game: str, started: str, players: Iterable[str]) -> tuple[str, str, tuple[str, ...]]:
    """What makes two records the same play when their uuids do not say so."""
    return game, _bg_date(started), tuple(sorted(name.casefold() for name in players))


def _known_key(session: SavedSession) -> tuple[str, str, tuple[str, ...]] | None:
    """``_key`` of a saved session, or None if its start time cannot be read."""
    try:
        return _key(session.game, session.started, session.players)
    except ValueError:
        return None


def _names(value: Any) -> set[str]:
    """The names in a saved list of names (winners), ignoring anything else."""
    return {name for name in value if isinstance(name, str)} if isinstance(value, list) else set()


def _scores(outcome: dict[str, Any]) -> dict[str, int]:
    pairs = outcome.get("scores") or ()
    return {
        pair[0]: pair[1]
        for pair in (pairs if isinstance(pairs, (list, tuple)) else ())
        if isinstance(pair, (list, tuple))
        and len(pair) == 2
        and isinstance(pair[0], str)
        and type(pair[1]) is int
    }


def _game_name(session: SavedSession) -> str:
    """How an export's message names a session: "Skogen game 12" (the id is the one in
    tableside.json)."""
    title = _TITLES.get(session.game)
    return f"{title} game {session.id}" if title else f"game {session.id}"


def _oldest_first(sessions: list[SavedSession]) -> list[SavedSession]:
    return sorted(sessions, key=lambda session: (session.started, session.id))


def _count(number: int, word: str) -> str:
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def _were(number: int) -> str:
    return "was" if number == 1 else "were"


def _write_json(path: Path, data: Any) -> None:
    """Write through a temporary file so a full disk never leaves half an export."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as file:
            json.dump(data, file, ensure_ascii=False, indent=2)
            file.write("\n")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


_WRITE_PROBLEMS = {
    errno.ENOSPC: "there is no space left there",
    errno.EDQUOT: "there is no space left there",
    errno.EROFS: "that place is read-only",
    errno.EACCES: "Tableside may not write there",
    errno.EPERM: "Tableside may not write there",
    errno.EIO: "the storage failed to write (a loose or worn-out stick or card?)",
    errno.ENOENT: "that place is gone (a stick taken out?)",
}


def write_problem(error: OSError) -> str:
    """Why files could not be written, in a player's words (never the system's text)."""
    return _WRITE_PROBLEMS.get(error.errno or 0, "the storage refused them")
