"""The estimate a cut-off simulated game is scored by, and the script that fits it."""

import random

import pytest

from engines.skoventyr import Config, new_game, view
from engines.skoventyr.bots import fit_value, policy
from engines.skoventyr.bots.sim import H, Sim
from engines.skoventyr.bots.value import NAMES, WEIGHTS, features, value


def start(seed: int, config: Config | None = None) -> Sim:
    config = config or Config()
    return Sim.from_state(view(new_game(config, seed), config.seats[0]), random.Random(seed))


def test_every_feature_has_a_name_and_a_weight() -> None:
    assert len(features(start(0))) == len(NAMES) == len(WEIGHTS)


@pytest.mark.parametrize("seed", range(6))
def test_a_cut_off_game_is_worth_between_what_is_won_and_that_plus_a_win(seed: int) -> None:
    sim = start(seed)
    assert policy.rollout(sim, horizon=30) == sim.ended
    done = (6 - len(sim.minions)) / 6
    if sim.ended:
        assert value(sim) == done + (1.0 if sim.ended == 1 else 0.0)
    else:
        assert not sim.tasks  # cut at the start of a turn
        assert done <= value(sim) <= done + 1.0


def test_a_horizon_cuts_the_game_short_and_none_plays_it_out() -> None:
    cut, whole = start(3), start(3)
    policy.rollout(cut, horizon=4)
    policy.rollout(whole)
    assert whole.ended != 0
    assert cut.turn < whole.turn


def test_the_fitted_weights_beat_a_constant_on_fresh_games() -> None:
    rows, scores = fit_value.sample(Config(), games=40, first_seed=500)
    assert fit_value.r_squared(list(WEIGHTS), rows, scores) > 0.05


def test_a_minion_under_a_lygtemand_cannot_be_counted_as_defeatable() -> None:
    # Lygtemands module: Wrath may only target a vulnerable Minion (no Lygtemand on it).
    sim = start(0, Config(lygtemands=True))
    for tree in sim.trees[:2]:
        tree[2] = H  # two Huldre in the Forest
    defeatable = NAMES.index("a Minion can be defeated")
    assert all(m[2] is not None for m in sim.minions)
    assert features(sim)[defeatable] == 0.0
    next(m for m in sim.minions if m[1] == 2)[2] = None  # rallied: now vulnerable
    assert features(sim)[defeatable] == 1.0


def test_each_module_set_up_is_judged_by_its_own_table_and_a_standard_game_by_none() -> None:
    from engines.skoventyr.bots import value as value_module

    sims = {
        setup: start(2, Config(lygtemands="L" in setup, rescue="R" in setup))
        for setup in ("", *value_module.SETUPS)
    }
    for sim in sims.values():  # a position worth something between the bounds
        policy.rollout(sim, horizon=12)
    before = {setup: value(sim) for setup, sim in sims.items()}
    saved = dict(value_module.MODULE_WEIGHTS)
    try:
        # Both modules' table says every position is worth as much as can be.
        value_module.set_module_weights({"LR": (0.0,) * (len(NAMES) - 1) + (9.0,) * 5})
        after = {setup: value(sim) for setup, sim in sims.items()}
    finally:
        value_module.set_module_weights(saved)
    assert after["LR"] != before["LR"]
    assert {s: after[s] for s in ("", "L", "R")} == {s: before[s] for s in ("", "L", "R")}
    with pytest.raises(ValueError, match="no value table"):
        value_module.set_module_weights({"LR": (1.0,)})


def test_the_modules_own_features_count_hostages_and_covered_minions() -> None:
    from engines.skoventyr.bots.value import MODULE_NAMES, module_features

    sim = start(4, Config(lygtemands=True, rescue=True))
    own = dict(zip(MODULE_NAMES, module_features(sim)[len(NAMES) :], strict=True))
    assert own["hostage types"] == len(sim.hostages) > 0
    assert own["covered Minions"] == len(sim.minions) == 6  # a Lygtemand on each
    assert own["covered Minion values (share of 18)"] == pytest.approx(
        sum(int(m[1] or 0) for m in sim.minions) / 18
    )
    sim.minions[0][2] = None  # rallied
    assert module_features(sim)[len(NAMES) + 2] == 5
    assert module_features(start(4))[len(NAMES) :] == [0.0, 0.0, 0.0, 0.0]
