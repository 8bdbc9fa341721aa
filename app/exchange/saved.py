"""What an export reads from the store: every saved game, a few at a time so that memory
stays flat however many there are, with what cannot be read set apart (an export is the
person's backup, wanted most when the file is hurt), and how the exports name a game."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any, Protocol, TypeVar

import sqlite_utils

from app.exchange.files import dumps
from app.games import BY_KEY
from app.storage.connections import UnusableDatabase, connect, read_only
from app.storage.events import LoggedEvent
from app.storage.faults import StorageFault, fault
from app.storage.play_time import Played, played
from app.storage.sessions import SavedSession
from app.storage.store import Store

T = TypeVar("T")

#: Saved games read from the store at once: a few, for memory that stays flat.
CHUNK = 50


@dataclass(frozen=True)
class SavedGame:
    """One saved game as the exports write it."""

    session: SavedSession
    #: Its events that can be read, in order (none for a row that cannot be read whole).
    events: list[LoggedEvent]
    #: Its events that cannot be read, as stored.
    unreadable_events: list[dict[str, Any]]

    @cached_property
    def payloads(self) -> list[str]:
        """Its readable events' payloads as JSON text, made once for every file."""
        return [dumps(event.payload) for event in self.events]

    @cached_property
    def play_time(self) -> Played:
        """When it was played and for how long (app.storage.play_time), worked out once
        for every file; ValueError when its saved start cannot be read."""
        return played(self.session, self.events)

    @property
    def whole(self) -> bool:
        """Its row can be read whole (its events perhaps not all)."""
        return self.session.damage is None

    @property
    def skipped(self) -> list[str]:
        """What the CSV and BG Stats files leave out of it, in words (the JSON file keeps
        it as stored)."""
        if not self.whole:
            return [f"{game_name(self.session)} ({self.session.damage})"]
        count = len(self.unreadable_events)
        if not count:
            return []
        moves = "an unreadable move" if count == 1 else f"{count} unreadable moves"
        return [f"{moves} of {game_name(self.session)}"]


def saved_games(store: Store, ids: list[int]) -> Iterator[SavedGame]:
    """The saved games with ``ids``, in that order, with their events."""
    for session in sessions_in_chunks(store, ids):
        yield read_game(store, session)


def sessions_in_chunks(store: Store, ids: list[int]) -> Iterator[SavedSession]:
    """The sessions with ``ids``, in that order, read ``CHUNK`` at a time."""
    for start in range(0, len(ids), CHUNK):
        yield from store.sessions_by_id(ids[start : start + CHUNK])


class GameWriter(Protocol):
    """A file written game by game: each saved game ``add``-ed in turn, then ``finish``."""

    def add(self, game: SavedGame) -> None: ...

    def finish(self) -> None: ...


#: Told after each game: how many are written, of how many.
Progress = Callable[[int, int], None]


def write_games(
    store: Store,
    writers: list[GameWriter],
    ids: list[int] | None = None,
    progress: Progress | None = None,
) -> None:
    """Read the saved games with ``ids`` (None: every one) once, each into every writer."""
    ids = store.session_ids() if ids is None else ids
    for done, game in enumerate(saved_games(store, ids), start=1):
        for writer in writers:
            writer.add(game)
        if progress is not None:
            progress(done, len(ids))
    for writer in writers:
        writer.finish()


def store_of_its_own(path: Path | None, writing: bool = False) -> Store:
    """The saved games at ``path`` on a connection of their own, for work on a worker
    thread (a connection stays on the thread that made it): read-only, or for writing
    (an import: the app's own connection waits its turn). StorageFault when the file
    cannot be opened now."""
    if path is None:  # games kept in memory: no other connection can see them
        raise StorageFault("cantopen")
    try:
        db = connect(path) if writing else sqlite_utils.Database(read_only(path))
    except UnusableDatabase as problem:
        raise StorageFault("damaged", str(problem)) from None
    except (sqlite3.Error, OSError) as error:
        raise fault(error, path) from error
    return Store(db, path)


def read_on_its_own(db_path: Path | None, work: Callable[[Store], T]) -> T:
    """``work`` done on the saved games at ``db_path`` through a read-only connection of
    its own, closed after: for reading on a worker thread while the app plays on (History,
    Statistics, a game to step through, an export). StorageFault as store_of_its_own."""
    store = store_of_its_own(db_path)
    try:
        return work(store)
    finally:
        store.close()


def read_game(store: Store, session: SavedSession) -> SavedGame:
    if session.damage is not None:
        return SavedGame(session, [], [])
    events, bad_seqs = store.readable_events(session.id)
    unreadable: list[dict[str, Any]] = []
    if bad_seqs:
        bad = set(bad_seqs)
        unreadable = [e for e in store.raw_session(session.id)["events"] if e.get("seq") in bad]
    return SavedGame(session, events, unreadable)


def title_of(key: str) -> str:
    """The game's title, or "" for a game this version does not know."""
    game = BY_KEY.get(key)
    return game.title if game else ""


def game_name(session: SavedSession) -> str:
    """How an export's message names a session: "Skogen game 12" (the id is the one in
    tableside.json)."""
    title = title_of(session.game)
    return f"{title} game {session.id}" if title else f"game {session.id}"


def outcome_scores(outcome: dict[str, Any]) -> dict[str, int]:
    pairs = outcome.get("scores") or ()
    return {
        pair[0]: pair[1]
        for pair in (pairs if isinstance(pairs, (list, tuple)) else ())
        if isinstance(pair, (list, tuple))
        and len(pair) == 2
        and isinstance(pair[0], str)
        and type(pair[1]) is int
    }
