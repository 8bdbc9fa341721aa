"""Home: each game's unfinished games, and Resume that never silently picks one."""

from datetime import datetime, timedelta

import pytest

from app.games import BY_KEY
from app.kit.choice_list import ChoiceListPopup
from app.screens.when import when
from engines import skoventyr as S
from engines import skulk_hollow as K
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
    assert rows[0].startswith("Camille \u00b7 Standard\nTurn 1: Camille \u00b7 last played today")
    assert rows[1].startswith("Ana and Bo \u00b7 Standard\nTurn 2: Bo \u00b7 last played today")

    driver.tap_text(rows[1])
    assert driver.app.root.current.endswith("SkoventyrPlayScreen")
    assert driver.app.current_screen.play.session_id == older
    assert not any(isinstance(w, ChoiceListPopup) for w in driver.visible())


def test_the_resume_list_says_which_game_is_which(driver: Driver) -> None:
    """Two games of one kind by the same player: the options tell them apart (the
    guardian, its leader and level), and how far each got, in rounds and turns."""
    skulk = BY_KEY["skulk_hollow"]
    for config in (K.Config(), K.Config(guardian="apoda", level="hard")):
        driver.app.start_game(skulk, config, ["Ana"], seed=3)
        driver.close_popups()
    play = driver.app.current_screen.play
    while K.progress(play.state).side == "":  # into Apoda's turn
        play.play(K.legal_actions(play.state)[0])
    driver.app.home()
    driver.close_popups()
    driver.tap(driver.find("Resume one of 2"))
    rows = [w.text for w in driver.visible() if w.__class__.__name__ == "ChoiceRow"]
    assert [row.split("\n")[0] for row in rows] == [
        "Ana \u00b7 Apoda vs King of War, hard guardian",
        "Ana \u00b7 Grak vs King of War, normal guardian",
    ]
    assert rows[0].split("\n")[1].startswith("Round 1, Apoda's turn \u00b7 last played today")
    assert rows[1].split("\n")[1].startswith("Round 1, the players' turn \u00b7 last played")
    driver.close_popups()


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
    # A time not checked that could be right is said, and marked (review N19).
    assert any(t.endswith(" (clock unsure).") for t in skoventyr_tile_texts(driver))
    with store.db.atomic():  # as the unset clock would have saved it
        store.db.execute(
            "update sessions set started = '1970-01-01T00:01:00+00:00', "
            "updated = '1970-01-01T00:09:00+00:00'"
        )
    driver.app.root.get_screen("home").refresh()
    texts = skoventyr_tile_texts(driver)
    assert "Unfinished: Ana (time not checked)." in texts
    assert not any("1970" in t or "Jan" in t for t in texts)

    start_unfinished(driver, ["Bo"], steps=0)
    with store.db.atomic():
        store.db.execute("update sessions set updated = '1970-01-01T00:10:00+00:00'")
    driver.app.root.get_screen("home").refresh()
    assert "2 unfinished games." in skoventyr_tile_texts(driver)
    driver.tap(driver.find("Resume one of 2"))
    rows = [w.text for w in driver.visible() if w.__class__.__name__ == "ChoiceRow"]
    assert sorted(rows) == [
        "Ana \u00b7 Standard\nTurn 1: Ana \u00b7 time not checked",
        "Bo \u00b7 Standard\nTurn 1: Bo \u00b7 time not checked",
    ]
    driver.close_popups()
