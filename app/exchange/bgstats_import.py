"""The plays of Tableside's four games from a BG Stats file (written by Tableside or by
BG Stats, a play file or a backup; its layout: app.exchange.bgstats), added as finished
sessions, skipping those already here.

A play is known by its uuid. Two plays of the same game, start and players are one only
when neither has a uuid (then that is all that tells them apart), or when one of them
is a game played on this table: BG Stats users log many plays at a default time of day,
each its own play. A play without a uuid is kept with one made from its game, its time
as the file writes it and its players, so the same file imported again after the table
moved to another time zone still finds it here.

Everything in the file is untrusted: a file a person picked, perhaps damaged, perhaps
made to harm. What cannot be read raises ValueError in a player's words, and nothing is
added.
"""

from __future__ import annotations

import math
import re
import threading
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import Enum
from pathlib import Path
from typing import Any

from app.exchange.bgstats import BG_DATE, bgg, cooperative, play_uuid, stable_uuid
from app.exchange.json_pieces import JsonPieces, Unreadable
from app.exchange.saved import Progress, sessions_in_chunks, store_of_its_own, title_of
from app.games import GAMES, GameInfo
from app.storage.clock_check import LATEST_YEAR
from app.storage.faults import counted, shorten
from app.storage.play_time import LONGEST_PLAY, parse_time
from app.storage.sessions import SavedSession
from app.storage.store import Store
from app.storage.values import visible_text
from engines.core import Outcome, to_data


@dataclass(frozen=True)
class ImportReport:
    added: int = 0
    #: Plays already here: the same uuid (one made for a play without), or a game played
    #: here with the same start time and players.
    duplicates: int = 0
    #: Of those, plays kept here in a row that cannot be read whole (History shows them).
    damaged_duplicates: int = 0
    #: Plays of games Tableside does not know; left out.
    other_games: int = 0
    #: Plays of Tableside's games that name no player; left out.
    without_players: int = 0
    new_players: tuple[str, ...] = ()

    @property
    def message(self) -> str:
        """What happened, in a sentence or two for the screen."""
        parts = [f"Added {counted(self.added, 'game')}."]
        if self.duplicates:
            parts.append(
                f"{counted(self.duplicates, 'game')} {_were(self.duplicates)} already here."
            )
        if self.damaged_duplicates == 1:
            parts.append("It is damaged here: touch it in History to save it as a file.")
        elif self.damaged_duplicates:
            parts.append(
                f"{self.damaged_duplicates} of them are damaged here: touch them in History "
                "to save them as files."
            )
        if self.other_games:
            parts.append(
                f"{counted(self.other_games, 'play')} of other games "
                f"{_were(self.other_games)} left out."
            )
        if self.without_players:
            parts.append(
                f"{counted(self.without_players, 'play')} without players "
                f"{_were(self.without_players)} left out."
            )
        if self.new_players:
            parts.append(f"New players: {', '.join(self.new_players)}.")
        return " ".join(parts)


@dataclass(frozen=True)
class _Play:
    #: The play's uuid in the file, or one made for a play without (``_identity``).
    uuid: str
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
#: Larger files are refused unread: a BG Stats backup of years of plays is a few MB
#: (memory stays flat whatever the size, but a larger file would take minutes).
MAX_IMPORT_BYTES = 32 * 1024 * 1024
#: The longest part of a file read whole (characters): a play, or the file's list of
#: games or of players (ten thousand players take about 3 MB).
MAX_PIECE = 8 * 1024 * 1024
#: Limits past which a value in a file to import is damage (or an attack), not a play.
MAX_MINUTES = int(LONGEST_PLAY.total_seconds()) // 60
MAX_SEATS = 100
MAX_SCORE = 10**9
EARLIEST_PLAY, LATEST_PLAY = 1900, LATEST_YEAR  # years
#: Longer text from a file is cut: a name, a comment (the game's result), a uuid.
NAME_LIMIT, COMMENT_LIMIT, UUID_LIMIT = 40, 500, 100


class ImportStopped(Exception):
    """The person stopped the import: nothing of it was added."""


