"""Opening a saved game (app.play.opening.open_game): it opens, or it is not opened, in
a player's words, with what can still be done with it; it never raises, and writes
nothing until the game is open."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from app.games import GAMES, GameInfo
from app.play import opening
from app.play.opening import (
    MOVES_REFUSED,
    NO_SUCH_GAME,
    NOT_SHOWN,
    TABLE_UNREADABLE,
    NotOpened,
    Opened,
    open_controller,
    open_game,
    set_aside,
)
from app.play.play_session import PlaySession
from app.play.replay import Replay
from app.storage.faults import StorageFault
from app.storage.store import Store
from engines.core import IllegalAction
from tests.reliability import damaged_rows
from tests.reliability.test_damaged_rows_open import NOT_PLAIN

GAME = GAMES[0]


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "tableside.db", check=False)


def _game(store: Store, game: GameInfo = GAME, steps: int = 12) -> int:
    """A game played a few steps through its controller and left; its id."""
    return damaged_rows.play_in(store, game, 3, stop_after=steps).session_id


def _rows(store: Store) -> list[Any]:
    return [
        store.db.execute(f"select * from {table} order by rowid").fetchall()
        for table in ("sessions", "events", "owed")
    ]


def _plain(not_opened: Opened | NotOpened) -> NotOpened:
    assert isinstance(not_opened, NotOpened), not_opened
    assert not_opened.words and not NOT_PLAIN.search(not_opened.words), not_opened.words
    return not_opened


@pytest.mark.parametrize("game", GAMES, ids=lambda game: game.key)
def test_a_healthy_game_opens_as_it_was_left(game: GameInfo, tmp_path: Path) -> None:
    saved = damaged_rows.play(game, tmp_path / "tableside.db", 3, stop_after=12)
    store = Store.open(saved.path, check=False)
    opened = open_game(store, game, saved.session_id)
    assert isinstance(opened, Opened) and isinstance(opened.play, PlaySession)
    assert len(opened.play.session.events) == saved.moves
    stepped = open_game(store, game, saved.session_id, stepping=True)
    assert isinstance(stepped, Opened) and isinstance(stepped.play, Replay)
    store.close()


def test_a_game_that_is_not_there(store: Store) -> None:
    not_opened = _plain(open_game(store, GAME, 99))
    assert not_opened.words == NO_SUCH_GAME
    assert not (not_opened.can_step_through or not_opened.can_correct or not_opened.can_set_aside)
    assert not_opened.heading == f"This {GAME.title} game could not be opened"


def test_a_move_that_cannot_be_read(store: Store) -> None:
    session_id = _game(store)
    store.db.execute("update events set payload = '{not a move' where seq = 3")
    before = _rows(store)
    not_opened = _plain(open_game(store, GAME, session_id))
    assert "saved move of this game cannot be read (number 3)." in not_opened.words
    assert not_opened.can_set_aside and not not_opened.can_step_through
    assert _rows(store) == before


def test_a_move_the_rules_refuse(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = _game(store)
    rules = GAME.rules()

    def refuse(state: Any, action: Any) -> Any:
        raise IllegalAction("You cannot do that now, says the engine's own text.")

    monkeypatch.setattr(rules, "apply", refuse)
    not_opened = _plain(open_game(store, GAME, session_id))
    assert not_opened.words.startswith(MOVES_REFUSED)


def test_storage_that_cannot_be_read_now(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = _game(store)

    def fault(_session_id: int) -> Any:
        raise StorageFault("locked", "database is locked")

    monkeypatch.setattr(store, "session", fault)
    not_opened = _plain(open_game(store, GAME, session_id))
    assert not_opened.words.startswith(str(StorageFault("locked")))
    assert not (not_opened.can_set_aside or not_opened.can_step_through)


def test_a_controller_that_cannot_be_set_up_offers_the_rest(
    store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    session_id = _game(store)
    made = GameInfo.controller

    def controller(game: GameInfo, play: Any) -> Any:
        if getattr(play, "owed_when_opened", None) is not None:
            raise ValueError("not a saved action: {'kild': 'play_card'}")
        return made(game, play)

    monkeypatch.setattr(GameInfo, "controller", controller)
    before = _rows(store)
    not_opened = _plain(open_game(store, GAME, session_id))
    assert not_opened.words.startswith(TABLE_UNREADABLE)
    assert not_opened.can_step_through and not_opened.can_correct and not_opened.can_set_aside
    assert isinstance(open_game(store, GAME, session_id, stepping=True), Opened)
    corrected = open_game(store, GAME, session_id, keep_owed=False)
    assert isinstance(corrected, Opened)
    assert corrected.controller.owed == corrected.controller.fresh_owed()
    assert _rows(store) == before  # opening without what was owed deletes nothing
    assert set_aside(store, not_opened) is None
    assert store.session(session_id).status == "abandoned"
    assert _rows(store)[1:] == before[1:]  # the moves and what was owed kept


def test_a_view_that_cannot_be_made(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = _game(store)

    def view(_game: GameInfo, _controller: Any) -> Any:
        raise IndexError("list index out of range")

    monkeypatch.setattr(GameInfo, "view", view)
    not_opened = _plain(open_game(store, GAME, session_id))
    assert not_opened.words.startswith(TABLE_UNREADABLE)
    assert not not_opened.can_correct  # without what was owed it fails all the same


def test_the_layout_gets_the_controller_made_and_its_failure_is_said(store: Store) -> None:
    session_id = _game(store)
    laid_out: list[Any] = []

    def show(opened: Opened) -> None:
        laid_out.append(open_controller(opened.game, opened.play))

    opened = open_game(store, GAME, session_id, show=show)
    assert isinstance(opened, Opened) and laid_out == [opened.controller]
    assert not opening._made

    def fail(_opened: Opened) -> None:
        raise AttributeError("'NoneType' object has no attribute 'x'")

    not_opened = _plain(open_game(store, GAME, session_id, show=fail))
    assert not_opened.words.startswith(NOT_SHOWN)
    assert not opening._made


def test_a_game_found_over_is_marked_so_only_once_open(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    saved = damaged_rows.play(GAME, tmp_path / "tableside.db", 1)
    assert saved.finished
    store = Store.open(saved.path, check=False)
    store.db.execute("update sessions set status = 'active', outcome = null, ended = null")

    def fail(_opened: Opened) -> None:
        raise RuntimeError("no")

    _plain(open_game(store, GAME, saved.session_id, show=fail))
    assert store.session(saved.session_id).status == "active"  # nothing written
    assert isinstance(open_game(store, GAME, saved.session_id), Opened)
    assert store.session(saved.session_id).status == "finished"
    assert json.loads(store.db.execute("select outcome from sessions").fetchone()[0])
    store.close()


def test_a_game_whose_data_cannot_be_loaded(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    session_id = _game(store)
    monkeypatch.setattr(GameInfo, "problem", lambda _game: "It cannot be played: reinstall.")
    not_opened = _plain(open_game(store, GAME, session_id))
    assert not_opened.words == "It cannot be played: reinstall."
