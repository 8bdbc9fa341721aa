"""What each guardian module provides, and helpers they share."""

from __future__ import annotations

from typing import Protocol

from engines.core import SetupStep
from engines.core.quick_replace import replace
from engines.skulk_hollow import board, combat
from engines.skulk_hollow.state import Pending, State, Unit


class GuardianModule(Protocol):
    """One guardian's special rules. Modules ``grak``, ``apoda``... satisfy this."""

    @property
    def ACTIONS(self) -> tuple[str, ...]:
        """The guardian's actions printed on its mat (besides MOVE and PREPARE)."""
        ...

    def usable(self, state: State, action: str) -> bool:
        """The action would do something now (disabled locations are checked elsewhere)."""
        ...

    def start(self, state: State, action: str) -> State:
        """Carry out the action, or open its first choice as ``state.pending``."""
        ...

    def targets(self, state: State, action: str) -> tuple[str, ...]:
        """Units (or, for MEND/MOLT, locations) the action may be aimed at."""
        ...

    def places(self, state: State, action: str, unit: str) -> tuple[str, ...]:
        """Ground spaces where a unit picked by the action may be put."""
        ...

    def special_win(self, state: State) -> tuple[str, str] | None:
        """(cause, reason) when the guardian's own win condition is met."""
        ...

    def extra_actions(self, state: State) -> int:
        """Actions beyond the limit at the start of the guardian's turn."""
        ...

    def prepare(self, state: State) -> State:
        """The guardian's unique set-up on the board."""
        ...

    def setup_steps(self) -> list[SetupStep]:
        """The guardian's unique set-up, in our own words."""
        ...


def named(state: State, unit_id: str) -> str:
    return board.the_unit(state, unit_id)


def wound_all(state: State, units: tuple[Unit, ...], what: str) -> State:
    """One wound on each unit (all at once: the set is fixed before any wound)."""
    names = [named(state, unit.id) for unit in units]
    for unit in units:
        if state.has_unit(unit.id):
            state = combat.wound_unit(state, unit.id)
    hit = ", ".join(names) if names else "no one"
    return replace(state, last=f"{state.board.name} uses {what}: one wound on {hit}.")


def wounded_locations(state: State, abilities: tuple[str, ...] | None = None) -> tuple[str, ...]:
    return tuple(
        loc.id
        for loc in state.board.locations
        if board.wounds_at(state, loc.id) > 0 and (abilities is None or loc.ability in abilities)
    )


def ask(state: State, step: str, action: str, unit: str = "", queue: tuple[str, ...] = ()) -> State:
    return replace(
        state, pending=Pending(step, source="ability", action=action, unit=unit, queue=queue)
    )
