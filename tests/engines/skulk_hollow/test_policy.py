import random
from dataclasses import replace

import pytest

from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import ChooseUnit, EndTurn, PlayCard, SpendRelic
from engines.skulk_hollow.bots import policy
from engines.skulk_hollow.bots.traits import TRAITS
from engines.skulk_hollow.components import GUARDIANS
from engines.skulk_hollow.config import Config
from tests.engines.skulk_hollow.builders import game, guardian_turn, leader, place, unit
from tests.engines.skulk_hollow.play import playout


def test_the_policy_takes_the_obvious_hit_and_says_why() -> None:
    state = guardian_turn(replace(game(), guardian_space="clearing"), hand=("wide_swing",))
    state = place(
        state, leader(space="keep"), unit("sentinel", "keep"), unit("archer_1", "clearing")
    )
    decision = policy.decide(rules.view(state, "guardian"), random.Random(0))
    assert decision.action == PlayCard("wide_swing")
    assert decision.reason.startswith("Grak plays Wide Swing and uses SWING: one wound on")
    assert "Archer 1" in decision.reason and "CLEARING" in decision.reason
    state = rules.apply(state, decision.action)
    state = rules.apply(state, policy.choose(rules.view(state, "guardian"), random.Random(0)))
    assert policy.choose(rules.view(state, "guardian"), random.Random(0)) == ChooseUnit("archer_1")


def test_the_policy_spends_a_relic_for_a_kill_but_not_for_nothing() -> None:
    state = guardian_turn(
        replace(game(guardian_relics=1), guardian_space="clearing"), actions=0, hand=("wide_swing",)
    )
    state = place(
        state, leader(space="keep"), unit("sentinel", "keep"), unit("archer_1", "clearing")
    )
    decision = policy.decide(rules.view(state, "guardian"), random.Random(0))
    assert decision.action == SpendRelic()
    assert "relic" in decision.reason
    calm = place(state, leader(space="keep"), unit("sentinel", "keep"))
    assert policy.choose(rules.view(calm, "guardian"), random.Random(0)) == EndTurn()


def test_the_policy_only_reads_the_guardian_view() -> None:
    state = guardian_turn(rules.new_game(Config(foxen_deck="app"), seed=3))
    other_hand = replace(
        state.hero_cards, hand=("rally",) * 5, deck=tuple(reversed(state.hero_cards.deck))
    )
    other = replace(state, hero_cards=other_hand)
    assert rules.view(state, "guardian") == rules.view(other, "guardian")
    first = policy.decide(rules.view(state, "guardian"), random.Random(1))
    second = policy.decide(rules.view(other, "guardian"), random.Random(1))
    assert first == second


def test_the_policy_refuses_the_hero_turn() -> None:
    with pytest.raises(ValueError, match="not the guardian's turn"):
        policy.choose(rules.view(game(), "guardian"), random.Random(0))


@pytest.mark.parametrize("guardian", GUARDIANS)
def test_policy_games_end(guardian: str) -> None:
    state, log = playout(Config(guardian=guardian), seed=5, guardian_policy=True)
    assert state.ended, f"{guardian}: no end after {len(log)} steps"


def test_raptra_flaps_a_hero_into_reach_then_claws_it() -> None:
    state = guardian_turn(
        replace(game("raptra"), guardian_space="clearing"), hand=("gust", "talon")
    )
    state = place(state, leader(space="keep"), unit("sentinel", "farm"), unit("archer_1", "mine"))
    assert policy.aim(state) == 0.0
    plan = []
    while state.active == "guardian" and not state.ended:
        action = policy.choose(rules.view(state, "guardian"), random.Random(0))
        plan.append(action)
        state = rules.apply(state, action)
    assert plan[0] == PlayCard("gust")
    assert PlayCard("talon") in plan
    # Both wounds went to units other than the leader, the Archer's one felling it.
    assert state.eliminated >= 1
    assert all(u.wounds == 0 for u in state.units if u.id == "king_of_war")


def test_only_raptra_aims_and_only_at_units_other_than_the_leader() -> None:
    raptra = replace(game("raptra"), guardian_space="clearing")
    near = place(raptra, leader(space="clearing"), unit("archer_1", "clearing"))
    # The Archer, not the leader: one unit in reach.
    assert policy.aim(near) == TRAITS["raptra"].aims[0].weight
    assert policy.value_for("hero", near) == pytest.approx(
        -policy.score(near) + 0.5 * policy.closeness(near)
    )
    grak = place(replace(game(), guardian_space="clearing"), unit("archer_1", "clearing"))
    assert policy.aim(grak) == 0.0
