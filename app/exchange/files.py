"""Writing an export's files: whole or not at all, and why one could not be written.

Every file is written under a temporary name (``<name>.partial``), synced to the device
and only then renamed to its own name; an export's folder likewise. So a power cut, a
stick pulled out or a kill never leaves a file cut short under its final name, only
``.partial`` leftovers, which the next export removes (``remove_leftovers``).
"""

from __future__ import annotations

import errno
import json
import os
import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

#: The ending of a file or folder being written.
PARTIAL = ".partial"


def partial_name(path: Path) -> Path:
    return path.with_name(path.name + PARTIAL)


@contextmanager
def written(path: Path, newline: str | None = None, encoding: str = "utf-8") -> Iterator[TextIO]:
    """A UTF-8 text file (``encoding``: "utf-8-sig" begins it with a byte-order mark) to
    write ``path`` through: under its temporary name until the
    block ends, then synced and renamed; removed if the block raises. Half of a
    character pair, which JSON text may escape but UTF-8 cannot hold, is written as that
    escape ("\\ud800"): the file goes on, and JSON reads the same value back."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = partial_name(path)
    try:
        with partial.open(
            "w", encoding=encoding, errors="backslashreplace", newline=newline
        ) as file:
            yield file
            file.flush()
            os.fsync(file.fileno())
        os.replace(partial, path)
        sync_folder(path.parent)
    finally:
        partial.unlink(missing_ok=True)


@contextmanager
def written_folder(folder: Path) -> Iterator[Path]:
    """A folder to fill: ``<folder>.partial`` until the block ends, then renamed (its
    files are synced by then); removed with everything in it if the block raises."""
    partial = partial_name(folder)
    partial.mkdir(parents=True)
    try:
        yield partial
        os.rename(partial, folder)  # never over an existing folder (see free_name)
        sync_folder(folder.parent)
    except BaseException:
        shutil.rmtree(partial, ignore_errors=True)
        raise


def dumps(value: Any) -> str:
    """JSON text as the exports write it: UTF-8 as it is, not escaped."""
    return json.dumps(value, ensure_ascii=False)


class JsonArray:
    """A JSON array written into a file item by item, one to a line: the exports write
    their long lists as they read them, never holding one whole."""

    def __init__(self, file: TextIO, indent: str) -> None:
        self._file = file
        self._indent = indent
        self._empty = True
        file.write("[")

    def add(self, item_json: str) -> None:
        self._file.write(("\n" if self._empty else ",\n") + self._indent + item_json)
        self._empty = False

    def close(self) -> None:
        self._file.write("]")


def free_name(folder: Path) -> Path:
    """``folder``, or with "-2", "-3"... when that name is taken (two exports in one
    second)."""
    candidate, number = folder, 1
    while candidate.exists() or partial_name(candidate).exists():
        number += 1
        candidate = folder.with_name(f"{folder.name}-{number}")
    return candidate


def sync_folder(folder: Path) -> None:
    """Sync a folder's entries (a rename in it) to the device."""
    descriptor = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
    try:
        os.fsync(descriptor)
    finally:
        os.close(descriptor)


def remove_leftovers(folder: Path) -> None:
    """Remove what a cut-short export left in ``folder`` (a stick, or the exchange
    folder): the ``.partial`` files and folders Tableside writes there and in its export
    folders, and nothing else of the person's. Only one export runs at a time, so none
    of them is still being written."""
    mine = ("export-*", "damaged-game-*", "export-*/*")
    try:
        leftovers = [path for name in mine for path in folder.glob(name + PARTIAL)]
    except OSError:  # the folder is not there (yet), or the stick was pulled out
        return
    for path in leftovers:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


_WRITE_PROBLEMS = {
    errno.ENOSPC: "there is no space left there",
    errno.EDQUOT: "there is no space left there",
    errno.EROFS: "that place is read-only",
    errno.EACCES: "Tableside may not write there",
    errno.EPERM: "Tableside may not write there",
    errno.EIO: "the storage failed to write (a loose or worn-out stick or card?)",
    errno.ENOENT: "that place is gone (a stick taken out?)",
}


def write_problem(error: OSError) -> str:
    """Why files could not be written, in a player's words (never the system's text)."""
    return _WRITE_PROBLEMS.get(error.errno or 0, "the storage refused them")
