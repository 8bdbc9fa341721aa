"""Seeded playouts for tests: random heroes against a random or rule-following guardian."""

from __future__ import annotations

import random

from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import SkulkAction
from engines.skulk_hollow.bots import policy
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.state import State

MAX_STEPS = 6000


def playout(
    config: Config, seed: int, guardian_policy: bool = False, max_steps: int = MAX_STEPS
) -> tuple[State, list[SkulkAction]]:
    """Play until the game ends or ``max_steps`` actions; returns the state and the log."""
    chooser = random.Random(seed)
    state = rules.new_game(config, seed)
    log: list[SkulkAction] = []
    while not state.ended and len(log) < max_steps:
        actions = rules.legal_actions(state)
        if guardian_policy and state.active == "guardian":
            action = policy.choose(rules.view(state, "guardian"), chooser)
        else:
            action = chooser.choice(actions)
        state = rules.apply(state, action)
        log.append(action)
    return state, log
