"""Home: each game's unfinished games, and Resume that never silently picks one."""

from datetime import datetime, timedelta

import pytest

from app.games import BY_KEY
from app.kit.choice_list import ChoiceListPopup
from app.screens.when import when
from engines import skoventyr as S
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

SKOVENTYR = BY_KEY["skoventyr"]


def start_unfinished(driver: Driver, players: list[str], steps: int) -> int:
    driver.app.start_game(SKOVENTYR, S.Config(players=len(players)), players, seed=3)
    play = driver.app.current_screen.play
    for _ in range(steps):
        play.play(S.legal_actions(play.state)[0])
    driver.app.home()
    driver.close_popups()
    return int(play.session_id)


def skoventyr_tile_texts(driver: Driver) -> list[str]:
    tile = driver.find("Skoventyr").parent
    return [w.text for w in tile.walk() if getattr(w, "text", "") and w.opacity]


def test_one_unfinished_game_says_whose_and_resumes_at_once(driver: Driver) -> None:
    session_id = start_unfinished(driver, ["Ana"], steps=1)
    texts = skoventyr_tile_texts(driver)
    assert any(t.startswith("Unfinished: Ana, last played today") for t in texts)
    driver.tap(driver.find("Resume"))
    assert driver.app.root.current.endswith("SkoventyrPlayScreen")
    assert driver.app.current_screen.play.session_id == session_id


def test_with_several_unfinished_games_resume_lets_the_person_pick(driver: Driver) -> None:
    older = start_unfinished(driver, ["Ana", "Bo"], steps=2)
    start_unfinished(driver, ["Camille"], steps=0)
    texts = skoventyr_tile_texts(driver)
    assert any(t.startswith("2 unfinished games, the latest played today") for t in texts)

    driver.tap(driver.find("Resume one of 2"))
    assert driver.app.root.current == "home"  # nothing opened yet: a choice first
    rows = [w.text for w in driver.visible() if w.__class__.__name__ == "ChoiceRow"]
    assert len(rows) == 2
    assert rows[0].startswith("Camille: 0 steps played\nStarted today")  # latest first
    assert rows[1].startswith("Ana and Bo: 2 steps played\nStarted today")

    driver.tap_text(rows[1])
    assert driver.app.root.current.endswith("SkoventyrPlayScreen")
    assert driver.app.current_screen.play.session_id == older
    assert not any(isinstance(w, ChoiceListPopup) for w in driver.visible())


def test_times_are_said_as_a_person_would() -> None:
    now = datetime(2026, 12, 1, 20, 0).astimezone()
    assert when((now - timedelta(hours=2)).isoformat(), now) == "today 18:00"
    assert when((now - timedelta(days=1)).isoformat(), now) == "yesterday 20:00"
    assert when((now - timedelta(days=7)).isoformat(), now) == "Tue 24 Nov 20:00"
    assert when((now - timedelta(days=400)).isoformat(), now) == "27 Oct 2025 20:00"


def test_a_game_played_on_an_unset_clock_never_says_1970(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A Pi without a battery clock, after a power cut and before the network set it: the
    game's times are 1970's, and Home says their time was not checked instead."""
    store = driver.app.store
    monkeypatch.setattr(store, "clock_known_right", lambda: False)
    start_unfinished(driver, ["Ana"], steps=1)
    with store.db.atomic():
        store.db.execute(
            "update sessions set started = '1970-01-01T00:01:00+00:00', "
            "updated = '1970-01-01T00:09:00+00:00'"
        )
    driver.app.home()
    texts = skoventyr_tile_texts(driver)
    assert "Unfinished: Ana (time not checked)." in texts
    assert not any("1970" in t or "Jan" in t for t in texts)

    start_unfinished(driver, ["Bo"], steps=0)
    with store.db.atomic():
        store.db.execute("update sessions set updated = '1970-01-01T00:10:00+00:00'")
    driver.app.home()
    assert "2 unfinished games." in skoventyr_tile_texts(driver)
    driver.tap(driver.find("Resume one of 2"))
    rows = [w.text for w in driver.visible() if w.__class__.__name__ == "ChoiceRow"]
    assert sorted(rows) == [
        "Ana: 1 step played\nTime not checked",
        "Bo: 0 steps played\nTime not checked",
    ]
    driver.close_popups()
