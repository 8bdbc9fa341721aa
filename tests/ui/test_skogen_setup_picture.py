"""Skogen's set-up guide draws the table: each step's pieces outlined, later ones not yet
there (issue 28, item 6)."""

import pytest
from kivy.uix.widget import Widget

from app.games import BY_KEY
from app.skogen.setup_picture import SkogenTable
from engines import skogen as G
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def tables(screen: Widget) -> list[SkogenTable]:
    return [w for w in screen.ids.picture.walk() if isinstance(w, SkogenTable)]


def test_each_step_that_places_pieces_draws_the_table_with_them_marked(driver: Driver) -> None:
    config = G.Config(players=("Ana", "Bo"), die="table")
    driver.app.go("setup_guide", game=BY_KEY["skogen"], config=config)
    driver.pump()
    screen = driver.app.current_screen
    steps = G.setup_steps(config)
    placed: set[str] = set()
    for index, step in enumerate(steps):
        driver.pump(2)
        pictures = tables(screen)
        if not step.shows:  # who starts: nothing new on the table, the words take the room
            assert pictures == [] and not screen.has_picture
            continue
        placed |= set(step.shows)
        [table] = pictures
        assert table.width > 300 and table.height > 200  # beside the words, at 800x480
        marked = {name for name, piece in table.pieces.items() if piece.marked}
        drawn = {name for name, piece in table.pieces.items() if piece.opacity > 0}
        assert marked == set(step.shows), step.title
        assert drawn == placed, step.title  # nothing from a later step yet
        if index + 1 < len(steps):
            driver.tap_text("Next")
    assert set(table.pieces) == placed  # every piece drawn belongs to a step

    # Who rolls decides whether the die lies on the table.
    app_die = G.Config(players=("Ana", "Bo"), die="app")
    driver.app.go("setup_guide", game=BY_KEY["skogen"], config=app_die)
    driver.pump()
    driver.app.current_screen.show(5)
    driver.pump(2)
    [table] = tables(driver.app.current_screen)
    assert table.pieces["the catastrophe die"].opacity == 0
    assert table.pieces["B life cards"].marked
