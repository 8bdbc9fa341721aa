"""How Skulk Hollow's pieces are named and coloured on screen."""

from __future__ import annotations

from app.theme import Colour

GUARDIAN_COLOURS: dict[str, Colour] = {
    "grak": (0.62, 0.55, 0.45, 1),
    "apoda": (0.55, 0.45, 0.85, 1),
    "tanthos": (0.72, 0.56, 0.34, 1),
    "raptra": (0.40, 0.62, 0.90, 1),
}

#: Short names of the map's spaces, to fit inside the diamonds.
SPACE_SHORT: dict[str, str] = {
    "keep": "KEEP",
    "town_mill": "MILL",
    "town_well": "WELL",
    "mine": "MINE",
    "clearing": "CLEARING",
    "farm": "FARM",
    "forest_shrine": "SHRINE",
    "forest_swamp": "SWAMP",
    "lair": "LAIR",
}

LEADER_SHORT: dict[str, str] = {
    "king_of_war": "King",
    "prince_of_guile": "Prince",
    "queen_of_blessing": "Queen",
    "princess_of_tactics": "Princess",
}


def title(name: str) -> str:
    """ "king_of_war" -> "King of War"."""
    return " ".join(w if w == "of" else w.capitalize() for w in name.split("_"))


def unit_short(unit_id: str) -> str:
    """ "knight_2" -> "K2", "sentinel" -> "S", a leader -> "King"."""
    if unit_id in LEADER_SHORT:
        return LEADER_SHORT[unit_id]
    kind, _, number = unit_id.partition("_")
    return kind[0].upper() + number
