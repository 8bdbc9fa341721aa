"""History: every saved game, the latest first, filtered by game.

A saved game part of which cannot be read is listed as damaged; touching it offers to
save it as stored to a file, or to abandon it. It never stops the rest of the list.
"""

from __future__ import annotations

import threading
from collections import Counter
from contextlib import suppress
from dataclasses import replace
from datetime import datetime
from functools import lru_cache, partial
from pathlib import Path
from typing import Any

import platformdirs
from kivy.app import App
from kivy.core.text import Label as CoreLabel
from kivy.metrics import dp
from kivy.properties import (
    BooleanProperty,
    ColorProperty,
    ListProperty,
    NumericProperty,
    StringProperty,
)
from kivy.uix.boxlayout import BoxLayout

from app.exchange import usb_sticks
from app.exchange.bgstats_import import (
    IMPORT_SUFFIXES,
    ImportReport,
    ImportStopped,
    import_file,
)
from app.exchange.export import (
    ON_THE_PI,
    ExportReport,
    Selection,
    export_saved_games,
    last_export,
    remember_export,
    since_last_export,
)
from app.exchange.files import PARTIAL, free_name, remove_leftovers, write_problem
from app.exchange.saved import read_on_its_own
from app.exchange.tableside_json import export_session_as_stored
from app.games import BY_KEY, GAMES
from app.kit import date_setting, tap_guard, theme
from app.kit.background import Background
from app.kit.choice_list import ChoiceListPopup
from app.kit.popups import ProgressPopup, offer, show_notice
from app.kit.widgets import BaseScreen, TButton
from app.kv import load_kv
from app.play.send_to_bgstats import send_to_bgstats
from app.screens.when import when
from app.storage.clock_check import NOT_CHECKED
from app.storage.faults import SOMETHING_WENT_WRONG, StorageFault, counted
from app.storage.sessions import SavedSession
from app.storage.store import Store
from app.storage.values import now

PLAYED_BY_ANYONE = "Played by anyone"

#: A row of the list: the game's name and when on the left, then the result and the
#: players in words wrapped as they need (never cut), then the row's buttons.
ROW_PAD = dp(12)
ROW_LEFT = dp(160)
ROW_LEAST = dp(64)
SET_DATE_WIDTH = dp(120)
BGSTATS_WIDTH = dp(170)

#: The rows the list shows at first, and each "Show more" adds (the latest first).
PAGE = 200

STATUS_WORDS = {"active": "Unfinished", "abandoned": "Abandoned"}


#: Said once an export is on a stick (its files are flushed to it by then).
SAFE_TO_PULL = "Everything is written: you can take the stick out now."
IMPORT_STOPPED = "Nothing of the file was added: your saved games are as they were."
NO_STICK = "No USB stick was found. To take the files away, plug one in and export again."


def read_only_stick(stick: usb_sticks.Stick) -> str:
    """Why files stayed on the Pi with a stick plugged in, and what to do."""
    return (
        f"The USB stick {stick.label} is read-only: nothing can be written to it. If it has "
        "a lock switch, slide it to unlocked, or plug in another stick, then try again."
    )


def describe(session: SavedSession) -> dict[str, Any]:
    """The words and colours of one row of the list."""
    game = BY_KEY.get(session.game)
    title = game.title if game else session.game
    if session.damage is not None:
        return {
            "session_id": session.id,
            "game_key": session.game,
            "game_title": title if game else "Unknown game",
            "accent": theme.DANGER,
            "when": when(session.started),
            "players": ", ".join(session.players) or "-",
            "result": f"Damaged: {session.damage}",
            "damage": session.damage,
            "time_not_checked": False,
            "bgstats": False,
        }
    outcome = session.outcome if isinstance(session.outcome, dict) else {}
    reason = outcome.get("reason")
    if session.status == "finished" and outcome:
        result = reason if isinstance(reason, str) and reason else "Finished"
    else:
        result = STATUS_WORDS.get(session.status, session.status.capitalize())
    people = ", ".join(session.players) or "-"
    options = game.summary(session.config) if game else ""
    return {
        "session_id": session.id,
        "game_key": session.game,
        "game_title": title,
        "accent": theme.accent(session.game),
        "when": when(session.started) if session.time_checked else NOT_CHECKED,
        "players": f"{people} \u00b7 {options}" if options else people,
        "result": result,
        "damage": "",
        "time_not_checked": not session.time_checked,
        # A game played here, over, its time known (one imported came from a file, most
        # likely BG Stats' own: it is not offered back).
        "bgstats": bool(outcome)
        and session.status == "finished"
        and session.time_checked
        and not session.imported,
    }


