"""Saved-games files for the damage tests: many games, then one page overwritten."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from app.play.play_session import PlaySession
from app.storage.store import Store
from engines import skogen


def many_games(db: Path, games: int = 30, moves: int = 40) -> dict[int, int]:
    """Skogen games with up to ``moves`` moves each, all on disk in the main file (no
    WAL left); returns each game's number of moves by its id."""
    store = Store.open(db)
    store.add_player("Ana")
    saved: dict[int, int] = {}
    for seed in range(games):
        play = PlaySession.start(store, skogen, None, seed, ["Ana"])
        while len(play.session.events) < moves and skogen.legal_actions(play.state):
            play.play(skogen.legal_actions(play.state)[-1])
        saved[play.session_id] = len(play.session.events)
    store.db.execute("pragma wal_checkpoint(truncate)")
    store.close()
    return saved


def damage_a_middle_page(db: Path) -> None:
    """Overwrite the start of the page in the middle of the file, as a worn card might."""
    with sqlite3.connect(db) as conn:
        page = conn.execute("pragma page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    middle = len(data) // page // 2
    data[middle * page : middle * page + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))
