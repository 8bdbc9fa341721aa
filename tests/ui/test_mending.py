"""Damaged saved games mended in the running app: the work runs off the UI thread, which
only shows its progress in a popup; then Home, and a notice saying what happened."""

from __future__ import annotations

import json
import os
import sys
import threading
import time

import pytest
from kivy.core.window import Window

from app.kit.popups import MessagePopup, ProgressPopup
from app.saved_games_care import behind_the_window
from tests.reliability.damage import damage_page, pages_of
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui


def test_damage_found_by_the_start_up_check_is_mended_with_its_progress_on_screen(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = driver.app
    db_path = app.saved_games.db_path
    assert db_path is not None
    with app.store.db.atomic():  # 60 games of 30 moves, written at once
        for game in range(1, 61):
            app.store.db.execute(
                "insert into sessions (id, game, config, seed, players, status, started, "
                "updated) values (?, 'skogen', '{}', ?, '[\"Ana\", \"Bo\"]', 'finished', "
                "'2026-03-01T12:00:00+00:00', '2026-03-01T13:00:00+00:00')",
                [game, game],
            )
            app.store.db.conn.executemany(
                "insert into events (session_id, seq, payload, at) values (?, ?, ?, ?)",
                [
                    (
                        game,
                        seq,
                        json.dumps({"type": "action", "n": seq}),
                        "2026-03-01T12:00:00+00:00",
                    )
                    for seq in range(1, 31)
                ],
            )
        app.store.db.execute("insert into settings values ('buzzer_muted', 'true')")
    assert app.controls is not None
    monkeypatch.setattr(app.controls, "muted", False)  # as read before; put back after
    app.store.db.execute("pragma wal_checkpoint(truncate)")
    events = pages_of(db_path, "events")
    damage_page(db_path, events[len(events) // 2])  # a worn card: a page of moves

    heard: list[tuple[float, str, bool]] = []
    shown = ProgressPopup.show

    def show(popup: ProgressPopup, done: float, doing: str) -> None:
        heard.append((done, doing, threading.current_thread() is threading.main_thread()))
        shown(popup, done, doing)

    monkeypatch.setattr(ProgressPopup, "show", show)
    app.saved_games.check()  # what start-up does after its first frame
    said = "Your saved games could not be read (the file is damaged)."
    deadline = time.monotonic() + 60
    while not any(said in text for text in driver.texts()):
        assert time.monotonic() < deadline, "the mending was never told"
        if app.saved_games.mending:  # nothing can be touched meanwhile
            assert any(isinstance(w, ProgressPopup) for w in Window.children)
        driver.pump()

    # Each step reached the screen, always through the UI thread.
    assert heard and all(on_ui_thread for _done, _doing, on_ui_thread in heard)
    doing = [words for _done, words, _on_ui in heard]
    assert "Checking the saved games" in doing
    assert "Copying every game that can still be read into a new file" in doing
    [notice] = [w for w in Window.children if isinstance(w, MessagePopup)]
    # The games that lost moves are named by their game, players and start.
    assert "Skogen with Ana and Bo, started 1 Mar 2026" in notice.message
    driver.wait_until(lambda: not any(isinstance(w, ProgressPopup) for w in Window.children))
    assert app.controls.muted  # the controls follow the settings that came across
    app.store.add_player("Cy")  # saving goes on in the new file
    assert app.store.needs_mending is None and len(app.store.sessions()) >= 55


@pytest.mark.skipif(sys.platform != "linux", reason="only Linux gives a thread its own priority")
def test_the_work_runs_behind_the_window() -> None:
    """On a busy machine the window's frames come before the mending's work."""
    window = os.getpriority(os.PRIO_PROCESS, threading.get_native_id())
    seen: list[int] = []

    def work() -> int:
        seen.append(os.getpriority(os.PRIO_PROCESS, threading.get_native_id()))
        return 7

    worker = threading.Thread(target=lambda: seen.append(behind_the_window(work)))
    worker.start()
    worker.join()
    assert seen == [min(window + 10, 19), 7]
    assert os.getpriority(os.PRIO_PROCESS, threading.get_native_id()) == window
