"""Random legal play for property tests."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator

from engines.skoventyr import Config, State, apply, legal_actions, new_game
from engines.skoventyr.actions import SkoventyrAction
from engines.skoventyr.cards import Card
from engines.skoventyr.profile import CardCorrection, editable_boxes, effect_choices

#: Every module combination, 1-4 players, both deck modes.
CONFIGS = tuple(
    Config(players=players, lygtemands=lyg, rescue=rescue, deck_mode=mode)
    for players, lyg, rescue, mode in itertools.product(
        (1, 2, 3, 4), (False, True), (False, True), ("app", "table")
    )
)
MAX_STEPS = 3000
#: A few set-ups that between them use every module: solo, two players, each module
#: alone, and three players with both.
MODULE_CONFIGS = (
    Config(),
    Config(players=2),
    Config(lygtemands=True),
    Config(rescue=True),
    Config(players=3, lygtemands=True, rescue=True),
)


#: A purposeful player tries these first (random play loses before reaching much).
PREFERRED = ("wrath", "rally", "involve", "position", "rescue")


def random_game(
    config: Config, seed: int, purposeful: bool = False
) -> Iterator[tuple[State, SkoventyrAction, State]]:
    """(state, action, next state) for each step of a seeded random game to its end.
    A ``purposeful`` game prefers building the Forest and defeating Minions."""
    chooser = random.Random(seed)
    state = new_game(config, seed)
    for _ in range(MAX_STEPS):
        actions = legal_actions(state)
        if not actions:
            return
        keen = [a for a in actions if a.kind in PREFERRED]
        if purposeful and keen and chooser.random() < 0.8:
            actions = keen
        action = chooser.choice(actions)
        after = apply(state, action)
        yield state, action, after
        state = after
    raise AssertionError(f"a random game of {config} with seed {seed} did not end")


def random_profile(rng: random.Random) -> tuple[CardCorrection, ...]:
    """An owner's profile as the Card powers screen can make it: about half the boxes
    corrected, each to nothing, one or two effects of the vocabulary."""
    corrections = []
    for card in Card:
        offered = [effect for effects in effect_choices(card).values() for effect in effects]
        for box in editable_boxes(card):
            if rng.random() < 0.5:
                effects = tuple(rng.sample(offered, rng.choice((0, 1, 1, 2))))
                corrections.append(CardCorrection(card, box, effects))
    return tuple(corrections)
