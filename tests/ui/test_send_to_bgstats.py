"""Sending a finished game to BG Stats by touch: the end screen of every game and each
finished game in History show its code, which a real decoder reads off the window
(800x480) as exactly the game's link, upright and not mirrored, every module at least
4 pixels; the window's own picture, not a copy drawn by the test."""

from __future__ import annotations

import os
import random
import subprocess
import sys
from pathlib import Path

import pytest
import segno
import zxingcpp
from kivy.core.window import Keyboard
from kivy.uix.widget import Widget
from PIL import Image

import engines
from app.exchange.bgstats_link import ERROR_LEVEL, MODULE_PX, PushLink, push_link
from app.games import BY_KEY
from app.kit.qr_code import QUIET_ZONE, module_px
from app.play.send_to_bgstats import CODE_SCREEN, SEND, SendToBGStatsButton, send_to_bgstats
from app.storage.store import Store
from tests.qr_reading import play_in, read_code
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

NAMES = ["Åse", "Øyvind", "Zoë", "Dag"]


def _link(store: Store, session_id: int) -> PushLink:
    events, _unreadable = store.readable_events(session_id)
    return push_link(store.session(session_id), events, store)


def _code_on_the_window(driver: Driver, tmp_path: Path, link: PushLink) -> str:
    """The text of the code the window shows, read off its picture, which must show
    the code of ``link`` exactly."""
    assert driver.app.root.current == CODE_SCREEN
    driver.pump(3)
    assert driver.app.current_screen.ids.code.module_px >= MODULE_PX
    with Image.open(driver.screenshot(tmp_path / "window.png")) as picture:
        return read_code(picture, link.code().matrix)


@pytest.mark.parametrize("key", engines.game_keys())
def test_the_end_screen_of_every_game_shows_its_code(
    driver: Driver, key: str, tmp_path: Path
) -> None:
    game = BY_KEY[key]
    rules = game.rules()
    driver.app.start_game(game, None, NAMES[:1] if key == "skulk_hollow" else NAMES[:2], seed=5)
    driver.pump(3)
    screen = driver.app.current_screen
    while screen.instructions.active:  # what the game opens with (Chickwood's scouting)
        screen.instruction_done()
    chooser = random.Random(5)
    while screen.play.session.outcome() is None:
        screen.play.play(chooser.choice(rules.legal_actions(screen.play.state)))
    screen.refresh()
    driver.close_popups()  # the end is announced
    driver.pump(3)
    session_id = screen.play.session_id

    driver.tap_text(SEND)

    link = _link(driver.app.store, session_id)
    assert _code_on_the_window(driver, tmp_path, link) == link.link
    driver.tap_text("Back")
    assert driver.app.current_screen is screen


def _send_buttons(driver: Driver) -> dict[int, SendToBGStatsButton]:
    """History's rows that offer to send their game, by the game's id."""
    buttons = [b for b in driver.visible() if isinstance(b, SendToBGStatsButton) and b.shown]
    return {int(_row_of(button).session_id): button for button in buttons}


def _row_of(widget: Widget) -> Widget:
    """The History row holding ``widget``."""
    while not hasattr(widget, "session_id"):
        widget = widget.parent
    return widget


def test_each_finished_game_in_history_shows_its_code(driver: Driver, tmp_path: Path) -> None:
    store = driver.app.store
    scores = [[name, 20 + seat] for seat, name in enumerate(NAMES)]
    outcome = {"result": "scored", "reason": "Dag won.", "winners": ["Dag"], "scores": scores}
    played = store.start_session("chickwood", {}, 2, NAMES)
    store.finish_session(played, outcome)
    unfinished = store.start_session("skogen", {}, 3, NAMES[:2])
    start, end = "2026-11-20T18:00:00+00:00", "2026-11-20T19:00:00+00:00"
    imported = store.add_finished_session("skogen", NAMES[:2], start, end, outcome, "B-1")
    store.clock_known_right = lambda: False
    unchecked = store.start_session("skogen", {}, 4, NAMES[:2])
    store.finish_session(unchecked, outcome)
    store.clock_known_right = lambda: True
    driver.tap_text("History")
    driver.pump(2)

    offered = _send_buttons(driver)

    # Not: an unfinished game, one imported from a file, one whose time is not known.
    assert set(offered) == {played}
    assert {unfinished, imported, unchecked}.isdisjoint(offered)
    driver.tap(offered[played])
    link = _link(store, played)
    text = _code_on_the_window(driver, tmp_path, link)
    assert text == link.link
    assert [player["name"] for player in play_in(text)["players"]] == NAMES
    assert "Chickwood Forest" in " ".join(driver.texts())
    driver.press_key(Keyboard.keycodes["enter"])  # the confirm button returns too
    assert driver.app.root.current == "history"


@pytest.mark.parametrize("size", ["480x800", "720x1280"])
def test_the_code_reads_back_in_portrait_too(size: str, tmp_path: Path) -> None:
    """The screenshot scene of the code (app/tools/screenshots.py), rendered in a portrait
    window by the app itself: its picture holds the code as segno makes it for the
    link read off it, at the module size the panel needs or more."""
    subprocess.run(
        [
            *(sys.executable, "-m", "app", "--screenshots", str(tmp_path)),
            *("--size", size, "--only", "history_send_to_bgstats"),
        ],
        check=True,
        timeout=300,
        env={**os.environ, "TABLESIDE_DB": str(tmp_path / "never-touched.db")},
        capture_output=True,
    )
    with Image.open(tmp_path / "history_send_to_bgstats.png") as picture:
        width = picture.width
        found = zxingcpp.read_barcodes(picture)
        assert len(found) == 1
        code = segno.make(found[0].text, error=ERROR_LEVEL, micro=False)
        assert read_code(picture, code.matrix) == found[0].text
    play = play_in(found[0].text)
    assert [player["name"] for player in play["players"]] == ["Ana", "Bo", "Camille"]
    modules = len(code.matrix) + 2 * QUIET_ZONE
    assert module_px(width, modules) >= MODULE_PX


def test_the_screen_says_how_to_scan_and_adds_the_comment_when_asked(
    driver: Driver, tmp_path: Path
) -> None:
    store = driver.app.store
    scores = [[name, 20 + seat] for seat, name in enumerate(NAMES[:2])]
    outcome = {"result": "scored", "reason": "Øyvind won.", "winners": ["Øyvind"]}
    played = store.start_session("skogen", {}, 2, NAMES[:2])
    store.finish_session(played, {**outcome, "scores": scores})
    send_to_bgstats(played)
    driver.pump(3)
    screen = driver.app.current_screen
    words = " ".join(driver.texts())
    assert f"Hold your phone about {screen.distance} cm from the screen" in words
    assert screen.distance >= 30
    assert '"Open supported links"' in words  # BG Stats' own words for Android
    assert "comments" not in play_in(_code_on_the_window(driver, tmp_path, _link(store, played)))

    driver.tap_text("Add comment")

    with Image.open(driver.screenshot(tmp_path / "with-comment.png")) as picture:
        found = zxingcpp.read_barcodes(picture)
    assert play_in(found[0].text)["comments"] == "Øyvind won."
    driver.tap_text("No comment")
    assert "comments" not in play_in(_code_on_the_window(driver, tmp_path, _link(store, played)))
