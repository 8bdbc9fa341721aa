"""How Skulk Hollow's pieces are named and coloured on screen."""

from __future__ import annotations

from app.kit.theme import Colour
from engines import skulk_hollow as K
from engines.skulk_hollow import board

GUARDIAN_COLOURS: dict[str, Colour] = {
    "grak": (0.62, 0.55, 0.45, 1),
    "apoda": (0.55, 0.45, 0.85, 1),
    "tanthos": (0.72, 0.56, 0.34, 1),
    "raptra": (0.40, 0.62, 0.90, 1),
}

#: The leaders' short names on the map ("King" for the King of War); every other hero
#: keeps its full name ("Archer 1"), and the list beside the map names them all in full.
LEADER_SHORT: dict[str, str] = {
    "king_of_war": "King",
    "prince_of_guile": "Prince",
    "queen_of_blessing": "Queen",
    "princess_of_tactics": "Princess",
}


def title(name: str) -> str:
    """ "king_of_war" -> "King of War"."""
    return " ".join(w if w == "of" else w.capitalize() for w in name.split("_"))


def short_name(state: K.State, unit_id: str) -> str:
    """A hero's name where room is short: "King", "Sentinel", "Archer 1"."""
    return LEADER_SHORT.get(unit_id) or board.unit_name(state, unit_id)


def space_label(state: K.State, space: str) -> str:
    """A space's printed name, its two words on two lines ("TOWN\\nMILL")."""
    return board.space_name(state, space).replace(" ", "\n")
