"""Turning the Pi off without pulling the plug, in the real window: Menu held on (the
button, or the desktop's Escape key) counts down on screen and on the buzzer, and
letting go cancels; Settings → Turn off the Pi asks
first, says why not where it may not, and says so when the Pi refuses. The call that
would turn the machine off is always a stand-in here."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from kivy.core.window import Keyboard

from app import turning_off
from app.application import TablesideApp
from hardware import menu_hold, power
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

ESCAPE = Keyboard.keycodes["escape"]


class PowerOff:
    """Stands in for hardware.power.power_off: counts the calls, answers as told."""

    def __init__(self, answer: str | None = None) -> None:
        self.calls = 0
        self.answer = answer

    def __call__(self) -> str | None:
        self.calls += 1
        return self.answer


@pytest.fixture
def power_off(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> PowerOff:
    stand_in = PowerOff()
    monkeypatch.setattr(driver.app, "power_off", stand_in)
    return stand_in


def counting_down(app: TablesideApp) -> bool:
    countdown = app._countdown
    return countdown is not None and countdown.running


class MenuButton:
    """The GPIO Menu button (a simulated pin)."""

    def __init__(self, driver: Driver) -> None:
        controls = driver.app.controls
        assert controls is not None
        self.driver = driver
        self.pin = controls.pin_factory.pin(controls.pin_map.buttons.menu)

    def hold(self, until: Callable[[], bool]) -> None:
        self.driver.wait_for_tap_guard()
        self.pin.drive_low()
        self.driver.wait_for(until, seconds=15)

    def let_go(self) -> None:
        self.pin.drive_high()


class MenuKey:
    """The desktop's Menu key, Escape: held, it repeats."""

    def __init__(self, driver: Driver) -> None:
        self.driver = driver

    def hold(self, until: Callable[[], bool]) -> None:
        self.driver.hold_key(ESCAPE, until, seconds=15)

    def let_go(self) -> None:
        self.driver.key_up(ESCAPE)


@pytest.mark.parametrize("menu_kind", [MenuButton, MenuKey], ids=["button", "key"])
def test_menu_held_on_counts_down_to_turning_off_and_letting_go_cancels(
    driver: Driver,
    power_off: PowerOff,
    monkeypatch: pytest.MonkeyPatch,
    menu_kind: type[MenuButton | MenuKey],
) -> None:
    monkeypatch.setattr(menu_hold, "OFF_AFTER_HOME", 0.2)
    monkeypatch.setattr(turning_off, "COUNTDOWN_SECONDS", 2)
    controls = driver.app.controls
    assert controls is not None
    beeps: list[str] = []
    monkeypatch.setattr(controls, "beep", beeps.append)
    menu = menu_kind(driver)
    driver.tap_text("Settings")

    # Held: Home first, then the countdown, with a beep.
    menu.hold(lambda: counting_down(driver.app))
    assert driver.app.root.current == "home"
    assert "Turning off" in driver.texts()
    assert turning_off.countdown_words(2) in driver.texts()
    assert beeps == ["click"]
    # Let go: cancelled, the popup gone, and the Pi never asked.
    menu.let_go()
    driver.wait_for(lambda: not counting_down(driver.app), seconds=5)
    driver.pump(2)
    assert "Turning off" not in driver.texts()
    assert power_off.calls == 0

    # Held on to the end: a beep each second, then the Pi is asked to turn off.
    menu.hold(lambda: power_off.calls == 1)
    menu.let_go()
    driver.pump(2)
    assert beeps == ["click", "click", "click"]
    assert turning_off.GOING in driver.texts()
    driver.close_popups()


def test_settings_turn_off_asks_first_and_says_why_the_pi_stays_on(
    driver: Driver, power_off: PowerOff, monkeypatch: pytest.MonkeyPatch
) -> None:
    driver.tap_text("Settings")

    # Not the Pi's installed app (as here): it says so and asks nothing.
    monkeypatch.delenv(power.POWER_OFF_ENV, raising=False)
    driver.tap_text("Turn off the Pi")
    assert power.NOT_HERE in driver.texts()
    assert power_off.calls == 0
    driver.close_popups()

    # The installed app: asked once; Cancel leaves it on.
    monkeypatch.setenv(power.POWER_OFF_ENV, "1")
    driver.tap_text("Turn off the Pi")
    assert "Turn off the Pi?" in driver.texts()
    driver.tap_text("Cancel")
    assert power_off.calls == 0

    # The Pi refuses (no polkit rule): said in a player's words.
    power_off.answer = power.REFUSED
    driver.tap_text("Turn off the Pi")
    driver.tap_text("Turn off")
    assert power_off.calls == 1
    assert turning_off.STAYS_ON in driver.texts()
    assert power.REFUSED in driver.texts()
    driver.close_popups()
