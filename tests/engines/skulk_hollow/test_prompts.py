from engines.skulk_hollow.actions import ChooseAction, PlayCard, SpendPower
from tests.engines.skulk_hollow.builders import game, guardian_turn, leader, place, run, unit


def test_the_prompt_says_who_is_asked_and_what() -> None:
    state = game()
    assert state.asking == "hero" and state.prompt.startswith("Hero: 3 actions left")
    state = run(state, PlayCard("slant_left"))
    assert state.prompt == "Hero - Slant Left: which action of the card?"
    state = run(state, ChooseAction("move"))
    assert state.prompt == "Hero - MOVE: which hero unit takes it?"


def test_the_guardian_is_asked_on_its_turn() -> None:
    state = place(guardian_turn(game(), hand=("wide_swing",)), leader(), unit("sentinel", "lair"))
    state = run(state, PlayCard("wide_swing"), ChooseAction("swing"))
    assert state.asking == "guardian"
    assert state.prompt == "Grak - SWING: which hero unit is hit?"


def test_power_prompts_name_the_unit() -> None:
    state = place(game(), leader(power=1), unit("sentinel", "keep"))
    state = run(state, SpendPower("king_of_war"))
    assert state.prompt == "Hero - King of War: which action does one power buy?"
