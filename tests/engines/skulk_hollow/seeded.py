"""Seeded whole games as the app plays them: random heroes, and the guardian at a level
deciding whole chains (a card and every choice it asks for) the way the play screen has
it think (``app.skulk_hollow.guardian_plan``: one decision after another from its view,
each with the random seed of that moment). Shared by the decision hash and the reason
tests."""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass

from engines.skulk_hollow import Config, State, apply, legal_actions, new_game, view
from engines.skulk_hollow.actions import SkulkAction
from engines.skulk_hollow.bots import GuardianBot, HardGuardian, make_guardian

LEVELS = ("easy", "normal", "hard")


def guardian_bot(level: str) -> GuardianBot:
    """The guardian at ``level``; Hard with one guess a decision whatever the clock, so
    that its game depends on the seed alone."""
    if level == "hard":
        return HardGuardian(turn_budget=1000.0, max_guesses=1)
    return make_guardian(level)


@dataclass(frozen=True)
class Chain:
    """One whole decision of the guardian: the state it began in, its actions and
    reasons (each step's), and the state it led to."""

    before: State
    actions: tuple[SkulkAction, ...]
    reasons: tuple[str, ...]
    after: State


def chains(guardian: str, level: str, seed: int, max_steps: int = 400) -> Iterator[Chain]:
    """The guardian's chains of one seeded game against random heroes."""
    config = Config(guardian=guardian, level=level, foxen_deck="app")
    state = new_game(config, seed)
    heroes = random.Random(seed)
    bot = guardian_bot(level)
    steps = 0
    while not state.ended and steps < max_steps:
        if state.asking != "guardian":
            state = apply(state, heroes.choice(legal_actions(state)))
            steps += 1
            continue
        before = state
        actions: list[SkulkAction] = []
        reasons: list[str] = []
        while True:
            decision = bot.decide(view(state, "guardian"), random.Random(seed * 100_003 + steps))
            actions.append(decision.action)
            reasons.append(decision.reason)
            state = apply(state, decision.action)
            steps += 1
            if state.pending is None or state.asking != "guardian":
                break
        yield Chain(before, tuple(actions), tuple(reasons), state)
