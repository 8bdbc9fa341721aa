"""The rule of thumb's fitted corrections: move features, the record and the fit."""

from __future__ import annotations

import random

import pytest

from engines.skoventyr import Config, new_game, view
from engines.skoventyr.bots import fit_moves, policy, record
from engines.skoventyr.bots.move_features import Situation, correction, features, for_modules, where
from engines.skoventyr.bots.record import Candidate
from engines.skoventyr.bots.sim import F, G, H, Move, Sim
from engines.skoventyr.bots.value import MODULE_NAMES, NAMES


def start(seed: int = 0, config: Config | None = None) -> Sim:
    config = config or Config()
    return Sim.from_state(view(new_game(config, seed), config.seats[0]), random.Random(seed))


def situation(sim: Sim) -> Situation:
    c = policy.Ctx(sim)
    return Situation(sim, c.plan, c.k, c.values)


def test_a_call_is_named_by_what_its_card_is_to_the_plan() -> None:
    sim = start()
    sim.hands[0] = [H, H]
    sim.future = [H, G, F]
    at = situation(sim)
    assert at.plan == H
    names = [features(sim, ("call", slot, False), at)[0] for slot in range(3)]
    assert names == ["turn/call:plan", "turn/call:adversary", "turn/call:formskifter"]
    assert features(sim, ("call", 0, True), at)[0] == "turn/call-risky:plan"
    # The kind is also named with each tag of the situation: how far Gamle Erik is, ...
    assert f"turn/call:plan|g{min(sim.gap, 5)}" in features(sim, ("call", 0, False), at)


def test_a_tree_is_named_by_where_it_stands_from_the_pawns() -> None:
    sim = start()
    assert where(sim, sim.v) == "vogter" and where(sim, sim.ge) == "gamle-erik"
    # Clockwise from Vogter: the Trees beyond him (near, then far), Gamle Erik, then the
    # Trees of his path to Vogter.
    n, v, gap = sim.n, sim.idx(sim.v), sim.gap
    after = [where(sim, sim.trees[(v + i) % n][0]) for i in range(1, n)]
    assert after[n - gap - 1] == "gamle-erik"
    assert set(after[n - gap :]) == {"path"} and gap > 1
    assert after[0] == "beyond" and set(after[: n - gap - 1]) <= {"beyond", "far"}


def a_rival() -> tuple[Sim, list[Move], Move, Move, str]:
    """A standard game's first decision: its options, the rule of thumb's choice, a move
    of another kind, and that move's first feature."""
    sim = start(1)
    options = sim.options()
    chosen = policy.best(sim, options)
    other = next(m for m in options if m != chosen and m[0] != chosen[0])
    name = features(sim, other, situation(sim))[0]
    return sim, options, chosen, other, name


def test_a_correction_changes_the_rule_of_thumbs_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    sim, options, _, other, name = a_rival()
    monkeypatch.setattr(policy, "MOVES", {name: 1000.0})
    assert policy.best(sim, options)[0] == other[0]


def test_a_module_game_names_each_feature_again_under_its_modules() -> None:
    standard = start(2)
    assert not any(
        for_modules(n)
        for m in standard.options()
        for n in features(standard, m, situation(standard))
    )
    both = start(2, Config(lygtemands=True, rescue=True))
    at = situation(both)
    # Every Ally type starts as a hostage, and every Minion under a Lygtemand.
    assert at.module_tags[-2:] == ("free0", "covered")
    gambit = features(both, ("gambit",), at)
    plain = [n for n in gambit if not for_modules(n)]
    assert "LR:turn/gambit" in gambit and "LR:turn/gambit|free0" in gambit
    assert {n.removeprefix("LR:") for n in gambit if for_modules(n)} >= set(plain)
    lygtemands = start(2, Config(lygtemands=True))
    assert "L:turn/gambit|covered" in features(lygtemands, ("gambit",), situation(lygtemands))


