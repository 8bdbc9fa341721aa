"""The games Tableside knows, each entry carrying every fact the app has about its game:
names and the words on Home, its accent colour, its screens and set-up picture, its
demonstration games, and what BG Stats is told about it. Nothing else in app/ lists the
games; a new game is one entry here and one in engines (docs/adding-a-game.md).

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

import engines
from app.kit.colours import Colour
from app.storage.faults import shorten

if TYPE_CHECKING:  # Home lists the games without loading their forms or engines
    from kivy.uix.widget import Widget

    from app.game_options import NewGameForm
    from app.phones.standing import Section
    from app.play.controller import AnyPlay, PlayController
    from engines.core import (
        AnyGameRules,  # any game: its key picks which
        SetupStep,
    )


@dataclass(frozen=True)
class GameInfo:
    key: str  # the engine's key in engines.GAMES and the name stored with saved games
    title: str
    tagline: str  # Home's tile: the title, this line and the player count
    #: The game's colour on Home, in History and on its own screens; never red or
    #: green, which carry danger and success.
    accent: Colour = (0.400, 0.660, 0.960, 1)
    #: The title where room is short (the Statistics page buttons).
    short_title: str = ""
    #: "module:NAME" of the game's NewGameForm and "module:Class" of its play screen,
    #: imported on first use so that start-up loads no game.
    form_path: str | None = None
    play_screen: str | None = None
    #: "module:Class" of the game's PlayController (app.play.controller): the play loop
    #: without a window, which its play screen lays out.
    controller_path: str = "app.play.controller:PlayController"
    #: "module:NAME" of the game's TablePlay (app.play.autoplay): a seeded person at its
    #: table and how to read its view back, for the oracle and the every-step tests.
    autoplay_path: str | None = None
    #: "module:function" making what the play screen shows from the controller, as plain
    #: data (``app/<game>/view.py``); None for a game whose screen reads the controller
    #: itself. Opening a saved game makes it once before the screen changes
    #: (app.play.opening), so that a game that cannot be shown is said in words.
    view_path: str | None = None
    #: "module:function" giving what a phone at the table shows of the game's state
    #: (app.phones.standing: sections of rows), from the controller.
    standing_path: str | None = None
    #: "module:function" turning a saved config into a few words for History.
    summary_path: str | None = None
    #: "module:function" drawing the table during set-up: called with the config, the
    #: steps and the step shown, it returns a widget (or None for a step with nothing
    #: to draw). See app.screens.setup_guide.
    setup_picture_path: str | None = None
    #: The module of the game's demonstration games, for the screenshots and the
    #: legibility sweep (``SCENES``, ``SETUP_CONFIGS``, ``SWEEP``: see app.tools.screenshots
    #: and app.tools.sweep).
    demo_path: str | None = None
    #: BoardGameGeek's id and year, so that BG Stats matches the plays to the game in a
    #: person's collection; None when no public source gave them (sent as 0).
    bgg: tuple[int, int] | None = None
    #: "module:function" naming the side the players took, from a saved config, as BG
    #: Stats' per-player "role" ("" for none); None for a game without sides.
    role_path: str | None = None

    @property
    def cooperative(self) -> bool:
        """The table wins or loses together (Statistics draws win rates, BG Stats gets
        no points); else the players score against each other."""
        return engines.entry(self.key).cooperative

    @property
    def players(self) -> str:
        """How many play, for Home: "1-4 players", "1 player"."""
        fewest, most = engines.entry(self.key).players
        count = str(most) if fewest == most else f"{fewest}-{most}"
        return f"{count} player{'s' if most > 1 else ''}"

    @property
    def page_title(self) -> str:
        return self.short_title or self.title

    def role(self, config: Any) -> str:
        """The players' side for BG Stats ("" for a game without sides)."""
        return str(load(self.role_path)(config)) if self.role_path else ""

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

    def controller(self, play: AnyPlay) -> PlayController[Any, Any, Any]:
        """The game's controller playing ``play`` (a game being played, or a replay)."""
        controller: PlayController[Any, Any, Any] = load(self.controller_path)(self.rules(), play)
        return controller

    def view(self, controller: PlayController[Any, Any, Any]) -> Any:
        """What the play screen shows of ``controller``'s game (None without a view)."""
        return load(self.view_path)(controller) if self.view_path else None

    def standing(self, controller: PlayController[Any, Any, Any]) -> list[Section]:
        """What a phone at the table shows of ``controller``'s game (app.phones)."""
        return list(load(self.standing_path)(controller)) if self.standing_path else []

    def rules(self) -> AnyGameRules:
        return engines.rules(self.key)

    def setup_steps(self, config: Any = None) -> list[SetupStep]:
        """The set-up guidance for the chosen options (the standard set-up by default)."""
        rules: AnyGameRules = self.rules()
        steps: list[SetupStep] = rules.setup_steps(rules.Config() if config is None else config)
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
        spec = importlib.util.find_spec(engines.entry(self.key).package)
        folders = spec.submodule_search_locations if spec else None
        return any((Path(folder) / "setup.py").exists() for folder in folders or ())


