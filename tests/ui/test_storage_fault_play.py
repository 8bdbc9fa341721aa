"""A storage fault in the middle of a game, through the screen: the move is refused in
words, the screen keeps the last saved state, and play goes on once the fault clears."""

import sqlite3

import pytest

from engines import chickwood as C
from engines import skogen as G
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
        assert "busy in another program" in screen.view.prompt
    finally:
        other.execute("rollback")
        other.close()
    screen.correct(wound)
    assert screen.play.session.actions[-1] == wound
    assert screen.view.prompt.startswith("Recorded:")


def test_an_undo_of_the_apps_roll_and_its_move_the_storage_cannot_save_takes_nothing_back(
    driver: Driver,
) -> None:
    """Skogen's undo takes back the move and the app's roll that came with it, saved as
    one: refused whole when it cannot be saved, then taken back whole, with what to put
    back told and kept with it (a game opened again tells the same)."""
    start_game(driver, 2, "The app rolls")
    screen = driver.app.current_screen
    play = screen.play
    store = driver.app.store
    tap_all(driver, "5", "5", "Enter 10 points")  # a green square: the app rolls its die
    assert [type(a) for a in play.session.actions] == [G.PlaceTiles, G.RollDie]
    tap_all(driver, "Done")
    state, events = play.state, play.session.events
    other = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    other.execute("begin exclusive")
    try:
        tap_all(driver, "Undo")
        assert "busy in another program" in screen.message
        assert play.state is state and play.session.events == events
        assert not screen.instructions.active  # nothing to put back: nothing was undone
    finally:
        other.execute("rollback")
        other.close()
    assert len(store.events(play.session_id)) == len(events)
    tap_all(driver, "Undo")  # the fault cleared: both go back together
    assert play.session.actions == () and screen.message == ""
    assert len(store.events(play.session_id)) == len(events) + 2
    assert screen.instructions.heading.startswith("Undone: ")
    kept = store.owed(play.session_id, len(play.session.events))
    assert kept == screen.controller.owed.to_data()


def test_a_raid_or_an_undo_the_storage_cannot_save_changes_nothing(driver: Driver) -> None:
    """Chickwood: a raid the storage refuses is said in words and stays on the pad; an
    undo it refuses takes nothing back. Both go through once the fault clears."""
    from app.games import BY_KEY
    from tests.ui.test_chickwood_play import button, castle, pad, scouted

    layout = ("village-1", "village-2", "village-3", "village-4", "village-5", "forest-1")
    config = C.Config(players=("Ana", "Bo"), layout=layout, starting_castles=(1, 2))
    driver.app.start_game(BY_KEY["chickwood"], config, ["Ana", "Bo"], seed=1)
    screen = driver.app.current_screen
    scouted(driver)
    play, store = screen.play, driver.app.store
    castle(driver, 3)
    pad(driver, "Gold\nchest")
    touches = list(screen.turn.keys)
    other = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    other.execute("begin exclusive")
    try:
        driver.tap(button(driver, "Raid castle 3"))
        assert "busy in another program" in screen.view.refusal
        assert play.session.events == () and screen.turn.keys == touches
    finally:
        other.execute("rollback")
        other.close()
    driver.tap(button(driver, "Raid castle 3"))  # the raid kept on the pad: saved now
    assert len(play.session.actions) == 1 and screen.view.refusal == ""
    state, events = play.state, play.session.events
    other = sqlite3.connect(store.path, isolation_level=None, timeout=0)
    other.execute("begin exclusive")
    try:
        driver.tap(button(driver, "Undo"))
        driver.tap_text("Undo it")  # Ana's turn is over: asked first
        assert "busy in another program" in screen.view.refusal
        assert play.state is state and play.session.events == events
    finally:
        other.execute("rollback")
        other.close()
    assert len(store.events(play.session_id)) == 1
    driver.tap(button(driver, "Undo"))
    driver.tap_text("Undo it")
    assert play.session.actions == () and screen.view.refusal == ""
    assert "Undone: Ana raids castle 3, taking 1 card" in driver.texts()
