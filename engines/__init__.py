"""Pure-Python game engines: rules only, standard library only (no Kivy, GPIO or database).

The games are listed once, here, with what an engine knows about its game. Everything
that goes through every game (the soak run, the benchmarks, the cross-engine tests, the
app's own list in app.games) reads ``GAMES`` rather than naming the games again; a new
game is one entry (docs/adding-a-game.md).
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import TYPE_CHECKING

__all__ = ["GAMES", "EngineEntry", "cooperative", "entry", "game_keys", "rules"]

if TYPE_CHECKING:  # the list is read at start-up without loading any engine
    from typing import Any

    from engines.core import AnyGameRules, AutomatedSide


@dataclass(frozen=True)
class EngineEntry:
    """One game's engine: where its rules are and what kind of game it is."""

    #: The name saved games store, and (for the games shipped) the package under engines/.
    key: str
    #: True when the table wins or loses together against the game (no scores between
    #: players); False when the players score against each other.
    cooperative: bool
    #: The fewest and most players at the table.
    players: tuple[int, int]
    #: The module that satisfies engines.core.GameRules; "engines.<key>" when empty.
    module: str = ""
    #: "module:function" of the game's automated side (engines.core.AutomatedSide), for
    #: runs that play the game by itself (the soak run); None for a game without one.
    automated: str | None = None

    @property
    def package(self) -> str:
        """The name of the game's rules module (its package, for a shipped game)."""
        return self.module or f"engines.{self.key}"

    def rules(self) -> AnyGameRules:
        """The game's rules module, imported on first use."""
        rules: AnyGameRules = importlib.import_module(self.package)
        return rules

    def automated_side(self) -> AutomatedSide[Any, Any] | None:
        """The game's automated side, imported on first use; None for a game without one."""
        if self.automated is None:
            return None
        module, _, name = self.automated.partition(":")
        side: AutomatedSide[Any, Any] = getattr(importlib.import_module(module), name)
        return side


#: Every game, in the order the app lists them.
GAMES: list[EngineEntry] = [
    EngineEntry("skoventyr", cooperative=True, players=(1, 4)),
    EngineEntry(
        "skulk_hollow",
        cooperative=True,
        players=(1, 1),
        automated="engines.skulk_hollow.bots:automated",  # the guardian
    ),
    EngineEntry("chickwood", cooperative=False, players=(2, 5)),
    EngineEntry("skogen", cooperative=False, players=(2, 6)),
]


def game_keys() -> tuple[str, ...]:
    """The games' keys, in order."""
    return tuple(entry.key for entry in GAMES)


def entry(key: str) -> EngineEntry:
    """The game called ``key``; KeyError names it when there is none."""
    for found in GAMES:
        if found.key == key:
            return found
    raise KeyError(f"no game called {key!r}")


def rules(key: str) -> AnyGameRules:
    """The rules module of the game called ``key``."""
    return entry(key).rules()


def cooperative(key: str) -> bool:
    """Whether the game called ``key`` is played together against the game (False for a
    game Tableside does not know, such as one in a file from another app)."""
    return any(found.key == key and found.cooperative for found in GAMES)