def load(path: str) -> Any:
    """The object named by "package.module:name"."""
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


#: Every game, in the order Home shows them (the order of engines.GAMES).
GAMES: list[GameInfo] = [
    GameInfo(
        "skoventyr",
        "Skoventyr",
        "Solo or co-op",
        form_path="app.skoventyr.options:FORM",
        play_screen="app.skoventyr.play_screen:SkoventyrPlayScreen",
        controller_path="app.skoventyr.controller:SkoventyrController",
        autoplay_path="app.skoventyr.autoplay:TABLE_PLAY",
        view_path="app.skoventyr.view:skoventyr_view",
        standing_path="app.skoventyr.phone:standing",
        summary_path="app.skoventyr.options:summary",
        setup_picture_path="app.skoventyr.setup_picture:setup_picture",
        demo_path="app.skoventyr.demo",
        accent=(0.220, 0.640, 0.660, 1),
    ),
    GameInfo(
        "skulk_hollow",
        "Skulk Hollow",
        "You against the guardian",
        form_path="app.skulk_hollow.options:FORM",
        play_screen="app.skulk_hollow.play_screen:SkulkHollowPlayScreen",
        controller_path="app.skulk_hollow.controller:SkulkHollowController",
        autoplay_path="app.skulk_hollow.autoplay:TABLE_PLAY",
        view_path="app.skulk_hollow.view:skulk_view",
        standing_path="app.skulk_hollow.phone:standing",
        summary_path="app.skulk_hollow.options:summary",
        setup_picture_path="app.skulk_hollow.setup_picture:picture",
        demo_path="app.skulk_hollow.demo",
        accent=(0.620, 0.470, 0.880, 1),
        # boardgamegeek.com/boardgame/232595/skulk-hollow; the other three games have no
        # id a public source at hand gave (the README says so).
        bgg=(232595, 2019),
        role_path="app.skulk_hollow.options:bgstats_role",
    ),
    GameInfo(
        "chickwood",
        "Chickwood Forest",
        "Rounds and scoring",
        form_path="app.chickwood.options:FORM",
        play_screen="app.chickwood.play_screen:ChickwoodPlayScreen",
        controller_path="app.chickwood.controller:ChickwoodController",
        autoplay_path="app.chickwood.autoplay:TABLE_PLAY",
        view_path="app.chickwood.view:chickwood_view",
        standing_path="app.chickwood.phone:standing",
        summary_path="app.chickwood.options:summary",
        setup_picture_path="app.chickwood.setup_picture:picture",
        demo_path="app.chickwood.demo",
        accent=(0.930, 0.620, 0.200, 1),
        short_title="Chickwood",
    ),
    GameInfo(
        "skogen",
        "Skogen",
        "Score ledger",
        form_path="app.skogen.options:FORM",
        play_screen="app.skogen.play_screen:SkogenPlayScreen",
        controller_path="app.skogen.controller:SkogenController",
        autoplay_path="app.skogen.autoplay:TABLE_PLAY",
        view_path="app.skogen.view:skogen_view",
        standing_path="app.skogen.phone:standing",
        summary_path="app.skogen.options:summary",
        setup_picture_path="app.skogen.setup_picture:setup_picture",
        demo_path="app.skogen.demo",
        accent=(0.330, 0.580, 0.930, 1),
    ),
]

BY_KEY = {game.key: game for game in GAMES}


def register(game: GameInfo) -> None:
    """Add a game after start-up (a test-only game does; shipped games are listed above).
    Its engine must already be in engines.GAMES."""
    engines.entry(game.key)  # KeyError when the engine is not listed
    GAMES.append(game)
    BY_KEY[game.key] = game


def unregister(key: str) -> None:
    """Take a game added by ``register`` off the list again."""
    GAMES.remove(BY_KEY.pop(key))
