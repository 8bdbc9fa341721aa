"""Determinized look-ahead for either side: the top options of the rule-following
player, each played on the same guesses at the hidden cards (paired, so that luck of the
deal cancels out) up to the end of the other side's next turn, then scored.

The searcher only ever receives a view: every guess deals the unseen cards at random
from those that could be there (``rules.determinize``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engines.core import Rng
from engines.skulk_hollow.policy import Choice, ranked, value_for
from engines.skulk_hollow.rules import apply, determinize, view
from engines.skulk_hollow.state import Side, State

#: How many of the rule-following player's best options are searched.
WIDTH = 3
#: Options further than this below the best one are not worth a look.
MARGIN = 25.0
#: How far each side looks inside its own decision while playing a guess out.
ROLLOUT_DEPTH = 2
#: A play-out stops after this many steps even if the turns have not come round.
ROLLOUT_STEPS = 120


@dataclass(frozen=True)
class Searched:
    """The option chosen, with how it fared: mean value over ``games`` play-outs."""

    choice: Choice
    mean: float
    games: int


def finish_turn(state: State) -> State:
    """``state`` played on by the side to answer, by the rule-following player, to the
    end of its turn (or of the game)."""
    side = state.active
    for _ in range(ROLLOUT_STEPS):
        if state.ended or state.active != side:
            break
        state = apply(state, ranked(state, ROLLOUT_DEPTH)[0].action)
    return state


def reply_value(end: State, side: Side, rng: random.Random) -> float:
    """How ``end`` (the other side to play) looks for ``side`` once the other side has
    made its best first move, on a fresh guess at the cards ``side`` cannot see."""
    if end.ended:
        return value_for(side, end)
    guessed = determinize(view(end, side), Rng(rng.randrange(2**31)))
    return -ranked(guessed)[0].value


def search(
    seen: State,
    whole: State,
    deadline: float,
    rng: random.Random,
    max_guesses: int | None = None,
) -> Searched:
    """The best of ``whole``'s top options: each is played to the end of the turn, then
    met by the other side's best reply on fresh guesses at the hidden cards, sampled
    until ``deadline`` (``time.perf_counter`` seconds) or ``max_guesses`` (for runs that
    depend only on the seed). Out of time before every option has been met once, it
    keeps the rule-following player's choice."""
    side = whole.active
    choices = ranked(whole)
    best = choices[0]
    candidates = [c for c in choices[:WIDTH] if c.value >= best.value - MARGIN]
    plain = Searched(best, best.value, 0)
    if len(candidates) == 1:
        return plain
    ends: list[State] = []
    for choice in candidates:
        if time.perf_counter() >= deadline:
            return plain
        ends.append(finish_turn(apply(whole, choice.action)))
    totals = [0.0] * len(candidates)
    games = 0
    while max_guesses is None or games < max_guesses:
        seed = rng.randrange(2**31)
        for index, end in enumerate(ends):
            totals[index] += reply_value(end, side, random.Random(seed))
        games += 1
        if time.perf_counter() >= deadline:
            break
    # Ties keep the rule-following order.
    index = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return Searched(candidates[index], totals[index] / games, games)
