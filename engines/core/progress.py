"""How far a game has got, in the terms its players count by: which round (or turn) and
whose turn it is. A replay jumps by it and the list of unfinished games says it."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal


@dataclass(frozen=True)
class Progress:
    #: The round (or, in a game counted by turns, the turn): 1 for the first, 0 during set-up.
    number: int
    #: Whose turn it is: a player's seat (0-based, in the order the players were given)...
    seat: int | None = None
    #: ... or the side the app plays, by its name ("Grak"). Neither: the players together.
    side: str = ""
    #: A part of the game that is no one's turn, in words ("the final count").
    stage: str = ""
    counted_by: Literal["round", "turn"] = "round"
