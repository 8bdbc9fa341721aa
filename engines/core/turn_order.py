"""The order in which a game's rulebook has things happen on a turn, written once per game
as data, so that the order in which the app tells the table what to change can be
checked against it (each ``Change`` names its ``phase``).

Within one round (or turn) of ``progress``, the phases told never go back: a phase
told after a later one of the same round is out of the rulebook's order (the heroes'
refill told after the guardian's turn, say). What is told counts in the round of the
moves it follows, but for the ``opening`` phases: those begin the round after.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class TurnOrder:
    #: Where the rulebook sets the order: its section, named as the rulebook names it.
    source: str
    #: The phases in the rulebook's order, each as the game's changes name it.
    phases: tuple[str, ...]
    #: Phases that begin the next round (or turn) though told with the end of the one
    #: before: the deal for a new round, what happens at the start of a turn.
    opening: tuple[str, ...] = ()

    def rank(self, phase: str) -> int:
        """Where ``phase`` comes in the order; ValueError for a phase it does not list."""
        if phase not in self.phases:
            raise ValueError(f"{phase!r} is not a phase of {self.source}")
        return self.phases.index(phase)
