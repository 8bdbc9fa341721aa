"""The Tableside app: screens, navigation, saved games and the physical controls."""

from __future__ import annotations

import logging
import random
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.core.window import Window
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager

from app import tap_guard, theme
from app.games import GameInfo, load
from app.screens.home import HomeScreen
from app.widgets import BaseScreen

# What Home does not need (saved games, the engines, gpiozero, popups, text input) is
# imported where it is first used, after the first frame.
if TYPE_CHECKING:
    from app.play_session import PlaySession
    from app.popups import MessagePopup
    from app.store import Store
    from hardware import Controls

log = logging.getLogger("tableside")

#: Desktop keys that mirror the physical buttons (Kivy key codes).
KEY_INTENTS = {13: "confirm", 271: "confirm", 8: "undo", 27: "menu"}

#: Screens built on first use, by name: "module:Class". A game's play screen is named
#: by its own "module:Class" path (see app.games).
SCREENS = {
    "settings": "app.screens.settings:SettingsScreen",
    "history": "app.screens.history:HistoryScreen",
    "statistics": "app.screens.statistics:StatisticsScreen",
    "setup_guide": "app.screens.setup_guide:SetupGuideScreen",
    "new_game": "app.screens.new_game:NewGameScreen",
}


class TablesideApp(App):
    title = "Tableside"

    def __init__(self, db_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.db_path = db_path
        self._store: Store | None = None
        self.controls: Controls | None = None
        self.notices: list[str] = []
        self._trail: list[str] = []  # screens to go back to
        self._stopped = False

    # -- life cycle --------------------------------------------------------------------

    def build(self) -> ScreenManager:
        Window.clearcolor = theme.BACKGROUND
        Window.bind(on_key_down=self._on_key_down)

        manager = ScreenManager(transition=NoTransition())
        manager.add_widget(HomeScreen(name="home"))
        tap_guard.watch(manager, Window)
        return manager

    def on_start(self) -> None:
        # Kivy runs what is scheduled now before it draws the first frame: wait for the
        # frame itself, so that Home appears sooner.
        Window.bind(on_flip=self._after_first_frame)

    def _after_first_frame(self, *_args: Any) -> None:
        Window.unbind(on_flip=self._after_first_frame)
        Clock.schedule_once(self._finish_start)

    def _finish_start(self, _dt: float = 0) -> None:
        """What Home's first frame does without: the resume buttons, which need the saved
        games (opened here), and the buttons and lights. Touch works meanwhile."""
        self.root.get_screen("home").refresh()
        self._connect_controls()
        if self.notices:
            from app.popups import show_notice

            show_notice("Please note", "\n\n".join(self.notices))

    def _connect_controls(self) -> None:
        from app.controls_link import open_controls

        self.controls, notice = open_controls(self.dispatch_intent)
        if notice:
            self.notices.append(notice)
        if self.controls is not None:
            self.controls.muted = self.store.setting("buzzer_muted", False)

    @property
    def store(self) -> Store:
        """The saved games: opened just after the first frame, or by whatever needs them
        sooner. A damaged file is set aside and the notice says so."""
        if self._store is None:
            from app.store import Store

            self._store = Store.open(self.db_path)
            if self._store.notice:
                self.notices.append(self._store.notice)
        return self._store

    @property
    def store_is_open(self) -> bool:
        return self._store is not None

    def on_stop(self) -> None:
        # Kivy sends on_stop twice when stop() is called inside run(); close once.
        if self._stopped:
            return
        self._stopped = True
        if self.controls is not None:
            self.controls.close()
        if self._store is not None:
            self._store.close()

    # -- navigation --------------------------------------------------------------------

    @property
    def current_screen(self) -> BaseScreen:
        screen: BaseScreen = self.root.current_screen
        return screen

    def screen(self, name: str) -> BaseScreen:
        """The screen called ``name``, built on first use (a short start-up)."""
        if not self.root.has_screen(name):
            self.root.add_widget(load(SCREENS.get(name, name))(name=name))
        screen: BaseScreen = self.root.get_screen(name)
        return screen

    def go(self, name: str, **params: Any) -> None:
        """Open a screen, remembering where we came from for Back."""
        screen = self.screen(name)
        if params:
            screen.prepare(**params)
        self._trail.append(self.root.current)
        self.root.current = name

    # -- games -------------------------------------------------------------------------

    def start_game(
        self, game: GameInfo, config: Any, players: list[str], seed: int | None = None
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        from app.play_session import PlaySession

        self._open_game(game, PlaySession.start(self.store, game.rules(), config, seed, players))

    def resume_game(self, game: GameInfo, session_id: int) -> None:
        from app.play_session import PlaySession

        try:
            play = PlaySession.resume(self.store, game.rules(), session_id)
        except ValueError as problem:  # IllegalAction is a ValueError too
            log.error("cannot replay saved game %s: %s", session_id, problem)
            from app.popups import show_notice

            show_notice(
                "This game cannot be resumed",
                f"Its saved moves no longer fit the rules ({problem}). It stays in History.",
            )
            return
        self._open_game(game, play)

    def replay_game(self, game: GameInfo, session_id: int) -> None:
        """Step through a saved game on its play screen; Back returns here."""
        assert game.play_screen is not None
        from app.replay import Replay

        try:
            replay = Replay(self.store, game.rules(), session_id)
        except ValueError as problem:
            from app.popups import show_notice

            show_notice("This game cannot be shown", f"Its saved moves do not replay ({problem}).")
            return
        self.go(game.play_screen, game=game, play=replay)

    def _open_game(self, game: GameInfo, play: PlaySession) -> None:
        assert game.play_screen is not None
        self.screen(game.play_screen).prepare(game=game, play=play)
        self._trail = ["home"]  # Back from a game goes Home, not into its set-up
        self.root.current = game.play_screen

    def back(self) -> None:
        self.root.current = self._trail.pop() if self._trail else "home"

    def home(self) -> None:
        self._trail.clear()
        self.root.current = "home"

    # -- buttons and keys --------------------------------------------------------------

    def dispatch_intent(self, intent: str) -> None:
        """A press of confirm / undo / menu / home, from a button or a key. Right after a
        change a press is ignored, as a tap is (app.tap_guard): confirm and undo act on
        what the screen shows now. A long press on Menu (home) is deliberate and always
        means the same, so it is taken."""
        if intent != "home" and tap_guard.guarding():
            log.debug("ignored %s: the screen has just changed", intent)
            return
        popup = _open_popup()
        if popup is not None:
            if intent == "confirm":
                popup.confirm()
            elif intent in ("menu", "undo"):
                popup.cancel() if popup.cancel_text else popup.confirm()
            return
        if self.current_screen.on_intent(intent):
            return
        if intent == "home":
            self.home()
        elif intent == "menu" and self.root.current != "home":
            self.back()

    def _on_key_down(self, _window: Any, key: int, *_args: Any) -> bool:
        intent = KEY_INTENTS.get(key)
        if intent is None or self._typing():
            return False
        self.dispatch_intent(intent)
        return True

    def _typing(self) -> bool:
        from kivy.uix.textinput import TextInput

        return any(isinstance(w, TextInput) and w.focus for w in self.current_screen.walk())


def _open_popup() -> MessagePopup | None:
    from app.popups import MessagePopup

    for child in Window.children:
        if isinstance(child, MessagePopup):
            return child
        if isinstance(child, ModalView):
            return None
    return None
