"""Shared checks of an engine's account of the table (engines/core/changes.py): over any
two states of one game, in either direction, ``table_changes`` covers every differing
place of ``table_places`` exactly once, with an instruction that reads as a sentence."""

from __future__ import annotations

import random
from typing import Any

from engines.core import AnyGameRules, check_changes


def account_problems(rules: AnyGameRules, before: Any, after: Any) -> list[str]:
    """What is wrong with the instructions from ``before`` to ``after`` and back."""
    problems = []
    for start, end in ((before, after), (after, before)):
        changes = rules.table_changes(start, end)
        problems += check_changes(changes, rules.table_places(start), rules.table_places(end))
        problems += [
            f"{c.words!r} does not start a sentence" for c in changes if not c.words[0].isupper()
        ]
    return problems


def random_states(rules: AnyGameRules, config: Any, seed: int, limit: int = 400) -> list[Any]:
    """Every state of a seeded game played with random legal actions, to its end (or to
    ``limit`` steps)."""
    chooser = random.Random(seed)
    state = rules.new_game(config, seed)
    states = [state]
    while len(states) < limit and (actions := rules.legal_actions(state)):
        state = rules.apply(state, chooser.choice(actions))
        states.append(state)
    return states
