"""Grak: GAZE, SWING, THROW, STOMP and MEND; an extra action at nine wounds; the tribute."""

from __future__ import annotations

from engines.core import SetupStep
from engines.core.quick_replace import replace
from engines.skulk_hollow import board
from engines.skulk_hollow.guardians.base import ask, wounded_locations
from engines.skulk_hollow.state import State

ACTIONS = ("gaze", "swing", "throw", "stomp", "mend")
TRIBUTE_TO_WIN = 8
WOUNDS_FOR_EXTRA_ACTION = 9


def targets(state: State, action: str) -> tuple[str, ...]:
    space = state.guardian_space
    if action == "gaze":
        sides = state.layout.side_neighbours(space)
        units = tuple(u for u in state.units if u.space in sides)
    elif action == "swing":
        units = board.on_ground(state, space)
    elif action == "throw":
        units = board.attached(state)
    elif action == "stomp":
        units = board.on_ground(state, space)
    elif action == "mend":
        return wounded_locations(state)
    else:
        return ()
    return tuple(unit.id for unit in board.exposed(state, units))


def usable(state: State, action: str) -> bool:
    return bool(targets(state, action))


def start(state: State, action: str) -> State:
    if action in ("gaze", "swing"):
        return ask(state, "target", action)
    if action == "throw":
        return ask(state, "pick", action)
    if action == "stomp":
        units = targets(state, "stomp")
        return ask(state, "stomp", action, unit=units[0], queue=units[1:])
    if action == "mend":
        return ask(state, "mend", action)
    raise AssertionError(action)


def places(state: State, action: str, unit: str) -> tuple[str, ...]:
    if action == "stomp":
        return tuple(s for s in state.layout.spaces if s != state.guardian_space)
    return state.layout.spaces  # THROW: any ground space, Grak's own included


def special_win(state: State) -> tuple[str, str] | None:
    if state.eliminated >= TRIBUTE_TO_WIN:
        return "grak_tribute", f"Grak has eliminated {TRIBUTE_TO_WIN} hero units."
    return None


def extra_actions(state: State) -> int:
    return 1 if board.guardian_wounds(state) >= WOUNDS_FOR_EXTRA_ACTION else 0


def prepare(state: State) -> State:
    return replace(state, guardian_space="lair")


def setup_steps() -> list[SetupStep]:
    return [
        SetupStep(
            "Grak's set-up",
            "Stand the Grak figure on LAIR. Put the tribute token on the zero space of the "
            "tribute track on Grak's player mat; it counts the heroes Grak defeats.",
            ("Grak figure on LAIR", "Tribute token on 0"),
            shows=("Grak on LAIR", "Tribute on 0"),
        )
    ]
