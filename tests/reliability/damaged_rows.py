"""Saved games with one letter changed: short games of every game in app.games.GAMES,
played through their controllers (so what the table is owed is saved with each move, as
at a real table), and every value of every row of every table of their file changed,
one letter at a time, on a copy (tests/reliability/test_damaged_rows_open.py).

A finished and an unfinished game of each game are each saved in a file of their own.
The demonstration module's sweep plan (``SWEEP``, app.tools.sweep_plan) says how a game
is played and with which options, so no game is named here.
"""

from __future__ import annotations

import importlib
import json
import random
import shutil
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from app.games import GameInfo
from app.play.controller import PlayController
from app.play.opening import open_controller
from app.play.play_session import PlaySession
from app.storage.store import Store
from app.tools.sweep_plan import SweepPlan

#: Seeds tried for each game's finished game: the one that ends soonest is kept.
SEEDS = range(1, 4)
#: The most steps a game is played for.
MOST_STEPS = 2000


class Table:
    """What a sweep player touches (a play screen), made of the controller alone."""

    def __init__(self, game: GameInfo, controller: PlayController[Any, Any, Any]) -> None:
        self.game, self.controller = game, controller

    @property
    def instructions(self) -> Any:
        return self.controller.telling

    def instruction_done(self) -> None:
        self.controller.done()

    @property
    def state(self) -> Any:
        return self.controller.state

    def take(self, action: Any) -> None:
        self.controller.take(action)


@dataclass(frozen=True)
class SavedGame:
    game: GameInfo
    finished: bool
    path: Path  # the file, holding this game alone
    session_id: int
    moves: int
    steps: int  # the player's steps: moves, touches and Dones
    #: The step before which the table was owed the most (the longest saved), the game
    #: not yet over: where the unfinished game is left.
    richest: int = 0


def play(game: GameInfo, path: Path, seed: int, stop_after: int | None = None) -> SavedGame:
    """A game of ``game`` played with its sweep plan's first options and player, to its
    end or for ``stop_after`` steps, saved in a new file at ``path``."""
    store = Store.open(path, check=False)
    saved = play_in(store, game, seed, stop_after)
    store.db.execute("pragma wal_checkpoint(truncate)")
    store.close()
    return saved


def play_in(store: Store, game: GameInfo, seed: int, stop_after: int | None = None) -> SavedGame:
    """``play``, in an open ``store``."""
    plan: SweepPlan = importlib.import_module(str(game.demo_path)).SWEEP
    config, names = plan.configs[0]
    session = PlaySession.start(store, game.rules(), config, seed, names)
    controller = open_controller(game, session)
    player, table = plan.player(seed), Table(game, controller)
    steps, richest, most = 0, 0, -1
    while steps < (MOST_STEPS if stop_after is None else stop_after):
        if session.session.outcome() is not None:
            if not controller.telling.active:
                break
        else:
            owed = store.db.execute("select length(data) from owed").fetchone()
            if owed is not None and owed[0] > most:
                richest, most = steps, owed[0]
        if not player.step(table):
            break
        steps += 1
    finished = session.session.outcome() is not None
    moves = len(session.session.events)
    path = store.path or Path()
    return SavedGame(game, finished, path, session.session_id, moves, steps, richest)


def finished_and_unfinished(game: GameInfo, folder: Path) -> tuple[SavedGame, SavedGame]:
    """The shortest finished game of a few seeds, and the same game left where the table
    was owed the most (the guardian's plan half carried out, a long chain half told)."""
    games = [play(game, folder / f"{game.key}-finished-{seed}.db", seed) for seed in SEEDS]
    ended = [each for each in games if each.finished]
    assert ended, f"no {game.title} game ended within {MOST_STEPS} steps"
    shortest = min(ended, key=lambda each: each.moves)
    for each in games:
        if each is not shortest:
            each.path.unlink()
    seed = SEEDS[games.index(shortest)]
    left = play(game, folder / f"{game.key}-unfinished.db", seed, stop_after=shortest.richest)
    assert not left.finished
    return shortest, left


@dataclass(frozen=True)
class Change:
    """One letter of one value changed: where, and the value before and after."""

    table: str
    rowid: int
    column: str
    before: Any
    after: Any

    def __str__(self) -> str:
        return f"{self.table} row {self.rowid} {self.column}: {self.before!r} -> {self.after!r}"


#: The most keys and values changed inside one JSON value of a table with many rows (a
#: game's moves), picked by its place, the same each run: every move's kind and fields
#: are met many times over in a game. In the other tables (the game's options, its
#: result, what the table is owed) every key and value is changed.
MOST_INSIDE_A_LOG = 3
#: A table with more rows than this is a log.
LOG_ROWS = 10


