"""The heuristic policy's choices in the expansion modules (the search's rollouts and prior).

Rulebook, Lygtemands module: Rally is allowed only while every Minion still wears a
Lygtemand, and it makes one Minion vulnerable, the only kind Wrath may then target.
Rescue module: a Hostage token keeps an Ally type out of Command until Vogter's Rescue
damages a Tree (twice for the x2 token) to free it.
"""

from __future__ import annotations

import random

from engines.skoventyr import Config, new_game, view
from engines.skoventyr.bots import policy
from engines.skoventyr.bots.sim import E, F, H, Move, N, Sim, T


def start(config: Config, seed: int = 0) -> Sim:
    state = new_game(config, seed)
    return Sim.from_state(view(state, config.seats[0]), random.Random(seed))


def score_of(sim: Sim, move: Move) -> float:
    scores = dict((m, p) for p, m in policy.scored(sim, sim.options()))
    assert move in scores, f"{move} is not offered"
    return scores[move]


def test_rescue_frees_the_type_in_hand_before_a_type_nobody_holds() -> None:
    sim = start(Config(rescue=True))
    sim.hostages = [[E, 0], [F, 0], [H, 0], [N, 0], [T, 1]]
    sim.hands[0] = [H, H, N]
    sim.future = [H, N, E]
    assert policy.plan_type(sim) == H  # the plan counts a hostage type it holds
    held = score_of(sim, ("rescue", H))
    assert held > score_of(sim, ("rescue", E))  # one Ellefolk in the Future only
    assert score_of(sim, ("rescue", E)) > score_of(sim, ("rescue", T))  # nothing, and x2


def test_rally_picks_the_minion_the_forest_can_already_defeat() -> None:
    sim = start(Config(lygtemands=True))
    # Two Allies in the Forest; every Minion covered by a Lygtemand of one type.
    for tree in sim.trees[:2]:
        tree[2] = H
    sim.hands[0] = [N, N]
    for minion in sim.minions:
        minion[2] = N
    by_value = {int(m[1] or 0): int(m[0] or 0) for m in sim.minions}
    ready = score_of(sim, ("rally", by_value[2], N))
    far = score_of(sim, ("rally", by_value[4], N))
    assert ready > far
