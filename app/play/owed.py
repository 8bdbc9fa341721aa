"""What the table is still owed: the instructions being told and how far the table has
got with them, a note kept for the prompt, and the move being entered. Each game with
more to keep (the guardian's plan, the order heroes came in, a run of cards put under
the deck) extends ``Owed`` with its own fields.

It is saved with the game (app.storage.owed): with the move it follows, in the same
transaction, or alone when the table moves on (a Done). So a pulled plug, or a game left
and opened again, shows the same instruction, count, reason and order as before. It is a
frozen dataclass of plain values, written and read back by engines.core.serial.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from typing import Any, TypeVar

from app.play.telling import Telling
from engines.core import JSON, from_data, plain, to_data

log = logging.getLogger("tableside")

OwedT = TypeVar("OwedT", bound="Owed")


@dataclass(frozen=True)
class Owed:
    telling: Telling = field(default_factory=Telling)
    #: Said once in the prompt: what was answered on the person's behalf, what a
    #: correction recorded, that the guardian's turn is over.
    note: str = ""
    #: The touches (or keys) of a move being entered, as plain values: a question asked
    #: halfway through a move ("Pay the cost, or make a Risky Draw?") comes back after a
    #: pulled plug (app.play.controller, ``entered``).
    entry: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        # Read back from a saved game as JSON lists: made plain (tuples) again.
        object.__setattr__(self, "entry", tuple(plain(touch) for touch in self.entry))

    def to_data(self) -> JSON:
        return to_data(self)


def read_owed(kind: type[OwedT], data: Any) -> OwedT | None:
    """``kind`` read back from what ``to_data`` wrote; None (logged) for anything else: a
    file from another release, or damaged. The table is then owed nothing."""
    if data is None:
        return None
    try:
        owed: OwedT = from_data(kind, data)
    except ValueError as error:
        log.warning("what the table was owed could not be read back: %s", error)
        return None
    return owed


def told_in(owed: JSON) -> JSON:
    """What a move told the table, from what the table was owed after it (``to_data``'s
    JSON): the chain's heading, its reason and each instruction's words. Kept with the
    move for the story of the game (app.storage.owed, ``told``); None for no chain."""
    telling = owed.get("telling") if isinstance(owed, dict) else None
    if not isinstance(telling, dict):
        return None
    changes = telling.get("changes")
    words = [
        change["words"]
        for change in (changes if isinstance(changes, list) else [])
        if isinstance(change, dict) and isinstance(change.get("words"), str)
    ]
    return {
        "heading": telling.get("heading", ""),
        "reason": telling.get("reason", ""),
        "words": words,
    }