def sized(row: dict[str, Any], width: float) -> dict[str, Any]:
    """``row`` with the width of its words and the height they need in a list ``width``
    wide: kv lays the row out with the same figures (kv/history.kv)."""
    buttons = (SET_DATE_WIDTH if row["time_not_checked"] else 0) + (
        BGSTATS_WIDTH if row["bgstats"] else 0
    )
    # Padding on both sides and a gap between each of the row's five parts.
    words = max(dp(100), width - 2 * ROW_PAD - 4 * ROW_PAD - ROW_LEFT - buttons)
    lines = _text_height(row["result"], theme.BODY, words)
    lines += _text_height(row["players"], theme.LABEL, words)
    return {**row, "text_width": words, "height": max(ROW_LEAST, lines + dp(12))}


@lru_cache(maxsize=4096)  # rows repeat their words ("Ana · Standard"), and History reopens
def _text_height(text: str, font_size: float, width: float) -> float:
    if not text:
        return 0.0
    one_line, height = CoreLabel(font_size=font_size).get_extents(text)  # cheap to measure
    if one_line <= width:
        return float(height)
    return float(CoreLabel(text=text, font_size=font_size, text_size=(width, None)).render()[1])


class HistoryRow(tap_guard.GuardedButtonBehavior, BoxLayout):
    """A saved game; touching it steps through the game from its log."""

    session_id = NumericProperty(0)
    game_key = StringProperty("")
    game_title = StringProperty("")
    accent = ColorProperty(theme.ACCENT)
    when = StringProperty("")
    players = StringProperty("")
    result = StringProperty("")
    text_width = NumericProperty(0)  # for the result and the players
    #: What of the saved game cannot be read, in words; "" when all of it can.
    damage = StringProperty("")
    #: Its time was not checked: the row offers to set its date.
    time_not_checked = BooleanProperty(False)
    #: It can be sent to BG Stats (app.play.send_to_bgstats).
    bgstats = BooleanProperty(False)

    def on_release(self) -> None:
        history = App.get_running_app().root.get_screen("history")
        history.open_game(int(self.session_id), self.game_title, self.damage)

    def set_date(self) -> None:
        App.get_running_app().root.get_screen("history").set_date(int(self.session_id))

    def send_to_bgstats(self) -> None:
        send_to_bgstats(int(self.session_id))


class FilterChip(TButton):
    key = StringProperty("")
    selected = BooleanProperty(False)


class MoreGamesRow(TButton):
    """The end of a page of the list: touching it shows the next page of older games."""

    def on_release(self) -> None:
        App.get_running_app().root.get_screen("history").show_more()


