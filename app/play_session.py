"""A game being played at the table: the engine's Session, saved event by event.

Every action is checked by the rules, then committed to the database, and only then
becomes the state the screen shows; a pulled plug never loses a confirmed action.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from app.store_faults import StorageFault
from engines.core import Action, Event, GameRules, Outcome, Session, to_data

if TYPE_CHECKING:  # sqlite-utils is slow to load; the app opens the store after Home is shown
    from app.store import Store

log = logging.getLogger("tableside")


class PlaySession:
    def __init__(self, store: Store, session_id: int, session: Session, players: list[str]) -> None:
        self.store = store
        self.session_id = session_id
        self.session = session
        self.players = players
        session.record = self._record

    @classmethod
    def start(
        cls, store: Store, rules: GameRules, config: Any, seed: int, players: list[str]
    ) -> PlaySession:
        session = Session(rules, config, seed)
        session_id = store.start_session(rules.NAME, session.config_to_dict(), seed, players)
        return cls(store, session_id, session, players)

    @classmethod
    def resume(cls, store: Store, rules: GameRules, session_id: int) -> PlaySession:
        """Replay a saved game's log. A log the rules refuse raises ValueError."""
        saved = store.session(session_id)
        config = Session.config_from_dict(rules, saved.config)
        events = [Event.from_dict(rules, data) for data in store.events(session_id)]
        session = Session.replay(rules, config, saved.seed, events)
        play = cls(store, session_id, session, list(saved.players))
        play._finish_if_over()  # a finish that storage refused last time
        return play

    @property
    def state(self) -> Any:
        return self.session.state

    def play(self, action: Action) -> Any:
        """Apply, save, then return the new state. IllegalAction, or StorageFault when it
        cannot be saved, leaves all as it was."""
        state = self.session.play(action)
        self._finish_if_over()
        return state

    def undo(self) -> Any:
        return self.session.undo()

    def abandon(self) -> None:
        self.store.abandon_session(self.session_id)

    def _record(self, event: Event) -> None:
        self.store.append_event(self.session_id, event.to_dict())

    def _finish_if_over(self) -> None:
        outcome: Outcome | None = self.session.outcome()
        if outcome is None:
            return
        try:
            self.store.finish_session(self.session_id, to_data(outcome))
        except StorageFault:
            # The last move is saved; the game is marked over when it is next resumed.
            log.warning("game %s is over but could not be marked so", self.session_id)
