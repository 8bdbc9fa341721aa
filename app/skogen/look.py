"""How Skogen's pieces look on screen: element tiles by colour, short names."""

from __future__ import annotations

from app.kit.colours import Colour

#: The element tiles a catastrophe offers, named by the colour printed on them.
ELEMENT_COLOURS: dict[str, Colour] = {
    "yellow_sun": (0.96, 0.82, 0.30, 1),
    "grey": (0.62, 0.64, 0.68, 1),
    "red_orange": (0.93, 0.45, 0.22, 1),
    "green_leaf": (0.45, 0.72, 0.36, 1),
    "blue": (0.35, 0.58, 0.93, 1),
}
ELEMENT_WORDS: dict[str, str] = {
    "yellow_sun": "Yellow sun",
    "grey": "Grey",
    "red_orange": "Red-orange",
    "green_leaf": "Green leaf",
    "blue": "Blue",
}
FACE_WORDS: dict[str, str] = {"wildfire": "Wildfire", "storm": "Storm", "flood": "Flood"}
ACTION_SHORT: dict[str, str] = {
    "korsbefruktning": "Korsbefr.",
    "hot_spot": "Hot Spot",
    "expedition": "Expedition",
    "migration": "Migration",
    "energiboost": "Energiboost",
    "katastrof": "Katastrof",
}
