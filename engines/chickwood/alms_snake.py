"""The village grid and the alms snake (RULINGS C2).

A player gives the alms of this round's benefactors one village at a time: the first
anywhere, each next one directly above, below, left or right of the last. Never onto or
through a forest, never onto a full village, never twice onto the same village in a
round. When no village can be reached, the rest stays in the player's store.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.chickwood.village import CardProfile
from engines.core import IllegalAction, Saveable


def alms_cubes(count: int) -> str:
    """A number of alms in words that read right for one as for many: "1 alms cube"."""
    return f"{count} alms cube{'' if count == 1 else 's'}"


def benefactor_alms(values: Sequence[int]) -> str:
    """The alms of some benefactor cards, card by card: "1 alms cube", "2 + 1 alms cubes"."""
    if len(values) == 1:
        return alms_cubes(values[0])
    return " + ".join(map(str, values)) + " alms cubes"


@dataclass(frozen=True)
class Cell(Saveable):
    """One card of the grid and, for a village, who holds each filled space in order."""

    profile: CardProfile
    owners: tuple[int, ...] = ()  # player seats, space by space

    @property
    def forest(self) -> bool:
        return self.profile.forest

    @property
    def full(self) -> bool:
        return len(self.owners) >= self.profile.capacity


@dataclass(frozen=True)
class Grid(Saveable):
    """The village cards laid out in rows (3 x 3, or 2 x 3 for two players), row by row."""

    rows: int
    cols: int
    cells: tuple[Cell, ...]

    def __post_init__(self) -> None:
        if len(self.cells) != self.rows * self.cols:
            raise ValueError(
                f"A {self.rows} x {self.cols} grid needs {self.rows * self.cols} cards."
            )

    def index(self, row: int, col: int) -> int:
        if not (0 <= row < self.rows and 0 <= col < self.cols):
            raise IllegalAction(
                f"There is no card there: the grid has {self.rows} rows of {self.cols}."
            )
        return row * self.cols + col

    def position(self, index: int) -> tuple[int, int]:
        return divmod(index, self.cols)

    def where(self, index: int) -> str:
        """Where a card lies in the grid, in words: "top right", "middle centre"."""
        row, col = self.position(index)
        if self.rows > 3 or self.cols != 3:
            return f"in row {row + 1}, column {col + 1}"
        rows = ("top", "bottom") if self.rows == 2 else ("top", "middle", "bottom")
        return f"{rows[row]} {('left', 'centre', 'right')[col]}"

    def name(self, index: int) -> str:
        """A card as a person finds it: "the village top left (glory 3 6)", "the forest
        bottom right" (the physical cards print no name or number)."""
        profile = self.cells[index].profile
        if profile.forest:
            return f"the forest {self.where(index)}"
        return f"the village {self.where(index)} ({profile.glory})"

    def adjacent(self, a: int, b: int) -> bool:
        (ra, ca), (rb, cb) = self.position(a), self.position(b)
        return abs(ra - rb) + abs(ca - cb) == 1

    def neighbours(self, index: int) -> tuple[int, ...]:
        return tuple(i for i in range(len(self.cells)) if self.adjacent(index, i))

    def place(self, index: int, seat: int) -> Grid:
        """A copy with ``seat``'s alms in the first free space of the village at ``index``."""
        cell = self.cells[index]
        cells = list(self.cells)
        cells[index] = replace(cell, owners=(*cell.owners, seat))
        return replace(self, cells=tuple(cells))


def check_step(grid: Grid, visited: Sequence[int], index: int) -> None:
    """Raise IllegalAction, in a player's words, if the next alms may not go to ``index``."""
    cell = grid.cells[index]
    where = grid.name(index)
    if cell.forest:
        raise IllegalAction(
            f"{where.capitalize()} takes no alms, and the snake can't pass through a forest."
        )
    if index in visited:
        raise IllegalAction(
            f"You already gave alms to {where} this round: one alms per village per round."
        )
    if cell.full:
        raise IllegalAction(f"{where.capitalize()} has no free space left.")
    if visited and not grid.adjacent(visited[-1], index):
        raise IllegalAction(
            f"{where.capitalize()} is not next to {grid.name(visited[-1])}: each next alms goes "
            "to a village directly above, below, left or right of the last one (no diagonals, "
            "no jumps)."
        )


def legal_steps(grid: Grid, visited: Sequence[int]) -> tuple[int, ...]:
    """Where the next alms may go, in grid order (anywhere open for the first alms)."""
    options = grid.neighbours(visited[-1]) if visited else range(len(grid.cells))
    result = []
    for index in options:
        try:
            check_step(grid, visited, index)
        except IllegalAction:
            continue
        result.append(index)
    return tuple(result)


def snakes(grid: Grid, length: int) -> tuple[tuple[int, ...], ...]:
    """Every snake of up to ``length`` alms that can't be made longer (for hints and tests)."""
    found: list[tuple[int, ...]] = []

    def grow(path: tuple[int, ...]) -> None:
        steps = legal_steps(grid, path) if len(path) < length else ()
        if not steps:
            found.append(path)
        for step in steps:
            grow((*path, step))

    grow(())
    return tuple(found)
