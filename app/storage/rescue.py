"""A damaged file set aside, never deleted, and a new one built from whatever can still be
read from it (app.storage.salvage), so that a pulled plug at any moment loses nothing.

The new file is built under a temporary name and put in place only when it is complete
and on the storage (synced, renamed, the folder synced). A marker beside the saved games
(``<file>.repair.json``), written before the damaged file moves, names it: a rescue cut
short starts again from that kept original at the next start, and a half-built file is
thrown away. The marker also records what came across, written just before the new file
goes in place, so that a rescue cut short after that is not done twice and its outcome
is still told.
"""

from __future__ import annotations

import glob
import json
import logging
import os
from dataclasses import asdict, dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from app.storage.faults import shorten
from app.storage.location import marker_path
from app.storage.salvage import LostGame, Progress, Salvaged, salvage

log = logging.getLogger("tableside.store")

#: The companions SQLite keeps beside a file in WAL mode; they move with it.
COMPANIONS = ("-wal", "-shm")
#: Why a file is mended when its marker cannot say.
DAMAGED = "the file is damaged"


@dataclass(frozen=True)
class Marker:
    """A mending under way: written when damage is found, removed when it is mended."""

    #: Why the file is mended, in a player's words ("the file is damaged").
    problem: str
    #: The damaged file's name once it is set aside (in the same folder).
    kept: str | None = None
    #: What came across, once the new file is complete.
    outcome: Salvaged | None = None


@dataclass(frozen=True)
class Rescued:
    #: Where the damaged file is kept (None when there was none left to keep).
    kept: Path | None
    salvaged: Salvaged
    #: A rescue cut short before (a pulled plug) was finished now.
    resumed: bool


def rescue(path: Path, problem: str, progress: Progress) -> Rescued:
    """Set the file at ``path`` aside and build a new one from what can be read of it,
    or finish a rescue cut short. Raises sqlite3.Error or OSError only for a fault of the
    storage (full, failing): the marker then makes the next start try again."""
    marker = read_marker(path) or Marker(problem)
    resumed = marker.kept is not None
    marker, kept = _set_aside(path, marker)
    if marker.outcome is not None and path.exists():
        # Cut short after the new file went in place: only the marker was left to remove.
        remove_marker(path)
        return Rescued(kept, marker.outcome, resumed)
    building = path.with_name(path.name + ".rescue-new")
    for stale in (building, *(building.with_name(building.name + s) for s in COMPANIONS)):
        stale.unlink(missing_ok=True)  # half-built by a rescue cut short: built again
    salvaged = salvage(kept, building, progress)
    _sync(building)
    write_marker(path, replace(marker, outcome=salvaged))
    if path.exists():  # never overwritten: whatever is there is kept too
        log.warning("%s appeared during its rescue; kept as %s", path, move_aside(path))
    os.replace(building, path)
    _sync(path.parent)
    remove_marker(path)
    return Rescued(kept, salvaged, resumed)


def _set_aside(path: Path, marker: Marker) -> tuple[Marker, Path | None]:
    """The damaged file under its kept name, named in the marker before it moves."""
    kept = path.with_name(marker.kept) if marker.kept else None
    if kept is not None and kept.exists():
        # Cut short between moving the file and its companions: they follow it now.
        for suffix in COMPANIONS:
            stray = path.with_name(path.name + suffix)
            if stray.exists() and not path.exists():
                stray.replace(kept.with_name(kept.name + suffix))
        return marker, kept
    if not path.exists():
        return marker, None  # nothing is left to rescue
    kept = kept or kept_name(path)
    marker = replace(marker, kept=kept.name)
    write_marker(path, marker)
    _move(path, kept)
    _sync(path.parent)
    return marker, kept


def kept_name(path: Path) -> Path:
    """A name of its own for a file set aside: ``<file>.unreadable-<date>-<time>``."""
    stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
    kept = path.with_name(f"{path.name}.unreadable-{stamp}")
    counter = 1
    while kept.exists():
        counter += 1
        kept = path.with_name(f"{path.name}.unreadable-{stamp}-{counter}")
    return kept


def move_aside(path: Path) -> Path:
    """Rename the file (and its WAL companions) out of the way; returns the new name."""
    kept = kept_name(path)
    _move(path, kept)
    return kept


def _move(path: Path, kept: Path) -> None:
    path.rename(kept)
    for suffix in COMPANIONS:
        companion = path.with_name(path.name + suffix)
        if companion.exists():
            companion.rename(kept.with_name(kept.name + suffix))


# -- the marker ------------------------------------------------------------------------------


def read_marker(path: Path) -> Marker | None:
    """The mending under way for the saved games at ``path``, if any. A damaged marker
    still means one is: the file is mended from the start, or, if it had already been
    set aside, from the latest file set aside. Storage that cannot be read (or a folder
    that is not one) holds none that could be acted on."""
    where = marker_path(path)
    try:
        text = where.read_bytes()
    except (FileNotFoundError, NotADirectoryError):
        return None
    except OSError as problem:
        log.warning("cannot read %s: %s", where, problem)
        return None
    try:
        data = json.loads(text)
    except ValueError:
        data = None
    if not isinstance(data, dict):
        data = {}
    why, kept = data.get("problem"), data.get("kept")
    # Only a name this module gives: a damaged one must not point at another file.
    if not (isinstance(kept, str) and _is_kept_name(path, kept)):
        kept = None
        if not path.exists():
            kept = max((p.name for p in _kept_files(path)), default=None)
            log.warning("%s is damaged; the latest file set aside is %s", where, kept)
    return Marker(
        shorten(why, 120) if isinstance(why, str) and why else DAMAGED,
        kept,
        _outcome(data.get("outcome")),
    )


def _is_kept_name(path: Path, name: str) -> bool:
    return name.startswith(f"{path.name}.unreadable-") and Path(name).name == name


def _kept_files(path: Path) -> list[Path]:
    """The files set aside for ``path`` (their names sort by the time they were)."""
    return [
        kept
        for kept in path.parent.glob(f"{glob.escape(path.name)}.unreadable-*")
        if not kept.name.endswith(COMPANIONS) and _is_kept_name(path, kept.name)
    ]


def _outcome(data: Any) -> Salvaged | None:
    """What came across, as the marker recorded it; None if that cannot be read (the
    copy is then made again)."""
    try:
        lost = tuple(
            LostGame(
                game["game"] if isinstance(game["game"], str) else None,
                tuple(name for name in game["players"] if isinstance(name, str)),
                game["started"] if isinstance(game["started"], str) else None,
                int(game["moves"]),
                int(game["lost"]),
            )
            for game in data["lost"]
        )
        return Salvaged(int(data["games"]), lost)
    except (TypeError, KeyError, ValueError):
        return None


def write_marker(path: Path, marker: Marker) -> None:
    """Write the marker whole or not at all, and make sure it is on the storage."""
    where = marker_path(path)
    writing = where.with_name(where.name + ".new")
    writing.write_text(json.dumps(asdict(marker)), encoding="utf-8")
    _sync(writing)
    os.replace(writing, where)
    _sync(where.parent)


def remove_marker(path: Path) -> None:
    marker_path(path).unlink(missing_ok=True)
    _sync(path.parent)


def _sync(path: Path) -> None:
    """Make sure what was written to a file, or a folder's renames, are on the storage.
    Windows cannot open a folder to sync it: there a rename is as safe as it makes it."""
    flags = os.O_RDONLY
    if path.is_dir():
        if not hasattr(os, "O_DIRECTORY"):
            return
        flags |= os.O_DIRECTORY
    fd = os.open(path, flags)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
