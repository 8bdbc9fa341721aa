"""The finished games as plays for the BG Stats app: a ``.bgsplay`` play file, the kind
BG Stats opens (its layout: app.exchange.bgstats).

A play's "durationMin" is the time its moves took, pauses and steps of the clock left out
(app.storage.play_time). A game whose time was not checked (the clock was not known to be
right) is dated from the latest of its times that can be right; one with none is left out
of the play file, with a word to set its date in History.

What a play is made of (its times, each player's result) is shared with the play sent
to BG Stats as a link (app.exchange.bgstats_link).
"""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any

from app.exchange.bgstats import (
    BG_DATE,
    BGG_GAMES,
    COOPERATIVE,
    LOCATION_ID,
    LOCATION_NAME,
    UUID_NAMESPACE,
    chosen_owner,
    most_played,
    play_uuid,
)
from app.exchange.files import write_json
from app.exchange.saved import TITLES, Readable, game_name, outcome_scores, read_store
from app.storage.events import LoggedEvent
from app.storage.play_time import parse_time, played
from app.storage.sessions import SavedSession
from app.storage.store import Store
from engines.skulk_hollow.components import GUARDIANS, load_components


def bgstats_file_name(day: date) -> str:
    """The BG Stats file's name in an export: BG Stats opens ``.bgsplay`` files."""
    return f"tableside-{day.isoformat()}.bgsplay"


def export_bgstats(store: Store, path: Path) -> None:
    """The finished games as BG Stats plays (unfinished and abandoned ones are left out),
    for a ``.bgsplay`` file (``bgstats_file_name``)."""
    write_json(path, bgstats_data(store))


def bgstats_data(store: Store) -> dict[str, Any]:
    """What ``export_bgstats`` writes: the same for the same saved games, every time."""
    return bgstats_content(read_store(store), [], "the BG Stats file", chosen_owner(store))


def bgstats_content(
    readable: Readable, skipped: list[str], file_name: str, owner: str = ""
) -> dict[str, Any]:
    """The BG Stats file; a finished game whose times cannot be read, or none of whose
    times can be right, is added to ``skipped`` (naming ``file_name``). Its owner ("me")
    is ``owner`` (app.exchange.bgstats.chosen_owner), else the player in the most of
    its games."""
    game_ids: dict[str, int] = {}
    player_ids: dict[str, int] = {}  # casefolded name -> id
    player_rows: list[dict[str, Any]] = []
    plays: list[dict[str, Any]] = []
    exported: list[SavedSession] = []
    # Last modification of each game and player: the latest play they are in.
    game_touched: dict[str, str] = {}
    player_touched: dict[str, str] = {}

    def player_id(name: str, touched: str) -> int:
        folded = name.casefold()
        if folded not in player_ids:
            player_ids[folded] = len(player_ids) + 1
            player_rows.append(
                {
                    "id": player_ids[folded],
                    "uuid": player_uuid(name),
                    "name": name,
                    "isAnonymous": False,
                    "bggUsername": "",
                }
            )
        player_touched[folded] = max(player_touched.get(folded, ""), touched)
        return player_ids[folded]

    for session in readable.sessions:
        if session.status != "finished" or not isinstance(session.outcome, dict):
            continue
        try:
            times = PlayTimes.of(session, readable.events[session.id])
        except ValueError:
            skipped.append(f"{game_name(session)} in {file_name} (its times cannot be read)")
            continue
        except DateUnknown:
            skipped.append(
                f"{game_name(session)} in {file_name} (the clock was not set when it was "
                "played: set its date in History)"
            )
            continue
        game_ids.setdefault(session.game, len(game_ids) + 1)
        game_touched[session.game] = max(game_touched.get(session.game, ""), times.modified)
        for name in session.players:
            player_id(name, times.modified)
        plays.append(_bg_play(session, times, game_ids[session.game], player_ids))
        exported.append(session)
    me = owner or most_played(exported)
    me_id = 0  # no one: only in a file without players
    if me:
        # BG Stats' own files always name a player in the file as the owner; one chosen
        # in Settings who is in no play yet is a player of the file all the same, as of
        # the latest play.
        known = me.casefold() in player_ids
        me_id = player_id(me, "" if known else max(game_touched.values(), default=""))
    for row in player_rows:
        row["modificationDate"] = player_touched[str(row["name"]).casefold()]
    games = [
        {
            "id": game_id,
            "uuid": str(uuid.uuid5(UUID_NAMESPACE, f"game:{key}")),
            "name": TITLES.get(key, key),
            "modificationDate": game_touched[key],
            "cooperative": key in COOPERATIVE,
            "highestWins": True,
            "noPoints": key in COOPERATIVE,
            "usesTeams": False,
            "bggId": BGG_GAMES.get(key, (0, 0))[0],
            "bggName": TITLES.get(key, key) if key in BGG_GAMES else "",
            "bggYear": BGG_GAMES.get(key, (0, 0))[1],
            "isBaseGame": 1,
            "isExpansion": 0,
        }
        for key, game_id in game_ids.items()
    ]
    location = {
        "id": LOCATION_ID,
        "uuid": str(uuid.uuid5(UUID_NAMESPACE, "location:tableside")),
        "name": LOCATION_NAME,
        "modificationDate": max(game_touched.values(), default=""),
    }
    return {
        "about": (
            "Plays exported by Tableside for Board Game Stats. Open this file with "
            "Board Game Stats, or import it into Tableside."
        ),
        "userInfo": {"meRefId": me_id},
        "games": games,
        "players": player_rows,
        "locations": [location] if plays else [],
        "plays": plays,
    }


