import pytest

from engines.skulk_hollow.components import (
    FOXEN_CARDS,
    GUARDIAN_CARDS,
    GUARDIANS,
    ComponentError,
    Correction,
    apply_corrections,
    assumed_values,
    corrections_from_profile,
    load_components,
    raw_data,
)
from engines.skulk_hollow.geometry import Direction


def test_printed_mat_values() -> None:
    components = load_components()
    printed = {
        "grak": (5, 2, 0),
        "apoda": (4, 2, 1),
        "tanthos": (4, 2, 1),
        "raptra": (4, 2, 2),
    }
    for guardian, (hand, limit, power) in printed.items():
        data = components.guardian(guardian)
        assert (data.hand_size, data.action_limit, data.power) == (hand, limit, power)
    assert components.foxen.action_limit == 3


def test_deck_totals_match_the_box() -> None:
    components = load_components()
    foxen = components.foxen
    started = sum(1 for unit in foxen.units if unit.role != "unit")
    assert len(foxen.deck()) + started == FOXEN_CARDS
    assert sum(unit.figures for unit in foxen.units) == 10
    for guardian in GUARDIANS:
        assert len(components.guardian(guardian).deck) == GUARDIAN_CARDS


def test_printed_unit_facts() -> None:
    foxen = load_components().foxen
    assert foxen.unit("knight").power == 0 and foxen.unit("archer").power == 0
    assert "missile" not in foxen.unit("knight").actions
    assert foxen.unit("archer").actions == ("missile",)
    assert foxen.unit("sentinel").ability == "hurl"
    assert foxen.unit("rogue").ability == "dash"
    assert foxen.unit("princess_of_tactics").ability == "command"


def test_board_values_are_flagged_assumed() -> None:
    paths = dict(assumed_values())
    assert paths["grak.location.stomp.wounds"] == 4
    assert "foxen.unit.knight.wounds" in paths
    assert "map.space.town_mill.at" in paths
    assert "foxen.mat.hand_size" in paths
    assert not any(path.startswith("map.space.keep") for path in paths)
    assert paths["grak.card.stride.options"] == ("move:up,up_left,up_right", "gaze")


def test_a_profile_corrects_a_value() -> None:
    corrections = corrections_from_profile({"grak": {"location": {"stomp": {"wounds": 5}}}})
    assert corrections == (Correction("grak.location.stomp.wounds", 5),)
    assert load_components(corrections).guardian("grak").location("stomp").wounds == 5
    assert load_components().guardian("grak").location("stomp").wounds == 4


def test_a_profile_can_swap_the_towns_and_change_card_arrows() -> None:
    profile = {
        "map": {"space": {"town_mill": {"at": [0, 1]}, "town_well": {"at": [1, 0]}}},
        "foxen": {"card": {"scatter": {"options": ["move:up"]}}},
    }
    components = load_components(corrections_from_profile(profile))
    assert components.layout.step("keep", Direction.UP_LEFT, "hero") == "town_well"
    option = components.foxen.card("scatter").option("move")
    assert option is not None and option.arrows == (Direction.UP,)


@pytest.mark.parametrize(
    ("profile", "message"),
    [
        ({"grak": {"location": {"nose": {"wounds": 2}}}}, "nothing called grak.location.nose"),
        ({"grak": {"location": {"stomp": {"wounds": 0}}}}, "wounds must be at least 1"),
        ({"grak": {"location": {"stomp": {"wounds": "many"}}}}, "whole number"),
        ({"grak": {"location": {"stomp": {"connected": ["mend"]}}}}, "but not back"),
        ({"grak": {"card": {"stride": {"count": 3}}}}, "14 cards, not 15"),
        ({"grak": {"card": {"stride": {"options": ["fly"]}}}}, "unknown card option 'fly'"),
        ({"foxen": {"unit": {"knight": {"power": 1}}}}, "cannot hold power"),
        ({"foxen": {"card": {"strike": {"count": 4}}}}, "29 cards"),
        ({"map": {"space": {"lair": {"at": [0, 0]}}}}, "own cell"),
    ],
)
def test_bad_corrections_are_refused_with_a_clear_message(
    profile: dict[str, object], message: str
) -> None:
    with pytest.raises(ComponentError, match=message):
        load_components(corrections_from_profile(profile))


def test_id_cannot_be_corrected() -> None:
    raw = raw_data()
    with pytest.raises(ComponentError, match="cannot be corrected"):
        apply_corrections(raw, (Correction("grak.location.stomp.id", "legs"),))


def test_card_option_text() -> None:
    card = load_components().foxen.card("gain_ground")
    assert [option.text for option in card.options] == ["MOVE up/up-left/up-right", "GAIN 1 POWER"]
