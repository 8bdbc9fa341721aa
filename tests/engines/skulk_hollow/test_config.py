import json

import pytest

from engines.skulk_hollow.components import corrections_from_profile
from engines.skulk_hollow.config import Config


def test_standard_game_is_grak_against_the_king_of_war() -> None:
    config = Config()
    assert (config.guardian, config.leader, config.foxen_deck) == ("grak", "king_of_war", "table")
    assert config.hero_relics == config.guardian_relics == 0


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"guardian": "smaug"}, "guardian is one of"),
        ({"leader": "jester"}, "leader is one of"),
        ({"hero_relics": -1}, "zero or more"),
        ({"hero_relics": 7}, "only 6 ancient relic"),
        ({"hero_relics": 1, "guardian_relics": 1}, "one side only"),
        ({"foxen_deck": "pocket"}, "table"),
        ({"level": "nightmare"}, "level is one of"),
    ],
)
def test_bad_options_are_explained(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Config(**options)  # type: ignore[arg-type]


def test_a_bad_profile_is_refused_by_the_config() -> None:
    profile = corrections_from_profile({"grak": {"location": {"gaze": {"slots": 0}}}})
    with pytest.raises(ValueError, match="component profile"):
        Config(profile=profile)


def test_config_round_trips_through_json() -> None:
    profile = corrections_from_profile(
        {"grak": {"location": {"stomp": {"wounds": 5}}}, "foxen": {"mat": {"hand_size": 4}}}
    )
    config = Config(guardian="grak", hero_relics=2, foxen_deck="app", profile=profile)
    assert Config.from_dict(json.loads(json.dumps(config.to_dict()))) == config
    assert config.components.foxen.hand_size == 4
