"""Saved games on disk: players, sessions, their event logs and component profiles.

One SQLite file, opened through sqlite-utils, in WAL mode with ``synchronous=FULL`` so
that an event is on disk when ``append_event`` returns: the screen only shows an action
after that. All access happens on the main thread (the start-up ``integrity_check`` and
the mending of a damaged file open their own connections on another).

Faults are told apart (app.storage.faults); how the file is opened, mended when damaged
and written while the storage fails is app.storage.opening's. A row that cannot
be read stays in its row: its session is listed with ``damage`` set, a setting or profile
falls back to its default, and the others read as usual.
"""

from __future__ import annotations

from app.storage.events import EventLog
from app.storage.players import PlayerRoster
from app.storage.profiles import ComponentProfiles
from app.storage.sessions import SessionTable
from app.storage.settings import AppSettings


class Store(PlayerRoster, SessionTable, EventLog, AppSettings, ComponentProfiles):
    """The saved-games file and everything kept in it: ``Store.open(path)`` (or
    ``Store.in_memory()``), then one method per thing read or written. Each base holds
    one table's reading and writing; the file itself is their common base, StoreFile."""
