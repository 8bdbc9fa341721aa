"""The play loop without a window: a game being played (or stepped through), what the
table is owed (app.play.owed), and the refusal or fault to say once.

A game's screen holds one controller and only lays out what it says and forwards
touches to it. Every move goes through ``record``: checked by the rules, saved with what
the table is owed after it in one transaction, and only then taken as the new state.
What changes only the table's progress (a Done) is saved on its own.
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from typing import Any

from app.kit.touch_select import TouchSelection
from app.play.owed import Owed, read_owed
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.play.telling import Telling
from app.storage.faults import StorageFault
from engines.core import JSON, Action, AnyGameRules, Change

#: What the table is owed after a move, from the state it leads to.
OwedAfter = Callable[[Any], Owed]
#: Whether an undo stops at the action just taken back (None: there was none), from the
#: state that leaves.
LastUndone = Callable[[Action | None, Any], bool]
#: What the table is owed after an action is taken back, from ``LastUndone``'s
#: arguments and whether the undo stops there.
OwedAfterUndo = Callable[[Action | None, Any, bool], Owed]


class PlayController:
    """``owed_type``: the game's kind of Owed (a subclass for a game that keeps more)."""

    owed_type: type[Owed] = Owed

    def __init__(self, rules: AnyGameRules, play: PlaySession | Replay) -> None:
        self.rules = rules
        self.play = play
        #: A refusal or a fault, said once in the prompt; not saved.
        self.message = ""
        #: The last move was refused because it could not be saved (not by the rules).
        self.unsaved = False
        #: The touches of an action being chosen (a game that picks actions by touch).
        self.selection: TouchSelection[Any] = TouchSelection([], lambda _action: ())
        kept = play.owed_when_opened if isinstance(play, PlaySession) else None
        owed = read_owed(self.owed_type, kept)
        self.owed: Owed = owed if owed is not None else self.fresh_owed()

    def fresh_owed(self) -> Owed:
        """What the table is owed when nothing was kept: nothing but what can be read from
        the game itself (a game extends it, e.g. with the order heroes came in)."""
        return self.owed_type()

    @property
    def state(self) -> Any:
        return self.play.state

    @property
    def replay(self) -> Replay | None:
        return self.play if isinstance(self.play, Replay) else None

    @property
    def telling(self) -> Telling:
        return self.owed.telling

    # -- moves -------------------------------------------------------------------------

    def record(self, action: Action, owed_after: OwedAfter | None = None) -> bool:
        """Play ``action``; ``owed_after(new_state)`` is what the table is then owed (the
        same as now when None), saved with it. A refusal or a fault becomes ``message``
        and changes nothing; returns whether it was played."""
        return self._take(lambda owed: self.play.play(action, owed), owed_after)

    def take_back(self, owed_after: OwedAfter | None = None) -> bool:
        """Undo the latest action still standing; otherwise as ``record``."""
        return self._take(self.play.undo, owed_after)

    def undo_until(self, last: LastUndone, owed_after: OwedAfterUndo) -> bool:
        """Take back the latest actions one at a time until ``last(taken, after)`` holds
        for the one just taken back, or none is left; all saved as one (``together``),
        so a pulled plug finds all of them or none. ``owed_after(taken, after, stops)``
        is what the table is owed after each (``stops``: the undo ends there). A refusal
        or a fault becomes ``message`` and nothing is taken back; returns whether the
        undo was made."""
        owed_before = self.owed
        try:
            with self.together():
                while True:
                    actions = self.play.session.actions  # inside ``together``: its fork
                    taken = actions[-1] if actions else None

                    def owed(after: Any, taken: Any = taken, left: int = len(actions) - 1) -> Owed:
                        return owed_after(taken, after, left <= 0 or last(taken, after))

                    self._taken(self.play.undo, owed)
                    if not self.play.session.can_undo or last(taken, self.state):
                        break
        except (ValueError, StorageFault) as refusal:  # refused, or not saved: none taken
            self.owed = owed_before
            return self._refused(refusal)
        return self._played()

    def _take(self, take: Callable[[Any], Any], owed_after: OwedAfter | None) -> bool:
        try:
            self._taken(take, owed_after)
        except (ValueError, StorageFault) as refusal:  # refused, or not saved
            return self._refused(refusal)
        return self._played()

    def _taken(self, take: Callable[[Any], Any], owed_after: OwedAfter | None) -> None:
        """``take`` (a play or an undo) with what the table is owed after it saved with
        it, and then kept; a refusal or a fault is raised, and nothing changes."""
        made: list[Owed] = []

        def owed(after: Any) -> JSON:
            made.append(owed_after(after) if owed_after is not None else self.owed)
            return made[-1].to_data()

        take(owed)  # a replay refuses, in words
        self.owed = made[-1]

    def _refused(self, refusal: ValueError | StorageFault) -> bool:
        self.message = str(refusal)
        self.unsaved = isinstance(refusal, StorageFault)
        return False

    def _played(self) -> bool:
        self.message = ""  # a refusal of an earlier try no longer stands
        self.unsaved = False
        return True

    def together(self) -> AbstractContextManager[None]:
        """The moves made inside saved as one (``PlaySession.together``); a replay saves
        nothing."""
        return self.play.together() if isinstance(self.play, PlaySession) else nullcontext()

    def keep(self, owed: Owed) -> None:
        """Take ``owed`` as what the table is owed now (nothing was played) and save it. A
        storage fault is said, and play goes on: the table has done it, and the next save
        (a Done, a move, "Save again") writes it all. A replay saves nothing."""
        self.owed = owed
        if isinstance(self.play, PlaySession):
            try:
                self.play.keep_owed(owed.to_data())
            except StorageFault as fault:
                self.message = str(fault)

    # -- instructions for the table ----------------------------------------------------

    def tell(
        self, changes: list[Change], reason: str = "", heading: str = "", everything: bool = False
    ) -> bool:
        """Start telling the table ``changes`` (see Telling.start), saved at once.
        Returns whether there is anything to tell."""
        telling = Telling.start(changes, reason, heading, everything)
        self.keep(replace(self.owed, telling=telling))
        return telling.active

    def done(self) -> bool:
        """The table has made the current change: on to the next, saved. Returns whether
        that was the chain's last."""
        if not self.telling.active:
            return False
        self.keep(replace(self.owed, telling=self.telling.advanced()))
        return not self.telling.active