def changes(path: Path) -> Iterator[Change]:
    """Every value of every row of every table in the file at ``path`` with one letter
    changed (a digit, in a number or a value without letters); in a value holding JSON
    (a move, the options, what the table is owed), one letter of each of its keys and
    values too (a few of them in each row of a log: ``MOST_INSIDE_A_LOG``), each on its
    own (``letters_changed``). Empty values (NULL) are left out:
    they have no letter to change."""
    db = sqlite3.connect(path)
    try:
        tables = [
            row[0]
            for row in db.execute(
                "select name from sqlite_master where type = 'table' "
                "and name not like 'sqlite_%' order by name"
            )
        ]
        for table in tables:
            columns = [row[1] for row in db.execute(f'pragma table_info("{table}")')]
            rows = db.execute(f'select rowid, * from "{table}" order by rowid').fetchall()
            most = MOST_INSIDE_A_LOG if len(rows) > LOG_ROWS else None
            for values in rows:
                rowid = int(values[0])
                for column, value in zip(columns, values[1:], strict=True):
                    for after in letters_changed(value, f"{table}/{rowid}/{column}", most):
                        yield Change(table, rowid, column, value, after)
    finally:
        db.close()


def letters_changed(value: Any, where: str, most: int | None = None) -> list[Any]:
    """``value`` with one of its letters changed, the letter picked by ``where`` (the
    same each run); and, when it is JSON text, the same for each key and each value
    inside it (``most`` of them, when given), each change on its own (the text written
    as the app writes it)."""
    chooser = random.Random(where)
    found = [] if value is None else [one_changed(value, chooser)]
    if isinstance(value, str):
        try:
            data = json.loads(value)
        except ValueError:
            data = None
        if isinstance(data, (dict, list)) and json.dumps(data) == value:
            leaves = list(_leaves_changed(data, chooser))
            if most is not None and len(leaves) > most:
                leaves = chooser.sample(leaves, most)
            found += [json.dumps(each) for each in leaves]
    return [each for each in found if each is not None and each != value]


def _leaves_changed(data: Any, chooser: random.Random) -> Iterator[Any]:
    """``data`` (JSON) with one key or one value changed, for each key and value."""
    if isinstance(data, dict):
        for key, item in data.items():
            renamed = one_changed(key, chooser)
            if renamed is not None and renamed not in data:
                yield {renamed if k == key else k: v for k, v in data.items()}
            for changed in _leaves_changed(item, chooser):
                yield {**data, key: changed}
    elif isinstance(data, list):
        for index, item in enumerate(data):
            for changed in _leaves_changed(item, chooser):
                yield [*data[:index], changed, *data[index + 1 :]]
    elif not isinstance(data, bool) and data is not None:
        changed = one_changed(data, chooser)
        if changed is not None:
            yield changed


def one_changed(value: Any, chooser: random.Random) -> Any:
    """``value`` with one letter (else one digit) changed to another, of the same type
    where it can be; None when it has neither."""
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    text = value.decode("latin-1") if isinstance(value, bytes) else str(value)
    letters = [] if number else [i for i, c in enumerate(text) if c.isascii() and c.isalpha()]
    places = letters or [i for i, c in enumerate(text) if c.isdigit()]
    if not places:
        return None
    at = chooser.choice(places)
    old = text[at]
    others = "0123456789" if old.isdigit() else "abcdefghijklmnopqrstuvwxyz"
    new = chooser.choice([c for c in others if c != old.lower()])
    changed = text[:at] + (new.upper() if old.isupper() else new) + text[at + 1 :]
    if isinstance(value, bytes):
        return changed.encode("latin-1")
    if number:
        return type(value)(changed)
    return changed


def damaged_copy(saved: SavedGame, change: Change, path: Path) -> Path | None:
    """A copy of ``saved``'s file at ``path`` with ``change`` made; None when SQLite
    refuses the change (a key made the same as another row's cannot be saved)."""
    shutil.copyfile(saved.path, path)
    db = sqlite3.connect(path)
    try:
        db.execute("pragma synchronous = off")  # a scratch copy: no need to wait for the disk
        db.execute(
            f'update "{change.table}" set "{change.column}" = ? where rowid = ?',
            [change.after, change.rowid],
        )
        db.commit()
    except sqlite3.IntegrityError:
        return None
    finally:
        db.close()
    return path


def dump(path: Path) -> list[tuple[str, list[tuple[Any, ...]]]]:
    """Every row of every table, to tell whether opening a game changed the file."""
    db = sqlite3.connect(path)
    try:
        tables = [
            row[0]
            for row in db.execute(
                "select name from sqlite_master where type = 'table' order by name"
            )
        ]
        return [
            (table, db.execute(f'select rowid, * from "{table}" order by rowid').fetchall())
            for table in tables
        ]
    finally:
        db.close()
