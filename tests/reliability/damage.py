"""Saved-games files for the damage tests: many games, then a page overwritten."""

from __future__ import annotations

import sqlite3
from contextlib import closing
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
    damage_page(db, len(db.read_bytes()) // page_size(db) // 2 + 1)


def damage_page(db: Path, page: int) -> None:
    """Overwrite the start of page ``page`` (numbered from 1), its header included."""
    size = page_size(db)
    data = bytearray(db.read_bytes())
    start = (page - 1) * size
    data[start : start + 64] = b"\xa5" * 64
    db.write_bytes(bytes(data))


def page_size(db: Path) -> int:
    with closing(sqlite3.connect(db)) as conn:
        size: int = conn.execute("pragma page_size").fetchone()[0]
    return size


def pages_of(db: Path, name: str, kind: str = "leaf") -> list[int]:
    """The pages of a table or index of ``kind`` ("leaf" or "internal"), in file order,
    by SQLite's dbstat table."""
    with closing(sqlite3.connect(db)) as conn:
        found = conn.execute(
            "select pageno from dbstat where name = ? and pagetype = ? order by pageno",
            [name, kind],
        )
        return [row[0] for row in found]
