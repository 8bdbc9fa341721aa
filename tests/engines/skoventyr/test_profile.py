"""An owner's card profile: it changes exactly the boxes it names, travels in the Config
(so a saved game replays with it), and a damaged one is refused with a reason."""

from __future__ import annotations

import json
from dataclasses import replace

import pytest

import engines.skoventyr as rules
from engines.core import Event, Session
from engines.skoventyr import Config, Mission, apply, legal_actions, setup_steps
from engines.skoventyr.cards import CARDS, Card, CardDataError, Effect
from engines.skoventyr.profile import (
    CardCorrection,
    corrected_table,
    corrections_from_profile,
    editable_boxes,
    effect_choices,
    profile_data,
    same_effects,
)
from tests.engines.skoventyr.builders import H, T, forest, make
from tests.engines.skoventyr.play import random_game

HEAL_TWO = CardCorrection(Card.HULDRE, "power", (Effect("heal_tree", 2),))
TROLD_PUSHES_ONE = CardCorrection(
    Card.TROLD, "power", (Effect("move_ge", 1, direction="counterclockwise"),)
)


def test_a_correction_changes_exactly_the_box_it_names() -> None:
    table = Config(profile=(HEAL_TWO,)).cards
    for rule, shipped in zip(table.cards, CARDS.cards, strict=True):
        if rule.card is Card.HULDRE:
            assert rule.power == HEAL_TWO.effects
            assert rule == replace(shipped, power=HEAL_TWO.effects)
        else:
            assert rule == shipped
    assert table.minions == CARDS.minions
    assert table.assumed() == ("Ellefolk power: put an Adversary from the Future under the deck",)
    assert Config().cards == CARDS


def test_the_rules_use_the_corrected_power() -> None:
    damaged = forest(damaged=(1, 2, 5))
    shipped = apply(make(hand=(H,), woods=damaged), Mission(H))
    corrected = apply(make(Config(profile=(HEAL_TWO,)), hand=(H,), woods=damaged), Mission(H))
    assert [t.op for t in shipped.tasks[:2]] == ["heal", "hand_limit"]
    assert [t.op for t in corrected.tasks[:3]] == ["heal", "heal", "hand_limit"]
    # A power that cannot be used in full makes Mission illegal (RULINGS S3).
    one_damaged = forest(damaged=(1,))
    assert Mission(H) in legal_actions(make(hand=(H,), woods=one_damaged))
    profiled = make(Config(profile=(HEAL_TWO,)), hand=(H,), woods=one_damaged)
    assert Mission(H) not in legal_actions(profiled)
    assert "heal 2 Trees" in (rules.refusal(profiled, Mission(H)) or "")


def test_a_corrected_cost_is_what_a_call_asks() -> None:
    free_cost = CardCorrection(Card.HULDRE, "cost", ())
    state = make(Config(profile=(free_cost,)), future=(H, T, T))
    after = apply(state, rules.Call(0))
    assert after.hand == (H,) and after.forest == state.forest


def test_only_cards_used_with_mission_have_a_power_to_correct() -> None:
    assert editable_boxes(Card.HULDRE) == ("cost", "power")
    assert editable_boxes(Card.FORMSKIFTER) == ("cost",)
    assert editable_boxes(Card.GAMLE_ERIK) == ("cost",)
    with pytest.raises(ValueError, match="no power to use with Mission"):
        Config(profile=(CardCorrection(Card.FORMSKIFTER, "power", (Effect("heal_tree"),)),))
    with pytest.raises(ValueError, match="corrected twice"):
        Config(profile=(HEAL_TWO, HEAL_TWO))


def test_every_effect_offered_is_stored_and_read_back_as_it_was() -> None:
    for card in Card:
        for effects in effect_choices(card).values():
            for box in editable_boxes(card):
                profile = (CardCorrection(card, box, effects),)
                data = json.loads(json.dumps(profile_data(profile)))
                assert corrections_from_profile(data) == profile
                assert Config(profile=profile).cards.rule(card) is not None
    assert corrections_from_profile({}) == ()


