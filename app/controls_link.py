"""Connecting the physical buttons and lights to the app.

gpiozero calls back on its own threads; every press is handed to Kivy's main thread
before the app sees it. When the pin map cannot be read, the default one is used and the
person is told; when no GPIO exists, simulated pins stand in and the app works by touch.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from kivy.clock import Clock

from hardware import Controls, PinMapError, load_pin_map
from hardware.menu_hold import STANDARD_HOLD_TIME, MenuHold, Timer
from hardware.pinmap import DEFAULT_PIN_MAP_PATH

log = logging.getLogger("tableside.hardware")


def call_on_main(callback: Callable[[], None]) -> None:
    Clock.schedule_once(lambda _dt: callback())


def call_later(seconds: float, callback: Callable[[], None]) -> Timer:
    event: Timer = Clock.schedule_once(lambda _dt: callback(), seconds)
    return event


def menu_key(controls: Controls | None, on_intent: Callable[[str], None]) -> MenuHold:
    """The desktop's Menu key (Escape), read as the Menu button is, with its hold_time:
    a long press goes Home, held on it counts down to turning off, letting go cancels."""
    hold_time = controls.pin_map.hold_time if controls is not None else STANDARD_HOLD_TIME
    return MenuHold(hold_time, on_intent, call_later)


def open_controls(on_intent: Callable[[str], None]) -> tuple[Controls | None, str | None]:
    """The controls, and a sentence for the person if something was wrong."""
    notice = None
    try:
        pin_map = load_pin_map()
    except PinMapError as problem:
        notice = f"{problem} The standard pins are used instead."
        try:
            pin_map = load_pin_map(DEFAULT_PIN_MAP_PATH)
        except PinMapError as default_problem:
            log.error("the default pin map is unusable: %s", default_problem)
            return None, f"{problem} The buttons and lights are switched off."
    try:
        return Controls(pin_map, on_intent, call_on_main), notice
    except Exception as problem:  # a pin in use, a missing chip: the app still works by touch
        log.exception("cannot start the buttons and lights")
        return None, (
            f"The buttons and lights could not be started ({problem}). "
            "Everything still works by touch."
        )
