"""Writing an export's files: whole or not at all, and why one could not be written."""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path
from typing import Any


def write_json(path: Path, data: Any) -> None:
    """Write through a temporary file so a full disk never leaves half an export."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".partial")
    try:
        with partial.open("w", encoding="utf-8") as file:
            json.dump(data, file, ensure_ascii=False, indent=2)
            file.write("\n")
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)


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
