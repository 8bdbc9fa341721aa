"""The Tableside app: screens, navigation, saved games and the physical controls."""

from __future__ import annotations

import logging
import os
import random
import sqlite3
import sys
import threading
from collections.abc import Callable
from datetime import datetime
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Keyboard, Window
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.widget import Widget

from app.games import GAMES, GameInfo, load
from app.kit import tap_guard, theme
from app.kit.background import Background
from app.kit.keyboard import use_table_keyboard
from app.kit.quiet_collector import QuietCollector
from app.kit.widgets import BaseScreen
from app.screens.home import HomeScreen, say_unavailable
from app.storage.faults import SOMETHING_WENT_WRONG, DamagedData, StorageFault, fault, shorten
from app.storage.location import AlreadyOpen, CopyLock, default_path, resolve
from app.storage.volatile import lost_at_restart

# What Home does not need (saved games, the engines, gpiozero, popups, text input) is
# imported where it is first used, after the first frame.
if TYPE_CHECKING:
    from app.kit.popups import MessagePopup, ProgressPopup
    from app.play.play_session import PlaySession
    from app.storage.mending import Mended
    from app.storage.store import Store
    from app.turning_off import Countdown
    from hardware import Controls

log = logging.getLogger("tableside")
T = TypeVar("T")

#: Desktop keys that mirror the physical buttons, by Kivy's key names
#: (kivy.core.window.Keyboard.keycodes): either Enter confirms, Backspace undoes.
KEY_INTENTS = {
    Keyboard.keycodes[name]: intent
    for name, intent in (
        ("enter", "confirm"),
        ("numpadenter", "confirm"),
        ("backspace", "undo"),
        ("escape", "menu"),
    )
}

#: Screens built on first use, by name: "module:Class". A game's play screen is named
#: by its own "module:Class" path (see app.games).
SCREENS = {
    "settings": "app.screens.settings:SettingsScreen",
    "saved_games": "app.screens.saved_games:SavedGamesScreen",
    "history": "app.screens.history:HistoryScreen",
    "statistics": "app.screens.statistics:StatisticsScreen",
    "setup_guide": "app.screens.setup_guide:SetupGuideScreen",
    "new_game": "app.screens.new_game:NewGameScreen",
}


