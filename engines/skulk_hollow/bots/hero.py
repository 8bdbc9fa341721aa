"""Hero players for measuring the guardian: random legal moves, the rule-following
player on the heroes' side, and the same with determinized look-ahead. Each receives
only the hero's view."""

from __future__ import annotations

import random
import time
from typing import Protocol

from engines.skulk_hollow.actions import SkulkAction
from engines.skulk_hollow.bots.policy import guess, ranked
from engines.skulk_hollow.bots.search import search
from engines.skulk_hollow.rules import legal_actions
from engines.skulk_hollow.state import State

#: The search hero's time for one decision, in seconds.
SEARCH_HERO_BUDGET = 0.03


class HeroBot(Protocol):
    name: str

    def choose(self, seen: State, rng: random.Random) -> SkulkAction: ...


class RandomHero:
    name = "random"

    def choose(self, seen: State, rng: random.Random) -> SkulkAction:
        return rng.choice(legal_actions(guess(seen, rng)))


class GreedyHero:
    name = "greedy"

    def choose(self, seen: State, rng: random.Random) -> SkulkAction:
        return ranked(guess(seen, rng))[0].action


class SearchHero:
    name = "search"

    def __init__(self, budget: float = SEARCH_HERO_BUDGET, max_guesses: int | None = None) -> None:
        self.budget = budget
        self.max_guesses = max_guesses

    def choose(self, seen: State, rng: random.Random) -> SkulkAction:
        deadline = time.perf_counter() + self.budget
        return search(seen, guess(seen, rng), deadline, rng, self.max_guesses).choice.action


HEROES: dict[str, type[RandomHero] | type[GreedyHero] | type[SearchHero]] = {
    "random": RandomHero,
    "greedy": GreedyHero,
    "search": SearchHero,
}


def make_hero(name: str, budget_scale: float = 1.0) -> HeroBot:
    """A fresh hero bot ``name``, its time budget divided by ``budget_scale`` (the
    benchmark's proxy for a slower machine; only the search hero has a time budget)."""
    try:
        kind = HEROES[name]
    except KeyError:
        raise ValueError(f"The hero bot is one of {', '.join(HEROES)}.") from None
    if kind is SearchHero:
        return SearchHero(budget=SEARCH_HERO_BUDGET / budget_scale)
    return kind()
