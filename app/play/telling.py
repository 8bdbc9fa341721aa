"""Instructions for the table: the physical changes the app has decided, told one at a
time, each confirmed with Done (or the confirm button) before the next.

The changes come from the engine (``table_changes(before, after)``, see
engines/core/changes.py). A ``Telling`` is a value: the chain, how far the table has got
with it, its heading and its reason, and the table as it stood when the chain began; it
is saved with the game (app.play.owed), so a pulled plug comes back to the same
instruction, "2 of 3", with the same reason. The screen shows its current step
(app.play.instructions), marks ``current.places`` and draws the table as the people
have made it so far (``table_now``): each change appears on the screen only once its
instruction is done, never the state the whole move leads to.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from engines.core import Change, Table, made, plain, to_announce


@dataclass(frozen=True)
class Telling:
    """The chain of instructions being told: which one is current, and why."""

    changes: tuple[Change, ...] = ()
    index: int = 0
    heading: str = ""
    reason: str = ""
    #: The table as the people had it when the chain began, as (place, plain contents)
    #: pairs in order (their own part of the move already made). Empty in a chain saved
    #: by an older release: the screen then draws the game's own places.
    table: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        # Read back from a saved game as JSON lists: made plain (tuples) again.
        object.__setattr__(self, "table", tuple((str(k), plain(v)) for k, v in self.table))

    @classmethod
    def start(
        cls,
        changes: Sequence[Change],
        reason: str = "",
        heading: str = "",
        everything: bool = False,
        table: Mapping[str, Hashable] | None = None,
    ) -> Telling:
        """Tell ``changes`` from the first: all of them when ``everything`` (an undo, where
        the people must put back even their own move), else the ones the app decided.
        ``reason`` is said once for the whole chain. ``table``: the table as the people
        have it now (the model, app.play.controller), their own part of the move (the
        changes ``chosen``) then made on it by their own hands."""
        told = tuple(changes) if everything else tuple(to_announce(changes))
        if not told:
            return cls()
        start: Mapping[str, Hashable] = {}
        if table is not None:
            start = table if everything else made(table, [c for c in changes if c.chosen])
        return cls(told, 0, heading, reason, tuple(sorted(start.items())))

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

    def table_now(self) -> Table | None:
        """The table as the people have made it so far: the chain's start with the
        instructions before the current one carried out. None when not known (no chain,
        or one saved by an older release)."""
        if not self.active or not self.table:
            return None
        return made(dict(self.table), self.changes[: self.index])

    def table_at_end(self) -> Table | None:
        """The table once every instruction of the chain is carried out (None: not known)."""
        if not self.table:
            return None
        return made(dict(self.table), self.changes)

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


@dataclass(frozen=True)
class Panel:
    """What the instruction panel shows, as plain data (part of a game's view)."""

    heading: str = ""
    position: str = ""
    words: str = ""
    reason: str = ""


def told_panel(telling: Telling, position: str = "") -> Panel:
    """The panel for the instruction being told (an empty one when none is): its heading,
    "2 of 3" (else ``position``, a game's own count), the words and the chain's reason."""
    current = telling.current
    if current is None:
        return Panel()
    heading = telling.heading or "On the table"
    return Panel(heading, telling.position or position, current.words, telling.reason)


def not_done(changes: Sequence[Change], waiting: Sequence[Change]) -> list[Change]:
    """The changes that put the table back, without those only of places the table was
    told to change and has not yet (``waiting``): there is nothing there to put back."""
    untouched = {key for change in waiting for key in change.keys}
    return [change for change in changes if not set(change.keys) <= untouched]
