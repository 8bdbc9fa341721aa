"""Which touches pick each of the hero's actions (see app.kit.touch_select).

A turn starts with a verb button; a card is then picked from a list, a hero by touching
it on the map, in the list or on the guardian board, a space on the map (a MOVE goes to
the space touched, a leap off to the guardian's space), a location on the guardian
board; every other answer is a button carrying the engine's own words.
"""

from __future__ import annotations

from collections.abc import Callable

from app.kit.touch_select import Path
from engines import skulk_hollow as K

VERBS: dict[str, str] = {
    "play": "Play a card",
    "prepare": "Prepare",
    "power": "Spend power",
    "relic": "Spend a relic",
    "ground": "Ground Raptra",
    "end": "End turn",
}
#: Verbs whose choice is a card from a list.
CARD_VERBS = ("play",)


def paths(state: K.State) -> Callable[[K.SkulkAction], Path]:
    """The touches for each legal action in ``state``."""

    def path(action: K.SkulkAction) -> Path:
        match action:
            case K.PlayCard(card=card):
                return (("verb", "play"), ("card", card))
            case K.Prepare():
                return (("verb", "prepare"),)
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
            case K.ChooseCard(card=card):
                return (("card", card),)
            case K.Move(direction=direction):
                return (("space", moved_to(state, direction)),)
            case K.LeapOff():
                return (("space", state.guardian_space),)
            case _:
                return (("answer", action.label),)

    return path


def moved_to(state: K.State, direction: K.Direction) -> str:
    """Where the hero unit moving now lands if it follows ``direction``."""
    assert state.pending is not None
    start = state.unit(state.pending.unit).space
    target = state.layout.step(start, direction, "hero")
    assert target is not None, "a legal MOVE stays on the map"
    return target
