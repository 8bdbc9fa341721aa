"""Skoventyr's set-up guide draws the table: each step's pieces, marked, on the drawn
Forest; the pieces of later steps not yet."""

import pytest

from app.games import BY_KEY
from engines import skoventyr as S
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

CONFIGS = (
    S.Config(),
    S.Config(players=3, damaged_trees=1, lygtemands=True, rescue=True, deck_mode="table"),
)


@pytest.mark.parametrize("config", CONFIGS, ids=["standard", "modules"])
def test_each_step_that_places_pieces_draws_them_marked(driver: Driver, config: S.Config) -> None:
    steps = S.setup_steps(config)
    assert any(step.shows for step in steps)
    placed: set[str] = set()
    for index, step in enumerate(steps):
        picture = BY_KEY["skoventyr"].setup_picture(config, steps, index)
        if not step.shows:
            assert picture is None  # a step that places nothing leaves the words the room
            continue
        assert picture is not None
        placed |= set(step.shows)
        # Everything placed so far is drawn, nothing of a later step.
        assert set(picture.pieces) == placed, step.title
        # The step's own pieces are the marked ones, and only those (a pawn is marked
        # on the Tree it stands on, a token on its Minion).
        marked = {w for w in picture.walk() if getattr(w, "mark", "") == "to"}
        assert marked == {picture.pieces[key] for key in step.shows}, step.title
        assert all(tile.opacity == 1 for tile in picture.pieces.values())


def test_the_guide_shows_the_pawns_on_the_drawn_forest(driver: Driver) -> None:
    driver.app.go("setup_guide", game=BY_KEY["skoventyr"], config=S.Config(damaged_trees=1))
    driver.pump()
    screen = driver.app.current_screen
    titles = [step.title for step in screen._steps]
    screen.show(titles.index("Place the pawns"))
    driver.pump(2)
    picture = screen.ids.picture.children[0]
    ring = picture.ids.ring
    assert ring.tile(1).gamle_erik and ring.tile(4).vogter
    assert ring.tile(1).mark == ring.tile(4).mark == "to" and ring.tile(2).mark == ""
    assert not any(tile.damaged for tile in ring.children)  # turned over in a later step
    screen.show(titles.index("Damaged Trees"))
    driver.pump(2)
    ring = screen.ids.picture.children[0].ids.ring
    damaged = [tile for tile in ring.children if tile.damaged]
    assert [t.mark for t in damaged] == ["to"] and ring.tile(1).mark == ""
