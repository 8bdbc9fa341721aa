from dataclasses import replace

import pytest

from engines.core import IllegalAction
from engines.skulk_hollow import rules
from engines.skulk_hollow.actions import (
    ChooseAction,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    EndTurn,
    Move,
    PlayCard,
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


def grak_at(space: str, *hand: str) -> State:
    return guardian_turn(replace(game(), guardian_space=space), hand=hand)


def test_the_guardian_moves_by_its_own_arrows() -> None:
    state = run(grak_at("lair", "stride"), PlayCard("stride"), ChooseAction("move"))
    assert state.asking == "guardian"
    assert set(rules.legal_actions(state)) == {
        Move(Direction.UP_LEFT),
        Move(Direction.UP_RIGHT),
        Move(Direction.UP),
    }
    state = run(state, Move(Direction.UP))
    assert state.guardian_space == "clearing"


def test_attached_heroes_ride_along_when_the_guardian_moves() -> None:
    state = place(grak_at("lair", "stride"), leader(), unit("sentinel", location="stomp"))
    state = run(state, PlayCard("stride"), ChooseAction("move"), Move(Direction.UP))
    assert state.unit("sentinel").location == "stomp"


def test_gaze_hits_a_side_neighbour_only() -> None:
    state = place(
        grak_at("clearing", "stride"),
        leader(space="keep"),
        unit("sentinel", "town_mill"),
        unit("archer_1", "clearing"),
    )
    state = run(state, PlayCard("stride"), ChooseAction("gaze"))
    assert rules.legal_actions(state) == [ChooseUnit("sentinel")]
    state = run(state, ChooseUnit("sentinel"))
    assert state.unit("sentinel").wounds == 1
    assert state.last == "Grak uses GAZE: one wound on the Sentinel in TOWN MILL."


def test_swing_hits_a_hero_in_grak_space_but_not_the_banded_leader() -> None:
    state = place(
        grak_at("clearing", "wide_swing"), leader(space="clearing"), unit("archer_1", "clearing")
    )
    state = run(state, PlayCard("wide_swing"), ChooseAction("swing"))
    assert rules.legal_actions(state) == [ChooseUnit("archer_1")]
    with pytest.raises(IllegalAction, match="banded"):
        rules.apply(state, ChooseUnit("king_of_war"))
    state = run(state, ChooseUnit("archer_1"))
    assert not state.has_unit("archer_1")  # one wound space: eliminated
    assert state.eliminated == 1
    assert state.hero_cards.discard[-1] == "archer"


def test_an_unbanded_leader_can_be_hit_and_its_death_ends_the_game() -> None:
    state = place(
        grak_at("clearing", "wide_swing"),
        leader(space="clearing", wounds=4),
        unit("sentinel", "keep"),
    )
    state = run(state, PlayCard("wide_swing"), ChooseAction("swing"), ChooseUnit("king_of_war"))
    result = rules.outcome(state)
    assert result is not None
    assert (result.result, result.cause) == ("lost", "leader_slain")
    assert rules.legal_actions(state) == []
    with pytest.raises(IllegalAction, match="over"):
        rules.apply(state, EndTurn())


def test_throw_puts_an_attached_hero_in_any_space() -> None:
    state = place(grak_at("clearing", "toss"), leader(), unit("sentinel", location="gaze"))
    state = run(state, PlayCard("toss"), ChooseAction("throw"), ChooseUnit("sentinel"))
    assert len(rules.legal_actions(state)) == 9
    state = run(state, ChooseSpace("clearing"))
    assert state.unit("sentinel").space == "clearing"


def test_throw_cannot_target_the_banded_leader() -> None:
    state = place(
        grak_at("clearing", "toss"),
        leader(space="", location="gaze"),
        unit("sentinel", location="gaze"),
    )
    state = run(state, PlayCard("toss"), ChooseAction("throw"))
    assert rules.legal_actions(state) == [ChooseUnit("sentinel")]


def test_stomp_moves_every_hero_out_but_the_banded_leader_stays() -> None:
    state = place(
        grak_at("clearing", "quake"),
        leader(space="clearing"),
        unit("sentinel", "clearing"),
        unit("knight_1", "clearing"),
    )
    state = run(state, PlayCard("quake"), ChooseAction("stomp"))
    choices = rules.legal_actions(state)
    assert ChooseSpace("clearing") not in choices and len(choices) == 8
    state = run(state, ChooseSpace("keep"), ChooseSpace("mine"))
    assert state.unit("knight_1").space == "keep"
    assert state.unit("sentinel").space == "mine"
    assert state.unit("king_of_war").space == "clearing"
    assert state.pending is None


def test_a_full_location_disables_its_ability_and_mend_restores_it() -> None:
    state = place(
        grak_at("clearing", "wide_swing", "mend_stone"),
        leader(space="town_mill"),
        unit("sentinel", "clearing"),
    )
    state = wounds(state, swing=3)
    state = run(state, PlayCard("wide_swing"))
    assert rules.legal_actions(state) == [ChooseAction("gaze")]
    with pytest.raises(IllegalAction, match="disabled"):
        rules.apply(state, ChooseAction("swing"))
    state = guardian_turn(wounds(state, swing=3), hand=("mend_stone", "wide_swing"))
    state = run(state, PlayCard("mend_stone"), ChooseAction("mend"), ChooseLocation("swing"))
    state = run(state, PlayCard("wide_swing"))
    assert ChooseAction("swing") in rules.legal_actions(state)


def test_nine_wounds_give_grak_an_extra_action() -> None:
    for total, expected in ((8, 2), (9, 3)):
        state = wounds(game(), stomp=4, mend=4, gaze=total - 8)
        state = run(state, EndTurn())
        assert state.active == "guardian"
        assert state.actions_left == expected


def test_eight_eliminations_are_grak_tribute() -> None:
    state = place(
        grak_at("clearing", "wide_swing"),
        leader(space="keep"),
        unit("sentinel", "keep"),
        unit("archer_1", "clearing"),
    )
    state = replace(state, eliminated=7)
    state = run(state, PlayCard("wide_swing"), ChooseAction("swing"), ChooseUnit("archer_1"))
    result = rules.outcome(state)
    assert result is not None and (result.result, result.cause) == ("lost", "grak_tribute")


def test_grak_holds_no_power() -> None:
    state = replace(guardian_turn(game(), hand=("stride",)), guardian_pool=2)
    state = run(state, EndTurn())
    assert state.guardian_power == 0 and state.guardian_pool == 0
