"""The Send to BG Stats code as a phone's camera sees it from the chair (issue 42): the
real window at 800x480, scaled down and blurred as a camera would take it, read by a
real decoder (zxing-cpp) for plays of 1 to 4 players of every game.

Two cameras: one that sees each module as 2 pixels with a Gaussian blur of 0.8 px (the
floor ML Kit documents, with the blur of a phone held by hand), and a phone at arm's
length: 60 cm from the 7" panel (154.08 x 85.92 mm for 800x480 pixels), its camera
analysing 1080 pixels across a view of about 50 degrees (the ecosystem review, 1c),
with the same blur. A proxy, without perspective, noise or moire: what it shows is
whether the modules are large enough to resolve."""

from __future__ import annotations

import math
from pathlib import Path

import pytest
import zxingcpp
from PIL import Image, ImageFilter

import engines
from app.exchange.bgstats_link import PushLink, push_link
from app.kit.qr_code import QUIET_ZONE
from app.play.send_to_bgstats import CODE_SCREEN, send_to_bgstats
from app.storage.store import Store
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

#: Names of ordinary length, two with letters beyond English (each six characters of
#: the link).
NAMES = ("Åse", "Øyvind", "Camille", "Dag")
BLUR_PX = 0.8
#: The 7" panel's viewable area, in mm, over its 800x480 pixels.
PANEL_MM = (154.08, 85.92)
#: What one camera pixel covers at 60 cm: 1080 pixels across 50 degrees.
CAMERA_PX_MM = 2 * 600 * math.tan(math.radians(25)) / 1080


def _plays() -> list[tuple[str, int]]:
    """Every game at each player count from 1 to 4 that it can be played with."""
    found = []
    for key in engines.game_keys():
        fewest, most = engines.entry(key).players
        found += [(key, count) for count in range(max(1, fewest), min(4, most) + 1)]
    return found


def _finished(store: Store, key: str, count: int) -> int:
    """A finished game of ``key`` with ``count`` players, told how it ended."""
    players = list(NAMES[:count])
    if engines.cooperative(key):
        outcome = {"result": "won", "reason": "The table won in the last round.", "winners": []}
    else:
        scores = [[name, 40 + 7 * seat] for seat, name in enumerate(players)]
        winner = players[-1]
        reason = f"{winner} won with {scores[-1][1]} points, after a close last round."
        outcome = {"result": "scored", "reason": reason, "winners": [winner], "scores": scores}
    session = store.start_session(key, {}, 7, players)
    store.finish_session(session, outcome)
    return session


def _link(store: Store, session_id: int) -> PushLink:
    events, _unreadable = store.readable_events(session_id)
    return push_link(store.session(session_id), events)


def _seen(picture: Image.Image, scale: tuple[float, float]) -> str | None:
    """What zxing-cpp reads in ``picture`` scaled by ``scale`` (across, down) and blurred."""
    size = (round(picture.width * scale[0]), round(picture.height * scale[1]))
    small = picture.convert("L").resize(size, Image.Resampling.BOX)
    blurred = small.filter(ImageFilter.GaussianBlur(BLUR_PX))
    found = zxingcpp.read_barcodes(blurred, formats=zxingcpp.BarcodeFormat.QRCode)
    return found[0].text if len(found) == 1 else None


@pytest.mark.parametrize(("key", "count"), _plays())
def test_a_phone_reads_the_code_from_the_chair(
    driver: Driver, key: str, count: int, tmp_path: Path
) -> None:
    store = driver.app.store
    session = _finished(store, key, count)
    link = _link(store, session)

    send_to_bgstats(session)
    driver.pump(3)
    assert driver.app.root.current == CODE_SCREEN
    module = driver.app.current_screen.ids.code.module_px
    with Image.open(driver.screenshot(tmp_path / "window.png")) as window:
        assert window.size == (800, 480)
        modules = len(link.code().matrix) + 2 * QUIET_ZONE
        close = _seen(window, (2 / module, 2 / module))
        across, down = (mm / px / CAMERA_PX_MM for mm, px in zip(PANEL_MM, window.size))
        far = _seen(window, (across, down))
    measured = f"version {link.code().version}, {module} px a module ({modules} modules)"
    assert close == link.link, f"not read at 2 px a module: {measured}"
    assert far == link.link, f"not read from 60 cm: {measured}"
