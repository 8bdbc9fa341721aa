from engines.skulk_hollow import combat
from tests.engines.skulk_hollow.builders import game, leader, place, unit, wounds


def test_a_wound_fills_a_space_and_the_last_one_eliminates() -> None:
    state = place(game(), leader(), unit("knight_1", "keep", power=0))
    state = combat.wound_unit(state, "knight_1")
    assert state.unit("knight_1").wounds == 1
    state = combat.wound_unit(state, "knight_1")
    assert not state.has_unit("knight_1")
    assert state.hero_cards.discard == ("knight",) and state.eliminated == 1


def test_eliminated_power_returns_to_the_supply() -> None:
    state = place(game(), leader(), unit("sentinel", "keep", power=1, wounds=2))
    before = combat.power_in_supply(state)
    state = combat.wound_unit(state, "sentinel")
    assert combat.power_in_supply(state) == before + 1


def test_a_full_location_takes_no_more_wounds() -> None:
    state = wounds(game(), gaze=3)
    assert combat.wound_location(state, "gaze") == state
    healed = combat.heal_location(state, "gaze")
    assert sum(healed.guardian_wounds) == 2
