"""Settings for every test: Kivy keeps its files in a temporary folder and reads no
command line, and the GPIO layer uses simulated pins.

Kivy's window settings come first too: merely importing the app's theme (its sizes in
dp) opens the window, and test modules are imported while the tests are collected, long
before the UI tests' own conftest runs. A window opened with Kivy's defaults would be
800x600, not the reference panel, and capped at 30 frames a second."""

import atexit
import os
import shutil
import tempfile
from pathlib import Path

import pytest

os.environ["KIVY_NO_ARGS"] = "1"
os.environ["KIVY_NO_FILELOG"] = "1"
os.environ["KIVY_NO_CONSOLELOG"] = "1"
if "KIVY_HOME" not in os.environ:  # made here: removed when the tests end
    os.environ["KIVY_HOME"] = tempfile.mkdtemp(prefix="tableside-kivy-")
    atexit.register(shutil.rmtree, os.environ["KIVY_HOME"], ignore_errors=True)
os.environ["TABLESIDE_GPIO"] = "mock"
# No multisampling: in the software renderer the tests draw with (llvmpipe, under Xvfb)
# it triples the cost of drawing a frame, and no test reads smoothed edges. Set in the
# environment so the app's own processes a test starts (screenshots, sweep) inherit it.
os.environ["KCFG_GRAPHICS_MULTISAMPLES"] = "0"

from app.kivy_setup import configure  # after the environment above

configure()

from kivy.config import Config  # noqa: E402

from app.storage import clock_check, volatile  # noqa: E402

# No frame-rate cap in tests: each simulated touch waits for frames, and the app's cap
# (kept for the Pi's sake) would make whole-game tests crawl.
Config.set("graphics", "maxfps", "0")


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests (marked ``long``) first, then those that drive a real window
    (whole games by touch), so with several workers (pytest-xdist) they start at once
    and the short engine tests fill the gaps, instead of one long test starting last."""
    items.sort(
        key=lambda item: (
            item.get_closest_marker("long") is None,
            not item.nodeid.startswith("tests/ui/"),
        )
    )


@pytest.fixture(autouse=True)
def clock_known_right(monkeypatch: pytest.MonkeyPatch) -> None:
    """The machine's clock counts as set by a time service, whatever this machine's is
    (app.storage.clock_check): a test of a clock that is not known right says so itself."""
    right = clock_check.ClockCheck(kernel_synchronized=lambda: True)
    monkeypatch.setattr(clock_check, "SYSTEM", right)


@pytest.fixture(autouse=True)
def saved_games_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """The saved games count as kept on a card, wherever the test's temporary folder is
    (app.storage.volatile): a test of games in memory only says so itself."""
    nowhere = Path("/nonexistent/tableside-probe")
    monkeypatch.setattr(volatile, "SYSTEM", volatile.Machine(nowhere, nowhere))
