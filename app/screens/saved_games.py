"""Saved games (from Settings): where the games are kept, a warning when a restart would
lose them (app.storage.volatile), and the daily copies (app.exchange.daily_copy), each of
which can be put back in place of the saved games."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.properties import ListProperty, StringProperty

from app.exchange import daily_copy
from app.kit.popups import ask, show_notice
from app.kit.widgets import BaseScreen
from app.kv import load_kv

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
    #: A row per daily copy: its words and its index in ``_copies``.
    rows = ListProperty([])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = "Saved games"
        self._copies: list[daily_copy.DailyCopy] = []

    def on_pre_enter(self, *_args: object) -> None:
        app = App.get_running_app()
        self.where = f"Kept in {app.db_path}"
        self.warning = app.lost_at_restart or ""
        self._copies = daily_copy.copies(daily_copy.copies_folder(app.db_path))
        self.rows = [
            {
                "text": f"{daily_copy.day_words(copy.day)} \u00b7 {size_words(copy.size)}",
                "index": index,
            }
            for index, copy in enumerate(self._copies)
        ]
        self.explained = EXPLAINED if self._copies else "No copies yet. " + EXPLAINED

    def put_back(self, index: int) -> None:
        """Ask, then put the copy back in place of the saved games."""
        copy = self._copies[index]
        app = App.get_running_app()

        def put_back() -> None:
            show_notice("Saved games", app.restore_copy(copy))

        ask(
            f"Put back the copy of {daily_copy.day_words(copy.day)}?",
            "Your saved games go back to how they were that day. The ones you have now are "
            "kept aside beside them, not deleted.",
            "Put it back",
            put_back,
        )


load_kv("saved_games.kv")
