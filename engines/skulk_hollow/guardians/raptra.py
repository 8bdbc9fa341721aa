"""Raptra: FLAP, CLAW, SHRIEK, LAUNCH and MEND; on the ground or in the air.

In the air Raptra cannot CLAW, the heroes cannot LEAP, a MOVE may go twice the same way,
and the hero player may spend an action (discarding a random card) to bring Raptra down.
SHRIEK needs the air and costs two power when taken with power. Raptra wins when the
Foxen leader is the only hero unit left on the map.
"""

from __future__ import annotations

from engines.core import SetupStep
from engines.core.quick_replace import replace
from engines.skulk_hollow import board
from engines.skulk_hollow.guardians.base import ask, wound_all, wounded_locations
from engines.skulk_hollow.state import State, Unit

ACTIONS = ("flap", "claw", "shriek", "launch", "mend")
SHRIEK_SPACE_KINDS = ("forest", "town")
#: Power a SHRIEK costs when taken by spending power.
SHRIEK_POWER = 2


def _clawed(state: State) -> tuple[Unit, ...]:
    return board.exposed(state, board.on_ground(state, state.guardian_space))


def _shrieked(state: State) -> tuple[Unit, ...]:
    kinds = {s.id: s.kind for s in state.components.spaces}
    units = tuple(u for u in state.units if u.space and kinds[u.space] in SHRIEK_SPACE_KINDS)
    return board.exposed(state, units)


def in_reach(state: State) -> tuple[Unit, ...]:
    """The hero units Raptra's strike would wound now: CLAW's on the ground, SHRIEK's
    in the air."""
    return _shrieked(state) if state.airborne else _clawed(state)


def targets(state: State, action: str) -> tuple[str, ...]:
    if action == "flap":
        around = board.surrounding(state)
        units = tuple(u for u in state.units if u.location or u.space in around)
        return tuple(u.id for u in board.exposed(state, units))
    if action == "claw":
        return tuple(u.id for u in _clawed(state))
    if action == "shriek":
        return tuple(u.id for u in _shrieked(state))
    if action == "mend":
        return wounded_locations(state)
    return ()


def usable(state: State, action: str) -> bool:
    if action == "launch":
        return True
    if action == "claw" and state.airborne:
        return False
    if action == "shriek" and not state.airborne:
        return False
    return bool(targets(state, action))


def start(state: State, action: str) -> State:
    if action == "flap":
        return ask(state, "pick", action)
    if action == "mend":
        return ask(state, "mend", action)
    if action == "claw":
        return wound_all(state, _clawed(state), "CLAW")
    if action == "shriek":
        return wound_all(state, _shrieked(state), "SHRIEK")
    if action == "launch":
        up = not state.airborne
        text = "Raptra takes to the air." if up else "Raptra lands."
        return replace(state, airborne=up, last=text)
    raise AssertionError(action)


def places(state: State, action: str, unit: str) -> tuple[str, ...]:
    return state.layout.spaces  # FLAP: any ground space, Raptra's own included


def special_win(state: State) -> tuple[str, str] | None:
    on_map = board.on_map(state)
    if len(on_map) == 1 and board.is_leader(state, on_map[0]):
        return "raptra_alone", "The Foxen leader is the only hero unit left on the map."
    return None


def extra_actions(state: State) -> int:
    return 0


def prepare(state: State) -> State:
    return replace(state, guardian_space="lair", airborne=False)


def setup_steps() -> list[SetupStep]:
    return [
        SetupStep(
            "Raptra's set-up",
            "Stand the Raptra figure on LAIR. Lay one status card beside Raptra's player "
            "mat with the ground side showing, the cloud token next to it; hand the spare "
            "status card to the hero player as a reminder.",
            ("Raptra figure on LAIR", "Status card, ground side up", "Cloud token beside it"),
            # One piece in the picture: the cloud lies with the card (review N15).
            shows=("Raptra on LAIR", "Status + cloud"),
        )
    ]
