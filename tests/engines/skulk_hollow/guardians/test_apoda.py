from dataclasses import replace

import pytest

from engines.core import IllegalAction
from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseLocation,
    ChooseUnit,
    EndTurn,
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
    wounds,
)


def apoda_at(space: str, *hand: str) -> State:
    return guardian_turn(replace(game("apoda"), guardian_space=space), hand=hand)


def test_setup_lays_out_four_runes() -> None:
    state = game("apoda")
    assert sorted(state.runes) == ["farm", "keep", "keep", "mine"]
    assert state.guardian_space == "lair" and state.runes_collected == 0


def test_stab_hits_a_corner_neighbour_only() -> None:
    state = place(
        apoda_at("clearing", "coil"),
        leader(space="keep"),
        unit("sentinel", "town_mill"),
    )
    state = run(state, PlayCard("coil"), ChooseAction("stab"))
    assert rules.legal_actions(state) == [ChooseUnit("king_of_war")]
    state = run(state, ChooseUnit("king_of_war"))
    assert state.unit("king_of_war").wounds == 1


def test_stab_cannot_target_the_banded_leader() -> None:
    state = place(apoda_at("clearing", "coil"), leader(space="keep"), unit("sentinel", "keep"))
    state = run(state, PlayCard("coil"), ChooseAction("stab"))
    assert rules.legal_actions(state) == [ChooseUnit("sentinel")]


def test_sizzle_wounds_heroes_on_slam_stab_and_sizzle_but_not_burrow() -> None:
    state = place(
        apoda_at("clearing", "hiss"),
        leader(space="keep"),
        unit("sentinel", location="stab"),
        unit("knight_1", location="sizzle_upper"),
        unit("rogue_1", location="burrow"),
    )
    state = run(state, PlayCard("hiss"), ChooseAction("sizzle"))
    assert state.unit("sentinel").wounds == 1
    assert state.unit("knight_1").wounds == 1
    assert state.unit("rogue_1").wounds == 0


def test_sizzle_spares_the_banded_leader() -> None:
    state = place(
        apoda_at("clearing", "hiss"),
        leader(space="", location="slam"),
        unit("sentinel", location="slam"),
    )
    state = run(state, PlayCard("hiss"), ChooseAction("sizzle"))
    assert state.unit("sentinel").wounds == 1
    assert state.unit("king_of_war").wounds == 0


def test_slam_drops_everyone_but_the_banded_leader() -> None:
    state = place(
        apoda_at("clearing", "thrash"),
        leader(space="", location="slam"),
        unit("sentinel", location="slam"),
        unit("knight_1", location="burrow"),
    )
    state = run(state, PlayCard("thrash"), ChooseAction("slam"))
    assert state.unit("sentinel").space == "clearing"
    assert state.unit("knight_1").space == "clearing"
    assert state.unit("king_of_war").location == "slam"


def test_burrow_collects_a_rune_and_returns_to_lair() -> None:
    state = place(apoda_at("keep", "delve"), leader(space="clearing"), unit("sentinel", "farm"))
    state = run(state, PlayCard("delve"), ChooseAction("burrow"))
    assert state.runes_collected == 1
    assert sorted(state.runes) == ["farm", "keep", "mine"]
    assert state.guardian_space == "lair"


def test_burrow_without_a_rune_only_moves_to_lair() -> None:
    state = place(apoda_at("clearing", "delve"), leader(), unit("sentinel", "keep"))
    state = run(state, PlayCard("delve"), ChooseAction("burrow"))
    assert (state.runes_collected, state.guardian_space) == (0, "lair")


def test_the_fourth_rune_wins() -> None:
    state = replace(apoda_at("mine", "delve"), runes=("mine",), runes_collected=3)
    state = run(state, PlayCard("delve"), ChooseAction("burrow"))
    result = rules.outcome(state)
    assert result is not None and (result.result, result.cause) == ("lost", "apoda_runes")


def test_molt_heals_slam_stab_or_burrow_but_not_sizzle() -> None:
    state = wounds(apoda_at("lair", "shed"), sizzle_upper=1, stab=2, burrow=1)
    state = run(state, PlayCard("shed"), ChooseAction("molt"))
    assert set(rules.legal_actions(state)) == {ChooseLocation("stab"), ChooseLocation("burrow")}
    state = run(state, ChooseLocation("stab"))
    assert sum(state.guardian_wounds) == 3


def test_sizzle_locations_are_immune_to_missiles() -> None:
    state = place(
        replace(game("apoda"), guardian_space="clearing"),
        leader(),
        unit("archer_1", "town_mill"),
    )
    state = run(state, PlayCard("strike"), ChooseAction("missile"), ChooseUnit("archer_1"))
    targets = {a.location for a in rules.legal_actions(state) if isinstance(a, ChooseLocation)}
    assert targets == {"stab", "slam", "burrow"}
    with pytest.raises(IllegalAction, match="SIZZLE"):
        rules.apply(state, ChooseLocation("sizzle_upper"))


def test_dash_cannot_reach_sizzle_but_a_connected_leap_can() -> None:
    state = place(
        replace(game("apoda"), guardian_space="clearing"),
        leader(),
        unit("rogue_1", location="burrow"),
    )
    state = run(state, PlayCard("bound"), ChooseAction("leap"), ChooseUnit("rogue_1"))
    targets = {a.location for a in rules.legal_actions(state) if isinstance(a, ChooseLocation)}
    assert targets == {"stab", "slam", "sizzle_lower"}  # sizzle_lower is connected


def test_power_lets_apoda_move_any_way() -> None:
    state = replace(apoda_at("clearing"), guardian_power=1)
    state = run(state, SpendPower(), ChooseAction("move"), Move(Direction.DOWN))
    assert state.guardian_space == "lair" and state.guardian_power == 0
    assert state.actions_left == 2


def test_apoda_holds_one_power() -> None:
    state = replace(apoda_at("lair"), guardian_pool=2)
    state = run(state, EndTurn())
    assert state.guardian_power == 1
