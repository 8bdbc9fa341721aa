"""How Chickwood Forest looks on screen: alms colours by seat, words for loot kinds.

The alms cubes are red, yellow, purple, blue and green on the table; the screen uses the
same colours so the dots match the cubes, and always writes the player's initial in the
dot, so colour is never the only signal.
"""

from __future__ import annotations

from app.theme import Colour

#: Alms colours in seat order: (colour word, colour).
ALMS: tuple[tuple[str, Colour], ...] = (
    ("red", (0.86, 0.30, 0.30, 1)),
    ("yellow", (0.95, 0.82, 0.30, 1)),
    ("purple", (0.66, 0.48, 0.90, 1)),
    ("blue", (0.38, 0.60, 0.95, 1)),
    ("green", (0.40, 0.74, 0.42, 1)),
)
FOREST: Colour = (0.16, 0.22, 0.17, 1)


def alms_colour(seat: int) -> Colour:
    return ALMS[seat % len(ALMS)][1]


def initial(name: str) -> str:
    return name[:1].upper()
