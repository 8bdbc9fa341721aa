import json
from collections import Counter

from engines.skoventyr import Config, State, new_game
from tests.engines.skoventyr.builders import E, H, T, forest, make


def test_card_zones_name_every_place_a_card_can_be() -> None:
    state = make(Config(players=2), hands=[(T,), (H, H)], woods=forest(allies={3: E}))
    zones = state.card_zones()
    assert set(zones) == {
        "deck",
        "future",
        "forest",
        "discard",
        "hostages",
        "taken",
        "revealed",
        "hand1",
        "hand2",
    }
    assert zones["hand2"] == Counter({H: 2}) and zones["forest"] == Counter({E: 1})
    assert sum(sum(zone.values()) for zone in zones.values()) == 38


def test_states_are_values_that_round_trip_through_json() -> None:
    state = new_game(Config(players=3, lygtemands=True, rescue=True), seed=8)
    data = json.loads(json.dumps(state.to_dict()))
    again = State.from_dict(data)
    assert again == state and hash(again) == hash(state)
    assert state.hand == state.hands[0] and state.asking == ""
