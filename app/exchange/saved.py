"""What an export reads from the store: every session and event that can be read, with
the damaged ones set apart (an export is the person's backup, wanted most when the file
is hurt), and how the exports name a game."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from app.games import GAMES
from app.storage.events import LoggedEvent
from app.storage.sessions import SavedSession
from app.storage.store import Store

TITLES = {game.key: game.title for game in GAMES}


@dataclass(frozen=True)
class Readable:
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
        notes = [f"{game_name(s)} ({s.damage})" for s in self.damaged]
        for session in self.sessions:
            count = len(self.unreadable_events.get(session.id, ()))
            if count:
                moves = "an unreadable move" if count == 1 else f"{count} unreadable moves"
                notes.append(f"{moves} of {game_name(session)}")
        return notes


def read_store(store: Store) -> Readable:
    """What an export writes: each damaged row or event is set apart, never a reason to
    write nothing (an export is the person's backup, wanted most when the file is hurt)."""
    players = [player.name for player in store.players()]
    return read_sessions(store, oldest_first(store.sessions()), players)


def read_sessions(store: Store, sessions: list[SavedSession], players: list[str]) -> Readable:
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
    return Readable(players, readable, events, unreadable, damaged, raw_rows)


def oldest_first(sessions: list[SavedSession]) -> list[SavedSession]:
    return sorted(sessions, key=lambda session: (session.started, session.id))


def game_name(session: SavedSession) -> str:
    """How an export's message names a session: "Skogen game 12" (the id is the one in
    tableside.json)."""
    title = TITLES.get(session.game)
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