class HistoryScreen(BaseScreen):
    rows = ListProperty([])
    game_filter = StringProperty("")  # "" shows every game
    player_filter = StringProperty("")  # "" shows everyone's games
    empty_text = StringProperty("")
    #: A game or a player is chosen: Export writes the games shown, and says so.
    filtered = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "History"
        choices = [("", "All games")] + [(game.key, game.title) for game in GAMES]
        for key, label in choices:
            chip = FilterChip(key=key, text=label, selected=key == self.game_filter)
            chip.bind(on_release=lambda chip: setattr(self, "game_filter", chip.key))
            self.ids.filters.add_widget(chip)
        self.player_chip = FilterChip(text=PLAYED_BY_ANYONE, key="")
        self.player_chip.bind(on_release=lambda _chip: self.choose_player())
        self.ids.filters.add_widget(self.player_chip)
        self._loaded = False
        self._described: list[dict[str, Any]] = []  # the rows before sizing
        self._page_end = PAGE  # how many of them the list shows
        self.ids.games.bind(width=lambda _view, _width: self._size_rows())
        #: An export or an import: one at a time, off the UI thread.
        self._exchange: Background[Any] = Background("export or import")
        #: The list's games, read off the UI thread (``refresh``).
        self._reading: Background[list[dict[str, Any]]] = Background(
            "History's list", shows_the_answer=True
        )

    def choose_player(self) -> None:
        try:
            names = App.get_running_app().store.names_played()  # guests too (N18)
        except StorageFault as fault:
            show_notice("The players cannot be read now", str(fault))
            return
        choices = [("Anyone", ""), *((name, name) for name in names)]
        ChoiceListPopup("Games played by", {"Players": choices}, self.set_player).open()

    def set_player(self, name: str) -> None:
        self.player_filter = name

    def on_player_filter(self, *_args: object) -> None:
        self.player_chip.text = (
            f"Played by {self.player_filter}" if self.player_filter else PLAYED_BY_ANYONE
        )
        self.player_chip.selected = bool(self.player_filter)
        self.refresh()

    def on_pre_enter(self, *_args: object) -> None:
        """The screen shows at once; its list follows once it is read (``refresh``)."""
        self.refresh()

    def open_game(self, session_id: int, title: str, damage: str) -> None:
        """Step through a saved game, or say why it cannot be."""
        try:
            self._open_game(session_id, title, damage)
        except StorageFault as fault:
            show_notice("This game cannot be shown now", str(fault))

    def _open_game(self, session_id: int, title: str, damage: str) -> None:
        app = App.get_running_app()
        saved = app.store.session(session_id)
        if damage:
            self.offer_damaged_game(saved, title, f"{damage[:1].upper()}{damage[1:]}.")
            return
        if saved.imported:
            show_notice(title, "This game was imported: only its result is known.")
            return
        game = BY_KEY.get(saved.game)
        if game is None or not game.playable:
            show_notice(title, "Stepping through these games comes with their screens.")
            return
        _readable, unreadable = app.store.readable_events(session_id)
        if unreadable:
            count = len(unreadable)
            moves = "One of its moves" if count == 1 else f"{count} of its moves"
            what = f"{moves} cannot be read, so it cannot be stepped through."
            self.offer_damaged_game(saved, title, what)
            return
        app.replay_game(game, session_id)

    def offer_damaged_game(self, saved: SavedSession, title: str, what: str) -> None:
        """Save a damaged game as it is stored, or abandon it if it was being played."""
        session_id = saved.id
        choices = [("Save as file", lambda: self.save_damaged_game(session_id))]
        message = (
            f"{what} Tableside can save it as it is stored to a file, to keep it or to show "
            "someone who can help."
        )
        if saved.status in ("active", "damaged"):
            choices.insert(0, ("Abandon", lambda: self.abandon_damaged_game(session_id)))
            message += " Abandoning it keeps it here but stops offering to resume it."
        offer(f"{title}: damaged", message + " Your other games are not affected.", choices)

    def save_damaged_game(self, session_id: int) -> None:
        store = App.get_running_app().store
        stamp = datetime.now().strftime("%Y%m%d-%H%M%S")
        base, stick, locked = export_place()
        path = base / f"damaged-game-{session_id}-{stamp}.json"
        try:
            export_session_as_stored(store, session_id, path)
            usb_sticks.flush(path.parent)
        except StorageFault as fault:
            show_notice("Nothing was saved", str(fault))
        except OSError as problem:
            show_notice(
                "Nothing was saved",
                f"{path.name} could not be written in {path.parent}: {write_problem(problem)}.",
            )
        else:
            where = f"on the stick {stick.label}. {SAFE_TO_PULL}" if stick else f"in {path.parent}."
            if locked is not None:
                where += f" {read_only_stick(locked)}"
            show_notice("Saved", f"The damaged game is saved as {path.name} {where}")

    def set_date(self, session_id: int) -> None:
        """Ask when a game whose time was not checked started, and save it."""
        date_setting.set_date(App.get_running_app().store, session_id, self.refresh)

    def abandon_damaged_game(self, session_id: int) -> None:
        try:
            App.get_running_app().store.abandon_session(session_id)
        except StorageFault as fault:
            show_notice("The game was not abandoned", str(fault))
        self.refresh()

    def export_all(self) -> None:
        """The games shown (every game, unless a game or a player is chosen) as
        Tableside JSON, CSV and a BG Stats file, in a dated folder on a USB stick if one
        is plugged in, else in Tableside's exchange folder: written on a worker thread
        while a popup shows how far it has got."""
        if self._exchange.busy or self._reading.busy:  # the list shown is not yet the chosen one
            return
        only = self._shown() if self.filtered else None
        base, stick, locked = export_place()
        place = stick.label if stick else ON_THE_PI
        store = App.get_running_app().store
        try:
            last = last_export(store, place)
        except StorageFault as fault:
            show_notice("Nothing was exported", str(fault))
            return
        if not last:
            self._export(only, base, stick, locked, place)
            return
        when = datetime.fromisoformat(last).astimezone().strftime("%d %b %H:%M")
        choices = [
            ("Export the games shown" if only else "Export all games", False),
            (f"Only games played since the last export to {place} ({when})", True),
        ]

        def chosen(since: bool) -> None:
            try:
                games = since_last_export(store, place, only) if since else only
            except StorageFault as fault:
                show_notice("Nothing was exported", str(fault))
                return
            self._export(games, base, stick, locked, place)

        ChoiceListPopup("Which games to export?", {"Export": choices}, chosen, columns=1).open()

    def _export(
        self,
        only: Selection | None,
        base: Path,
        stick: usb_sticks.Stick | None,
        locked: usb_sticks.Stick | None,
        place: str,
    ) -> None:
        began = now()
        folder = free_name(base / datetime.now().strftime("export-%Y%m%d-%H%M%S"))
        progress = ProgressPopup("Exporting your games", "Writing", "game")
        progress.open()

        def exported(report: ExportReport) -> None:
            progress.dismiss()
            # The games as they were when it began: a game finished since goes next time.
            # Not remembered (a storage fault): the next export offers all games again.
            with suppress(StorageFault):
                remember_export(App.get_running_app().store, place, began)
            if stick:
                report = replace(report, stick=stick.label)
            why_here = SAFE_TO_PULL if stick else read_only_stick(locked) if locked else NO_STICK
            show_notice("Exported", f"{report.message}\n\n{why_here}")

        def failed(problem: Exception) -> None:
            progress.dismiss()
            show_notice("Nothing was exported", _export_problem(problem, folder))

        db_path, on_the_pi = App.get_running_app().store.path, exchange_folder()

        def work() -> ExportReport:
            # The export tidies where it writes; the Pi's own folder is tidied too.
            remove_leftovers(on_the_pi)
            return export_saved_games(db_path, folder, progress.tell, only)

        self._exchange.run(folder, work, exported, failed)

    def choose_import(self) -> None:
        candidates = import_candidates()
        if not candidates:
            show_notice(
                "No file to import",
                "Tableside found no BG Stats file. Save one (a .bgsplay or .json file) on "
                "a USB stick, plug the stick in here, then touch Import again.",
            )
            return
        ChoiceListPopup(
            "Import plays from BG Stats", candidates, self.import_file, show_groups=True
        ).open()

    def import_file(self, path: Path) -> None:
        """Add the plays in a BG Stats file, on a worker thread while a popup shows how
        far it has got."""
        if self._exchange.busy:
            return
        app = App.get_running_app()
        wait = app.saved_games.busy()
        if wait:
            show_notice("Not imported yet", wait)
            return
        stop = threading.Event()
        progress = ProgressPopup("Importing plays", "Adding", "play", stop=stop.set)
        progress.open()
        app.saved_games.importing = True

        def imported(report: ImportReport) -> None:
            progress.dismiss()
            self.refresh()
            show_notice("Imported", report.message)
            app.saved_games.import_ended()

        def failed(problem: Exception) -> None:
            progress.dismiss()
            if isinstance(problem, ImportStopped):
                show_notice("Import stopped", IMPORT_STOPPED)
            else:
                show_notice("Nothing was imported", _import_problem(problem))
            app.saved_games.import_ended()

        work = partial(import_file, app.store.path, path, progress.tell, stop)
        self._exchange.run(path, work, imported, failed)

    def on_game_filter(self, *_args: object) -> None:
        for chip in self.ids.filters.children:
            if chip is not self.player_chip:
                chip.selected = chip.key == self.game_filter
        self.refresh()

    def refresh(self) -> None:
        """The games the filters choose, read on a worker thread (4,000 take a second
        here and several on a Pi): the list follows once they are read, the screen
        answering touches meanwhile. Only the latest filters' games are shown."""
        game, player = self.game_filter, self.player_filter
        self.status = "Reading your games..." if self._loaded else "Loading your games..."
        self._reading.run(
            (game, player),
            partial(
                read_on_its_own, App.get_running_app().store.path, partial(_rows, game, player)
            ),
            partial(self._show, game, player),
            self._not_read,
        )

    def _show(self, game_key: str, player: str, described: list[dict[str, Any]]) -> None:
        self._described = described
        self._page_end = PAGE
        self.filtered = bool(game_key or player)
        self._size_rows()
        self._loaded = True
        # The rows under a finger changed; a tap made while the list was loading (as
        # History first opens, perhaps aimed at Home) must not land on one.
        tap_guard.changed()
        self.status = counted(len(described), "game")
        game = BY_KEY.get(game_key)
        self.empty_text = (
            ""
            if described
            else f"No {game.title} games yet."
            if game
            else "No games yet. Every game you play, finished or not, is listed here."
        )

    def _not_read(self, problem: Exception) -> None:
        """The list stays as it was; the words say why."""
        self.status = "Games not read"
        self.empty_text = (
            str(problem) if isinstance(problem, StorageFault) else SOMETHING_WENT_WRONG
        )

    def _shown(self) -> Selection:
        """The games the list shows, and words for them ("The 4 Skogen games shown are")."""
        count = len(self._described)
        game = BY_KEY.get(self.game_filter)
        kind = f"{game.title} game" if game else "game"
        by = f" played by {self.player_filter}" if self.player_filter else ""
        one = f"The {kind}{by} shown is"
        words = one if count == 1 else f"The {count} {kind}s{by} shown are"
        return Selection(frozenset(row["session_id"] for row in self._described), words)

    def show_more(self) -> None:
        """The next ``PAGE`` of older games at the end of the list."""
        self._page_end += PAGE
        self._size_rows()

    def _size_rows(self) -> None:
        """The rows of the pages shown, sized for the list's width; then a row that
        shows more, while there are more (laying out 4,000 rows at once held a Pi's
        window for half a second)."""
        width = self.ids.games.width
        shown = self._described[: self._page_end]
        rows = [sized(row, width) for row in shown]
        older = len(self._described) - len(shown)
        if older:
            plural = "s" if older != 1 else ""
            words = f"Show {min(PAGE, older):,} more, of {older:,} older game{plural}"
            rows.append({"viewclass": "MoreGamesRow", "text": words, "height": theme.TOUCH})
        self.rows = rows


