"""What every game's play screen shares: the game and its session (or a replay of a
saved one), the instructions for the table, undo, the end of the game, the lights, and
stepping through a replay."""

from __future__ import annotations

from collections.abc import Callable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

from kivy.app import App
from kivy.clock import Clock
from kivy.metrics import dp
from kivy.properties import BooleanProperty
from kivy.uix.widget import Widget

from app.games import GameInfo
from app.kit import date_setting, tap_guard, theme
from app.kit.background import Background
from app.kit.date_setting import SetDateButton
from app.kit.popups import ask, show_notice
from app.kit.touch_select import TouchSelection
from app.kit.widgets import BaseScreen, TButton
from app.play.controller import AnyPlay, PlayController
from app.play.instructions import InstructionPanel  # noqa: F401  (every game's kv names it)
from app.play.opening import open_controller
from app.play.play_session import PlaySession, Position
from app.play.replay import Replay
from app.play.replay_bar import fill_replay_bar
from app.play.send_to_bgstats import SendToBGStatsButton, send_to_bgstats
from app.play.telling import Telling
from app.storage.faults import StorageFault
from engines.core import Change

if TYPE_CHECKING:
    from app.exchange.usb_sticks import Stick


def _a_stick() -> Stick | None:
    """The USB stick a picture can be written to (the first, if several)."""
    from app.exchange.usb_sticks import find_sticks

    return next((stick for stick in find_sticks() if stick.writable), None)


#: How often the end screen looks for a USB stick plugged in, in seconds.
STICK_LOOK_S = 2


class PictureButton(TButton):
    """The end screen's offer to put the result's picture on a USB stick (``shown``
    while one is in)."""

    shown = BooleanProperty(True)


def _wide(words: str) -> TButton:
    """The bar's main button, at its right end."""
    return TButton(text=words, role="primary", size_hint_x=None, width=dp(200))


