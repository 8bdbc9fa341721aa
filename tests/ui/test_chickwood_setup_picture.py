"""Chickwood Forest's set-up drawn beside its words: each step that puts pieces on the
table shows the table as it then stands, that step's pieces outlined, later ones not yet
there."""

import pytest

from app.chickwood.setup_picture import SetupPicture
from app.chickwood.widgets import VillageCard
from app.games import BY_KEY
from engines.chickwood import Config, setup_steps
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

CONFIG = Config(players=("Anna", "Ben", "Cara"), starting_castles=(3, 1, 4))


def test_each_step_draws_what_is_out_so_far_with_its_own_pieces_marked(driver: Driver) -> None:
    steps = setup_steps(CONFIG)
    placed: set[str] = set()
    for index, step in enumerate(steps):
        drawn = BY_KEY["chickwood"].setup_picture(CONFIG, steps, index)
        if not step.shows:
            assert drawn is None  # sorting cards puts nothing out: the words get the room
            continue
        placed |= set(step.shows)
        assert isinstance(drawn, SetupPicture)
        assert set(drawn.pieces) == placed, step.title  # nothing from a later step
        assert drawn.marked() == set(step.shows), step.title
    titles = [step.title for step in steps if step.shows]
    assert titles == [
        "Deal the loot",
        "Take your alms",
        "Lay out the villages",
        "Set out the castles",
        "Starting castles",
    ]
    assert "Cara's castle 4" in steps[-1].shows


def test_the_guide_shows_the_villages_as_they_are_laid(driver: Driver) -> None:
    driver.app.go("setup_guide", game=BY_KEY["chickwood"], config=CONFIG)
    driver.pump()
    screen = driver.app.current_screen
    while screen.step_title != "Lay out the villages":
        driver.tap_text("Next")
    driver.pump(3)
    shown = [w for w in screen.ids.picture.walk() if isinstance(w, SetupPicture)]
    assert len(shown) == 1 and screen.has_picture
    cards = [w for w in shown[0].walk() if isinstance(w, VillageCard)]
    assert len(cards) == 9 and all(card.lit for card in cards)  # all laid in this step
    words = " ".join(screen.step_items)  # the words list the same cards, by glory
    assert all(c.glory.capitalize() in words for c in CONFIG.cards_in_play if not c.forest)
    driver.tap_text("Next")  # the castles: the villages stay, no longer outlined
    driver.pump(3)
    cards = [w for w in screen.ids.picture.walk() if isinstance(w, VillageCard)]
    assert len(cards) == 9 and not any(card.lit for card in cards)