def _rows(game_key: str, player: str, store: Store) -> list[dict[str, Any]]:
    """The rows of the games of ``game_key`` ("" for every game) that ``player`` ("" for
    anyone) played, the latest first (on a worker thread: no widget is touched)."""
    sessions = store.sessions(game_key or None)
    if player:
        wanted = player.casefold()
        sessions = [s for s in sessions if wanted in (p.casefold() for p in s.players)]
    return [describe(s) for s in sessions]


def _export_problem(problem: Exception, folder: Path) -> str:
    """Why an export failed, in a player's words."""
    if isinstance(problem, StorageFault):  # the saved games cannot be read now
        return str(problem)
    if isinstance(problem, OSError):
        return f"The files could not be written in {folder.parent}: {write_problem(problem)}."
    return SOMETHING_WENT_WRONG


def _import_problem(problem: Exception) -> str:
    """Why an import failed, in a player's words."""
    if isinstance(problem, (StorageFault, ValueError)):  # both say why in those words
        return str(problem)
    return SOMETHING_WENT_WRONG


def exchange_folder() -> Path:
    """Where exports are written and files to import are looked for first."""
    store = App.get_running_app().store
    base = store.path.parent if store.path else Path(platformdirs.user_data_dir("tableside"))
    return base / "exchange"


