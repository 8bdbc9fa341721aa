"""A saved game that cannot be opened (app.play.opening) is said on its own screen, in a
player's words, and can still be stepped through, corrected by hand or set aside; the
app goes on and nothing is deleted (issue 53, part 4). The game's controller is made to
fail while what the table was owed is read back, as one changed letter in a Skulk
Hollow plan did (tests/reliability/test_damaged_rows_open.py changes every letter)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from kivy.core.window import Window

from app.games import GAMES, GameInfo
from app.kit import legibility
from app.kit.popups import MessagePopup
from app.play.opening import open_controller
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.storage.store import Store
from app.tools.sweep_plan import SweepPlan
from tests.reliability.damaged_rows import Table
from tests.reliability.test_damaged_rows_open import NOT_PLAIN
from tests.ui.driver import Driver

pytestmark = pytest.mark.ui

GAME = next(game for game in GAMES if game.playable and game.demo_path)


def _unfinished(store: Store, steps: int = 12) -> int:
    """A game of ``GAME`` played a few steps through its controller (so what the table is
    owed is kept with it) and left; its id."""
    plan: SweepPlan = importlib.import_module(str(GAME.demo_path)).SWEEP
    config, names = plan.configs[0]
    play = PlaySession.start(store, GAME.rules(), config, 3, names)
    controller = open_controller(GAME, play)
    player, table = plan.player(3), Table(GAME, controller)
    for _ in range(steps):
        player.step(table)
    assert play.session.outcome() is None
    return play.session_id


def _rows(store: Store) -> list[Any]:
    return [
        store.db.execute(f"select * from {table} order by rowid").fetchall()
        for table in ("sessions", "events", "owed")
    ]


@pytest.fixture
def failing_controller(monkeypatch: pytest.MonkeyPatch) -> None:
    """Setting up a game's controller fails while it reads what the table was owed (and
    works without it, as "Correct by hand" opens the game)."""
    made = GameInfo.controller

    def controller(game: GameInfo, play: Any) -> Any:
        if getattr(play, "owed_when_opened", None) is not None:
            raise RuntimeError("not a saved action: {'kild': 'play_card'}")
        return made(game, play)

    monkeypatch.setattr(GameInfo, "controller", controller)


def _notice(driver: Driver) -> str:
    popups = [w for w in Window.children if isinstance(w, MessagePopup)]
    assert len(popups) == 1, "expected one popup"
    return f"{popups[0].heading}: {popups[0].message}"


def test_a_game_that_cannot_be_opened_is_said_and_offered(
    driver: Driver, failing_controller: None
) -> None:
    app, store = driver.app, driver.app.store
    session_id = _unfinished(store)
    before = _rows(store)
    app.resume_game(GAME, session_id)
    driver.pump(2)
    assert app.root.current == "not_opened"
    texts = driver.texts()
    assert f"This {GAME.title} game could not be opened" in texts
    words = app.current_screen.words
    assert "could not be read back" in words and not NOT_PLAIN.search(words)
    for offer in ("Step through", "Correct by hand", "Set aside", "Back"):
        assert offer in texts
    assert not legibility.problems(driver.measure())
    assert _rows(store) == before

    # Step through: the moves, one by one.
    driver.tap_text("Step through")
    driver.wait_for(lambda: app.root.current == GAME.play_screen)
    assert isinstance(app.current_screen.play, Replay)
    app.back()
    driver.pump()
    assert app.root.current == "not_opened"

    # Correct by hand: the game open to play on, told what to do; nothing written.
    driver.tap_text("Correct by hand")
    driver.pump(2)
    assert app.root.current == GAME.play_screen
    assert isinstance(app.current_screen.play, PlaySession)
    assert _notice(driver).startswith("Correct it by hand: The game is open at its last move")
    driver.close_popups()
    assert _rows(store) == before

    # Set aside, once asked: kept, and no longer offered to resume.
    app.home()
    app.resume_game(GAME, session_id)
    driver.pump(2)
    driver.tap_text("Set aside")
    assert _notice(driver).startswith("Set this game aside?")
    popup = next(w for w in Window.children if isinstance(w, MessagePopup))
    driver.tap(next(w for w in popup.walk() if getattr(w, "text", "") == "Set aside"))
    driver.pump(2)
    assert store.session(session_id).status == "abandoned"
    assert app.root.current == "home"
    assert "kept in History" in _notice(driver)
    assert store.unfinished_sessions(GAME.key) == []
    assert len(store.events(session_id)) == len(before[1])


def test_back_goes_back_and_a_missing_game_offers_nothing(
    driver: Driver, failing_controller: None
) -> None:
    app = driver.app
    app.resume_game(GAME, 12345)
    driver.pump(2)
    assert app.root.current == "not_opened"
    assert "no longer among your saved games" in app.current_screen.words
    texts = driver.texts()
    assert not {"Step through", "Correct by hand", "Set aside"} & set(texts)
    choices = app.current_screen.ids.choices.children
    assert [button.text for button in choices] == ["Back"]  # beside the top bar's
    driver.tap(choices[0])
    assert app.root.current == "home"
