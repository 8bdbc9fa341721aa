"""Saved games (from Settings): where the games are kept, a warning when a restart would
lose them (app.storage.volatile), the daily copies and the files kept aside beside them
(app.exchange.daily_copy), each of which can be put back in place of the saved games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty

from app.exchange import daily_copy
from app.kit.popups import ask, show_notice
from app.kit.widgets import BaseScreen
from app.kv import load_kv
from app.storage.faults import counted

EXPLAINED = (
    "After the first game that ends each day, Tableside copies the saved games: the "
    f"newest {daily_copy.KEEP} copies are kept beside them, and on a USB stick when one "
    "is plugged in."
)


def size_words(size: int) -> str:
    return f"{size / 1_000_000:.1f} MB" if size >= 1_000_000 else f"{max(1, size // 1000)} KB"


class SavedGamesScreen(BaseScreen):
    where = StringProperty("")
    warning = StringProperty("")
    explained = StringProperty(EXPLAINED)
    #: A row per daily copy, then per file kept aside: its words and its index.
    rows = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Saved games"
        #: What each row puts back: the file, and what it holds, in words.
        self._files: list[tuple[Path, str, str]] = []

    def on_pre_enter(self, *_args: object) -> None:
        saved_games = App.get_running_app().saved_games
        self.where = f"Kept in {saved_games.db_path}"
        self.warning = saved_games.lost_at_restart or ""
        copies = daily_copy.copies(daily_copy.copies_folder(saved_games.db_path))
        self._files = [
            (
                copy.path,
                f"{daily_copy.day_words(copy.day)} \u00b7 {size_words(copy.size)}",
                f"as they were on {daily_copy.day_words(copy.day)}",
            )
            for copy in copies
        ]
        self._files += [
            (
                kept.path,
                f"Kept aside: {counted(kept.games, 'game')} \u00b7 {kept.path.name}",
                f"as kept aside in {kept.path.name}",
            )
            for kept in daily_copy.set_aside(saved_games.db_path)
        ]
        self.rows = [{"text": words, "index": i} for i, (_p, words, _w) in enumerate(self._files)]
        self.explained = EXPLAINED if copies else "No copies yet. " + EXPLAINED

    def put_back(self, index: int) -> None:
        """Ask, then put the copy back in place of the saved games."""
        path, words, was = self._files[index]
        saved_games = App.get_running_app().saved_games

        def put_back() -> None:
            show_notice("Saved games", saved_games.restore_copy(path, was))

        ask(
            "Put these saved games back?",
            f"{words}. Your saved games go back {was}. The ones you have now are kept "
            "aside beside them, not deleted.",
            "Put them back",
            put_back,
        )


load_kv("saved_games.kv")
