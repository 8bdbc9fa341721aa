"""Skogen corrections through the screen: an old turn put right without undoing the
turns after it, reached in two touches."""

import pytest
from kivy.uix.widget import Widget

from app.kit.widgets import TButton
from app.skogen.widgets import LedgerRow
from engines import skogen as G
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def press(driver: Driver, words: str) -> Widget:
    driver.pump(3)  # a panel or popup shown by the last touch is laid out first
    found = [w for w in driver.visible() if isinstance(w, TButton) and w.text == words]
    assert len(found) == 1, f"no button {words!r} in {driver.texts()}"
    driver.tap(found[0])
    return found[0]


def choose(driver: Driver, row_label: str, words: str) -> None:
    row = driver.find(row_label).parent
    driver.tap(next(w for w in row.walk() if isinstance(w, TButton) and w.text == words))


def test_an_old_turn_is_corrected_in_two_touches_and_later_turns_stand(driver: Driver) -> None:
    tile = driver.find("Skogen").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    choose(driver, "Players", "2")
    choose(driver, "Catastrophe die", "We roll the real die")
    driver.tap_text("Set up the table")
    while driver.app.root.current == "setup_guide":
        driver.tap_text("Done" if "Done" in driver.texts() else "Next")
    screen = driver.app.current_screen
    play = screen.play
    play.play(G.PlaceTiles("Player 1", (3,), 0, drew=1))
    play.play(G.PlaceTiles("Player 2", (2,), 0, drew=1))
    screen.refresh()
    later = play.state.ledger[1]

    # Turn 1 was a 6, not a 3: Player 1's row, then the turn (two touches).
    touches = 0
    driver.pump(3)
    row = next(w for w in driver.visible() if isinstance(w, LedgerRow) and w.name == "Player 1")
    driver.tap(row)
    touches += 1
    press(driver, "Change turn 1: 3 = 3 points, drew 1")
    touches += 1
    assert touches == 2 and screen.view.fixing
    assert "Turn 1 as it really was: 3 = 3 points; then draw 1 species tile" in driver.texts()
    press(driver, "Undo")  # takes the 3 off the keypad
    press(driver, "6")
    press(driver, "Save turn 1")
    state = play.state
    assert state.ledger[0].species == (6,) and state.ledger[1] == later
    assert state.players[0].score == 6 and state.players[1].score == 2
    assert isinstance(play.session.actions[-1], G.FixTurn)
    # The header counts as Undo's question does (review P13): rounds, and whose turn.
    assert not screen.view.fixing and screen.view.title == "Round 2, Player 1's turn"

    # Undo takes the correction back, and only it.
    press(driver, "Undo")
    driver.close_popups()
    assert play.state.ledger[0].species == (3,) and play.state.players[0].score == 3
