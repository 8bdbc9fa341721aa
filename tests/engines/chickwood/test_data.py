"""The village and deck data files: shipped defaults load, mistakes are named clearly."""

import pytest

from engines.chickwood.data import (
    DataError,
    default_cards,
    default_deck_size,
    parse_cards,
    parse_deck_sizes,
)


def test_the_shipped_cards_are_seven_villages_and_two_forests_all_assumed() -> None:
    cards = default_cards()
    assert sum(1 for c in cards if c.forest) == 2
    assert sum(1 for c in cards if not c.forest) == 7
    assert {c.status for c in cards} == {"assumed"}
    assert sum(1 for c in cards if c.in_two_player) == 6


def test_deck_sizes_cover_two_to_five_players_and_the_variant_adds_one() -> None:
    for players in (2, 3, 4, 5):
        assert default_deck_size(players, legendary=True) == default_deck_size(players) + 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({}, r"list of \[\[card\]\]"),
        ({"card": [{"card": "v", "rows": [{"spaces": 0, "glory": 2}]}]}, r"'v', row 1: 'spaces'"),
        ({"card": [{"card": "v", "rows": [{"spaces": 2, "glory": -1}]}]}, r"'glory' must be"),
        ({"card": [{"card": "v", "rows": []}]}, "needs at least one row"),
        ({"card": [{"card": "f", "forest": True, "rows": [{"spaces": 1}]}]}, "forest has no"),
        ({"card": [{"card": "v", "rows": [{"spaces": 1}], "colour": "red"}]}, "unknown key"),
        ({"card": [{"card": "v", "rows": [{"spaces": 1}], "status": "guess"}]}, "'status'"),
        (
            {"card": [{"card": "v", "rows": [{"spaces": 1}]}, {"card": "v", "forest": True}]},
            "listed twice",
        ),
    ],
)
def test_mistakes_in_the_village_file_name_the_card_and_value(data: dict, message: str) -> None:
    with pytest.raises(DataError, match=message):
        parse_cards(data)


def test_rows_without_glory_are_read_as_none() -> None:
    (card,) = parse_cards(
        {"card": [{"card": "v", "rows": [{"spaces": 3}, {"spaces": 2, "glory": 4}]}]}
    )
    assert [r.glory for r in card.rows] == [None, 4]
    assert card.capacity == 5


def test_a_missing_deck_size_is_reported() -> None:
    with pytest.raises(DataError, match="5 players"):
        parse_deck_sizes({"size": {"2": 60, "3": 70, "4": 70}})
