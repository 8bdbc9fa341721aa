"""What the table is owed, kept in the saved-games file (app/storage/owed.py): with the
move it follows in one transaction, alone after a Done, and read back only for the moment
it belongs to."""

import sqlite3
from pathlib import Path

import pytest

from app.storage.store import Store

ROLL = {"type": "action", "action": {"kind": "roll"}}


@pytest.fixture
def store(tmp_path: Path) -> Store:
    return Store.open(tmp_path / "tableside.db")


def test_what_is_owed_is_kept_with_its_move_and_read_back_for_that_moment(store: Store) -> None:
    game = store.start_session("pig", {}, 7, ["Ana"])
    assert store.owed(game, 0) is None  # a new game owes nothing
    store.append_event(game, ROLL, owed={"step": 1})
    assert store.owed(game, 1) == {"step": 1}
    assert store.owed(game, 0) is None and store.owed(game, 2) is None  # another moment
    store.save_owed(game, {"step": 2})  # a Done: the table moved on, nothing was played
    assert store.owed(game, 1) == {"step": 2}
    store.append_event(game, ROLL)  # a move that keeps nothing: nothing is owed after it
    assert store.owed(game, 2) is None
    other = store.start_session("pig", {}, 8, ["Bo"])
    assert store.owed(other, 0) is None  # one row a game


def test_a_move_whose_game_is_closed_keeps_neither(store: Store) -> None:
    game = store.start_session("pig", {}, 7, ["Ana"])
    store.append_event(game, ROLL, owed={"step": 1})
    store.abandon_session(game)
    with pytest.raises(ValueError, match="no longer open"):
        store.append_event(game, ROLL, owed={"step": 2})
    assert store.owed(game, 1) == {"step": 1}
    assert len(store.events(game)) == 1


def test_an_unreadable_row_reads_as_nothing_owed(store: Store, tmp_path: Path) -> None:
    game = store.start_session("pig", {}, 7, ["Ana"])
    store.append_event(game, ROLL, owed={"step": 1})
    raw = sqlite3.connect(tmp_path / "tableside.db")
    with raw:
        raw.execute("update owed set data = '{not json' where session_id = ?", [game])
    assert store.owed(game, 1) is None


def test_a_move_is_kept_only_with_what_it_owes(store: Store) -> None:
    game = store.start_session("pig", {}, 7, ["Ana"])
    store.append_event(game, ROLL, owed={"step": 1})
    # What the move owes cannot be written: the move is not kept either.
    store.db.execute(
        "create trigger refuse before insert on owed begin select raise(abort, 'refused'); end"
    )
    with pytest.raises(sqlite3.IntegrityError):
        store.append_event(game, ROLL, owed={"step": 2})
    assert len(store.events(game)) == 1  # the move and what it owes: both or neither
    assert store.owed(game, 1) == {"step": 1}
