"""A storage fault in the middle of a game, through the screen: the move is refused in
words, the screen keeps the last saved state, and play goes on once the fault clears."""

import sqlite3

import pytest

from tests.ui.driver import Driver
from tests.ui.test_skogen_play import start_game, tap_all

pytestmark = pytest.mark.ui


def test_a_move_the_storage_cannot_save_is_refused_and_can_be_made_again(
    driver: Driver,
) -> None:
    start_game(driver, 2, "The app rolls")
    screen = driver.app.current_screen
    play = screen.play
    store = driver.app.store
    assert store.path is not None
    other = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    other.execute("begin exclusive")  # another program holds the file
    try:
        tap_all(driver, "8", "Enter 8 points")
        assert "busy in another program" in screen.message
        assert "Your saved games are safe" in screen.message
        assert len(play.session.events) == 0 and play.state.phase != "element"
    finally:
        other.execute("rollback")
        other.close()
    tap_all(driver, "Enter 8 points")  # the fault cleared: the entry kept, it saves
    assert len(play.session.events) == 1
    assert len(store.events(play.session_id)) == 1
