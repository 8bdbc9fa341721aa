"""A game whose plug is pulled at any moment shows, opened again, exactly what it showed:
the same instruction, its count ("2 of 3") and reason, the same prompt and buttons, the
heroes in the same order, the Future with the same gaps, the keys of a raid half entered.
Seeded whole games of every game with a seeded person (app.play.autoplay) are played
through their controllers, as the screens open them (the screens only lay out what these
say: app.<game>.view); the saved-games file is copied after every write, and each copy
is opened afresh and its view compared with the ones shown.
tests/reliability/test_pulled_plug_views.py pulls real plugs (SIGKILL)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

import pytest

from app.games import GAMES, GameInfo
from app.play.opening import open_controller
from app.play.play_session import PlaySession
from app.storage.store import Store
from app.tools import oracle
from tests.app.writes import after_each_write


def play_and_reopen_at_every_step(
    tmp_path: Path, info: GameInfo, config: Any, seed: int, player: Any, names: list[str]
) -> tuple[int, int, Any]:
    """Play the whole game, copying the saved-games file after every committed write (a
    move with what the table is owed, a Done, a key): the plug pulled at that moment.
    Then open each copy: it reads as the step before or the one being taken, and once a
    step is over, as that step.
    Returns the steps and the copies checked, and the last state."""
    store = Store.open(tmp_path / "tableside.db")
    copies: list[tuple[int, Path]] = []  # (the step being taken, the copy)
    shown: list[Any] = []

    def copied() -> None:
        copy = tmp_path / f"copy{len(copies)}.db"
        with sqlite3.connect(copy) as target:
            store.db.conn.backup(target)
        copies.append((len(shown), copy))

    after_each_write(store, copied)
    rules = info.rules()
    play = PlaySession.start(store, rules, config, seed, names)
    live = open_controller(info, play)
    shown.append(info.view(live))
    while player.step(live):
        shown.append(info.view(live))
        assert len(shown) < 5000, "the game did not end"
    for number, (step, copy) in enumerate(copies):
        saved = Store.open(copy)
        again = open_controller(info, PlaySession.resume(saved, rules, play.session_id))
        seen = info.view(again)
        last_of_step = number + 1 == len(copies) or copies[number + 1][0] != step
        expected = shown[step : step + 1] if last_of_step else shown[step - 1 : step + 1]
        assert seen in expected, f"a plug pulled in step {step} reads otherwise"
        saved.close()
    return len(shown), len(copies), live.state


#: The seed of every game played (Skulk Hollow's sampled games: 121 and 169 moves). Opening
#: a copy replays the moves before it, so a game's cost grows with its length squared:
#: the longest games (seed 5: 355 and 376 moves, four times the time) are the oracle's.
SEED = 7


def every_sample() -> list[tuple[GameInfo, Any]]:
    """Each game in the list with a seeded person (app.play.autoplay), the first and the
    last set-up of its sample (the oracle's sample, tests/app/test_oracle.py, opens every
    one of them again every few steps): a new game with one joins without a line here."""
    return [
        (info, config)
        for info in GAMES
        if (play := oracle.table_play(info)) is not None
        for config in dict.fromkeys([play.sample[0], play.sample[-1]])
    ]


@pytest.mark.parametrize(
    ("info", "config"), every_sample(), ids=lambda value: getattr(value, "key", "")
)
@pytest.mark.long
def test_every_game_reads_the_same_when_opened_again_at_every_step(
    info: GameInfo, config: Any, tmp_path: Path
) -> None:
    play = oracle.table_play(info)
    assert play is not None
    steps, copies, state = play_and_reopen_at_every_step(
        tmp_path, info, config, SEED, play.person(SEED), oracle.seat_names(config, play.players)
    )
    assert info.rules().outcome(state) is not None and steps > 20 and copies >= steps - 1
