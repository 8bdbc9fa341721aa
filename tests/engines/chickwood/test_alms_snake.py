"""The alms snake: the rulebook's two examples and every rule of RULINGS C2."""

import pytest

from engines.chickwood.alms_snake import Cell, Grid, check_step, legal_steps, snakes
from engines.chickwood.village import CardProfile, Row
from engines.core import IllegalAction

FOREST = CardProfile("forest", forest=True)


def grid(layout: str, space: int = 3) -> Grid:
    """Build a grid from rows like "VVV/VFV/VVV": V open village, F forest, X full village."""
    cells = []
    rows = layout.split("/")
    for r, line in enumerate(rows):
        for c, mark in enumerate(line):
            if mark == "F":
                cells.append(Cell(CardProfile(f"forest-{r}{c}", forest=True)))
            else:
                profile = CardProfile(f"v{r}{c}", rows=(Row(space, 5),))
                cells.append(Cell(profile, (0,) * space if mark == "X" else ()))
    return Grid(len(rows), len(rows[0]), tuple(cells))


def at(g: Grid, row: int, col: int) -> int:
    return g.index(row, col)


def walk(g: Grid, path: list[tuple[int, int]]) -> tuple[int, ...]:
    """Check each step of a snake and return the indices walked."""
    visited: tuple[int, ...] = ()
    for row, col in path:
        index = at(g, row, col)
        check_step(g, visited, index)
        g = g.place(index, 0)
        visited = (*visited, index)
    return visited


# First example: forests in the centre and at the middle left.
EXAMPLE_ONE = "VVV/FFV/VVV"


def test_five_alms_from_bottom_centre_snake_up_to_top_centre() -> None:
    g = grid(EXAMPLE_ONE)
    path = [(2, 1), (2, 2), (1, 2), (0, 2), (0, 1)]
    assert len(walk(g, path)) == 5


def test_starting_at_centre_right_going_down_stops_after_four() -> None:
    g = grid(EXAMPLE_ONE)
    visited = walk(g, [(1, 2), (2, 2), (2, 1), (2, 0)])
    for index in visited:
        g = g.place(index, 0)
    assert legal_steps(g, visited) == ()  # the fifth alms stays in the store


def test_the_top_right_village_cannot_be_bypassed_through_the_forest() -> None:
    g = grid(EXAMPLE_ONE)
    with pytest.raises(IllegalAction, match="forest"):
        walk(g, [(1, 2), (1, 1)])
    # Every snake that starts at centre right and goes on must touch top right or go down.
    start = at(g, 1, 2)
    for snake in snakes(g, 5):
        if snake[:1] == (start,) and len(snake) > 1:
            assert snake[1] in (at(g, 0, 2), at(g, 2, 2))


# Second example: the middle village is full; the big ones are at bottom left, top right.
EXAMPLE_TWO = "VFV/VXV/VFV"


def test_bottom_left_and_top_right_cannot_both_get_alms_in_one_round() -> None:
    g = grid(EXAMPLE_TWO)
    bottom_left, top_right = at(g, 2, 0), at(g, 0, 2)
    every = snakes(g, 5)
    assert any(bottom_left in s for s in every)
    assert any(top_right in s for s in every)
    assert not any(bottom_left in s and top_right in s for s in every)


def test_a_full_village_and_a_diagonal_step_are_refused() -> None:
    g = grid(EXAMPLE_TWO)
    with pytest.raises(IllegalAction, match="no free space"):
        walk(g, [(2, 0), (1, 0), (1, 1)])
    with pytest.raises(IllegalAction, match="no diagonals"):
        walk(grid("VVV/VVV/VVV"), [(1, 0), (0, 1)])


def test_one_alms_per_village_per_round() -> None:
    g = grid("VVV/VVV/VVV")
    with pytest.raises(IllegalAction, match="already gave alms"):
        walk(g, [(0, 0), (0, 1), (0, 0)])


def test_a_snake_never_branches_each_step_follows_the_last() -> None:
    g = grid("VVV/VVV/VVV")
    with pytest.raises(IllegalAction, match="not next to"):
        walk(g, [(0, 0), (0, 1), (1, 0)])  # next to the first alms, not the last


def test_alms_fill_the_first_free_space_in_order() -> None:
    g = grid("VV/VV", space=3)
    g = g.place(0, 2).place(0, 1).place(0, 2)
    assert g.cells[0].owners == (2, 1, 2)
    assert g.cells[0].full
    assert 0 not in legal_steps(g, ())


def test_a_place_outside_the_grid_is_refused() -> None:
    g = grid("VVV/VVV")
    with pytest.raises(IllegalAction, match="2 rows of 3"):
        g.index(2, 0)


def test_places_are_named_in_words() -> None:
    g = grid("VVV/VVV/VVV")
    assert "top right" in g.name(at(g, 0, 2))
    assert "middle centre" in g.name(at(g, 1, 1))
    assert "bottom left" in grid("VVV/VVV").name(3)
