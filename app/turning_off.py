"""Turning the Pi off from the table, with no plug pulled: Menu held on (a countdown,
with a beep each second, that letting go cancels) or Settings → Turn off (asked once).

The call that turns it off is the app's ``power_off`` (hardware.power.power_off unless
a test puts a stand-in there): only the Pi's installed app is allowed to use it.
"""

from __future__ import annotations

from collections.abc import Callable

from kivy.clock import Clock, ClockEvent

from app.kit.popups import MessagePopup, ask, show_notice

#: Seconds shown counting down once Menu has been held long enough (hardware.menu_hold).
COUNTDOWN_SECONDS = 3

STAYS_ON = "The Pi stays on"
GOING = (
    "Tableside has closed your games safely. Wait until the Pi's green light has stopped "
    "flickering before you unplug it."
)


def countdown_words(left: int) -> str:
    return f"The Pi turns off in {left}...\n\nLet go of Menu to keep playing."


class Countdown:
    """The seconds before the Pi turns off, on screen and on the buzzer."""

    def __init__(self, turn_off: Callable[[], None], beep: Callable[[], None]) -> None:
        self._turn_off = turn_off
        self._beep = beep
        self.left = COUNTDOWN_SECONDS
        self._tick: ClockEvent | None = None
        self.popup = MessagePopup(
            heading="Turning off",
            message=countdown_words(self.left),
            confirm_text="Turn off now",
            confirm_role="danger",
            cancel_text="Keep playing",
            on_confirm=self._finish,
        )
        self.popup.bind(on_dismiss=lambda *_args: self.cancel())

    @property
    def running(self) -> bool:
        return self._tick is not None

    def start(self) -> None:
        self.popup.open()
        self._beep()
        self._tick = Clock.schedule_interval(self._second, 1)

    def _second(self, _dt: float) -> None:
        self.left -= 1
        if self.left > 0:
            self.popup.message = countdown_words(self.left)
            self._beep()
            return
        self._finish()

    def _finish(self) -> None:
        if self._tick is None:
            return  # cancelled meanwhile
        self.cancel()
        self.popup.dismiss()
        self._turn_off()

    def cancel(self) -> None:
        """Menu let go, Keep playing, or Undo: the Pi stays on."""
        if self._tick is not None:
            self._tick.cancel()
            self._tick = None
            self.popup.dismiss()


def turn_off(power_off: Callable[[], str | None]) -> None:
    """Turn the Pi off now, and say what became of it."""
    problem = power_off()
    if problem is None:
        show_notice("Turning off", GOING)
    else:
        show_notice(STAYS_ON, problem)


def ask_to_turn_off(power_off: Callable[[], str | None], allowed: bool) -> None:
    """Settings → Turn off: asked once, since the table cannot turn it back on. Where
    it may not (not the Pi's installed app), it says so at once instead."""
    if not allowed:
        from hardware.power import NOT_HERE

        show_notice(STAYS_ON, NOT_HERE)
        return
    ask(
        "Turn off the Pi?",
        "Your games are saved and Tableside closes. To start it again, unplug the Pi "
        "and plug it back in (on a Pi 5, press its power button).",
        "Turn off",
        lambda: turn_off(power_off),
        danger=True,
    )
