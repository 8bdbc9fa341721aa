"""Pull the plug on a game with an automated side at random moments (SIGKILL), then open
it again: it shows exactly what the screen showed when the plug was pulled (the same
instruction, count and reason, prompt, buttons and order), or, when the plug was pulled
just after a step was saved and before it was shown, what that step showed."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.storage.store import Store
from tests.reliability import pulled_plug_views_child as child

KILLS = 6
SEED = 21


def run_until_killed(db: Path, game: str, delay: float) -> int:
    """Start the game, cut it ``delay`` seconds in; the last step it showed."""
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "tests.reliability.pulled_plug_views_child",
            str(db),
            game,
            str(SEED),
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert process.stdout is not None
    assert process.stdout.readline() == "PLAYING\n"
    time.sleep(delay)
    process.send_signal(signal.SIGKILL)
    out, _ = process.communicate(timeout=30)
    shown = [int(line.split()[1]) for line in out.splitlines() if line.startswith("STEP")]
    return max(shown, default=0)


@pytest.mark.parametrize("game", child.GAMES)
def test_a_game_opened_after_a_pulled_plug_shows_what_was_shown(game: str, tmp_path: Path) -> None:
    reference = list(child.steps(Store.open(tmp_path / "uncut.db"), game, SEED))
    assert len(reference) > 30
    timing = random.Random(game)
    cuts = []
    for cut in range(KILLS):
        db = tmp_path / f"cut{cut}.db"
        shown = run_until_killed(db, game, timing.uniform(0.05, 0.6))
        again = child.reopened(Store.open(db), game)
        # The plug may fall after a step was saved and before it was shown.
        assert again in reference[shown : shown + 2], f"cut at step {shown}"
        cuts.append(shown)
    assert max(cuts) > 0, "every cut fell before the game got going"
