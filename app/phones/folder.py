"""The folder the app writes and the page's server reads: ``page.json`` (the game's
page, with the token that opens it), ``result.png`` and ``play.bgsplay`` once the game
has ended, and ``address.json`` (where the server listens, written by the server). Every
file is written whole under a temporary name and renamed into place, so the server never
reads half of one."""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

PAGE = "page.json"
PICTURE = "result.png"
PLAY_FILE = "play.bgsplay"
ADDRESS = "address.json"
#: The files the server may send, by the name the page asks for them.
SERVED = {"result.png": (PICTURE, "image/png"), "play.bgsplay": (PLAY_FILE, "application/json")}


def write_whole(path: Path, data: bytes) -> None:
    """``data`` as ``path``, which is either the old file or the new one, never part."""
    path.parent.mkdir(parents=True, exist_ok=True)
    handle, temporary = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def write_json(path: Path, data: Any) -> None:
    write_whole(path, json.dumps(data, ensure_ascii=False).encode())


def read_json(path: Path) -> Any:
    """The JSON in ``path``, or None: missing, or not JSON (never half written)."""
    try:
        return json.loads(path.read_bytes())
    except (OSError, ValueError):
        return None
