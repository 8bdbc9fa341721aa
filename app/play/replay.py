"""Stepping through a saved game, event by event or a turn at a time, on its own play
screen (read-only).

A ``Replay`` offers what the play screens read from a PlaySession (``state``,
``session``, ``players``, ``session_id``), rebuilt from the log up to the chosen step;
it refuses to play. The screens show the replay's bar (app.play.replay_bar) instead of
their action buttons.
Where turns begin, and the words for them, come from the engine (``progress``): the
replay knows no game's rules.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Generic

from app.play.play_session import read_saved_game
from app.play.progress import progress_at_each_step, progress_words
from engines.core import ActionT, ConfigT, GameRules, IllegalAction, Session, StateT

if TYPE_CHECKING:  # sqlite-utils is slow to load; the app opens the store after Home is shown
    from app.storage.store import Store

#: Steps between the sessions a replay keeps (``Replay._checkpoints``).
CHECKPOINT = 25


class Replay(Generic[StateT, ActionT, ConfigT]):
    def __init__(
        self, store: Store, rules: GameRules[StateT, ActionT, ConfigT], session_id: int
    ) -> None:
        saved, self._config, self._events = read_saved_game(store, rules, session_id)
        self.session_id = session_id
        self.players = list(saved.players)
        self.finished = saved.status != "active"
        self._rules = rules
        self._seed = saved.seed
        #: The session at every ``CHECKPOINT``-th step: a step replays from the one
        #: before it, not from the set-up (a 559-move game steps as fast as a short one).
        self._checkpoints = [Session.replay(rules, self._config, self._seed, ())]
        for base in range(CHECKPOINT, len(self._events) + 1, CHECKPOINT):
            moves = self._events[base - CHECKPOINT : base]
            self._checkpoints.append(self._checkpoints[-1].replayed_on(moves))
        self.step = len(self._events)
        self.session = self._session_at(self.step)
        actions = [event.action for event in self._events]
        self._progress = progress_at_each_step(rules, self._config, self._seed, actions)
        #: The steps at which a turn (or a round) begins: where the jumps land.
        self.turn_starts = [0] + [
            step
            for step in range(1, len(self._progress))
            if self._progress[step] != self._progress[step - 1]
        ]

    @property
    def steps(self) -> int:
        return len(self._events)

    @property
    def state(self) -> StateT:
        return self.session.state

    def go_to(self, step: int) -> None:
        self.step = max(0, min(step, self.steps))
        self.session = self._session_at(self.step)

    def _session_at(self, step: int) -> Session[StateT, ActionT, ConfigT]:
        base = step // CHECKPOINT
        return self._checkpoints[base].replayed_on(self._events[base * CHECKPOINT : step])

    def turn_before(self) -> int:
        """The step at which the turn shown began, or the turn before if it begins here."""
        return max((s for s in self.turn_starts if s < self.step), default=0)

    def turn_after(self) -> int:
        """The step at which the next turn begins (the end if none does)."""
        return min((s for s in self.turn_starts if s > self.step), default=self.steps)

    def describe_step(self) -> str:
        """Where we are, in words: "Round 6, Grak's turn (129 of 132): King of War"."""
        if self.step == 0:
            return f"The set-up (0 of {self.steps})"
        where = progress_words(self._progress[self.step], self.players)
        event = self._events[self.step - 1]
        what = "Undo" if event.action is None else event.action.label
        return f"{where} ({self.step} of {self.steps}): {what}"

    def play(self, action: Any, owed: Any = None) -> Any:
        raise IllegalAction("This is a replay: it can only be watched.")

    def undo(self, owed: Any = None) -> Any:
        raise IllegalAction("This is a replay: it can only be watched.")
