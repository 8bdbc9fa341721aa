"""Wounds and their consequences: hero units eliminated, guardian locations filled."""

from __future__ import annotations

from engines.core.quick_replace import replace
from engines.skulk_hollow import decks
from engines.skulk_hollow.board import location_index
from engines.skulk_hollow.state import State, Unit


def put_unit(state: State, unit: Unit) -> State:
    """Add or replace a unit; units stay sorted by id so equal boards are equal states."""
    others = [u for u in state.units if u.id != unit.id]
    return replace(state, units=tuple(sorted((*others, unit), key=lambda u: u.id)))


def place_on_ground(state: State, unit_id: str, space: str) -> State:
    return put_unit(state, replace(state.unit(unit_id), space=space, location=""))


def attach(state: State, unit_id: str, location: str) -> State:
    return put_unit(state, replace(state.unit(unit_id), space="", location=location))


def wound_unit(state: State, unit_id: str) -> State:
    """One wound on a hero unit; when its wound spaces are all full it is eliminated."""
    unit = state.unit(unit_id)
    wounds = unit.wounds + 1
    if wounds >= state.unit_type(unit).wounds:
        return eliminate(state, unit_id)
    return put_unit(state, replace(unit, wounds=wounds))


def eliminate(state: State, unit_id: str) -> State:
    """The figure and its power cubes return to the supply; its card goes to the discard."""
    unit = state.unit(unit_id)
    cards = state.hero_cards
    if state.unit_type(unit).role != "leader":  # the leader's fall ends the game
        cards = decks.to_discard(cards, unit.kind)
    return replace(
        state,
        units=tuple(u for u in state.units if u.id != unit_id),
        hero_cards=cards,
        eliminated=state.eliminated + 1,
    )


def heal_unit(state: State, unit_id: str) -> State:
    unit = state.unit(unit_id)
    return put_unit(state, replace(unit, wounds=max(0, unit.wounds - 1)))


def wound_location(state: State, location: str) -> State:
    """One wound on a guardian location, if it has an empty wound space."""
    index = location_index(state, location)
    if state.guardian_wounds[index] >= state.board.location(location).wounds:
        return state
    wounds = list(state.guardian_wounds)
    wounds[index] += 1
    return replace(state, guardian_wounds=tuple(wounds))


def heal_location(state: State, location: str) -> State:
    index = location_index(state, location)
    wounds = list(state.guardian_wounds)
    wounds[index] = max(0, wounds[index] - 1)
    return replace(state, guardian_wounds=tuple(wounds))


def power_in_supply(state: State) -> int:
    """Power cubes still in the supply (25 in the box)."""
    used = state.hero_pool + state.guardian_pool + state.guardian_power
    return 25 - used - sum(unit.power for unit in state.units)
