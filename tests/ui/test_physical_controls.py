"""The physical buttons and lights (simulated pins) in the games: confirm takes the
guardian's step, a long press on Menu goes Home, the lights follow the game, and the
buzzer sounds at the end (muting is tested with the hardware layer)."""

import time

import pytest

from engines import skoventyr as S
from engines import skulk_hollow as K
from hardware import Controls
from tests.ui.driver import Driver
from tests.ui.test_skoventyr_play import start_game as start_skoventyr
from tests.ui.test_skulk_hollow_play import start_game as start_skulk_hollow

pytestmark = pytest.mark.ui


def press(driver: Driver, controls: Controls, pin_number: int, hold: float = 0.0) -> None:
    pin = controls.pin_factory.pin(pin_number)
    driver.wait_for_tap_guard()
    pin.drive_low()
    if hold:
        time.sleep(hold)
    pin.drive_high()
    driver.pump()


def test_confirm_takes_the_guardians_step_and_the_lights_follow(driver: Driver) -> None:
    start_skulk_hollow(driver, "Grak")
    controls = driver.app.controls
    assert controls is not None
    screen = driver.app.current_screen
    assert controls.light_state("turn") == "on"  # the hero's turn
    leader_exposed = screen.state.units and not any(
        K.board.protected(screen.state, unit) for unit in screen.state.units
    )
    assert controls.light_state("danger") == ("blink" if leader_exposed else "off")

    driver.tap_text("End turn")
    driver.tap_text("End the turn")  # with actions left, it asks once
    assert screen.state.asking == "guardian"
    assert controls.light_state("turn") == "blink"  # the guardian's turn
    driver.wait_until(lambda: screen.instructions.active)  # the hand is refilled first
    told = screen.instructions.current
    press(driver, controls, controls.pin_map.buttons.confirm)
    driver.wait_until(lambda: screen.instructions.current is not told)


def test_a_long_press_on_menu_goes_home(driver: Driver) -> None:
    start_skoventyr(driver, 1, {})
    driver.close_popups()
    controls = driver.app.controls
    assert controls is not None
    press(driver, controls, controls.pin_map.buttons.menu, hold=controls.pin_map.hold_time + 0.3)
    driver.wait_until(lambda: driver.app.root.current == "home")
    driver.pump(2)
    assert controls.light_state("turn") == "off"  # leaving the game puts the lights out


def test_the_buzzer_sounds_the_end_of_a_game(driver: Driver) -> None:
    controls = driver.app.controls
    assert controls is not None
    sounds: list[str] = []
    real_beep = controls.beep
    controls.beep = lambda pattern: sounds.append(pattern)  # type: ignore[method-assign]
    try:
        start_skoventyr(driver, 1, {})
        driver.close_popups()
        screen = driver.app.current_screen
        vogter = screen.state.forest.vogter
        screen.take(S.EditMovePawn("gamle_erik", vogter))  # Gamle Erik catches him
        assert screen.state.ended is not None
        assert sounds == ["loss"]
    finally:
        del controls.beep
    assert controls.beep == real_beep
