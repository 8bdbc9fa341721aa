"""Reading the TOML data files shipped with a game, every failure said in words.

A data file can go missing or be damaged on the SD card; the game then cannot be played,
and the app says why (``app.games``). Each game passes its own error class (a
``ValueError``), so its callers catch one thing whatever went wrong with the file.
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any


def read_toml(path: Path, error: type[ValueError]) -> dict[str, Any]:
    """The file's tables; ``error`` saying what is wrong if it cannot be read."""
    where = f"{path.parent.name}/{path.name}"
    try:
        text = path.read_bytes().decode("utf-8")
    except FileNotFoundError:
        raise error(f"its data file {where} is missing.") from None
    except IsADirectoryError:
        raise error(f"its data file {where} is a folder, not a file.") from None
    except OSError as problem:
        reason = problem.strerror or "the storage did not answer"
        raise error(f"its data file {where} cannot be read ({reason}).") from None
    except UnicodeDecodeError:
        raise error(f"its data file {where} is damaged (it is not text).") from None
    return parse_toml(text, where, error)


def parse_toml(text: str, where: str, error: type[ValueError]) -> dict[str, Any]:
    """``text`` parsed as TOML; ``error`` naming ``where`` if it is not valid."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        raise error(f"its data file {where} is damaged ({problem}).") from None
    except RecursionError:  # tomllib recurses into nested arrays and tables
        raise error(f"its data file {where} is damaged (nested too deeply).") from None
