"""Skogen's set-up guidance follows the options."""

from engines.skogen import Config, setup_steps


def words(config: Config) -> str:
    return " ".join(f"{s.title} {s.text} {' '.join(s.items)}" for s in setup_steps(config))


def test_the_steps_cover_the_whole_set_up() -> None:
    titles = [step.title for step in setup_steps()]
    assert titles == [
        "Board and tokens",
        "Element tiles",
        "Action cards",
        "Species bags",
        "Starting tiles",
        "Life cards and die",
        "Who starts",
    ]


def test_tiles_left_in_the_bags_depend_on_the_players() -> None:
    assert "42 tiles stay in the bags" in words(Config(players=("A", "B")))
    assert "26 tiles stay in the bags" in words(Config(players=tuple("ABCDEF")))


def test_the_die_step_follows_who_rolls() -> None:
    assert "The app rolls" in words(Config(die="app"))
    assert "tell the app each face" in words(Config(die="table"))


def test_turn_order_lists_the_players() -> None:
    start = setup_steps(Config(players=("Ana", "Bo")))[-1]
    assert start.items == ("1. Ana", "2. Bo")


def test_each_step_names_what_it_puts_on_the_table() -> None:
    shows = [step.shows for step in setup_steps(Config(players=("Ana", "Bo"), die="table"))]
    assert shows == [
        ("the board", "Ana's token", "Bo's token"),
        ("12 element piles",),
        ("Ana's 3 action cards", "Bo's 3 action cards"),
        ("circle bag", "triangle bag", "square bag"),
        ("Ana's screen and 4 species tiles", "Bo's screen and 4 species tiles"),
        ("B life cards", "F life cards", "P life cards", "M life cards", "the catastrophe die"),
        (),  # who starts: nothing new on the table
    ]
    app_die = setup_steps(Config(players=("Ana", "Bo"), die="app"))[5]
    assert "the catastrophe die" not in app_die.shows  # the app rolls: no die on the table
