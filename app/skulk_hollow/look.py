"""How Skulk Hollow's pieces are named and coloured on screen."""

from __future__ import annotations

from typing import Any

from app.kit.colours import Colour
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


def code(state: K.State, unit_id: str) -> str:
    """A hero's code on a crowded map space: the initials of its kind and its number,
    "S" for the Sentinel, "K1" for Knight 1, "KW" for the King of War."""
    unit = state.unit(unit_id)
    initials = "".join(word[0] for word in state.unit_type(unit).name.split() if word != "of")
    number = board.unit_name(state, unit_id).rpartition(" ")[2]
    return initials + (number if number.isdigit() else "")


def on_the_map(state: K.State, unit_id: str) -> tuple[str, str, str]:
    """How a hero may be named on a map space: in full, shortened, by its code."""
    return (board.unit_name(state, unit_id), short_name(state, unit_id), code(state, unit_id))


def space_label(state: K.State, space: str) -> str:
    """A space's printed name, its two words on two lines ("TOWN\\nMILL")."""
    return board.space_name(state, space).replace(" ", "\n")


def tokens_on(state: K.State, space: str) -> list[str]:
    """The tokens on a space, counted by kind: "2 runes", "1 root"."""
    counts = (("root", state.roots.count(space)), ("rune", state.runes.count(space)))
    return [f"{n} {kind}{'s' if n > 1 else ''}" for kind, n in counts if n]


def space_cells(state: K.State) -> list[dict[str, Any]]:
    """What each map space shows (the MapCell properties, and "at" for where it lies)."""
    colour = GUARDIAN_COLOURS[state.config.guardian]
    return [
        {
            "at": at,
            "target": ("space", space),
            "name": space_label(state, space),
            "guardian": state.board.name.upper() if state.guardian_space == space else "",
            "heroes": [on_the_map(state, u.id) for u in board.on_ground(state, space)],
            "tokens": tokens_on(state, space),
            "guardian_colour": colour,
        }
        for space, at in state.layout.coords
    ]
