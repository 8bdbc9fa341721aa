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

import json
import shutil
import tempfile
from contextlib import ExitStack
from dataclasses import dataclass
from datetime import date, datetime
from pathlib import Path
from typing import Any, TextIO

import engines
from app.exchange.bgstats import (
    BG_DATE,
    LOCATION_ID,
    LOCATION_NAME,
    bgg,
    cooperative,
    file_owner,
    play_uuid,
    stable_uuid,
)
from app.exchange.files import JsonArray, dumps, written
from app.exchange.saved import SavedGame, game_name, outcome_scores, title_of, write_games
from app.games import BY_KEY
from app.seat_names import is_seat_name
from app.storage.events import LoggedEvent
from app.storage.play_time import Played, parse_time, played
from app.storage.sessions import SavedSession
from app.storage.store import Store


def bgstats_file_name(day: date) -> str:
    """The BG Stats file's name in an export: BG Stats opens ``.bgsplay`` files."""
    return f"tableside-{day.isoformat()}.bgsplay"


def export_bgstats(store: Store, path: Path, ids: list[int] | None = None) -> None:
    """The finished games (of ``ids``; None: all) as BG Stats plays (unfinished and
    abandoned ones are left out), for a ``.bgsplay`` file (``bgstats_file_name``): the
    same for the same saved games, every time."""
    with ExitStack() as files:
        file = files.enter_context(written(path))
        spool = files.enter_context(plays_spool(path.parent))
        plays = BgStatsPlays(file, spool, "the BG Stats file", store)
        write_games(store, [plays], ids)


def bgstats_data(store: Store) -> dict[str, Any]:
    """What ``export_bgstats`` writes, read back: the same for the same saved games."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "plays.bgsplay"
        export_bgstats(store, path)
        with path.open(encoding="utf-8") as file:
            data: dict[str, Any] = json.load(file)
    return data


def plays_spool(folder: Path) -> TextIO:
    """Where ``BgStatsPlays`` keeps the plays until the file is put together: a file in
    ``folder`` without a name, which the system removes however the export ends."""
    return tempfile.TemporaryFile("w+", encoding="utf-8", dir=folder)


class BgStatsPlays:
    """The BG Stats file written game by game (a GameWriter). Its games and players come
    before its plays and are known only once every play is, so the plays wait in
    ``spool`` (one to a line) and the file is put together by ``finish``.

    A finished game whose times cannot be read, or none of whose times can be right, is
    left out and named in ``skipped`` (naming ``file_name``). The file's owner ("me") and
    the games' BoardGameGeek ids are as ``store``'s settings say (app.exchange.bgstats:
    file_owner, bgg), read now: the games are read after."""

    def __init__(self, file: TextIO, spool: TextIO, file_name: str, store: Store) -> None:
        self._file = file
        self._owner = file_owner(store)
        self._bgg = {key: bgg(key, store) for key in BY_KEY}
        self._spool = spool
        self._plays = JsonArray(spool, "  ")
        self._file_name = file_name
        self.skipped: list[str] = []
        self._game_ids: dict[str, int] = {}
        self._player_ids: dict[str, int] = {}  # casefolded name -> id
        self._player_rows: list[dict[str, Any]] = []
        # Last modification of each game and player: the latest play they are in.
        self._game_touched: dict[str, str] = {}
        self._player_touched: dict[str, str] = {}

    def add(self, game: SavedGame) -> None:
        session = game.session
        if not game.whole or session.status != "finished" or not isinstance(session.outcome, dict):
            return
        try:
            times = PlayTimes.timed(session, game.play_time)
        except ValueError:
            self.skipped.append(
                f"{game_name(session)} in {self._file_name} (its times cannot be read)"
            )
            return
        except DateUnknown:
            self.skipped.append(
                f"{game_name(session)} in {self._file_name} (the clock was not set when it "
                "was played: set its date in History)"
            )
            return
        self._game_ids.setdefault(session.game, len(self._game_ids) + 1)
        touched = self._game_touched.get(session.game, "")
        self._game_touched[session.game] = max(touched, times.modified)
        for seat in seats(session):
            self._player_id(seat.name, times.modified)
        play = _bg_play(session, times, self._game_ids[session.game], self._player_ids)
        self._plays.add(dumps(play))

    def _player_id(self, name: str, touched: str) -> int:
        folded = name.casefold()
        if folded not in self._player_ids:
            self._player_ids[folded] = len(self._player_ids) + 1
            self._player_rows.append(
                {
                    "id": self._player_ids[folded],
                    "uuid": player_uuid(name),
                    "name": name,
                    "isAnonymous": name == ANONYMOUS,
                    "bggUsername": "",
                }
            )
        self._player_touched[folded] = max(self._player_touched.get(folded, ""), touched)
        return self._player_ids[folded]

    def finish(self) -> None:
        self._plays.close()
        me = self._owner
        me_id = 0  # no one: only in a file without players
        if me:
            # BG Stats' own files always name a player in the file as the owner; one
            # chosen in Settings who is in no play yet is a player of the file all the
            # same, as of the latest play.
            known = me.casefold() in self._player_ids
            latest = max(self._game_touched.values(), default="")
            me_id = self._player_id(me, "" if known else latest)
        for row in self._player_rows:
            row["modificationDate"] = self._player_touched[str(row["name"]).casefold()]
        games = [self._game_row(key, game_id) for key, game_id in self._game_ids.items()]
        location = {
            "id": LOCATION_ID,
            "uuid": stable_uuid("location:tableside"),
            "name": LOCATION_NAME,
            "modificationDate": max(self._game_touched.values(), default=""),
        }
        head = {
            "about": (
                "Plays exported by Tableside for Board Game Stats. Open this file with "
                "Board Game Stats, or import it into Tableside."
            ),
            "userInfo": {"meRefId": me_id},
            "games": games,
            "players": self._player_rows,
            "locations": [location] if self._game_ids else [],
        }
        self._file.write(dumps(head)[:-1] + ',\n "plays": ')
        self._spool.seek(0)
        shutil.copyfileobj(self._spool, self._file)
        self._file.write("}\n")

    def _game_row(self, key: str, game_id: int) -> dict[str, Any]:
        bgg_id, bgg_year = self._bgg.get(key, (0, 0))  # a game this version does not know
        return {
            "id": game_id,
            "uuid": stable_uuid(f"game:{key}"),
            "name": title_of(key) or key,
            "modificationDate": self._game_touched[key],
            "cooperative": cooperative(key),
            "highestWins": True,
            "noPoints": cooperative(key),
            "usesTeams": False,
            "bggId": bgg_id,
            "bggName": (title_of(key) or key) if bgg_id else "",
            "bggYear": bgg_year,
            "isBaseGame": 1,
            "isExpansion": 0,
        }


#: BG Stats' own anonymous player, as its backups hold it ({"isAnonymous": true, "name":
#: "Anonymous player"}, sqrtxander/bgstats-wrapped sampleData.json): what a seat nobody
#: named ("Player 3", app.seat_names) goes to BG Stats as, never as a person.
ANONYMOUS = "Anonymous player"


def player_uuid(name: str) -> str:
    """A player's uuid in the play file: the same for the same name in any case."""
    return stable_uuid(f"player:{name.casefold()}")


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
        return cls.timed(session, played(session, events))

    @classmethod
    def timed(cls, session: SavedSession, play: Played) -> PlayTimes:
        """``of``, for a game whose play time is already reckoned (app.exchange.saved)."""
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

    #: BG Stats' anonymous player (``ANONYMOUS``) for a seat nobody named.
    name: str
    winner: bool
    #: None in a game against the game, and for a player without a recorded score.
    score: int | None
    #: 1 for the best score (tied scores share a rank), 0 in a game without scores.
    rank: int
    role: str
    start: bool = False  # the start player: who played first


