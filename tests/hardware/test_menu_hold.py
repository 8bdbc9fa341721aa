"""hardware.menu_hold.MenuHold, the one rule for Menu held on (the button and the Escape
key), on a hand-run clock: a key's repeats change nothing, and a timer left from an
earlier press sends nothing into a later one."""

from __future__ import annotations

from collections.abc import Callable

from hardware.menu_hold import OFF_AFTER_HOME, STANDARD_HOLD_TIME, MenuHold, MenuIntent
from hardware.pinmap import DEFAULT_PIN_MAP_PATH, load_pin_map

HOLD = 1.5


class HandClock:
    """Timers that fire when the test moves the time on."""

    def __init__(self) -> None:
        self.now = 0.0
        self.timers: list[HandTimer] = []

    def start(self, seconds: float, callback: Callable[[], None]) -> HandTimer:
        timer = HandTimer(self.now + seconds, callback)
        self.timers.append(timer)
        return timer

    def advance(self, seconds: float) -> None:
        self.now += seconds
        while due := [t for t in self.timers if t.at <= self.now and not t.done]:
            due[0].done = True
            due[0].callback()


class HandTimer:
    def __init__(self, at: float, callback: Callable[[], None]) -> None:
        self.at, self.callback, self.done = at, callback, False

    def cancel(self) -> None:
        self.done = True


def menu() -> tuple[MenuHold, HandClock, list[MenuIntent]]:
    clock, sent = HandClock(), []
    return MenuHold(HOLD, sent.append, clock.start), clock, sent


def test_a_short_press_is_menu_on_release_whatever_it_repeats() -> None:
    hold, clock, sent = menu()
    hold.press()
    for _ in range(10):  # a key's repeats while it is down
        clock.advance(0.1)
        hold.press()
    assert sent == []
    hold.release()
    assert sent == ["menu"]


def test_held_home_then_off_and_let_go_off_cancel_with_repeats_all_along() -> None:
    hold, clock, sent = menu()
    hold.press()
    clock.advance(HOLD - 0.01)
    hold.press()
    assert sent == []
    clock.advance(0.02)
    hold.press()
    assert sent == ["home"]
    clock.advance(OFF_AFTER_HOME)
    hold.press()
    assert sent == ["home", "off"]
    clock.advance(10)
    hold.release()
    assert sent == ["home", "off", "off_cancel"]


def test_let_go_after_home_sends_nothing_more() -> None:
    hold, clock, sent = menu()
    hold.press()
    clock.advance(HOLD)
    hold.release()
    clock.advance(10)
    assert sent == ["home"]


def test_an_earlier_press_timer_that_fires_late_sends_nothing() -> None:
    """A thread's timer may fire just after its cancel (gpiozero's threads)."""
    hold, clock, sent = menu()
    hold.press()
    first = clock.timers[0]
    hold.release()
    hold.press()  # a new press, not yet held long
    first.callback()  # the first press's timer, come too late
    hold.release()
    assert sent == ["menu", "menu"]


def test_stopped_it_sends_nothing() -> None:
    hold, clock, sent = menu()
    hold.press()
    hold.stop()
    clock.advance(10)
    hold.release()
    hold.press()
    clock.advance(10)
    assert sent == []


def test_the_standard_hold_time_is_the_shipped_pin_maps() -> None:
    """A Menu key without pins holds as long as the shipped buttons do."""
    assert load_pin_map(DEFAULT_PIN_MAP_PATH).hold_time == STANDARD_HOLD_TIME
