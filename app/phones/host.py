"""The app's side of the phones' page: the setting, the server's process, and which game
the page follows. Kivy-free; the app makes one and tells it when a game opens, changes
and is left.

The server runs as a child process of the app, started when the setting is turned on
(or at start-up when it is on) and stopped when it is turned off; it also ends with the
app (``--parent``). Nothing listens while the setting is off."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from app.games import GameInfo
from app.phones import folder as F
from app.phones.feed import PhoneFeed
from app.phones.link import page_link, words_of
from app.phones.server import DEFAULT_PORT
from app.play.controller import PlayController

log = logging.getLogger("tableside")

SETTING = "phones_at_the_table"
#: How long the server is given to say where it listens before Settings says it failed.
START_S = 10.0
NO_NETWORK = (
    "This Pi is on no network, so phones cannot reach it. Connect it to your home's "
    "Wi-Fi or a cable, then turn this on again."
)
NOT_STARTED = "The page for phones could not be started. Turn it off and on to try again."


class PhoneHost:
    """``folder``: where the page is written for the server (beside the saved games)."""

    def __init__(self, folder: Path, port: int = DEFAULT_PORT) -> None:
        self.folder = folder
        self.port = port
        self.feed = PhoneFeed(folder)
        self._server: subprocess.Popen[bytes] | None = None
        self._following: tuple[GameInfo, PlayController[Any, Any, Any]] | None = None

    @property
    def on(self) -> bool:
        return self._server is not None

    def turn_on(self) -> None:
        """Start the page's server (the page follows the game open now, if any)."""
        if self._server is not None:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / F.ADDRESS).unlink(missing_ok=True)
        command = [sys.executable, "-m", "app.phones.server", str(self.folder)]
        command += ["--port", str(self.port), "--parent", str(os.getpid())]
        self._server = subprocess.Popen(command)
        if self._following is not None:
            self.follow(*self._following)

    def turn_off(self) -> None:
        """Stop the server: no link answers any more."""
        self.feed.leave()
        if self._server is not None:
            self._server.terminate()
            try:
                self._server.wait(timeout=5)
            except subprocess.TimeoutExpired:
                self._server.kill()
                self._server.wait()
            self._server = None
        (self.folder / F.ADDRESS).unlink(missing_ok=True)

    def address(self, wait: float = 0) -> tuple[str, int] | None:
        """Where phones reach the server (waiting up to ``wait`` seconds for it to say),
        None while it is starting, off, or gone."""
        deadline = time.monotonic() + wait
        while True:
            found = F.read_json(self.folder / F.ADDRESS)
            if self._server is not None and self._server.poll() is None and isinstance(found, dict):
                return str(found["addresses"][0]), int(found["port"])
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)

    def problem(self) -> str | None:
        """Why phones cannot open the page now, in a player's words (None: they can)."""
        if self._server is None:
            return None
        if self._server.poll() is not None:
            return NOT_STARTED
        found = self.address()
        if found is not None and found[0].startswith("127."):
            return NO_NETWORK
        return None

    def follow(self, game: GameInfo, controller: PlayController[Any, Any, Any]) -> None:
        """The game now open: its page, under a token of its own, kept up to date."""
        self._following = (game, controller)
        if self._server is None or controller.replay is not None:
            return
        self.feed.follow(game, controller)
        controller.watchers.append(self._update)

    def _update(self) -> None:
        if self._following is not None and self._server is not None:
            try:
                self.feed.update(*self._following)
            except OSError as error:  # a full card: the phones wait, the table goes on
                log.warning("the phones' page could not be written: %s", error)

    def leave(self) -> None:
        """The game was left: its link answers no more."""
        if self._following is not None:
            watchers = self._following[1].watchers
            if self._update in watchers:
                watchers.remove(self._update)
        self._following = None
        if self._server is not None:
            self.feed.leave()

    def link(self) -> tuple[str, str] | None:
        """The followed game's link and the address in words, once the server listens."""
        found = self.address()
        if found is None or not self.feed.token:
            return None
        return page_link(found[0], found[1], self.feed.token), words_of(*found)
