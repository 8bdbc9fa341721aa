"""The Tableside app: screens, navigation, start and stop, and the physical controls."""

from __future__ import annotations

import logging
import os
import random
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.base import ExceptionHandler, ExceptionManager
from kivy.clock import Clock
from kivy.core.window import Keyboard, Window
from kivy.properties import BooleanProperty
from kivy.uix.screenmanager import NoTransition, ScreenManager
from kivy.uix.widget import Widget

from app.games import GameInfo, load
from app.kit import tap_guard, theme
from app.kit.background import Background
from app.kit.keyboard import use_table_keyboard
from app.kit.quiet_collector import QuietCollector
from app.kit.widgets import BaseScreen, refusal_page
from app.saved_games_care import SavedGamesCare
from app.screens.home import HomeScreen, say_unavailable
from app.speech import read_aloud
from app.storage.faults import SOMETHING_WENT_WRONG, DamagedData, StorageFault
from app.storage.location import AlreadyOpen

# What Home does not need (saved games, the engines, gpiozero, popups, text input) is
# imported where it is first used, after the first frame.
if TYPE_CHECKING:
    from app.phones.host import PhoneHost
    from app.play.opening import NotOpened, Opened
    from app.play.play_session import PlaySession
    from app.speech.host import SpeechHost
    from app.storage.store import Store
    from app.turning_off import Countdown
    from hardware import Controls
    from hardware.menu_hold import MenuHold

log = logging.getLogger("tableside")

#: Desktop keys that mirror the physical buttons, by Kivy's key names
#: (kivy.core.window.Keyboard.keycodes): either Enter confirms, Backspace undoes, and
#: Escape is Menu, held on as the button is (app.controls_link.menu_key).
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
    "not_opened": "app.screens.not_opened:NotOpenedScreen",
}


