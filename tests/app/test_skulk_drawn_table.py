"""The Skulk Hollow screen draws the table as the people have been told it (issue 52):
whole seeded games through the controller the screen uses, every state's view read back
place by place (``drawn_places``) and held to the table as told; a Done changes only
the places of the instruction done; with nothing told, the view is the game's own."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import replace
from pathlib import Path

import pytest

from app.play.play_session import PlaySession
from app.skulk_hollow.autoplay import SkulkHollowPlayer
from app.skulk_hollow.controller import SkulkHollowController
from app.skulk_hollow.view import drawn_part, drawn_places, skulk_view
from app.storage.store import Store
from engines import skulk_hollow as K
from engines.core import plain_places


def own_places(control: SkulkHollowController) -> dict[str, Hashable]:
    return drawn_part(plain_places(K.table_places(control.state)))


def check_game(tmp_path: Path, config: K.Config, seed: int) -> tuple[int, int]:
    """States checked, and those of them in the middle of a chain told."""
    store = Store.open(tmp_path / f"tableside-{seed}.db")
    control = SkulkHollowController(K, PlaySession.start(store, K, config, seed, ["Ana"]))
    player = SkulkHollowPlayer(seed)
    telling = 0
    for checked in range(1, 20_000):
        drawn = drawn_places(skulk_view(control))
        assert drawn == drawn_part(control.table())
        current = control.telling.current
        if current is None:
            assert drawn == own_places(control)
        else:
            telling += 1
        if not player.step(control):
            return checked, telling
        if current is not None:  # a Done: only the places of that instruction change
            after = drawn_places(skulk_view(control))
            moved = {k for k in set(drawn) | set(after) if drawn.get(k) != after.get(k)}
            assert moved <= set(current.keys), (current.words, moved)
    raise AssertionError("the game did not end")


@pytest.mark.parametrize(
    "guardian, level, seed",
    [("grak", "easy", 1), ("apoda", "normal", 2), ("tanthos", "easy", 3), ("raptra", "hard", 4)],
)
def test_the_view_draws_the_table_as_told(
    tmp_path: Path, guardian: str, level: str, seed: int
) -> None:
    config = K.Config(guardian=guardian, level=level, foxen_deck="app")
    checked, telling = check_game(tmp_path, config, seed)
    assert telling > 20 and checked > telling


def test_a_hero_eliminated_stands_until_it_is_taken_off() -> None:
    """The rules have taken a hero off; the table has not been told yet: it is drawn."""
    state = K.new_game(K.Config(guardian="grak", foxen_deck="app"), 1)
    table = plain_places(K.table_places(state))
    sentinel = state.unit("sentinel")
    gone = replace(state, units=tuple(u for u in state.units if u.id != "sentinel"))
    assert K.as_placed(gone, table).unit("sentinel") == sentinel
    assert plain_places(K.table_places(K.as_placed(gone, table))) == table
