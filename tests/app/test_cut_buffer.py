"""On a desktop without xclip or xsel the first text field's clipboard probe logs no
CRITICAL: one line of news instead (app.kivy_setup.NoCutBufferIsNoAlarm)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from app.kivy_setup import NoCutBufferIsNoAlarm

PROBE = """
from app.kivy_setup import configure
configure()
from kivy.core.clipboard import Clipboard, CutBuffer
print("clipboard:", type(Clipboard).__name__, "cut buffer:", CutBuffer)
"""


@pytest.mark.skipif(
    bool(shutil.which("xclip") or shutil.which("xsel")), reason="a cut buffer is at hand here"
)
def test_no_cut_buffer_is_one_line_of_news(tmp_path: Path) -> None:
    env = {**os.environ, "KIVY_HOME": str(tmp_path), "KIVY_NO_FILELOG": "1"}
    env.pop("KIVY_NO_CONSOLELOG", None)
    done = subprocess.run(
        [sys.executable, "-c", PROBE],
        capture_output=True,
        text=True,
        env=env,
        timeout=120,
        cwd=Path(__file__).resolve().parents[2],
    )
    log = done.stdout + done.stderr
    assert "cut buffer: None" in log  # the probe ran and found none
    assert "CRITICAL" not in log and "Traceback" not in log
    assert NoCutBufferIsNoAlarm.WORDS.removeprefix("Cutbuffer: ") in log
