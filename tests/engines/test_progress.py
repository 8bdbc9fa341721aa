"""Every engine says how far its game has got (engines.core.progress): over seeded random
games the rounds (or turns) only go forward, and turns begin within them."""

from __future__ import annotations

from dataclasses import replace
from itertools import pairwise

import pytest

import engines
from engines import chickwood, skogen, skoventyr, skulk_hollow
from engines.core import Progress
from tests.engines.table_accounts import random_states


@pytest.mark.parametrize("game", engines.game_keys())
def test_rounds_only_go_forward(game: str) -> None:
    rules = engines.rules(game)
    for seed in range(3):
        progress = [rules.progress(state) for state in random_states(rules, rules.Config(), seed)]
        assert all(a.number <= b.number for a, b in pairwise(progress)), (game, seed)
        assert progress[-1].number > progress[0].number, (game, seed)
        assert len(set(progress)) > 2, (game, seed)  # turns begin, not only rounds


def test_each_game_counts_as_its_players_do() -> None:
    assert skoventyr.progress(skoventyr.new_game(skoventyr.Config(players=2))) == Progress(
        1, seat=0, counted_by="turn"
    )
    assert skulk_hollow.progress(skulk_hollow.new_game()) == Progress(1)
    config = skogen.Config(players=("Ana", "Bo"))
    state = skogen.new_game(config)
    assert skogen.progress(state) == Progress(1, seat=0)
    assert skogen.progress(replace(state, current=1, turn=2)) == Progress(1, seat=1)
    assert skogen.progress(replace(state, current=0, turn=3)) == Progress(2, seat=0)
    first = chickwood.new_game()
    assert chickwood.progress(first) == Progress(1, seat=first.order[0])
