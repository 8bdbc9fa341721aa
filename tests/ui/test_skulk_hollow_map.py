"""Skulk Hollow's map: every piece on a space is shown however crowded the space is (by
name, else by the hero's code, tokens counted by kind), and the legibility check finds a
space that leaves a piece out."""

from typing import Any

import pytest

from app.games import BY_KEY
from app.kit import legibility
from app.skulk_hollow import demo
from app.skulk_hollow.widgets import MapCell
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

CROWDED = {name: (config, advance) for name, config, advance in demo.SCENES if "crowded" in name}


def show_scene(driver: Driver, name: str) -> Any:
    config, advance = CROWDED[f"play_skulk_hollow_crowded_{name}"]
    driver.app.start_game(BY_KEY["skulk_hollow"], config, ["Ana"], seed=7)
    driver.close_popups()
    screen = driver.app.current_screen
    advance(screen)
    screen.refresh()
    driver.pump(3)
    return screen


def drawn(screen: Any, space: str) -> str:
    cell = next(c for c in screen.ids.map.children if c.target == ("space", space))
    return legibility._drawn_text(cell)


def test_crowded_spaces_show_every_piece(driver: Driver) -> None:
    assert sorted(CROWDED) == [
        f"play_skulk_hollow_crowded_{name}" for name in ("apoda", "grak", "raptra", "tanthos")
    ]
    # Apoda's start: KEEP holds two runes and both heroes.
    keep = drawn(show_scene(driver, "apoda"), "keep")
    words = keep.split()
    assert "2 runes" in keep and {"KW", "King"} & set(words) and {"S", "Sentinel"} & set(words)
    screen = show_scene(driver, "tanthos")
    assert drawn(screen, "lair").split() == ["TANTHOS", "LAIR", "1", "root"]
    clearing = drawn(screen, "clearing")
    assert "1 root" in clearing and ("Knight 1" in clearing or "K1" in clearing.split())
    grak = drawn(show_scene(driver, "grak"), "keep")
    assert grak.startswith("GRAK KEEP")
    for code, name in (("KW", "King"), ("K1", "Knight 1"), ("S", "Sentinel")):
        assert code in grak.split() or name in grak, grak
    raptra = drawn(show_scene(driver, "raptra"), "clearing")
    assert raptra.startswith("RAPTRA CLEARING") and set(raptra.split()) >= {"QB", "K1", "S"}


@pytest.mark.parametrize("name", ["apoda", "grak", "raptra", "tanthos"])
def test_the_check_passes_crowded_spaces(driver: Driver, name: str) -> None:
    show_scene(driver, name)
    assert legibility.problems(driver.measure()) == []


def test_the_check_finds_a_space_that_drops_its_pieces(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The map as it was: a space too crowded for its lines wrote its name alone."""

    def name_alone(cell: MapCell) -> str:
        return "\n".join([cell.guardian, cell.name] if cell.guardian else [cell.name])

    monkeypatch.setattr(MapCell, "_fitted", name_alone)
    show_scene(driver, "tanthos")
    found = legibility.problems(driver.measure())
    assert any(p.startswith("MapCell") and '"1 root" is not shown' in p for p in found), found
    assert any('"Knight 1" is not shown' in p for p in found), found


def test_the_map_text_grows_with_its_diamonds() -> None:
    """Review N22: the floor size in the 7" panel's diamonds, larger in a portrait
    window's, never past the largest."""
    from kivy.metrics import dp

    from app.skulk_hollow.widgets import MAP_FONT_MAX_SP, MAP_FONT_SP, map_font_sp

    assert map_font_sp(dp(100)) == MAP_FONT_SP
    assert MAP_FONT_SP < map_font_sp(dp(150)) < MAP_FONT_MAX_SP
    assert map_font_sp(dp(400)) == MAP_FONT_MAX_SP
