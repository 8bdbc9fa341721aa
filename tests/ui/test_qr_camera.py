"""The Send to BG Stats code as a phone's camera sees it from the chair (issue 42): the
real window at 800x480, scaled down and blurred as a camera would take it, read by a
real decoder (zxing-cpp) for plays of 1 to 4 players of every game.

Three cameras, each blurring by a Gaussian of 0.8 px (a phone held by hand): one that
sees each module as 2.5 pixels (ML Kit's documented floor of 2 with the margin the
screen's distance is worked out with: at 2 exactly, a blurred code reads or not by its
content, about one play in six); a phone at the distance the screen tells people to hold
it; and one at arm's length, 60 cm. A phone's camera is
taken to analyse 1080 pixels across a view of about 50 degrees (the ecosystem review,
1c) and the panel to be the official 7" one (154.08 x 85.92 mm for 800x480 pixels). A
proxy, without perspective, noise or moire: what it shows is whether the modules are
large enough to resolve.

From 60 cm a phone reads modules of 6 pixels (version 15 at most in the panel's 480):
a one-player play fits, two players or more do not (docs/bgstats.md). Those cases are
marked expected failures, with the version and module size, and pass once a code reads."""

from __future__ import annotations

from pathlib import Path

import pytest
import zxingcpp
from PIL import Image, ImageFilter

import engines
from app.exchange.bgstats_link import PushLink, push_link
from app.kit.qr_code import CAMERA_PIXEL_MM_PER_CM, CAMERA_PIXELS_A_MODULE, QUIET_ZONE
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
ARMS_LENGTH_CM = 60


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
    return push_link(store.session(session_id), events, store)


def _from(picture: Image.Image, distance_cm: float) -> str | None:
    """What a phone ``distance_cm`` from the panel reads in ``picture`` (the window)."""
    camera_px_mm = CAMERA_PIXEL_MM_PER_CM * distance_cm
    across, down = (mm / px / camera_px_mm for mm, px in zip(PANEL_MM, picture.size, strict=True))
    return _seen(picture, (across, down))


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
    screen = driver.app.current_screen
    module = screen.ids.code.module_px
    said = f"Hold your phone about {screen.distance} cm from the screen"
    assert said in " ".join(driver.texts())
    with Image.open(driver.screenshot(tmp_path / "window.png")) as window:
        assert window.size == (800, 480)
        close = _seen(window, (CAMERA_PIXELS_A_MODULE / module,) * 2)
        there = _from(window, screen.distance)
        far = _from(window, ARMS_LENGTH_CM)
    modules = len(link.code().matrix) + 2 * QUIET_ZONE
    measured = f"version {link.code().version}, {module} px a module ({modules} modules)"
    assert close == link.link, f"not read at {CAMERA_PIXELS_A_MODULE} px a module: {measured}"
    assert screen.distance >= 30
    assert there == link.link, f"not read from {screen.distance} cm: {measured}"
    if far != link.link:
        pytest.xfail(f"not read from {ARMS_LENGTH_CM} cm: {measured}")
