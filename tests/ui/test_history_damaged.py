"""History with damaged saved games, storage faults and hostile files: the list, its
filters, replays of the other games, export and import go on, and every problem is put
in words in a popup that opens at once."""

from __future__ import annotations

import errno
import json
import os
import time
from typing import Any

import pytest
from kivy.core.window import Window

from app.games import BY_KEY
from app.kit.popups import MESSAGE_LIMIT, MessagePopup, show_notice
from app.play.replay import Replay
from app.screens.history import FilterChip, HistoryRow, exchange_folder
from app.storage.faults import StorageFault
from app.storage.store import Store
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

SCORED = {"result": "scored", "reason": "Ana won.", "winners": ["Ana"], "scores": [["Ana", 9]]}


def _damage(store: Store, sql: str, *params: Any) -> None:
    with store.db.atomic():
        store.db.execute(sql, list(params))


def _damaged_store(store: Store) -> tuple[int, int]:
    """A finished Skogen game, and a Skoventyr game being played whose players cannot be
    read; returns their ids."""
    healthy = store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    store.finish_session(healthy, SCORED)
    damaged = store.start_session("skoventyr", {}, 2, ["Ana"])
    _damage(store, "update sessions set players = 'not a list' where id = ?", damaged)
    return healthy, damaged


def _row(driver: Driver, session_id: int) -> HistoryRow:
    return next(
        w
        for w in driver.visible()
        if isinstance(w, HistoryRow) and w.session_id == session_id and w.game_title
    )


def _notice(driver: Driver) -> str:
    popups = [w for w in Window.children if isinstance(w, MessagePopup)]
    assert len(popups) == 1, "expected one popup"
    return f"{popups[0].heading}: {popups[0].message}"


def test_a_damaged_game_is_listed_and_can_be_saved_or_abandoned(driver: Driver) -> None:
    store = driver.app.store
    healthy, damaged = _damaged_store(store)
    driver.tap_text("History")
    screen = driver.app.current_screen
    assert screen.status == "2 games"
    assert "Damaged: its players cannot be read" in driver.texts()
    driver.tap(driver.find("Skogen", FilterChip))  # the filters work around it
    assert [row["session_id"] for row in screen.rows] == [healthy]
    driver.tap(driver.find("All games", FilterChip))

    driver.tap(_row(driver, damaged))
    assert "damaged: Its players cannot be read. Tableside can save it" in _notice(driver)
    driver.tap_text("Save as file")
    saved = next(exchange_folder().glob(f"damaged-game-{damaged}-*.json"))
    stored = json.loads(saved.read_text(encoding="utf-8"))["damaged_sessions"][0]["stored"]
    assert stored["players"] == "not a list"
    assert _notice(driver).startswith("Saved: ")
    driver.close_popups()

    driver.tap(_row(driver, damaged))
    driver.tap_text("Abandon")
    assert store.session(damaged).status == "abandoned"
    assert driver.app.root.current == "history" and len(screen.rows) == 2
    assert store.unfinished_sessions() == []


def test_a_game_with_unreadable_moves_is_explained_and_the_others_replay(
    driver: Driver,
) -> None:
    from engines import skogen as G

    store = driver.app.store
    games = []
    for seed in (4, 5):
        driver.app.start_game(
            BY_KEY["skogen"], G.Config(players=("Ana", "Bo")), ["Ana", "Bo"], seed
        )
        driver.pump()
        play = driver.app.current_screen.play
        play.play(G.legal_actions(play.state)[0])
        games.append(play.session_id)
        driver.tap_text("Back")
    broken, whole = games
    _damage(store, "update events set payload = '[\"not\", 1]' where session_id = ?", broken)

    driver.tap_text("History")
    driver.tap(_row(driver, broken))
    assert "One of its moves cannot be read, so it cannot be stepped through." in _notice(driver)
    assert driver.app.root.current == "history"
    driver.tap_text("Abandon")  # it was being played
    assert store.session(broken).status == "abandoned"

    driver.tap(_row(driver, whole))
    assert isinstance(driver.app.current_screen.play, Replay)


