"""What a phone shows of a game's state: sections of rows (a heading, the columns'
names, then one row a player or piece, the first cell a name, the others values), made
from the game's own view (what its screen draws, app/<game>/view.py), so the phone and
the table's screen never disagree. Each game's ``standing`` is named in its GameInfo."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engines.core import Outcome


@dataclass(frozen=True)
class Section:
    heading: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]

    def to_data(self) -> dict[str, Any]:
        return {"heading": self.heading, "columns": self.columns, "rows": self.rows}


def final_scores(outcome: Outcome) -> Section:
    """A competitive game's final scores, the winners marked."""
    rows = tuple(
        (name, str(points), "won" if name in outcome.winners else "")
        for name, points in outcome.scores
    )
    return Section("Final scores", ("Player", "Points", ""), rows)
