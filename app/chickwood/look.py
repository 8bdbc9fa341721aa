"""How Chickwood Forest looks on screen: alms colours by seat and the mark in each alms.

The alms cubes are red, yellow, purple, blue and green on the table (given out in seat
order, engines.chickwood.config.ALMS_COLOURS); the screen uses the same colours so the
dots match the cubes, and always writes each player's mark in the dot (shown beside
their name as a legend), so colour is never the only signal.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from app.kit.colours import Colour
from engines.chickwood import ALMS_COLOURS, CardProfile

#: The screen's colour for each alms colour in the box.
COLOURS: dict[str, Colour] = {
    "red": (0.86, 0.30, 0.30, 1),
    "yellow": (0.95, 0.82, 0.30, 1),
    "purple": (0.66, 0.48, 0.90, 1),
    "blue": (0.38, 0.60, 0.95, 1),
    "green": (0.40, 0.74, 0.42, 1),
}
FOREST: Colour = (0.16, 0.22, 0.17, 1)


def alms_colour(seat: int) -> Colour:
    return COLOURS[ALMS_COLOURS[seat % len(ALMS_COLOURS)]]


def marks(names: Sequence[str]) -> tuple[str, ...]:
    """A short mark for each player, different for each: their initial when no two
    share it ("A", "B"), else their seat number ("1", "2" for Player 1 and Player 2)."""
    initials = [name[:1].upper() for name in names]
    if len(set(initials)) == len(initials):
        return tuple(initials)
    return tuple(str(seat) for seat in range(1, len(names) + 1))


@dataclass(frozen=True)
class SpaceLook:
    """One alms space: empty, or the mark and colour of the player whose alms it holds."""

    letter: str = ""
    colour: Colour = (0, 0, 0, 0)


@dataclass(frozen=True)
class RowLook:
    spaces: tuple[SpaceLook, ...]
    glory: int | None


@dataclass(frozen=True)
class CardLook:
    """What a card of the grid shows: its rows of alms spaces as printed (a forest has
    none) and its state in the snake being laid."""

    forest: bool
    rows: tuple[RowLook, ...] = ()
    lit: bool = False  # a legal next step
    step: int = 0  # its place in the snake being laid (0: not on it), drawn as an outline


def card_rows(profile: CardProfile, filled: Sequence[SpaceLook] = ()) -> tuple[RowLook, ...]:
    """A village card's rows as printed, its spaces filled in order with ``filled``."""
    spaces = [*filled] + [SpaceLook()] * (profile.capacity - len(filled))
    rows, start = [], 0
    for row in profile.rows:
        rows.append(RowLook(tuple(spaces[start : start + row.spaces]), row.glory))
        start += row.spaces
    return tuple(rows)
