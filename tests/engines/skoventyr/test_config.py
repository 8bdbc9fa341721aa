import pytest

from engines.skoventyr import Config


def test_the_standard_game() -> None:
    config = Config()
    assert (config.players, config.trees, config.starting_damaged) == (1, 6, 0)
    assert (config.lygtemands, config.rescue, config.deck_mode) == (False, False, "app")
    assert config.seats == ("player1",)


def test_difficulty_counts_trees() -> None:
    assert Config(extra_healthy_trees=1, extra_damaged_trees=1).trees == 8
    assert Config(damaged_trees=2, extra_damaged_trees=1).starting_damaged == 3


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": 0}, "one to four players"),
        ({"players": 5}, "one to four players"),
        ({"extra_healthy_trees": 2, "extra_damaged_trees": 1}, "At most two extra Trees"),
        ({"damaged_trees": 7}, "six standard Trees"),
        ({"damaged_trees": -1}, "cannot be negative"),
        ({"deck_mode": "cloud"}, "deck mode"),
    ],
)
def test_bad_options_are_refused_in_plain_words(options: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Config(**options)  # type: ignore[arg-type]


def test_config_round_trips() -> None:
    config = Config(players=3, rescue=True, deck_mode="table", damaged_trees=1)
    assert Config.from_dict(config.to_dict()) == config
