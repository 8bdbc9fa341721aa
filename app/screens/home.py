"""Home: the four games as large tiles, their unfinished games, History and Settings."""

from __future__ import annotations

from kivy.app import App
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from app import theme
from app.games import BY_KEY, GAMES
from app.kv import load_kv
from app.widgets import BaseScreen


class GameTile(BoxLayout):
    key = StringProperty("")
    title = StringProperty("")
    tagline = StringProperty("")
    players = StringProperty("")
    accent = ColorProperty(theme.ACCENT)
    unfinished = NumericProperty(0)
    playable = BooleanProperty(False)
    has_guide = BooleanProperty(False)

    def open_game(self) -> None:
        game = BY_KEY[self.key]
        app = App.get_running_app()
        if game.playable:
            app.go("new_game", game=game)
        else:
            app.go("setup_guide", game=game)

    def resume(self) -> None:
        """Reopen the most recently played unfinished game of this kind."""
        game = BY_KEY[self.key]
        app = App.get_running_app()
        app.resume_game(game, app.store.unfinished_sessions(game.key)[0].id)


class HomeScreen(BaseScreen):
    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        for game in GAMES:
            self.ids.tiles.add_widget(
                GameTile(
                    key=game.key,
                    title=game.title,
                    tagline=game.tagline,
                    players=game.players,
                    accent=theme.GAME_ACCENTS[game.key],
                    playable=game.playable,
                    has_guide=game.has_setup_guide,
                )
            )

    def on_pre_enter(self, *_args: object) -> None:
        # The app opens the saved games, and refreshes Home, just after its first frame.
        if App.get_running_app().store_is_open:
            self.refresh()

    def refresh(self) -> None:
        """Each playable game's count of unfinished games, on its Resume button."""
        store = App.get_running_app().store
        for tile in self.ids.tiles.children:
            if tile.playable:
                tile.unfinished = len(store.unfinished_sessions(tile.key))


load_kv("home.kv")
