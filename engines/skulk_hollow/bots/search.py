"""Determinized look-ahead for either side: the top options of the rule-following
player, each played on the same guesses at the hidden cards (paired, so that luck of the
deal cancels out) to the end of the turn, then scored.

The searcher only ever receives a view: every guess deals the unseen cards at random
from those that could be there (``rules.determinize``).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass

from engines.core import Rng
from engines.skulk_hollow.bots.policy import Choice, ranked, value_for
from engines.skulk_hollow.rules import apply, determinize
from engines.skulk_hollow.state import State

#: How many of the rule-following player's best options are searched.
WIDTH = 4
#: Options further than this below the best one are not worth a look.
MARGIN = 40.0
#: How far each side looks inside its own decision while playing a guess out.
ROLLOUT_DEPTH = 3
#: A play-out stops after this many steps even if the turns have not come round.
ROLLOUT_STEPS = 120


@dataclass(frozen=True)
class Searched:
    """The option chosen, and the rule-following player's ``first`` choice."""

    choice: Choice
    first: Choice


def finish_turn(state: State) -> State:
    """``state`` played on by the side to answer, by the rule-following player, to the
    end of its turn (or of the game)."""
    side = state.active
    for _ in range(ROLLOUT_STEPS):
        if state.ended or state.active != side:
            break
        state = apply(state, ranked(state, ROLLOUT_DEPTH)[0].action)
    return state


def search(
    seen: State,
    whole: State,
    deadline: float,
    rng: random.Random,
    max_guesses: int | None = None,
) -> Searched:
    """The best of ``whole``'s top options, each played to the end of the turn by the
    rule-following player on the same fresh guesses at the hidden cards (the draws
    decide what a turn can still do), sampled until ``deadline`` (``time.perf_counter``
    seconds) or, given ``max_guesses``, that many whatever the clock (for runs that
    depend only on the seed). A guess is started only if the slowest one so far would
    still end by the deadline; out of time before every option has been played once, it
    keeps the rule-following choice."""
    side = whole.active
    choices = ranked(whole)
    best = choices[0]
    candidates = [c for c in choices[:WIDTH] if c.value >= best.value - MARGIN]
    plain = Searched(best, best)
    if len(candidates) == 1:
        return plain
    totals = [0.0] * len(candidates)
    games = 0
    slowest = 0.0
    while max_guesses is None or games < max_guesses:
        began = time.perf_counter()
        if began + slowest >= deadline and max_guesses is None:
            break
        guess = determinize(seen, Rng(rng.randrange(2**31))) if seen.seen_by else whole
        for index, choice in enumerate(candidates):
            totals[index] += value_for(side, finish_turn(apply(guess, choice.action)))
        games += 1
        slowest = max(slowest, time.perf_counter() - began)
    if not games:
        return plain
    # Ties keep the rule-following order.
    index = max(range(len(candidates)), key=lambda i: (totals[i], -i))
    return Searched(candidates[index], best)
