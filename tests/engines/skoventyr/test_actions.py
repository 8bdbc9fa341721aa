import dataclasses
import json

import pytest

from engines.skoventyr import SkoventyrAction, action_from_dict
from engines.skoventyr import actions as A
from engines.skoventyr.cards import Card

SAMPLE_VALUES: dict[str, object] = {
    "card": Card.NISSE,
    "tree": 4,
    "slot": 2,
    "risky": True,
    "minion": 3,
    "lygtemands": 2,
    "steps": 3,
    "reward": "restoration",
    "after": 5,
    "pawn": "gamle_erik",
    "source": "discard",
    "target": "hand2",
    "token": "acorn",
    "first": 1,
    "second": 4,
}


def every_kind() -> list[SkoventyrAction]:
    found = []
    for value in vars(A).values():
        if isinstance(value, type) and issubclass(value, SkoventyrAction) and value.kind:
            fields = {f.name: SAMPLE_VALUES[f.name] for f in dataclasses.fields(value)}
            found.append(value(**fields))
    return found


def test_there_is_one_class_per_action_kind() -> None:
    kinds = [action.kind for action in every_kind()]
    assert len(kinds) == len(set(kinds)) == len(SkoventyrAction._kinds) == 34
    assert {"call", "gambit", "position", "mission", "wrath", "rally", "involve", "rescue"} <= set(
        kinds
    )


@pytest.mark.parametrize("action", every_kind(), ids=lambda a: a.kind)
def test_each_kind_round_trips_and_has_a_label(action: SkoventyrAction) -> None:
    data = json.loads(json.dumps(action.to_dict()))
    assert data["kind"] == action.kind
    assert action_from_dict(data) == action
    assert action.label and action.label != action.kind.replace("_", " ").capitalize()


def test_labels_speak_of_the_cards_and_places() -> None:
    assert A.Call(0, risky=True).label == "Call: take the first Future card with a Risky Draw"
    assert A.Position(Card.TROLD, 3).label == "Command: place a Trold on Tree 3"
    assert A.Reveal(Card.GAMLE_ERIK).label == "A Gamle Erik came up"
    assert A.MoveGamleErikBack(0).label == "Leave Gamle Erik where he is"


def test_a_foreign_or_broken_action_is_refused() -> None:
    with pytest.raises(ValueError, match="has no action 'roll'"):
        action_from_dict({"kind": "roll"})
    with pytest.raises(ValueError):
        action_from_dict({"kind": "position", "card": "goblin", "tree": 1})
    with pytest.raises(ValueError):
        action_from_dict({"kind": "call", "slot": True})
