"""A button never changes meaning under a finger: taps right after a change are ignored."""

import time

import pytest
from kivy.tests.common import UnitTestTouch
from kivy.uix.modalview import ModalView

from app.kit import tap_guard
from app.kit.popups import show_notice
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

ENTER = 13


def open_popups() -> list[ModalView]:
    from kivy.core.window import Window

    return [child for child in Window.children if isinstance(child, ModalView)]


def test_a_second_tap_right_after_the_screen_changes_is_ignored(driver: Driver) -> None:
    driver.tap_text("History")
    assert driver.app.root.current == "history"
    import_button = driver.find("Import")

    # The impatient second tap lands where Home's History button was: on Import.
    driver.tap(import_button, wait_for_guard=False)
    assert open_popups() == []

    # A tap after the pause is taken.
    driver.tap(import_button)
    assert len(open_popups()) == 1


def test_a_press_begun_before_a_change_does_not_act_after_it(driver: Driver) -> None:
    history = driver.find("History")
    driver.wait_for_tap_guard()
    x, y = history.to_window(*history.center)
    touch = UnitTestTouch(x, y)
    touch.touch_down()
    driver.pump()
    assert history.state == "down"
    tap_guard.changed()  # e.g. the prompt changed while the finger was down
    touch.touch_up()
    driver.pump()
    assert driver.app.root.current == "home"
    assert history.state == "normal"


def test_the_buttons_and_keys_wait_out_the_guard_too(driver: Driver) -> None:
    show_notice("Please note", "A notice has just opened.")
    driver.pump()
    assert tap_guard.guarding()  # opening a popup raised the guard
    driver.app.dispatch_intent("confirm")  # a press during the change: ignored
    assert len(open_popups()) == 1
    time.sleep(tap_guard.remaining())
    driver.app.dispatch_intent("confirm")
    driver.pump()
    assert open_popups() == []
