"""The cleanup phase: power from the pool into empty power spaces, the hand refilled
(one card only when it is already full), then the other side's turn begins."""

from __future__ import annotations

from engines.core.quick_replace import replace
from engines.skulk_hollow import decks
from engines.skulk_hollow.actions import ChooseUnit, SkulkAction
from engines.skulk_hollow.board import power_capacity, the_unit
from engines.skulk_hollow.combat import put_unit
from engines.skulk_hollow.guardians import module
from engines.skulk_hollow.state import Pending, Side, State


def free_power_spaces(state: State) -> dict[str, int]:
    """Empty power spaces on each hero unit in play that has any."""
    spaces = {unit.id: power_capacity(state, unit) - unit.power for unit in state.units}
    return {unit: free for unit, free in spaces.items() if free > 0}


def end_turn(state: State) -> State:
    """Start the active side's cleanup."""
    if state.active == "guardian":
        room = state.board.power - state.guardian_power
        placed = min(room, state.guardian_pool)
        state = replace(state, guardian_power=state.guardian_power + placed, guardian_pool=0)
        return finish(state)
    return _allocate_or_finish(state)


def _allocate_or_finish(state: State) -> State:
    free = free_power_spaces(state)
    if state.hero_pool == 0 or not free:
        return finish(state)
    if sum(free.values()) <= state.hero_pool:
        # Every empty space gets a cube: nothing to choose.
        for unit_id in free:
            unit = state.unit(unit_id)
            state = put_unit(state, replace(unit, power=power_capacity(state, unit)))
        return finish(state)
    return replace(state, pending=Pending("allocate", source="cleanup"))


def choices(state: State) -> list[SkulkAction]:
    return [ChooseUnit(unit) for unit in free_power_spaces(state)]


def allocate(state: State, unit_id: str) -> State:
    """One cube from the pool onto a hero unit."""
    unit = state.unit(unit_id)
    state = put_unit(state, replace(unit, power=unit.power + 1))
    state = replace(
        state,
        hero_pool=state.hero_pool - 1,
        pending=None,
        last=f"One power goes to {the_unit(state, unit_id)}.",
    )
    return _allocate_or_finish(state)


def finish(state: State) -> State:
    """Return unplaced cubes, refill the hand, and hand the turn over."""
    side = state.active
    hand_size = state.foxen.hand_size if side == "hero" else state.board.hand_size
    cards, rng, drawn = decks.refill(state.cards(side), hand_size, state.rng)
    if side == "hero":
        state = replace(state, hero_cards=cards, hero_pool=0)
        note = f"Hero draws {drawn} card{'s' if drawn != 1 else ''}."
    else:
        state = replace(state, guardian_cards=cards, guardian_pool=0)
        note = f"{state.board.name} draws {drawn}."
    state = replace(state, rng=rng, pending=None, last=note)
    return start_turn(state, "guardian" if side == "hero" else "hero")


def start_turn(state: State, side: Side) -> State:
    if side == "hero":
        return replace(
            state, active="hero", turn=state.turn + 1, actions_left=state.foxen.action_limit
        )
    extra = module(state.config.guardian).extra_actions(state)
    return replace(state, active="guardian", actions_left=state.board.action_limit + extra)
