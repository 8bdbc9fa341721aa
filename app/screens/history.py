"""History: every saved game, the latest first, filtered by game."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from typing import Any

import platformdirs
from kivy.app import App
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from app import exchange, theme
from app.choice_list import ChoiceListPopup
from app.games import BY_KEY, GAMES
from app.kv import load_kv
from app.popups import show_notice
from app.store import SavedSession
from app.tap_guard import GuardedButtonBehavior
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


class HistoryRow(GuardedButtonBehavior, BoxLayout):
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
        saved = app.store.session(self.session_id)
        if saved.external_id and not saved.event_count:
            show_notice(self.game_title, "This game was imported: only its result is known.")
            return
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
    player_filter = StringProperty("")  # "" shows everyone's games
    empty_text = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "History"
        choices = [("", "All")] + [(game.key, game.title.split()[0]) for game in GAMES]
        for key, label in choices:
            chip = FilterChip(key=key, text=label, selected=key == self.game_filter)
            chip.bind(on_release=lambda chip: setattr(self, "game_filter", chip.key))
            self.ids.filters.add_widget(chip)
        self.player_chip = FilterChip(text="Everyone", key="")
        self.player_chip.bind(on_release=lambda _chip: self.choose_player())
        self.ids.filters.add_widget(self.player_chip)

    def choose_player(self) -> None:
        names = [p.name for p in App.get_running_app().store.players()]
        choices = [("Everyone", ""), *((name, name) for name in names)]
        ChoiceListPopup("Whose games?", {"Players": choices}, self.set_player).open()

    def set_player(self, name: str) -> None:
        self.player_filter = name

    def on_player_filter(self, *_args: object) -> None:
        self.player_chip.text = self.player_filter or "Everyone"
        self.player_chip.selected = bool(self.player_filter)
        self.refresh()

    def on_pre_enter(self, *_args: object) -> None:
        self.refresh()

    def export_all(self) -> None:
        """Every game as Tableside JSON, CSV and a BG Stats file, in a dated folder."""
        store = App.get_running_app().store
        folder = exchange_folder() / datetime.now().strftime("export-%Y%m%d-%H%M%S")
        try:
            folder.mkdir(parents=True, exist_ok=True)
            exchange.export_json(store, folder / "tableside.json")
            exchange.export_csv(store, folder)
            exchange.export_bgstats(store, folder / "bgstats.json")
        except OSError as problem:
            show_notice("Nothing was exported", f"The files could not be written: {problem}.")
            return
        show_notice(
            "Exported",
            f"Your games are in {folder}: tableside.json, sessions.csv, events.csv, and "
            "bgstats.json for the BG Stats app.",
        )

    def choose_import(self) -> None:
        candidates = import_candidates()
        if not candidates:
            show_notice(
                "No file to import",
                f"Put a BG Stats export (a .json file) in {exchange_folder()}, your "
                "Downloads folder or on a USB stick, then try again.",
            )
            return
        ChoiceListPopup("Import plays from BG Stats", candidates, self.import_file).open()

    def import_file(self, path: Path) -> None:
        try:
            report = exchange.import_bgstats(App.get_running_app().store, path)
        except (OSError, ValueError) as problem:
            show_notice("Nothing was imported", str(problem))
            return
        self.refresh()
        show_notice("Imported", report.message)

    def on_game_filter(self, *_args: object) -> None:
        for chip in self.ids.filters.children:
            if chip is not self.player_chip:
                chip.selected = chip.key == self.game_filter
        self.refresh()

    def refresh(self) -> None:
        store = App.get_running_app().store
        sessions = store.sessions(self.game_filter or None)
        if self.player_filter:
            wanted = self.player_filter.casefold()
            sessions = [s for s in sessions if wanted in (p.casefold() for p in s.players)]
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


def exchange_folder() -> Path:
    """Where exports are written and files to import are looked for first."""
    store = App.get_running_app().store
    base = store.path.parent if store.path else Path(platformdirs.user_data_dir("tableside"))
    return base / "exchange"


def import_candidates() -> dict[str, list[tuple[str, Path]]]:
    """JSON files a person may want to import, by place: Tableside's exchange folder and
    its exports, Downloads, the home folder and USB sticks."""
    exchange_dir = exchange_folder()
    places = [("Tableside", exchange_dir)]
    if exchange_dir.is_dir():
        for export in sorted(exchange_dir.glob("export-*"), reverse=True):
            try:
                stamp = datetime.strptime(export.name, "export-%Y%m%d-%H%M%S")
            except ValueError:  # a folder someone named by hand
                places.append((export.name, export))
            else:
                places.append((stamp.strftime("Export %d %b %H:%M"), export))
    places += [("Downloads", Path.home() / "Downloads"), ("Home folder", Path.home())]
    places += [(f"USB {stick.name}", stick) for stick in sorted(Path("/media").glob("*/*"))]
    found: dict[str, list[tuple[str, Path]]] = {}
    for name, folder in places:
        try:
            files = sorted(folder.glob("*.json"))
        except OSError:
            continue
        if files:
            found[name] = [(f.name, f) for f in files]
    return found


load_kv("history.kv")