@pytest.mark.parametrize(
    "modules", [{}, {"lygtemands": True}, {"rescue": True}, {"lygtemands": True, "rescue": True}]
)
def test_a_correction_is_the_sum_of_its_features_weights(modules: dict[str, bool]) -> None:
    sim = start(4, Config(**modules))
    at = situation(sim)
    options = sim.options()
    names = sorted({n for m in options for n in features(sim, m, at)})
    weights = {name: float(i % 7) - 3.0 for i, name in enumerate(names)}
    shares: dict[tuple[object, ...], float] = {}
    for _ in range(2):  # the second time from the kept shares
        for move in options:
            expected = sum(weights[n] for n in features(sim, move, at))
            assert correction(sim, move, at, weights, shares) == pytest.approx(expected)


def test_module_corrections_leave_a_standard_game_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    sim, options, chosen, _, name = a_rival()
    monkeypatch.setattr(
        policy, "MOVES", {**policy.MOVES, f"LR:{name}": 1000.0, f"L:{name}": 1000.0}
    )
    assert policy.best(sim, options) == chosen


def candidate(names: tuple[str, ...], score: float, lead: float) -> Candidate:
    return Candidate(names, score, lead, 40)


def liked_better(good: tuple[str, ...], plain: tuple[str, ...], seed: int) -> list[list[Candidate]]:
    """200 decisions where the search follows the hand-made scores, but likes the move
    with the features ``good`` 0.1 better than they say."""
    rng = random.Random(seed)
    decisions = []
    for _ in range(200):
        a, b = rng.uniform(0, 50), rng.uniform(0, 50)
        lead_a, lead_b = a / 100 + 0.1, b / 100
        best = max(lead_a, lead_b)
        decisions.append([candidate(good, a, lead_a - best), candidate(plain, b, lead_b - best)])
    return decisions


def test_the_fit_finds_the_feature_the_search_prefers() -> None:
    weights = fit_moves.fit(liked_better(("good",), ("plain",), 3))
    # In hand-made points: 0.1 of lead is 10 points; only the difference is known.
    assert weights["good"] - weights["plain"] == pytest.approx(10.0, abs=0.5)


def test_the_fit_weighs_only_the_features_it_is_asked_to() -> None:
    decisions = liked_better(("turn/call", "LR:turn/call"), ("turn/gambit", "LR:turn/gambit"), 5)
    weights = fit_moves.fit(decisions, keep=for_modules)
    assert set(weights) == {"LR:turn/call", "LR:turn/gambit"}
    assert weights["LR:turn/call"] - weights["LR:turn/gambit"] == pytest.approx(10.0, abs=0.5)


def test_a_rare_feature_gets_no_weight() -> None:
    decisions = [[candidate(("a",), 10, 0.0), candidate(("b",), 0, -0.1)] for _ in range(40)]
    decisions[0][0] = candidate(("a", "rare"), 10, 0.0)
    assert "rare" not in fit_moves.fit(decisions)


def test_a_recorded_game_keeps_each_candidate_with_its_figures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(record, "ROUNDS", 2)
    played = record.record_game(7, 0.2, dict(policy.W), dict(policy.MOVES))
    decisions = played.decisions
    assert decisions
    # Each turn's position, with what the game ended with (a sixth a Minion, one a win).
    assert len(played.positions) > 10
    assert {len(row) for row in played.positions} == {len(NAMES) + len(MODULE_NAMES)}
    assert played.score in {i / 6 for i in range(6)} | {2.0}
    for decision in decisions:
        assert all(c.games == 2 and c.features for c in decision)
        assert any(c.lead == 0.0 for c in decision)  # the search's choice, over itself


def test_a_followed_record_plays_the_searchs_choices(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(record, "ROUNDS", 2)
    config = Config(lygtemands=True, rescue=True)
    args = (11, 1.0, dict(policy.W), dict(policy.MOVES), config)
    followed = record.record_game(*args, follow=True).decisions
    # The module games' features are recorded, under the modules' name.
    assert any(for_modules(n) for decision in followed for c in decision for n in c.features)
    # Judging every decision and following the search is another game than the rule
    # of thumb's own, on the same seed.
    assert followed != record.record_game(*args).decisions
