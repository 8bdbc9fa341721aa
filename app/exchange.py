"""Saved games out of Tableside, and plays from Board Game Stats into it.

- ``export_json``: every session with its events and the player roster, in Tableside's
  own format (below), for a backup or another program.
- ``export_csv``: ``sessions.csv`` and ``events.csv``, for a spreadsheet.
- ``export_bgstats``: the finished games as plays for the Board Game Stats app ("BG
  Stats", by Eerko Vissering), in the JSON layout of its play files and backups.
- ``import_bgstats``: the plays of Tableside's four games from such a file (written by
  Tableside or by BG Stats), as finished sessions, skipping those already here.

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
                   "events": [{"seq": 1, "at": ..., "payload": {...}}, ...]}, ...]}

A reader should refuse a "version" above the one it knows; new keys may be added to
version 1 without notice, so unknown keys are to be ignored.

CSV files are UTF-8 with a header row. In ``sessions.csv`` players are joined with
"; " and scores written "Ana: 41; Bo: 37"; ``events.csv`` holds each payload as JSON text.

BG Stats layout (what Tableside writes; on reading, only the fields marked * are used)::

    {"about": ..., "games": [{"id"*, "uuid", "name"*, "cooperative", "highestWins",
                              "noPoints", "usesTeams", "bggId", ...}],
     "players": [{"id"*, "uuid", "name"*, "isAnonymous"*, ...}], "locations": [],
     "plays": [{"uuid"*, "gameRefId"*, "playDate"* ("YYYY-MM-DD HH:MM:SS", UTC),
                "durationMin"*, "comments"*, "manualWinner", "ignored", ...,
                "playerScores"*: [{"playerRefId"*, "score"* (text), "winner"*,
                                   "startPlayer", "seatOrder"*, "rank", "newPlayer"}]}]}

A play's uuid is the session's ``external_id`` when it was imported, else a uuid5 of the
game, seed and start time, so exporting twice gives the same file and a play that comes
back is recognised.
"""

from __future__ import annotations

import csv
import json
import os
import re
import uuid
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from app.games import GAMES
from app.store import SavedSession, Store
from engines.core import Outcome, to_data

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
)
EVENT_COLUMNS = ("session_id", "seq", "time", "payload")

_BG_DATE = "%Y-%m-%d %H:%M:%S"
_TITLES = {game.key: game.title for game in GAMES}


# -- exports ---------------------------------------------------------------------------


def export_json(store: Store, path: Path) -> None:
    """Everything Tableside keeps about its games, in the format described above."""
    data = {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "exported": datetime.now(UTC).isoformat(timespec="seconds"),
        "games": dict(_TITLES),
        "players": [player.name for player in store.players()],
        "sessions": [
            {
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
                "events": [
                    {"seq": event.seq, "at": event.at, "payload": event.payload}
                    for event in store.logged_events(session.id)
                ],
            }
            for session in _oldest_first(store.sessions())
        ],
    }
    _write_json(path, data)


def export_csv(store: Store, folder: Path) -> tuple[Path, Path]:
    """Write sessions.csv and events.csv into ``folder``; returns their paths."""
    folder.mkdir(parents=True, exist_ok=True)
    sessions_path, events_path = folder / "sessions.csv", folder / "events.csv"
    sessions = _oldest_first(store.sessions())
    with sessions_path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(SESSION_COLUMNS)
        for session in sessions:
            outcome = session.outcome if isinstance(session.outcome, dict) else {}
            scores = "; ".join(f"{name}: {score}" for name, score in _scores(outcome).items())
            writer.writerow(
                [
                    session.id,
                    session.game,
                    session.started,
                    session.ended or "",
                    session.status,
                    "; ".join(session.players),
                    outcome.get("result", ""),
                    outcome.get("reason", ""),
                    scores,
                ]
            )
    with events_path.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(EVENT_COLUMNS)
        for session in sessions:
            for event in store.logged_events(session.id):
                payload = json.dumps(event.payload, ensure_ascii=False)
                writer.writerow([session.id, event.seq, event.at, payload])
    return sessions_path, events_path


def export_bgstats(store: Store, path: Path) -> None:
    """The finished games as BG Stats plays (unfinished and abandoned ones are left out)."""
    _write_json(path, bgstats_data(store))


def bgstats_data(store: Store) -> dict[str, Any]:
    """What ``export_bgstats`` writes: the same for the same saved games, every time."""
    finished = [
        s
        for s in _oldest_first(store.sessions())
        if s.status == "finished" and isinstance(s.outcome, dict)
    ]
    game_ids: dict[str, int] = {}
    player_ids: dict[str, int] = {}  # casefolded name -> id
    player_rows: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    # Last modification of each game and player: the latest play they are in.
    game_touched: dict[str, str] = {}
    player_touched: dict[str, str] = {}
    for session in finished:
        game_ids.setdefault(session.game, len(game_ids) + 1)
        modified = _bg_date(session.updated)
        game_touched[session.game] = max(game_touched.get(session.game, ""), modified)
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
            player_touched[folded] = max(player_touched.get(folded, ""), modified)
        plays.append(_bg_play(session, game_ids[session.game], player_ids))
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
            "bggId": 0,
            "bggYear": 0,
        }
        for key, game_id in game_ids.items()
    ]
    return {
        "about": (
            "Plays exported by Tableside for Board Game Stats. Open this file with "
            "Board Game Stats, or import it into Tableside."
        ),
        "games": games,
        "players": player_rows,
        "locations": [],
        "plays": plays,
    }


