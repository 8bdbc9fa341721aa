"""Pull the plug: a scripted game is killed with SIGKILL at random moments, again and
again. After each restart the saved game replays to the same state as an independent
replay of every committed event, no move the screen had shown is missing, and the log
is exactly the start of the log the same script writes when nobody pulls the plug."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import engines
from app.play.play_session import PlaySession
from app.storage.store import Store
from engines.core import Event, Session
from tests.reliability import power_cut_child

KILLS_PER_GAME = 13  # 52 kills across the four games


def run_until_killed(db: Path, game: str, delay: float) -> int:
    """Start the scripted game, cut it ``delay`` seconds into its moves; the moves it
    confirmed. The clock starts once the game is open, however long Python took to start
    (seconds on a busy machine), so every cut lands among the moves."""
    child = subprocess.Popen(
        [sys.executable, "-m", "tests.reliability.power_cut_child", str(db), game, "7", "400"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert child.stdout is not None
    assert child.stdout.readline() == "PLAYING\n"
    time.sleep(delay)
    child.send_signal(signal.SIGKILL)
    out, _ = child.communicate(timeout=30)
    confirmed = [int(line.split()[1]) for line in out.splitlines() if line.startswith("CONFIRMED")]
    return max(confirmed, default=0)


@pytest.mark.parametrize("game", engines.game_keys())
@pytest.mark.long
def test_nothing_confirmed_is_lost_when_the_power_is_cut(game: str, tmp_path: Path) -> None:
    rules = engines.rules(game)
    db = tmp_path / "tableside.db"
    timing = random.Random(game)
    shown_before = 0
    for _ in range(KILLS_PER_GAME):
        shown = run_until_killed(db, game, timing.uniform(0.0, 0.9))
        store = Store.open(db)
        assert store.notice is None  # the file survived whole: nothing set aside
        [saved] = store.sessions(game)
        logged = store.events(saved.id)
        assert len(logged) >= shown  # every move the screen showed is on disk
        assert len(logged) >= shown_before
        resumed = PlaySession.resume(store, rules, saved.id)
        config = Session.config_from_dict(rules, saved.config)
        events = [Event.from_dict(rules, data) for data in logged]
        assert resumed.state == Session.replay(rules, config, saved.seed, events).state
        store.close()
        shown_before = len(logged)
    assert shown_before > 0, "the game never got going before the cuts"

    uncut = tmp_path / "uncut.db"
    power_cut_child.main(str(uncut), game, 7, shown_before)
    reference = Store.open(uncut)
    [whole] = reference.sessions(game)
    assert reference.events(whole.id) == logged  # nothing lost, doubled or garbled
