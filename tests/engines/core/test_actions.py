from dataclasses import dataclass

import pytest

from engines.core import Action
from tests.engines.core import pig


class OtherGameAction(Action, game="other"):
    pass


@dataclass(frozen=True)
class Move(OtherGameAction, kind="move"):
    where: tuple[int, int]
    note: str | None = None


@dataclass(frozen=True)
class Hold(OtherGameAction, kind="hold"):  # same kind name as Pig's Hold
    pass


def test_round_trip_restores_tuples_and_optionals() -> None:
    action = Move(where=(2, 1), note="corner")
    data = action.to_dict()
    assert data == {"kind": "move", "where": [2, 1], "note": "corner"}
    assert OtherGameAction.from_dict(data) == action
    assert OtherGameAction.from_dict({"kind": "move", "where": [0, 0]}) == Move((0, 0))


def test_each_game_reads_only_its_own_kinds() -> None:
    assert OtherGameAction.from_dict({"kind": "hold"}) == Hold()
    assert pig.PigAction.from_dict({"kind": "hold"}) == pig.Hold()
    with pytest.raises(ValueError, match="has no action 'roll'"):
        OtherGameAction.from_dict({"kind": "roll"})


def test_a_subclass_refuses_another_kind() -> None:
    with pytest.raises(ValueError):
        Move.from_dict({"kind": "hold"})


def test_bad_fields_are_refused() -> None:
    with pytest.raises(ValueError, match="no field"):
        OtherGameAction.from_dict({"kind": "move", "where": [1, 1], "speed": 3})
    with pytest.raises(ValueError):
        OtherGameAction.from_dict({"kind": "move", "where": [1]})
    with pytest.raises(ValueError):
        OtherGameAction.from_dict({"kind": "move"})
    with pytest.raises(ValueError, match="not a saved action"):
        OtherGameAction.from_dict({"where": [1, 1]})


def test_a_kind_cannot_be_declared_twice_in_one_game() -> None:
    with pytest.raises(TypeError, match="already has an action"):

        @dataclass(frozen=True)
        class Again(OtherGameAction, kind="move"):
            pass


def test_labels_are_words() -> None:
    assert pig.Roll().label == "Roll the die"
    assert Hold().label == "Hold"
