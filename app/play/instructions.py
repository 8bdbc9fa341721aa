"""Instructions for the table: the physical changes the app has decided, told one at a
time, each confirmed with Done (or the confirm button) before the next.

The changes come from the engine (``table_changes(before, after)``, see
engines/core/changes.py); this module only keeps the chain and shows its current step.
Each game places the panel on its play screen and marks ``current.places`` on its board.
"""

from __future__ import annotations

from collections.abc import Sequence

from kivy.properties import StringProperty
from kivy.uix.boxlayout import BoxLayout

from app.kv import load_kv
from engines.core import Change, to_announce


class InstructionChain:
    """The chain of instructions being told: which one is current, and why."""

    def __init__(self) -> None:
        self._changes: list[Change] = []
        self._index = 0
        self.reason = ""
        self.heading = ""

    def start(
        self,
        changes: Sequence[Change],
        reason: str = "",
        heading: str = "",
        everything: bool = False,
    ) -> bool:
        """Tell ``changes`` from the first: all of them when ``everything`` (an undo, where
        the people must put back even their own move), else the ones the app decided.
        ``reason`` is said once for the whole chain. Returns whether there is any to tell."""
        self._changes = list(changes) if everything else to_announce(changes)
        self._index = 0
        self.reason = reason if self._changes else ""
        self.heading = heading if self._changes else ""
        return bool(self._changes)

    @property
    def current(self) -> Change | None:
        return self._changes[self._index] if self._index < len(self._changes) else None

    @property
    def active(self) -> bool:
        return self.current is not None

    @property
    def position(self) -> str:
        """Where the chain is ("2 of 5"); nothing for a chain of one."""
        if len(self._changes) < 2 or not self.active:
            return ""
        return f"{self._index + 1} of {len(self._changes)}"

    def advance(self) -> bool:
        """The current instruction is done: go on to the next. False once all are done."""
        if self.active:
            self._index += 1
        if not self.active:
            self.clear()
        return self.active

    def clear(self) -> None:
        self._changes = []
        self._index = 0
        self.reason = self.heading = ""


class InstructionPanel(BoxLayout):
    """The current instruction, large: a heading with the place in the chain, the words,
    and the reason (dim). Done lives in the screen's bottom bar, on the right."""

    heading = StringProperty("")
    position = StringProperty("")
    words = StringProperty("")
    reason = StringProperty("")

    def show(self, chain: InstructionChain) -> None:
        current = chain.current
        self.heading = chain.heading or "On the table"
        self.position = chain.position
        self.words = current.words if current is not None else ""
        self.reason = chain.reason


load_kv("instructions.kv")
