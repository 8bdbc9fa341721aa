from hypothesis import given
from hypothesis import strategies as st

from engines.skulk_hollow.geometry import (
    ALL_DIRECTIONS,
    DEFAULT_COORDS,
    DEFAULT_LAYOUT,
    Direction,
    Layout,
    neighbouring,
    sharing_a_side,
    vector,
)

SPACES = st.sampled_from(sorted(DEFAULT_COORDS))
DIRECTIONS = st.sampled_from(ALL_DIRECTIONS)


def test_k1_coordinates() -> None:
    layout = DEFAULT_LAYOUT
    assert layout.at("keep") == (0, 0)
    assert layout.at("town_mill") == (1, 0)
    assert layout.at("town_well") == (0, 1)
    assert layout.at("clearing") == (1, 1)
    assert layout.at("lair") == (2, 2)
    assert layout.spaces[0] == "keep" and layout.spaces[-1] == "lair"


def test_neighbouring_counts_corners_edges_and_centre() -> None:
    assert len(DEFAULT_LAYOUT.neighbours("keep")) == 3
    assert len(DEFAULT_LAYOUT.neighbours("town_mill")) == 5
    assert len(DEFAULT_LAYOUT.neighbours("clearing")) == 8
    assert "keep" not in DEFAULT_LAYOUT.neighbours("keep")


def test_sharing_a_side_is_orthogonal_in_a_b() -> None:
    assert set(DEFAULT_LAYOUT.side_neighbours("clearing")) == {
        "town_mill",
        "town_well",
        "forest_shrine",
        "forest_swamp",
    }
    assert set(DEFAULT_LAYOUT.corner_neighbours("clearing")) == {"keep", "mine", "farm", "lair"}
    assert set(DEFAULT_LAYOUT.side_neighbours("lair")) == {"forest_shrine", "forest_swamp"}


def test_hero_arrows_follow_k1() -> None:
    step = DEFAULT_LAYOUT.step
    assert step("keep", Direction.UP, "hero") == "clearing"
    assert step("keep", Direction.UP_LEFT, "hero") == "town_mill"
    assert step("keep", Direction.UP_RIGHT, "hero") == "town_well"
    assert step("clearing", Direction.LEFT, "hero") == "mine"
    assert step("clearing", Direction.RIGHT, "hero") == "farm"
    assert step("keep", Direction.DOWN, "hero") is None


def test_guardian_view_is_turned_half_way_round() -> None:
    step = DEFAULT_LAYOUT.step
    assert step("lair", Direction.UP, "guardian") == "clearing"
    assert step("lair", Direction.UP_LEFT, "guardian") == "forest_swamp"
    assert step("clearing", Direction.LEFT, "guardian") == "farm"
    assert step("lair", Direction.UP, "hero") is None


@given(SPACES, DIRECTIONS)
def test_every_arrow_is_reversed_for_the_guardian(space: str, direction: Direction) -> None:
    a, b = vector(direction, "hero")
    assert vector(direction, "guardian") == (-a, -b)
    there = DEFAULT_LAYOUT.step(space, direction, "hero")
    if there is not None:
        assert neighbouring(DEFAULT_LAYOUT.at(space), DEFAULT_LAYOUT.at(there))
        assert DEFAULT_LAYOUT.direction(space, there, "hero") == direction
        assert DEFAULT_LAYOUT.step(there, direction, "guardian") == space


@given(SPACES, SPACES)
def test_sharing_a_side_implies_neighbouring(first: str, second: str) -> None:
    a, b = DEFAULT_LAYOUT.at(first), DEFAULT_LAYOUT.at(second)
    if sharing_a_side(a, b):
        assert neighbouring(a, b)
    assert (second in DEFAULT_LAYOUT.neighbours(first)) == neighbouring(a, b)


def test_a_layout_must_cover_the_grid() -> None:
    coords = dict(DEFAULT_COORDS)
    coords["lair"] = (0, 0)
    try:
        Layout(tuple(coords.items()))
    except ValueError as error:
        assert "nine ground spaces" in str(error)
    else:
        raise AssertionError("two spaces on one cell were accepted")


def test_swapped_towns_change_the_arrows() -> None:
    coords = dict(DEFAULT_COORDS)
    coords["town_mill"], coords["town_well"] = coords["town_well"], coords["town_mill"]
    layout = Layout(tuple(coords.items()))
    assert layout.step("keep", Direction.UP_LEFT, "hero") == "town_well"
