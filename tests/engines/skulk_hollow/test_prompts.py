from engines.skulk_hollow.actions import ChooseAction, PlayCard, SpendPower
from engines.skulk_hollow.prompts import prompt
from tests.engines.skulk_hollow.builders import (
    game,
    guardian_turn,
    hero_turn,
    leader,
    place,
    run,
    unit,
)


def test_the_prompt_says_who_is_asked_and_what() -> None:
    state = game()
    assert state.asking == "hero"
    assert state.prompt == "Your turn: 3 actions left. Play a card, prepare or end the turn."
    state = run(state, PlayCard("slant_left"))
    assert state.prompt == "Slant Left: which action?"
    state = run(state, ChooseAction("move"))
    assert state.prompt == "MOVE with Slant Left: which hero moves?"


def test_the_guardian_is_asked_on_its_turn() -> None:
    state = place(guardian_turn(game(), hand=("wide_swing",)), leader(), unit("sentinel", "lair"))
    state = run(state, PlayCard("wide_swing"), ChooseAction("swing"))
    assert state.asking == "guardian"
    assert state.prompt == "Grak - SWING: which hero unit is hit?"


def test_power_prompts_name_the_unit() -> None:
    state = place(game(), leader(power=1), unit("sentinel", "keep"))
    state = run(state, SpendPower("king_of_war"))
    assert state.prompt == "One power from the King of War: which action?"


def test_a_prompt_names_only_what_can_be_done() -> None:
    state = place(hero_turn(game(), actions=0), leader(power=1), unit("sentinel", "keep"))
    assert prompt(state)[0] == "No actions left: spend power or end the turn."
    state = place(hero_turn(game(), actions=0), leader(), unit("sentinel", "keep"))
    assert prompt(state)[0] == "No actions left: end the turn."
    state = hero_turn(game(), actions=1)
    assert prompt(state)[0].startswith("Your turn: 1 action left.")


def test_no_internal_name_reaches_a_prompt() -> None:
    state = place(hero_turn(game()), leader(), unit("sentinel", location="stomp"))
    state = run(state, PlayCard("double_leap"), ChooseAction("double_leap"))
    assert state.prompt == "DOUBLE LEAP: which hero leaps first?"
    assert "_" not in state.prompt
