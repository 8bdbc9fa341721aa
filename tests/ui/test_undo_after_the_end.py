"""Undo after the end, through the screen: a finished game's Undo takes back the move
that ended it, and the game goes on, unfinished again."""

import random

import pytest

import engines
from app.games import BY_KEY
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("key", engines.game_keys())
def test_the_move_that_ended_the_game_can_be_taken_back(driver: Driver, key: str) -> None:
    game = BY_KEY[key]
    rules = game.rules()
    driver.app.start_game(game, None, ["Ana", "Bo"], seed=3)
    driver.pump(3)
    play = driver.app.current_screen.play
    chooser = random.Random(3)
    while play.session.outcome() is None:
        play.play(chooser.choice(rules.legal_actions(play.state)))
    driver.app.current_screen.refresh()
    driver.close_popups()  # the end is announced
    driver.pump(3)
    assert driver.app.store.sessions()[0].status == "finished"

    driver.tap_text("Undo")
    assert play.session.outcome() is None
    assert driver.app.store.sessions()[0].status == "active"
