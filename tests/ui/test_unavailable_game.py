"""A game whose shipped data file is missing: Home says so in words when it is opened,
and the other games still open."""

from collections.abc import Iterator
from pathlib import Path

import pytest
from kivy.uix.widget import Widget

from app.kit.popups import MessagePopup
from engines.skogen import board
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


@pytest.fixture
def skogen_without_its_board(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    (tmp_path / "data").mkdir()  # an empty data folder: board.toml is missing
    monkeypatch.setattr(board, "DATA", tmp_path / "data")
    board.default_board.cache_clear()
    yield
    board.default_board.cache_clear()


def new_game_button(driver: Driver, key: str) -> Widget:
    tiles = driver.app.root.get_screen("home").ids.tiles.children
    tile = next(each for each in tiles if each.key == key)
    return next(w for w in tile.walk() if getattr(w, "text", "") == "New game")


def test_a_game_without_its_data_file_says_why_and_the_others_open(
    driver: Driver, skogen_without_its_board: None
) -> None:
    driver.tap(new_game_button(driver, "skogen"))
    assert driver.app.root.current == "home"
    (notice,) = [w for w in driver.visible() if isinstance(w, MessagePopup)]
    assert notice.heading == "Skogen is unavailable"
    assert notice.message == (
        "Skogen cannot be played: its data file data/board.toml is missing. "
        "Reinstall Tableside to repair it."
    )
    driver.close_popups()

    driver.tap(new_game_button(driver, "skoventyr"))
    assert driver.app.root.current == "new_game"
