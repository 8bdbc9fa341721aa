"""The app's side of the phones' page: the setting, the server's process, and which game
the page follows. Kivy-free; the app makes one and tells it when a game opens, changes
and is left.

Nothing listens while the setting is off. On a Pi whose app runs as the console service
(deploy/tableside.service, whose sandbox allows no network socket), the server is a
service of its own, tableside-phones (its sandbox allows the local network alone),
which the app starts and stops through systemctl (``TABLESIDE_PHONES_UNIT`` names it;
install.sh's polkit rule lets the app's account start and stop that unit and no other).
Anywhere else (a desktop, a developer's computer) the server is the app's child
process, which also ends with the app (``--parent``)."""

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
#: How long an answer of systemctl about the page's service is taken as still true.
ASKED_S = 2.0
NO_NETWORK = (
    "This Pi is on no network, so phones cannot reach it. Connect it to your home's "
    "Wi-Fi or a cable, then turn this on again."
)
NOT_STARTED = "The page for phones could not be started. Turn it off and on to try again."


class ChildServer:
    """The server as the app's own child process."""

    def __init__(self) -> None:
        self._process: subprocess.Popen[bytes] | None = None

    def start(self, folder: Path, port: int) -> None:
        command = [sys.executable, "-m", "app.phones.server", str(folder)]
        command += ["--port", str(port), "--parent", str(os.getpid())]
        self._process = subprocess.Popen(command)

    def stop(self) -> None:
        if self._process is None:
            return
        self._process.terminate()
        try:
            self._process.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()
        self._process = None

    def running(self) -> bool:
        return self._process is not None and self._process.poll() is None


class UnitServer:
    """The server as the systemd service ``unit`` (it reads the folder and port its unit
    file names: those the app was installed with)."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        #: Whether it ran when last asked, and when (monotonic seconds): asked again
        #: after ``ASKED_S``, so a screen that looks often does not wait on systemctl.
        self._known: tuple[bool, float] | None = None

    def _systemctl(self, *words: str) -> bool:
        try:
            done = subprocess.run(
                ["systemctl", "--no-ask-password", *words, self.unit],
                capture_output=True,
                text=True,
                timeout=30,
            )
        except (OSError, subprocess.TimeoutExpired) as error:
            log.warning("systemctl %s %s: %s", " ".join(words), self.unit, error)
            return False
        if done.returncode != 0 and words != ("is-active", "--quiet"):
            log.warning("systemctl %s %s: %s", " ".join(words), self.unit, done.stderr.strip())
        return done.returncode == 0

    def start(self, _folder: Path, _port: int) -> None:
        self._known = None
        self._systemctl("start")

    def stop(self) -> None:
        self._known = None
        self._systemctl("stop")

    def running(self) -> bool:
        now = time.monotonic()
        if self._known is None or now - self._known[1] > ASKED_S:
            self._known = (self._systemctl("is-active", "--quiet"), now)
        return self._known[0]


def server_for_this_system() -> ChildServer | UnitServer:
    unit = os.environ.get("TABLESIDE_PHONES_UNIT", "")
    return UnitServer(unit) if unit else ChildServer()


class PhoneHost:
    """``folder``: where the page is written for the server (beside the saved games)."""

    def __init__(self, folder: Path, port: int = DEFAULT_PORT) -> None:
        self.folder = folder
        self.port = port
        self.feed = PhoneFeed(folder)
        self.server = server_for_this_system()
        self.on = False
        self._following: tuple[GameInfo, PlayController[Any, Any, Any]] | None = None

    def turn_on(self) -> None:
        """Start the page's server (the page follows the game open now, if any)."""
        if self.on:
            return
        self.folder.mkdir(parents=True, exist_ok=True)
        (self.folder / F.ADDRESS).unlink(missing_ok=True)
        self.feed.leave()  # no page from before (a game followed when the app stopped)
        self.server.start(self.folder, self.port)
        self.on = True  # turned on in Settings or at start-up: the next game is followed

    def turn_off(self) -> None:
        """Stop the server: no link answers any more. (Also at start-up while off: a
        server left running by an app that was killed is stopped.)"""
        if self.folder.exists():
            self.feed.leave()
        self.server.stop()
        self.on = False
        (self.folder / F.ADDRESS).unlink(missing_ok=True)

    def address(self, wait: float = 0) -> tuple[str, int] | None:
        """Where phones reach the server (waiting up to ``wait`` seconds for it to say),
        None while it is starting, off, or gone."""
        deadline = time.monotonic() + wait
        while True:
            found = F.read_json(self.folder / F.ADDRESS)
            if self.on and isinstance(found, dict) and self.server.running():
                return str(found["addresses"][0]), int(found["port"])
            if time.monotonic() >= deadline:
                return None
            time.sleep(0.05)

    def problem(self) -> str | None:
        """Why phones cannot open the page now, in a player's words (None: they can)."""
        if not self.on:
            return None
        if not self.server.running():
            return NOT_STARTED
        found = self.address()
        if found is not None and found[0].startswith("127."):
            return NO_NETWORK
        return None

    def follow(self, game: GameInfo, controller: PlayController[Any, Any, Any]) -> None:
        """The game now open: its page, under a token of its own, kept up to date."""
        self.leave()
        if not self.on or controller.replay is not None:
            return
        self._following = (game, controller)
        self.feed.follow(game, controller)
        controller.watchers.append(self._update)

    def _update(self) -> None:
        if self._following is not None and self.on:
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
        if self.on:
            self.feed.leave()

    def link(self) -> tuple[str, str] | None:
        """The followed game's link and the address in words, once the server listens."""
        found = self.address()
        if found is None or not self.feed.token:
            return None
        return page_link(found[0], found[1], self.feed.token), words_of(*found)
