"""Home: the four games as large tiles, their unfinished games, History and Settings.

With one unfinished game of a kind, Resume reopens it at once; with several, the person
picks which (who plays, with which options, how far it got and when it was last played):
never silently the latest.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from kivy.app import App
from kivy.properties import BooleanProperty, ColorProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from app.games import BY_KEY, GAMES, GameInfo
from app.kit import theme
from app.kit.widgets import BaseScreen
from app.kv import load_kv
from app.screens.when import when
from app.storage import volatile
from app.storage.clock_check import NOT_CHECKED, plausible

if TYPE_CHECKING:
    from app.storage.sessions import SavedSession
    from app.storage.store import Store


class GameTile(BoxLayout):
    key = StringProperty("")
    title = StringProperty("")
    tagline = StringProperty("")
    players = StringProperty("")
    accent = ColorProperty(theme.ACCENT)
    unfinished = NumericProperty(0)
    unfinished_words = StringProperty("")  # which unfinished game(s), in a few words
    playable = BooleanProperty(False)
    has_guide = BooleanProperty(False)

    def open_game(self) -> None:
        game = BY_KEY[self.key]
        app = App.get_running_app()
        if not can_be_played(game):
            return
        if game.playable:
            app.go("new_game", game=game)
        else:
            app.go("setup_guide", game=game)

    def show_unfinished(self, sessions: list[SavedSession]) -> None:
        self.unfinished = len(sessions)
        if not sessions:
            self.unfinished_words = ""
        elif len(sessions) == 1:
            latest = sessions[0]
            played = last_played(latest)
            if played == NOT_CHECKED:
                self.unfinished_words = f"Unfinished: {people(latest)} ({NOT_CHECKED.lower()})."
            else:
                self.unfinished_words = f"Unfinished: {people(latest)}, {played}."
        elif last_played(sessions[0]) != NOT_CHECKED:
            played = last_played(sessions[0]).replace("last played", "the latest played")
            self.unfinished_words = f"{len(sessions)} unfinished games, {played}."
        else:
            self.unfinished_words = f"{len(sessions)} unfinished games."

    def resume(self) -> None:
        """Reopen the unfinished game of this kind, or let the person pick one."""
        game = BY_KEY[self.key]
        app = App.get_running_app()
        if not can_be_played(game):
            return
        sessions = app.store.unfinished_sessions(game.key)
        if len(sessions) == 1:
            app.resume_game(game, sessions[0].id)
        elif sessions:
            from app.kit.choice_list import ChoiceListPopup

            choices = [(describe_unfinished(app.store, s), s.id) for s in sessions]
            ChoiceListPopup(
                f"Which {game.title} game?",
                {"Unfinished": choices},
                lambda session_id: app.resume_game(game, session_id),
                columns=1,
                row_height=theme.TOUCH * 1.4,
            ).open()


def can_be_played(game: GameInfo) -> bool:
    """Whether the game's shipped data can be loaded; if not, say why (the rest still work)."""
    problem = game.problem()
    if problem:
        say_unavailable(game.title, problem)
    return problem is None


def say_unavailable(title: str, why: str) -> None:
    """That a game cannot be played or stepped through, and why (``GameInfo.problem``)."""
    from app.kit.popups import show_notice

    show_notice(f"{title} is unavailable", why)


def people(session: SavedSession) -> str:
    names = list(session.players)
    if not names:
        return "no names"
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def describe_unfinished(store: Store, session: SavedSession) -> str:
    """Which game it is (who plays, with which options), how far it got and when it was
    last played: the two lines of a row to pick from."""
    game = BY_KEY[session.game]
    options = game.summary(session.config)
    which = f"{people(session)} \u00b7 {options}" if options else people(session)
    played = last_played(session)
    return f"{which}\n{how_far(store, game, session)} \u00b7 {played[:1].lower()}{played[1:]}"


def last_played(session: SavedSession) -> str:
    """When a game was last played, as far as its clock can tell: "last played today at
    14:05"; "... (clock unsure)" for a time not checked that could be right (a start time
    helps find the game, review N19); "Time not checked" for one that cannot be."""
    if session.time_checked:
        return f"last played {when(session.updated)}"
    try:
        could_be_right = plausible(datetime.fromisoformat(session.updated))
    except (TypeError, ValueError):  # a damaged row
        could_be_right = False
    if could_be_right:
        return f"last played {when(session.updated)} (clock unsure)"
    return NOT_CHECKED


def how_far(store: Store, game: GameInfo, session: SavedSession) -> str:
    """How far a saved game got, as its players count ("Round 3, Grak's turn"); for one
    that cannot be replayed, how many of its steps were played."""
    from app.play.play_session import read_saved_game
    from app.play.progress import progress_words
    from engines.core import Session

    rules = game.rules()
    try:
        saved, config, events = read_saved_game(store, rules, session.id)
        state = Session.replay(rules, config, saved.seed, events).state
    except ValueError:  # damaged, or refused by the rules: count what can be read
        readable, unreadable = store.readable_events(session.id)
        steps = sum(
            1 if kind == "action" else -1 if kind == "undo" else 0
            for kind in (event.payload.get("type") for event in readable)
        )
        played = f"{steps} step{'s' if steps != 1 else ''} played"
        return played + (f" ({len(unreadable)} cannot be read)" if unreadable else "")
    return progress_words(rules.progress(state), session.players)


class HomeScreen(BaseScreen):
    game_count = NumericProperty(0)  # the tiles laid out, for their columns (kv)

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.lay_out_tiles()

    def lay_out_tiles(self) -> None:
        """A tile for each game in app.games (again when a game joined the list since)."""
        self.ids.tiles.clear_widgets()
        self.game_count = len(GAMES)
        for game in GAMES:
            self.ids.tiles.add_widget(
                GameTile(
                    key=game.key,
                    title=game.title,
                    tagline=game.tagline,
                    players=game.players,
                    accent=game.accent,
                    playable=game.playable,
                    has_guide=game.has_setup_guide,
                )
            )

    @staticmethod
    def tile_columns(width: float, height: float, games: int) -> int:
        """One row of tiles across a landscape screen (two rows beyond five games, whose
        tiles would be too narrow for their words); two columns in portrait."""
        if width < height:
            return 2
        return games if games <= 5 else -(-games // 2)

    def on_pre_enter(self, *_args: object) -> None:
        # The app opens the saved games, and refreshes Home, just after its first frame.
        if App.get_running_app().saved_games.is_open:
            self.refresh()

    def refresh(self) -> None:
        """Each playable game's unfinished games, by its Resume button; a warning when a
        restart would lose the saved games (the whole of it in Settings)."""
        if self.game_count != len(GAMES):
            self.lay_out_tiles()
        app = App.get_running_app()
        self.status = f"{volatile.SHORT}: see Settings" if app.saved_games.lost_at_restart else ""
        store = app.store
        for tile in self.ids.tiles.children:
            if tile.playable:
                tile.show_unfinished(store.unfinished_sessions(tile.key))


load_kv("home.kv")
