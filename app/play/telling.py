"""Instructions for the table: the physical changes the app has decided, told one at a
time, each confirmed with Done (or the confirm button) before the next.

The changes come from the engine (``table_changes(before, after)``, see
engines/core/changes.py). A ``Telling`` is a value: the chain, how far the table has got
with it, its heading and its reason; it is saved with the game (app.play.owed), so a
pulled plug comes back to the same instruction, "2 of 3", with the same reason. The
screen shows its current step (app.play.instructions) and marks ``current.places``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from engines.core import Change, to_announce


@dataclass(frozen=True)
class Telling:
    """The chain of instructions being told: which one is current, and why."""

    changes: tuple[Change, ...] = ()
    index: int = 0
    heading: str = ""
    reason: str = ""

    @classmethod
    def start(
        cls,
        changes: Sequence[Change],
        reason: str = "",
        heading: str = "",
        everything: bool = False,
    ) -> Telling:
        """Tell ``changes`` from the first: all of them when ``everything`` (an undo, where
        the people must put back even their own move), else the ones the app decided.
        ``reason`` is said once for the whole chain."""
        told = tuple(changes) if everything else tuple(to_announce(changes))
        return cls(told, 0, heading, reason) if told else cls()

    @property
    def current(self) -> Change | None:
        return self.changes[self.index] if self.index < len(self.changes) else None

    @property
    def active(self) -> bool:
        return self.current is not None

    @property
    def position(self) -> str:
        """Where the chain is ("2 of 5"); nothing for a chain of one."""
        if len(self.changes) < 2 or not self.active:
            return ""
        return f"{self.index + 1} of {len(self.changes)}"

    @property
    def waiting(self) -> tuple[Change, ...]:
        """The instructions the table has not carried out yet, the current one first."""
        return self.changes[self.index :]

    def advanced(self) -> Telling:
        """The current instruction is done: the chain from the next (empty once all are)."""
        if self.index + 1 >= len(self.changes):
            return Telling()
        return replace(self, index=self.index + 1)

    def followed_by(self, changes: Sequence[Change]) -> Telling:
        """The same chain with ``changes`` (told all) after its last step."""
        if not self.active:
            return Telling.start(changes, everything=True)
        return replace(self, changes=self.changes + tuple(changes))
