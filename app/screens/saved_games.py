"""Saved games (from Settings): where the games are kept, a warning when a restart would
lose them (app.storage.volatile), the daily copies and the files kept aside beside them
(app.exchange.daily_copy), each of which can be put back in place of the saved games."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty

from app.exchange import daily_copy, usb_sticks
from app.games import BY_KEY
from app.kit.popups import ask, show_notice
from app.kit.widgets import BaseScreen
from app.kv import load_kv
from app.screens.when import when
from app.storage.clock_check import NOT_CHECKED
from app.storage.faults import counted

EXPLAINED = (
    "After the first game that ends each day, Tableside copies the saved games: the "
    f"newest {daily_copy.KEEP} copies are kept beside them, and on a USB stick when one "
    "is plugged in."
)


def size_words(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 1_000_000 else f"{max(1, size // 1000)} KB"


def held_words(games: frozenset[daily_copy.Game] | None) -> str:
    return "cannot be read" if games is None else counted(len(games), "game")


def set_aside_words(games: list[daily_copy.Game]) -> str:
    """What putting a file back sets aside: the games in use that it does not hold, the
    newest named a line each (as History names them), the rest counted."""
    if not games:
        return "Every game you have now is in it."
    named = [game_words(game) for game in games[:SET_ASIDE_NAMED]]
    if len(games) > SET_ASIDE_NAMED:
        named.append(f"and {len(games) - SET_ASIDE_NAMED} more")
    return f"It lacks {counted(len(games), 'game')} you have now:\n" + "\n".join(named)


def game_words(game: daily_copy.Game) -> str:
    """ "Skogen · today 14:05 · Ana, Bo · not finished": enough to tell two
    of one kind apart."""
    title = BY_KEY[game.key].title if game.key in BY_KEY else game.key
    started = when(game.started) if game.time_checked else NOT_CHECKED
    words = [title, started, ", ".join(game.players) or "-"]
    return " · ".join(words + ([] if game.finished else ["not finished"]))


#: How many of the games a restore sets aside its question names.
SET_ASIDE_NAMED = 4


@dataclass(frozen=True)
class Row:
    """A file that can be put back: its words in the list, and what it holds."""

    path: Path
    words: str
    was: str  # "as they were on ..."
    games: frozenset[daily_copy.Game] | None


class SavedGamesScreen(BaseScreen):
    where = StringProperty("")
    warning = StringProperty("")
    explained = StringProperty(EXPLAINED)
    #: A row per daily copy, beside the saved games then on sticks, then per file kept
    #: aside: its words and its index.
    rows = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Saved games"
        self._files: list[Row] = []

    def on_pre_enter(self, *_args: object) -> None:
        saved_games = App.get_running_app().saved_games
        self.where = f"Kept in {saved_games.db_path}"
        self.warning = saved_games.lost_at_restart or ""
        beside = daily_copy.copies(daily_copy.copies_folder(saved_games.db_path))
        self._files = [self._copy_row(copy, "") for copy in beside]
        for stick in usb_sticks.find_sticks():
            on_stick = daily_copy.copies(stick.folder / daily_copy.STICK_FOLDER)
            self._files += [self._copy_row(copy, f"On {stick.label}: ") for copy in on_stick]
        for kept in daily_copy.set_aside(saved_games.db_path):
            games = daily_copy.games_in(kept.path)
            words = f"Kept aside: {held_words(games)} \u00b7 {kept.path.name}"
            self._files.append(Row(kept.path, words, f"as kept aside in {kept.path.name}", games))
        self.rows = [{"text": row.words, "index": i} for i, row in enumerate(self._files)]
        self.explained = EXPLAINED if self._files else "No copies yet. " + EXPLAINED

    @staticmethod
    def _copy_row(copy: daily_copy.DailyCopy, where: str) -> Row:
        games = daily_copy.games_in(copy.path)
        words = f"{where}{copy.when()}, {held_words(games)} \u00b7 {size_words(copy.size)}"
        was = f"as they were in copy {copy.number}" if copy.number else "as they were"
        return Row(copy.path, words, f"{was} ({copy.when()})", games)

    def put_back(self, index: int) -> None:
        """Ask, saying which games it sets aside, then put the copy back in place of the
        saved games."""
        row = self._files[index]
        saved_games = App.get_running_app().saved_games
        missing = daily_copy.set_aside_by(saved_games.db_path, row.games)

        def put_back() -> None:
            saved_games.restore_copy(
                row.path, row.was, lambda words: show_notice("Saved games", words)
            )

        ask(
            "Put these saved games back?",
            f"{row.words}.\n\n{set_aside_words(missing)}\n\nYour saved games go back "
            f"{row.was}; the ones you have now are kept aside beside them, not deleted.",
            "Put them back",
            put_back,
        )


load_kv("saved_games.kv")
