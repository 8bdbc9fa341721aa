"""The guardian at three levels, each deciding from the guardian's view only.

- **Easy** looks only at the next choice and now and then plays a weaker option.
- **Normal** is the rule-following player of ``policy``: it finishes each decision in
  its head before choosing.
- **Hard** also plays its best few options out to the end of its turn, on guesses at
  the cards it cannot see (its own draws among them), within a time budget for the
  whole guardian turn. Playing on through the heroes' reply was tried and did worse
  in the time there is (48 games: 52% won against Normal's 65%).
"""

from __future__ import annotations

import random
import time
from typing import Protocol

from engines.skulk_hollow.bots.search import search
from engines.skulk_hollow.policy import (
    Decision,
    decide,
    guardian_guess,
    option_name,
    ranked,
    reason,
)
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


class EasyGuardian:
    level = "easy"
    budget = 0.0

    def decide(self, seen: State, rng: random.Random) -> Decision:
        state = guardian_guess(seen, rng)
        choices = ranked(state, depth=1)
        choice = choices[0]
        if state.pending is None and len(choices) > 1 and rng.random() < EASY_SLIPS:
            choice = rng.choice(choices[1:])
        return Decision(choice.action, reason(state, choice))


class NormalGuardian:
    level = "normal"
    budget = 0.0

    def decide(self, seen: State, rng: random.Random) -> Decision:
        return decide(seen, rng)


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


def make_guardian(level: str) -> GuardianBot:
    """A fresh guardian bot of ``level`` ("easy", "normal" or "hard") for one game."""
    try:
        return LEVELS[level]()
    except KeyError:
        raise ValueError(f"The level is one of {', '.join(LEVELS)}.") from None
