"""What the legibility sweep (app.tools.sweep) plays of a game: each game's demo module names its
plan as ``SWEEP``, so the sweep itself names no game."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Protocol


class SweepPlayer(Protocol):
    def step(self, screen: Any) -> bool:
        """Make one move through ``screen``; False when the game has nothing left to do."""
        ...


@dataclass(frozen=True)
class SweepPlan:
    #: Set-ups that reach crowded and long states, each with the names at the table.
    configs: list[tuple[Any, list[str]]]
    #: A seeded player of the game.
    player: Callable[[int], SweepPlayer]
    #: The screen draws what a Kivy-free controller says (the automated games): the
    #: sweep has it draw before looking, and opens the game again now and then, when
    #: it must read the same.
    reopen: bool = False
    #: Shows a Hint on the screen for the state it is in; whether one could be shown.
    hint: Callable[[Any], bool] | None = None


class EnginePlayer:
    """Random legal moves through a scorekeeping game's screen, Done for instructions."""

    def __init__(self, seed: int) -> None:
        self.chooser = random.Random(seed)

    def step(self, screen: Any) -> bool:
        if screen.instructions.active:
            screen.instruction_done()
            return True
        actions = screen.game.rules().legal_actions(screen.state)
        if not actions:
            return False
        screen.take(self.chooser.choice(actions))
        return True


class ControllerPlayer:
    """A seeded player of an automated game, its moves through the screen's controller
    (the sweep has the screen draw what the controller says before it looks)."""

    def __init__(self, player: Any) -> None:
        self.player = player

    def step(self, screen: Any) -> bool:
        going_on: bool = self.player.step(screen.controller)
        return going_on
