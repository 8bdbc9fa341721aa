"""The Tableside app: screens, navigation, saved games and the physical controls."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.core.window import Window
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.textinput import TextInput

from app import theme
from app.controls_link import KEY_INTENTS, open_controls
from app.popups import MessagePopup, show_notice
from app.screens.history import HistoryScreen
from app.screens.home import HomeScreen
from app.screens.settings import SettingsScreen
from app.screens.setup_guide import SetupGuideScreen
from app.store import Store
from app.widgets import BaseScreen
from hardware import Controls

log = logging.getLogger("tableside")


class TablesideApp(App):
    title = "Tableside"

    def __init__(self, db_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.db_path = db_path
        self.store: Store
        self.controls: Controls | None = None
        self.notices: list[str] = []
        self._trail: list[str] = []  # screens to go back to
        self._stopped = False

    # -- life cycle --------------------------------------------------------------------

    def build(self) -> ScreenManager:
        Window.clearcolor = theme.BACKGROUND
        self.store = Store.open(self.db_path)
        if self.store.notice:
            self.notices.append(self.store.notice)
        self.controls, notice = open_controls(self.dispatch_intent)
        if notice:
            self.notices.append(notice)
        if self.controls is not None:
            self.controls.muted = self.store.setting("buzzer_muted", False)
        Window.bind(on_key_down=self._on_key_down)

        manager = ScreenManager(transition=NoTransition())
        for screen in (
            HomeScreen(name="home"),
            SettingsScreen(name="settings"),
            HistoryScreen(name="history"),
            SetupGuideScreen(name="setup_guide"),
        ):
            manager.add_widget(screen)
        return manager

    def on_start(self) -> None:
        self.current_screen.on_enter()
        if self.notices:
            show_notice("Please note", "\n\n".join(self.notices))

    def on_stop(self) -> None:
        # Kivy sends on_stop twice when stop() is called inside run(); close once.
        if self._stopped:
            return
        self._stopped = True
        if self.controls is not None:
            self.controls.close()
        self.store.close()

    # -- navigation --------------------------------------------------------------------

    @property
    def current_screen(self) -> BaseScreen:
        screen: BaseScreen = self.root.current_screen
        return screen

    def go(self, name: str, **params: Any) -> None:
        """Open a screen, remembering where we came from for Back."""
        screen = self.root.get_screen(name)
        if params:
            screen.prepare(**params)
        self._trail.append(self.root.current)
        self.root.current = name

    def back(self) -> None:
        self.root.current = self._trail.pop() if self._trail else "home"

    def home(self) -> None:
        self._trail.clear()
        self.root.current = "home"

    # -- buttons and keys --------------------------------------------------------------

    def dispatch_intent(self, intent: str) -> None:
        """A press of confirm / undo / menu / home, from a button or a key."""
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
        return any(isinstance(w, TextInput) and w.focus for w in self.current_screen.walk())


def _open_popup() -> MessagePopup | None:
    for child in Window.children:
        if isinstance(child, MessagePopup):
            return child
        if isinstance(child, ModalView):
            return None
    return None
