"""Keeping a Skogen game without a window: the moves of the ledger, the app's catastrophe
die, and Undo over both."""

from __future__ import annotations

from app.play.controller import PlayController
from engines import skogen as G


class SkogenController(PlayController[G.State, G.SkogenAction, G.Config]):
    def moves_an_undo_takes(self) -> int:
        """The last move, and the app's rolls before it (the roll is the app's, so it goes
        with the move that followed it)."""
        states = self.play.session.states
        steps = 1
        while steps < len(states) - 1 and app_rolls(states[-1 - steps]):
            steps += 1
        return steps


def app_rolls(state: G.State) -> bool:
    """The state waits for the die the app rolls."""
    return state.phase == "roll" and state.config.die == "app"
