from engines.skoventyr.cards import CARDS, Card, Effect
from engines.skoventyr.effects import discard_choices, effect_possible, effect_tasks, unmet
from engines.skoventyr.state import Task
from tests.engines.skoventyr.builders import E, G, H, N, T, forest, make


def test_effects_become_steps() -> None:
    # Two damages: each knows its place, for "(1 of 2)" in the prompt (review N21).
    assert effect_tasks(Effect("damage_tree", count=2)) == (
        Task("damage", n=1),
        Task("damage", n=2),
    )
    assert effect_tasks(Effect("damage_tree")) == (Task("damage"),)
    assert effect_tasks(CARDS.rule(Card.FORMSKIFTER).cost[0]) == (Task("move_ge", n=1),)
    assert effect_tasks(CARDS.rule(Card.TROLD).power[0]) == (Task("move_ge_up_to", n=-3),)
    assert effect_tasks(CARDS.rule(Card.NISSE).cost[0]) == (
        Task("move_vogter", n=1, which="reveal"),
    )
    assert effect_tasks(CARDS.rule(Card.NISSE).power[0]) == (
        Task("discard_to_bottom", n=2, which="distinct", cards=(N,)),
    )
    assert effect_tasks(Effect("reveal_allies", count=2)) == (Task("reveal_ally"),) * 2


def test_whether_an_effect_can_be_done_in_full() -> None:
    state = make(woods=forest(trees=4, vogter=2, ge=0, allies={1: E}, damaged=[3]))
    assert effect_possible(state, Effect("damage_tree"))
    assert not effect_possible(state, Effect("damage_tree", count=2))
    assert effect_possible(state, Effect("heal_tree"))
    assert effect_possible(state, Effect("move_ge", count=9))
    assert not effect_possible(state, Effect("reveal_allies", count=2))
    assert effect_possible(state, Effect("future_to_bottom", which="ally"))
    assert not effect_possible(state, Effect("future_to_bottom", which="adversary"))
    nisse = CARDS.rule(Card.NISSE)
    assert unmet(state, nisse.cost) == nisse.cost[0]
    assert unmet(state, (Effect("move_ge"),)) is None


def test_discard_choices_skip_adversaries_and_excluded_types() -> None:
    assert discard_choices((G, N, H, T, H), (N,)) == (H, T)
    state = make(discard=(H, H))
    distinct = Effect("discard_to_bottom", count=2, distinct=True)
    assert not effect_possible(state, distinct)
    assert effect_possible(state, Effect("discard_to_bottom", count=2))
