"""How a press of Menu is read as it is held on: one rule for the GPIO button
(hardware.controls) and the desktop's Escape key (app.application)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from functools import partial
from typing import Literal, Protocol

MenuIntent = Literal["menu", "home", "off", "off_cancel"]

#: deploy/pinmap.toml's hold_time, for a Menu key where the pins could not be started.
STANDARD_HOLD_TIME = 1.5

#: Menu still held this long after it went Home starts the turn-off countdown ("off"):
#: three seconds in all with the standard hold_time, never by accident.
OFF_AFTER_HOME = 1.5

_Phase = Literal["up", "down", "held", "off"]


class Timer(Protocol):
    def cancel(self) -> object: ...


#: Calls a function once, some seconds from now, unless the Timer it returns is cancelled.
StartTimer = Callable[[float, Callable[[], None]], Timer]


class MenuHold:
    """One Menu, pressed and let go: menu (a short press, sent on release), home (held
    for ``hold_time``; that press sends no menu), off (still held OFF_AFTER_HOME seconds
    later: the app counts down to turning the Pi off) and off_cancel (let go after off).

    A press while Menu is down (a key's repeat) changes nothing. Presses, releases and
    the timers may each come on a thread of their own (gpiozero's): the lock makes each
    press send exactly one of menu / home, and a timer of an earlier press sends nothing.
    """

    def __init__(
        self, hold_time: float, send: Callable[[MenuIntent], None], start_timer: StartTimer
    ) -> None:
        self.hold_time = hold_time
        self._send = send
        self._start_timer = start_timer
        self._lock = threading.Lock()
        self._phase: _Phase = "up"
        self._press = 0  # which press the running timer belongs to
        self._timer: Timer | None = None
        self._stopped = False

    def press(self) -> None:
        with self._lock:
            if self._phase != "up" or self._stopped:
                return
            self._phase = "down"
            self._press += 1
            self._timer = self._start_timer(self.hold_time, partial(self._held, self._press))

    def _held(self, press: int) -> None:
        """Press number ``press`` held on: hold_time (home), then OFF_AFTER_HOME more (off)."""
        intent: MenuIntent
        with self._lock:
            if self._press != press or self._phase not in ("down", "held") or self._stopped:
                return
            if self._phase == "down":
                self._phase, intent = "held", "home"
                self._timer = self._start_timer(OFF_AFTER_HOME, partial(self._held, press))
            else:
                self._phase, intent, self._timer = "off", "off", None
        self._send(intent)

    def release(self) -> None:
        with self._lock:
            phase, self._phase = self._phase, "up"
            self._cancel_timer()
            if self._stopped:
                return
        if phase == "down":
            self._send("menu")
        elif phase == "off":
            self._send("off_cancel")

    def stop(self) -> None:
        """No intent from now on (the controls closed); a timer on its way is stopped."""
        with self._lock:
            self._stopped = True
            self._cancel_timer()

    def _cancel_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None
