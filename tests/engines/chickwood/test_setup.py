"""Set-up guidance follows the options and the deal new_game uses."""

from engines.chickwood import Config, new_game, setup_steps

TWO = Config(players=("Red", "Blue"))


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
        cards = [card for row in grid.items for card in row.split(" | ")]
        assert cards == [cell.profile.card for cell in state.grid.cells]
        starting = next(s for s in steps if s.title == "Starting castles")
        expected = sorted((p.castle, p.name) for p in state.players)
        assert starting.items == tuple(f"{n}: castle {v}" for v, n in expected)


def test_every_step_is_short_and_titled() -> None:
    for step in setup_steps(Config(players=("A", "B", "C"), legendary=True)):
        assert step.title and step.text
        assert step.text.count(". ") <= 3
