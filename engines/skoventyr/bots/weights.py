"""The advisor's fitted weights, shipped as a data file: ``data/advisor.toml``.

Two tables: ``[policy]``, the rule of thumb's move scores (``policy.W``), and ``[value]``,
the position estimate's weight for each feature (``value.NAMES``). The file is written by
``python -m engines.skoventyr.bots.fit`` and checked as it is read, like the card table:
a missing, damaged or incomplete file raises ``AdvisorDataError`` saying what is wrong.
The engine reads it with the standard library only.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

from engines.core.data_files import parse_toml, read_toml

DATA_FILE = Path(__file__).parents[1] / "data" / "advisor.toml"


class AdvisorDataError(ValueError):
    """The advisor's data file cannot be used; the message says why."""


def load_table(table: str, names: Iterable[str] | None, path: Path = DATA_FILE) -> dict[str, float]:
    """The weights of ``[table]`` in ``path``, which must give exactly ``names`` (None:
    whatever names it gives)."""
    return checked(read_toml(path, AdvisorDataError), table, names)


def parse_table(text: str, table: str, names: Iterable[str] | None) -> dict[str, float]:
    """``load_table`` for the text of a data file."""
    return checked(parse_toml(text, "data/advisor.toml", AdvisorDataError), table, names)


def checked(data: Mapping[str, Any], table: str, wanted: Iterable[str] | None) -> dict[str, float]:
    where = f"Advisor weights, [{table}]"
    given = data.get(table)
    if not isinstance(given, dict):
        raise AdvisorDataError(f"{where} is missing.")
    names = tuple(given) if wanted is None else tuple(wanted)
    missing = [name for name in names if name not in given]
    if missing:
        raise AdvisorDataError(f"{where} has no weight for {', '.join(map(repr, missing))}.")
    unknown = sorted(set(given) - set(names))
    if unknown:
        raise AdvisorDataError(f"{where} has unknown weight(s) {', '.join(map(repr, unknown))}.")
    weights: dict[str, float] = {}
    for name in names:
        weight = given[name]
        if (
            isinstance(weight, bool)
            or not isinstance(weight, int | float)
            or not math.isfinite(weight)
        ):
            raise AdvisorDataError(f"{where}: {name!r} is {weight!r}, not a number.")
        weights[name] = float(weight)
    return weights


def write_weights(path: Path, tables: Mapping[str, Mapping[str, float]], header: str) -> None:
    """Write ``tables`` as the data file, with ``header`` (how they were made) on top."""
    lines = [f"# {line}".rstrip() for line in header.strip().splitlines()]
    for table, values in tables.items():
        lines += ["", f"[{table}]"]
        # A JSON string is a valid TOML key for these plain names.
        lines += [f"{json.dumps(name)} = {weight:.6g}" for name, weight in values.items()]
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
