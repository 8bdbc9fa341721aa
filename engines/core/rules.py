"""What every game package offers, so the app and tests can drive any game alike."""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from typing import Any, Protocol

from engines.core.actions import Action
from engines.core.changes import Change
from engines.core.outcome import Outcome
from engines.core.progress import Progress


class GameRules(Protocol):
    """A game's rules as a module: ``engines.skoventyr`` satisfies this as it stands.

    States and configs are frozen dataclasses; ``None`` as config means ``Config()``.
    ``apply`` never mutates its input and raises ``IllegalAction``;
    ``action_from_dict`` is usually the game's action base class's ``from_dict``.
    ``table_places`` and ``table_changes`` describe the table (engines.core.changes).
    """

    NAME: str
    #: The set-up options; ``Config()`` with no arguments is the standard set-up.
    Config: type[Any]

    def action_from_dict(self, data: dict[str, Any]) -> Action: ...

    def new_game(self, config: Any = None, seed: int = 0) -> Any: ...

    def legal_actions(self, state: Any) -> Sequence[Action]: ...

    def apply(self, state: Any, action: Action) -> Any: ...

    def outcome(self, state: Any) -> Outcome | None: ...

    def progress(self, state: Any) -> Progress: ...

    def view(self, state: Any, seat: str) -> Any: ...

    def table_places(self, state: Any) -> Mapping[str, Hashable]: ...

    def table_changes(self, before: Any, after: Any) -> list[Change]: ...
