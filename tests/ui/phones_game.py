"""A Skogen game open with Phones at the table on (its server on any free port), for the
tests of the phones' page; the setting is turned off again however the test ends."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from app.games import BY_KEY
from engines import skogen
from tests.ui.driver import Driver


@contextmanager
def skogen_with_phones(driver: Driver, seed: int) -> Iterator[tuple[Any, tuple[str, str]]]:
    """The game's controller, and its page's link and address (once the server says
    where it listens)."""
    app = driver.app
    assert app.phones is not None
    app.phones.port = 0  # any free port: tests run side by side
    app.set_phones(True)
    try:
        app.start_game(BY_KEY["skogen"], skogen.Config(players=("Ana", "Bo")), ["Ana", "Bo"], seed)
        driver.pump(3)
        driver.wait_for(lambda: app.phones.link() is not None, seconds=20)
        link = app.phones.link()
        assert link is not None
        yield app.current_screen.controller, link
    finally:
        app.set_phones(False)
