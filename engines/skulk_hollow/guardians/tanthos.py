"""Tanthos: SHOCK, TUNNEL, CRUSH, PULL and MEND; root tokens that MOVE can shift and hero
attacks destroy; six roots on the map win the game."""

from __future__ import annotations

from engines.core import SetupStep
from engines.core.quick_replace import replace
from engines.skulk_hollow import board, combat
from engines.skulk_hollow.guardians.base import ask, named, wounded_locations
from engines.skulk_hollow.state import State

ACTIONS = ("shock", "tunnel", "crush", "pull", "mend")
ROOTS = 6


def tunnel_spaces(state: State) -> tuple[str, ...]:
    if len(state.roots) >= ROOTS:
        return ()
    return tuple(s for s in state.layout.spaces if board.empty_space(state, s))


def targets(state: State, action: str) -> tuple[str, ...]:
    if action == "shock":
        units = tuple(u for u in state.units if u.location or u.space == state.guardian_space)
        return tuple(u.id for u in board.exposed(state, units))
    if action == "pull":
        around = board.surrounding(state)
        units = tuple(
            u for u in state.units if u.space in around and any(r != u.space for r in state.roots)
        )
        return tuple(u.id for u in board.exposed(state, units))
    if action == "crush":
        return tuple(
            u.id for u in board.exposed(state, state.units) if u.space and u.space in state.roots
        )
    if action == "mend":
        return wounded_locations(state)
    return ()


def usable(state: State, action: str) -> bool:
    if action == "tunnel":
        return bool(tunnel_spaces(state))
    return bool(targets(state, action))


def start(state: State, action: str) -> State:
    if action == "shock":
        return ask(state, "target", action)
    if action == "pull":
        return ask(state, "pick", action)
    if action == "mend":
        return ask(state, "mend", action)
    if action == "tunnel":
        return ask(state, "tunnel", action)
    if action == "crush":
        return crush(state)
    raise AssertionError(action)


def crush(state: State) -> State:
    """Each root wounds every hero unit in its space, one root after another."""
    hits: list[str] = []
    for space in sorted(state.roots):
        for unit in board.exposed(state, board.on_ground(state, space)):
            hits.append(named(state, unit.id))
            state = combat.wound_unit(state, unit.id)
    text = ", ".join(hits) if hits else "no one"
    return replace(state, last=f"Tanthos uses CRUSH: wounds on {text}.")


def places(state: State, action: str, unit: str) -> tuple[str, ...]:
    here = state.unit(unit).space
    return tuple(s for s in state.layout.spaces if s in state.roots and s != here)


def special_win(state: State) -> tuple[str, str] | None:
    if len(state.roots) >= ROOTS:
        return "tanthos_roots", "All six of Tanthos's roots are on the map."
    return None


def extra_actions(state: State) -> int:
    return 0


def prepare(state: State) -> State:
    return replace(state, guardian_space="lair", roots=("lair",))


def setup_steps() -> list[SetupStep]:
    return [
        SetupStep(
            "Tanthos's set-up",
            "Stand the Tanthos figure on LAIR with one root token beside it. The other five "
            "roots wait in their marked spaces on Tanthos's player mat. A hero destroys a "
            "root with a MELEE ATTACK in the root's own space, or with a MISSILE ATTACK from "
            "where it may shoot (an Archer from a space around Tanthos, the Sentinel from "
            "Tanthos's own space); the root goes back to the mat.",
            ("Tanthos figure and 1 root on LAIR", "5 roots on the player mat"),
            shows=("Tanthos on LAIR", "1 root on LAIR", "5 roots on mat"),
        )
    ]
