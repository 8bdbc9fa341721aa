"""The finished games as plays for the BG Stats app: a ``.bgsplay`` play file, the kind
BG Stats opens (its layout: app.exchange.bgstats).

A play's "durationMin" is the time its moves took, pauses and steps of the clock left out
(app.storage.play_time). A game whose time was not checked (the clock was not known to be
right) is dated from the latest of its times that can be right; one with none is left out
of the play file, with a word to set its date in History.
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
    return bgstats_content(read_store(store), [], "the BG Stats file")


def bgstats_content(readable: Readable, skipped: list[str], file_name: str) -> dict[str, Any]:
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
            skipped.append(f"{game_name(session)} in {file_name} (its times cannot be read)")
            continue
        except _DateUnknown:
            skipped.append(
                f"{game_name(session)} in {file_name} (the clock was not set when it was "
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
        return cls(start, end, play.minutes, modified.strftime(BG_DATE))


def _local(moment: datetime) -> datetime:
    """A UTC moment as the table's wall clock shows it (the system's time zone), with the
    zone dropped as BG Stats does. ValueError for one the clock cannot show."""
    try:
        return moment.astimezone().replace(tzinfo=None)
    except (OverflowError, OSError):  # year 1 or 9999 beyond what the zone can shift
        raise ValueError(f"{moment.isoformat()} is out of range") from None


def _bg_play(
    session: SavedSession, times: _PlayTimes, game_id: int, player_ids: dict[str, int]
) -> dict[str, Any]:
    outcome: dict[str, Any] = session.outcome
    result = outcome.get("result")
    winners = _names(outcome.get("winners"))
    scores = outcome_scores(outcome)
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
