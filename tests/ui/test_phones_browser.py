"""The phones' page in a real browser: the distribution's Chromium, headless, at a
phone's size (390x844), driven through WebDriver. It opens the link the table's code
holds, shows the game, follows a move made at the table, and at the end offers BG Stats
with the same play as the table's own BG Stats code, and a picture that downloads.
Screenshots of the page are kept in ``PHONE_SHOTS`` (looked at by whoever changes it)."""

from __future__ import annotations

import json
import os
import random
import shutil
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By

from app.exchange.bgstats_link import push_link
from tests.ui.driver import Driver
from tests.ui.phones_game import skogen_with_phones

pytestmark = pytest.mark.ui

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")
#: Where the page's screenshots are written (a temporary folder unless set).
PHONE_SHOTS = os.environ.get("TABLESIDE_PHONE_SHOTS", "")


#: The width of the picture as the page shows it (0 until it has loaded).
SHOWN_WIDTH = "return document.getElementById('picture').naturalWidth"


@pytest.fixture
def phone() -> Iterator[webdriver.Chrome]:
    if CHROMIUM is None or CHROMEDRIVER is None:
        pytest.fail("Chromium and chromedriver are needed: ./tableside test installs them")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    options.add_experimental_option(
        "mobileEmulation", {"deviceMetrics": {"width": 390, "height": 844, "pixelRatio": 2}}
    )
    browser = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    try:
        yield browser
    finally:
        browser.quit()


def until(condition: object, seconds: float = 10) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the page never showed it"
        time.sleep(0.1)


def test_a_phone_browser_follows_the_game_to_its_end(
    driver: Driver, phone: webdriver.Chrome, tmp_path: Path
) -> None:
    shots = Path(PHONE_SHOTS) if PHONE_SHOTS else tmp_path
    app = driver.app
    with skogen_with_phones(driver, seed=5) as (control, link):
        phone.get(link[0])  # as the code holds it: HTTP://<address>:<port>/P/<token>
        until(lambda: phone.find_element(By.ID, "game").text == "Skogen")
        names = [cell.text for cell in phone.find_elements(By.CSS_SELECTOR, "#standing td")[::4]]
        assert names == ["Ana", "Bo"]
        assert phone.execute_script("return document.documentElement.scrollWidth") <= 390
        phone.save_screenshot(str(shots / "phone-page-start.png"))

        rules, rng = control.rules, random.Random(5)

        def move() -> None:
            assert control.take(rng.choice(list(rules.legal_actions(control.state))))
            while control.telling.active:
                control.done()

        # The page asks every second, so a move shows within 2 s; the delay is printed,
        # not judged (a test run shares its cores).
        assert phone.execute_script("return REFRESH_MS") <= 1000
        move()
        moved = time.monotonic()
        until(lambda: len(phone.find_elements(By.CSS_SELECTOR, "#story > li")) == 1, 10)
        print(f"\nthe phone showed the move {time.monotonic() - moved:.2f} s after it")
        while rules.outcome(control.state) is None:
            move()
        until(lambda: phone.find_element(By.ID, "end").is_displayed(), 5)
        phone.save_screenshot(str(shots / "phone-page-end.png"))

        href = phone.find_element(By.ID, "bgstats").get_attribute("href")
        sent = json.loads(urllib.parse.unquote(href.split("data=", 1)[1]))
        session_id = control.play.session_id
        events, _unread = app.store.readable_events(session_id)
        coded = push_link(app.store.session(session_id), events, app.store).play
        for key in ("name", "score", "winner", "startPlayer", "sourcePlayerId"):
            assert [p.get(key) for p in sent["players"]] == [p.get(key) for p in coded["players"]]
        assert sent["sourcePlayId"] == coded["sourcePlayId"] and sent["game"] == coded["game"]

        picture = phone.find_element(By.ID, "picture-link").get_attribute("href")
        # The picture is drawn on a thread of its own after the end: shown once there.
        until(lambda: phone.execute_script(SHOWN_WIDTH) > 0, 10)
        fetched = phone.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "fetch(arguments[0]).then(async r => done([r.status, r.headers.get('content-type'),"
            " (await r.arrayBuffer()).byteLength]));",
            picture,
        )
        assert fetched[0] == 200 and fetched[1] == "image/png" and fetched[2] > 10_000
        assert phone.execute_script(SHOWN_WIDTH) == 1080
