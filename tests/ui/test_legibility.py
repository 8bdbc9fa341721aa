"""Every screen the screenshots render (app/tools/screenshots.py: Home, Settings, History,
Statistics, set-up guides, new-game forms and tools, each game's demonstration scenes,
notices and the popups the scenes open) is readable and touchable at arm's length, on
the reference panel and in portrait: no text under 15 sp, no touch target under 48 dp,
nothing clipped, nothing overlapping (app.kit.legibility says exactly what it checks)."""

import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from app.kit import legibility

pytestmark = pytest.mark.ui


@pytest.mark.parametrize("size", ["800x480", "720x1280"])
@pytest.mark.long
def test_every_screen_is_readable_and_touchable(size: str, tmp_path: Path) -> None:
    """Also what ``--screenshots`` promises: a picture and its measures for every scene,
    at the size asked (800x480, the reference panel, when none is), from demonstration
    data, never the person's own saved games."""
    shots = tmp_path / size
    size_option = [] if size == "800x480" else ["--size", size]
    subprocess.run(
        [sys.executable, "-m", "app", "--screenshots", str(shots), *size_option],
        check=True,
        timeout=600,  # a hang guard only: on a busy machine the render takes minutes
        env={**os.environ, "TABLESIDE_DB": str(tmp_path / "never-touched.db")},
        capture_output=True,
    )
    width, height = (int(n) for n in size.split("x"))
    pictures = sorted(shots.glob("*.png"))
    assert {"home.png", "settings.png", "history.png", "notice.png"} <= {p.name for p in pictures}
    for path in pictures:  # a screen too small would shrink them
        with Image.open(path) as image:
            assert image.size == (width, height), path.name
    assert {path.stem for path in shots.glob("*.json")} == {path.stem for path in pictures}
    assert not (tmp_path / "never-touched.db").exists()
    by_scene = legibility.scene_problems(shots)
    assert len(by_scene) >= 40
    assert not any(by_scene.values()), legibility.report(by_scene, size)
