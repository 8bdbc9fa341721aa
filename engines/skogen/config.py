"""The set-up options of a Skogen game, checked as they are built."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from engines.core import Saveable
from engines.skogen.board import Board, default_board

SPECIES_TILES = 50
STARTING_HAND = 4
MAX_PLAYERS = 6  # six tokens and six screens


@dataclass(frozen=True)
class Config(Saveable):
    """Players in turn order, the first player first (whoever was last in a forest).

    ``die`` says who rolls the catastrophe die: "app" (the app rolls) or "table" (people
    roll the real die and enter the face). ``board`` is the owner's track and die profile.
    """

    players: tuple[str, ...] = ("Ana", "Bo", "Cy")
    die: Literal["app", "table"] = "app"
    board: Board = field(default_factory=default_board)

    def __post_init__(self) -> None:
        if not 2 <= len(self.players) <= MAX_PLAYERS:
            raise ValueError(f"Skogen is for 2 to {MAX_PLAYERS} players.")
        if any(not name.strip() for name in self.players):
            raise ValueError("Every player needs a name.")
        if len(set(self.players)) != len(self.players):
            raise ValueError("Two players have the same name.")
        if self.die not in ("app", "table"):
            raise ValueError("The die is rolled by the app or at the table.")
