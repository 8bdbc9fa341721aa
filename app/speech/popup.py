"""Settings' Read aloud: on or off, the voice's volume and speed, a line to try them, and
why nothing can be heard (no espeak-ng, no speaker, the speaker busy) in a player's
words."""

from __future__ import annotations

from typing import Any

from kivy.app import App
from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.modalview import ModalView

from app.kv import load_kv
from app.speech import read_aloud
from app.speech.speaker import problem

#: What "Say a test line" says.
TEST_LINE = "Move Gamle Erik two Trees clockwise, then take the Nisse into your hand."
#: How often, in seconds, the open popup looks whether the last saying was heard (the
#: speaker's own thread finds out).
LOOK_EVERY = 0.5


class ReadAloudPopup(ModalView):
    on = BooleanProperty(False)
    volume = NumericProperty(read_aloud.DEFAULT_VOLUME)
    speed = NumericProperty(read_aloud.DEFAULT_SPEED)
    #: Why nothing can be heard here ("" when it can).
    note = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        app = App.get_running_app()
        self.on = app.reading_aloud
        self.volume, self.speed = read_aloud.voice(app.store)
        self._missing = problem()
        self._looking = Clock.create_trigger(lambda _dt: self.look(), LOOK_EVERY, interval=True)
        self.look()

    def on_open(self) -> None:
        self._looking()

    def on_dismiss(self) -> None:
        self._looking.cancel()

    def look(self) -> None:
        """Say why nothing is heard: espeak-ng or a speaker missing, or the last saying
        not heard (the speaker busy); nothing when all is well."""
        speech = App.get_running_app().speech
        fault = speech.speaker.fault if speech is not None else None
        self.note = self._missing or fault or ""

    def set_on(self, on: bool) -> None:
        App.get_running_app().set_read_aloud(on)
        self.on = on
        self._missing = problem()
        self.look()

    def change(self, what: str, by: int) -> None:
        """The volume or the speed one step up (1) or down (-1), kept and heard."""
        app = App.get_running_app()
        if what == "volume":
            self.volume = read_aloud.step(read_aloud.VOLUMES, int(self.volume), by)
            app.store.set_setting(read_aloud.VOLUME, self.volume)
        else:
            self.speed = read_aloud.step(read_aloud.SPEEDS, int(self.speed), by)
            app.store.set_setting(read_aloud.SPEED, self.speed)
        if app.speech is not None:
            app.speech.speaker.volume, app.speech.speaker.speed = int(self.volume), int(self.speed)
        self.test()

    def test(self) -> None:
        App.get_running_app().say(TEST_LINE)


load_kv("read_aloud.kv")
