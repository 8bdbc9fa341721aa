"""The guardian at three levels, each deciding from the guardian's view only.

- **Easy** looks only at the next choice and now and then plays a weaker option.
- **Normal** is the rule-following player of ``policy``: it finishes each decision in
  its head before choosing. Normal is meant to be a fair fight for a good player, so
  it is tuned by guardian (``traits.TRAITS``): those whose plans play themselves best,
  and Raptra, whose Hard gains least from thinking ahead, sometimes take their
  second-best option (``normal_slips``); Apoda, whose runes take a turn's plan to
  reach, sometimes thinks its turn through as Hard does (``normal_plans``).
- **Hard** also plays its best few options out to the end of its turn, on guesses at
  the cards it cannot see (its own draws among them), within a time budget for the
  whole guardian turn. Playing on through the heroes' reply was tried and did worse
  in the time there is (48 games: 52% won against Normal's 65%).
"""

from __future__ import annotations

import math
import random
import time
from typing import Protocol

from engines.skulk_hollow.bots.policy import (
    DEPTH,
    Decision,
    guardian_guess,
    option_name,
    ranked,
    reason,
)
from engines.skulk_hollow.bots.search import Searched, search
from engines.skulk_hollow.bots.traits import TRAITS
from engines.skulk_hollow.state import State

#: Easy: how often a main decision goes to a weaker option than its best.
EASY_SLIPS = 0.3
#: Hard: the time for one whole guardian turn, in seconds, and the share one decision
#: may take of what is left (the first choices of a turn matter most).
HARD_TURN_BUDGET = 0.2
HARD_SHARE = 0.5


class GuardianBot(Protocol):
    level: str
    #: The longest one decision thinks, in seconds (0 for a level that does not search).
    budget: float

    def decide(self, seen: State, rng: random.Random) -> Decision:
        """The guardian's next action in ``seen`` (its view), with a reason for the table."""
        ...


def _slipping(
    seen: State, rng: random.Random, depth: int, slips: float, any_worse: bool
) -> Decision:
    """The best of the options ranked at ``depth``, except that a main decision (not
    the choice of a target or a space) goes, at the rate ``slips``, to a worse option:
    any of them if ``any_worse``, else the second best."""
    state = guardian_guess(seen, rng)
    choices = ranked(state, depth)
    choice = choices[0]
    if slips and state.pending is None and len(choices) > 1 and rng.random() < slips:
        choice = rng.choice(choices[1:]) if any_worse else choices[1]
    return Decision(choice.action, reason(state, choice))


class EasyGuardian:
    level = "easy"
    budget = 0.0

    def decide(self, seen: State, rng: random.Random) -> Decision:
        return _slipping(seen, rng, depth=1, slips=EASY_SLIPS, any_worse=True)


class NormalGuardian:
    level = "normal"
    budget = 0.0

    def decide(self, seen: State, rng: random.Random) -> Decision:
        traits = TRAITS[seen.config.guardian]
        if traits.normal_plans and rng.random() < traits.normal_plans:
            state = guardian_guess(seen, rng)
            return _thought_through(state, search(seen, state, math.inf, rng, max_guesses=1))
        return _slipping(seen, rng, depth=DEPTH, slips=traits.normal_slips, any_worse=False)


class HardGuardian:
    level = "hard"

    def __init__(
        self, turn_budget: float = HARD_TURN_BUDGET, max_guesses: int | None = None
    ) -> None:
        self.turn_budget = turn_budget
        self.max_guesses = max_guesses
        self.budget = turn_budget * HARD_SHARE
        self._turn = -1
        self._spent = 0.0

    def decide(self, seen: State, rng: random.Random) -> Decision:
        started = time.perf_counter()
        if seen.turn != self._turn:
            self._turn, self._spent = seen.turn, 0.0
        state = guardian_guess(seen, rng)
        deadline = started + max(0.0, self.turn_budget - self._spent) * HARD_SHARE
        found = search(seen, state, deadline, rng, self.max_guesses)
        self._spent += time.perf_counter() - started
        return _thought_through(state, found)


def _thought_through(state: State, found: Searched) -> Decision:
    """The searched choice, its reason naming the option passed over if thinking the
    turn through changed the guardian's mind."""
    said = reason(state, found.choice)
    if found.choice != found.first:
        rather = option_name(state, found.first.action)
        said += f" Thinking through the rest of its turn, it prefers this to {rather}."
    return Decision(found.choice.action, said)


LEVELS: dict[str, type[EasyGuardian] | type[NormalGuardian] | type[HardGuardian]] = {
    "easy": EasyGuardian,
    "normal": NormalGuardian,
    "hard": HardGuardian,
}


def make_guardian(level: str, budget_scale: float = 1.0) -> GuardianBot:
    """A fresh guardian bot of ``level`` ("easy", "normal" or "hard") for one game, its
    time budget divided by ``budget_scale`` (the benchmark's proxy for a slower machine;
    only Hard has a time budget)."""
    try:
        kind = LEVELS[level]
    except KeyError:
        raise ValueError(f"The level is one of {', '.join(LEVELS)}.") from None
    if kind is HardGuardian:
        return HardGuardian(turn_budget=HARD_TURN_BUDGET / budget_scale)
    return kind()