def player_uuid(name: str) -> str:
    """A player's uuid in the play file: the same for the same name in any case."""
    return str(uuid.uuid5(UUID_NAMESPACE, f"player:{name.casefold()}"))


class DateUnknown(Exception):
    """None of a game's times can be right, and no one has set its date."""


@dataclass(frozen=True)
class PlayTimes:
    """A finished session's times, as BG Stats wants them: the table's local time (the
    store keeps UTC). The play lasts the time its moves took (app.storage.play_time)."""

    start: datetime
    end: datetime
    minutes: int
    modified: str

    @classmethod
    def of(cls, session: SavedSession, events: list[LoggedEvent]) -> PlayTimes:
        """Raises ValueError for a time that is not one (a damaged row), DateUnknown for
        a game played on a clock that was not set."""
        play = played(session, events)
        if play.start is None or play.end is None:
            raise DateUnknown
        start, end = _local(play.start), _local(play.end)
        # A time not checked may be the wrong clock's: the play's own end is surer.
        modified = _local(parse_time(session.updated)) if session.time_checked else end
        return cls(start, end, play.minutes, modified.strftime(BG_DATE))


def _local(moment: datetime) -> datetime:
    """A UTC moment as the table's wall clock shows it (the system's time zone), with the
    zone dropped as BG Stats does. ValueError for one the clock cannot show."""
    try:
        return moment.astimezone().replace(tzinfo=None)
    except (OverflowError, OSError):  # year 1 or 9999 beyond what the zone can shift
        raise ValueError(f"{moment.isoformat()} is out of range") from None


@dataclass(frozen=True)
class Seat:
    """A player's result in a finished game, as BG Stats keeps it."""

    name: str
    winner: bool
    #: None in a game against the game, and for a player without a recorded score.
    score: int | None
    #: 1 for the best score (tied scores share a rank), 0 in a game without scores.
    rank: int
    role: str


def seats(session: SavedSession) -> list[Seat]:
    """The players of a finished game and their results, in turn order (Tableside keeps
    the players in the order they play: the first started)."""
    outcome: dict[str, Any] = session.outcome
    result = outcome.get("result")
    winners = _names(outcome.get("winners"))
    scores = {} if session.game in COOPERATIVE else outcome_scores(outcome)
    role = _role(session)
    found = []
    for name in session.players:
        # Against the game everyone wins or no one does; otherwise the recorded winners.
        winner = result == "won" if result in ("won", "lost") else name in winners
        score = scores.get(name)
        rank = 0 if score is None else 1 + sum(1 for other in scores.values() if other > score)
        found.append(Seat(name, winner, score, rank, role))
    return found


def _bg_play(
    session: SavedSession, times: PlayTimes, game_id: int, player_ids: dict[str, int]
) -> dict[str, Any]:
    player_scores = [
        {
            "playerRefId": player_ids[seat.name.casefold()],
            "score": "" if seat.score is None else str(seat.score),
            "winner": seat.winner,
            "newPlayer": False,
            "startPlayer": position == 1,
            "startPosition": str(position),
            "seatOrder": 0,  # where they sat, which BG Stats 5 leaves at 0 as well
            "rank": seat.rank,
            "role": seat.role,
        }
        for position, seat in enumerate(seats(session), start=1)
    ]
    reason = session.outcome.get("reason")
    return {
        "uuid": play_uuid(session),
        "gameRefId": game_id,
        "locationRefId": LOCATION_ID,
        "playDate": times.start.strftime(BG_DATE),
        "playDateYmd": int(times.start.strftime("%Y%m%d")),
        "entryDate": times.end.strftime(BG_DATE),
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
        "nemestatsId": 0,
        "importPlayId": 0,
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


def _names(value: Any) -> set[str]:
    """The names in a saved list of names (winners), ignoring anything else."""
    return {name for name in value if isinstance(name, str)} if isinstance(value, list) else set()
