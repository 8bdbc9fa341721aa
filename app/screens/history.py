"""History: every saved game, the latest first, filtered by game."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout

from app import theme
from app.games import BY_KEY, GAMES
from app.kv import load_kv
from app.popups import show_notice
from app.store import SavedSession
from app.widgets import BaseScreen, TButton

STATUS_WORDS = {"active": "Unfinished", "abandoned": "Abandoned"}


def describe(session: SavedSession) -> dict[str, Any]:
    """The words and colours of one row of the list."""
    game = BY_KEY.get(session.game)
    started = datetime.fromisoformat(session.started).astimezone()
    if session.status == "finished" and session.outcome:
        result = session.outcome.get("reason", "Finished")
    else:
        result = STATUS_WORDS.get(session.status, session.status.capitalize())
    people = ", ".join(session.players) or "-"
    options = game.summary(session.config) if game else ""
    return {
        "session_id": session.id,
        "game_key": session.game,
        "game_title": game.title if game else session.game,
        "accent": theme.GAME_ACCENTS.get(session.game, theme.ACCENT),
        "when": started.strftime("%d %b %Y, %H:%M"),
        "players": f"{people} \u00b7 {options}" if options else people,
        "result": result,
    }


class HistoryRow(ButtonBehavior, BoxLayout):
    """A saved game; touching it steps through the game from its log."""

    session_id = NumericProperty(0)
    game_key = StringProperty("")
    game_title = StringProperty("")
    accent = ColorProperty(theme.ACCENT)
    when = StringProperty("")
    players = StringProperty("")
    result = StringProperty("")

    def on_release(self) -> None:
        game = BY_KEY.get(self.game_key)
        app = App.get_running_app()
        if game is None or not game.playable:
            show_notice(self.game_title, "Stepping through these games comes with their screens.")
            return
        app.replay_game(game, self.session_id)


class FilterChip(TButton):
    key = StringProperty("")
    selected = BooleanProperty(False)


class HistoryScreen(BaseScreen):
    rows = ListProperty([])
    game_filter = StringProperty("")  # "" shows every game
    empty_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "History"
        choices = [("", "All")] + [(game.key, game.title.replace(" Forest", "")) for game in GAMES]
        for key, label in choices:
            chip = FilterChip(key=key, text=label, selected=key == self.game_filter)
            chip.bind(on_release=lambda chip: setattr(self, "game_filter", chip.key))
            self.ids.filters.add_widget(chip)

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def on_game_filter(self, *_args: object) -> None:
        for chip in self.ids.filters.children:
            chip.selected = chip.key == self.game_filter
        self.refresh()

    def refresh(self) -> None:
        store = App.get_running_app().store
        sessions = store.sessions(self.game_filter or None)
        self.rows = [describe(s) for s in sessions]
        self.status = f"{len(sessions)} game{'s' if len(sessions) != 1 else ''}"
        game = BY_KEY.get(self.game_filter)
        self.empty_text = (
            ""
            if sessions
            else f"No {game.title} games yet."
            if game
            else "No games yet. Every game you play, finished or not, is listed here."
        )


load_kv("history.kv")
