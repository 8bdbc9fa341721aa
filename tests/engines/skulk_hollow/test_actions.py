import json

import pytest

from engines.skulk_hollow.actions import (
    ALL_ACTION_TYPES,
    ChooseAction,
    ChooseCard,
    ChooseLocation,
    ChooseSpace,
    ChooseUnit,
    Decline,
    EndTurn,
    GroundRaptra,
    LeapOff,
    Move,
    PlayCard,
    Prepare,
    SkulkAction,
    SpendPower,
    SpendRelic,
    action_from_dict,
)
from engines.skulk_hollow.geometry import Direction

EXAMPLES: list[SkulkAction] = [
    PlayCard("slant_left"),
    Prepare(),
    SpendPower("king_of_war"),
    SpendPower(),
    SpendRelic(),
    GroundRaptra(),
    EndTurn(),
    ChooseAction("double_leap"),
    ChooseUnit("knight_2"),
    ChooseSpace("forest_swamp"),
    ChooseLocation("sizzle_upper"),
    ChooseCard("gain_ground"),
    Move(Direction.DOWN_LEFT),
    LeapOff(),
    Decline(),
]


def test_every_kind_has_an_example() -> None:
    assert {type(a) for a in EXAMPLES} == set(ALL_ACTION_TYPES)


@pytest.mark.parametrize("action", EXAMPLES, ids=lambda a: a.kind)
def test_actions_round_trip_through_json(action: SkulkAction) -> None:
    data = json.loads(json.dumps(action.to_dict()))
    assert data["kind"] == action.kind
    assert action_from_dict(data) == action


def test_labels_read_like_a_player_speaks() -> None:
    assert PlayCard("slant_left").label == "Play Slant Left"
    assert ChooseUnit("king_of_war").label == "King of War"
    assert ChooseUnit("knight_2").label == "Knight 2"
    assert SpendPower("prince_of_guile").label == "Spend power from Prince of Guile"
    assert Move(Direction.UP_LEFT).label == "Move up-left"
    assert ChooseSpace("town_mill").label == "TOWN MILL"


def test_bad_saved_actions_are_refused() -> None:
    with pytest.raises(ValueError, match="no action 'teleport'"):
        action_from_dict({"kind": "teleport"})
    with pytest.raises(ValueError):
        action_from_dict({"kind": "move", "direction": "sideways"})
