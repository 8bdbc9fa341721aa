"""A fifth game joins through the two registries alone (docs/adding-a-game.md): Pebbles, a
test-only game in tests/fifth_game, is listed on Home, set up with its guide, played and
undone by touch, saved and resumed, shown in History and Statistics, and exported, with
no file of the app naming it."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote

import pytest

from app.exchange.bgstats_export import export_bgstats
from app.exchange.bgstats_link import push_link
from app.exchange.csv_files import export_csv
from app.exchange.tableside_json import export_json
from app.kit.widgets import TButton
from app.screens.history import FilterChip
from tests.fifth_game import rules as P
from tests.fifth_game.screens import registered
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def tile_button(driver: Driver, words: str) -> TButton:
    tile = driver.find("Pebbles").parent
    return next(w for w in tile.walk() if isinstance(w, TButton) and w.text == words)


def pile(driver: Driver) -> int:
    return P.left(driver.app.current_screen.play.state)


def test_a_fifth_game_is_played_saved_resumed_shown_and_exported(
    driver: Driver, tmp_path: Path
) -> None:
    store = driver.app.store
    for name in ("Ana", "Bo"):
        store.add_player(name)
    with registered() as game:
        driver.app.root.get_screen("home").refresh()  # as when Home is next shown
        driver.pump()
        assert "Take the last pebble" in driver.texts()  # its tile, beside the four
        driver.tap(tile_button(driver, "New game"))
        driver.tap_text("11")  # its own option row
        driver.tap_text("Set up the table")
        assert "Count 11 pebbles into a pile between you." in driver.texts()
        driver.tap_text("Done")
        assert driver.app.current_screen.game is game
        assert pile(driver) == 11

        driver.tap_text("Take 2")  # Ana
        driver.tap_text("Take 1")  # Bo
        assert pile(driver) == 8
        driver.tap_text("Undo")
        driver.tap_text("Undo it")  # Bo's turn is over: Undo asks before going back into it
        assert pile(driver) == 9
        assert "Bo puts back 1" in driver.texts()  # the table is told what to put back
        driver.tap_text("Done")

        driver.app.home()  # left mid-game: saved, and offered again on its tile
        driver.pump()
        driver.tap(tile_button(driver, "Resume"))
        assert pile(driver) == 9
        assert "Bo takes 1 or 2." in driver.texts()
        for _ in range(4):
            driver.tap_text("Take 2")  # Bo, Ana, Bo, Ana
        driver.tap_text("Take 1")  # Bo takes the last pebble
        outcome = driver.app.current_screen.play.session.outcome()
        assert outcome is not None and outcome.winners == ("Bo",)
        driver.close_popups()

        driver.app.home()
        driver.tap_text("History")
        shown = driver.texts()
        assert "Bo took the last pebble." in shown and "Ana, Bo \u00b7 11 pebbles" in shown
        driver.tap(driver.find("Pebbles", FilterChip))  # its own filter
        assert [row["game_key"] for row in driver.app.current_screen.rows] == ["pebbles"]
        driver.tap_text("Statistics")
        driver.tap_text("Pebbles")
        screen = driver.app.current_screen
        assert screen.heading == "Pebbles: final scores"
        assert screen.notes.startswith("2 scores")

        [saved] = store.sessions("pebbles")
        export_json(store, tmp_path / "tableside.json")
        written = json.loads((tmp_path / "tableside.json").read_text())
        assert written["games"]["pebbles"] == "Pebbles"
        sessions, _events = export_csv(store, tmp_path)
        assert "pebbles" in sessions.read_text()
        export_bgstats(store, tmp_path / "plays.bgsplay")
        plays = json.loads((tmp_path / "plays.bgsplay").read_text())
        [bg_game] = plays["games"]
        assert (bg_game["name"], bg_game["cooperative"]) == ("Pebbles", False)
        link = push_link(saved, store.logged_events(saved.id), store).link
        play = json.loads(unquote(link.partition("data=")[2]))
        assert (play["game"]["name"], play["game"]["noPoints"]) == ("Pebbles", False)
    driver.app.home()
    driver.app.root.get_screen("home").refresh()
    driver.pump()
    assert "Take the last pebble" not in driver.texts()  # off the lists again
