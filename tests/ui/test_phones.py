"""Phones at the table in a real window: turned on in Settings, a game's Phones button
shows a code a real decoder reads, the page it opens follows the moves made at the
table, and answers no more once the game is left or the setting turned off."""

from __future__ import annotations

import http.client
import importlib
import json
import random
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
import zxingcpp
from PIL import Image

from app.exchange import usb_sticks
from app.games import BY_KEY
from app.kit.widgets import TButton
from app.phones.link import page_code
from app.phones.screen import PHONES_SCREEN
from engines import skogen
from tests.ui.driver import Driver
from tests.ui.phones_game import skogen_with_phones
from tests.usb_fakes import plug_stick

pytestmark = pytest.mark.ui


def fetch(link: str, path: str, phone: str = "127.0.0.2") -> tuple[int, Any]:
    """``path`` under the page's link, asked of the server as a phone would, through
    loopback (the address it shows is this machine's own) from the address ``phone``:
    another loopback address is another device, with its own share of the limits."""
    port, _slash, page = link.split("://", 1)[1].split(":", 1)[1].partition("/")
    asked = http.client.HTTPConnection("127.0.0.1", int(port), 5, (phone, 0))
    try:
        asked.request("GET", f"/{page}{path}")
        answer = asked.getresponse()
        body = answer.read()
        return answer.status, json.loads(body) if answer.status == 200 else None
    finally:
        asked.close()


def test_a_phone_reads_the_code_and_follows_the_game(driver: Driver, tmp_path: Path) -> None:
    app = driver.app
    assert app.phones is not None
    app.phones.port = 0  # any free port: tests run side by side
    app.go("settings")
    driver.pump(2)
    driver.tap(driver.find("Phones at the table: Off", TButton))
    try:
        assert app.phones_on
        config = skogen.Config(players=("Ana", "Bo"))
        app.start_game(BY_KEY["skogen"], config, ["Ana", "Bo"], seed=1)
        driver.pump(3)
        game_screen = app.current_screen
        driver.tap(driver.find("Phones", TButton))
        driver.wait_for(lambda: bool(app.current_screen.link), seconds=20)
        screen = app.current_screen
        assert app.root.current == PHONES_SCREEN
        with Image.open(driver.screenshot(Path("/tmp/phones-screen.png"))) as window:
            found = zxingcpp.read_barcodes(window, formats=zxingcpp.BarcodeFormat.QRCode)
        assert [code.text for code in found] == [screen.link]
        assert page_code(screen.link).version <= 4

        status, page = fetch(screen.link, "/state.json")
        assert status == 200 and page["game"] == "Skogen" and page["players"] == ["Ana", "Bo"]
        assert [row[0] for row in page["standing"][0]["rows"]] == ["Ana", "Bo"]
        driver.tap_text("Back")
        assert app.current_screen is game_screen

        control = game_screen.controller
        control.take(control.rules.legal_actions(control.state)[0])  # a move at the table
        # The page is written with the move: the next question already has it.
        after = fetch(screen.link, "/state.json")[1]
        assert after["version"] > page["version"] and len(after["story"]) == 1

        app.home()  # the game is left: its link answers no more
        assert fetch(screen.link, "/state.json")[0] == 404
    finally:
        app.set_phones(False)
    assert not app.phones_on and app.phones.address() is None


def test_the_end_screen_puts_the_picture_on_a_usb_stick(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a stick plugged in, a finished game's bar offers "Picture to USB": the
    picture is written onto the stick (flushed) and the screen says where."""
    stick = plug_stick(tmp_path / "root")
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path / "root")
    demo = importlib.import_module("app.skogen.demo")
    _name, config, to_the_end = next(s for s in demo.SCENES if s[0] == "play_skogen_end")
    driver.app.start_game(BY_KEY["skogen"], config, list(config.players), seed=7)
    driver.pump(2)
    screen = driver.app.current_screen
    to_the_end(screen)
    screen.refresh()
    driver.pump(2)
    driver.tap(driver.find("Picture\nto USB", TButton))
    driver.wait_for(lambda: any("is on the USB stick KINGSTON" in t for t in driver.texts()))
    (saved,) = stick.glob("tableside-skogen-*.png")
    with Image.open(saved) as picture:
        assert picture.format == "PNG" and picture.width == 1080
    driver.close_popups()


def test_a_flood_of_hostile_requests_leaves_the_table_playing_and_the_page_alone(
    driver: Driver,
) -> None:
    """Another device floods the page's server (bad paths and methods, huge heads, slow
    half-sent requests) while the table plays 20 moves, a frame each: every move is
    made and saved, and the page still answers a phone afterwards. The longest frame is
    printed, not judged: a test run shares its cores (docs/measurements.md has the
    figures measured on a quiet machine)."""
    with skogen_with_phones(driver, seed=2) as (control, link):
        port = int(link[1].rsplit(":", 1)[1])
        flood = subprocess.Popen(
            [sys.executable, "-m", "tests.phones.flood", str(port)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        time.sleep(0.5)  # under way before the table plays
        longest, moves, rules, rng = 0.0, 0, control.rules, random.Random(2)
        while moves < 20:
            start = time.perf_counter()
            state = control.state
            actions = list(rules.legal_actions(state))
            going_on = [a for a in actions if rules.outcome(rules.apply(state, a)) is None]
            assert control.take(rng.choice(going_on)), control.message
            moves += 1
            while control.telling.active:
                control.done()
            driver.pump()
            longest = max(longest, time.perf_counter() - start)
        sent = int(flood.communicate("", timeout=60)[0])
        print(f"\nflood: {sent} requests; the longest of {moves} frames {longest * 1000:.0f} ms")
        assert flood.returncode == 0 and sent > 100  # it flooded all along
        assert len(control.play.session.events) >= moves  # every move made and saved
        assert fetch(link[0], "/state.json")[0] == 200  # the page is still there


def test_back_from_a_game_leaves_it_as_home_does(driver: Driver) -> None:
    """The top bar's Back from a game goes Home without Home's button: the game's link
    answers no more either way."""
    with skogen_with_phones(driver, seed=4) as (_control, link):
        assert fetch(link[0], "/state.json")[0] == 200
        driver.tap_text("Back")
        assert driver.app.root.current == "home"
        assert fetch(link[0], "/state.json")[0] == 404
