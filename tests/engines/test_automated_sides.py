"""A game's automated side (``engines.EngineEntry.automated``), as the soak run plays it:
over seeded games, whenever it must act it picks one of the legal actions, and otherwise
it passes (None)."""

from __future__ import annotations

import random

import pytest

import engines

AUTOMATED = [game.key for game in engines.GAMES if game.automated]


def test_the_list_names_the_automated_sides_it_has() -> None:
    assert AUTOMATED, "no listed game has an automated side: nothing below is checked"
    assert all(engines.entry(key).automated_side() for key in AUTOMATED)
    assert all(game.automated_side() is None for game in engines.GAMES if not game.automated)


@pytest.mark.parametrize("key", AUTOMATED)
def test_the_automated_side_plays_legal_moves_and_passes_otherwise(key: str) -> None:
    rules = engines.rules(key)
    side = engines.entry(key).automated_side()
    assert side is not None
    acted = passed = 0
    for seed in range(2):
        chooser = random.Random(seed)
        state = rules.new_game(None, seed)
        for _ in range(150):
            if rules.outcome(state) is not None:
                break
            legal = list(rules.legal_actions(state))
            action = side(state, chooser)
            if action is None:
                passed += 1
                action = chooser.choice(legal)
            else:
                acted += 1
                assert action in legal, (key, seed)
            state = rules.apply(state, action)
    assert acted and passed, (acted, passed)
