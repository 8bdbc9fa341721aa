"""A storage fault in the middle of a game, through the screen: the move is refused in
words, the screen keeps the last saved state, and play goes on once the fault clears."""

import sqlite3

import pytest

from tests.ui.driver import Driver
from tests.ui.test_skogen_play import start_game, tap_all
from tests.ui.test_skulk_hollow_play import start_game as start_game_against
from tests.ui.test_skulk_hollow_play import telling_or_hero, touch, wait

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


def test_a_guardian_turn_done_at_the_table_but_not_saved_is_saved_again(
    driver: Driver,
) -> None:
    start_game_against(driver, "Grak")
    screen = driver.app.current_screen
    store = driver.app.store
    touch(driver, ("verb", "end"))  # with actions left: asked once, then ended
    wait(driver, telling_or_hero(driver), drawing=True)
    assert screen.instructions.active, "Grak's turn starts with something to do"
    recorded = len(screen.play.session.actions)
    other = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    other.execute("begin exclusive")
    try:
        while screen.instructions.active:
            driver.tap_text("Done")
        assert "busy in another program" in screen.message
        assert screen.state.asking == "guardian" and screen.turn.plan is not None
        assert "Save again" in driver.texts()
        assert len(screen.play.session.actions) == recorded  # nothing unsaved was taken
    finally:
        other.execute("rollback")
        other.close()
    driver.tap_text("Save again")  # the fault cleared: what the table did is saved
    for _ in range(20):
        wait(driver, telling_or_hero(driver), drawing=True)
        if not screen.instructions.active:
            break
        driver.tap_text("Done")
    assert screen.turn.plan is None and screen.state.asking == "hero"
    assert len(screen.play.session.actions) > recorded
    assert len(store.events(screen.play.session_id)) == len(screen.play.session.events)


def test_a_correction_refused_by_the_storage_then_saved_leaves_no_stale_message(
    driver: Driver,
) -> None:
    from engines import skulk_hollow as K

    start_game_against(driver, "Grak")
    screen = driver.app.current_screen
    store = driver.app.store
    wound = next(e for e in K.manual_edits(screen.state) if "wound" in e.label)
    other = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    other.execute("begin exclusive")
    try:
        screen.correct(wound)
        assert "busy in another program" in screen.prompt
    finally:
        other.execute("rollback")
        other.close()
    screen.correct(wound)
    assert screen.play.session.actions[-1] == wound
    assert screen.prompt.startswith("Recorded:")
