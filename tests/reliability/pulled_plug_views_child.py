"""A game played through its controller, step by step, for the pulled-plug test to kill
(every game with a seeded person, app.play.autoplay).

``python -m tests.reliability.pulled_plug_views_child DB GAME SEED`` starts a game in DB,
prints ``PLAYING``, then after each step (a move, a Done, a plan) has returned prints
``STEP n HASH``: the moment the screen would show it, and a fingerprint of what it shows.
"""

from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from app.games import BY_KEY
from app.games import GAMES as EVERY_GAME
from app.play.opening import open_controller
from app.play.play_session import PlaySession
from app.storage.store import Store
from app.tools import oracle

#: Every game with a seeded person at its table (app.play.autoplay), played with the
#: first set-up of its sample (something of everything).
GAMES = [info.key for info in EVERY_GAME if oracle.table_play(info) is not None]


def fingerprint(view: Any) -> str:
    return hashlib.sha1(repr(view).encode()).hexdigest()[:16]


def reopened(store: Store, game: str) -> str:
    """The fingerprint of what the game shows when opened again from ``store``."""
    info = BY_KEY[game]
    [saved] = store.unfinished_sessions(game) or store.sessions(game)
    play = PlaySession.resume(store, info.rules(), saved.id)
    return fingerprint(info.view(open_controller(info, play)))


def steps(store: Store, game: str, seed: int) -> Iterator[str]:
    """Play a new game to its end, yielding the fingerprint after each step."""
    info = BY_KEY[game]
    table_play = oracle.table_play(info)
    assert table_play is not None
    config = table_play.sample[0]
    names = oracle.seat_names(config, table_play.players)
    control = open_controller(info, PlaySession.start(store, info.rules(), config, seed, names))
    player = table_play.person(seed)
    yield fingerprint(info.view(control))
    while player.step(control):
        yield fingerprint(info.view(control))


def main(db: str, game: str, seed: int) -> None:
    store = Store.open(Path(db))
    print("PLAYING", flush=True)
    for number, shown in enumerate(steps(store, game, seed)):
        print(f"STEP {number} {shown}", flush=True)
        time.sleep(0.004)  # a person's pace, slowed: the plug is pulled mid-game
    store.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