class GameScreen(BaseScreen):
    """Subclasses draw the game in ``draw()`` and rebuild their choices in ``refresh()``.
    The game, what the table is owed and the message to say are the controller's
    (app.play.controller; a game with more to keep makes its own in ``make_controller``)."""

    replaying = BooleanProperty(False)  # showing a saved game: kv swaps in the step bar
    #: The game is over and its time was not checked: the end screen offers to set its date.
    date_unchecked = BooleanProperty(False)
    #: The game is over and its time is known: the end screen offers to send it to BG Stats.
    bgstats_offered = BooleanProperty(False)
    #: The game is over and a USB stick is in: the end screen offers the result's picture.
    picture_offered = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.game: GameInfo
        self.controller: PlayController[Any, Any, Any]
        self._bar_parts: dict[str, Widget] = {}  # the bar's fixed buttons, once built
        self._meaning: object = None  # what the buttons meant when last drawn
        self._saving: Background[Path] = Background("the picture onto a USB stick")
        self._ended = False  # the end is shown (``offer_date``)
        self._stick_watch = Clock.create_trigger(self._look_for_stick, STICK_LOOK_S)

    def prepare(self, game: GameInfo, play: AnyPlay) -> None:
        self.hold(game, play)
        self.refresh()

    def hold(self, game: GameInfo, play: AnyPlay) -> None:
        """Keep the game and its session (or the replay of a saved one), with what the
        table was owed when it was left."""
        self.game = game
        self.controller = self.make_controller(game, play)
        self.replaying = isinstance(play, Replay)
        # A game opened once over has had its end said.
        self._ended_at = len(play.session.events) if play.session.outcome() is not None else -1

    def make_controller(self, game: GameInfo, play: AnyPlay) -> PlayController[Any, Any, Any]:
        return open_controller(game, play)

    def refresh(self) -> None:
        raise NotImplementedError

    @property
    def play(self) -> AnyPlay:
        return self.controller.play

    @property
    def selection(self) -> TouchSelection[Any]:
        """The touches of an action being chosen."""
        return self.controller.selection

    @selection.setter
    def selection(self, selection: TouchSelection[Any]) -> None:
        self.controller.selection = selection

    @property
    def instructions(self) -> Telling:
        """What the table is being told (empty when nothing is)."""
        return self.controller.telling

    @property
    def message(self) -> str:
        """A refusal or a warning, shown once in the prompt."""
        return self.controller.message

    @message.setter
    def message(self, words: str) -> None:
        self.controller.message = words

    @property
    def replay(self) -> Replay[Any, Any, Any] | None:
        return self.controller.replay

    @property
    def position(self) -> Position:
        """The game shown and how far into it: what thinking in the background is for."""
        return Position(self.play.session_id, len(self.play.session.events))

    # -- replay ------------------------------------------------------------------------

    def show_step(self, step: int) -> None:
        """Show another step of the replay as if the game had been opened there: nothing
        the screen noted at the step shown before (a turn just over, a refusal) carries
        over to it."""
        replay = self.replay
        assert replay is not None
        replay.go_to(step)
        self.prepare(self.game, replay)

    def resume(self) -> None:
        App.get_running_app().resume_game(self.game, self.play.session_id)

    def on_intent(self, intent: str) -> bool:
        """The confirm and undo buttons: a step forward and back in a replay; in a game,
        the screen's main step and Undo. Menu is left to the app (Back)."""
        if intent not in ("confirm", "undo"):
            return False
        if intent == "confirm" and self.instructions.active:
            self.instruction_done()
        elif self.replay is not None:
            self.show_step(self.replay.step + (1 if intent == "confirm" else -1))
        elif intent == "undo":
            self.undo()
        else:
            self.confirm()
        return True

    def confirm(self) -> None:
        """What the confirm button does in this game."""
        raise NotImplementedError

    # -- instructions for the table ----------------------------------------------------

    def tell(
        self, changes: list[Change], reason: str = "", heading: str = "", everything: bool = False
    ) -> bool:
        """Start telling the table ``changes`` (see Telling.start); the screen shows them
        one at a time with Done. Returns whether there is anything to tell."""
        return self.controller.tell(changes, reason, heading, everything)

    def instruction_done(self) -> None:
        """Done (the button or the confirm button): the table has made the current change."""
        if not self.instructions.active:
            return
        if self.controller.done():
            self.instructions_finished()
        self.draw()

    def instructions_finished(self) -> None:
        """What a game does once the table has made every change told (e.g. go on)."""

    def confirm_only_choice(self) -> None:
        """Confirm takes the one thing that can be touched now, if there is just one."""
        options = self.selection.options()
        if len(options) == 1:
            self.pick(next(iter(options)))

    def pick(self, target: Any) -> None:
        raise NotImplementedError

    # -- the bottom bar ----------------------------------------------------------------

    def start_bottom_bar(self, bar: Any, can_undo: bool, over: bool) -> bool:
        """Fill the bar's fixed parts: the replay controls, or Undo (and Home once the game
        is over, or Done while the table has an instruction to carry out). Undo works
        after the end too: the game becomes unfinished again. Returns True when the bar
        is complete."""
        if self.replay is not None:
            fill_replay_bar(bar, self.replay, self.show_step, self.resume)
            return True
        bar.clear_widgets()
        self.offer_date(over and not self.instructions.active)
        undo = self._bar_part("undo", lambda: TButton(text="Undo"), self.undo)
        undo.size_hint_x, undo.width = None, theme.TOUCH * 1.7
        undo.disabled = not can_undo
        bar.add_widget(undo)
        if self.instructions.active:
            bar.add_widget(Widget())
            done = self._bar_part("done", lambda: _wide("Done"), self.instruction_done)
            bar.add_widget(done)
            return True
        if over:
            bar.add_widget(Widget())
            if self.date_unchecked:
                bar.add_widget(self._bar_part("date", SetDateButton, self.set_date))
            if self.bgstats_offered:
                send = self._bar_part("bgstats", SendToBGStatsButton, self.send_to_bgstats)
                send.narrow = self.end_offers >= 3
                bar.add_widget(send)
            picture = self._bar_part("picture", PictureButton, self.save_picture)
            picture.shown = self.picture_offered
            bar.add_widget(picture)
            home = self._bar_part("home", lambda: _wide("Home"), App.get_running_app().home)
            home.width = self.end_button_width(
                self.date_unchecked, self.bgstats_offered, self.picture_offered, dp(200)
            )
            bar.add_widget(home)
        return over

    def _bar_part(self, name: str, make: Callable[[], Widget], does: Callable[[], Any]) -> Any:
        """One of the bar's fixed buttons, built once and then reused (building widgets is
        the slow part of a redraw)."""
        if name not in self._bar_parts:
            self._bar_parts[name] = make()
            self._bar_parts[name].bind(on_release=lambda _b: does())
        return self._bar_parts[name]

    def undo(self) -> None:
        """Undo (the button, or the undo button): the controller takes back the last key
        of a move being entered, else the last move; one that would go back into a
        finished turn is asked about first."""
        question = self.controller.undo()
        if question is not None:
            ask(question.heading, question.words, "Undo it", self._undo_confirmed, "Keep it")
        self.say(self.controller.message)
        self.refresh()

    def _undo_confirmed(self) -> None:
        self.controller.undo_confirmed()
        self.say(self.controller.message)
        self.refresh()

    def guard_meaning(self, meaning: object) -> None:
        """Taps wait a moment when what the buttons mean changes (a new prompt, player,
        phase or instruction), so that a finger meant for the old ones does not act on
        the new (app.kit.tap_guard)."""
        if meaning != self._meaning:
            self._meaning = meaning
            tap_guard.changed()

    # -- what the screen says ---------------------------------------------------------

    def say(self, words: str = "") -> None:
        """Show a refusal or a fault in the prompt (an empty text: none), where a game
        with a place of its own for them overrides it."""
        self.message = words

    def draw(self) -> None:
        raise NotImplementedError

    # -- the end and the lights --------------------------------------------------------

    def offer_date(self, over: bool) -> None:
        """The end screen offers to set the date (``date_unchecked``) when the game is
        ``over`` and being played (not stepped through), and its time was not checked;
        to send the game to BG Stats (``bgstats_offered``), which asks the date first
        while it is not checked (a play sent with a wrong date stays wrong there); and
        to put its picture on a USB stick (``picture_offered``) while one is in."""
        play = self.play if over and isinstance(self.play, PlaySession) else None
        try:
            self.date_unchecked = play is not None and play.time_not_checked()
        except StorageFault:  # History offers both once the saved games can be read
            self.date_unchecked, play = False, None
        self.bgstats_offered = play is not None
        # A picture of the result onto a USB stick, while one is plugged in: looked for
        # every few seconds while the end is shown.
        self._ended = play is not None
        self._look_for_stick()
        if self._ended:
            self._stick_watch()

    def _look_for_stick(self, *_args: object) -> None:
        self.picture_offered = self._ended and _a_stick() is not None
        if self._ended and self.manager is not None and self.manager.current == self.name:
            self._stick_watch()

    @property
    def end_offers(self) -> int:
        """How many offers the end's bar shows beside its main button."""
        return sum(map(bool, (self.date_unchecked, self.bgstats_offered, self.picture_offered)))

    @staticmethod
    def end_button_width(*offers: bool | float) -> float:
        """The width of the end's main button (Home) beside ``offers`` (the flags, then
        its width beside one or none): narrower beside two, narrower still beside three,
        so that all fit a 720-pixel portrait bar. Called from kv with the flags, so the
        width follows each of them."""
        *flags, wide = offers
        shown = sum(map(bool, flags))
        return float(wide) if shown < 2 else dp(120) if shown == 2 else dp(96)

    def send_to_bgstats(self) -> None:
        """The play's code for BG Stats; a game whose time was not checked asks for its
        date first and goes on to the code once it is saved (review N19: a play sent with
        a wrong date stays wrong there, and no extra touches)."""
        session_id = self.play.session_id
        if not self.date_unchecked:
            send_to_bgstats(session_id)
            return
        store = App.get_running_app().store
        date_setting.set_date(
            store, session_id, self.draw, then=lambda: send_to_bgstats(session_id)
        )

    def save_picture(self) -> None:
        """The picture of the finished game (app.phones.picture) onto the USB stick,
        drawn and written off the UI thread; where it went, or why not, said after."""
        from app.phones.picture import picture_name, picture_of, save_on_stick

        stick = _a_stick()
        if stick is None:
            show_notice("No USB stick", "Plug in a USB stick, then touch the button again.")
            return
        name = picture_name(self.game, datetime.now())
        draw = picture_of(self.game, self.controller)

        def saved(where: Path) -> None:
            show_notice(
                "The picture is on the stick",
                f"{where.name} is on the USB stick {stick.label}. You can take it out now.",
            )

        def failed(error: Exception) -> None:
            why = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
            show_notice("The picture could not be saved", f"The USB stick said: {why}.")

        self._saving.run(
            "picture", lambda: save_on_stick(draw(), stick.folder, name), saved, failed
        )

    def set_date(self) -> None:
        """Ask when the game started and save it (app.kit.date_setting); then draw the
        screen again, without its offer (``refresh`` would announce the end again)."""
        date_setting.set_date(App.get_running_app().store, self.play.session_id, self.draw)

    def say_the_end(self, won: bool, heading: str, reason: str) -> None:
        """Announce the end once, when the table has carried out every instruction of
        the move that ended the game (never before the step that ends it is told), and
        not for a game opened once over."""
        moment = len(self.play.session.events)
        if self.instructions.active or moment == self._ended_at:
            return
        self._ended_at = moment
        self.announce_end(won, heading, reason)

    def announce_end(self, won: bool, heading: str, reason: str) -> None:
        if self.replay is None:
            self.sound_end(won)
            show_notice(heading, reason)
            App.get_running_app().say(f"{heading}. {reason}")

    def sound_end(self, won: bool) -> None:
        controls = App.get_running_app().controls
        if controls is not None and self.replay is None:
            controls.beep("win" if won else "loss")

    def set_lights(self, turn: str, danger: str) -> None:
        controls = App.get_running_app().controls
        if controls is None:
            return
        if self.replay is not None:
            turn = danger = "off"
        controls.set_light("turn", turn)
        controls.set_light("danger", danger)

    def on_leave(self, *_args: object) -> None:
        self.set_lights("off", "off")
