"""Why something cannot be chosen now: the reasons a touch on a greyed button, a Tree or
a Minion is answered with."""

from engines.skoventyr import (
    Call,
    Config,
    DamageTree,
    Gambit,
    Mission,
    Wrath,
    candidate_actions,
    legal_actions,
    refusal,
    why_not_move,
)
from tests.engines.skoventyr.builders import E, H, T, forest, make, play


def test_wrath_says_how_many_allies_it_needs_and_how_many_there_are() -> None:
    state = make(woods=forest(allies={3: T}))
    assert why_not_move(state, "wrath") == (
        "Wrath needs as many Allies in the Forest as a Minion's value: 2 for a Genganger, "
        "1 in the Forest."
    )
    assert refusal(state, Wrath(0)) == (
        "Wrath on a Lindorm (4) needs at least 4 Allies in the Forest (there is 1)."
    )
    ready = make(woods=forest(allies={3: T, 4: T}))
    assert why_not_move(ready, "wrath") == "" and refusal(ready, Wrath(5)) == ""


def test_wrath_on_covered_minions_points_to_rally() -> None:
    state = make(Config(lygtemands=True), woods=forest(allies={3: T, 4: T}))
    assert why_not_move(state, "wrath").startswith("Every Minion still has a Lygtemand")
    reconcile = why_not_move(state, "reconcile")  # an empty hand, nothing Rallied yet
    assert reconcile.startswith("Rally needs an Ally in your hand that a Lygtemand shows (")
    assert reconcile.endswith("; Involve needs a Rallied Lygtemand beside the Future.")


def test_command_with_an_empty_hand() -> None:
    state = make(hand=())
    assert why_not_move(state, "command") == (
        "Command uses a card from your hand, and your hand is empty: Call takes one."
    )
    assert why_not_move(make(hand=(T,)), "command") == ""


def test_a_cost_that_cannot_be_paid_says_why() -> None:
    state = make(future=(T, E, H), woods=forest())  # no Hidden Ally for a Trold's cost
    assert refusal(state, Call(0)) == (
        "The cost of a Trold (reveal 2 Hidden Allies in the Forest) cannot be paid now: the "
        "Forest holds 0 Hidden Allies. Take it with a Risky Draw instead."
    )
    assert refusal(state, Call(0, risky=True)) == ""


def test_a_power_that_cannot_be_used_says_what_stands_in_its_way() -> None:
    healthy = make(hand=(H,), woods=forest())  # the Huldre heals; every Tree is Healthy
    assert refusal(healthy, Mission(H)) == (
        "The Huldre's power (heal a Tree) cannot be used now: no Free Tree is Damaged."
    )


def test_during_a_step_the_candidates_are_its_answers_and_the_refusals_name_the_rule() -> None:
    state = play(make(woods=forest(vogter=3, ge=0)), Gambit())
    assert DamageTree(3) in candidate_actions(state) and DamageTree(3) not in legal_actions(state)
    assert refusal(state, DamageTree(3)) == (
        "Only a Free Tree (no Vogter, no Gamle Erik, no Ally) can be damaged."
    )
    assert why_not_move(state, "call").startswith("First finish this step")
