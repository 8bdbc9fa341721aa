"""Damage one game's shipped data files, then print what each game says when opened.

``python -m tests.reliability.damaged_data_child GAME DAMAGE FILE COPY_DIR``: the engine
of GAME reads its data files from COPY_DIR, a copy of its ``data`` folder, after DAMAGE
("missing", "folder", "not_text", "invalid", "deep") is done to FILE there. The real
files are never touched. Prints one JSON object: each game's key and its problem.
"""

from __future__ import annotations

import json
import shutil
import sys
from pathlib import Path
from typing import Any

import engines.core.data_files as data_files


def damage(path: Path, how: str) -> None:
    path.unlink()
    if how == "folder":
        path.mkdir()
    elif how == "not_text":
        path.write_bytes(b"[track]\nlength = \xff\xfe\n")
    elif how == "invalid":
        path.write_text("[track\nlength = 50\n")
    elif how == "deep":
        path.write_text("x = " + "[" * 3_000 + "]" * 3_000 + "\n")


def main(game: str, how: str, file: str, copy: Path) -> None:
    shipped = Path(data_files.__file__).parent.parent / game / "data"
    shutil.copytree(shipped, copy)
    damage(copy / file, how)
    read_toml = data_files.read_toml

    def read_from_copy(path: Path, error: type[ValueError]) -> dict[str, Any]:
        return read_toml(copy / path.name if path.parent == shipped else path, error)

    # Before any engine is imported: each takes read_toml by name as it is imported.
    data_files.read_toml = read_from_copy  # type: ignore[assignment]

    from app.games import GAMES

    print(json.dumps({each.key: each.problem() for each in GAMES}))


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], sys.argv[3], Path(sys.argv[4]))
