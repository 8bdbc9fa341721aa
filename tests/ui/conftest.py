"""A real Tableside window (under Xvfb when there is no display), shared by the UI tests.

Kivy runs one app per process, so the app starts once; each test begins at Home.
The window is driven as a person would: touches at widgets' on-screen positions.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

# Kivy's window settings were made in tests/conftest.py, before anything imported Kivy.
from kivy.base import EventLoop, runTouchApp

from app.application import TablesideApp
from app.exchange import usb_sticks
from app.kit import tap_guard
from tests.ui.driver import Driver


@pytest.fixture(scope="session")
def running_app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TablesideApp]:
    app = TablesideApp(db_path=tmp_path_factory.mktemp("db") / "tableside.db")
    app._run_prepare()  # what App.run() does, without entering the main loop
    runTouchApp(embedded=True)
    app.dispatch("on_start")
    for _ in range(3):  # the first frames, drawn: start-up finishes after the first
        EventLoop.idle()
    yield app
    app.stop()
    EventLoop.close()


@pytest.fixture
def driver(running_app: TablesideApp, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Driver:
    """The app at Home with an empty database and no screen kept from another test.
    USB sticks are looked for in an empty folder, never on this machine's own: a test
    plugs a fake one in with tests.usb_fakes."""
    monkeypatch.setattr(usb_sticks, "ROOT", tmp_path / "no-usb-sticks")
    drive = Driver(running_app)
    drive.close_popups()
    running_app.home()  # a game left: its background work (a guardian thinking) forgotten
    drive.pump()
    db = running_app.store.db
    with db.atomic():
        for table in (
            "owed",
            "told",
            "events",
            "sessions",
            "players",
            "component_profiles",
            "settings",
        ):
            db.execute(f"delete from {table}")
    running_app.home()
    for screen in list(running_app.root.screens):  # built afresh on first use
        if screen.name != "home":
            running_app.root.remove_widget(screen)
    drive.pump()
    return drive


@pytest.fixture
def quick_taps(monkeypatch: pytest.MonkeyPatch) -> None:
    """For whole games played by touch: the moment after a change in which taps are
    ignored (app.kit.tap_guard, tested on its own in test_tap_guard) is cut to a tenth,
    so the driver, which waits it out before every tap, waits less; the taps and what
    they do are the same."""
    monkeypatch.setattr(tap_guard, "GUARD_SECONDS", tap_guard.GUARD_SECONDS / 10)
