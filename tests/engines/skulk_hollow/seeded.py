"""Seeded whole games as the app plays them: random heroes, and the guardian at a level
deciding whole chains (a card and every choice it asks for) the way the play screen has
it think (``app.skulk_hollow.guardian_plan``: one decision after another from its view,
each with the random seed of that moment). Shared by the decision hash and the reason
tests."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from engines.skulk_hollow import (
    ChooseAction,
    ChooseCard,
    Config,
    PlayCard,
    State,
    action_name,
    apply,
    board,
    legal_actions,
    new_game,
    table_changes,
    view,
)
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


def named_but_not_taken(before: State, actions: Sequence[SkulkAction], reason: str) -> list[str]:
    """What ``reason`` names that the guardian's ``actions`` (played from ``before``) did
    not do: an action of its cards not chosen, a card of its deck neither played nor
    discarded, a hero none of whose pieces changed. Location and space names are read
    first, so that the location TUNNEL (Left roots) is no TUNNEL action."""
    after = before
    for action in actions:
        after = apply(after, action)
    text = reason
    for location in before.board.locations:
        text = text.replace(board.location_name(before, location.id), "")
    for space in before.components.spaces:
        text = re.sub(rf"\b{re.escape(space.name)}\b", "", text)
    wrong: list[str] = []
    chosen = {action_name(a.action) for a in actions if isinstance(a, ChooseAction)}
    shown = {action_name(o.action) for card in before.board.cards for o in card.options}
    for name in sorted(shown | {"MOVE", "GAIN POWER"}):
        if re.search(rf"\b{re.escape(name)}\b", text) and name not in chosen:
            wrong.append(f"the action {name}")
    used = {a.card for a in actions if isinstance(a, PlayCard | ChooseCard)}
    for card in before.board.cards:
        if re.search(rf"\b{re.escape(card.name)}\b", text) and card.id not in used:
            wrong.append(f"the card {card.name}")
    changed = {key for change in table_changes(before, after) for key in change.keys}
    for unit in before.units:
        touched = {f"unit:{unit.id}", f"wounds:{unit.id}", f"power:{unit.id}"} & changed
        if re.search(rf"\b{re.escape(board.unit_name(before, unit.id))}\b", text) and not touched:
            wrong.append(f"the hero {board.unit_name(before, unit.id)}")
    return wrong
