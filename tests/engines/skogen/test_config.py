"""Skogen's options and board data are checked with plain-language errors."""

import pytest

from engines.skogen import Board, Config
from engines.skogen.board import DataError, default_board, parse_board


def test_the_standard_set_up() -> None:
    config = Config()
    assert len(config.players) == 3
    assert config.die == "app"
    assert config.board == default_board()


def test_the_shipped_board_is_assumed_with_two_faces_each() -> None:
    board = default_board()
    assert board.status == "assumed"
    assert sorted(board.die_faces) == sorted(("wildfire", "storm", "flood") * 2)
    assert all(0 < square < board.track_length for square in board.green_squares)


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"players": ("Ana",)}, "2 to 6 players"),
        ({"players": tuple("ABCDEFG")}, "2 to 6 players"),
        ({"players": ("Ana", "Ana")}, "same name"),
        ({"players": ("Ana", "")}, "needs a name"),
        ({"die": "robot"}, "app or at the table"),
    ],
)
def test_bad_options_are_refused(options: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Config(**options)


@pytest.mark.parametrize(
    ("board", "message"),
    [
        ({"track_length": 1}, "at least 2 squares"),
        ({"green_squares": (0,)}, "between 1 and 49"),
        ({"green_squares": (5, 5)}, "listed twice"),
        ({"die_faces": ()}, "at least one face"),
        ({"die_faces": ("hail",)}, "not 'hail'"),
    ],
)
def test_bad_board_values_are_refused(board: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Board(**board)


def test_board_file_mistakes_name_the_file() -> None:
    with pytest.raises(DataError, match=r"board.toml: needs a \[track\]"):
        parse_board({"die": {"faces": ["storm"]}})
    with pytest.raises(DataError, match=r"board\.toml: Green squares"):
        parse_board({"track": {"length": 10, "green": [12]}, "die": {"faces": ["storm"]}})
    board = parse_board({"track": {"length": 30, "green": [3]}, "die": {"faces": ["flood"]}})
    assert (board.track_length, board.green_squares, board.die_faces) == (30, (3,), ("flood",))
