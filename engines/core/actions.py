"""The base of every game's actions: small frozen dataclasses that round-trip as JSON.

Each game declares one base class for its actions with a ``game`` name, and one subclass
per kind of move with a ``kind`` name::

    class PigAction(Action, game="pig"): ...

    @dataclass(frozen=True)
    class Roll(PigAction, kind="roll"):
        @property
        def label(self) -> str: return "Roll the die"

``PigAction.from_dict(data)`` then reads back any of that game's actions by ``kind``; two
games may use the same kind names without clashing.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, ClassVar, Self, TypeVar

from engines.core.errors import IllegalAction
from engines.core.serial import JSON, from_data, quote, to_data


class Action:
    game: ClassVar[str] = ""
    kind: ClassVar[str] = ""
    _kinds: ClassVar[dict[str, type[Action]]]

    def __init_subclass__(cls, game: str = "", kind: str = "", **options: Any) -> None:
        super().__init_subclass__(**options)
        if game:
            # The game's own base class: it keeps the table of that game's kinds.
            cls.game = game
            cls._kinds = {}
        if kind:
            if not cls.game:
                raise TypeError(f"{cls.__name__} needs a game base class declaring game=")
            if kind in cls._kinds:
                raise TypeError(f"{cls.game} already has an action of kind {kind!r}")
            cls.kind = kind
            cls._kinds[kind] = cls

    @property
    def label(self) -> str:
        """What the action does, in a player's words, for the log and the buttons."""
        return self.kind.replace("_", " ").capitalize()

    def to_dict(self) -> dict[str, JSON]:
        data = to_data(self)
        assert isinstance(data, dict), "actions are dataclasses"
        return {"kind": self.kind, **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Self:
        """Read back an action written by ``to_dict``; ``ValueError`` if it is not one.

        ``data`` comes from disk, so it may be any JSON value at all: nothing else is raised.
        """
        if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
            raise ValueError(f"not a saved action: {quote(data)}")
        kinds = getattr(cls, "_kinds", {})
        action_type = kinds.get(data["kind"])
        if action_type is None or not issubclass(action_type, cls):
            raise ValueError(f"{cls.game or 'this game'} has no action {quote(data['kind'])}")
        fields = {key: value for key, value in data.items() if key != "kind"}
        action: Self = from_data(action_type, fields)
        return action


A = TypeVar("A", bound=Action)


def accepted(state: Any, candidates: Iterable[A], apply: Callable[[Any, A], Any]) -> list[A]:
    """The candidates ``apply`` accepts in ``state``: e.g. a game's corrections by hand
    that make sense now (``manual_edits``), listed by trying each one."""
    found = []
    for action in candidates:
        try:
            apply(state, action)
        except IllegalAction:
            continue
        found.append(action)
    return found
