"""The games Tableside knows: names, one-line descriptions, accents, and their engines.

A game is playable once it has a new-game form and names its play screen (a
"module:Class" path, imported on first use); until then its tile says so and its set-up
guidance (when its engine has one) can still be read.
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from app.storage.faults import shorten

if TYPE_CHECKING:  # Home lists the games without loading their forms or engines
    from kivy.uix.widget import Widget

    from app.game_options import NewGameForm
    from engines.core import AnyGameRules as GameRules  # any game: its key picks which
    from engines.core import SetupStep


@dataclass(frozen=True)
class GameInfo:
    key: str  # the engine package and the name stored with saved games
    title: str
    tagline: str
    players: str
    #: "module:NAME" of the game's NewGameForm and "module:Class" of its play screen,
    #: imported on first use so that start-up loads no game.
    form_path: str | None = None
    play_screen: str | None = None
    #: "module:function" turning a saved config into a few words for History.
    summary_path: str | None = None
    #: "module:function" drawing the table during set-up: called with the config, the
    #: steps and the step shown, it returns a widget (or None for a step with nothing
    #: to draw). See app.screens.setup_guide.
    setup_picture_path: str | None = None

    @property
    def playable(self) -> bool:
        return self.form_path is not None and self.play_screen is not None

    def summary(self, config: Any) -> str:
        if not self.summary_path:
            return ""
        try:
            return str(load(self.summary_path)(config))
        except ValueError:  # a config this version cannot read: History still lists it
            return ""

    def problem(self) -> str | None:
        """Why this game cannot be played, in a player's words; None when it can.

        The engines read data files shipped with the app (card lists, the score track),
        some as they are imported; a missing or damaged file makes the engine raise its
        data error, a ValueError saying which file. Asked when the game is opened, not
        at start-up: loading every game would slow Home, and a fault stays with its game.
        """
        try:
            self.rules().new_game(None, 0)  # a standard game reads every file it needs
        except ValueError as error:
            return (
                f"{self.title} cannot be played: {shorten(str(error))} "
                "Reinstall Tableside to repair it."
            )
        return None

    @property
    def form(self) -> NewGameForm:
        assert self.form_path is not None, f"{self.title} has no new-game form yet"
        form: NewGameForm = load(self.form_path)
        return form

    def rules(self) -> GameRules:
        rules: GameRules = importlib.import_module(f"engines.{self.key}")
        return rules

    def setup_steps(self, config: Any = None) -> list[SetupStep]:
        """The set-up guidance for the chosen options (the standard set-up by default)."""
        module = importlib.import_module(f"engines.{self.key}")
        steps: list[SetupStep] = module.setup_steps(module.Config() if config is None else config)
        return steps

    def setup_picture(
        self, config: Any, steps: list[SetupStep], index: int, seed: int = 0
    ) -> Widget | None:
        """The table as it stands after step ``index``, its new pieces marked; None
        for a step that places nothing (its ``shows`` is empty) or a game with no
        picture. The game's function gets the config (the standard one for None) and
        the seed the game will be dealt with (what the app deals at set-up, such as
        Skoventyr's Acorns, is drawn as it will be), and draws a picture that takes no
        touches: the guide holds it (setup_guide.kv)."""
        if not self.setup_picture_path or not steps[index].shows:
            return None
        if config is None:
            config = self.rules().Config()
        picture: Widget = load(self.setup_picture_path)(config, steps, index, seed)
        return picture

    @property
    def has_setup_guide(self) -> bool:
        # Looked up as a file: importing the engine (even to find a submodule) would load
        # every game at start-up.
        spec = importlib.util.find_spec(f"engines.{self.key}")
        folders = spec.submodule_search_locations if spec else None
        return any((Path(folder) / "setup.py").exists() for folder in folders or ())


def load(path: str) -> Any:
    """The object named by "package.module:name"."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


GAMES: tuple[GameInfo, ...] = (
    GameInfo(
        "skoventyr",
        "Skoventyr",
        "Solo or co-op",
        "1-4 players",
        form_path="app.skoventyr.options:FORM",
        play_screen="app.skoventyr.play_screen:SkoventyrPlayScreen",
        summary_path="app.skoventyr.options:summary",
        setup_picture_path="app.skoventyr.setup_picture:setup_picture",
    ),
    GameInfo(
        "skulk_hollow",
        "Skulk Hollow",
        "You against the guardian",
        "1 player",
        form_path="app.skulk_hollow.options:FORM",
        play_screen="app.skulk_hollow.play_screen:SkulkHollowPlayScreen",
        summary_path="app.skulk_hollow.options:summary",
        setup_picture_path="app.skulk_hollow.setup_picture:picture",
    ),
    GameInfo(
        "chickwood",
        "Chickwood Forest",
        "Rounds and scoring",
        "2-5 players",
        form_path="app.chickwood.options:FORM",
        play_screen="app.chickwood.play_screen:ChickwoodPlayScreen",
        summary_path="app.chickwood.options:summary",
        setup_picture_path="app.chickwood.setup_picture:picture",
    ),
    GameInfo(
        "skogen",
        "Skogen",
        "Score ledger",
        "2-6 players",
        form_path="app.skogen.options:FORM",
        play_screen="app.skogen.play_screen:SkogenPlayScreen",
        summary_path="app.skogen.options:summary",
        setup_picture_path="app.skogen.setup_picture:setup_picture",
    ),
)

BY_KEY = {game.key: game for game in GAMES}