def test_an_export_of_a_damaged_store_says_what_it_left_out(driver: Driver) -> None:
    _healthy, damaged = _damaged_store(driver.app.store)
    driver.tap_text("History")
    driver.tap_text("Export")
    driver.wait_for_background()
    notice = _notice(driver)
    assert notice.startswith("Exported: Your games are in ")
    assert f"Skoventyr game {damaged} (its players cannot be read)" in notice


def test_storage_faults_are_put_in_words(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    store = driver.app.store
    _damaged_store(store)
    driver.tap_text("History")
    screen = driver.app.current_screen

    def full(*_args: Any, **_kwargs: Any) -> Any:
        raise StorageFault("full")

    # History's list and the export read on connections of their own.
    monkeypatch.setattr(Store, "sessions", full)
    monkeypatch.setattr(Store, "session_ids", full)
    exports = set(exchange_folder().glob("export-*"))
    driver.tap_text("Export")
    driver.wait_for_background()
    assert _notice(driver).startswith("Nothing was exported: The storage is full")
    assert set(exchange_folder().glob("export-*")) == exports
    driver.close_popups()
    driver.tap(driver.find("Skogen", FilterChip))
    assert screen.status == "Games not read" and "storage is full" in screen.empty_text
    assert len(screen.rows) == 2  # the list stays as it was

    monkeypatch.setattr(store, "session", full)
    driver.tap(_row(driver, screen.rows[0]["session_id"]))
    assert _notice(driver).startswith("This game cannot be shown now: The storage is full")


def test_a_full_stick_is_put_in_words(driver: Driver, monkeypatch: pytest.MonkeyPatch) -> None:
    def full(_descriptor: int) -> None:  # the stick says so as a file is synced to it
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    exports = set(exchange_folder().glob("export-*"))
    driver.tap_text("History")
    driver.tap_text("Export")
    driver.wait_for_background()
    notice = _notice(driver)
    assert notice.startswith("Nothing was exported: The files could not be written in ")
    assert notice.endswith(": there is no space left there.")
    assert set(exchange_folder().glob("export-*")) == exports  # no half export left behind


def test_a_hostile_file_is_refused_in_words(driver: Driver) -> None:
    folder = exchange_folder()
    folder.mkdir(parents=True, exist_ok=True)
    play = {"uuid": "u", "gameRefId": 1, "playDate": "9999-12-31 23:30:00-05:00"}
    (folder / "hostile.json").write_text(
        json.dumps({"games": [{"id": 1, "name": "Skogen"}], "players": [], "plays": [play]})
    )
    try:
        driver.tap_text("History")
        driver.tap_text("Import")
        driver.tap_text("hostile.json")
        driver.wait_for_background()
        assert _notice(driver) == (
            "Nothing was imported: This file is damaged: a play of Skogen has no readable "
            "date (9999-12-31 23:30:00-05:00)."
        )
    finally:
        (folder / "hostile.json").unlink()


def test_a_huge_notice_opens_at_once_with_its_buttons_in_reach(driver: Driver) -> None:
    began = time.perf_counter()
    popup = show_notice("A" * 10_000, "a long message " * 10_000)
    driver.pump(2)
    assert time.perf_counter() - began < 1.0
    assert len(popup.shown_message) == MESSAGE_LIMIT and popup.shown_message.endswith("…")
    assert len(popup.shown_heading) < 200
    ok = driver.find("OK")
    assert ok.to_window(*ok.pos)[1] >= 0 and ok.to_window(*ok.center)[1] < Window.height
    driver.tap(ok)
    assert popup.parent is None


def test_statistics_open_beside_a_damaged_game(driver: Driver) -> None:
    _damaged_store(driver.app.store)
    driver.tap_text("History")
    driver.tap_text("Statistics")
    assert driver.app.root.current == "statistics"
