"""The score track and the catastrophe die as data (``data/board.toml``, values assumed)."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Literal

from engines.core import Saveable
from engines.core.data_files import read_toml

DATA = Path(__file__).parent / "data"
FACES: tuple[str, ...] = ("wildfire", "storm", "flood")
Status = Literal["assumed", "printed", "owner"]


class DataError(ValueError):
    """A board data file that can't be used; the message names the file and value."""


@dataclass(frozen=True)
class Board(Saveable):
    """One lap of the score track, its green squares, and the catastrophe die's faces."""

    track_length: int = 50
    green_squares: tuple[int, ...] = (10, 20, 30, 40)
    die_faces: tuple[str, ...] = ("wildfire", "wildfire", "storm", "storm", "flood", "flood")
    status: Status = "assumed"

    def __post_init__(self) -> None:
        if isinstance(self.track_length, bool) or self.track_length < 2:
            raise ValueError("The score track needs at least 2 squares.")
        for square in self.green_squares:
            if not 0 < square < self.track_length:
                raise ValueError(
                    f"Green squares lie between 1 and {self.track_length - 1}, not {square}."
                )
        if len(set(self.green_squares)) != len(self.green_squares):
            raise ValueError("A green square is listed twice.")
        if not self.die_faces:
            raise ValueError("The catastrophe die needs at least one face.")
        for face in self.die_faces:
            if face not in FACES:
                raise ValueError(f"A die face is wildfire, storm or flood, not {face!r}.")

    def square(self, score: int) -> int:
        """Where a token with ``score`` points stands on the track."""
        return score % self.track_length

    def laps(self, score: int) -> int:
        """How many times a token with ``score`` points has gone all the way round."""
        return score // self.track_length

    def is_green(self, score: int) -> bool:
        return self.square(score) in self.green_squares


def parse_board(data: dict[str, Any], source: str = "board.toml") -> Board:
    track, die = data.get("track"), data.get("die")
    if not isinstance(track, dict) or not isinstance(die, dict):
        raise DataError(f"{source}: needs a [track] table and a [die] table.")
    length, green, faces = track.get("length"), track.get("green", []), die.get("faces")
    if isinstance(length, bool) or not isinstance(length, int):
        raise DataError(f"{source}: [track] length must be a whole number of squares.")
    if not isinstance(green, list) or not all(
        isinstance(g, int) and not isinstance(g, bool) for g in green
    ):
        raise DataError(f"{source}: [track] green must be a list of square numbers.")
    if not isinstance(faces, list) or not all(isinstance(f, str) for f in faces):
        raise DataError(f"{source}: [die] faces must be a list of face names.")
    status = data.get("status", "assumed")
    if status not in ("assumed", "printed", "owner"):
        raise DataError(f"{source}: status must be assumed, printed or owner.")
    try:
        return Board(length, tuple(green), tuple(faces), status)
    except ValueError as error:
        raise DataError(f"{source}: {error}") from None


@cache
def default_board() -> Board:
    """The shipped board profile (values assumed; see board.toml)."""
    return parse_board(read_toml(DATA / "board.toml", DataError))
