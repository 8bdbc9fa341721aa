import os
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

pytestmark = pytest.mark.ui


def test_the_screenshots_option_writes_every_screen_at_800x480(tmp_path: Path) -> None:
    shots = tmp_path / "shots"
    subprocess.run(
        [sys.executable, "-m", "app", "--screenshots", str(shots)],
        check=True,
        timeout=600,  # a hang guard only: on a busy machine the render takes minutes
        env={**os.environ, "TABLESIDE_DB": str(tmp_path / "never-touched.db")},
        capture_output=True,
    )
    names = {path.name for path in shots.glob("*.png")}
    assert {"home.png", "settings.png", "history.png", "notice.png"} <= names
    # Beside each picture, the measures of what it shows (app.kit.legibility).
    measured = {path.stem for path in shots.glob("*.json")}
    assert measured == {path.stem for path in shots.glob("*.png")}
    for path in shots.glob("*.png"):
        with Image.open(path) as image:
            assert image.size == (800, 480), path.name
    # Screenshots use demonstration data, never the person's own saved games.
    assert not (tmp_path / "never-touched.db").exists()
