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
    # The rulebook's order (review N15): the harder game's Tree is laid Damaged first...
    screen.show(titles.index("Lay out the Forest"))
    driver.pump(2)
    ring = screen.ids.picture.children[0].ids.ring
    assert [tile.damaged for tile in ring.children].count(True) == 1
    assert not any(tile.gamle_erik or tile.vogter for tile in ring.children)
    # ... then the pawns go on, Vogter just before it.
    screen.show(titles.index("Place the pawns"))
    driver.pump(2)
    picture = screen.ids.picture.children[0]
    ring = picture.ids.ring
    assert ring.tile(1).gamle_erik and ring.tile(4).vogter and ring.tile(5).damaged
    assert ring.tile(1).mark == ring.tile(4).mark == "to" and ring.tile(2).mark == ""
    assert ring.tile(5).mark == ""
    assert "Damaged Trees" not in titles  # not told twice


def test_the_guide_draws_this_games_acorns_lygtemands_and_x2(driver: Driver) -> None:
    """Review N15: what the app deals at set-up is drawn in the guide as the game will
    have it: the guide and the game share one seed."""
    from app.kit.widgets import TButton
    from app.skoventyr.look import lygtemand_words

    tile = driver.find("Skoventyr").parent
    driver.tap(next(w for w in tile.walk() if isinstance(w, TButton) and w.text == "New game"))
    for row, words in (("Lygtemands", "With"), ("Rescue", "With")):
        line = driver.find(row).parent
        driver.tap(next(w for w in line.walk() if isinstance(w, TButton) and w.text == words))
    driver.tap_text("Set up the table")
    guide = driver.app.current_screen
    titles = [step.title for step in guide._steps]
    dealt = S.new_game(S.Config(lygtemands=True, rescue=True), guide._seed)
    guide.show(titles.index("Acorns"))
    driver.pump(2)
    texts = driver.texts()
    for minion in dealt.minions:
        assert f"Acorn {minion.acorn}" in texts
        assert lygtemand_words(str(minion.lygtemand)) in texts
    double = next(h.card for h in dealt.hostages if h.double)
    assert double.label in texts and {"x2 on", "x2 token on"} & set(texts)
    while "Done" not in driver.texts():
        driver.tap_text("Next")
    driver.tap_text("Done")
    play = driver.app.current_screen.play
    assert play.session.seed == guide._seed
    assert [m.acorn for m in play.state.minions] == [m.acorn for m in dealt.minions]
