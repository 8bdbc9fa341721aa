"""The saved games' upkeep for the app: opened on first use, checked after start-up,
mended when damaged, copied each day and put back from a copy; what it finds is said
through the app's notices."""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
import threading
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

from kivy.clock import Clock

from app.games import GAMES
from app.kit.background import Background
from app.storage.faults import StorageFault, fault, shorten
from app.storage.location import CopyLock, default_path, resolve
from app.storage.volatile import lost_at_restart

# Like the app, this imports what Home does not need (sqlite-utils, popups, the exports)
# where it is first used, after the first frame.
if TYPE_CHECKING:
    from app.exchange import daily_copy
    from app.kit.popups import ProgressPopup
    from app.storage.mending import Mended
    from app.storage.store import Store

log = logging.getLogger("tableside")
T = TypeVar("T")


class SavedGamesCare:
    """The saved games the app plays into, and their upkeep. The app gives it what it
    must do on screen: ``tell`` a notice (said with the next ones shown), show the
    notices told so far, go Home and refresh it, and read the settings again."""

    def __init__(
        self,
        db_path: Path | None,
        *,
        tell: Callable[[str], None],
        show_notices: Callable[[], None],
        home: Callable[[], None],
        refresh_home: Callable[[], None],
        read_settings: Callable[[], None],
    ) -> None:
        #: Where the saved games are (resolved by ``claim``).
        self.db_path = db_path
        self._tell, self._show_notices = tell, show_notices
        self._home, self._refresh_home, self._read_settings = home, refresh_home, read_settings
        self._store: Store | None = None
        self._lock: CopyLock | None = None
        self._checker: Background[bool] | None = None  # the start-up integrity_check
        self._mender: Background[Mended] | None = None  # mending a damaged file
        self._copier: Background[Path] = Background("daily copy of the saved games")
        self._looker: Background[str | None] = Background("a look at files set aside")
        self._restorer: Background[Path] = Background("a copy put back")
        #: When the last daily copy was tried in this run (its note may not be written).
        self._tried: daily_copy.Moment | None = None
        #: An import is adding plays (History): a repair waits for it to end.
        self.importing = False
        #: Why the saved games would not outlive a restart, found after the first frame.
        self.lost_at_restart: str | None = None

    def claim(self) -> None:
        """Find the saved games and claim them: raises ``AlreadyOpen`` when another copy
        of the app holds them."""
        self.db_path = default_path() if self.db_path is None else resolve(self.db_path)
        self._lock = CopyLock.claim(self.db_path)

    @property
    def claimed(self) -> bool:
        return self._lock is not None

    @property
    def store(self) -> Store:
        """The saved games: opened just after the first frame, or by whatever needs them
        sooner. Damage found in them, then or later, is mended off the UI thread
        (``mend``), and the notice says what happened. While a copy is put back in their
        place they are closed, and not opened (what was saved into them meanwhile would
        be lost as the copy takes their place): StorageFault, which says so."""
        if self._store is None:
            if self.restoring:
                raise StorageFault("restoring")
            from app.storage.store import Store

            self._store = Store.open(self.db_path, check=False, lock=self._lock, mend_now=False)
            for words in self._store.notices:
                self._tell(words)
            self._store.notices.clear()
            self._store.on_notice = self._notice_later
            self._store.on_damage = lambda: Clock.schedule_once(lambda _dt: self.mend())
            self._store.on_game_finished = self.make_daily_copy
        return self._store

    @property
    def is_open(self) -> bool:
        return self._store is not None

    def close(self) -> None:
        """The app stops: the saved games closed, and the claim on them let go."""
        if self._store is not None:
            self._store.close()
        elif self._lock is not None:
            self._lock.release()

    def check_games_kept(self) -> None:
        """Whether the saved games outlive a restart (app.storage.volatile); if not, the
        person is told at start-up, and Home and Settings keep saying it."""
        assert self.db_path is not None  # resolved in claim
        self.lost_at_restart = lost_at_restart(self.db_path)
        if self.lost_at_restart:
            self._tell(self.lost_at_restart)

    def look_for_games_set_aside(self) -> None:
        """Off the UI thread: a file kept aside beside the saved games that holds more
        games than they do (an older Tableside started afresh on meeting a file a newer
        one wrote) is said, with where to put it back (Settings, Saved games). At
        start-up: a copy left half put back by a pulled plug is removed first."""
        from app.exchange import daily_copy

        assert self.db_path is not None  # resolved in claim
        if not self.restoring:
            daily_copy.clear_cut_restore(self.db_path)
        try:
            games_now = len(self.store.session_ids())
        except StorageFault:  # the saved games cannot be read now: nothing to compare
            return
        work = partial(daily_copy.more_games_aside, self.db_path, games_now)
        self._looker.run("set aside", work, self._notice_if_any, lambda _error: None)

    def _notice_if_any(self, words: str | None) -> None:
        if words:
            self._notice_later(words)

    def _notice_later(self, text: str) -> None:
        """Something found after start-up (a damaged setting or profile, a failed copy)."""
        self._tell(text)
        Clock.schedule_once(lambda _dt: self._show_notices())

    def check(self) -> None:
        """SQLite's integrity_check of the whole file, off the UI thread: a damaged file
        is then mended (``mend``). A check that fails to finish proves nothing: it is
        said, and nothing is touched."""
        store = self.store
        if store.needs_mending is not None:  # found as it opened, or a repair cut short
            self.mend()
            return

        def found_damage(whole: bool) -> None:
            if not whole and self._store is store:
                store.report_damage("the file is damaged")  # which mends it (on_damage)

        def not_finished(_error: Exception) -> None:
            if self._store is store:
                self._tell(
                    "The check of the saved games at start-up could not be completed this "
                    "time. Nothing was changed or set aside: your games are as they were."
                )
                self._show_notices()

        self._checker = Background("start-up check")
        self._checker.run(
            "check", partial(behind_the_window, store.check_whole), found_damage, not_finished
        )

    @property
    def checking(self) -> bool:
        """The start-up check is under way."""
        return self._checker is not None and self._checker.busy

    @property
    def mending(self) -> bool:
        return self._mender is not None and self._mender.busy

    def busy(self) -> str | None:
        """Why an import must wait (the start-up check or a repair is under way: the repair
        may set the file aside, and an import's plays with it), in a player's words."""
        if self.mending or self.checking or self.restoring:
            return (
                "Your saved games are being checked, repaired or put back. Import the file "
                "again once that has finished."
            )
        return None

    def import_ended(self) -> None:
        """An import has ended: a repair that waited for it goes ahead."""
        self.importing = False
        self.mend()

    def mend(self) -> None:
        """Mend the damaged saved games off the UI thread, which only hears how far it has
        got (a bar in a popup: nothing can be played meanwhile), then say what happened.
        After a rescue the game on screen may have lost moves: Home is shown instead."""
        store = self.store
        if store.needs_mending is None or self.mending or self.importing:
            return  # an import under way: mended once it has ended (``import_ended``)
        from app.kit.popups import MENDING_NOTE, ProgressPopup

        popup = ProgressPopup(heading="Repairing your saved games", note=MENDING_NOTE)
        popup.open()

        def progress(done: float, doing: str) -> None:  # on the mending's thread
            Clock.schedule_once(lambda _dt: popup.show(done, doing))

        def settle(changed: bool) -> None:
            popup.dismiss()
            if changed:
                self._home()
            self._read_settings()
            for words in store.notices:
                self._tell(words)
            store.notices.clear()
            self._refresh_home()
            self._show_notices()

        def finished(mended: Mended) -> None:
            store.finish_mending(mended)
            settle(mended.rescued)

        def failed(error: Exception) -> None:
            store.mending_failed(error)
            settle(True)

        work = store.start_mending(progress, {game.key: game.title for game in GAMES})
        self._mender = Background("mending of the saved games")
        self._mender.run("mend", partial(behind_the_window, work), finished, failed)

    def make_daily_copy(self) -> None:
        """At most once a day, after a game ends: a copy of the saved games beside them and
        on a stick if one is plugged in (app.exchange.daily_copy), off the UI thread. A
        copy that cannot be made is said, and tried again a day later."""
        from app.exchange import daily_copy, usb_sticks
        from app.storage.clock_check import clock_known_right

        assert self.db_path is not None  # resolved in claim
        now = daily_copy.Moment.now(clock_known_right())
        if self._copier.busy or self.restoring or not daily_copy.due(self.db_path, now):
            return
        if self._tried is not None and not now.a_day_after(self._tried):
            return  # the try could not be noted on the card (it is full)
        self._tried = now
        sticks = [stick.folder for stick in usb_sticks.find_sticks() if stick.writable]
        work = partial(daily_copy.make_copy, self.db_path, now, sticks[0] if sticks else None)

        def failed(error: Exception) -> None:
            safe = "Your saved games are safe."
            if isinstance(error, daily_copy.NoRoom):
                safe = f"{error} {safe}"
            elif isinstance(error, OSError | sqlite3.Error):  # said as a storage fault is
                safe = str(fault(error, self.db_path))
            self._notice_later(
                f"Today's copy of your saved games could not be made. {safe} It is tried "
                "again tomorrow."
            )

        self._copier.run("daily copy", partial(behind_the_window, work), lambda _c: None, failed)

    def restore_copy(self, copy: Path, was: str, said: Callable[[str], None]) -> None:
        """Put ``copy`` (a daily copy, or saved games kept aside) back in place of the
        saved games, those in place kept aside beside them first (app.exchange.
        daily_copy), off the UI thread with a bar in a popup: nothing can be played
        meanwhile. ``was`` says what it holds ("as they were on Saturday 5 December");
        ``said`` hears what happened, in a player's words. Home is shown first: a game
        open on screen would go on saving into the file being replaced."""
        from app.exchange import daily_copy

        db_path = self.db_path
        assert db_path is not None  # resolved in claim
        if self._copier.busy or self.mending or self.restoring:
            said("The saved games are being copied or repaired: try again in a moment.")
            return
        self._home()
        self.store.close()  # and lets go of the claim on the file
        self._store = None
        popup = restore_popup()
        popup.open()

        def finished(aside: Path) -> None:
            opened_again(
                f"Your saved games are back {was}. The ones from before are kept beside "
                f"them, as {aside.name}."
            )

        def failed(error: Exception) -> None:
            log.warning("could not put back %s: %s", copy, error)
            opened_again(
                f"That copy could not be put back ({shorten(str(error))}). Your saved games "
                "are as they were."
            )

        def opened_again(words: str) -> None:
            popup.dismiss()
            self._lock = CopyLock.claim(db_path)
            self._refresh_home()  # opens them again
            self.check()
            said(words)

        work = partial(daily_copy.restore, db_path, copy, datetime.now(), popup.tell)
        self._restorer.run("restore", partial(behind_the_window, work), finished, failed)

    @property
    def restoring(self) -> bool:
        return self._restorer.busy


def restore_popup() -> ProgressPopup:
    """The popup shown while saved games are put back (``restore_copy``)."""
    from app.kit.popups import ProgressPopup

    return ProgressPopup(
        heading="Putting back saved games",
        doing="Putting back",
        unit="page",
        note="Your games can be played again once this has finished.",
    )


def behind_the_window(work: Callable[[], T]) -> T:
    """Run ``work`` (on a worker thread) at a lower priority than the window's: on a
    busy machine the frames then come first. Linux gives each thread its own priority;
    elsewhere the work runs as it is."""
    if sys.platform == "linux":
        thread = threading.get_native_id()
        nice = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(nice + 10, 19))
    return work()
