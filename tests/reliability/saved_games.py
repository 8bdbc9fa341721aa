"""A populated Tableside database built through the app's own code, for reliability runs.

Several games of each of the four kinds, played with the real engines through
``PlaySession`` (moves chosen from the legal ones by a seeded random generator, with
an undo now and then): finished, abandoned and unfinished ones. Also a roster, a setting,
both component profiles and a play imported from a BG Stats file. The same seed gives
the same games (their times aside).
"""

from __future__ import annotations

import importlib
import random
import tempfile
from pathlib import Path
from typing import Any

import engines
from app.chickwood.profile import to_data as village_data
from app.exchange.bgstats_export import export_bgstats
from app.exchange.bgstats_import import import_bgstats
from app.play.play_session import PlaySession
from app.storage.store import Store
from engines.chickwood.data import default_cards

PLAYERS = ("Ana", "Bo", "Camille", "Dag")


def table(index: int, game: engines.EngineEntry) -> list[str]:
    """The names at the ``index``-th game's table: two or three from the roster, each game
    starting with someone else, as many as the game allows (Skulk Hollow: one)."""
    count = min(2 + index % 2, game.players[1])
    return [PLAYERS[(index + seat) % len(PLAYERS)] for seat in range(count)]


#: One owner's correction in the Skulk Hollow component check.
SKULK_CORRECTION = {"grak.location.stomp.wounds": 5}


def build(path: Path, finished_per_game: int = 2, seed: int = 16, max_moves: int = 1500) -> Path:
    """Fill a new database at ``path``; its write-ahead log is folded into the file, so
    that a copy of the file alone holds every game."""
    store = Store.open(path)
    chooser = random.Random(seed)
    for name in PLAYERS:
        store.add_player(name)
    store.set_setting("buzzer_muted", True)
    store.save_profile("chickwood", village_data(default_cards()))
    store.save_profile("skulk_hollow", SKULK_CORRECTION)
    for index, game in enumerate(engines.GAMES):
        rules = game.rules()
        names = table(index, game)
        for _ in range(finished_per_game):
            play = PlaySession.start(store, rules, None, chooser.randrange(2**31), names)
            play_moves(play, rules, chooser, max_moves, finish=True)
        abandoned = PlaySession.start(store, rules, None, chooser.randrange(2**31), names)
        play_moves(abandoned, rules, chooser, 12, finish=False)
        abandoned.abandon()
        unfinished = PlaySession.start(store, rules, None, chooser.randrange(2**31), names)
        play_moves(unfinished, rules, chooser, 30, finish=False)
    import_one_play(store)
    store.db.execute("pragma wal_checkpoint(truncate)")
    store.close()
    return path


def play_moves(
    play: PlaySession, rules: Any, chooser: random.Random, moves: int, finish: bool
) -> None:
    """Up to ``moves`` seeded moves, one in ten of them undone again. With ``finish``
    the game is played to its end when it ends within them; without, it is kept open."""
    for move in range(moves):
        if play.session.outcome() is not None:
            return
        if move % 10 == 9 and play.session.can_undo:
            play.undo()
            continue
        actions = list(rules.legal_actions(play.state))
        if not finish:
            actions = [a for a in actions if rules.outcome(rules.apply(play.state, a)) is None]
        if not actions:
            return
        play.play(chooser.choice(actions))


def import_one_play(store: Store) -> None:
    """A finished Skogen game, exported from another table as a BG Stats file and
    imported here: a session with an external id and no events."""
    with tempfile.TemporaryDirectory() as folder:
        elsewhere = Store.open(Path(folder) / "elsewhere.db")
        rules = importlib.import_module("engines.skogen")
        play = PlaySession.start(elsewhere, rules, None, 99, ["Eli", "Ana"])
        play_moves(play, rules, random.Random(99), 2000, finish=True)
        if play.session.outcome() is None:  # a game that did not end: record its result
            elsewhere.finish_session(
                play.session_id, {"result": "scored", "reason": "Eli won.", "winners": ["Eli"]}
            )
        exported = Path(folder) / "bgstats.json"
        export_bgstats(elsewhere, exported)
        elsewhere.close()
        import_bgstats(store, exported)
