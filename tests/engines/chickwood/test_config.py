"""Set-up options are checked as they are built, with plain-language errors."""

import pytest

from engines.chickwood import Config
from engines.chickwood.village import CardProfile, Row


def test_the_standard_set_up() -> None:
    config = Config()
    assert len(config.players) == 4
    assert (config.hand_size, config.top_castle, config.night) == (3, 5, False)
    assert config.grid_shape == (3, 3)
    assert len(config.cards_in_play) == 9


@pytest.mark.parametrize(
    ("players", "hand", "top", "night", "shape", "cards"),
    [
        (2, 4, 3, True, (2, 3), 6),
        (3, 3, 4, False, (3, 3), 9),
        (4, 3, 5, False, (3, 3), 9),
        (5, 3, 6, False, (3, 3), 9),
    ],
)
def test_player_count_sets_hands_castles_and_grid(
    players: int, hand: int, top: int, night: bool, shape: tuple[int, int], cards: int
) -> None:
    config = Config(players=tuple(f"P{i}" for i in range(players)))
    assert (config.hand_size, config.top_castle, config.night) == (hand, top, night)
    assert config.grid_shape == shape
    assert len(config.cards_in_play) == cards


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": ("Red",)}, "2 to 5 players"),
        ({"players": ("A", "B", "C", "D", "E", "F")}, "2 to 5 players"),
        ({"players": ("Red", "Red")}, "same name"),
        ({"players": ("Red", " ")}, "needs a name"),
        ({"layout": ("village-1",)}, "exactly once"),
        ({"starting_castles": (1, 1, 2, 3)}, "different castle"),
        ({"starting_castles": (1, 2, 3, 6)}, "1 to 5"),
        ({"deck_size": 11}, "at least 12 cards"),
        ({"cards": (CardProfile("v", rows=(Row(2, 3),)),)}, "needs 9 cards"),
    ],
)
def test_bad_options_are_refused_in_plain_words(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Config(**options)