def seats(session: SavedSession) -> list[Seat]:
    """The players of a finished game and their results, in seat order (Tableside keeps
    the players in the order they sat)."""
    outcome: dict[str, Any] = session.outcome
    result = outcome.get("result")
    winners = _names(outcome.get("winners"))
    scores = {} if cooperative(session.game) else outcome_scores(outcome)
    role = _role(session)
    starter = start_seat(session)
    found = []
    for seat, name in enumerate(session.players):
        # Against the game everyone wins or no one does; otherwise the recorded winners.
        winner = result == "won" if result in ("won", "lost") else name in winners
        score = scores.get(name)
        rank = 0 if score is None else 1 + sum(1 for other in scores.values() if other > score)
        shown = ANONYMOUS if is_seat_name(name) else name
        found.append(Seat(shown, winner, score, rank, role, seat == starter))
    return found


def start_seat(session: SavedSession) -> int | None:
    """The seat that played first: the game's own rules say it where the seating does not
    (a Chickwood Forest round starts at the lowest castle, engines.<game>.first_player);
    else the first seat. None when no one knows (a quick score)."""
    try:
        rules = engines.rules(session.game)
    except KeyError:  # a game this version does not know (imported): its seat order
        return 0
    first_player = getattr(rules, "first_player", None)
    if first_player is None:
        return 0
    try:
        config = rules.Config.from_dict(session.config)
        if tuple(config.players) != tuple(session.players):
            return 0  # not the config the game was played with (an imported play)
        seat: int | None = first_player(config, session.seed)
    except (ValueError, TypeError, KeyError, AttributeError):  # a config it cannot read
        return 0
    return seat


def _bg_play(
    session: SavedSession, times: PlayTimes, game_id: int, player_ids: dict[str, int]
) -> dict[str, Any]:
    player_scores = [
        {
            "playerRefId": player_ids[seat.name.casefold()],
            "score": "" if seat.score is None else str(seat.score),
            "winner": seat.winner,
            "newPlayer": False,
            "startPlayer": seat.start,
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
    BGStats.Bot's ``PlayerScore.Role``): the game's entry in app.games says."""
    game = BY_KEY.get(session.game)
    return game.role(session.config) if game else ""


def _names(value: Any) -> set[str]:
    """The names in a saved list of names (winners), ignoring anything else."""
    return {name for name in value if isinstance(name, str)} if isinstance(value, list) else set()
