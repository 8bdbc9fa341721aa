"""How a finished game ended."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

Result = Literal["won", "lost", "scored"]


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    ``result`` is "won" or "lost" for the people at the table when they play against an
    automated side (Skoventyr's Gamle Erik, Skulk Hollow's guardian), and "scored" for a
    competitive game, where ``scores`` and ``winners`` (player names; several on a tie)
    tell the rest. ``reason`` is a sentence for the screen; ``cause`` is a short stable
    key for statistics ("caught", "all_minions_defeated", ...).
    """

    result: Result
    reason: str
    cause: str = ""
    winners: tuple[str, ...] = ()
    scores: tuple[tuple[str, int], ...] = ()
