import json

import pytest

from engines.skulk_hollow import rules
from engines.skulk_hollow.components import GUARDIANS
from engines.skulk_hollow.config import Config
from engines.skulk_hollow.state import State


@pytest.mark.parametrize("guardian", GUARDIANS)
def test_a_new_state_round_trips_and_compares_by_value(guardian: str) -> None:
    state = rules.new_game(Config(guardian=guardian, foxen_deck="app", hero_relics=1), seed=8)
    again = State.from_dict(json.loads(json.dumps(state.to_dict())))
    assert again == state and again is not state
    assert hash(again.units) == hash(state.units)


def test_states_are_frozen() -> None:
    state = rules.new_game()
    with pytest.raises(AttributeError):
        state.turn = 3  # type: ignore[misc]


def test_lookups() -> None:
    state = rules.new_game(Config(guardian="raptra"))
    assert state.board.name == "Raptra"
    assert state.unit("sentinel").space == "keep"
    with pytest.raises(KeyError):
        state.unit("dragon")
    assert state.cards("guardian") is state.guardian_cards