def import_file(
    db_path: Path | None,
    path: Path,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> ImportReport:
    """``import_bgstats`` as History runs it, on a worker thread: into the saved-games
    file at ``db_path``, on a connection of its own."""
    store = store_of_its_own(db_path, writing=True)
    try:
        return import_bgstats(store, path, progress, stop)
    finally:
        store.close()


def import_bgstats(
    store: Store,
    path: Path,
    progress: Progress | None = None,
    stop: threading.Event | None = None,
) -> ImportReport:
    """Add the plays of Tableside's games from a BG Stats file as finished sessions,
    telling ``progress`` after each play.

    Plays already here are skipped, so importing the same file twice adds nothing. A file
    that cannot be read raises ``ValueError`` saying why in a player's words, and nothing
    is changed: all the plays are added, or none. The file is read twice, a play at a
    time (app.exchange.json_pieces), so that memory stays flat however many it holds:
    first for the games and players its plays name, then for the plays, each added as
    it is read, in one transaction (StorageFault if the storage cannot take it). Once
    ``stop`` is set, the next play raises ImportStopped and the transaction is rolled
    back: nothing of the file is added, players included.
    """
    try:
        size = path.stat().st_size if path.is_file() else None
    except OSError as error:
        raise _not_read(error) from error
    if size is None:
        raise ValueError("This is not a file that can be imported.")
    if size > MAX_IMPORT_BYTES:
        raise ValueError(
            "This file is too large to be a BG Stats export "
            f"(more than {MAX_IMPORT_BYTES // 2**20} MB)."
        )
    try:
        named = _read_named(path)
        # By BoardGameGeek id: the one set in Settings, else the game's entry's.
        by_bgg = {bgg(game.key, store)[0]: game.key for game in GAMES if bgg(game.key, store)[0]}
        with _pieces(path) as pieces, store.transaction():
            adding = _Adding(store)
            for key in pieces.members():
                if key != "plays" or not pieces.starts_array():
                    pieces.skip()
                    continue
                for play in pieces.items():
                    if stop is not None and stop.is_set():
                        raise ImportStopped
                    adding.add(_read_play(play, named, by_bgg))
                    if progress is not None:
                        progress(adding.read, named.plays)
    except Unreadable as why:
        raise ValueError(f"This file is not a BG Stats export: {why}.") from None
    return adding.report()


@contextmanager
def _pieces(path: Path) -> Iterator[JsonPieces]:
    """The file's JSON, read a piece at a time; its faults (a stick pulled out) in words."""
    try:
        file = path.open(encoding="utf-8-sig")
    except OSError as error:
        raise _not_read(error) from error

    def read(size: int) -> str:
        try:
            return file.read(size)
        except OSError as error:
            raise _not_read(error) from error

    with file:
        yield JsonPieces(read, MAX_PIECE)


def _not_read(error: OSError) -> ValueError:
    why = error.strerror or "the storage did not answer"
    return ValueError(f"The file could not be read ({why}).")


@dataclass(frozen=True)
class _Named:
    """What the plays of a file name: its games and players by id; and how many plays
    it holds."""

    games: dict[int | str, dict[str, Any]]
    people: dict[int | str, dict[str, Any]]
    plays: int


def _read_named(path: Path) -> _Named:
    """The first reading of the file: its games, its players and how many plays."""
    lists: dict[str, Any] = {}
    plays: int | None = None
    with _pieces(path) as pieces:
        if not pieces.starts_object():
            pieces.skip()  # JSON or not: Unreadable says which
            raise ValueError("This file is not a BG Stats export: it has no plays.")
        for key in pieces.members():
            if key == "plays" and pieces.starts_array():
                plays = (plays or 0) + sum(1 for _play in pieces.items())
            elif key in ("games", "players"):
                lists[key] = pieces.value()
            else:
                pieces.skip()
    if plays is None:
        raise ValueError("This file is not a BG Stats export: it has no plays.")
    games, people = (_by_id(lists.get(what), what) for what in ("games", "players"))
    return _Named(games, people, plays)


class _Left(Enum):
    """Why a play is left out of the import."""

    OTHER_GAME = "a game Tableside does not know"
    NO_PLAYERS = "no players"


class _Adding:
    """The plays of a file added one by one, those already here skipped (made inside
    the import's transaction)."""

    def __init__(self, store: Store) -> None:
        self._store = store
        # What tells a play already here: its uuid, or, for a game played on this table
        # (an imported one has the id it came with), its game, start time and players.
        self._ids: set[str] = set()
        self._damaged_ids: set[str] = set()
        self._own_keys: set[tuple[str, str, tuple[str, ...]]] = set()
        for saved in sessions_in_chunks(store, store.session_ids()):
            if saved.damage is None:
                self._ids.add(play_uuid(saved).casefold())
                if not saved.external_id and (key := _known_key(saved)) is not None:
                    self._own_keys.add(key)
            elif saved.external_id:
                # A damaged row keeps its play's uuid, which no other row may have.
                self._damaged_ids.add(saved.external_id.casefold())
            if saved.external_id:
                self._ids.add(saved.external_id.casefold())
        self._roster = {player.name.casefold(): player.name for player in store.players()}
        #: Plays read so far.
        self.read = 0
        self._added = self._duplicates = self._damaged_duplicates = 0
        self._left_out = {reason: 0 for reason in _Left}
        self._new_players: list[str] = []

    def add(self, play: _Play | _Left) -> None:
        self.read += 1
        if isinstance(play, _Left):
            self._left_out[play] += 1
            return
        key = _key(play.game, play.started, play.players)
        identifier = play.uuid.casefold()
        if identifier in self._ids or key in self._own_keys:
            self._duplicates += 1
            self._damaged_duplicates += identifier in self._damaged_ids
            return
        names = []
        for name in play.players:
            if name.casefold() not in self._roster and name not in play.anonymous:
                try:
                    added = self._store.add_player(name, known=self._roster.keys())
                    self._roster[name.casefold()] = added.name
                    self._new_players.append(self._roster[name.casefold()])
                except ValueError:  # a name the roster refuses (too long) stays on the game
                    pass
            names.append(self._roster.get(name.casefold(), name))
        rename = dict(zip(play.players, names, strict=True))
        self._store.add_finished_session(
            play.game,
            names,
            play.started,
            play.ended,
            _outcome(play, rename),
            external_id=play.uuid,
        )
        self._added += 1
        self._ids.add(identifier)

    def report(self) -> ImportReport:
        return ImportReport(
            self._added,
            self._duplicates,
            self._damaged_duplicates,
            self._left_out[_Left.OTHER_GAME],
            self._left_out[_Left.NO_PLAYERS],
            tuple(self._new_players),
        )


def _outcome(play: _Play, rename: dict[str, str]) -> Any:
    if cooperative(play.game):
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


def _read_play(play: Any, named: _Named, by_bgg: Mapping[int, str]) -> _Play | _Left:
    """A play of one of Tableside's games, or why it is left out. ValueError, in a
    player's words, for a play that cannot be read."""
    if not isinstance(play, dict) or _ref(play.get("gameRefId")) not in named.games:
        raise ValueError("This file is damaged: a play names a game that is not in it.")
    game = _game_key(named.games[play["gameRefId"]], by_bgg)
    if game is None:
        return _Left.OTHER_GAME
    title = title_of(game)
    start, written = _read_date(play.get("playDate"), title)
    seats = play.get("playerScores", [])
    if not isinstance(seats, list) or not all(isinstance(seat, dict) for seat in seats):
        raise ValueError(f"This file is damaged: a play of {title} has unreadable players.")
    if not seats:
        return _Left.NO_PLAYERS
    if len(seats) > MAX_SEATS:
        raise ValueError(f"This file is damaged: a play of {title} has {len(seats)} players.")
    seats = _in_turn_order(seats)
    players: list[str] = []
    anonymous: set[str] = set()
    winners: list[str] = []
    scores: list[tuple[str, int]] = []
    for seat in seats:
        ref = _ref(seat.get("playerRefId"))
        if ref not in named.people:
            raise ValueError(
                f"This file is damaged: a play of {title} names a player that is not in it."
            )
        person = named.people[ref]
        name = _text(person.get("name"), NAME_LIMIT)
        unnamed = not name  # no name, or one that shows nothing (a zero-width space)
        name = name or shorten(f"Player {ref}", NAME_LIMIT)
        if name.casefold() in (p.casefold() for p in players):
            continue  # the same person twice in one play: keep the first seat
        players.append(name)
        if unnamed or person.get("isAnonymous") is True:
            anonymous.add(name)  # on the game, never on the roster
        if seat.get("winner") is True:
            winners.append(name)
        score = _read_score(seat.get("score"))
        if score is not None:
            scores.append((name, score))
    ended = start + timedelta(minutes=_read_minutes(play.get("durationMin"), title))
    identifier = _text(play.get("uuid"), UUID_LIMIT + 1)
    if not 0 < len(identifier) <= UUID_LIMIT:
        identifier = _identity(game, written, players)
    return _Play(
        uuid=identifier,
        game=game,
        started=start.isoformat(timespec="seconds"),
        ended=ended.isoformat(timespec="seconds"),
        players=tuple(players),
        anonymous=frozenset(anonymous),
        winners=tuple(winners),
        scores=tuple(scores),
        comment=_text(play.get("comments"), COMMENT_LIMIT),
    )


def _in_turn_order(seats: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The seats in turn order, when the file gives it: BG Stats 5 writes each seat's
    ``startPosition`` ("1", "2"...; "" when not known), Tableside wrote ``seatOrder``
    (1, 2...) before it wrote ``startPosition`` too. Otherwise as the file lists them."""
    for field in ("startPosition", "seatOrder"):
        places = [place for seat in seats if (place := _position(seat.get(field)))]
        if len(set(places)) == len(seats):
            ordered = sorted(zip(places, seats, strict=True), key=lambda pair: pair[0])
            return [seat for _place, seat in ordered]
    return seats


def _position(value: Any) -> int | None:
    """A place in the turn order (1 is first), as a number or as text; None if not one."""
    if isinstance(value, str) and value.isdecimal() and len(value) < 6:
        value = int(value)
    return value if type(value) is int and value > 0 else None


def _identity(game: str, written: str, players: list[str]) -> str:
    """The uuid kept for a play that has none in its file: from what tells it from
    another play there, its time as written (not the moment: read in another time zone,
    the same file gives other moments)."""
    people = ",".join(sorted(name.casefold() for name in players))
    return stable_uuid(f"imported:{game}:{written}:{people}")


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
    """Text from a file to import, as Tableside can keep it: with single spaces, no
    control characters, at most ``limit`` characters, and no lone surrogates (which JSON
    allows and SQLite refuses); "" for anything that is not text or shows nothing."""
    if not isinstance(value, str):
        return ""
    value = value.encode("utf-8", "replace").decode("utf-8")
    return shorten(visible_text(value), limit)


def _simple(name: str) -> str:
    return re.sub(r"[^0-9a-z]", "", name.casefold())


def _game_key(game: dict[str, Any], by_bgg: Mapping[int, str]) -> str | None:
    """Tableside's key for a BG Stats game: by its BoardGameGeek id (``by_bgg``), which
    holds whatever the person named the game, else by its name ("Skulk Hollow",
    "skulk_hollow"...)."""
    bgg_id = game.get("bggId")
    if type(bgg_id) is int and bgg_id in by_bgg:
        return by_bgg[bgg_id]
    name = game.get("name")
    if not isinstance(name, str):
        return None
    return next((known.key for known in GAMES if _simple(name) in _simple_names(known)), None)


def _simple_names(game: GameInfo) -> tuple[str, str]:
    return _simple(game.key), _simple(game.title)


def _read_date(value: Any, title: str) -> tuple[datetime, str]:
    """A BG Stats play date in UTC, in the years a play can have been, and the time as
    the file writes it ("2026-03-03 10:00:00"). BG Stats writes the wall-clock time of
    the play without a zone: it is read as this table's local time."""
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
    return moment.astimezone(UTC).replace(microsecond=0), moment.isoformat(" ")


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


def _bg_date(text: str) -> str:
    return parse_time(text).strftime(BG_DATE)


def _key(game: str, started: str, players: Iterable[str]) -> tuple[str, str, tuple[str, ...]]:
    """What makes a record the same play as a game played here, whatever their uuids."""
    return game, _bg_date(started), tuple(sorted(name.casefold() for name in players))


def _known_key(session: SavedSession) -> tuple[str, str, tuple[str, ...]] | None:
    """``_key`` of a saved session, or None if its start time cannot be read."""
    try:
        return _key(session.game, session.started, session.players)
    except ValueError:
        return None


def _were(number: int) -> str:
    return "was" if number == 1 else "were"
