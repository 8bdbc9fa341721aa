"""Keeping the saved games: games in memory only (raspi-config's overlay file system) are
said at start-up and on Home's top bar; the end of a game makes the day's copy."""

import shutil
import threading
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from kivy.clock import Clock

from app.exchange import daily_copy, usb_sticks
from app.games import BY_KEY
from app.storage import volatile
from engines import skogen as G
from tests.ui.driver import Driver
from tests.usb_fakes import plug_stick

pytestmark = pytest.mark.ui


def test_an_overlay_root_is_told_at_start_up_and_on_home(
    driver: Driver, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cmdline").write_text("console=tty1 root=/dev/mmcblk0p2 overlayroot=tmpfs\n")
    (tmp_path / "mounts").write_text("/dev/mmcblk0p2 / ext4 rw 0 0\n")
    monkeypatch.setattr(
        volatile, "SYSTEM", volatile.Machine(tmp_path / "cmdline", tmp_path / "mounts")
    )
    app = driver.app
    app.saved_games.check_games_kept()
    app._show_notices()
    driver.pump(2)
    assert any("overlay file system" in text for text in driver.texts())
    driver.close_popups()
    app.root.get_screen("home").refresh()
    driver.pump()
    assert f"{volatile.SHORT}: see Settings" in driver.texts()

    monkeypatch.setattr(volatile, "SYSTEM", volatile.Machine(tmp_path / "none", tmp_path / "none"))
    app.saved_games.check_games_kept()  # turned off and started again: nothing to say
    app.root.get_screen("home").refresh()
    driver.pump()
    assert f"{volatile.SHORT}: see Settings" not in driver.texts() and not app.notices


def test_the_end_of_a_game_makes_the_day_s_copy_off_the_ui_thread(driver: Driver) -> None:
    app = driver.app
    db_path = app.saved_games.db_path
    assert db_path is not None
    folder = daily_copy.copies_folder(db_path)
    shutil.rmtree(folder, ignore_errors=True)
    app.saved_games._tried = None  # as if started afresh
    app.start_game(BY_KEY["skogen"], G.Config(players=("Ana", "Bo")), ["Ana", "Bo"], seed=3)
    play = app.current_screen.play
    assert not daily_copy.copies(folder)
    app.store.finish_session(play.session_id, {"result": "scored", "reason": "Ana won."})
    driver.wait_until(lambda: bool(daily_copy.copies(folder)))  # made by another thread
    [copy] = daily_copy.copies(folder)
    assert copy.size > 0 and copy.number == 1


def put_back_row(driver: Driver, starts: str) -> str:
    """Tap Put back on the row of Saved games that starts with ``starts``; the question's
    words."""
    driver.tap_text("Settings")
    driver.tap_text("Saved games")
    row = next(t for t in driver.texts() if t.startswith(starts))
    put_back = next(
        w for w in driver.find(row).parent.children if getattr(w, "text", "") == "Put back"
    )
    driver.tap(put_back)
    return next(t for t in driver.texts() if t.startswith(row))


def test_a_daily_copy_is_put_back_from_settings_and_the_games_before_kept_aside(
    driver: Driver,
) -> None:
    app = driver.app
    store = app.store
    db_path = app.saved_games.db_path
    assert db_path is not None
    kept = store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    made = datetime.now().replace(second=0, microsecond=0) - timedelta(days=1)
    copy = daily_copy.make_copy(db_path, daily_copy.Moment("", 0.0, made))
    store.start_session("skogen", {}, 2, ["Ana", "Bo"])  # played since the copy
    assert len(store.sessions()) == 2

    asked = put_back_row(driver, daily_copy.copies(copy.parent)[0].when() + ", 1 game")
    assert "It lacks 1 game you have now:\nSkogen \u00b7 today " in asked
    assert asked.split("\n")[3].endswith(" \u00b7 Ana, Bo \u00b7 not finished")
    driver.tap_text("Put them back")
    driver.wait_until(
        lambda: any(t.startswith("Your saved games are back") for t in driver.texts())
    )
    said = next(t for t in driver.texts() if t.startswith("Your saved games are back"))
    assert f"{made:%H:%M}" in said
    driver.close_popups()
    assert [s.id for s in app.store.sessions()] == [kept]  # as they were yesterday
    aside = [p for p in db_path.parent.iterdir() if ".before-restore-" in p.name]
    assert aside and aside[0].name in said  # the games of today, kept beside them
    assert app.root.current == "home"
    shutil.rmtree(copy.parent)
    for path in aside:
        path.unlink()


def test_the_question_tells_games_of_one_kind_apart_and_counts_past_four(
    driver: Driver,
) -> None:
    app = driver.app
    db_path = app.saved_games.db_path
    assert db_path is not None
    copy = daily_copy.make_copy(db_path, daily_copy.Moment("", 0.0, None))
    for seed, players in enumerate((["Ana", "Bo"], ["Cy", "Di"], ["Ed"], ["Fay"], ["Gus"])):
        app.store.start_session("skogen", {}, seed, players)
    try:
        asked = put_back_row(driver, "Time not checked, 0 games").split("\n")
        assert asked[2] == "It lacks 5 games you have now:"
        named = asked[3:7]
        assert all(line.startswith("Skogen \u00b7 today ") for line in named)
        assert [line.split(" \u00b7 ")[2] for line in named] == ["Gus", "Fay", "Ed", "Cy, Di"]
        assert asked[7] == "and 1 more"
    finally:
        shutil.rmtree(copy.parent)


def test_a_copy_on_a_usb_stick_is_listed_and_put_back(driver: Driver) -> None:
    app = driver.app
    db_path = app.saved_games.db_path
    assert db_path is not None
    stick = plug_stick(usb_sticks.ROOT, label="KINGSTON")
    for seed in range(3):
        app.store.start_session("skogen", {}, seed, ["Ana", "Bo"])
    app.store.close()  # its moves in the file itself, as a copy reads it
    app.saved_games._store = None
    on_stick = stick / daily_copy.STICK_FOLDER
    on_stick.mkdir()
    daily_copy.backup(db_path, on_stick / daily_copy.copy_name(4, None))
    with app.store.db.atomic():
        app.store.db.execute("delete from sessions")
    try:
        put_back_row(driver, "On KINGSTON: Time not checked, 3 games")
        driver.tap_text("Put them back")
        driver.wait_until(
            lambda: any(t.startswith("Your saved games are back") for t in driver.texts())
        )
        driver.close_popups()
        assert len(app.store.sessions()) == 3
    finally:
        for path in db_path.parent.iterdir():
            if ".before-restore-" in path.name:
                path.unlink()


def test_games_an_older_release_set_aside_are_found_and_put_back(driver: Driver) -> None:
    """Review R4: an older Tableside sets aside a file a newer one wrote and starts
    afresh; opened again, the newer one showed 0 of 22 games and said nothing."""
    app = driver.app
    store = app.store
    db_path = app.saved_games.db_path
    assert db_path is not None
    for seed in range(22):
        store.start_session("skogen", {}, seed, ["Ana", "Bo"])
    aside = db_path.with_name(db_path.name + ".unreadable-20261201-120000")
    daily_copy.backup(db_path, aside)  # as the older release left it
    with store.db.atomic():
        store.db.execute("delete from sessions")  # the fresh file it started
    try:
        app.saved_games.look_for_games_set_aside()
        driver.wait_until(lambda: any("hold 22 games" in t for t in driver.texts()))
        driver.close_popups()

        put_back_row(driver, "Kept aside: 22 games")
        driver.tap_text("Put them back")
        driver.wait_until(
            lambda: any(t.startswith("Your saved games are back") for t in driver.texts())
        )
        assert len(app.store.sessions()) == 22
        driver.close_popups()
    finally:
        for path in db_path.parent.iterdir():
            if ".unreadable-" in path.name or ".before-restore-" in path.name:
                path.unlink()


def test_nothing_opens_the_saved_games_while_a_copy_is_put_back(
    driver: Driver, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a copy is put back the saved games are closed: a press of a button, a screen
    opening or refreshing must not open them (what it saved would be lost as the copy
    takes their place)."""
    app = driver.app
    db_path = app.saved_games.db_path
    assert db_path is not None
    app.store.start_session("skogen", {}, 1, ["Ana", "Bo"])
    copy = daily_copy.make_copy(db_path, daily_copy.Moment("", 0.0, None))
    put_back_begun, go_on = threading.Event(), threading.Event()
    put_back = daily_copy.backup

    def held(*args: Any, **kwargs: Any) -> None:
        put_back_begun.set()
        go_on.wait(10)
        put_back(*args, **kwargs)

    monkeypatch.setattr(daily_copy, "backup", held)
    said: list[str] = []
    try:
        app.saved_games.restore_copy(copy, "as they were", said.append)
        assert put_back_begun.wait(5)
        for intent in ("confirm", "undo", "menu", "home"):
            app.dispatch_intent(intent)
        Clock.schedule_once(lambda _dt: app.go("history"))
        Clock.schedule_once(lambda _dt: app.root.get_screen("home").refresh())
        driver.pump(3)
        assert not app.saved_games.is_open
        assert any("being put back from a copy" in text for text in driver.texts())
    finally:
        go_on.set()
    driver.wait_until(lambda: bool(said))
    assert said[0].startswith("Your saved games are back")
    driver.close_popups()
    assert len(app.store.sessions()) == 1  # and all works again
    app.go("history")
    driver.pump(2)
    assert app.root.current == "history"
    shutil.rmtree(copy.parent)
    for path in db_path.parent.iterdir():
        if ".before-restore-" in path.name:
            path.unlink()


def test_a_copy_left_half_put_back_by_a_pulled_plug_is_removed_at_start_up(
    driver: Driver,
) -> None:
    db_path = driver.app.saved_games.db_path
    assert db_path is not None
    staged = db_path.with_name(db_path.name + daily_copy.RESTORING)
    daily_copy.backup(db_path, staged)  # as a restore the power cut left it
    driver.app.saved_games.look_for_games_set_aside()  # what the start-up does
    assert not staged.exists()
    assert db_path.exists()
