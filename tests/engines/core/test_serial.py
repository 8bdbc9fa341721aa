import enum
import json
from dataclasses import dataclass

import pytest

from engines.core import from_data, to_data


class Side(enum.Enum):
    HEALTHY = "healthy"
    DAMAGED = "damaged"


@dataclass(frozen=True)
class Tree:
    name: str
    side: Side
    ally: str | None = None


@dataclass(frozen=True)
class Forest:
    trees: tuple[Tree, ...]
    pawns: tuple[int, int]
    seen: frozenset[str]
    counts: dict[str, int]
    odds: float


FOREST = Forest(
    trees=(Tree("oak", Side.HEALTHY, "Nisse"), Tree("ash", Side.DAMAGED)),
    pawns=(0, 3),
    seen=frozenset({"b", "a"}),
    counts={"Trold": 5},
    odds=0.25,
)


def test_nested_values_round_trip_through_json() -> None:
    data = json.loads(json.dumps(to_data(FOREST)))
    assert data["trees"][0] == {"name": "oak", "side": "healthy", "ally": "Nisse"}
    assert data["seen"] == ["a", "b"]
    assert from_data(Forest, data) == FOREST


def test_wrong_types_are_refused() -> None:
    data = to_data(FOREST)
    assert isinstance(data, dict)
    with pytest.raises(ValueError, match="not a Side"):
        from_data(Forest, {**data, "trees": [{"name": "x", "side": "burnt"}]})
    with pytest.raises(ValueError, match="expected int"):
        from_data(Forest, {**data, "pawns": [0, True]})
    with pytest.raises(ValueError, match="expected 2 items"):
        from_data(Forest, {**data, "pawns": [0, 1, 2]})
    with pytest.raises(ValueError, match="expected a number"):
        from_data(Forest, {**data, "odds": "high"})


def test_unsavable_values_fail_at_once() -> None:
    with pytest.raises(TypeError):
        to_data(object())
    with pytest.raises(TypeError, match="keys must be strings"):
        to_data({1: "a"})


def test_any_json_is_refused_with_a_value_error() -> None:
    """What a damaged file holds: deep nesting, numbers too large for a float, NaN, a
    list where a string or an enum is expected."""
    deep: list[object] = []
    for _ in range(5_000):
        deep = [deep]
    data = to_data(FOREST)
    assert isinstance(data, dict)
    for damaged in (
        {**data, "odds": 10**400},
        {**data, "odds": float("nan")},
        {**data, "odds": float("inf")},
        {**data, "trees": [{"name": "x", "side": ["healthy"]}]},
        {**data, "trees": [{"name": deep, "side": "healthy"}]},
        {**data, "counts": deep},
        deep,
    ):
        with pytest.raises(ValueError):
            from_data(Forest, damaged)
