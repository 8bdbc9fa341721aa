"""The guardian's whole decision, thought through from what its player may see: a plan
the table carries out step by step (the thinking itself runs off the UI thread, in
app.skulk_hollow.guardian_turn).

A plan is one whole decision of the guardian: a card played and every choice it asks
for (its action, the target, where a hero lands), a PREPARE and its discard, or the end
of its turn. The guardian thinks it through step by step on the states that follow,
each step with the random seed the live game gives that moment, so the plan is the one
the game would play; knowing it whole, the screen can number its instructions ("2 of
3") and the table carries them out before any of it is recorded. What the guardian does is said
from the plan's actions once it is kept (``K.decision_words``), never from the bot's
look-ahead that chose them.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from app.play.play_session import Position
from engines import skulk_hollow as K
from engines.core import Change
from engines.skulk_hollow.bots import GuardianBot


@dataclass(frozen=True)
class Step:
    """One of the guardian's actions in a plan, with what it changes on the table."""

    action: K.SkulkAction
    changes: tuple[Change, ...]


@dataclass(frozen=True)
class Plan:
    """A whole decision: its steps in order, from the state at ``position`` (the game,
    and the moment in it)."""

    position: Position
    steps: tuple[Step, ...]

    @property
    def changes(self) -> list[Change]:
        return [change for step in self.steps for change in step.changes]


def seed_for(seed: int, moment: int) -> random.Random:
    """The guardian's random source at one moment of a game (the same every time)."""
    return random.Random(seed * 100_003 + moment)


def think_through(bot: GuardianBot, state: K.State, position: Position, seed: int) -> Plan:
    """The guardian's next whole decision from ``state`` (the game at ``position``)."""
    steps: list[Step] = []
    while True:
        seen = K.view(state, "guardian")  # the guardian sees only what its player would
        decision = bot.decide(seen, seed_for(seed, position.moment + len(steps)))
        after = K.apply(state, decision.action)
        steps.append(Step(decision.action, tuple(K.table_changes(state, after))))
        state = after
        if state.pending is None or state.asking != "guardian":
            return Plan(position, tuple(steps))
