"""Set-up guidance follows the options and the deal new_game uses."""

from engines.chickwood import Config, new_game, setup_steps

TWO = Config(players=("Red", "Blue"))
#: The shipped cards row by row: villages 1 and 2, a forest; 3, 4, 5; 6, 7, a forest.
LAYOUT = ("village-1", "village-2", "forest-1", "village-3", "village-4", "village-5")
LAYOUT += ("village-6", "village-7", "forest-2")


def text(config: Config, seed: int = 0) -> str:
    return " ".join(f"{s.title} {s.text} {' '.join(s.items)}" for s in setup_steps(config, seed))


def test_two_players_get_four_cards_night_castles_and_a_two_by_three_grid() -> None:
    steps = setup_steps(TWO)
    words = text(TWO)
    assert "two-player symbol" in words
    assert "4 face down" in words
    assert "castles 1 to 3, Night side" in words
    grid = next(s for s in steps if s.title == "Lay out the villages")
    assert len(grid.items) == 2
    assert all(len(row.split(" | ")) == 3 for row in grid.items)


def test_five_players_add_cards_and_use_castles_one_to_six_by_day() -> None:
    words = text(Config(players=("A", "B", "C", "D", "E")))
    assert "five-player symbol" in words
    assert "castles 1 to 6, Day side" in words
    assert "3 face down" in words


def test_the_legendary_variant_changes_the_loot() -> None:
    assert "stay in the box" in text(Config())
    assert "one henchman" in text(Config(legendary=True))


def test_the_steps_show_the_same_deal_as_the_game() -> None:
    for seed in (0, 5):
        state = new_game(Config(), seed)
        steps = setup_steps(Config(), seed)
        grid = next(s for s in steps if s.title == "Lay out the villages")
        cards = [card for row in grid.items for card in row.partition(": ")[2].split(" | ")]
        expected = [
            "forest" if cell.forest else cell.profile.glory.capitalize()
            for cell in state.grid.cells
        ]
        assert cards == expected
        starting = next(s for s in steps if s.title == "Starting castles")
        expected = sorted((p.castle, p.name) for p in state.players)
        assert starting.items == tuple(f"{n}: castle {v}" for v, n in expected)


def test_every_step_is_short_and_titled() -> None:
    for step in setup_steps(Config(players=("A", "B", "C"), legendary=True)):
        assert step.title and step.text
        assert step.text.count(". ") <= 3


def test_villages_are_named_by_where_they_lie_and_their_glory_never_by_an_id() -> None:
    steps = setup_steps(Config(layout=LAYOUT), seed=0)
    grid = next(s for s in steps if s.title == "Lay out the villages")
    assert grid.items == (
        "Top row: Glory 3 6 | Glory 2 5 | forest",
        "Middle row: Glory 2 5 9 | Glory 2 4 8 | Glory 6 10",
        "Bottom row: Glory 4 7 | Glory 3 6 12 | forest",
    )
    assert "village-" not in text(Config(layout=LAYOUT))


def test_each_player_is_told_their_alms_colour() -> None:
    alms = next(s for s in setup_steps(Config(players=("Ana", "Bo", "Cy"))) if "alms" in s.title)
    assert alms.items == ("Ana: red", "Bo: yellow", "Cy: purple")
