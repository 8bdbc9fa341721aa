"""A player's final score, line by line: the one shape every scored game gives, for the
scoreboard and the score table (app.kit.score_table)."""

from __future__ import annotations

from dataclasses import dataclass

from engines.core.serial import Saveable


@dataclass(frozen=True)
class Line(Saveable):
    """One line of a player's score: ``points`` for ``category``, explained by ``detail``."""

    category: str
    detail: str
    points: int


@dataclass(frozen=True)
class PlayerScore(Saveable):
    name: str
    lines: tuple[Line, ...]
    total: int

    def points(self, category: str) -> int:
        return sum(line.points for line in self.lines if line.category == category)