def play_uuid(session: SavedSession) -> str:
    """The BG Stats uuid of a session: where it came from, or derived from the session."""
    if session.external_id:
        return session.external_id
    name = f"play:{session.game}:{session.seed}:{session.started}"
    return str(uuid.uuid5(UUID_NAMESPACE, name))


def _bg_play(session: SavedSession, game_id: int, player_ids: dict[str, int]) -> dict[str, Any]:
    outcome: dict[str, Any] = session.outcome
    result = outcome.get("result")
    winners = set(outcome.get("winners") or ())
    scores = _scores(outcome)
    cooperative = session.game in COOPERATIVE
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
            }
        )
    start = _parse_time(session.started)
    end = _parse_time(session.ended) if session.ended else start
    play_date = start.strftime(_BG_DATE)
    return {
        "uuid": play_uuid(session),
        "gameRefId": game_id,
        "playDate": play_date,
        "playDateYmd": int(start.strftime("%Y%m%d")),
        "entryDate": _bg_date(session.ended or session.started),
        "modificationDate": _bg_date(session.updated),
        "durationMin": max(0, int((end - start).total_seconds()) // 60),
        "comments": str(outcome.get("reason") or ""),
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


def import_bgstats(store: Store, path: Path) -> ImportReport:
    """Add the plays of Tableside's games from a BG Stats file as finished sessions.

    Plays already here are skipped, so importing the same file twice adds nothing. A file
    that cannot be read raises ``ValueError`` saying why, and nothing is changed.
    """
    plays, other_games, without_players = _read_plays(_load(path))
    sessions = store.sessions()
    known_ids = {play_uuid(s).casefold() for s in sessions}
    known_ids |= {s.external_id.casefold() for s in sessions if s.external_id}
    known_keys = {_key(s.game, s.started, s.players) for s in sessions}
    added = duplicates = 0
    new_players: list[str] = []
    with store.db.atomic():
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
    try:
        text = path.read_text(encoding="utf-8-sig")
    except OSError as error:
        raise ValueError(f"The file could not be read ({error.strerror}).") from error
    except UnicodeDecodeError:
        raise ValueError("This file is not a BG Stats export: it is not text.") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError:
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
        game = _game_key(games[play["gameRefId"]].get("name"))
        if game is None:
            other_games += 1
            continue
        title = _TITLES[game]
        started = _read_date(play.get("playDate"), title)
        seats = play.get("playerScores", [])
        if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
            raise ValueError(f"This file is damaged: a play of {title} has unreadable players.")
        if not seats:
            without_players += 1
            continue
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
            name = " ".join(str(person.get("name") or "").split()) or f"Player {ref}"
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
        minutes = play.get("durationMin")
        minutes = minutes if type(minutes) is int and minutes > 0 else 0
        start = _parse_time(started)
        ended = datetime.fromtimestamp(start.timestamp() + 60 * minutes, UTC)
        identifier = play.get("uuid")
        comment = play.get("comments")
        plays.append(
            _Play(
                uuid=identifier if isinstance(identifier, str) and identifier.strip() else None,
                game=game,
                started=started,
                ended=ended.isoformat(timespec="seconds"),
                players=tuple(players),
                anonymous=frozenset(anonymous),
                winners=tuple(winners),
                scores=tuple(scores),
                comment=comment.strip() if isinstance(comment, str) else "",
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


def _simple(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


_GAME_NAMES = {_simple(name): game.key for game in GAMES for name in (game.key, game.title)}


def _game_key(name: Any) -> str | None:
    """Tableside's key for a BG Stats game name ("Skulk Hollow", "skulk_hollow"...)."""
    return _GAME_NAMES.get(_simple(name)) if isinstance(name, str) else None


def _read_date(value: Any, title: str) -> str:
    """A BG Stats play date (taken as UTC) as the store writes times."""
    try:
        if not isinstance(value, str):
            raise ValueError
        return _parse_time(value).isoformat(timespec="seconds")
    except ValueError:
        raise ValueError(f"This file is damaged: a play of {title} has no readable date.") from None


def _read_score(value: Any) -> int | None:
    if type(value) is int:
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    if isinstance(value, str) and re.fullmatch(r"\s*-?\d+\s*", value):
        return int(value)
    return None


# -- shared helpers --------------------------------------------------------------------


def _parse_time(text: str) -> datetime:
    """An ISO or BG Stats time; one without a zone is taken as UTC."""
    moment = datetime.fromisoformat(text.strip())
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.astimezone(UTC).replace(microsecond=0)


def _bg_date(text: str) -> str:
    return _parse_time(text).strftime(_BG_DATE)


def _key(game: str, started: str, players: Iterable[str]) -> tuple[str, str, tuple[str, ...]]:
    """What makes two records the same play when their uuids do not say so."""
    return game, _bg_date(started), tuple(sorted(name.casefold() for name in players))


def _scores(outcome: dict[str, Any]) -> dict[str, int]:
    pairs = outcome.get("scores") or ()
    return {
        pair[0]: pair[1]
        for pair in pairs
        if isinstance(pair, (list, tuple)) and len(pair) == 2 and isinstance(pair[1], int)
    }


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
    with partial.open("w", encoding="utf-8") as file:
        json.dump(data, file, ensure_ascii=False, indent=2)
        file.write("\n")
    os.replace(partial, path)
