"""What can go wrong with the saved-games file, told apart and put in a player's words.

Two kinds of trouble must never be confused. Damage (SQLite's "corrupt" and "not a
database", a failed ``integrity_check``, or a constraint a broken index breaks) is
permanent: the file is mended (app.storage.mending). Everything else (a full card, a
locked file, read-only or failing storage) passes or can be fixed by the person: nothing
is renamed, the action is refused with ``StorageFault`` and the games stay where they
are.

This module is light on purpose (no sqlite-utils): screens import it to catch faults.
"""

from __future__ import annotations

import errno
import os
import shutil
import sqlite3
from pathlib import Path

#: Said for an error no one foresaw (its details go to the log): nothing was changed.
SOMETHING_WENT_WRONG = (
    "Something went wrong on the way (the details are in Tableside's log). Your saved "
    "games are as they were."
)

#: What a person is told for each kind of fault; every message says the games are safe.
FAULT_WORDS = {
    "full": "The storage is full: free some space (delete old files or use a bigger card).",
    "locked": "The saved games are busy in another program: close it and try again.",
    "readonly": "The storage cannot be written to (it is read-only or the file is protected).",
    "io": "The storage is failing to read or write (a loose or worn-out card or stick?).",
    "cantopen": "The saved-games file cannot be opened where it is.",
    "restoring": "Your saved games are being put back from a copy: this can be done once "
    "that has finished.",
    "damaged": "Part of the saved-games file is damaged. Tableside repairs it now (or at "
    "its next start, if it is closed first), keeping every game it can read and the "
    "damaged file itself.",
}

_CORRUPT_NAMES = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_KIND_BY_NAME = {
    "SQLITE_FULL": "full",
    "SQLITE_BUSY": "locked",
    "SQLITE_LOCKED": "locked",
    "SQLITE_READONLY": "readonly",
    "SQLITE_PERM": "readonly",
    "SQLITE_AUTH": "readonly",
    "SQLITE_IOERR": "io",
    "SQLITE_CANTOPEN": "cantopen",
}
_KIND_BY_ERRNO = {
    errno.ENOSPC: "full",
    errno.EDQUOT: "full",
    errno.EROFS: "readonly",
    errno.EACCES: "readonly",
    errno.EPERM: "readonly",
    errno.EIO: "io",
    errno.EISDIR: "cantopen",
    errno.ENOTDIR: "cantopen",
    errno.ENOENT: "cantopen",
    errno.EEXIST: "cantopen",
}


class StorageFault(Exception):
    """Storage that cannot be used right now; nothing was written. ``str()`` is the
    person's words. Deliberately not a ValueError: it is not the person's mistake."""

    def __init__(self, kind: str, detail: str = "") -> None:
        self.kind = kind
        self.detail = detail  # the system's own words, for the log
        super().__init__(f"{FAULT_WORDS[kind]} Your saved games are safe.")


class DamagedData(ValueError):
    """A saved row (a game's settings, players, times or a move) that cannot be read."""


def is_damage(error: sqlite3.Error) -> bool:
    """True when SQLite says the file itself is damaged, not merely unusable now."""
    name = getattr(error, "sqlite_errorname", "") or ""
    if name.startswith(_CORRUPT_NAMES):
        return True
    # Older SQLite builds leave the name out; their messages are stable.
    text = str(error).lower()
    return "malformed" in text or "not a database" in text


def unreadable(error: sqlite3.Error) -> bool:
    """What reading a damaged file may raise: damage, or a constraint that a damaged value
    or index breaks; anything else is a fault of the storage (full, failing...)."""
    return isinstance(error, sqlite3.IntegrityError) or is_damage(error)


def fault_kind(error: BaseException) -> str:
    """The kind of a fault that is not damage: "full", "locked", "readonly", "io"..."""
    if isinstance(error, sqlite3.Error):
        if is_damage(error):
            return "damaged"
        name = getattr(error, "sqlite_errorname", "") or ""
        for prefix, kind in _KIND_BY_NAME.items():
            if name.startswith(prefix):
                return kind
        text = str(error).lower()
        if "full" in text:
            return "full"
        if "locked" in text or "busy" in text:
            return "locked"
        if "readonly" in text or "read-only" in text:
            return "readonly"
        if "unable to open" in text:
            return "cantopen"
        return "io"
    if isinstance(error, OSError):
        return _KIND_BY_ERRNO.get(error.errno or 0, "io")
    return "io"


#: Below this much free space, an I/O error is taken to mean a full storage.
NEARLY_FULL_BYTES = 1 << 20


def fault(error: BaseException, where: Path | None = None) -> StorageFault:
    """The fault ``error`` means, for the file at ``where``. SQLite often reports a full
    storage as a plain I/O error (making its "-shm" file fails), so the free space of
    ``where``'s folder decides between the two."""
    kind = fault_kind(error)
    if kind in ("io", "cantopen") and where is not None:
        kind = _closer_look(kind, where)
    return StorageFault(kind, str(error))


def _closer_look(kind: str, where: Path) -> str:
    """SQLite says "I/O error" or "unable to open" for a full or read-only storage too."""
    try:
        if any(p.exists() and not os.access(p, os.W_OK) for p in (where.parent, where)):
            return "readonly"
        if where.parent.is_dir() and shutil.disk_usage(where.parent).free < NEARLY_FULL_BYTES:
            return "full"
    except OSError:
        pass
    return kind


def shorten(text: str, limit: int = 80) -> str:
    """``text`` cut to ``limit`` characters with an ellipsis: for quoting anything read
    from a file in a message (a 100,000-character value would freeze the window). The
    engines keep their own (engines.core.serial): they know nothing of the app, and Home
    loads no engine."""
    text = str(text)
    return text if len(text) <= limit else text[: max(limit - 1, 0)] + "…"


def counted(number: int, word: str) -> str:
    """``number`` and ``word``, plural unless it is one: "1 game", "3 games"."""
    return f"{number} {word}" if number == 1 else f"{number} {word}s"


def listed(words: list[str]) -> str:
    """Words joined as a sentence lists them: "a", "a and b", "a, b and c"."""
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]
