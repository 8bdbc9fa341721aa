"""The play loop without a window, the same for every game: a game being played (or
stepped through), what the table is owed (app.play.owed), the move being entered, and
the refusal or fault to say once.

A game's screen holds one controller (the game's subclass: ``app/<game>/controller.py``),
forwards touches to it and lays out what it says (``app/<game>/view.py``). Every move goes
through ``record``: checked by the rules, saved with what the table is owed after it in
one transaction, and only then taken as the new state. What changes only the table's
progress (a Done) or the move being entered (a touch) is saved on its own.

The table the screen draws is ``table()``: the table as the people have been told it
(engines/core/changes.py), which changes only as each instruction is carried out. Once no
instruction is waiting it is the game's own places.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from contextlib import AbstractContextManager, nullcontext
from dataclasses import replace
from typing import Any, Generic, TypeAlias

from app.kit.touch_select import TouchSelection
from app.play.owed import Owed, read_owed
from app.play.play_session import PlaySession
from app.play.progress import UndoQuestion, undo_crossing
from app.play.replay import Replay
from app.play.telling import Telling, not_done
from app.storage.faults import StorageFault
from engines.core import (
    JSON,
    ActionT,
    Change,
    ConfigT,
    GameRules,
    StateT,
    Table,
    plain,
    plain_places,
)

log = logging.getLogger("tableside")

#: A game being played, or a saved one stepped through, of the game's own types.
GamePlay: TypeAlias = PlaySession[StateT, ActionT, ConfigT] | Replay[StateT, ActionT, ConfigT]
#: Any game's, picked at run time by its key.
AnyPlay: TypeAlias = GamePlay[Any, Any, Any]


class PlayController(Generic[StateT, ActionT, ConfigT]):
    """``owed_type``: the game's kind of Owed (a subclass for a game that keeps more).
    ``asks_before_crossing``: Undo asks before it goes back into a finished turn (review
    N11); a game whose Undo goes back to the person's last decision, through the
    automated side's turn, asks nothing."""

    owed_type: type[Owed] = Owed
    asks_before_crossing = True

    def __init__(
        self,
        rules: GameRules[StateT, ActionT, ConfigT],
        play: GamePlay[StateT, ActionT, ConfigT],
    ) -> None:
        self.rules = rules
        self.play = play
        #: A refusal or a fault, said once in the prompt; not saved.
        self.message = ""
        #: The last move was refused because it could not be saved (not by the rules).
        self.unsaved = False
        #: The touches of an action being chosen (a game that picks actions by touch).
        self.selection: TouchSelection[ActionT] = TouchSelection([], lambda _action: ())
        #: Told after each move, undo or step the table carries out, once it is saved
        #: (the phones' page follows the game so: app.phones.host).
        self.watchers: list[Callable[[], None]] = []
        kept = play.owed_when_opened if isinstance(play, PlaySession) else None
        owed = read_owed(self.owed_type, kept)
        self.owed: Owed = owed if owed is not None else self.fresh_owed()

    def fresh_owed(self) -> Owed:
        """What the table is owed when nothing was kept: nothing but what can be read from
        the game itself (a game extends it, e.g. with the order heroes came in)."""
        return self.owed_type()

    @property
    def state(self) -> StateT:
        return self.play.state

    @property
    def replay(self) -> Replay[StateT, ActionT, ConfigT] | None:
        return self.play if isinstance(self.play, Replay) else None

    @property
    def telling(self) -> Telling:
        return self.owed.telling

    @property
    def can_undo(self) -> bool:
        return self.play.session.can_undo

    def refresh(self) -> None:
        """Rebuild what may be touched now from the game (a game that picks its moves by
        touch; the games' own controllers do it as they are made, and after each move)."""

    # -- the table as told -------------------------------------------------------------

    def table(self) -> Table:
        """The table as the people have been told it and have made it: while a chain of
        instructions is told, its start with the steps done so far; else the game's own
        places. What the screen draws of the board, the cards and the tracks."""
        told = self.telling.table_now()
        return told if told is not None else plain_places(self.rules.table_places(self.state))

    def spared(self) -> frozenset[str]:
        """The places the table is spared keeping (none unless a game says so: a lost
        game's deck): neither drawn nor told, nor checked against the game's own."""
        return frozenset()

    def chain(
        self,
        changes: list[Change],
        reason: str = "",
        heading: str = "",
        everything: bool = False,
        table: Table | None = None,
    ) -> Telling:
        """A chain of instructions starting from ``table`` (the table as it is now when
        None), the people's own part of the move made on it (see Telling.start)."""
        start = self.table() if table is None else table
        return Telling.start(changes, reason, heading, everything, table=start)

    # -- moves -------------------------------------------------------------------------

    def take(self, action: ActionT) -> bool:
        """The move the people chose: played, and saved with what the table is then owed
        (``owed_after``). A refusal or a fault becomes ``message``; returns whether it
        was played."""
        before = self.state
        return self.record(action, lambda after: self.owed_after(before, action, after))

    def owed_after(self, before: StateT, action: ActionT, after: StateT) -> Owed:
        """What the table is owed once ``action`` took the game from ``before`` to
        ``after``: what the app decided (every change but the people's own), told as one
        chain under ``heading``. A game with more to tell extends it."""
        changes = self.rules.table_changes(before, after)
        telling = self.chain(changes, heading=self.heading(before, action, after))
        return replace(self.owed, telling=telling, note="")

    def heading(self, before: StateT, action: ActionT, after: StateT) -> str:
        """The heading of what the app tells after ``action`` ("The round is over")."""
        return ""

    def record(self, action: ActionT, owed_after: Callable[[StateT], Owed] | None = None) -> bool:
        """Play ``action``; ``owed_after(new_state)`` is what the table is then owed (the
        same as now when None), saved with it. A refusal or a fault becomes ``message``
        and changes nothing; returns whether it was played."""
        return self._take(lambda owed: self.play.play(action, owed), owed_after)

    def take_back(self, owed_after: Callable[[StateT], Owed] | None = None) -> bool:
        """Undo the latest action still standing; otherwise as ``record``."""
        return self._take(self.play.undo, owed_after)

    def undo_until(
        self,
        last: Callable[[ActionT | None, StateT], bool],
        owed_after: Callable[[ActionT | None, StateT, bool], Owed],
    ) -> bool:
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

                    def owed(
                        after: StateT, taken: ActionT | None = taken, left: int = len(actions) - 1
                    ) -> Owed:
                        return owed_after(taken, after, left <= 0 or last(taken, after))

                    self._taken(self.play.undo, owed)
                    if not self.play.session.can_undo or last(taken, self.state):
                        break
        except (ValueError, StorageFault) as refusal:  # refused, or not saved: none taken
            self.owed = owed_before
            return self._refused(refusal)
        return self._played()

    def _take(
        self, take: Callable[[Any], StateT], owed_after: Callable[[StateT], Owed] | None
    ) -> bool:
        try:
            self._taken(take, owed_after)
        except (ValueError, StorageFault) as refusal:  # refused, or not saved
            return self._refused(refusal)
        return self._played()

    def _taken(
        self, take: Callable[[Any], StateT], owed_after: Callable[[StateT], Owed] | None
    ) -> None:
        """``take`` (a play or an undo) with what the table is owed after it saved with
        it, and then kept; a refusal or a fault is raised, and nothing changes. The move
        ends whatever was being entered."""
        made: list[Owed] = []

        def owed(after: StateT) -> JSON:
            found = owed_after(after) if owed_after is not None else self.owed
            made.append(replace(found, entry=()))
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
        self._changed()
        return True

    def _changed(self) -> None:
        for watcher in list(self.watchers):
            watcher()

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
                return
        self._changed()

    # -- the move being entered ----------------------------------------------------------

    def entered(self) -> tuple[Hashable, ...]:
        """The touches (or keys) of the move being entered, as plain values: the
        selection's touches so far; a game that enters moves otherwise says its own."""
        return tuple(plain(target) for target in self.selection.prefix)

    def note_entry(self) -> None:
        """Save the move being entered, when it changed: a pulled plug halfway through a
        move comes back to the same question (``resume_entry``)."""
        entry = self.entered()
        if entry != self.owed.entry and self.replay is None:
            self.keep(replace(self.owed, entry=entry))

    def resume_entry(self) -> None:
        """Enter again the touches kept with the game (the game opened again): each one
        still possible is touched, in order; the first that is not ends it."""
        for touch in self.owed.entry:
            options = {plain(target): target for target in self.selection.options()}
            if touch not in options or self.selection.choose(options[touch]) is not None:
                break

    # -- undo --------------------------------------------------------------------------

    def undo(self) -> UndoQuestion | None:
        """Undo, the button: the last key of a move being entered, else the last move
        (with what came with it, ``moves_an_undo_takes``), telling the table what to put
        back. An undo that would go back into a finished turn is not made: the question
        to ask first is returned, and ``undo_confirmed`` makes it."""
        if self.back_one_key():
            self.note_entry()
            return None
        steps = self.moves_an_undo_takes()
        if self.asks_before_crossing:
            question = undo_crossing(self.rules, self.play.session, self.play.players, steps)
            if question is not None:
                return question
        self.undo_moves(steps)
        return None

    def undo_confirmed(self) -> None:
        """The person answered the question ``undo`` asked: undo it."""
        self.undo_moves(self.moves_an_undo_takes())

    def back_one_key(self) -> bool:
        """Take back the last touch of a move being entered; whether there was one."""
        if not self.selection.prefix:
            return False
        self.selection.back()
        self.message = ""
        return True

    def moves_an_undo_takes(self) -> int:
        """How many moves one Undo takes back: the last (a game adds the app's own moves
        that came with it)."""
        return 1

    def undo_moves(self, steps: int) -> None:
        """Take back the last ``steps`` moves, saved as one, and tell the table what to
        put back: every change, the people's own move included (the table still shows
        the state before the undo), but for what it was told and has not done yet. A
        refusal or a fault is said and nothing is taken back."""
        before = self.state
        not_yet_done = self.telling.waiting
        states = self.play.session.states
        back_to = states[max(0, len(states) - 1 - steps)]  # the state the undo goes back to

        def owed_after(taken: ActionT | None, after: StateT, stops: bool) -> Owed:
            if not stops:  # put back once, from the table now to where the undo stops
                return self.owed
            words = taken.label if taken is not None else ""
            changes = not_done(self.rules.table_changes(before, after), not_yet_done)
            telling = self.chain(changes, heading=f"Undone: {words}", everything=True)
            return self.owed_type(telling=telling)

        self.undo_until(lambda _taken, after: after is back_to, owed_after)

    # -- instructions for the table ----------------------------------------------------

    def tell(
        self, changes: list[Change], reason: str = "", heading: str = "", everything: bool = False
    ) -> bool:
        """Start telling the table ``changes`` (see Telling.start), saved at once.
        Returns whether there is anything to tell."""
        telling = self.chain(changes, reason, heading, everything)
        self.keep(replace(self.owed, telling=telling))
        return telling.active

    def done(self) -> bool:
        """The table has made the current change: on to the next, saved. Returns whether
        that was the chain's last."""
        if not self.telling.active:
            return False
        self.keep(replace(self.owed, telling=self.told_one()))
        return not self.telling.active

    def told_one(self) -> Telling:
        """The chain once the current instruction is carried out. At its end, the table
        as told must be the game's own: a difference is logged (the oracle, tools/oracle,
        holds every game to it)."""
        telling = self.telling
        advanced = telling.advanced()
        if not advanced.active:
            told, own = telling.table_at_end(), plain_places(self.rules.table_places(self.state))
            if told is not None:
                spared = self.spared()
                keys = (set(told) | set(own)) - spared
                wrong = sorted(k for k in keys if told.get(k) != own.get(k))
                if wrong:
                    log.warning("the table as told differs from the game's at %s", wrong)
        return advanced