class TablesideApp(App):
    title = "Tableside"
    #: Phones at the table (app.phones) is on: each game's top bar offers its code.
    phones_on = BooleanProperty(False)
    #: The instructions are read aloud (app.speech).
    reading_aloud = BooleanProperty(False)

    def __init__(self, db_path: Path | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.controls: Controls | None = None
        #: What the person is told together: at start-up, or once something has ended.
        self.notices: list[str] = []
        self.saved_games = SavedGamesCare(
            db_path,
            tell=self.notices.append,
            show_notices=self._show_notices,
            home=self.home,
            refresh_home=lambda: self.root.get_screen("home").refresh(),
            read_settings=self._apply_settings,
        )
        self._trail: list[str] = []  # screens to go back to
        self._stopped = False
        #: Python's cycle collector, run when the table is quiet (from start-up's end).
        self.collector = QuietCollector()
        #: Screens shown since the start: a change of screen drops what was asked from
        #: the screen left (a game to step through, asked from History).
        self.screens_shown = 0
        #: A saved game to step through, read and replayed off the UI thread.
        self._replaying: Background[Any] = Background(
            "a game to step through", shown=lambda: self.screens_shown, shows_the_answer=True
        )
        #: Turns the Pi off: None when it did, else why not (a test puts a stand-in here).
        self.power_off: Callable[[], str | None] = _power_off
        self._countdown: Countdown | None = None  # Menu held on: to turning the Pi off
        self._menu_key: MenuHold | None = None  # Escape, from when the buttons are connected
        #: The page for phones at the table, made after start-up (its server only while on).
        self.phones: PhoneHost | None = None
        #: What reads the instructions aloud, while Settings has it on.
        self.speech: SpeechHost | None = None

    # -- life cycle --------------------------------------------------------------------

    def build(self) -> Widget:
        Window.clearcolor = theme.BACKGROUND
        try:
            self.saved_games.claim()
        except AlreadyOpen as refusal:
            # A second copy says why it will not start, and nothing else: it must not
            # touch the games the first copy is saving.
            log.warning("refused to start: %s", refusal)
            return refusal_page(str(refusal), self.stop)
        Window.bind(on_key_down=self._on_key_down, on_key_up=self._on_key_up)
        use_table_keyboard(Window)
        ExceptionManager.add_handler(_StorageFaultHandler())

        manager = ScreenManager(transition=NoTransition())
        manager.add_widget(HomeScreen(name="home"))
        tap_guard.watch(manager, Window)
        manager.bind(current=self._screen_changed)
        return manager

    def _screen_changed(self, *_args: Any) -> None:
        self.screens_shown += 1
        if self.root.current == "home":  # a game left (Home, Back, Menu held): by all
            if self.phones is not None:
                self.phones.leave()  # its link answers no more
            if self.speech is not None:
                self.speech.leave()

    def on_start(self) -> None:
        if not self.saved_games.claimed:
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
        self.saved_games.check_games_kept()
        self.root.get_screen("home").refresh()
        self.saved_games.look_for_games_set_aside()
        self._connect_controls()
        self._show_notices()
        self.saved_games.check()
        self._start_phones()
        if self._switched_on(read_aloud.ON):
            self._read_aloud(True)
        self.collector.start()
        Window.bind(on_touch_down=self.collector.active, on_key_down=self.collector.active)

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

    def _connect_controls(self) -> None:
        from app.controls_link import menu_key, open_controls

        self.controls, notice = open_controls(self.dispatch_intent)
        self._menu_key = menu_key(self.controls, self.dispatch_intent)
        if notice:
            self.notices.append(notice)
        self._apply_settings()

    def _start_phones(self) -> None:
        from app.phones.host import SETTING, PhoneHost

        assert self.saved_games.db_path is not None  # resolved in claim
        self.phones = PhoneHost(self.saved_games.db_path.parent / "phones")
        # Off: a server an earlier run left (killed as it ran) stops.
        self._phones(self._switched_on(SETTING))

    def _switched_on(self, setting: str) -> bool:
        """Whether Settings left ``setting`` on (off when it cannot be read)."""
        try:
            return self.store.setting(setting, False) is True
        except StorageFault:
            return False

    def set_phones(self, on: bool) -> None:
        """Turn Phones at the table on or off (Settings), and remember it."""
        from app.phones.host import SETTING

        self._phones(on)
        self.store.set_setting(SETTING, on)

    def _phones(self, on: bool) -> None:
        if self.phones is None:
            return
        if on:
            self.phones.turn_on()
        else:
            self.phones.turn_off()
        self.phones_on = on

    def set_read_aloud(self, on: bool) -> None:
        """Read the instructions aloud, or stop (Settings), and remember it."""
        self._read_aloud(on)
        self.store.set_setting(read_aloud.ON, on)

    def _read_aloud(self, on: bool) -> None:
        from app.speech.host import SpeechHost
        from app.speech.speaker import Speaker

        if self.speech is not None:
            self.speech.leave()
            self.speech.speaker.close()
            self.speech = None
        if on:
            # Turned on in Settings or at start-up: the next game opened is followed.
            self.speech = SpeechHost(Speaker(*read_aloud.voice(self.store)))
        self.reading_aloud = on

    def say(self, words: str) -> None:
        """Say ``words`` aloud when reading aloud is on (a set-up step, the end)."""
        if self.speech is not None:
            self.speech.speaker.say(words)

    def say_again(self) -> None:
        """The instruction shown, said again (a touch on it)."""
        if self.speech is not None:
            self.speech.again()

    def show_phones(self) -> None:
        from app.phones.screen import PHONES_SCREEN

        self.go(PHONES_SCREEN)

    def _apply_settings(self) -> None:
        """The saved settings the controls follow (read again once a file is mended)."""
        if self.controls is not None:
            self.controls.muted = self.store.setting("buzzer_muted", False)

    @property
    def store(self) -> Store:
        """The saved games (``saved_games``), opened on first use."""
        return self.saved_games.store

    def on_stop(self) -> None:
        # Kivy sends on_stop twice when stop() is called inside run(); close once.
        if self._stopped:
            return
        self._stopped = True
        self.collector.stop()
        if self.phones is not None:
            self.phones.turn_off()
        if self.speech is not None:
            self.speech.speaker.close()
        if self.controls is not None:
            self.controls.close()
        self.saved_games.close()

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

    def resume_game(self, game: GameInfo, session_id: int, keep_owed: bool = True) -> None:
        """Open a saved game to play on (``keep_owed``: with what the table was owed when
        it was left; without it, to be corrected by hand). One that cannot be opened, for
        whatever reason, is said on a screen of its own (app.play.opening)."""
        from app.play.opening import NotOpened, open_game

        opened = open_game(
            self.store,
            game,
            session_id,
            keep_owed=keep_owed,
            show=self._lay_out,
        )
        if isinstance(opened, NotOpened):
            self.not_opened(opened)

    def _lay_out(self, opened: Opened) -> None:
        """The opened game on its play screen (raises when it cannot be laid out)."""
        from app.play.play_session import PlaySession

        assert isinstance(opened.play, PlaySession)
        self._open_game(opened.game, opened.play)

    def not_opened(self, not_opened: NotOpened) -> None:
        """A game that could not be opened: why, and what can still be done with it."""
        self.go("not_opened", not_opened=not_opened)

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
            lambda replay: self._show_replay(game, replay),
            self._not_replayed,
        )

    def _show_replay(self, game: GameInfo, replay: Any) -> None:
        """Lay out a saved game read to step through; one that cannot be shown is said."""
        from app.play.opening import cannot_show

        assert game.play_screen is not None
        try:
            self.screen(game.play_screen).prepare(game=game, play=replay)
        except Exception as error:  # any failure is told, never raised
            self.not_opened(cannot_show(game, replay.session_id, error))
            return
        self.go(game.play_screen)

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
        screen = self.screen(game.play_screen)
        screen.prepare(game=game, play=play)
        if self.phones is not None:
            self.phones.follow(game, screen.controller)
        if self.speech is not None:
            self.speech.follow(screen.controller)
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
        if self.saved_games.mending or self.saved_games.restoring:
            # nothing can be done with the games until they are mended or put back
            log.debug("ignored %s: the saved games are being mended or put back", intent)
            return
        from app.kit.popups import ProgressPopup, popup_on_top

        popup = popup_on_top()
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
        the buzzer); letting go cancels it. Not while the saved games are being mended or
        put back."""
        if intent == "off_cancel":
            if self._countdown is not None:
                self._countdown.cancel()
            return
        care = self.saved_games
        if care.mending or care.restoring or (self._countdown and self._countdown.running):
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
        """A key press, and each repeat of a key held down."""
        intent = KEY_INTENTS.get(key)
        if intent is None or self._typing():
            return False
        if intent != "menu":
            self.dispatch_intent(intent)
        elif self._menu_key is not None:
            self._menu_key.press()  # its repeats change nothing
        return True

    def _on_key_up(self, _window: Any, key: int, *_args: Any) -> bool:
        if KEY_INTENTS.get(key) != "menu" or self._menu_key is None:
            return False
        self._menu_key.release()
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


class Unavailable(Exception):
    """A game whose shipped data cannot be loaded (``GameInfo.problem``)."""

    def __init__(self, title: str, why: str) -> None:
        super().__init__(why)
        self.title, self.why = title, why


def why_not_replayed(problem: ValueError) -> str:
    """Why a saved game does not replay, in words: a damaged move or a refused one."""
    from app.play.opening import MOVES_REFUSED

    if isinstance(problem, DamagedData):
        return f"Part of it was damaged on the storage: {problem}"
    return MOVES_REFUSED


class _StorageFaultHandler(ExceptionHandler):
    """The last line of defence: a storage fault that a screen did not catch is told to
    the person, and the app goes on (the action was refused and nothing was written)."""

    def handle_exception(self, inst: BaseException) -> Any:
        if not isinstance(inst, StorageFault):
            return ExceptionManager.RAISE
        log.warning("storage fault: %s (%s)", inst.kind, inst.detail)
        from app.kit.popups import show_notice

        show_notice("Not now" if inst.kind == "restoring" else "Not saved", str(inst))
        return ExceptionManager.PASS
