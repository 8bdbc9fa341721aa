"""The game's page for the phones, written into the folder the server reads
(app.phones.folder) each time the game changes: its name, players and state (the
game's ``standing``), the story so far in the words the table was told (kept with each
move: app.storage.owed, ``told``), and at the end how it ended, BG Stats' link and the
play file. Kivy-free: the app calls it from its controller's changes."""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

from app.exchange.bgstats_export import export_bgstats
from app.exchange.bgstats_link import whole_push_link
from app.games import GameInfo
from app.phones import folder as F
from app.phones.link import new_token
from app.phones.picture import picture_of
from app.phones.standing import Section
from app.play.controller import PlayController
from app.play.play_session import PlaySession
from app.play.progress import progress_words
from app.storage.faults import StorageFault

log = logging.getLogger("tableside")


def story(play: PlaySession[Any, Any, Any]) -> list[dict[str, Any]]:
    """Each move still standing, in order: when it was made ("Round 2, Bo's turn"), what
    it was, and what it told the table (an undone move is left out with its words)."""
    session = play.session
    states = session.states
    told = play.store.told(play.session_id)
    entries: list[dict[str, Any]] = []
    for number, event in enumerate(session.events, start=1):
        if event.type == "undo":
            if entries:
                entries.pop()
            continue
        before = states[len(entries)]
        said = told.get(number)
        words = said.get("words", []) if isinstance(said, dict) else []
        entries.append(
            {
                "when": progress_words(session.rules.progress(before), play.players),
                "move": event.action.label if event.action is not None else "",
                "told": [w for w in words if isinstance(w, str)],
            }
        )
    return entries


class PhoneFeed:
    """Writes one game's page at a time into ``folder``; a new token for each game
    followed, and none once it is left (every link then answers "closed")."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.token = ""
        self.version = 0
        self._ended_written = False
        #: Counts the ends forgotten: a picture drawn for an earlier one is not kept.
        self._ends = 0

    def follow(self, game: GameInfo, controller: PlayController[Any, Any, Any]) -> str:
        """Start a page for this game (a token no earlier game had); returns it."""
        self.token = new_token()
        self._forget_the_end()
        self.update(game, controller)
        return self.token

    def _forget_the_end(self) -> None:
        """No picture or play file of an end: the next end writes its own."""
        self._ended_written = False
        self._ends += 1
        for name in (F.PICTURE, F.PLAY_FILE):
            (self.folder / name).unlink(missing_ok=True)

    def _draw_picture(self, draw: Callable[[], bytes], ends: int) -> None:
        picture = draw()
        if ends != self._ends:  # that end was undone meanwhile
            return
        try:
            F.write_whole(self.folder / F.PICTURE, picture)
        except OSError as error:  # a full card: the page goes on without it
            log.warning("the phones' page has no picture: %s", error)

    def leave(self) -> None:
        """The game is left: no token opens a page any more."""
        self.token = ""
        self.version += 1
        F.write_json(self.folder / F.PAGE, {"version": self.version})

    def update(self, game: GameInfo, controller: PlayController[Any, Any, Any]) -> None:
        """The page as the game stands now."""
        play = controller.play
        if not self.token or not isinstance(play, PlaySession):
            return
        self.version += 1
        session = play.session
        outcome = session.outcome()
        if outcome is None and self._ended_written:  # the end undone: its files go too
            self._forget_the_end()
        status = (  # at the end, how it ended is the page's own section
            "Game over"
            if outcome is not None
            else progress_words(session.rules.progress(session.state), play.players)
        )
        standing = game.standing(controller)
        page = {
            "token": self.token,
            "version": self.version,
            "game": game.title,
            "players": list(play.players),
            "status": status,
            "standing": [section.to_data() for section in standing],
            "story": story(play),
            "end": self._end(game, controller, standing) if outcome is not None else None,
        }
        F.write_json(self.folder / F.PAGE, page)

    def _end(
        self, game: GameInfo, controller: PlayController[Any, Any, Any], standing: list[Section]
    ) -> dict[str, Any]:
        """How the game ended, with BG Stats' link, the play file and the picture (the
        files written once; the picture drawn on a thread of its own, the page showing it
        once it is there)."""
        play = controller.play
        assert isinstance(play, PlaySession)
        store, session_id = play.store, play.session_id
        outcome = play.session.outcome()
        assert outcome is not None
        end: dict[str, Any] = {"result": outcome.reason}
        if not self._ended_written:
            self._ended_written = True
            draw, ends = picture_of(game, controller, standing), self._ends
            threading.Thread(
                target=self._draw_picture, args=(draw, ends), name="result picture", daemon=True
            ).start()
            try:
                export_bgstats(store, self.folder / F.PLAY_FILE, [session_id])
            except (ValueError, StorageFault, OSError) as problem:  # times unreadable, say
                log.warning("the phones' page has no play file: %s", problem)
        end["picture"] = "result.png"
        if (self.folder / F.PLAY_FILE).exists():
            end["play_file"] = "play.bgsplay"
        try:
            saved = store.session(session_id)
            end["bgstats"] = whole_push_link(saved, store.logged_events(session_id), store)
        except (ValueError, StorageFault) as problem:
            log.warning("the phones' page has no BG Stats link: %s", problem)
        return end
