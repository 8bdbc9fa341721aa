"""A game whose plug is pulled at any moment shows, opened again, exactly what it showed:
the same instruction, its count ("2 of 3") and reason, the same prompt and buttons, the
heroes in the same order, the Future with the same gaps. Seeded whole games of Skulk
Hollow and Skoventyr are played through their controllers (the screens only lay out what
these say: app.<game>.view); the saved-games file is copied after every write, and each
copy is opened afresh and its view compared with the ones shown.
tests/reliability/test_pulled_plug_views.py pulls real plugs (SIGKILL)."""

from __future__ import annotations

import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

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


def play_and_reopen_at_every_step(
    tmp_path: Path,
    rules: Any,
    config: Any,
    seed: int,
    control_type: Callable[[Any, PlaySession], Any],
    view: Callable[[Any], Any],
    player: Any,
) -> tuple[int, int, Any]:
    """Play the whole game, copying the saved-games file after every write (a move, what
    the table is owed): the plug pulled at that moment. Then open each copy: it reads as
    the step before or the one being taken, and once a step is over, as that step.
    Returns the steps and the copies checked, and the last state."""
    store = Store.open(tmp_path / "tableside.db")
    copies: list[tuple[int, Path]] = []  # (the step being taken, the copy)
    shown: list[Any] = []

    def copied(write: Callable[..., Any]) -> Callable[..., Any]:
        def writing(*args: Any, **kwargs: Any) -> Any:
            result = write(*args, **kwargs)
            copy = tmp_path / f"copy{len(copies)}.db"
            with sqlite3.connect(copy) as target:
                store.db.conn.backup(target)
            copies.append((len(shown), copy))
            return result

        return writing

    store.append_event = copied(store.append_event)  # type: ignore[method-assign]
    store.save_owed = copied(store.save_owed)  # type: ignore[method-assign]
    play = PlaySession.start(store, rules, config, seed, ["Ana", "Bo", "Cy", "Di"])
    live = control_type(rules, play)
    shown.append(view(live))
    while player.step(live):
        shown.append(view(live))
        assert len(shown) < 5000, "the game did not end"
    for number, (step, copy) in enumerate(copies):
        saved = Store.open(copy)
        again = control_type(rules, PlaySession.resume(saved, rules, play.session_id))
        seen = view(again)
        last_of_step = number + 1 == len(copies) or copies[number + 1][0] != step
        expected = shown[step : step + 1] if last_of_step else shown[step - 1 : step + 1]
        assert seen in expected, f"a plug pulled in step {step} reads otherwise"
        saved.close()
    return len(shown), len(copies), live.state


SKULK = [
    K.Config(guardian="grak"),
    K.Config(guardian="apoda", foxen_deck="app"),
    K.Config(guardian="tanthos", leader="queen_of_blessing", hero_relics=2),
    K.Config(guardian="raptra", leader="prince_of_guile", foxen_deck="app", guardian_relics=1),
]


@pytest.mark.parametrize("config", SKULK, ids=lambda c: c.guardian)
def test_skulk_hollow_reads_the_same_when_opened_again_at_every_step(
    config: K.Config, tmp_path: Path
) -> None:
    steps, copies, state = play_and_reopen_at_every_step(
        tmp_path, K, config, 11, SkulkHollowController, skulk_view, SkulkHollowPlayer(11)
    )
    assert state.ended and steps > 50 and copies >= steps - 1


SKOVENTYR = [
    S.Config(),
    S.Config(damaged_trees=1, rescue=True),
    S.Config(players=2, lygtemands=True, deck_mode="table"),
]


@pytest.mark.parametrize("config", SKOVENTYR, ids=["standard", "harder_rescue", "table_two"])
def test_skoventyr_reads_the_same_when_opened_again_at_every_step(
    config: S.Config, tmp_path: Path
) -> None:
    steps, copies, state = play_and_reopen_at_every_step(
        tmp_path, S, config, 5, SkoventyrController, skoventyr_view, SkoventyrPlayer(5)
    )
    assert state.ended is not None and steps > 20 and copies >= steps - 1
