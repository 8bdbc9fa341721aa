"""The Skulk Hollow map: nine ground spaces on a 3x3 grid turned 45 degrees (RULINGS K1).

A space sits at ``(a, b)``: ``a`` counts steps up-left and ``b`` steps up-right from KEEP,
as the hero player sees the map. LAIR is at ``(2, 2)``. Two spaces are *neighbouring* when
they touch at a side or a corner, and *share a side* when they differ by one step in
exactly one of ``a`` and ``b``. Card arrows name screen directions; the guardian player
sits across the table, so their view is the hero view turned 180 degrees.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

Coord = tuple[int, int]
Viewpoint = Literal["hero", "guardian"]

SIZE = 3


class Direction(StrEnum):
    """A card arrow, as seen from the seat of the player who plays the card."""

    UP_LEFT = "up_left"
    UP_RIGHT = "up_right"
    DOWN_LEFT = "down_left"
    DOWN_RIGHT = "down_right"
    UP = "up"
    DOWN = "down"
    LEFT = "left"
    RIGHT = "right"

    @property
    def label(self) -> str:
        return self.value.replace("_", "-")


#: RULINGS K1: the step each arrow makes in (a, b), in the hero player's view.
HERO_VECTORS: dict[Direction, Coord] = {
    Direction.UP_LEFT: (1, 0),
    Direction.UP_RIGHT: (0, 1),
    Direction.DOWN_LEFT: (0, -1),
    Direction.DOWN_RIGHT: (-1, 0),
    Direction.UP: (1, 1),
    Direction.DOWN: (-1, -1),
    Direction.LEFT: (1, -1),
    Direction.RIGHT: (-1, 1),
}

ALL_DIRECTIONS: tuple[Direction, ...] = tuple(Direction)


def vector(direction: Direction, viewpoint: Viewpoint) -> Coord:
    """The step an arrow makes, seen from ``viewpoint`` (the guardian's is turned 180°)."""
    a, b = HERO_VECTORS[direction]
    return (a, b) if viewpoint == "hero" else (-a, -b)


def on_map(coord: Coord) -> bool:
    return 0 <= coord[0] < SIZE and 0 <= coord[1] < SIZE


def neighbouring(first: Coord, second: Coord) -> bool:
    """Touching at a side or a corner (a space is not its own neighbour)."""
    da, db = abs(first[0] - second[0]), abs(first[1] - second[1])
    return first != second and max(da, db) == 1


def sharing_a_side(first: Coord, second: Coord) -> bool:
    da, db = abs(first[0] - second[0]), abs(first[1] - second[1])
    return da + db == 1


#: RULINGS K1 coordinates. The left/right order of the two TOWN and the two FOREST spaces is
#: assumed; the component data (map.toml) may swap them.
DEFAULT_COORDS: dict[str, Coord] = {
    "keep": (0, 0),
    "town_mill": (1, 0),
    "town_well": (0, 1),
    "mine": (2, 0),
    "clearing": (1, 1),
    "farm": (0, 2),
    "forest_shrine": (2, 1),
    "forest_swamp": (1, 2),
    "lair": (2, 2),
}

SPACE_IDS: tuple[str, ...] = tuple(DEFAULT_COORDS)


@dataclass(frozen=True)
class Layout:
    """Which ground space lies where: the geometry questions the rules ask of the map."""

    coords: tuple[tuple[str, Coord], ...] = tuple(DEFAULT_COORDS.items())

    def __post_init__(self) -> None:
        names = [name for name, _ in self.coords]
        cells = sorted(coord for _, coord in self.coords)
        grid = sorted((a, b) for a in range(SIZE) for b in range(SIZE))
        if sorted(names) != sorted(SPACE_IDS) or cells != grid:
            raise ValueError("The map needs each of the nine ground spaces on its own cell.")

    @property
    def spaces(self) -> tuple[str, ...]:
        """Every ground space, in map order (KEEP first, LAIR last)."""
        return tuple(name for name, _ in sorted(self.coords, key=lambda nc: (sum(nc[1]), nc[1])))

    def at(self, space: str) -> Coord:
        for name, coord in self.coords:
            if name == space:
                return coord
        raise KeyError(f"no ground space called {space!r}")

    def space_at(self, coord: Coord) -> str | None:
        for name, cell in self.coords:
            if cell == coord:
                return name
        return None

    def neighbours(self, space: str) -> tuple[str, ...]:
        """The spaces neighbouring ``space`` (its *surrounding* spaces), in map order."""
        here = self.at(space)
        return tuple(s for s in self.spaces if neighbouring(here, self.at(s)))

    def side_neighbours(self, space: str) -> tuple[str, ...]:
        """The neighbouring spaces that share a side with ``space``."""
        here = self.at(space)
        return tuple(s for s in self.spaces if sharing_a_side(here, self.at(s)))

    def corner_neighbours(self, space: str) -> tuple[str, ...]:
        """The neighbouring spaces that touch ``space`` only at a corner."""
        sides = self.side_neighbours(space)
        return tuple(s for s in self.neighbours(space) if s not in sides)

    def step(self, space: str, direction: Direction, viewpoint: Viewpoint) -> str | None:
        """Where one step along ``direction`` leads, or None when it leaves the map."""
        a, b = self.at(space)
        da, db = vector(direction, viewpoint)
        return self.space_at((a + da, b + db))

    def direction(self, start: str, end: str, viewpoint: Viewpoint) -> Direction | None:
        """The arrow that leads from ``start`` to the neighbouring ``end``, if any."""
        for direction in ALL_DIRECTIONS:
            if self.step(start, direction, viewpoint) == end:
                return direction
        return None


DEFAULT_LAYOUT = Layout()
