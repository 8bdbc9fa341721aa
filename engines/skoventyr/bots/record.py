"""Record the search's judgement of the rule of thumb's choices: part of
``python -m engines.skoventyr.bots.fit``.

Plays seeded solo games with the rule of thumb (standard ones, or with the modules). At
a share of its decisions (those with a choice), the search weighs the candidates with a
fixed number of simulated games (so the record depends only on the seeds, never on the
machine's speed), and each candidate is kept with its features (``move_features``), its
hand-made score and its lead over the search's choice on the deals both played; where
the search's choice is followed, the game goes on with it. ``fit_moves`` learns from
these. Each turn's position is kept too, with the score its game ended with: the
module games' values are fitted on them (``expert``).
Standard library only, like the engine.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from multiprocessing import get_context

from engines.skoventyr.actions import SkoventyrAction
from engines.skoventyr.bots import policy
from engines.skoventyr.bots.bots import SearchBot
from engines.skoventyr.bots.move_features import Situation, features
from engines.skoventyr.bots.sim import Move, Sim, to_action
from engines.skoventyr.bots.value import MODULE_WEIGHTS, module_features, set_module_weights
from engines.skoventyr.config import Config
from engines.skoventyr.rules import apply, legal_actions, new_game, view
from engines.skoventyr.state import State

#: The search's simulated games per candidate at a recorded decision.
ROUNDS = 48
STANDARD = Config()


@dataclass(frozen=True)
class Candidate:
    features: tuple[str, ...]
    #: The rule of thumb's hand-made score.
    score: float
    #: Its lead over the search's choice (0 for that) and the simulated games it rests on.
    lead: float
    games: int


@dataclass(frozen=True)
class Played:
    """One recorded game."""

    #: The decisions the search judged: the candidates it weighed.
    decisions: list[list[Candidate]]
    #: The position at the start of each turn (``value.module_features``).
    positions: list[list[float]]
    #: What the game ended with: a sixth per defeated Minion, plus one for a win.
    score: float


def record_game(
    seed: int,
    share: float,
    weights: dict[str, float],
    moves: dict[str, float],
    config: Config = STANDARD,
    follow: bool = False,
    values: dict[str, tuple[float, ...]] | None = None,
) -> Played:
    """The record of the game on ``seed`` set up as ``config``, the rule of thumb playing
    with ``weights`` and ``moves`` (set here: a worker process does not share the
    caller's) and the search judging with the module set-ups' ``values`` (None: those
    in force); with ``follow``, the search's choice is played wherever it judged, so
    the record reaches the positions the search's own games reach."""
    policy.W.update(weights)
    policy.set_corrections(moves)
    if values is not None:
        set_module_weights(values)
    state = new_game(config, seed)
    rng = random.Random(f"record/{seed}")
    decisions: list[list[Candidate]] = []
    positions: list[list[float]] = []
    while state.ended is None and legal_actions(state):
        seen = view(state, config.seats[state.player])
        sim = Sim.from_state(seen, random.Random(rng.random()))
        if not sim.tasks:
            positions.append(module_features(sim))
        options = sim.options()
        action = to_action(policy.best(sim, options))
        if len(options) > 1 and rng.random() < share:
            judged, chosen = _judged(sim, options, seen, rng)
            decisions.append(judged)
            if follow:
                action = chosen
        state = apply(state, action)
    won = state.ended is not None and state.ended.result == "won"
    return Played(decisions, positions, (6 - len(state.minions)) / 6 + won)


def _judged(
    sim: Sim, options: list[Move], seen: State, rng: random.Random
) -> tuple[list[Candidate], SkoventyrAction]:
    """The candidates the search weighed, and its choice."""
    c = policy.Ctx(sim)
    at = Situation(sim, c.plan, c.k, c.values)
    hand_made = {to_action(m): (score, m) for score, m in policy.scored(sim, options)}
    bot = SearchBot(rollouts=ROUNDS, min_rounds=ROUNDS)
    chosen = bot.choose(seen, random.Random(rng.random()), 1e9)
    return [
        Candidate(
            tuple(features(sim, hand_made[arm.action][1], at)),
            hand_made[arm.action][0],
            arm.lead,
            arm.games,
        )
        for arm in bot.last_arms
        if arm.games and arm.action in hand_made
    ], chosen


def record_games(
    games: int,
    first: int,
    share: float,
    jobs: int,
    configs: tuple[Config, ...] = (STANDARD,),
    follow: bool = False,
) -> list[Played]:
    """The records of the games on seeds ``first`` to ``first + games - 1``, each set up
    from the mix ``configs`` (seed modulo its length), played with the rule of thumb as
    it stands in this process (and the search, with ``follow``)."""
    work = [
        (
            seed,
            share,
            policy.W,
            policy.MOVES,
            configs[seed % len(configs)],
            follow,
            dict(MODULE_WEIGHTS),
        )
        for seed in range(first, first + games)
    ]
    if jobs <= 1:
        return [record_game(*item) for item in work]
    # Fresh processes: forking one that runs threads can copy a held lock.
    with get_context("spawn").Pool(jobs) as pool:
        return pool.starmap(record_game, work)


def decisions(played: list[Played]) -> list[list[Candidate]]:
    """The judged decisions of ``played`` that compared more than one candidate."""
    return [decision for game in played for decision in game.decisions if len(decision) > 1]
