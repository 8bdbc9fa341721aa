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


def test_who_starts_is_chosen_in_the_guide_and_the_game_follows(driver: Driver) -> None:
    """Review N15: the table picks who starts at the guide's step, no new game needed;
    the turn order turns with it, and the game starts so."""
    from dataclasses import replace

    from app.kit.widgets import TButton
    from app.screens.new_game import seated
    from engines import skoventyr as S

    config = G.Config(players=("Ana", "Bo", "Cy"))
    chosen: list[G.Config] = []
    driver.app.go("setup_guide", game=BY_KEY["skogen"], config=config, on_done=chosen.append)
    driver.pump()
    screen = driver.app.current_screen
    titles = [step.title for step in screen._steps]
    screen.show(titles.index("Who starts"))
    driver.pump(2)
    lit = [w.text for w in driver.visible() if isinstance(w, TButton) and w.role == "primary"]
    assert "Ana starts" in lit  # as the players were listed
    places = [w.text for w in screen.ids.choices.children]
    driver.tap_text("Bo starts")
    assert screen.step_items == ["1. Bo", "2. Cy", "3. Ana"]
    assert [w.text for w in screen.ids.choices.children] == places  # none moved
    lit = [w.text for w in driver.visible() if isinstance(w, TButton) and w.role == "primary"]
    assert "Bo starts" in lit and "Ana starts" not in lit
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    assert chosen == [replace(config, players=("Bo", "Cy", "Ana"))]
    assert seated(chosen[0], ["Ana", "Bo", "Cy"]) == ["Bo", "Cy", "Ana"]
    assert seated(S.Config(players=2), ["Ana", "Bo"]) == ["Ana", "Bo"]  # names no one