def test_the_choices_offer_every_kind_of_effect_and_the_shipped_ones() -> None:
    for card in Card:
        offered = effect_choices(card)
        assert set(offered) == {
            "damage_tree",
            "heal_tree",
            "move_ge",
            "move_vogter",
            "reveal_allies",
            "future_to_bottom",
            "discard_to_bottom",
        }
        every = [effect for effects in offered.values() for effect in effects]
        assert len(every) == len(set(every))
        for box in editable_boxes(card):
            for effect in getattr(CARDS.rule(card), box):
                assert any(same_effects((effect,), (choice,)) for choice in every), effect


def test_a_game_started_with_a_profile_replays_with_it() -> None:
    config = Config(profile=(HEAL_TWO, TROLD_PUSHES_ONE))
    session = Session(rules, config, seed=3)
    for _, action, _ in random_game(config, seed=3, purposeful=True):
        session.play(action)
    saved = json.loads(json.dumps(session.config_to_dict()))
    events = [json.loads(json.dumps(event.to_dict())) for event in session.events]
    again = Session.replay(
        rules,
        Session.config_from_dict(rules, saved),
        3,
        [Event.from_dict(rules, data) for data in events],
    )
    assert again.config == config
    assert again.state == session.state


def test_a_game_saved_before_profiles_existed_reads_back_with_the_shipped_cards() -> None:
    data = Config().to_dict()
    assert isinstance(data, dict)
    del data["profile"]
    assert Config.from_dict(data) == Config()


DAMAGED = [
    None,
    [],
    "huldre",
    3.5,
    {"huldre": 3},
    {"huldre": {"power": "heal"}},
    {"huldre": {"might": []}},
    {"kraken": {"power": []}},
    {"formskifter": {"power": [{"effect": "heal_tree"}]}},
    {"huldre": {"power": [{"effect": "fly"}]}},
    {"huldre": {"power": [{"effect": "heal_tree", "count": 10**9}]}},
    {"huldre": {"power": [{"effect": "heal_tree", "count": True}]}},
    {"huldre": {"power": [{"effect": "heal_tree", "direction": "up"}]}},
    {"huldre": {"power": [{"effect": "move_ge", "direction": "up"}]}},
    {"nisse": {"power": [{"effect": "discard_to_bottom", "exclude": "nisse"}]}},
    {"nisse": {"power": [{"effect": "discard_to_bottom", "exclude": [["nisse"]]}]}},
    {"huldre": {"power": [[[[[[[[[[]]]]]]]]]]}},
    {"huldre": {"power": [{"effect": "heal_tree", "status": "maybe"}]}},
]


@pytest.mark.parametrize("data", DAMAGED, ids=repr)
def test_a_damaged_profile_is_refused_with_a_short_reason(data: object) -> None:
    with pytest.raises(CardDataError) as refused:
        corrections_from_profile(data)
    assert 0 < len(str(refused.value)) <= 300


@pytest.mark.parametrize(
    "profile",
    [
        [{"card": "huldre", "box": "power", "effects": [{"effect": "heal_tree", "count": 0}]}],
        [{"card": "huldre", "box": "luck", "effects": []}],
        [{"card": "trold", "box": "power", "effects": [{"effect": "sing"}]}],
        [{"card": "gamle_erik", "box": "power", "effects": []}],
        "all of them",
    ],
    ids=repr,
)
def test_a_saved_game_whose_profile_is_damaged_does_not_read_back(profile: object) -> None:
    data = Config().to_dict()
    assert isinstance(data, dict)
    with pytest.raises(ValueError):
        Config.from_dict({**data, "profile": profile})


def test_the_set_up_guide_names_the_assumed_and_the_corrected_powers() -> None:
    shipped = next(step for step in setup_steps(Config()) if step.title == "Card powers")
    assert shipped.items == (
        "Ellefolk power: put an Adversary from the Future under the deck (assumed)",
        "Huldre power: heal a Tree (assumed)",
    )
    both = Config(profile=(HEAL_TWO, CardCorrection(Card.ELLEFOLK, "power", ())))
    step = next(step for step in setup_steps(both) if step.title == "Card powers")
    assert step.items == ("Huldre power: heal 2 Trees", "Ellefolk power: nothing")
    assert "assumed" not in step.text
    assert corrected_table(both.profile).assumed() == ()
