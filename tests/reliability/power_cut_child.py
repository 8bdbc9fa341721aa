"""A game played to the saved log by a script, for the power-cut test to kill.

``python -m tests.reliability.power_cut_child DB GAME SEED TARGET`` resumes GAME's
unfinished game in DB (or starts one), prints ``PLAYING``, then makes seeded moves until
the log holds TARGET events, printing ``CONFIRMED n`` after each move returns: the moment
the screen would show it.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

import engines
from app.play.play_session import PlaySession
from app.storage.store import Store


def main(db: str, game: str, seed: int, target: int) -> None:
    rules = engines.rules(game)
    store = Store.open(Path(db))
    unfinished = store.unfinished_sessions(game)
    if unfinished:
        play = PlaySession.resume(store, rules, unfinished[0].id)
    else:
        play = PlaySession.start(store, rules, None, seed, ["Ana", "Bo"])
    print("PLAYING", flush=True)
    while len(play.session.events) < target:
        chooser = random.Random(seed * 100_003 + len(play.session.events))
        going_on = [
            a
            for a in rules.legal_actions(play.state)
            if rules.outcome(rules.apply(play.state, a)) is None
        ]
        if going_on:
            play.play(chooser.choice(going_on))
        else:
            play.undo()
        print(f"CONFIRMED {len(play.session.events)}", flush=True)
    store.close()


if __name__ == "__main__":
    main(sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]))
