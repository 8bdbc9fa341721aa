"""What a game asks before it starts: the player seats and a few option rows.

Each game's app package declares a ``NewGameForm``; the generic new-game screen draws it
and turns the answers into the engine's Config through ``make_config``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Option:
    """One row of choices, shown as a segmented button row."""

    key: str
    label: str
    choices: tuple[tuple[str, Any], ...]  # (words on the button, value)
    default: Any


@dataclass(frozen=True)
class NewGameForm:
    min_players: int
    max_players: int
    options: tuple[Option, ...]
    #: (player names in turn order, {option key: value}) -> the engine's Config; a
    #: ValueError's message is shown to the person as it is.
    make_config: Callable[[list[str], dict[str, Any]], Any]
    #: Extra screens reachable from the form, as (button words, "module:Class"), e.g. a
    #: component check whose values the next config uses.
    tools: tuple[tuple[str, str], ...] = ()
    #: Whether a config needs the set-up guide (a score entered after the game does not).
    needs_setup: Callable[[Any], bool] = lambda _config: True

    def defaults(self) -> dict[str, Any]:
        return {option.key: option.default for option in self.options}
