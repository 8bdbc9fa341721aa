"""Which touches pick each of the hero's actions (see app.touch_select).

A turn starts with a verb button; a card is then picked from a list, a unit by touching
it in the roster or on the guardian board, a space on the map, a location on the
guardian board; every other answer is a button carrying the engine's own words.
"""

from __future__ import annotations

from app.touch_select import Path
from engines import skulk_hollow as K

VERBS: dict[str, str] = {
    "play": "Play a card",
    "prepare": "Prepare",
    "power": "Power",
    "relic": "Relic",
    "ground": "Ground Raptra",
    "end": "End turn",
}


def path(action: K.SkulkAction) -> Path:
    match action:
        case K.PlayCard(card=card):
            return (("verb", "play"), ("card", card))
        case K.Prepare():
            return (("verb", "prepare"),)
        case K.SpendPower(unit=""):
            return (("verb", "power"), ("answer", "From the pool"))
        case K.SpendPower(unit=unit):
            return (("verb", "power"), ("unit", unit))
        case K.SpendRelic():
            return (("verb", "relic"),)
        case K.GroundRaptra():
            return (("verb", "ground"),)
        case K.EndTurn():
            return (("verb", "end"),)
        case K.ChooseUnit(unit=unit):
            return (("unit", unit),)
        case K.ChooseSpace(space=space):
            return (("space", space),)
        case K.ChooseLocation(location=location):
            return (("location", location),)
        case _:
            return (("answer", action.label),)
