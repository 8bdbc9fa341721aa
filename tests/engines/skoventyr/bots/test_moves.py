"""The rule of thumb's fitted corrections: move features, the record and the fit."""

from __future__ import annotations

import random

import pytest

from engines.skoventyr import Config, new_game, view
from engines.skoventyr.bots import fit_moves, policy, record
from engines.skoventyr.bots.move_features import Situation, features, where
from engines.skoventyr.bots.record import Candidate
from engines.skoventyr.bots.sim import F, G, H, Sim


def start(seed: int = 0) -> Sim:
    config = Config()
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


def test_a_correction_changes_the_rule_of_thumbs_choice(monkeypatch: pytest.MonkeyPatch) -> None:
    sim = start(1)
    options = sim.options()
    chosen = policy.best(sim, options)
    other = next(m for m in options if m != chosen and m[0] != chosen[0])
    name = features(sim, other, situation(sim))[0]
    monkeypatch.setattr(policy, "MOVES", {name: 1000.0})
    assert policy.best(sim, options)[0] == other[0]


def candidate(names: tuple[str, ...], score: float, lead: float) -> Candidate:
    return Candidate(names, score, lead, 40)


def test_the_fit_finds_the_feature_the_search_prefers() -> None:
    rng = random.Random(3)
    decisions = []
    for _ in range(200):
        # The search follows the hand-made scores, but likes "good" 0.1 better than they say.
        a, b = rng.uniform(0, 50), rng.uniform(0, 50)
        lead_a, lead_b = a / 100 + 0.1, b / 100
        best = max(lead_a, lead_b)
        decisions.append(
            [
                candidate(("good",), a, lead_a - best),
                candidate(("plain",), b, lead_b - best),
            ]
        )
    weights = fit_moves.fit(decisions)
    # In hand-made points: 0.1 of lead is 10 points; only the difference is known.
    assert weights["good"] - weights["plain"] == pytest.approx(10.0, abs=0.5)


def test_a_rare_feature_gets_no_weight() -> None:
    decisions = [[candidate(("a",), 10, 0.0), candidate(("b",), 0, -0.1)] for _ in range(40)]
    decisions[0][0] = candidate(("a", "rare"), 10, 0.0)
    assert "rare" not in fit_moves.fit(decisions)


def test_a_recorded_game_keeps_each_candidate_with_its_figures(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(record, "ROUNDS", 2)
    decisions = record.record_game(7, 0.2, dict(policy.W), dict(policy.MOVES))
    assert decisions
    for decision in decisions:
        assert all(c.games == 2 and c.features for c in decision)
        assert any(c.lead == 0.0 for c in decision)  # the search's choice, over itself
