from dataclasses import replace

from engines.skulk_hollow import board, rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseUnit,
    EndTurn,
    PlayCard,
    Prepare,
    SpendPower,
    SpendRelic,
)
from engines.skulk_hollow.config import Config
from tests.engines.skulk_hollow.builders import game, guardian_turn, leader, place, run, unit
from tests.engines.skulk_hollow.play import playout


def test_guardian_prepare_discards_a_chosen_card_and_draws_two() -> None:
    state = guardian_turn(game(), hand=("stride", "toss"))
    state = run(state, Prepare())
    assert rules.legal_actions(state) == [ChooseCard("stride"), ChooseCard("toss")]
    state = run(state, ChooseCard("toss"))
    assert state.guardian_cards.hand_count == len(state.guardian_cards.hand) == 3
    assert state.guardian_cards.discard == ("toss",)
    assert state.actions_left == 1


def test_a_card_with_nothing_to_do_is_not_offered() -> None:
    state = guardian_turn(
        replace(game(), guardian_space="clearing"), hand=("mend_stone", "wide_swing")
    )
    state = place(state, leader(space="keep"), unit("sentinel", "keep"))
    actions = rules.legal_actions(state)
    assert PlayCard("mend_stone") in actions  # its MOVE works
    assert PlayCard("wide_swing") not in actions  # no one to hit
    state = run(state, PlayCard("mend_stone"))
    assert rules.legal_actions(state) == [ChooseAction("move")]  # no wound to mend


def test_guardian_relics_buy_actions() -> None:
    state = guardian_turn(game(guardian_relics=1), actions=0, hand=("stride",))
    assert PlayCard("stride") not in rules.legal_actions(state)
    state = run(state, SpendRelic())
    assert state.actions_left == 1 and state.guardian_relics == 0
    assert PlayCard("stride") in rules.legal_actions(state)


def test_grak_never_spends_power_and_others_do() -> None:
    assert SpendPower() not in rules.legal_actions(replace(guardian_turn(game()), guardian_power=1))
    apoda = replace(guardian_turn(game("apoda")), guardian_power=1)
    assert SpendPower() in rules.legal_actions(apoda)


def test_power_cannot_buy_a_disabled_action() -> None:
    state = place(
        replace(guardian_turn(game("apoda")), guardian_power=1, guardian_space="clearing"),
        leader(space="keep"),
        unit("sentinel", "mine"),
    )
    state = run(state, SpendPower())
    assert ChooseAction("stab") in rules.legal_actions(state)
    full = replace(state, guardian_wounds=(3, 0, 0, 0, 0))  # STAB's location is full
    assert ChooseAction("stab") not in rules.legal_actions(full)
    assert ChooseAction("move") in rules.legal_actions(full)


def test_the_banded_leader_is_never_offered_as_a_target() -> None:
    for guardian in ("grak", "apoda", "tanthos", "raptra"):
        for seed in range(4):
            state = rules.new_game(Config(guardian=guardian), seed)
            _, log = playout(Config(guardian=guardian), seed, max_steps=800)
            for action in log:
                pending = state.pending
                if state.active == "guardian" and pending and pending.step in ("target", "pick"):
                    for choice in rules.legal_actions(state):
                        assert isinstance(choice, ChooseUnit)
                        assert not board.protected(state, state.unit(choice.unit))
                state = rules.apply(state, action)


def test_end_turn_passes_to_the_heroes() -> None:
    state = run(guardian_turn(game()), EndTurn())
    assert state.active == "hero" and state.asking == "hero"
