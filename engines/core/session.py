"""A game in progress as an event log: (game, config, seed) plus events, replayed.

Undo is an event too: nothing is ever deleted from the log. Replaying the log from the
start always rebuilds the same state, which is how a saved game is resumed.

A saved log is read from disk, so reading it is a trust boundary: ``Event.from_dict``,
``Session.config_from_dict`` and ``Session.replay`` raise only ``ValueError`` (or its
``IllegalAction``), whatever the file holds.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Generic, Literal

from engines.core.errors import IllegalAction
from engines.core.outcome import Outcome
from engines.core.rules import ActionT, AnyGameRules, ConfigT, GameRules, StateT
from engines.core.serial import JSON, from_data, quote, shorten, to_data

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Event(Generic[ActionT]):
    """One entry of the log: an action taken, or the undo of the latest one still standing."""

    type: Literal["action", "undo"]
    action: ActionT | None = None

    def to_dict(self) -> dict[str, JSON]:
        if self.action is None:
            return {"type": self.type}
        return {"type": self.type, "action": self.action.to_dict()}

    @staticmethod
    def from_dict(rules: GameRules[Any, ActionT, Any], data: object) -> Event[ActionT]:
        """Read back an event written by ``to_dict``: any other JSON raises ``ValueError``."""
        if isinstance(data, dict):
            if data.get("type") == "undo":
                return Event("undo")
            if data.get("type") == "action" and isinstance(data.get("action"), dict):
                return Event("action", rules.action_from_dict(data["action"]))
        raise ValueError(f"not a saved event: {quote(data)}")


UNDO: Event[Any] = Event("undo")

#: Called with each new event, and the state it leads to, after it proved legal and
#: before the session shows it. The app writes the event to disk here (with what it
#: keeps of that state); if that raises, the session stays as it was.
Recorder = Callable[[Event[Any], Any], None]


class Session(Generic[StateT, ActionT, ConfigT]):
    """The running game: the current state, the log, and a stack of states for undo. Its
    types are the game's (``Session[skoventyr.State, SkoventyrAction, Config]``); a game
    picked at run time by its key is a ``Session[Any, Any, Any]``."""

    def __init__(
        self,
        rules: GameRules[StateT, ActionT, ConfigT],
        config: ConfigT | None = None,
        seed: int = 0,
        record: Recorder | None = None,
    ) -> None:
        self.rules = rules
        self.config: ConfigT = rules.Config() if config is None else config
        self.seed = seed
        self.record = record
        self._states: list[StateT] = [rules.new_game(self.config, seed)]
        self._actions: list[ActionT] = []
        self._events: list[Event[ActionT]] = []

    @classmethod
    def replay(
        cls,
        rules: GameRules[StateT, ActionT, ConfigT],
        config: ConfigT,
        seed: int,
        events: Iterable[Event[ActionT]],
        record: Recorder | None = None,
    ) -> Session[StateT, ActionT, ConfigT]:
        """Rebuild a session from its log. An event the rules refuse raises IllegalAction
        naming the move; one the rules cannot apply at all raises ValueError."""
        with _replaying("The saved set-up"):
            session = cls(rules, config, seed)
        session._take_saved(events)
        session.record = record
        return session

    def replayed_on(self, events: Iterable[Event[ActionT]]) -> Session[StateT, ActionT, ConfigT]:
        """A copy of this session (unrecorded) with ``events``, the saved moves that
        follow its own, taken after them; refused as ``replay`` refuses them."""
        copy = self.fork()
        copy._take_saved(events)
        return copy

    def _take_saved(self, events: Iterable[Event[ActionT]]) -> None:
        for number, event in enumerate(events, start=len(self._events) + 1):
            kind = event.action.kind.replace("_", " ") if event.action else "undo"
            with _replaying(f"Saved move {number} ({kind})"):
                self._take(event)

    def fork(self, record: Recorder | None = None) -> Session[StateT, ActionT, ConfigT]:
        """A copy to go on in (moves to be saved together): this session is left as it
        is, whatever happens in the copy."""
        copy: Session[StateT, ActionT, ConfigT] = Session.__new__(Session)
        copy.rules, copy.config, copy.seed, copy.record = self.rules, self.config, self.seed, record
        copy._states, copy._actions = list(self._states), list(self._actions)
        copy._events = list(self._events)
        return copy

    @classmethod
    def config_from_dict(cls, rules: AnyGameRules, data: object) -> Any:
        """The game's Config read back from ``config_to_dict``; ``ValueError`` if it is not."""
        return from_data(rules.Config, data)

    def config_to_dict(self) -> JSON:
        return to_data(self.config)

    @property
    def state(self) -> StateT:
        return self._states[-1]

    @property
    def events(self) -> Sequence[Event[ActionT]]:
        return tuple(self._events)

    @property
    def actions(self) -> Sequence[ActionT]:
        """The actions still standing, undone ones left out, in the order taken."""
        return tuple(self._actions)

    @property
    def states(self) -> Sequence[StateT]:
        """The set-up, then the state after each action still standing, in order."""
        return tuple(self._states)

    @property
    def can_undo(self) -> bool:
        return bool(self._actions)

    def legal_actions(self) -> Sequence[ActionT]:
        return self.rules.legal_actions(self.state)

    def outcome(self) -> Outcome | None:
        return self.rules.outcome(self.state)

    def play(self, action: ActionT) -> StateT:
        """Take an action: checked, recorded, then shown. Returns the new state."""
        return self._take(Event("action", action))

    def undo(self) -> StateT:
        """Take back the latest action still standing. Returns the state before it."""
        return self._take(Event("undo"))

    def _take(self, event: Event[ActionT]) -> StateT:
        if event.type == "undo":
            if not self._actions:
                raise IllegalAction("There is nothing to undo.")
            new_state = self._states[-2]
        else:
            assert event.action is not None
            new_state = self.rules.apply(self.state, event.action)
        if self.record is not None:
            self.record(event, new_state)
        self._events.append(event)
        if event.type == "undo":
            self._states.pop()
            self._actions.pop()
        else:
            assert event.action is not None
            self._states.append(new_state)
            self._actions.append(event.action)
        return new_state


@contextmanager
def _replaying(what: str) -> Iterator[None]:
    """Say which saved move (or the set-up) could not be replayed, and why.

    A trust boundary: the events were decoded from disk into well-typed actions, but with
    values the rules may never have produced (a card index past the end, a count of
    10**30). The rules check what players can do, not every value a file can hold, so
    whatever else they raise on such a move is logged and becomes a ValueError here.
    """
    try:
        yield
    except IllegalAction as refusal:
        raise IllegalAction(f"{what} cannot be replayed: {shorten(str(refusal))}") from refusal
    except ValueError as error:
        raise ValueError(f"{what} cannot be replayed: {shorten(str(error))}") from error
    except Exception as error:
        log.exception("%s cannot be replayed", what)
        raise ValueError(f"{what} cannot be replayed: the rules could not apply it.") from error
