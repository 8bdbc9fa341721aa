from pathlib import Path

import pytest
from PIL import Image

from app.games import GAMES
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

ESCAPE, ENTER, BACKSPACE = 27, 13, 8


def test_the_app_opens_at_home_with_the_four_games(driver: Driver) -> None:
    assert driver.app.root.current == "home"
    texts = driver.texts()
    for game in GAMES:
        assert game.title in texts
    assert "History" in texts and "Settings" in texts


def test_home_to_settings_and_back_by_touch(driver: Driver) -> None:
    driver.tap_text("Settings")
    assert driver.app.root.current == "settings"
    assert "Players" in driver.texts()
    assert "Buttons and lights" in driver.texts()

    driver.tap_text("Back")
    assert driver.app.root.current == "home"


def test_home_to_history_and_back_with_the_escape_key(driver: Driver) -> None:
    driver.tap_text("History")
    assert driver.app.root.current == "history"
    driver.press_key(ESCAPE)
    assert driver.app.root.current == "home"
    driver.press_key(ESCAPE)  # Escape at Home neither quits nor goes anywhere
    assert driver.app.root.current == "home"


def test_escape_held_goes_home_at_once_as_the_menu_button_does(driver: Driver) -> None:
    """Held, Escape repeats; like the Menu button held, it goes Home after the hold time,
    and not back a screen at a time. A short press is Back (Settings, not Home)."""
    driver.tap_text("Settings")
    driver.tap_text("Saved games")
    shown: list[str] = []
    driver.app.root.bind(current=lambda _manager, name: shown.append(name))
    driver.hold_key(ESCAPE, lambda: driver.app.root.current == "home")
    driver.key_up(ESCAPE)
    assert shown == ["home"]

    driver.tap_text("Settings")
    driver.tap_text("Saved games")
    driver.press_key(ESCAPE)
    assert driver.app.root.current == "settings"


def test_home_screenshot_is_the_reference_size_and_not_blank(
    driver: Driver, tmp_path: Path
) -> None:
    shot = driver.screenshot(tmp_path / "home.png")
    with Image.open(shot) as image:
        assert image.size == (800, 480)
        colours = image.convert("RGB").getcolors(maxcolors=1_000_000)
    assert colours is not None
    assert len(colours) > 50  # text and tiles, not a single flat fill
