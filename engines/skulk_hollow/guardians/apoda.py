"""Apoda: STAB, SIZZLE, SLAM, BURROW and MOLT; runes to collect; SIZZLE locations immune to
MISSILE ATTACK and DASH (see ``heroes.immune``)."""

from __future__ import annotations

from engines.core import SetupStep
from engines.core.quick_replace import replace
from engines.skulk_hollow import board, combat
from engines.skulk_hollow.guardians.base import ask, named, wound_all, wounded_locations
from engines.skulk_hollow.state import State, Unit

ACTIONS = ("stab", "sizzle", "slam", "burrow", "molt")
RUNES = 4
RUNE_SPACES = ("farm", "keep", "keep", "mine")
SIZZLED = ("slam", "stab", "sizzle")
MOLTED = ("slam", "stab", "burrow")


def _sizzled(state: State) -> tuple[Unit, ...]:
    units = tuple(
        u for u in board.attached(state) if state.board.location(u.location).ability in SIZZLED
    )
    return board.exposed(state, units)


def targets(state: State, action: str) -> tuple[str, ...]:
    if action == "stab":
        corners = state.layout.corner_neighbours(state.guardian_space)
        units = tuple(u for u in state.units if u.space in corners)
        return tuple(u.id for u in board.exposed(state, units))
    if action == "sizzle":
        return tuple(u.id for u in _sizzled(state))
    if action == "slam":
        return tuple(u.id for u in board.exposed(state, board.attached(state)))
    if action == "molt":
        return wounded_locations(state, MOLTED)
    return ()


def usable(state: State, action: str) -> bool:
    if action == "burrow":
        return True  # even with no rune here and LAIR reached already, to no effect (RULINGS K6)
    return bool(targets(state, action))


def start(state: State, action: str) -> State:
    if action == "stab":
        return ask(state, "target", action)
    if action == "molt":
        return ask(state, "mend", action)
    if action == "sizzle":
        return wound_all(state, _sizzled(state), "SIZZLE")
    if action == "slam":
        moved = targets(state, "slam")
        names = ", ".join(named(state, unit) for unit in moved)
        for unit in moved:
            state = combat.place_on_ground(state, unit, state.guardian_space)
        falls = "falls" if len(moved) == 1 else "fall"
        return replace(state, last=f"Apoda uses SLAM: {names} {falls} to the ground.")
    if action == "burrow":
        runes = list(state.runes)
        collected = state.runes_collected
        text = "Apoda burrows back to LAIR."
        if state.guardian_space == "lair":
            text = "Apoda burrows, to no effect: no rune here, and it is in LAIR already."
        if state.guardian_space in runes:
            runes.remove(state.guardian_space)
            collected += 1
            text = f"Apoda collects a rune ({collected} of {RUNES}) and burrows back to LAIR."
        return replace(
            state, runes=tuple(runes), runes_collected=collected, guardian_space="lair", last=text
        )
    raise AssertionError(action)


def places(state: State, action: str, unit: str) -> tuple[str, ...]:
    return ()


def special_win(state: State) -> tuple[str, str] | None:
    if state.runes_collected >= RUNES:
        return "apoda_runes", "Apoda has collected all four rune tokens."
    return None


def extra_actions(state: State) -> int:
    return 0


def prepare(state: State) -> State:
    return replace(state, guardian_space="lair", runes=RUNE_SPACES, runes_collected=0)


def setup_steps() -> list[SetupStep]:
    return [
        SetupStep(
            "Apoda's set-up",
            "Stand the Apoda figure on LAIR. Lay out the four rune tokens: a pair on KEEP, "
            "one on FARM and one on MINE. Apoda wins by gathering all of them.",
            ("Apoda figure on LAIR", "2 runes on KEEP", "1 rune on FARM", "1 rune on MINE"),
            shows=("Apoda on LAIR", "2 runes on KEEP", "1 rune on FARM", "1 rune on MINE"),
        )
    ]
