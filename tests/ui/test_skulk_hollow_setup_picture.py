"""Skulk Hollow's set-up guide draws the table after each step that puts pieces on it:
the map with the pieces placed so far, the components beside it, and exactly the step's
own pieces outlined."""

from pathlib import Path

import pytest

from app.games import BY_KEY
from app.skulk_hollow.setup_picture import SetupChip, SetupPicture, map_pieces
from app.skulk_hollow.widgets import HollowMap
from engines import skulk_hollow as K
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

CONFIGS = [
    K.Config(),
    K.Config(guardian="apoda", leader="prince_of_guile"),
    K.Config(guardian="tanthos", hero_relics=2),
    K.Config(guardian="raptra", guardian_relics=1),
]


def cells(view: SetupPicture) -> dict[str, dict[str, object]]:
    maps = [child for child in view.children if isinstance(child, HollowMap)]
    return {cell["target"][1]: cell for cell in maps[0].cells} if maps else {}


@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.guardian)
def test_each_step_that_places_pieces_draws_them_and_marks_its_own(config: K.Config) -> None:
    steps = K.setup_steps(config)
    state = K.new_game(config)
    on_map = map_pieces(state)
    every = [words for step in steps for words in step.shows]
    assert set(on_map.values()) <= set(every)  # every piece on the map is set up by a step
    for index, step in enumerate(steps):
        view = BY_KEY["skulk_hollow"].setup_picture(config, steps, index)
        if not step.shows:
            assert view is None
            continue
        assert view is not None
        assert view.marked == list(step.shows)
        assert view.drawn == [words for s in steps[: index + 1] for words in s.shows]
        chips = [c for c in view.walk() if isinstance(c, SetupChip)]
        assert {c.text for c in chips if c.marked} == set(step.shows) - set(on_map.values()) - {
            "Skulk Hollow map"
        }
        spaces = cells(view)
        placed = set(view.drawn)
        for (space, _what), words in on_map.items():
            cell = spaces.get(space)
            if words not in placed:  # a later step's piece is not drawn yet
                assert cell is None or words.partition(" on ")[0] not in _drawn(cell)
                continue
            assert cell is not None and words.partition(" on ")[0] in _drawn(cell), words
        marked = {space for space, cell in spaces.items() if cell["mark"]}
        if "Skulk Hollow map" in step.shows:  # the map itself is placed: all of it (N15)
            assert marked == set(spaces)
        else:
            assert marked == {space for (space, _), w in on_map.items() if w in step.shows}


def _drawn(cell: dict[str, object]) -> list[str]:
    heroes = cell["heroes"]
    tokens = cell["tokens"]
    assert isinstance(heroes, list) and isinstance(tokens, list)
    guardian = str(cell["guardian"]).title()
    return [guardian, *[hero[0] for hero in heroes], *tokens]


def test_apoda_runes_step_in_the_guide(driver: Driver, tmp_path: Path) -> None:
    config = K.Config(guardian="apoda")
    driver.app.go("setup_guide", game=BY_KEY["skulk_hollow"], config=config)
    screen = driver.app.current_screen
    index = next(i for i, s in enumerate(K.setup_steps(config)) if "2 runes on KEEP" in s.shows)
    screen.show(index)
    driver.pump(3)
    view = screen.ids.picture.children[0]
    assert isinstance(view, SetupPicture)
    keep = next(c for c in view.walk() if getattr(c, "target", None) == ("space", "keep"))
    assert keep.mark and "2 runes" in keep.text and "KEEP" in keep.text
    assert not keep.heroes  # the heroes come in a later step
    driver.screenshot(tmp_path / "apoda.png")
