"""What every game package offers, so the app and tests can drive any game alike."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any, Protocol, TypeAlias, TypeVar

from engines.core.actions import Action
from engines.core.changes import Change
from engines.core.outcome import Outcome
from engines.core.progress import Progress
from engines.core.serial import JSON
from engines.core.setup import SetupStep
from engines.core.turn_order import TurnOrder

#: A game's state (a frozen dataclass).
StateT = TypeVar("StateT")
#: The game's action base class (``Action`` subclassed with ``game=...``).
ActionT = TypeVar("ActionT", bound=Action)
#: The game's set-up options (a frozen dataclass).
ConfigT = TypeVar("ConfigT")


class GameRules(Protocol[StateT, ActionT, ConfigT]):
    """A game's rules as a module: ``engines.skoventyr`` satisfies
    ``GameRules[skoventyr.State, skoventyr.SkoventyrAction, skoventyr.Config]`` as it
    stands, and ``engines/conformance.py`` has mypy check each engine against it.

    States and configs are frozen dataclasses; ``None`` as config means ``Config()``.
    ``apply`` never mutates its input and raises ``IllegalAction``;
    ``action_from_dict`` is usually the game's action base class's ``from_dict``.
    ``table_places`` and ``table_changes`` describe the table (engines.core.changes).
    ``manual_edits`` are the corrections by hand that make sense now: ``apply`` accepts
    them, ``legal_actions`` never lists them.
    """

    #: The game's key, as saved games store it.
    NAME: str
    #: The rulebook's order of a turn, which every ``Change``'s ``phase`` names a step of.
    TURN_ORDER: TurnOrder

    # A read-only property: a module's class is no settable attribute, yet satisfies it.
    @property
    def Config(self) -> type[ConfigT]:
        """The set-up options; ``Config()`` with no arguments is the standard set-up."""
        ...

    def action_from_dict(self, data: dict[str, JSON]) -> ActionT: ...

    def new_game(self, config: ConfigT | None = None, seed: int = 0) -> StateT: ...

    def setup_steps(self, config: ConfigT | None = None) -> list[SetupStep]: ...

    def legal_actions(self, state: StateT) -> Sequence[ActionT]: ...

    def manual_edits(self, state: StateT) -> Sequence[ActionT]: ...

    def apply(self, state: StateT, action: ActionT) -> StateT: ...

    def outcome(self, state: StateT) -> Outcome | None: ...

    def progress(self, state: StateT) -> Progress: ...

    def view(self, state: StateT, seat: str) -> StateT: ...

    def table_places(self, state: StateT) -> Mapping[str, Hashable]: ...

    def table_changes(self, before: StateT, after: StateT) -> list[Change]: ...


#: The rules of a game chosen at run time (by its key), whose types the caller cannot
#: name: what the app's game-agnostic layers and ``Session`` hold.
AnyGameRules: TypeAlias = GameRules[Any, Any, Any]

#: A game's automated side (``engines.EngineEntry.automated``): called with the whole
#: state and the randomness it may use, its move when it must act now, else None.
AutomatedSide: TypeAlias = Callable[[StateT, random.Random], ActionT | None]