def export_place() -> tuple[Path, usb_sticks.Stick | None, usb_sticks.Stick | None]:
    """Where exports go: the first USB stick plugged in that can be written, else
    Tableside's exchange folder. With it, that stick (None: not on one) and, when the
    files stay on the Pi, a read-only stick that was plugged in (None: there was none)."""
    sticks = usb_sticks.find_sticks()
    stick = next((stick for stick in sticks if stick.writable), None)
    if stick is not None:
        return stick.folder, stick, None
    locked = next((stick for stick in sticks if not stick.writable), None)
    return exchange_folder(), None, locked


def import_candidates() -> dict[str, list[tuple[str, Path]]]:
    """BG Stats files a person may want to import (play files and JSON backups), by place:
    USB sticks and the exports on them first (a stick is how files reach a Pi without a
    desktop), then Tableside's exchange folder and its exports, Downloads and the home
    folder."""
    places: list[tuple[str, Path]] = []
    for stick in usb_sticks.find_sticks():
        places += [(f"USB stick {stick.label}", stick.folder)]
        places += _exports_in(stick.folder, f"{stick.label}: ")
    exchange_dir = exchange_folder()
    places += [("Tableside", exchange_dir), *_exports_in(exchange_dir)]
    places += [("Downloads", Path.home() / "Downloads"), ("Home folder", Path.home())]
    found: dict[str, list[tuple[str, Path]]] = {}
    for name, folder in places:
        try:
            files = sorted(f for f in folder.iterdir() if f.suffix in IMPORT_SUFFIXES)
        except OSError:
            continue
        if files:
            found[name] = [(f.name, f) for f in files]
    return found


def _exports_in(folder: Path, prefix: str = "") -> list[tuple[str, Path]]:
    """The export folders in ``folder``, the latest first, each with its name for the
    list: "Export 01 Dec 20:15", with the seconds when two were made in one minute."""
    try:
        exports = sorted(
            (export for export in folder.glob("export-*") if not export.name.endswith(PARTIAL)),
            reverse=True,
        )
    except OSError:  # a stick pulled out while it is read
        return []
    per_minute = Counter(export.name[:-2] for export in exports)
    named = []
    for export in exports:
        try:
            stamp = datetime.strptime(export.name, "export-%Y%m%d-%H%M%S")
        except ValueError:  # a folder someone named by hand
            named.append((prefix + export.name, export))
            continue
        shown = "Export %d %b %H:%M" + (":%S" if per_minute[export.name[:-2]] > 1 else "")
        named.append((prefix + stamp.strftime(shown), export))
    return named


load_kv("history.kv")
