"""The Skoventyr bots: legal choices only, reproducible with a seed, blind to the draws."""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any

import pytest

from engines.core import Rng
from engines.skoventyr import Config, State, apply, legal_actions, manual_edits, new_game, view
from engines.skoventyr.bots import BOTS, HeuristicBot, RandomBot, SearchBot, make_bot, policy
from engines.skoventyr.bots import bots as bots_module
from engines.skoventyr.bots.sim import Sim, to_action
from tests.engines.skoventyr.play import MODULE_CONFIGS, random_game, random_profile


@dataclass(frozen=True)
class TouchedRng(Rng):
    """A random source that raises when used: the view's hidden next draws."""

    def _generator(self) -> Any:
        raise AssertionError("a bot used the view's random source (the hidden draws)")


def blind(state: State) -> State:
    seat = state.config.seats[state.player]
    return replace(view(state, seat), rng=TouchedRng(0))


def play(
    bot: Any, config: Config, seed: int, budget: float = 0.0, steps: int = 3000
) -> tuple[State, list[Any]]:
    """A game of ``bot`` (whole, unless ``steps`` cuts it short); every action is checked
    against the rules first."""
    rng = random.Random(seed)
    state = new_game(config, seed)
    actions = []
    for _ in range(steps):
        if state.ended is not None:
            return state, actions
        action = bot.choose(blind(state), rng, budget)
        assert action in legal_actions(state), f"{action} is not legal"
        assert "\n" not in bot.explain() and bot.explain()
        actions.append(action)
        state = apply(state, action)
    if steps < 3000:
        return state, actions
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=repr)
@pytest.mark.parametrize("name", ["random", "heuristic"])
def test_fast_bots_play_legal_whole_games_blind(name: str, config: Config) -> None:
    for seed in range(2):
        state, actions = play(make_bot(name), config, seed)
        assert state.ended is not None and actions


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=repr)
def test_search_bot_plays_a_legal_whole_game_blind(config: Config) -> None:
    bot = SearchBot(rollouts=1)
    state, _ = play(bot, config, seed=5, budget=10.0)
    assert state.ended is not None


def test_search_bot_with_a_time_budget_stays_near_it() -> None:
    bot = SearchBot()
    state = new_game(Config(), 3)
    action = bot.choose(blind(state), random.Random(1), 0.05)
    assert action in legal_actions(state)
    assert bot.last_estimate is None or 0.0 <= bot.last_estimate <= 2.0


@pytest.mark.parametrize("seed", [3, 8])
@pytest.mark.parametrize("budget", [0.05, 0.25])
def test_search_bot_never_starts_a_round_that_would_end_past_its_budget(
    monkeypatch: pytest.MonkeyPatch, seed: int, budget: float
) -> None:
    # A clock of our own: each simulated game takes 2 ms, a little longer on every call
    # (a machine slowing down), and nothing else takes any time.
    clock = {"now": 100.0, "games": 0}
    play_on = policy.rollout

    def timed_rollout(sim: Any, horizon: int | None = None) -> int:
        clock["games"] += 1
        clock["now"] += 0.002 * (1 + clock["games"] / 2000)
        return play_on(sim, horizon)

    monkeypatch.setattr(bots_module.policy, "rollout", timed_rollout)
    monkeypatch.setattr(bots_module.time, "perf_counter", lambda: clock["now"])
    state = new_game(Config(), seed)
    bot = SearchBot()
    for _ in range(6):  # a few decisions: key steps get the whole budget, others a share
        start = clock["now"]
        action = bot.choose(blind(state), random.Random(seed), budget)
        assert clock["now"] - start <= budget * 1.02
        state = apply(state, action)
    assert clock["games"] > 50  # the budget was used, not skipped


@pytest.mark.parametrize("factory", [HeuristicBot, lambda: SearchBot(rollouts=3)])
def test_seeded_runs_are_reproducible(factory: Any) -> None:
    first = play(factory(), Config(), seed=11, budget=10.0, steps=20)
    second = play(factory(), Config(), seed=11, budget=10.0, steps=20)
    assert first[1] == second[1]
    assert first[0] == second[0]


def test_search_bot_reports_an_estimate_and_a_reason() -> None:
    bot = SearchBot(rollouts=4, min_rounds=100)
    state = new_game(Config(), 2)
    bot.choose(blind(state), random.Random(0), 10.0)
    assert bot.last_estimate is not None and 0.0 <= bot.last_estimate <= 2.0
    assert bot.last_rounds == 4
    assert bot.explain().startswith("Look-ahead:")


@pytest.mark.parametrize("seed", [22, 23, 28])
def test_search_bot_spends_its_rounds_even_when_its_default_leads_early(seed: int) -> None:
    """In these deals every challenger trails after the first 8 rounds; the search still
    plays all its rounds (here capped at 30) on the nearest one rather than stop."""
    bot = SearchBot(rollouts=30)
    state = new_game(Config(), seed)
    bot.choose(blind(state), random.Random(0), 60.0)
    assert len(bot.last_arms) > 1
    assert bot.last_rounds == 30


def test_a_forced_step_is_answered_at_once() -> None:
    bot = RandomBot()
    state = new_game(Config(), 0)
    assert bot.choose(blind(state), random.Random(0), 0.0) in legal_actions(state)


def test_make_bot_knows_its_bots() -> None:
    assert set(BOTS) == {"random", "heuristic", "search"}
    with pytest.raises(ValueError, match="unknown bot"):
        make_bot("oracle")


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=repr)
def test_the_simulator_offers_exactly_the_engines_legal_actions(config: Config) -> None:
    for seed in range(3):
        for state, _, _ in random_game(config, seed, purposeful=True):
            if state.tasks and state.tasks[0].op in ("setup_future", "setup_hand"):
                continue
            sim = Sim.from_state(blind(state), random.Random(seed))
            offered = sorted(repr(to_action(m)) for m in sim.options())
            assert offered == sorted(repr(a) for a in legal_actions(state))


@pytest.mark.parametrize("config", MODULE_CONFIGS, ids=repr)
def test_the_simulator_follows_a_changed_profile(config: Config) -> None:
    for seed in range(3):
        profiled = replace(config, profile=random_profile(random.Random(seed)))
        for state, _, _ in random_game(profiled, seed, purposeful=True):
            if state.tasks and state.tasks[0].op in ("setup_future", "setup_hand"):
                continue
            sim = Sim.from_state(blind(state), random.Random(seed))
            offered = sorted(repr(to_action(m)) for m in sim.options())
            assert offered == sorted(repr(a) for a in legal_actions(state))


@pytest.mark.parametrize(
    "factory", [HeuristicBot, lambda: SearchBot(rollouts=1)], ids=["heuristic", "search"]
)
def test_the_advisor_plays_on_from_corrected_states_with_a_changed_profile(factory: Any) -> None:
    """Seeded games with a random profile, where one step in eight is a random correction
    by hand: the advisor's every choice is legal, until the game ends or 150 steps."""
    for seed in range(4):
        rng = random.Random(seed)
        config = replace(MODULE_CONFIGS[seed % len(MODULE_CONFIGS)], profile=random_profile(rng))
        state = new_game(config, seed)
        bot = factory()
        corrected = 0
        for _ in range(150):
            if state.ended is not None:
                break
            legal = legal_actions(state)
            if not legal or rng.random() < 1 / 8:
                state = apply(state, rng.choice(manual_edits(state)))
                corrected += 1
                continue
            action = bot.choose(blind(state), rng, 10.0)
            assert action in legal, f"{action} is not legal"
            state = apply(state, action)
        assert corrected
