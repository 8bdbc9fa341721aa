"""The catastrophe die and the element tiles each face lets a player choose (RULINGS G4)."""

from __future__ import annotations

from engines.core import Rng

#: The elements a face offers, named by their colour (the rulebook prints only icons).
CHOICES: dict[str, tuple[str, ...]] = {
    "wildfire": ("yellow_sun", "grey", "red_orange"),
    "storm": ("yellow_sun", "grey"),
    "flood": ("green_leaf", "grey", "blue"),
}
ELEMENT_NAMES: dict[str, str] = {
    "yellow_sun": "the yellow sun element",
    "grey": "the grey element",
    "red_orange": "the red-orange element",
    "green_leaf": "the green leaf element",
    "blue": "the blue element",
}


def roll(rng: Rng, faces: tuple[str, ...]) -> tuple[str, Rng]:
    """A face of the die (faces listed once per side) and the advanced random source."""
    return rng.choice(faces)


def choices(face: str) -> tuple[str, ...]:
    return CHOICES[face]
