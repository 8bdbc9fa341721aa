"""A Skulk Hollow or Skoventyr game played through its controller, step by step, for the
pulled-plug test to kill.

``python -m tests.reliability.pulled_plug_views_child DB GAME SEED`` starts a game in DB,
prints ``PLAYING``, then after each step (a move, a Done, a plan) has returned prints
``STEP n HASH``: the moment the screen would show it, and a fingerprint of what it shows.
"""

from __future__ import annotations

import hashlib
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from app.play.play_session import PlaySession
from app.skoventyr.autoplay import SkoventyrPlayer
from app.skoventyr.controller import SkoventyrController
from app.skoventyr.view import skoventyr_view
from app.skulk_hollow.autoplay import SkulkHollowPlayer
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.view import skulk_view
from app.storage.store import Store
from engines import skoventyr as S
from engines import skulk_hollow as K

#: Per game: its rules, a config with something of everything, the controller and view.
#: (These two are the games with a controller that owes the table: not a list a new game
#: joins unless it has one.)
GAMES: dict[
    str, tuple[Any, Any, Any, Callable[[Any], Any], Callable[[int], Any]]
] = {  # not a game list
    "skulk_hollow": (
        K,
        K.Config(guardian="grak", hero_relics=1, foxen_deck="app"),
        SkulkHollowController,
        skulk_view,
        SkulkHollowPlayer,
    ),
    "skoventyr": (
        S,
        S.Config(damaged_trees=1, rescue=True),
        SkoventyrController,
        skoventyr_view,
        SkoventyrPlayer,
    ),
}


def fingerprint(view: Any) -> str:
    return hashlib.sha1(repr(view).encode()).hexdigest()[:16]


def reopened(store: Store, game: str) -> str:
    """The fingerprint of what the game shows when opened again from ``store``."""
    rules, _config, control, view, _player = GAMES[game]
    [saved] = store.unfinished_sessions(game) or store.sessions(game)
    return fingerprint(view(control(rules, PlaySession.resume(store, rules, saved.id))))


def steps(store: Store, game: str, seed: int) -> Iterator[str]:
    """Play a new game to its end, yielding the fingerprint after each step."""
    rules, config, control_type, view, player_type = GAMES[game]
    play = PlaySession.start(store, rules, config, seed, ["Ana"])
    control = control_type(rules, play)
    player = player_type(seed)
    yield fingerprint(view(control))
    while player.step(control):
        yield fingerprint(view(control))


def main(db: str, game: str, seed: int) -> None:
    store = Store.open(Path(db))
    print("PLAYING", flush=True)
    for number, shown in enumerate(steps(store, game, seed)):
        print(f"STEP {number} {shown}", flush=True)
        time.sleep(0.004)  # a person's pace, slowed: the plug is pulled mid-game
    store.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]))
