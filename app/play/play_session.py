"""A game being played at the table: the engine's Session, saved event by event.

Every action is checked by the rules, then committed to the database, and only then
becomes the state the screen shows; a pulled plug never loses a confirmed action.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic

from app.play.owed import told_in
from app.storage.faults import DamagedData, StorageFault
from engines.core import JSON, ActionT, ConfigT, Event, GameRules, Outcome, Session, StateT, to_data

if TYPE_CHECKING:  # sqlite-utils is slow to load; the app opens the store after Home is shown
    from app.storage.sessions import SavedSession
    from app.storage.store import Store

log = logging.getLogger("tableside")


#: What the table is owed after a move, made from the state the move leads to: kept with
#: the move in one transaction (app.storage.owed).
OwedAfter = Callable[[Any], JSON]


@dataclass(frozen=True)
class Position:
    """Where background work for a game was asked: the saved game (its session id) and
    the moment in it (how many events its log held; every move, undo or correction adds
    one, so no two states of a game share a moment)."""

    session_id: int
    moment: int


class PlaySession(Generic[StateT, ActionT, ConfigT]):
    """A game being played: ``session`` (the engine's, of the game's own types) saved
    event by event in ``store`` under ``session_id``."""

    def __init__(
        self,
        store: Store,
        session_id: int,
        session: Session[StateT, ActionT, ConfigT],
        players: list[str],
    ) -> None:
        self.store = store
        self.session_id = session_id
        self.session = session
        self.players = players
        #: What the table was owed when the game was opened (None: nothing kept for
        #: this moment, a new game, or a game saved by an older release).
        self.owed_when_opened: JSON = None
        self._owed_after: OwedAfter | None = None
        #: Inside ``together``: the moves made, written when it ends.
        self._held: list[tuple[dict[str, Any], bool, JSON]] | None = None
        session.record = self._record

    @classmethod
    def start(
        cls,
        store: Store,
        rules: GameRules[StateT, ActionT, ConfigT],
        config: ConfigT,
        seed: int,
        players: list[str],
    ) -> PlaySession[StateT, ActionT, ConfigT]:
        session = Session(rules, config, seed)
        session_id = store.start_session(rules.NAME, session.config_to_dict(), seed, players)
        return cls(store, session_id, session, players)

    @classmethod
    def resume(
        cls,
        store: Store,
        rules: GameRules[StateT, ActionT, ConfigT],
        session_id: int,
        finish: bool = True,
    ) -> PlaySession[StateT, ActionT, ConfigT]:
        """Replay a saved game's log. DamagedData when part of it cannot be read, another
        ValueError (IllegalAction) when the rules refuse one of its moves. A game found
        over is marked so (a finish storage refused last time), unless ``finish`` is
        False: the caller does it (``finish_if_over``) once the game is open."""
        saved, config, events = read_saved_game(store, rules, session_id)
        session = Session.replay(rules, config, saved.seed, events)
        play = cls(store, session_id, session, list(saved.players))
        play.owed_when_opened = store.owed(session_id, len(events))
        if finish:
            play.finish_if_over()
        return play

    @property
    def state(self) -> StateT:
        return self.session.state

    def play(self, action: ActionT, owed: OwedAfter | None = None) -> StateT:
        """Apply, save, then return the new state. IllegalAction, or StorageFault when it
        cannot be saved, leaves all as it was. ``owed``: what the table is owed after it,
        saved with it."""
        state = self._with_owed(owed, lambda: self.session.play(action))
        self.finish_if_over()
        return state

    def undo(self, owed: OwedAfter | None = None) -> StateT:
        return self._with_owed(owed, self.session.undo)

    @contextmanager
    def together(self) -> Iterator[None]:
        """The moves made inside are saved as one, so a pulled plug finds all of them or
        none (a Skulk Hollow undo back through the guardian's turn). Each is checked as
        it comes, in a copy of the game that becomes the game once all are written;
        StorageFault, the game as it was, when they cannot be."""
        standing, self._held = self.session, []
        self.session = standing.fork(record=self._record)
        try:
            yield
            with self.store.transaction():
                for event, reopen, owed in self._held:
                    self.store.append_event(
                        self.session_id, event, reopen=reopen, owed=owed, told=told_in(owed)
                    )
                self._held = None
                self.finish_if_over()  # a game they end is marked over in the same write
        except BaseException:
            self.session = standing
            raise
        finally:
            self._held = None

    def keep_owed(self, owed: JSON) -> None:
        """Save what the table is owed now (only the table moved on: nothing was played).
        StorageFault when it cannot be saved."""
        self.store.save_owed(self.session_id, owed)

    def _with_owed(self, owed: OwedAfter | None, take: Callable[[], StateT]) -> StateT:
        self._owed_after = owed
        try:
            return take()
        finally:
            self._owed_after = None

    def abandon(self) -> None:
        self.store.abandon_session(self.session_id)

    def time_not_checked(self) -> bool:
        """A time of this game was saved while the clock was not known to be right, and
        no one has set its date (app.storage.clock_check)."""
        return not self.store.session(self.session_id).time_checked

    def _record(self, event: Event[ActionT], after: StateT) -> None:
        # Called before the session changes: anything taken after the end (an undo, a
        # correction) reopens the game; ``finish_if_over`` closes it again if it is over.
        over = self.session.outcome() is not None
        owed = self._owed_after(after) if self._owed_after is not None else None
        if self._held is not None:  # saved when ``together`` ends
            self._held.append((event.to_dict(), over, owed))
            return
        self.store.append_event(
            self.session_id, event.to_dict(), reopen=over, owed=owed, told=told_in(owed)
        )

    def finish_if_over(self) -> None:
        """Mark the saved game over if it is (a finish storage refused is made again at
        the next move, or when the game is next opened)."""
        outcome: Outcome | None = self.session.outcome()
        if outcome is None or self._held is not None:  # inside ``together``: at its end
            return
        try:
            self.store.finish_session(self.session_id, to_data(outcome))
        except StorageFault:
            # The last move is saved; the game is marked over when it is next resumed.
            log.warning("game %s is over but could not be marked so", self.session_id)


def read_saved_game(
    store: Store, rules: GameRules[StateT, ActionT, ConfigT], session_id: int
) -> tuple[SavedSession, ConfigT, list[Event[ActionT]]]:
    """A saved game's row, options and moves, read for replaying; DamagedData, in words,
    for whatever part of it cannot be read (the store's damage or the engine's refusal)."""
    saved = store.session(session_id)
    if saved.damage is not None:
        raise DamagedData(f"{saved.damage[0].upper()}{saved.damage[1:]}.")
    try:
        config = Session.config_from_dict(rules, saved.config)
    except ValueError:
        raise DamagedData("Its options cannot be read.") from None
    events: list[Event[ActionT]] = []
    for number, data in enumerate(store.events(session_id), start=1):
        try:
            events.append(Event.from_dict(rules, data))
        except ValueError:
            raise DamagedData(f"Its saved move {number} cannot be read.") from None
    return saved, config, events