class TablesideApp(App):
    title = "Tableside"

    def __init__(self, db_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.db_path = db_path
        self._store: Store | None = None
        self.controls: Controls | None = None
        self.notices: list[str] = []
        self._trail: list[str] = []  # screens to go back to
        self._stopped = False
        self._lock: CopyLock | None = None
        self._checker: Background[bool] | None = None  # the start-up integrity_check
        self._mender: Background[Mended] | None = None  # mending a damaged file
        self._copier: Background[Path] = Background("daily copy of the saved games")
        self._looker: Background[str | None] = Background("a look at files set aside")
        #: Python's cycle collector, run when the table is quiet (from start-up's end).
        self.collector = QuietCollector()
        #: Screens shown since the start: a change of screen drops what was asked from
        #: the screen left (a game to step through, asked from History).
        self.screens_shown = 0
        #: A saved game to step through, read and replayed off the UI thread.
        self._replaying: Background[Any] = Background(
            "a game to step through", shown=lambda: self.screens_shown, shows_the_answer=True
        )
        #: An import is adding plays (History): a repair waits for it to end.
        self.importing = False
        #: Why the saved games would not outlive a restart, found after the first frame.
        self.lost_at_restart: str | None = None
        #: Turns the Pi off: None when it did, else why not (a test puts a stand-in here).
        self.power_off: Callable[[], str | None] = _power_off
        self._countdown: Countdown | None = None  # Menu held on: to turning the Pi off

    # -- life cycle --------------------------------------------------------------------

    def build(self) -> Widget:
        Window.clearcolor = theme.BACKGROUND
        self.db_path = default_path() if self.db_path is None else resolve(self.db_path)
        try:
            self._lock = CopyLock.claim(self.db_path)
        except AlreadyOpen as refusal:
            # A second copy says why it will not start, and nothing else: it must not
            # touch the games the first copy is saving.
            log.warning("refused to start: %s", refusal)
            return _refusal(str(refusal), self.stop)
        Window.bind(on_key_down=self._on_key_down)
        use_table_keyboard(Window)
        ExceptionManager.add_handler(_StorageFaultHandler())

        manager = ScreenManager(transition=NoTransition())
        manager.add_widget(HomeScreen(name="home"))
        tap_guard.watch(manager, Window)
        manager.bind(current=self._screen_changed)
        return manager

    def _screen_changed(self, *_args: Any) -> None:
        self.screens_shown += 1

    def on_start(self) -> None:
        if self._lock is None:
            return  # refused: another copy runs
        # Kivy runs what is scheduled now before it draws the first frame: wait for the
        # frame itself, so that Home appears sooner.
        Window.bind(on_flip=self._after_first_frame)

    def _after_first_frame(self, *_args: Any) -> None:
        Window.unbind(on_flip=self._after_first_frame)
        # On a Pi without a desktop, SDL's KMS/DRM backend rebuilds its surfaces inside
        # the first swap after the window goes full screen, and shows the new, empty one:
        # the first frame never reaches the panel, which stays black until a touch. So
        # Home is drawn once more, whether or not anything on it changes.
        Window.canvas.ask_update()
        Clock.schedule_once(self._finish_start)

    def _finish_start(self, _dt: float = 0) -> None:
        """What Home's first frame does without: the resume buttons, which need the saved
        games (opened here), and the buttons and lights. Touch works meanwhile. Saved
        games that a restart would lose (app.storage.volatile) are said at once."""
        self.check_games_kept()
        self.root.get_screen("home").refresh()
        self.look_for_games_set_aside()
        self._connect_controls()
        self._show_notices()
        self._check_saved_games()
        self.collector.start()
        Window.bind(on_touch_down=self.collector.active, on_key_down=self.collector.active)

    def check_games_kept(self) -> None:
        """Whether the saved games outlive a restart (app.storage.volatile); if not, the
        person is told at start-up, and Home and Settings keep saying it."""
        assert self.db_path is not None  # resolved in build
        self.lost_at_restart = lost_at_restart(self.db_path)
        if self.lost_at_restart:
            self.notices.append(self.lost_at_restart)

    def look_for_games_set_aside(self) -> None:
        """Off the UI thread: a file kept aside beside the saved games that holds more
        games than they do (an older Tableside started afresh on meeting a file a newer
        one wrote) is said, with where to put it back (Settings, Saved games)."""
        from app.exchange import daily_copy

        assert self.db_path is not None  # resolved in build
        try:
            games_now = len(self.store.session_ids())
        except StorageFault:  # the saved games cannot be read now: nothing to compare
            return
        work = partial(daily_copy.more_games_aside, self.db_path, games_now)
        self._looker.run("set aside", work, self._notice_if_any, lambda _error: None)

    def _notice_if_any(self, words: str | None) -> None:
        if words:
            self._notice_later(words)

    def stopped_by_the_system(self, _signal: int, _frame: object) -> None:
        """SIGTERM (a shutdown, Settings → Turn off): close the saved games and go at
        once. SDL's own handler only queues a quit, and under KMS/DRM the window's
        teardown after it can hang (seen on the emulated Pi, holding the shutdown)."""
        log.info("asked to stop (SIGTERM): the saved games are closed")
        self.on_stop()
        os._exit(0)

    def _show_notices(self) -> None:
        if self.notices:
            from app.kit.popups import show_notice

            show_notice("Please note", "\n\n".join(self.notices))
            self.notices.clear()

    def _check_saved_games(self) -> None:
        """SQLite's integrity_check of the whole file, off the UI thread: a damaged file
        is then mended (``_mend``). A check that fails to finish proves nothing: it is
        said, and nothing is touched."""
        store = self.store
        if store.needs_mending is not None:  # found as it opened, or a repair cut short
            self._mend()
            return

        def found_damage(whole: bool) -> None:
            if not whole and self._store is store:
                store.report_damage("the file is damaged")  # which mends it (on_damage)

        def not_finished(_error: Exception) -> None:
            if self._store is store:
                self.notices.append(
                    "The check of the saved games at start-up could not be completed this "
                    "time. Nothing was changed or set aside: your games are as they were."
                )
                self._show_notices()

        self._checker = Background("start-up check")
        self._checker.run(
            "check", partial(behind_the_window, store.check_whole), found_damage, not_finished
        )

    def saved_games_busy(self) -> str | None:
        """Why an import must wait (the start-up check or a repair is under way: the repair
        may set the file aside, and an import's plays with it), in a player's words."""
        if self.mending or (self._checker is not None and self._checker.busy):
            return (
                "Your saved games are being checked or repaired. Import the file again once "
                "that has finished."
            )
        return None

    def import_ended(self) -> None:
        """An import has ended: a repair that waited for it goes ahead."""
        self.importing = False
        self._mend()

    @property
    def mending(self) -> bool:
        return self._mender is not None and self._mender.busy

    def _mend(self) -> None:
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
                self.home()
            self._apply_settings()
            self.notices.extend(store.notices)
            store.notices.clear()
            self.root.get_screen("home").refresh()
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

    def _connect_controls(self) -> None:
        from app.controls_link import open_controls

        self.controls, notice = open_controls(self.dispatch_intent)
        if notice:
            self.notices.append(notice)
        self._apply_settings()

    def _apply_settings(self) -> None:
        """The saved settings the controls follow (read again once a file is mended)."""
        if self.controls is not None:
            self.controls.muted = self.store.setting("buzzer_muted", False)

    @property
    def store(self) -> Store:
        """The saved games: opened just after the first frame, or by whatever needs them
        sooner. Damage found in them, then or later, is mended off the UI thread
        (``_mend``), and the notice says what happened."""
        if self._store is None:
            from app.storage.store import Store

            self._store = Store.open(self.db_path, check=False, lock=self._lock, mend_now=False)
            self.notices.extend(self._store.notices)
            self._store.notices.clear()
            self._store.on_notice = self._notice_later
            self._store.on_damage = lambda: Clock.schedule_once(lambda _dt: self._mend())
            self._store.on_game_finished = self.make_daily_copy
        return self._store

    def make_daily_copy(self) -> None:
        """At most once a day, after a game ends: a copy of the saved games beside them and
        on a stick if one is plugged in (app.exchange.daily_copy), off the UI thread. A
        copy that cannot be made is said; the next game's end tries again."""
        from app.exchange import daily_copy, usb_sticks

        assert self.db_path is not None  # resolved in build
        today = datetime.now().date()
        if self._copier.busy or not daily_copy.due(self.db_path, today):
            return
        sticks = [stick.folder for stick in usb_sticks.find_sticks() if stick.writable]
        work = partial(daily_copy.make_copy, self.db_path, today, sticks[0] if sticks else None)

        def failed(error: Exception) -> None:
            safe = "Your saved games are safe."
            if isinstance(error, OSError | sqlite3.Error):  # said as a storage fault is
                safe = str(fault(error, self.db_path))
            self._notice_later(
                f"Today's copy of your saved games could not be made. {safe} It is tried "
                "again when the next game ends."
            )

        self._copier.run("daily copy", work, lambda _copy: None, failed)

    def restore_copy(self, copy: Path, was: str) -> str:
        """Put ``copy`` (a daily copy, or saved games kept aside) back in place of the
        saved games, those in place kept aside beside them first (app.exchange.
        daily_copy); ``was`` says what it holds ("as they were on Saturday 5 December");
        returns what happened, in a player's words. Home is shown first: a game open on
        screen would go on saving into the file being replaced. On the UI thread: a copy
        is put back in a second or so, and nothing may be played meanwhile."""
        from app.exchange import daily_copy

        assert self.db_path is not None  # resolved in build
        if self._copier.busy or self.mending:
            return "The saved games are being copied or repaired: try again in a moment."
        self.home()
        self.store.close()  # and lets go of the claim on the file
        self._store = None
        try:
            aside = daily_copy.restore(self.db_path, copy, datetime.now())
            words = (
                f"Your saved games are back {was}. The ones from before are kept beside "
                f"them, as {aside.name}."
            )
        except (sqlite3.Error, OSError) as error:
            log.warning("could not put back %s: %s", copy, error)
            words = (
                f"That copy could not be put back ({shorten(str(error))}). Your saved games "
                "are as they were."
            )
        self._lock = CopyLock.claim(self.db_path)
        self.root.get_screen("home").refresh()  # opens them again
        self._check_saved_games()
        return words

    def _notice_later(self, text: str) -> None:
        """Something the store found after start-up (a damaged setting or profile)."""
        self.notices.append(text)
        Clock.schedule_once(lambda _dt: self._show_notices())

    @property
    def store_is_open(self) -> bool:
        return self._store is not None

    def on_stop(self) -> None:
        # Kivy sends on_stop twice when stop() is called inside run(); close once.
        if self._stopped:
            return
        self._stopped = True
        self.collector.stop()
        if self.controls is not None:
            self.controls.close()
        if self._store is not None:
            self._store.close()
        elif self._lock is not None:
            self._lock.release()

    # -- navigation --------------------------------------------------------------------

    @property
    def current_screen(self) -> BaseScreen:
        screen: BaseScreen = self.root.current_screen
        return screen

    def screen(self, name: str) -> BaseScreen:
        """The screen called ``name``, built on first use (a short start-up)."""
        if not self.root.has_screen(name):
            self.root.add_widget(load(SCREENS.get(name, name))(name=name))
        screen: BaseScreen = self.root.get_screen(name)
        return screen

    def go(self, name: str, **params: Any) -> None:
        """Open a screen, remembering where we came from for Back."""
        screen = self.screen(name)
        if params:
            screen.prepare(**params)
        self._trail.append(self.root.current)
        self.root.current = name

    # -- games -------------------------------------------------------------------------

    def start_game(
        self, game: GameInfo, config: Any, players: list[str], seed: int | None = None
    ) -> None:
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        from app.play.play_session import PlaySession

        self._open_game(game, PlaySession.start(self.store, game.rules(), config, seed, players))

    def resume_game(self, game: GameInfo, session_id: int) -> None:
        from app.play.play_session import PlaySession

        try:
            play = PlaySession.resume(self.store, game.rules(), session_id)
        except ValueError as problem:  # IllegalAction and DamagedData are ValueErrors too
            log.error("cannot replay saved game %s: %s", session_id, problem)
            from app.kit.popups import show_notice

            show_notice(
                "This game cannot be resumed", f"{why_not_replayed(problem)} It stays in History."
            )
            return
        self._open_game(game, play)

    def replay_game(self, game: GameInfo, session_id: int) -> None:
        """Step through a saved game on its play screen; Back returns here. The game is
        read and replayed on a worker thread (a long one takes a moment on a Pi), and
        opened only if the screen it was asked from has been shown all along."""
        screen = game.play_screen
        assert screen is not None
        from app.exchange.saved import read_on_its_own
        from app.play.replay import Replay

        def replayed(store: Store) -> Replay[Any, Any, Any]:
            # The rules are loaded here too: the first time, importing them is a frame's
            # work. Shipped data that is missing is said as such, not as a damaged game.
            problem = game.problem()
            if problem is not None:
                raise Unavailable(game.title, problem)
            return Replay(store, game.rules(), session_id)

        self._replaying.run(
            self.screens_shown,
            partial(read_on_its_own, self.store.path, replayed),
            lambda replay: self.go(screen, game=game, play=replay),
            self._not_replayed,
        )

    def _not_replayed(self, problem: Exception) -> None:
        from app.kit.popups import show_notice

        if isinstance(problem, Unavailable):
            say_unavailable(problem.title, problem.why)
        elif isinstance(problem, StorageFault):
            show_notice("This game cannot be shown now", str(problem))
        elif isinstance(problem, ValueError):
            show_notice("This game cannot be shown", why_not_replayed(problem))
        else:
            show_notice("This game cannot be shown", SOMETHING_WENT_WRONG)

    def _open_game(self, game: GameInfo, play: PlaySession[Any, Any, Any]) -> None:
        assert game.play_screen is not None
        self.screen(game.play_screen).prepare(game=game, play=play)
        self._trail = ["home"]  # Back from a game goes Home, not into its set-up
        self.root.current = game.play_screen

    def back(self) -> None:
        self.root.current = self._trail.pop() if self._trail else "home"

    def home(self) -> None:
        self._trail.clear()
        self.root.current = "home"

    # -- buttons and keys --------------------------------------------------------------

    def dispatch_intent(self, intent: str) -> None:
        """A press of confirm / undo / menu / home, from a button or a key. Right after a
        change a press is ignored, as a tap is (app.kit.tap_guard): confirm and undo act on
        what the screen shows now. A long press on Menu (home) is deliberate and always
        means the same, so it is taken; so is Menu held on (off, off_cancel)."""
        if intent in ("off", "off_cancel"):
            self._menu_held_on(intent)
            return
        if intent != "home" and tap_guard.guarding():
            log.debug("ignored %s: the screen has just changed", intent)
            return
        if self.mending:  # nothing can be done with the games until they are mended
            log.debug("ignored %s: the saved games are being mended", intent)
            return
        from app.kit.popups import ProgressPopup

        popup = _open_popup()
        if isinstance(popup, ProgressPopup):
            return  # work under way: the popup closes when it ends
        if popup is not None:
            if intent == "confirm":
                popup.confirm()
            elif intent in ("menu", "undo"):
                popup.cancel() if popup.cancel_text else popup.confirm()
            return
        if self.current_screen.on_intent(intent):
            return
        if intent == "home":
            self.home()
        elif intent == "menu" and self.root.current != "home":
            self.back()

    def _menu_held_on(self, intent: str) -> None:
        """Menu held on after Home counts down to turning the Pi off (on screen and on
        the buzzer); letting go cancels it. Not while the saved games are being mended."""
        if intent == "off_cancel":
            if self._countdown is not None:
                self._countdown.cancel()
            return
        if self.mending or (self._countdown is not None and self._countdown.running):
            return
        from app.turning_off import Countdown, turn_off

        controls = self.controls
        self._countdown = Countdown(
            lambda: turn_off(self.power_off),
            lambda: controls.beep("click") if controls is not None else None,
        )
        self._countdown.start()

    def ask_to_turn_off(self) -> None:
        """Settings → Turn off."""
        from app.turning_off import ask_to_turn_off
        from hardware.power import may_power_off

        ask_to_turn_off(self.power_off, may_power_off())

    def _on_key_down(self, _window: Any, key: int, *_args: Any) -> bool:
        intent = KEY_INTENTS.get(key)
        if intent is None or self._typing():
            return False
        self.dispatch_intent(intent)
        return True

    def _typing(self) -> bool:
        from kivy.uix.textinput import TextInput

        return any(
            isinstance(w, TextInput) and w.focus
            for top in Window.children  # the screens and any popup
            for w in top.walk(restrict=True)
        )


def _power_off() -> str | None:
    from hardware.power import power_off  # gpiozero and the rest wait for the first frame

    return power_off()


def behind_the_window(work: Callable[[], T]) -> T:
    """Run ``work`` (on a worker thread) at a lower priority than the window's: on a
    busy machine the frames then come first. Linux gives each thread its own priority;
    elsewhere the work runs as it is."""
    if sys.platform == "linux":
        thread = threading.get_native_id()
        nice = os.getpriority(os.PRIO_PROCESS, thread)
        os.setpriority(os.PRIO_PROCESS, thread, min(nice + 10, 19))
    return work()


class Unavailable(Exception):
    """A game whose shipped data cannot be loaded (``GameInfo.problem``)."""

    def __init__(self, title: str, why: str) -> None:
        super().__init__(why)
        self.title, self.why = title, why


def why_not_replayed(problem: ValueError) -> str:
    """Why a saved game does not replay, in words: a damaged move or a refused one."""
    if isinstance(problem, DamagedData):
        return f"Part of it was damaged on the storage: {problem}"
    return f"Its saved moves no longer fit the rules ({shorten(str(problem), 200)})."


def _refusal(message: str, close: Callable[[], None]) -> Widget:
    from app.kit.widgets import FittingLabel, TButton

    page = BoxLayout(orientation="vertical", padding=theme.TOUCH / 2, spacing=theme.TOUCH / 2)
    words = FittingLabel(text=message, font_size=theme.BODY, halign="center", valign="middle")
    words.bind(size=lambda label, size: setattr(label, "text_size", size))
    page.add_widget(words)
    button = TButton(
        text="Close",
        size_hint=(None, None),
        size=(theme.TOUCH * 3, theme.TOUCH),
        pos_hint={"center_x": 0.5},
    )
    button.bind(on_release=lambda *_args: close())
    page.add_widget(button)
    return page


class _StorageFaultHandler(ExceptionHandler):
    """The last line of defence: a storage fault that a screen did not catch is told to
    the person, and the app goes on (the action was refused and nothing was written)."""

    def handle_exception(self, inst: BaseException) -> Any:
        if not isinstance(inst, StorageFault):
            return ExceptionManager.RAISE
        log.warning("storage fault: %s (%s)", inst.kind, inst.detail)
        from app.kit.popups import show_notice

        show_notice("Not saved", str(inst))
        return ExceptionManager.PASS


def _open_popup() -> MessagePopup | ProgressPopup | None:
    from app.kit.popups import MessagePopup, ProgressPopup

    for child in Window.children:
        if isinstance(child, (MessagePopup, ProgressPopup)):
            return child
        if isinstance(child, ModalView):
            return None
    return None
