"""Every engine tells the table each physical change once, and nothing else: over seeded
random games of each game's standard set-up, every pair of consecutive states (and some
far apart, as an undo of several steps compares) is accounted for in both directions.
Each game's own tests (tests/engines/<game>/test_table_changes.py) add its options and
worked cases with the exact words."""

from __future__ import annotations

import random
from itertools import pairwise

import pytest

import engines
from tests.engines.table_accounts import account_problems, random_states


@pytest.mark.parametrize("game", engines.game_keys())
def test_every_difference_between_two_states_is_told_once(game: str) -> None:
    rules = engines.rules(game)
    far = random.Random(11)
    for seed in range(8):
        states = random_states(rules, rules.Config(), seed)
        assert len(states) > 2, "the game should last beyond its set-up"
        pairs = [*pairwise(states), *(far.sample(states, 2) for _ in range(30))]
        for before, after in pairs:
            assert account_problems(rules, before, after) == [], (game, seed)


@pytest.mark.parametrize("game", engines.game_keys())
def test_a_game_that_changes_the_table_is_told_so(game: str) -> None:
    """The account is not empty by accident: a whole game changes the table."""
    rules = engines.rules(game)
    states = random_states(rules, rules.Config(), seed=1)
    assert rules.table_changes(states[0], states[-1])
    assert rules.table_changes(states[0], states[0]) == []
