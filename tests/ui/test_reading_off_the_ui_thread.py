"""History's list, its filters, Statistics and a game to step through read the saved
games on a worker thread, so that a table with thousands of games keeps a screen that
answers (issue 45, R1); and a long game steps without replaying from its set-up."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest

from app.games import BY_KEY
from app.kit.frames import until_read
from app.play import replay as replay_module
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.screens.history import FilterChip
from app.screens.statistics import PageChip
from app.storage.store import Store
from engines import skulk_hollow as G
from engines.core import Session
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def _threads_reading(monkeypatch: pytest.MonkeyPatch, method: str) -> list[str]:
    """The names of the threads that call ``Store.<method>`` from now on."""
    seen: list[str] = []
    original: Callable[..., Any] = getattr(Store, method)

    def spied(store: Store, *args: Any, **kwargs: Any) -> Any:
        seen.append(threading.current_thread().name)
        return original(store, *args, **kwargs)

    monkeypatch.setattr(Store, method, spied)
    return seen


def test_history_and_its_filters_read_off_the_ui_thread(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = driver.app.store
    store.finish_session(store.start_session("skogen", {}, 1, ["Ana", "Bo"]), {"result": "lost"})
    store.start_session("skoventyr", {}, 2, ["Ana"])
    reads = _threads_reading(monkeypatch, "sessions")

    driver.tap_text("History")
    screen = driver.app.current_screen
    assert len(screen.rows) == 2
    driver.tap(driver.find("Skogen", FilterChip))
    assert [row["game_key"] for row in screen.rows] == ["skogen"]
    driver.tap(driver.find("All games", FilterChip))
    assert len(screen.rows) == 2

    assert len(reads) == 3
    assert threading.main_thread().name not in reads


def test_only_the_latest_filters_games_are_shown(driver: Driver) -> None:
    store = driver.app.store
    store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    store.start_session("skoventyr", {}, 2, ["Ana"])
    driver.tap_text("History")
    screen = driver.app.current_screen
    # Two filters chosen before the first one's games are read: the list is the second's.
    screen.game_filter = "skogen"
    screen.game_filter = "skoventyr"
    driver.tap(driver.find("Skoventyr", FilterChip))
    assert [row["game_key"] for row in screen.rows] == ["skoventyr"]
    assert screen.status == "1 game"


def test_statistics_count_off_the_ui_thread(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = driver.app.store
    scored = {"result": "scored", "winners": ["Bo"], "scores": [["Ana", 31], ["Bo", 44]]}
    store.finish_session(store.start_session("skogen", {}, 1, ["Ana", "Bo"]), scored)
    reads = _threads_reading(monkeypatch, "sessions")

    driver.tap_text("History")
    driver.tap_text("Statistics")
    driver.tap(driver.find(BY_KEY["skogen"].page_title, PageChip))
    screen = driver.app.current_screen
    assert screen.heading == "Skogen: final scores" and "best 44" in screen.notes
    assert screen.status == "1 finished game"
    assert reads and threading.main_thread().name not in reads


def test_a_game_is_replayed_off_the_ui_thread_and_not_opened_once_left(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = driver.app.store
    session = store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    reads = _threads_reading(monkeypatch, "readable_events")
    driver.tap_text("History")
    driver.app.replay_game(BY_KEY["skogen"], session)
    driver.app.back()  # left before the game was read: it is not opened
    driver.tap_text("History")
    assert driver.app.root.current == "history"

    driver.app.replay_game(BY_KEY["skogen"], session)
    until_read()
    assert isinstance(driver.app.current_screen.play, Replay)
    assert reads and threading.main_thread().name not in reads


def test_a_long_game_steps_from_the_nearest_kept_session(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    rules = BY_KEY["skulk_hollow"].rules()
    play = PlaySession.start(driver.app.store, rules, G.Config(), 3, ["Ana"])
    while play.session.outcome() is None and len(play.session.events) < 120:
        play.play(rules.legal_actions(play.state)[0])
    replay = Replay(driver.app.store, rules, play.session_id)
    assert replay.steps > 3 * replay_module.CHECKPOINT
    taken: list[object] = []
    original = Session._take

    def counted(self: Session, event: Any) -> Any:
        taken.append(event)
        return original(self, event)

    monkeypatch.setattr(Session, "_take", counted)
    for step in (replay.steps // 2, 3, replay.steps - 1, 0, replay.steps):
        taken.clear()
        replay.go_to(step)
        assert len(taken) < replay_module.CHECKPOINT
        events = play.session.events[:step]
        assert replay.state == Session.replay(rules, G.Config(), 3, events).state
