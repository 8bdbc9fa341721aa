from dataclasses import replace

import pytest

from engines.core import IllegalAction
from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseCard,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    Decline,
    GroundRaptra,
    Move,
    PlayCard,
    SpendPower,
)
from engines.skulk_hollow.geometry import Direction
from engines.skulk_hollow.state import State
from tests.engines.skulk_hollow.builders import (
    game,
    guardian_turn,
    leader,
    place,
    run,
    unit,
    with_hand,
)


def raptra_at(space: str, *hand: str, airborne: bool = False) -> State:
    state = replace(game("raptra"), guardian_space=space, airborne=airborne)
    return guardian_turn(state, hand=hand)


def test_launch_flips_the_status() -> None:
    state = run(raptra_at("lair", "soar"), PlayCard("soar"), ChooseAction("launch"))
    assert state.airborne
    state = run(guardian_turn(state, hand=("soar",)), PlayCard("soar"), ChooseAction("launch"))
    assert not state.airborne


def test_claw_only_on_the_ground() -> None:
    base = place(raptra_at("clearing", "talon"), leader(space="keep"), unit("sentinel", "clearing"))
    state = run(base, PlayCard("talon"), ChooseAction("claw"))
    assert state.unit("sentinel").wounds == 1
    aloft = place(
        raptra_at("clearing", "talon", airborne=True),
        leader(space="keep"),
        unit("sentinel", "clearing"),
        unit("knight_1", "town_mill"),
    )
    assert rules.legal_actions(run(aloft, PlayCard("talon"))) == [ChooseAction("shriek")]


def test_shriek_only_in_the_air_hits_towns_and_forests() -> None:
    base = place(
        raptra_at("lair", "screech", airborne=True),
        leader(space="keep"),
        unit("sentinel", "town_mill"),
        unit("knight_1", "forest_swamp"),
        unit("archer_1", "clearing"),
    )
    state = run(base, PlayCard("screech"), ChooseAction("shriek"))
    assert state.unit("sentinel").wounds == 1 and state.unit("knight_1").wounds == 1
    assert state.unit("archer_1").wounds == 0
    grounded = replace(base, airborne=False)
    assert ChooseAction("shriek") not in rules.legal_actions(run(grounded, PlayCard("screech")))


def test_shriek_with_power_costs_two() -> None:
    base = place(
        raptra_at("lair", airborne=True), leader(space="keep"), unit("sentinel", "town_mill")
    )
    one = run(replace(base, guardian_power=1), SpendPower())
    assert ChooseAction("shriek") not in rules.legal_actions(one)
    two = run(replace(base, guardian_power=2), SpendPower())
    assert ChooseAction("shriek") in rules.legal_actions(two)
    state = run(two, ChooseAction("shriek"))
    assert state.guardian_power == 0 and state.unit("sentinel").wounds == 1


def test_flap_moves_a_hero_from_raptra_or_around_it() -> None:
    state = place(
        raptra_at("clearing", "gust"),
        leader(space="keep"),
        unit("sentinel", location="claw"),
        unit("knight_1", "lair"),
        unit("archer_1", "clearing"),
    )
    state = run(state, PlayCard("gust"), ChooseAction("flap"))
    assert set(rules.legal_actions(state)) == {
        ChooseUnit("sentinel"),
        ChooseUnit("knight_1"),
        ChooseUnit("king_of_war"),
    }
    state = run(state, ChooseUnit("sentinel"), ChooseSpace("clearing"))
    assert state.unit("sentinel").space == "clearing"


def test_in_the_air_a_move_may_go_twice_the_same_way() -> None:
    state = run(
        raptra_at("lair", "glide", airborne=True),
        PlayCard("glide"),
        ChooseAction("move"),
        Move(Direction.UP),
    )
    assert rules.legal_actions(state) == [Move(Direction.UP), Decline()]
    assert run(state, Move(Direction.UP)).guardian_space == "keep"
    assert run(state, Decline()).guardian_space == "clearing"
    grounded = run(
        raptra_at("lair", "glide"), PlayCard("glide"), ChooseAction("move"), Move(Direction.UP)
    )
    assert grounded.pending is None


def test_heroes_cannot_leap_while_raptra_flies_but_can_shoot() -> None:
    state = place(
        replace(game("raptra"), guardian_space="clearing", airborne=True),
        leader(space="clearing"),
        unit("sentinel", "clearing"),
    )
    state = run(state, PlayCard("bound"))
    assert rules.legal_actions(state) == [ChooseAction("missile")]
    with pytest.raises(IllegalAction, match="in the air"):
        rules.apply(state, ChooseAction("leap"))
    state = run(state, ChooseAction("missile"), ChooseUnit("sentinel"), ChooseLocation("claw"))
    assert sum(state.guardian_wounds) == 1


def test_a_random_discard_brings_raptra_down() -> None:
    state = replace(game("raptra", foxen_deck="app"), airborne=True)
    state = with_hand(state, "hero", ("rally", "strike"))
    state = run(state, GroundRaptra())
    assert not state.airborne and state.actions_left == 2
    assert state.hero_cards.hand_count == 1
    assert state.hero_cards.discard[-1] in ("rally", "strike")


def test_at_the_table_the_hero_names_the_random_discard() -> None:
    state = replace(game("raptra"), airborne=True)
    state = run(state, GroundRaptra())
    assert state.pending is not None and state.airborne
    state = run(state, ChooseCard("strike"))
    assert not state.airborne and state.hero_cards.discard == ("strike",)


def test_no_grounding_when_raptra_is_down() -> None:
    with pytest.raises(IllegalAction, match="already on the ground"):
        rules.apply(game("raptra"), GroundRaptra())


def test_the_leader_alone_on_the_map_loses() -> None:
    state = place(
        raptra_at("clearing", "talon"),
        leader(space="keep"),
        unit("sentinel", "clearing", wounds=2),
        unit("knight_1", location="claw"),
    )
    assert rules.outcome(state) is None
    state = run(state, PlayCard("talon"), ChooseAction("claw"))
    assert not state.has_unit("sentinel")
    assert state.has_unit("knight_1")  # attached to Raptra: not on the map
    result = rules.outcome(state)
    assert result is not None and (result.result, result.cause) == ("lost", "raptra_alone")


def test_a_hero_leaping_onto_raptra_can_leave_the_leader_alone() -> None:
    state = place(
        replace(game("raptra"), guardian_space="clearing"),
        leader(space="keep"),
        unit("sentinel", "clearing"),
    )
    state = run(state, PlayCard("bound"), ChooseAction("leap"), ChooseUnit("sentinel"))
    state = run(state, ChooseLocation("claw"))
    result = rules.outcome(state)
    assert result is not None and result.cause == "raptra_alone"
